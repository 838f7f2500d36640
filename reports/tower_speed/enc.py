"""Time the tower_v1 encoder alone on the states of fixed random games, in order (as the env
calls it), best of N: microseconds per call.
    .venv/bin/python reports/tower_speed/enc.py [mode] [repeats]"""
import sys, time
sys.path.insert(0, '.')
import numpy as np
import conan_envs

mode = sys.argv[1] if len(sys.argv) > 1 else "solo"
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 7
game = conan_envs.make_game("tower_v1", mode=mode)
states = []
for seed in range(30):
    rng = np.random.default_rng(seed)
    s = game.new_initial_state(seed)
    while not (s.is_terminal() or s.is_truncated()):
        states.append((s.clone(), s.current_player()))
        legal = np.flatnonzero(s.legal_action_mask())
        s.apply_action(int(legal[rng.integers(legal.size)]))
enc = game._encode
best = 1e9
for _ in range(reps):
    game.encoder._last_base = None
    t = time.process_time()
    for s, r in states:
        enc(s, r)
    best = min(best, time.process_time() - t)
print(f"{mode} encode: {len(states)} calls, {1e6 * best / len(states):.1f} us/call")
