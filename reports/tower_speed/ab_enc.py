"""A/B of the tower_v1 encoder: an old encode.py against the working tree's, on the states of
fixed random games: asserts equal observations for every role and call order, then prints the
best of 9 CPU times per call.
    git show c04f510:conan_envs/tower/encode.py > /tmp/old_encode.py
    .venv/bin/python reports/tower_speed/ab_enc.py solo|battle /tmp/old_encode.py"""
import sys, time, importlib.util
sys.path.insert(0, '.')
import numpy as np, conan_envs
mode = sys.argv[1] if len(sys.argv) > 1 else "solo"
game = conan_envs.make_game("tower_v1", mode=mode)
spec = importlib.util.spec_from_file_location("conan_envs.tower.encode_orig", sys.argv[2])
orig = importlib.util.module_from_spec(spec); spec.loader.exec_module(orig)
from conan_envs.tower import encode as new
A, B = orig.Encoder(game), new.Encoder(game)
states = []
for seed in range(30):
    rng = np.random.default_rng(seed)
    s = game.new_initial_state(seed)
    while not (s.is_terminal() or s.is_truncated()):
        states.append((s.clone(), s.current_player()))
        legal = np.flatnonzero(s.legal_action_mask())
        s.apply_action(int(legal[rng.integers(legal.size)]))
roles = game.roles
for s, r in states:
    for role in range(len(roles)):
        a, b = A.encode(s, role), B.encode(s, role)
        assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes(), (s.decision(), np.flatnonzero(a != b))
def run(E):
    E._last_base = None; E._base_loc = -1  # start cold (old and new cache names)
    t = time.process_time()
    for s, r in states: E.encode(s, r)
    return time.process_time() - t
ta, tb = [], []
for _ in range(9):
    ta.append(run(A)); tb.append(run(B))
n = len(states)
print(f"{mode}: {n} states, equal outputs; orig {1e6*min(ta)/n:.1f} us, new {1e6*min(tb)/n:.1f} us, ratio {min(tb)/min(ta):.3f}")
