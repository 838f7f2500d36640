"""Cost of each top-level statement of adventures' encode(): times encode cut after statement i
(process time, best of 7, over states of random 2- and 4-player games) and prints the deltas.
    .venv/bin/python reports/adventures_speed/sections.py"""
import ast, inspect, sys, textwrap, time
sys.path.insert(0, '.')
import numpy as np
import conan_envs
from conan_envs.adventures import encode as E

rng = np.random.default_rng(1)
states = []
for cfg in ({}, {"num_players": 4}):
    game = conan_envs.make_game("adventures_v1", **cfg)
    for g in range(3):
        s = game.new_initial_state(int(rng.integers(2**31)))
        while not s.is_terminal() and not s.is_truncated():
            states.append(s.clone())
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(legal.size)]))
src = textwrap.dedent(inspect.getsource(E.encode))
fn = ast.parse(src).body[0]
body = fn.body
lines = src.splitlines()


def timed(k):
    f = ast.FunctionDef(**{**fn.__dict__, "body": body[:k] + [ast.parse("return None").body[0]]})
    mod = ast.fix_missing_locations(ast.Module(body=[f], type_ignores=[]))
    ns = dict(vars(E))
    exec(compile(mod, "<cut>", "exec"), ns)
    enc = ns["encode"]
    best = 1e9
    for _ in range(7):
        t = time.process_time()
        for s in states:
            enc(s, s.dec["p"])
        best = min(best, time.process_time() - t)
    return best / len(states) * 1e6


prev = timed(0)
print(f"{len(states)} states; call overhead {prev:.1f} us")
for k in range(1, len(body) + 1):
    t = timed(k)
    st = body[k - 1]
    print(f"{t - prev:6.2f} us  line {st.lineno:3d}: {lines[st.lineno - 1].strip()[:70]}")
    prev = t
print(f"total {prev:.1f} us")
