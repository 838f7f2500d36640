#!/bin/bash
# A/B of the fixed workload: base tree (/tmp/tower_speed/base) vs the working tree, alternating
mode=${1:-solo}; n=${2:-3}
for i in $(seq $n); do
  (cd /tmp/tower_speed/base && /work/main/.venv/bin/python /work/main/reports/tower_speed/fixed.py $mode 3 | sed 's/^/base /')
  (cd /work/main && .venv/bin/python reports/tower_speed/fixed.py $mode 3 | sed 's/^/new  /')
done | sort | awk '{k=$1" "$3; us=$6; if(!(k in b) || us<b[k]) b[k]=us} END {for (k in b) print k, b[k], "us/step"}' | sort -k2
