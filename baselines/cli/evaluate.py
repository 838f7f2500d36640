"""conan-evaluate: a tournament between agents on any env: win rates with 95% intervals,
Bradley-Terry Elo, per-role balance; Markdown, JSON and PNG outputs. Or a benchmark
protocol for one entrant against the fixed reference opponents (see --protocol --help).

    conan-evaluate kings_v2 random mcts:simulations=200 ppo:runs/kings/policy --games 400
    conan-evaluate tower_v2 --config mode=battle random scripted --out runs/tower
    conan-evaluate kings_v2 random mcts --curve runs/kings/eval.csv
    conan-evaluate kings_v2 mine=ppo:runs/a/policy theirs=ppo:runs/b/policy --vs mine
    conan-evaluate --list-protocols
    conan-evaluate --protocol kings_v2/2p --agent python:my_pkg.agents:make --out results

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

from .common import Parser, UserError, argv_list, guarded, parse_pairs, positive_int, seed_int

PROG = "conan-evaluate"
CURVE_COLUMNS = ("steps", "opponent", "win_rate", "ci_low", "ci_high")


def build_parser() -> Parser:
    from ..loading import describe_agents

    p = Parser(prog=PROG, description=(__doc__ or "").format(agents=describe_agents()))
    p.add_argument("env_id", help=f"one of {', '.join(conan_envs.ENV_IDS)}")
    p.add_argument("agents", nargs="+", help="agent strings; NAME=SPEC gives one a short name")
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--games", type=positive_int, default=100,
                   help="games per pair (split over the seatings)")
    p.add_argument("--seed", type=seed_int, default=0, help="first seed of the fixed seed list")
    p.add_argument("--workers", type=positive_int, default=min(2, os.cpu_count() or 1),
                   help="processes that play games in parallel")
    p.add_argument("--no-mirror", action="store_true", help="skip the per-role balance games")
    p.add_argument("--vs", help="play only the pairs of this agent against each of the others")
    p.add_argument("--out", default="runs/evaluate", help="folder for NAME.md, NAME.json, NAME.png "
                   "(default: runs/evaluate under the current folder)")
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
    from ..loading import validate_agent

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


BENCHMARK_DOC = """conan-evaluate, benchmark mode: score one entrant on a named, versioned protocol
(baselines/protocols/*.yaml) against its reference opponents.

    conan-evaluate --list-protocols
    conan-evaluate --protocol kings_v2/2p --agent python:my_pkg.agents:make --out results
    conan-evaluate --protocol tower_v2/battle-yara --agent ppo:models/yara --games 20
    conan-evaluate --protocol kings_v2/2p --agent scripted --games 40 --leaderboard
    conan-evaluate --add-to-leaderboard results/kings_v2-2p.json
    conan-evaluate --build-leaderboard

--agent takes any agent string (ppo:PATH for the weights-only policies, RLlib ones exported
to that format included) or python:package.module:factory, which imports YOUR module from the
current folder or PYTHONPATH and calls factory(env_id=..., role=..., seed=..., **game_config)
for an object with act(observation, action_mask, state=None): it runs that code, so name only
code you trust. Writes DIR/<protocol>.json (the numbers: a rerun of a deterministic entrant
writes the same bytes), DIR/<protocol>.run.json (time, per-move budget) and DIR/<protocol>.md.
"""
BENCHMARK_FLAGS = ("--protocol", "--list-protocols", "--add-to-leaderboard", "--build-leaderboard")


def is_benchmark(argv: Sequence[str]) -> bool:
    return any(a == f or a.startswith(f + "=") for a in argv for f in BENCHMARK_FLAGS)


def build_benchmark_parser() -> Parser:
    p = Parser(prog=PROG, description=BENCHMARK_DOC)
    p.add_argument("--list-protocols", action="store_true", help="print one protocol per line, id first")
    p.add_argument("--protocol", metavar="ID", help="the protocol to run (ID or ID@vN)")
    p.add_argument("--agent", metavar="SPEC", help="the entrant's agent string")
    p.add_argument("--name", help="the entrant's name in the result (default: SPEC)")
    p.add_argument("--games", type=positive_int, help="games per opponent instead of the protocol's")
    p.add_argument("--opponents", help="only these of the protocol's opponents (comma-separated)")
    p.add_argument("--out", default="runs/benchmark", help="folder for the result files "
                   "(default: runs/benchmark under the current folder)")
    p.add_argument("--workers", type=positive_int, default=min(2, os.cpu_count() or 1),
                   help="processes that play games in parallel")
    p.add_argument("--ray", metavar="ADDRESS", help="play the games as Ray tasks on this cluster "
                   "('auto', 'ray://host:10001', or 'local')")
    p.add_argument("--leaderboard", action="store_true", help="add the result to its leaderboard")
    p.add_argument("--add-to-leaderboard", nargs="+", metavar="RESULT",
                   help="add result files to their protocols' leaderboards")
    p.add_argument("--build-leaderboard", action="store_true", help="rebuild every leaderboard")
    p.add_argument("--leaderboard-dir", default="runs/leaderboard",
                   help="the leaderboards' folder (default: runs/leaderboard; the project's "
                   "boards: reports/leaderboard of a clone)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def run_benchmark(argv: Sequence[str], output_fn: Callable[[str], None] = print) -> dict[str, Any]:
    args = build_benchmark_parser().parse_args(list(argv))
    from ..benchmark import get_protocol, list_lines, run_protocol
    from ..benchmark import leaderboard as board

    modes = [m for m, on in (("--list-protocols", args.list_protocols), ("--protocol", args.protocol),
                             ("--add-to-leaderboard", args.add_to_leaderboard),
                             ("--build-leaderboard", args.build_leaderboard)) if on]
    if len(modes) != 1:
        raise UserError(f"give one of --list-protocols, --protocol, --add-to-leaderboard, "
                        f"--build-leaderboard (not {' and '.join(modes)})")
    if not args.protocol:
        used = [f for f, v in (("--agent", args.agent), ("--games", args.games), ("--ray", args.ray),
                               ("--leaderboard", args.leaderboard), ("--opponents", args.opponents),
                               ("--name", args.name)) if v]
        if used:
            raise UserError(f"{used[0]} goes with --protocol ID")
    if args.list_protocols:
        for line in list_lines():
            output_fn(line)
        return {}
    if args.build_leaderboard:
        paths = board.rebuild_all(args.leaderboard_dir)
        output_fn("written: " + ", ".join(map(str, paths)) if paths else
                  f"no results under {args.leaderboard_dir}")
        return {"paths": [str(p) for p in paths]}
    if args.add_to_leaderboard:
        paths = [board.add(path, args.leaderboard_dir) for path in args.add_to_leaderboard]
        output_fn("updated: " + ", ".join(map(str, dict.fromkeys(paths))))
        return {"paths": [str(p) for p in paths]}
    if not args.agent:
        raise UserError("--protocol needs --agent SPEC (the entrant)")
    protocol = get_protocol(args.protocol)
    if args.ray is not None and importlib.util.find_spec("ray") is None:
        raise UserError("--ray needs Ray installed: pip install 'conan-envs[rllib]' (or pip install ray)")
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()] if args.opponents else None
    try:
        Path(args.out).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"--out {args.out}: cannot make the folder: {e.strerror}") from None
    result = run_protocol(protocol, args.agent, games=args.games, workers=args.workers, out=args.out,
                          name=args.name, opponents=opponents, ray_address=args.ray,
                          progress=False if args.no_progress else None)
    output_fn(Path(result["paths"]["markdown"]).read_text(encoding="utf-8"))
    output_fn("written: " + ", ".join(result["paths"].values()))
    if args.leaderboard:
        md = board.add(result["paths"]["json"], args.leaderboard_dir)
        output_fn(f"leaderboard: {md}")
    return result


def main(argv: Sequence[str] | None = None) -> int:
    args = argv_list(argv)
    if is_benchmark(args):
        return guarded(PROG, lambda: run_benchmark(args))
    return guarded(PROG, lambda: run(argv))


if __name__ == "__main__":
    raise SystemExit(main())
