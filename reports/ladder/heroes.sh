# The miniatures heroes at `hard` (every hero the guided search) and `normal` against the
# scripted Overlord, 100 games a scenario on seeds 0-99; run from the repository root
# (heroes2.sh runs the other three scenarios beside it).
for s in ritual ruined_fort heart_of_darkness tigress; do
  nice -n 10 .venv/bin/python -m baselines.ladder --out reports/ladder --json-out runs/ladder --game miniatures --seat conan \
    --difficulties hard,normal --games 100 --workers 1 --chunk 10 --config scenario=$s \
    --name miniatures_${s}_heroes_hard
done
