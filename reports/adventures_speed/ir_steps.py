"""Instructions per step of adventures_v1 random legal play, independent of the machine's load:
the loops of conan-bench (core: mask + apply on the State; env: the PettingZoo AEC loop with
observations) for a fixed number of steps from a fixed seed, under valgrind (cachegrind, no
cache simulation), minus a run of 0 steps.
    .venv/bin/python reports/adventures_speed/ir_steps.py [core|env] [steps] [config as JSON]
ENV_ID=adventures_v0 measures the v0 release: run it from /tmp/v0tree (the tree on sys.path is
the current folder)."""
import json, os, re, subprocess, sys, tempfile

mode = sys.argv[1] if len(sys.argv) > 1 else "core"
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
config = sys.argv[3] if len(sys.argv) > 3 else "{}"
ENV_ID = os.environ.get("ENV_ID", "adventures_v1")
INNER = r'''
import json, sys; sys.path.insert(0, '.')
import numpy as np, conan_envs
mode, steps, config, env_id = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(0)
if mode == "core":
    game = conan_envs.make_game(env_id, **config)
    state = game.new_initial_state(int(rng.integers(2**31)))
    for _ in range(steps):
        if state.is_terminal() or state.is_truncated():
            state = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
else:
    env = conan_envs.make(env_id, **config)
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


def ir(n):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(INNER)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, f.name, mode,
                          str(n), config, ENV_ID], capture_output=True, text=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})  # same dict and set orders each run
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        sys.exit(out.stderr[-3000:])
    return int(m.group(1).replace(",", ""))


# compile the tree first: otherwise the 0-step run pays for compiling and the difference is low
subprocess.run([sys.executable, "-m", "compileall", "-q", "conan_envs", "baselines"], check=True)
base = ir(0)
print(f"{ENV_ID} {mode} {config}: {(ir(steps) - base) / steps:,.0f} instructions per step ({steps} steps)")
