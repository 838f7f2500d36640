"""Instructions per step of random legal play, independent of the machine's load: the loops
of conan-bench (core: mask + apply on the State; env: the PettingZoo AEC loop with
observations) for a fixed number of steps from seed 0, under valgrind (cachegrind, no cache
simulation), minus a run of WARM steps (imports, make, first reset, and what the first steps
do once: lazy imports, caches filled on first use), divided by the steps in between.

    .venv/bin/python reports/cards_speed/ir_steps.py TREE ENV_ID [steps] [core env]
    e.g. TREE=/tmp/v0tree ENV_ID=cards_v0;  TREE=/work/main ENV_ID=cards_v1"""
import re
import subprocess
import sys
import tempfile

tree, env_id = sys.argv[1], sys.argv[2]
steps = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
modes = sys.argv[4:] or ["core", "env"]
WARM = 500
INNER = r'''
import sys
tree, env_id, mode, steps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, tree)
import numpy as np, conan_envs
assert conan_envs.__file__.startswith(tree), conan_envs.__file__
rng = np.random.default_rng(0)
if mode == "core":
    game = conan_envs.make_game(env_id)
    state = game.new_initial_state(int(rng.integers(2**31)))
    for _ in range(steps):
        if state.is_terminal() or state.is_truncated():
            state = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
else:
    env = conan_envs.make(env_id)
    env.reset(seed=int(rng.integers(2**31)))
    n = 0
    while n < steps:
        if not env.agents:
            env.reset(seed=int(rng.integers(2**31)))
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        n += 1
'''


def ir(mode, n):  # TREE compiled first (below): no run counts the compiling of a module
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(INNER)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, f.name, tree,
                          env_id, mode, str(n)], capture_output=True, text=True, cwd="/tmp",
                         env={"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"})
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        sys.exit(out.stderr[-3000:])
    return int(m.group(1).replace(",", ""))


subprocess.run([sys.executable, "-m", "compileall", "-q", tree], check=True)
for mode in modes:
    per = (ir(mode, WARM + steps) - ir(mode, WARM)) / steps
    print(f"{env_id} {mode} {tree}: {per:,.0f} instructions per step ({steps} steps)", flush=True)
