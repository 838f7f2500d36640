#!/bin/bash
# abfix.sh ROUNDS N [key=val ...]: base (HEAD at start) vs working tree, alternating, CPU time
r=$1; shift
for i in $(seq $r); do
  for t in /tmp/mini_speed/base /work/main; do
    echo "$(basename $t) $(cd $t && PYTHONPATH=$t /work/main/.venv/bin/python /tmp/mini_speed/fixed.py "$@")"
  done
done
