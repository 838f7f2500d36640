#!/bin/bash
# Before/after wall-clock bench, alternating the two trees (git archive of each commit) so the
# machine's load falls on both alike: compare.sh BEFORE_DIR AFTER_DIR ROUNDS
PY=/work/main/.venv/bin/python
for r in $(seq 1 "${3:-3}"); do
  for d in "$1" "$2"; do
    (cd "$d" && $PY -c "import sys; sys.path.insert(0, '.'); from baselines.cli.bench import main; main()" \
       --env adventures_v1 --seconds 3 --no-reference \
     | $PY -c "import json,sys; e=json.load(sys.stdin)['envs']['adventures_v1']; print('$d', round(e['core']['steps_per_s']), round(e['env']['steps_per_s']))")
  done
done
