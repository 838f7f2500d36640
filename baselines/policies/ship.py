"""Make a finished training run a shipped policy:

    python -m baselines.policies.ship RUN_DIR NAME [--snapshot STEPS] [--dest FOLDER] [--force]

copies the run's exported policy (``policy.json`` + ``policy.safetensors``, checked as they
are copied), its ``config.yaml`` and ``eval.csv`` into ``baselines/policies/NAME/`` and writes
the ``README.md`` report from the run's records: the training command(s) and wall time
(``history.json``), the warm start (``warm_start.json``) and the evaluation curve
(``eval.csv``). The README ends with a section for the measurements made afterwards.

``--snapshot STEPS`` ships the run's pool snapshot taken at STEPS env steps
(``pool/snap_<STEPS>.json``, the opponents a self-play or league run keeps) instead of its
final policy: the one a run's curve shows at its best, when training went on past it.
"""
from __future__ import annotations

import argparse
import csv
import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conan_envs import ConfigError

from ..cli.common import guarded
from . import NAME, POLICY

FILES = (f"{POLICY}.json", f"{POLICY}.safetensors", "config.yaml")


def _read_json(path: Path, default: Any) -> Any:
    try:
        return json.loads(path.read_text()) if path.is_file() else default
    except ValueError:
        return default


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.0f} s"


def snapshot_path(run: Path, steps: int) -> Path:
    """The metadata path of `run`'s pool snapshot at `steps` env steps."""
    return run / "pool" / f"snap_{steps:010d}.json"


def readme(name: str, run: Path, snapshot: int | None = None) -> str:
    """The report of shipped policy `name` from the records of `run` (its final policy, or
    its pool snapshot at `snapshot` steps)."""
    from ..ppo import read_metadata

    meta = read_metadata(run / POLICY if snapshot is None else snapshot_path(run, snapshot))
    sessions = _read_json(run / "history.json", [])
    warm = _read_json(run / "warm_start.json", None)
    summary = _read_json(run / "summary.json", {})
    config = ", ".join(f"{k}={v}" for k, v in sorted(meta.get("game_config", {}).items()))
    lines = [f"# Shipped policy `{name}`", "",
             f"- Game: `{meta['env_id']}` ({config})",
             f"- Plays: {', '.join(meta['roles'])}",
             f"- Network: MLP {meta['net_arch']}, {meta['activation']}; "
             f"{meta['obs_size']} inputs, {meta['num_actions']} actions",
             f"- Trained for {meta.get('steps', 0)} env steps" + (
                 "" if snapshot is None else
                 f": the run's pool snapshot at {snapshot} steps "
                 f"(`pool/{snapshot_path(run, snapshot).name}`), not its final policy; the "
                 f"run's records below go on past it"),
             f"- Use: `load_agent(\"policy:{name}\", \"{meta['env_id']}\", role)`, or "
             f"`policy:{name}` in any tool that takes an agent string", "",
             "## Training", "", "Config: `config.yaml` (the run's merged config).", ""]
    if sessions:
        total = sum(float(s.get("wall_s", 0)) for s in sessions)
        lines += ["| command | started | wall time | steps | env steps/s | device |",
                  "|---|---|---:|---|---:|---|"]
        for s in sessions:
            lines.append(f"| `{s.get('command', '?')}` | {s.get('started', '?')} | "
                         f"{_minutes(float(s.get('wall_s', 0)))} | {s.get('from_steps', 0)} -> "
                         f"{s.get('steps', '?')} | {s.get('env_steps_per_s', '?')} | "
                         f"{s.get('device', '?')} |")
        lines += ["", f"Total wall time: {_minutes(total)}."]
    else:
        lines.append(f"The run recorded no sessions (no history.json); last session's "
                     f"training time: {_minutes(float(summary.get('wall_s', 0)))}.")
    if warm:
        lines += ["", f"Warm start: cloned `{warm.get('teacher')}` over {warm.get('steps')} moves "
                      f"({warm.get('episodes')} games); the clone plays "
                      f"{100 * float(warm.get('accuracy', 0)):.1f}% of the teacher's moves."]
    lines += ["", "## Evaluation during training", ""]
    rows = []
    if (run / "eval.csv").is_file():
        with open(run / "eval.csv", newline="") as f:
            rows = list(csv.DictReader(f))
    if rows:
        lines += ["Fixed seeds; wins of the policy over all seatings of its roles (`eval.csv`).",
                  "", "| steps | opponent | games | wins | draws | losses | win rate (95% CI) |",
                  "|---:|---|---:|---:|---:|---:|---|"]
        for r in rows:
            lines.append(f"| {r['steps']} | {r['opponent']} | {r['games']} | {r['wins']} | "
                         f"{r['draws']} | {r['losses']} | {100 * float(r['win_rate']):.1f}% "
                         f"({100 * float(r['ci_low']):.1f}-{100 * float(r['ci_high']):.1f}%) |")
    else:
        lines.append("No evaluation was recorded (eval.csv is missing or empty).")
    lines += ["", "## Measured after training", "",
              "(To fill in: games against the ladder's difficulties with the command that "
              "measured them.)", ""]
    return "\n".join(lines)


