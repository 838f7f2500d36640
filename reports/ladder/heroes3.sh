# The miniatures heroes at `hard` with the objective-aware value (`value=objective`, see
# baselines/scripted/miniatures/value.py) against the scripted Overlord, 100 games on seeds
# 0-99, in the scenarios where the shaped value fell short; run from the repository root.
for s in "$@"; do
  PYTHONPATH=. nice -n 10 .venv/bin/python reports/ladder/heroes_search.py $s objective 100 value=objective
done
