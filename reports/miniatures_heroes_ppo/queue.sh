#!/bin/sh
# The heroes of each scenario with 3 heroes, one run after another (from the repository root):
#   sh reports/miniatures_heroes_ppo/queue.sh S1 S2 ...
for s in "$@"; do
  roles=$(.venv/bin/python -c "import conan_envs; g = conan_envs.make_game('miniatures_v1', scenario='$s'); print(','.join(r for r in g.roles if r != 'overlord'))")
  nice -n 5 .venv/bin/conan-train --config miniatures_heroes_ppo --set env_config.scenario=$s \
    --set "learn_role=$roles" --out-dir runs/miniatures_heroes_ppo_$s --no-progress \
    > runs/miniatures_heroes_ppo_$s.log 2>&1
done
