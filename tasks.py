"""Set up and run, from nothing but Python and pip.

    python3 tasks.py main     # set up .venv, then run the main job on defaults
    python3 tasks.py test     # set up .venv, then lint, type-check and run the test suite
    python3 tasks.py lint     # set up .venv, then ruff and mypy only
    python3 tasks.py bench    # set up .venv, then measure steps per second
    python3 tasks.py play     # set up .venv, then play in the browser (conan-play --web)
    python3 tasks.py ladder   # set up .venv, then the difficulty ladder of every game (long)
Extra arguments after the task go to the job (e.g. `python3 tasks.py main --full`).
"""
from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
# The CPU build; a bare `torch` requirement would pull a multi-GB CUDA build.
TORCH = os.environ.get("CONAN_ENVS_TORCH", "torch==2.13.0")


def run(*cmd):
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT)


def works(*cmd) -> bool:
    try:
        return subprocess.run([str(c) for c in cmd], capture_output=True).returncode == 0
    except OSError:  # no such program (yet)
        return False


def setup(extras="train,test"):
    if not works(PY, "-c", "pass"):
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except subprocess.CalledProcessError:  # a Python without ensurepip (python3-venv)
            venv.EnvBuilder(with_pip=False, clear=True).create(VENV)
    # a venv without pip is filled by this Python's pip (pip >= 22.3 has --python)
    if works(PY, "-m", "pip", "--version"):
        pip = [PY, "-m", "pip"]
    else:
        pip = [sys.executable, "-m", "pip", "--python", PY]
    pip += ["install", "--quiet", "--disable-pip-version-check"]
    have_torch = subprocess.run([str(PY), "-c", "import torch"], capture_output=True).returncode == 0
    if not have_torch:
        run(*pip, TORCH)
    run(*pip, "-e", f".[{extras}]")


LINT = [
    [BIN / "ruff", "check", "."],
    [BIN / "mypy"],  # the files and strictness are in pyproject.toml
]


LADDER_GAMES = ("kings", "cards", "tower", "miniatures", "adventures")


def main(argv):
    task, extra = (argv[0], argv[1:]) if argv else ("main", [])
    jobs = {
        "main": [[PY, "scripts/main_job.py", *extra]],
        "test": [*LINT, [PY, "-m", "pytest", "-n", "2", "-q", *extra]],
        "lint": LINT,
        "bench": [[PY, "scripts/bench.py", *extra]],
        "play": [[BIN / "conan-play", "--web", *extra]],
        "ladder": [[PY, "-m", "baselines.ladder", "--game", g, *extra] for g in LADDER_GAMES],
    }
    if task not in jobs:
        sys.exit(f"unknown task {task!r}; tasks: {', '.join(jobs)}")
    setup("train,test,bench" if task == "bench" else "train,test,web,rllib,lint")
    for cmd in jobs[task]:
        run(*cmd)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
