"""A tournament between agents on any env: win rates with 95% intervals, Bradley-Terry
Elo, per-role balance; Markdown, JSON and PNG outputs (see baselines/evaluation.py).

    python scripts/evaluate.py kings_v1 random mcts:simulations=200 ppo:runs/kings/policy --games 400
    python scripts/evaluate.py tower_v1 --config mode=battle random scripted --out reports/tower
    python scripts/evaluate.py kings_v1 random mcts --curve runs/kings/eval.csv
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import conan_envs  # noqa: E402
from baselines import parse_spec  # noqa: E402
from baselines.evaluation import plot_learning_curve, save_report, to_markdown, tournament  # noqa: E402


def game_config(text: str) -> dict:
    return parse_spec(f"x:{text}")[1] if text else {}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("env_id", choices=conan_envs.ENV_IDS)
    p.add_argument("agents", nargs="+", help="agent strings; NAME=SPEC gives one a short name")
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--games", type=int, default=100, help="games per pair (split over the seatings)")
    p.add_argument("--seed", type=int, default=0, help="first seed of the fixed seed list")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                   help="processes that play games in parallel")
    p.add_argument("--no-mirror", action="store_true", help="skip the per-role balance games")
    p.add_argument("--vs", help="play only the pairs of this agent against each of the others")
    p.add_argument("--out", default="reports", help="folder for NAME.md, NAME.json, NAME.png")
    p.add_argument("--name", default=None, help="report file name (default: ENV_tournament)")
    p.add_argument("--curve", help="a training eval.csv to plot as a learning curve PNG too")
    return p.parse_args(argv)


def main(argv=None, output_fn=print) -> dict:
    args = parse_args(argv)
    agents = {}
    for a in args.agents:
        name, eq, spec = a.partition("=")
        if eq and ":" not in name:
            agents[name] = spec
        else:
            agents[a] = a
    if len(agents) < 2 and args.no_mirror:
        raise conan_envs.ConfigError("nothing to play: give two agents or allow mirror games")
    pairs = None
    if args.vs:
        if args.vs not in agents:
            raise conan_envs.ConfigError(f"--vs {args.vs!r} is not one of the agents {list(agents)}")
        pairs = [(args.vs, b) for b in agents if b != args.vs]
    result = tournament(args.env_id, agents, games=args.games, seed=args.seed,
                        game_config=game_config(args.config), workers=args.workers,
                        mirror=not args.no_mirror, pairs=pairs)
    name = args.name or f"{args.env_id}_tournament"
    paths = save_report(result, args.out, name)
    if args.curve:
        paths["curve"] = str(Path(args.out) / f"{name}_curve.png")
        plot_learning_curve(args.curve, paths["curve"])
    output_fn(to_markdown(result))
    output_fn("written: " + ", ".join(paths.values()))
    result["paths"] = paths
    return result


if __name__ == "__main__":
    try:
        main()
    except conan_envs.ConfigError as e:
        sys.exit(f"error: {e}")
