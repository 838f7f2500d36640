#!/bin/sh
# The remaining Overlord scenarios, one after another (run from the repository root):
#   sh reports/miniatures_overlord_ppo/queue.sh WAIT_PID S1:STEPS S2:STEPS ...
wait_pid=$1; shift
while kill -0 "$wait_pid" 2>/dev/null; do sleep 20; done
for item in "$@"; do
  s=${item%%:*}; n=${item##*:}
  nice -n 5 .venv/bin/conan-train --config miniatures_overlord_ppo --set env_config.scenario=$s \
    --out-dir runs/miniatures_overlord_ppo_$s --total-steps $n --set eval.every=60000 \
    --set checkpoint_every=60000 --no-progress > runs/miniatures_overlord_ppo_$s.log 2>&1
done
