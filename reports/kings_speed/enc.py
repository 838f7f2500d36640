"""Time the kings_v1 encoder (and legal mask) on 64 positions from random play, hot caches.
    cd CHECKOUT && python REPO/reports/kings_speed/enc.py"""
import sys
import timeit

sys.path.insert(0, '.')
import numpy as np

import conan_envs

game = conan_envs.make_game("kings_v1")
rng = np.random.default_rng(1)
states, state = [], None
for i in range(64 * 37):
    if state is None or state.is_terminal() or state.is_truncated():
        state = game.new_initial_state(int(rng.integers(2**31)))
    if i % 37 == 0:
        states.append(state.clone())
    legal = np.flatnonzero(state.legal_action_mask())
    state.apply_action(int(legal[rng.integers(legal.size)]))
states = [(s, s.current_player()) for s in states if not s.is_terminal()]
def enc():
    for s, r in states:
        s.observation(r)
def mask():
    for s, _ in states:
        s._legal_mask()
for f in (enc, mask):
    print(f.__name__, f"{min(timeit.repeat(f, number=50, repeat=7)) / 50 / len(states) * 1e6:.2f} us")
