"""A league's Nash meta-strategy: the mixture of our policies that the best known opponent
does worst against.

    python reports/league/nash.py --env miniatures_v2 --config scenario=tigress --side overlord \\
        --rows policy:A policy:B scripted --cols scripted ppo:runs/exploit/X/policy ... \\
        --games 100 --out runs/nash/tigress

Every row (one of our agents, on `--side`) plays every column (an opponent on the other
roles: the scripted players, the human-style plans, the exploiters each trained against one
of our policies) for `--games` games on seeds from `--seed`; the payoff is the share of
games the column does not win. The row mixture that maximises its worst column
(baselines/metasolver.py) is PSRO's meta-strategy: ship it as ``mix:members=...,weights=...``
and train the next exploiter against it. Each cell's result is kept in ``OUT/cells.json``, so
a rerun with more rows or columns plays only the new cells; the Markdown table, the weights
and the agent string go to stdout and ``OUT/nash.md``.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from baselines.cli.common import parse_pairs
from baselines.evaluation import head_to_head
from baselines.metasolver import solve_zero_sum, spread_within
from conan_envs import make_game


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env", required=True, help="env id, e.g. miniatures_v2")
    p.add_argument("--config", default="", help="game options, k=v,k=v")
    p.add_argument("--side", required=True, help="a role of our agents' side")
    p.add_argument("--rows", nargs="+", required=True, help="our agents (agent strings)")
    p.add_argument("--cols", nargs="+", required=True, help="the opponents (agent strings)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=70_000)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", required=True, help="where cells.json and nash.md go (outside git)")
    p.add_argument("--spread", type=float, default=None, metavar="SLACK",
                   help="also the most spread mixture within SLACK of the Nash value "
                        "(baselines.metasolver.spread_within)")
    a = p.parse_args(argv)
    config = parse_pairs(a.config) if a.config else {}
    game = make_game(a.env, **config)
    side = game.side_of(game.role_index(a.side))
    others = [game.roles[r] for r in range(game.num_roles) if r not in side]
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    cells_path = out / "cells.json"
    cells: dict[str, dict[str, Any]] = json.loads(cells_path.read_text()) if cells_path.exists() else {}
    for row in a.rows:
        for col in a.cols:
            key = f"{row} || {col}"
            if key in cells and cells[key]["games"] == a.games and cells[key]["seed"] == a.seed:
                continue
            start = time.perf_counter()
            r = head_to_head(a.env, col, row, games=a.games, seed=a.seed, game_config=game.config,
                             workers=a.workers, a_roles=others)
            cells[key] = {"games": r["games"], "seed": a.seed, "col_wins": r["wins"],
                          "draws": r["draws"], "seconds": round(time.perf_counter() - start, 1)}
            cells_path.write_text(json.dumps(cells, indent=1))
            print(f"{row} vs {col}: the opponent won {r['wins']}/{r['games']}", flush=True)
    payoff = np.array([[1 - cells[f"{row} || {col}"]["col_wins"] / cells[f"{row} || {col}"]["games"]
                        for col in a.cols] for row in a.rows])
    text = report(a, payoff)
    (out / "nash.md").write_text(text)
    print(text)
    return 0


def report(a: argparse.Namespace, payoff: np.ndarray) -> str:
    s = solve_zero_sum(payoff)
    lines = [f"`{a.env}` {a.config or '(defaults)'}, our side: {a.side}; {a.games} games a cell on "
             f"seeds {a.seed}-{a.seed + a.games - 1}. Each cell: the opponent's wins (of {a.games}).", "",
             "| ours \\ opponent | " + " | ".join(f"`{c}`" for c in a.cols) + " | Nash weight |",
             "|---" * (len(a.cols) + 2) + "|"]
    for i, row in enumerate(a.rows):
        wins = [round((1 - payoff[i, j]) * a.games) for j in range(len(a.cols))]
        lines.append(f"| `{row}` | " + " | ".join(str(w) for w in wins) + f" | {s.row_weights[i]:.3f} |")
    mixed = 1 - s.row_weights @ payoff
    uniform = 1 - payoff.mean(axis=0)
    lines.append("| the Nash mixture | " + " | ".join(f"{100 * m:.1f}%" for m in mixed) + " | |")
    lines.append("| the equal mixture | " + " | ".join(f"{100 * u:.1f}%" for u in uniform) + " | |")
    lines += ["", f"The best opponent wins {100 * (1 - s.value):.1f}% against the Nash mixture "
              f"(duality gap {s.gap:.4f}); against the equal mixture, {100 * uniform.max():.1f}%.",
              "", f"Ship as: `{ship_spec(a.rows, s.row_weights, 0.01)}`", ""]
    if a.spread is not None:
        spread = spread_within(payoff, a.spread).row_weights
        kept = np.where(spread >= 0.03, spread, 0.0)  # members below 3% dropped, the rest renormalised
        kept /= kept.sum()
        worst = 1 - (kept @ payoff).min()
        lines += [f"The most spread mixture within {100 * a.spread:.0f} points of the Nash value, "
                  f"members below 3% dropped: the best opponent wins {100 * worst:.1f}% against it.",
                  "", f"Ship as: `{ship_spec(a.rows, kept, 0.03)}`", ""]
    return "\n".join(lines)


def ship_spec(rows: list[str], weights: np.ndarray, least: float) -> str:
    """The agent string of the mixture of the rows weighing `least` or more."""
    kept = [(row, w) for row, w in zip(rows, weights) if w >= least]
    total = sum(w for _, w in kept)
    members = "|".join(row for row, _ in kept)
    shares = "|".join(f"{w / total:.3f}" for _, w in kept)
    return f"mix:members={members},weights={shares}" if len(kept) > 1 else kept[0][0]


if __name__ == "__main__":
    sys.exit(main())
