"""Share of kings_v1 env-loop time spent in the encoder, the legal mask and apply (timed in
the loop itself, hot caches). cd CHECKOUT && python REPO/reports/kings_speed/inloop.py"""
import sys
import time

sys.path.insert(0, '.')
import numpy as np

import conan_envs
from conan_envs.kings import state as KS

clock = time.perf_counter
acc = {"encode": 0.0, "mask": 0.0, "apply": 0.0}
def timed(name, f):
    def g(*a):
        t = clock()
        r = f(*a)
        acc[name] += clock() - t
        return r
    return g
KS.KingsState.observation = timed("encode", KS.KingsState.observation)
KS.KingsState._legal_mask = timed("mask", KS.KingsState._legal_mask)
KS.KingsState._apply = timed("apply", KS.KingsState._apply)
env = conan_envs.make("kings_v1")
rng = np.random.default_rng(0)
started, k = False, 0
t0 = clock()
while k < 20000:
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
total = clock() - t0
print(f"total {total/k*1e6:.1f}us/step", {n: f"{v/k*1e6:.1f}us" for n, v in acc.items()})
