"""CPU time of random 2-player adventures_v2 play: rules core (mask + apply) and with one
observation per step. Run from the root of the tree to measure."""
import time

import numpy as np

import conan_envs

GAME = conan_envs.make_game("adventures_v2")


def run(obs, games=10):
    rng = np.random.default_rng(0)
    steps = 0
    for seed in range(games):
        s = GAME.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            mask = s.legal_action_mask()
            s.apply_action(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
            if obs and not s.is_terminal():
                s.observation(s.current_player())
    return steps


for with_obs in (False, True):
    t = time.process_time()
    n = run(with_obs)
    print("obs" if with_obs else "core", round(n / (time.process_time() - t)), end="  ")
print()
