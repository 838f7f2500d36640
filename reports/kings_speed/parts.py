"""Time the kings_v1 encoder and legal mask alone on positions from random play.
    cd ROOT && python /work/main/reports/kings_speed/parts.py"""
import sys, time
sys.path.insert(0, '.')
import numpy as np
import conan_envs

game = conan_envs.make_game("kings_v1")
rng = np.random.default_rng(1)
states = []
state = None
for i in range(6000):
    if state is None or state.is_terminal() or state.is_truncated():
        state = game.new_initial_state(int(rng.integers(2**31)))
    if i % 6 == 0:
        states.append(state.clone())
    legal = np.flatnonzero(state.legal_action_mask())
    state.apply_action(int(legal[rng.integers(legal.size)]))
states = [s for s in states if not s.is_terminal()]
for name, f in (("encode", lambda s: s.observation(s.current_player())),
                ("mask", lambda s: s._legal_mask())):
    best = 1e9
    for _ in range(5):
        t = time.process_time()
        for s in states:
            f(s)
        best = min(best, time.process_time() - t)
    print(name, f"{best / len(states) * 1e6:.2f} us")
