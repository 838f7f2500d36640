"""Where the env loop's time goes, per part, for one or more checkouts, interleaved.

Runs the bench's AEC loop (random legal play, seed 0, as `scripts/count_steps.py` does) and
times, with the thread's CPU clock, the game's `observation`, `_legal_mask` and `_apply` inside
it, for every tree named, one process after the other, ROUNDS times; prints the medians in
microseconds per step. Interleaving puts the machine's changing load on every tree alike.

    .venv/bin/python reports/adventures_speed/split_time.py adventures_v0=/tmp/v0tree \
        adventures_v2=. [--steps 6000] [--rounds 3]

Each argument is ENV_ID=TREE (v0 ids are `<game>_v0`). --no-obs replaces the observation by a
constant array: what the loop costs without the encoder.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

INNER = r'''
import os, sys, time
tree, env_id, steps, no_obs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
sys.path.insert(0, tree)
import conan_envs
if os.path.isfile(os.path.join(tree, "baselines", "cli", "bench.py")):
    from baselines.cli.bench import AECRun
else:  # the v0 release
    sys.path.insert(0, os.path.join(tree, "scripts"))
    from bench import AECRun
env = conan_envs.make(env_id)
state_type = type(env.unwrapped.game.new_initial_state(0))
run = AECRun(env)
time.perf_counter = lambda: run.steps  # the loop's clock reads its step count
run.run(500)
clock, spent = time.thread_time_ns, {}
def timed(name):
    fn = getattr(state_type, name)
    def wrapper(*args):
        start = clock()
        try:
            return fn(*args)
        finally:
            spent[name] = spent.get(name, 0) + clock() - start
    setattr(state_type, name, wrapper)
for name in ("observation", "_legal_mask", "_apply"):
    timed(name)
if no_obs:
    import numpy as np
    constant = np.zeros(8, np.float32)
    state_type.observation = lambda self, role: constant
start = clock()
run.run(steps)
spent["total"] = clock() - start
print(" ".join(f"{k}={v / steps / 1e3:.2f}" for k, v in spent.items()))
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", metavar="ENV_ID=TREE")
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-obs", action="store_true")
    args = parser.parse_args()
    runs = [(env_id, os.path.abspath(tree)) for env_id, tree in
            (r.split("=", 1) for r in args.runs)]
    results: dict[str, dict[str, list[float]]] = {f"{e} {t}": {} for e, t in runs}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(INNER)
    try:
        for _ in range(args.rounds):
            for env_id, tree in runs:
                out = subprocess.run(
                    [sys.executable, handle.name, tree, env_id, str(args.steps),
                     "1" if args.no_obs else "0"], capture_output=True, text=True, check=True,
                    cwd=tempfile.gettempdir(), env={**os.environ, "PYTHONHASHSEED": "0"})
                for pair in out.stdout.split():
                    name, value = pair.split("=")
                    results[f"{env_id} {tree}"].setdefault(name, []).append(float(value))
    finally:
        os.unlink(handle.name)
    for run, parts in results.items():
        medians = ", ".join(f"{k} {statistics.median(v):.1f}" for k, v in parts.items())
        print(f"{run}: {medians} (us per step, medians of {args.rounds})")


if __name__ == "__main__":
    main()
