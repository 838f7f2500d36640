"""Cost per step of the bench's loops, independent of the machine's load.

The loops are the bench's own (`CoreRun` and `AECRun` of `baselines/cli/bench.py`; of `scripts/bench.py`
in the v0 release), imported from the measured tree and run for a fixed number of steps instead of a
fixed time (their clock reads their step count), random legal play from seed 0:

- core: random legal play on the rules core (legal mask + apply on the State);
- env:  the PettingZoo AEC loop with masks and observations (what a training loop does).

Each measurement plays WARM steps (imports, make, first reset, lazy imports, caches filled on first
use), then STEPS more from the same seed; the cost of the WARM-step run is subtracted, so one-time
costs do not count. After the WARM steps the garbage collector runs once and freezes what exists
(`gc.freeze`), so a later collection's cost does not depend on where it falls. The tree is
compiled first (otherwise the short run pays for compiling) and PYTHONHASHSEED is fixed (same
dict and set orders each run).

By default the cost is counted in instructions under valgrind (cachegrind, --cache-sim=no): the
count does not depend on the load of the machine. With --cpu (or where valgrind is absent) the
steps are timed with time.process_time instead (faster, but load-dependent).

Usage (from the repository root):
    .venv/bin/python scripts/count_steps.py ENV_ID [ENV_ID ...] [core] [env] [STEPS]
        [--warm N] [--config JSON] [--tree PATH] [--cpu]
e.g.
    nice -n 10 .venv/bin/python scripts/count_steps.py kings_v2 core env 3000
    nice -n 10 .venv/bin/python scripts/count_steps.py kings_v0 core 3000 --tree /tmp/v0tree
    .venv/bin/python scripts/count_steps.py tower_v2 env 2000 --cpu
Without core/env both loops are measured; STEPS defaults to 3000. --tree measures another checkout
(its conan_envs is imported; v0 ids are `<game>_v0`). Valgrind runs about 50 times slower than
Python alone: use a few hundred or thousand steps, under nice.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOOPS = ("core", "env")
DEFAULT_STEPS = 3000
DEFAULT_WARM = 500

# Runs the bench's own CoreRun / AECRun (imported from the tree) for a number of steps instead of
# seconds: while they run, their clock reads their step count. Prints the process time of the last
# STEPS steps (after WARM steps), so --cpu needs one run per measurement.
INNER = r'''
import gc, json, os, sys, time
tree, env_id, loop, warm, steps, config = sys.argv[1:7]
warm, steps, config = int(warm), int(steps), json.loads(config)
sys.path.insert(0, tree)
import conan_envs
if not conan_envs.__file__.startswith(tree):
    sys.exit(f"conan_envs imported from {conan_envs.__file__}, not from {tree}")
if os.path.isfile(os.path.join(tree, "baselines", "cli", "bench.py")):
    from baselines.cli.bench import AECRun, CoreRun
else:  # the v0 release
    sys.path.insert(0, os.path.join(tree, "scripts"))
    from bench import AECRun, CoreRun
if loop == "core":
    runner = CoreRun(conan_envs.make_game(env_id, **config))
else:
    runner = AECRun(conan_envs.make(env_id, **config))
process_time = time.process_time
time.perf_counter = lambda: runner.steps
runner.run(warm)
# A full collection falling inside or outside the measured steps moved a figure by ~2%:
# collect now and freeze what the warm steps made, so later passes see only new objects.
gc.collect()
gc.freeze()
start = process_time()
runner.run(steps)
assert runner.steps == warm + steps, (runner.steps, warm + steps)
print("CPU", process_time() - start)
'''


def fail(message: str) -> None:
    sys.exit(f"count_steps: {message}")


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Instructions (or CPU seconds) per step of the bench's loops.",
        usage="count_steps.py ENV_ID [ENV_ID ...] [core] [env] [STEPS] [--warm N] "
              "[--config JSON] [--tree PATH] [--cpu]")
    parser.add_argument("words", nargs="+", help="env ids, loops (core, env) and the step count")
    parser.add_argument("--warm", type=int, default=DEFAULT_WARM,
                        help=f"steps played before measuring (default {DEFAULT_WARM})")
    parser.add_argument("--config", default="{}", help="env options as a JSON object")
    parser.add_argument("--tree", default=str(ROOT), help="checkout to measure (default: this one)")
    parser.add_argument("--cpu", action="store_true", help="time with process_time, no valgrind")
    args = parser.parse_intermixed_args(argv)
    args.envs, args.loops, counts = [], [], []
    for word in args.words:
        if word in LOOPS:
            args.loops.append(word)
        elif word.isdigit():
            counts.append(int(word))
        elif re.fullmatch(r"[a-z][a-z0-9_]*_v\d+", word):
            args.envs.append(word)
        else:
            fail(f"{word!r} is neither an env id (like kings_v2), a loop (core, env) "
                 "nor a step count")
    if not args.envs:
        fail("name at least one env id (like kings_v2)")
    if len(counts) > 1:
        fail(f"one step count, not {len(counts)}")
    args.steps = counts[0] if counts else DEFAULT_STEPS
    args.loops = args.loops or list(LOOPS)
    if args.steps < 1:
        fail("the step count must be at least 1")
    if args.warm < 0:
        fail("--warm must be 0 or more")
    try:
        config = json.loads(args.config)
    except json.JSONDecodeError as error:
        fail(f"--config is not JSON: {error}")
    if not isinstance(config, dict):
        fail("--config must be a JSON object")
    tree = Path(args.tree).resolve()
    if not (tree / "conan_envs" / "__init__.py").is_file():
        fail(f"--tree {args.tree}: no conan_envs package there")
    args.tree = str(tree)
    if not args.cpu and shutil.which("valgrind") is None:
        print("count_steps: valgrind not found, timing with process_time (--cpu)", file=sys.stderr)
        args.cpu = True
    return args


def run_inner(args: argparse.Namespace, script: str, env_id: str, loop: str, warm: int,
              steps: int, valgrind: bool) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, script, args.tree, env_id, loop, str(warm), str(steps), args.config]
    if valgrind:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                   "--cachegrind-out-file=/dev/null", *command]
    out = subprocess.run(command, capture_output=True, text=True, cwd=tempfile.gettempdir(),
                         env={"PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    if out.returncode != 0:
        lines = [line for line in out.stderr.splitlines() if line.strip() and "==" not in line[:12]]
        fail(f"{env_id} {loop}: {lines[-1] if lines else 'exit status ' + str(out.returncode)}")
    return out


def instructions(out: subprocess.CompletedProcess[str]) -> int:
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not match:
        fail("no instruction count in valgrind's output")
    return int(match.group(1).replace(",", ""))


def measure(args: argparse.Namespace, script: str, env_id: str, loop: str) -> str:
    # A plain short run first: a bad id or option fails fast, with the game's own message.
    run_inner(args, script, env_id, loop, 0, 1, valgrind=False)
    if args.cpu:
        out = run_inner(args, script, env_id, loop, args.warm, args.steps, valgrind=False)
        seconds = float(out.stdout.split("CPU")[-1])
        return f"{seconds / args.steps * 1e6:,.1f} CPU microseconds per step"
    short = instructions(run_inner(args, script, env_id, loop, args.warm, 0, valgrind=True))
    full = instructions(run_inner(args, script, env_id, loop, args.warm, args.steps, valgrind=True))
    return f"{(full - short) / args.steps:,.0f} instructions per step"


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    packages = [str(Path(args.tree, name)) for name in ("conan_envs", "baselines")
                if Path(args.tree, name).is_dir()]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(INNER)
    try:
        for env_id in args.envs:
            for loop in args.loops:
                result = measure(args, handle.name, env_id, loop)
                print(f"{env_id} {loop} {args.config} {args.tree}: {result} "
                      f"({args.steps} steps after {args.warm})", flush=True)
    finally:
        os.unlink(handle.name)


if __name__ == "__main__":
    main()
