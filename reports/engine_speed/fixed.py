"""A fixed trajectory for instruction counting (valgrind --tool=cachegrind --cache-sim=no):
    python fixed.py TREE ENV_ID STEPS MODE [key=value ...]
plays STEPS random legal steps (seeded) of the source tree TREE; MODE env: through the
PettingZoo AEC loop; core: on the rules State (mask + apply); coreobs: core plus the acting
role's observation. Every mode starts its games with env.reset, so all three play the same
games. Ir(STEPS) - Ir(0), over STEPS = instructions per step."""
import sys

tree, env_id, steps, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
sys.path.insert(0, tree)
import numpy as np  # noqa: E402

import conan_envs  # noqa: E402

config = dict(kv.split("=") for kv in sys.argv[5:])
config = {k: int(v) if v.isdigit() else v for k, v in config.items()}
rng = np.random.default_rng(0)
env = conan_envs.make(env_id, **config)
env.reset(seed=1)
env.last()
n = 0
if mode == "env":
    while n < steps:
        if not env.agents:
            env.reset(seed=int(rng.integers(2**31)))
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        n += 1
else:
    state = env.game_state
    while n < steps:
        if state.is_terminal() or state.is_truncated():
            env.reset(seed=int(rng.integers(2**31)))
            state = env.game_state
        if mode == "coreobs":
            state.observation(state.current_player())
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
        n += 1
