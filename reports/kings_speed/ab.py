"""Steps/s of kings_v1 (core and env, random legal play on fixed seeds), CPU time of this
process (less sensitive to a shared machine than wall time). Run from a code root:
    cd CHECKOUT && python REPO/reports/kings_speed/ab.py [steps] [config-json]"""
import json
import sys
import time

sys.path.insert(0, '.')
import numpy as np

import conan_envs

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
cfg = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}


def core(steps):
    game = conan_envs.make_game("kings_v1", **cfg)
    rng = np.random.default_rng(0)
    state = None
    t = time.process_time()
    for _ in range(steps):
        if state is None or state.is_terminal() or state.is_truncated():
            state = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
    return steps / (time.process_time() - t)


def env(steps):
    env = conan_envs.make("kings_v1", **cfg)
    rng = np.random.default_rng(0)
    started = False
    k = 0
    t = time.process_time()
    while k < steps:
        if not started or not env.agents:
            env.reset(seed=int(rng.integers(2**31)))
            started = True
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        k += 1
    return steps / (time.process_time() - t)


print(json.dumps({"core": round(max(core(steps) for _ in range(3))),
                  "env": round(max(env(steps) for _ in range(3)))}))
