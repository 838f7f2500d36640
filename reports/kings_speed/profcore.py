"""cProfile of kings_v1 core play (mask + apply), fixed seeds.
    cd CHECKOUT && python REPO/reports/kings_speed/profcore.py [steps] [top] [sort]"""
import cProfile
import pstats
import sys

sys.path.insert(0, '.')
import numpy as np

import conan_envs

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 30000
top = int(sys.argv[2]) if len(sys.argv) > 2 else 40
game = conan_envs.make_game("kings_v1")
rng = np.random.default_rng(0)

def play():
    state = None
    for _ in range(steps):
        if state is None or state.is_terminal() or state.is_truncated():
            state = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
pr = cProfile.Profile()
pr.enable()
play()
pr.disable()
pstats.Stats(pr).sort_stats(sys.argv[3] if len(sys.argv) > 3 else 'tottime').print_stats(top)
