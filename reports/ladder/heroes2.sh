# The heroes' runs made beside heroes.sh on the other core (ophir was not run).
for s in clutches thalis; do
  nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder --game miniatures --seat conan \
    --difficulties hard,normal --games 100 --workers 1 --chunk 10 --config scenario=$s \
    --name miniatures_${s}_heroes_hard
done
