"""conan-evaluate: a tournament between agents on any env: win rates with 95% intervals,
Bradley-Terry Elo, per-role balance; Markdown, JSON and PNG outputs.

    conan-evaluate kings_v1 random mcts:simulations=200 ppo:runs/kings/policy --games 400
    conan-evaluate tower_v1 --config mode=battle random scripted --out reports/tower
    conan-evaluate kings_v1 random mcts --curve runs/kings/eval.csv
    conan-evaluate kings_v1 mine=ppo:runs/a/policy theirs=ppo:runs/b/policy --vs mine

Agents (NAME=SPEC gives one a short name):
{agents}
Every agent string, policy file, count and path is checked before the first game.
"""
from __future__ import annotations

import csv
import importlib.util
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import conan_envs

from .common import Parser, UserError, argv_list, guarded, parse_pairs, positive_int

PROG = "conan-evaluate"
CURVE_COLUMNS = ("steps", "opponent", "win_rate", "ci_low", "ci_high")


def build_parser() -> Parser:
    from .. import describe_agents

    p = Parser(prog=PROG, description=(__doc__ or "").format(agents=describe_agents()))
    p.add_argument("env_id", help=f"one of {', '.join(conan_envs.ENV_IDS)}")
    p.add_argument("agents", nargs="+", help="agent strings; NAME=SPEC gives one a short name")
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--games", type=positive_int, default=100,
                   help="games per pair (split over the seatings)")
    p.add_argument("--seed", type=int, default=0, help="first seed of the fixed seed list")
    p.add_argument("--workers", type=positive_int, default=min(2, os.cpu_count() or 1),
                   help="processes that play games in parallel")
    p.add_argument("--no-mirror", action="store_true", help="skip the per-role balance games")
    p.add_argument("--vs", help="play only the pairs of this agent against each of the others")
    p.add_argument("--out", default="reports", help="folder for NAME.md, NAME.json, NAME.png")
    p.add_argument("--name", default=None, help="report file name (default: ENV_tournament)")
    p.add_argument("--curve", help="a training eval.csv to plot as a learning curve PNG too")
    return p


def name_agents(items: Sequence[str]) -> dict[str, str]:
    """name -> agent string; ``NAME=SPEC`` names one (NAME has no ':'), else the string is
    its own name. The same name twice is refused."""
    agents: dict[str, str] = {}
    for item in items:
        name, eq, spec = item.partition("=")
        if not (eq and ":" not in name):
            name, spec = item, item
        if not name or not spec:
            raise UserError(f"agent {item!r}: write SPEC or NAME=SPEC")
        if name in agents:
            raise UserError(f"agent {name!r} is given twice; name them apart, e.g. "
                            f"a={agents[name]} b={spec}")
        agents[name] = spec
    return agents


def check_curve(path: str) -> None:
    p = Path(path)
    if not p.is_file():
        raise UserError(f"--curve {path}: no such file (a training run's eval.csv)")
    try:
        with open(p, newline="", encoding="utf-8") as f:
            header = next(csv.reader(f), [])
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise UserError(f"--curve {path}: cannot read it as CSV: {e}") from None
    missing = [c for c in CURVE_COLUMNS if c not in header]
    if missing:
        raise UserError(f"--curve {path}: not a training eval.csv (no column {', '.join(missing)})")


def run(argv: Sequence[str] | None = None, output_fn: Callable[[str], None] = print) -> dict[str, Any]:
    args = build_parser().parse_args(argv_list(argv))
    from .. import validate_agent

    conan_envs.check_env_id(args.env_id)
    config = parse_pairs(args.config)
    game = conan_envs.make_game(args.env_id, **config)
    agents = name_agents(args.agents)
    for name, spec in agents.items():
        try:
            validate_agent(spec, args.env_id, **game.config)
        except conan_envs.ConfigError as e:
            raise UserError(f"agent {name}: {e}") from None
    if len(agents) < 2 and args.no_mirror:
        raise UserError("nothing to play: give two agents, or drop --no-mirror")
    pairs = None
    if args.vs:
        if args.vs not in agents:
            raise UserError(f"--vs {args.vs!r} is not one of the agents: {', '.join(agents)}")
        if len(agents) < 2:
            raise UserError("--vs needs another agent to play against")
        pairs = [(args.vs, b) for b in agents if b != args.vs]
    if args.curve:
        check_curve(args.curve)
    if importlib.util.find_spec("matplotlib") is None:
        raise UserError("the report's charts need matplotlib: pip install 'conan-envs[train]'")
    name = args.name or f"{args.env_id}_tournament"
    if Path(name).name != name or name.startswith("."):
        raise UserError(f"--name {name!r} must be a plain file name (the folder is --out)")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"--out {args.out}: cannot make the folder: {e.strerror}") from None
    from ..evaluation import plot_learning_curve, save_report, to_markdown, tournament

    result = tournament(args.env_id, agents, games=args.games, seed=args.seed,
                        game_config=game.config, workers=args.workers,
                        mirror=not args.no_mirror, pairs=pairs)
    paths = save_report(result, out, name)
    if args.curve:
        paths["curve"] = str(out / f"{name}_curve.png")
        plot_learning_curve(args.curve, paths["curve"])
    output_fn(to_markdown(result))
    output_fn("written: " + ", ".join(paths.values()))
    result["paths"] = paths
    return result


def main(argv: Sequence[str] | None = None) -> int:
    return guarded(PROG, lambda: run(argv))


if __name__ == "__main__":
    raise SystemExit(main())
