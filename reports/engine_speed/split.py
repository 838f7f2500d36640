"""Where an env step's time goes: the AEC loop of conan-bench on one env, with the game's
hooks (observation, _legal_mask, _apply, decision, current_player) timed apart; the rest is
the engine (adapter + State wrappers) and the loop.  python split.py TREE ENV_ID STEPS"""
import sys
import time

tree, env_id, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, tree)
import numpy as np  # noqa: E402

import conan_envs  # noqa: E402

env = conan_envs.make(env_id)
cls = type(conan_envs.make_game(env_id).new_initial_state(0))
spent = {}
clock = time.perf_counter_ns


def timed(name, f):
    spent[name] = 0

    def w(*a, **k):
        t = clock()
        try:
            return f(*a, **k)
        finally:
            spent[name] += clock() - t
    return w


for name in ("observation", "_legal_mask", "_apply", "decision", "current_player"):
    setattr(cls, name, timed(name, getattr(cls, name)))
hooks = list(spent)
env_cls = type(env)
for name in ("reset", "last", "step"):
    setattr(env_cls, name, timed("env." + name, getattr(env_cls, name)))
calls = 0
rng = np.random.default_rng(0)
t0 = clock()
n = 0
env.reset(seed=1)
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
total = clock() - t0
# each timed call costs two clock reads (~0.3 us each in CPU-time clocks) of wrapper overhead
game = sum(spent[k] for k in hooks)
in_env = sum(v for k, v in spent.items() if k.startswith("env."))
print(env_id, f"total {total / steps / 1e3:.1f} us/step;",
      " ".join(f"{k} {v / steps / 1e3:.1f}" for k, v in spent.items()),
      f"| engine (env calls less game hooks) {(in_env - game) / steps / 1e3:.1f}",
      f"| loop {(total - in_env) / steps / 1e3:.1f}")
