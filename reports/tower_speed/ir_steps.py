"""Instructions per step of tower random legal play, independent of the machine's load: the
loops of conan-bench (core: mask + apply on the State; env: the PettingZoo AEC loop with
observations) for a fixed number of steps from a fixed seed, under valgrind (cachegrind, no
cache simulation), minus a run of 0 steps. Run from the root of the tree to measure (HEAD, or
the v0 release with env id tower_v0).
    .venv/bin/python reports/tower_speed/ir_steps.py ENV_ID [core|env] [steps] [config as JSON]"""
import os, re, subprocess, sys, tempfile

env_id = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else "core"
steps = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
config = sys.argv[4] if len(sys.argv) > 4 else "{}"
INNER = r'''
import json, sys; sys.path.insert(0, '.')
import numpy as np, conan_envs
env_id, mode, steps, config = sys.argv[1], sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
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


# compile the tree first (else the 0-step run pays for compiling) and fix the hash seed (set
# and dict costs vary with it)
subprocess.run([sys.executable, "-m", "compileall", "-q", "conan_envs"], check=True)
ENV = {**os.environ, "PYTHONHASHSEED": "0"}


def ir(n):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(INNER)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, f.name, env_id,
                          mode, str(n), config], capture_output=True, text=True, env=ENV)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        sys.exit(out.stderr[-3000:])
    return int(m.group(1).replace(",", ""))


base = ir(0)
print(f"{env_id} {mode} {config}: {(ir(steps) - base) / steps:,.0f} instructions per step"
      f" ({steps} steps)")
