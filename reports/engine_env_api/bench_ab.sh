#!/bin/bash
# A/B of the env API changes: /tmp/wt_old is HEAD with core.py and pettingzoo_env.py from
# 8fa9a83 (before them), /tmp/wt_new is HEAD; alternated so the machine's load falls on both.
for round in 1 2 3; do
  for e in kings_v1 cards_v1 adventures_v1; do
    for t in old new; do
      cd /tmp/wt_$t && r=$(nice -n 10 /work/main/.venv/bin/python scripts/bench.py --env $e --seconds 3 --no-reference 2>/dev/null | grep steps_per_s | tr -d ' ,' | cut -d: -f2 | tr '\n' ' ')
      echo "$round $e $t $r"
    done
  done
done
