"""Time adventures_v1's encoder alone on states recorded from random legal play.
    .venv/bin/python reports/adventures_speed/encode_bench.py [games]"""
import sys, time
sys.path.insert(0, '.')
import numpy as np
import conan_envs
from conan_envs.adventures.encode import encode

games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
rng = np.random.default_rng(1)
states = []
for cfg in ({}, {"num_players": 4}):
    game = conan_envs.make_game("adventures_v1", **cfg)
    for g in range(games):
        s = game.new_initial_state(int(rng.integers(2**31)))
        while not s.is_terminal() and not s.is_truncated():
            states.append(s.clone())
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(legal.size)]))
print(len(states), "states")
best = 1e9
for rep in range(7):
    t = time.process_time()
    for s in states:
        encode(s, s.dec["p"])
    best = min(best, time.process_time() - t)
print(f"encode: {best / len(states) * 1e6:.1f} us/call (process time, best of 5)")