def ship(run_dir: str | Path, name: str, dest: str | Path | None = None,
         force: bool = False, snapshot: int | None = None) -> Path:
    """Copy run `run_dir`'s policy (or its pool snapshot at `snapshot` steps), config and
    curve into ``dest/name/`` (``dest`` is the package's policy folder unless given) and write
    its README. Returns the new folder."""
    from ..ppo import load_policy, model_paths

    run = Path(run_dir)
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ConfigError(f"{name!r} cannot name a shipped policy: lowercase letters, digits and "
                          f"_, starting with a letter or digit")
    missing = [f for f in FILES if not (run / f).is_file()]
    if missing:
        raise ConfigError(f"{run} is not a finished training run: it lacks {', '.join(missing)}")
    source = run / POLICY
    if snapshot is not None:
        source = snapshot_path(run, snapshot)
        if not source.is_file():
            have = sorted(int(p.stem.removeprefix("snap_")) for p in (run / "pool").glob("snap_*.json")
                          if p.stem.removeprefix("snap_").isdigit())
            raise ConfigError(f"{run} has no pool snapshot at {snapshot} steps; it has "
                              f"{', '.join(map(str, have)) or 'none'}")
    meta, _ = load_policy(source)  # the weights match their hash before they are copied
    from .. import policies

    target = Path(policies.FOLDER if dest is None else dest) / name
    if target.exists() and not force:
        raise ConfigError(f"{target} exists; pass --force to replace it")
    text = readme(name, run, snapshot)
    target.mkdir(parents=True, exist_ok=True)
    for f in FILES + ("eval.csv",):
        if (run / f).is_file() and not (snapshot is not None and f.startswith(POLICY + ".")):
            shutil.copyfile(run / f, target / f)
    if snapshot is not None:  # the snapshot's files under the policy's names
        meta_path, weights_path = model_paths(target / POLICY)
        shutil.copyfile(source.parent / meta["weights"], weights_path)
        meta_path.write_text(json.dumps({**meta, "weights": weights_path.name}, indent=1,
                                        sort_keys=True))
    (target / "README.md").write_text(text)
    load_policy(target / POLICY)
    return target


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m baselines.policies.ship", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run_dir", help="a finished run's out_dir (policy.json, config.yaml, ...)")
    ap.add_argument("name", help="the shipped policy's name (policy:NAME)")
    ap.add_argument("--dest", default=None, help="folder to ship into (default: the package's)")
    ap.add_argument("--force", action="store_true", help="replace a shipped policy of that name")
    ap.add_argument("--snapshot", type=int, default=None, metavar="STEPS",
                    help="ship the run's pool snapshot at STEPS env steps, not its final policy")
    args = ap.parse_args(argv)

    def run() -> None:
        target = ship(args.run_dir, args.name, args.dest, args.force, args.snapshot)
        print(f"shipped {args.run_dir} as policy:{args.name} in {target}")

    return guarded("ship", run)


if __name__ == "__main__":
    sys.exit(main())
