"""Instruction count of adventures' encode() per call, independent of the machine's load:
runs under valgrind (cachegrind, no cache simulation) with 0 and with PASSES passes over the
states of a few random 2-player games and divides the difference.
    .venv/bin/python reports/adventures_speed/ir_encode.py [passes] [what]
what: encode (default), mask (legal_action_mask on fresh clones), core (mask + apply).
ENCODE_FILE=path: measure another version of encode.py (e.g. the last commit's, for a before/after)."""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
passes = int(sys.argv[1]) if len(sys.argv) > 1 else 2
what = sys.argv[2] if len(sys.argv) > 2 else "encode"
INNER = r'''
import sys; sys.path.insert(0, '.')
import numpy as np, conan_envs
from conan_envs.adventures.encode import encode
import os, importlib.util
if os.environ.get("ENCODE_FILE"):  # another version of encode.py, to compare
    spec = importlib.util.spec_from_file_location("conan_envs.adventures.encode_alt", os.environ["ENCODE_FILE"])
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    encode = mod.encode
rng = np.random.default_rng(1)
game = conan_envs.make_game("adventures_v1")
states, actions = [], []
for g in range(2):
    s = game.new_initial_state(int(rng.integers(2**31)))
    while not s.is_terminal() and not s.is_truncated():
        legal = np.flatnonzero(s.legal_action_mask())
        a = int(legal[rng.integers(legal.size)])
        c = s.clone(); c._mask = None
        states.append(c); actions.append(a)
        s.apply_action(a)
passes, what = int(sys.argv[1]), sys.argv[2]
print(len(states), file=sys.stderr)
for _ in range(passes):
    if what == "encode":
        for s in states:
            encode(s, s.dec["p"])
    else:  # on fresh clones; the clones' own cost is in the 0-pass run
        for s, a in zip(states, actions):
            c = s.clone(); c._mask = None
            c.legal_action_mask()
            if what == "core":
                c.apply_action(a)
if what != "encode" and passes == 0:
    for _ in range(int(sys.argv[3])):
        for s in states:
            c = s.clone(); c._mask = None
'''


def ir(n):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(INNER)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, f.name, str(n), what, str(passes)],
                         capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    lines = [l for l in out.stderr.splitlines() if l.strip().isdigit()]
    return int(m.group(1).replace(",", "")), int(lines[0])


base, n = ir(0)
more, _ = ir(passes)
print(f"{what}: {(more - base) / (passes * n):,.0f} instructions per call ({n} states, {passes} passes)")
