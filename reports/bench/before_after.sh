#!/bin/bash
# Steps per second of two trees in one run, alternating: bench.py in each, three pairs.
#   git worktree add --detach /tmp/old <commit>
#   bash reports/bench/before_after.sh /tmp/old .        # a python with pygame: PY=...
# Each line: core / env steps/s / connect_four_v3 steps/s and the env's ratio to it.
set -e
OLD=${1:?the old tree}; NEW=${2:?the new tree}; PY=${PY:-$(pwd)/.venv/bin/python}
for i in 1 2 3; do
  for t in old new; do
    d=$OLD; [ $t = new ] && d=$NEW
    (cd "$d" && "$PY" scripts/bench.py --seconds 2 2>/dev/null | python3 -c "
import json, sys
d = json.load(sys.stdin)
print('$t', ' '.join(f\"{k.split('_')[0]} {v['core']['steps_per_s']:.0f}/{v['env']['steps_per_s']:.0f}\"
                     f\"/c4:{v['connect_four_v3']['steps_per_s']:.0f} r{v['env_vs_connect_four']:.3f}\"
                     for k, v in d['envs'].items()))")
  done
done
