#!/bin/bash
# Throughput of each shipped-policy config: a short run (4096 PPO steps, a 4000-move warm
# start, evaluations of 4 games per opponent at steps 0, 2048 and 4096), under the machine's
# load at the time, with the process's CPU time alongside its wall time.
#   bash reports/shipped_policies/measure.sh CONFIG [--set env_config.scenario=S ...]
cfg=$1; shift
tag=${TAG:-$cfg}
out=/tmp/shipped_measure/$tag
rm -rf "$out"; mkdir -p runs/shipped_policies
/usr/bin/time -f "TIME wall=%e user=%U sys=%S" nice -n 10 .venv/bin/conan-train --config "$cfg" \
  --total-steps 4096 --out-dir "$out" --device cpu --no-progress \
  --set pretrain.steps=4000 --set eval.games=4 --set eval.every=2048 --set checkpoint_every=2048 \
  --set pool.snapshot_every=2048 --set tensorboard=false "$@" \
  > runs/shipped_policies/$tag.log 2>&1
for f in eval.csv summary.json warm_start.json history.json; do
  [ -f "$out/$f" ] && cp "$out/$f" "runs/shipped_policies/$tag.$f"
done
