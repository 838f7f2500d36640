#!/bin/bash
# instructions (callgrind Ir) of the work.py workload, per tree: core 0 steps (startup), core N, env N
N=$1
for t in /tmp/mini_speed/base /work/main; do
  for spec in "core 0" "core $N" "env $N" "env 0"; do
    n=$(cd $t && PYTHONPATH=$t nice -n 10 valgrind --tool=callgrind --callgrind-out-file=/dev/null /work/main/.venv/bin/python /tmp/mini_speed/work.py $spec 2>&1 | grep -o "Collected : [0-9]*" | grep -o "[0-9]*")
    echo "$(basename $t) $spec $n"
  done
done
