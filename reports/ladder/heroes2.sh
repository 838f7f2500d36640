# The second half of heroes.sh, run beside it on the other core.
for s in clutches ophir thalis; do
  nice -n 10 .venv/bin/python -m baselines.ladder --game miniatures --seat conan \
    --difficulties hard,normal --games 100 --workers 1 --chunk 10 --config scenario=$s \
    --name miniatures_${s}_heroes_hard
done
