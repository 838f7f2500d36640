"""Instructions per observation of the tower encoder alone (valgrind cachegrind, no cache
simulation): the states of 20 random games, encoded in order for the role to act, minus a run
that only builds the states. Run from the root of the tree to measure.
    .venv/bin/python reports/tower_speed/ir_encode.py ENV_ID [config as JSON]"""
import os, re, subprocess, sys, tempfile

env_id = sys.argv[1]
config = sys.argv[2] if len(sys.argv) > 2 else "{}"
INNER = r'''
import json, sys; sys.path.insert(0, '.')
import numpy as np, conan_envs
env_id, reps, config = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
game = conan_envs.make_game(env_id, **config)
states = []
for seed in range(20):
    rng = np.random.default_rng(seed)
    s = game.new_initial_state(seed)
    while not (s.is_terminal() or s.is_truncated()):
        states.append((s.clone(), s.current_player()))
        legal = np.flatnonzero(s.legal_action_mask())
        s.apply_action(int(legal[rng.integers(legal.size)]))
print(len(states))
for _ in range(reps):
    for s, r in states:
        s.observation(r)
'''


# compile the tree first (else the 0-step run pays for compiling) and fix the hash seed (set
# and dict costs vary with it)
subprocess.run([sys.executable, "-m", "compileall", "-q", "conan_envs"], check=True)
ENV = {**os.environ, "PYTHONHASHSEED": "0"}


def ir(reps):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(INNER)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, f.name, env_id,
                          str(reps), config], capture_output=True, text=True, env=ENV)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        sys.exit(out.stderr[-3000:])
    return int(m.group(1).replace(",", "")), int(out.stdout.split()[0])


base, n = ir(0)
print(f"{env_id} encode {config}: {(ir(1)[0] - base) / n:,.0f} instructions per observation"
      f" ({n} states)")
