"""Tournaments between agents on any env (see docs/architecture.md).

Every pair of agents plays every seat arrangement on the same fixed list of seeds, so seat
advantage and luck cancel and a rerun reproduces the same table. Reported: per pair
wins/draws/losses with a Wilson 95% interval, Bradley-Terry ratings on the Elo scale with a
bootstrap standard error, and a per-role balance report from mirror matches (an agent
against itself). Games run in worker processes.
"""
from __future__ import annotations

import math
import multiprocessing as mp
import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from conan_envs import ConfigError, make_game

from .loading import load_agent
from .match import play_match

Z95 = 1.959963984540054


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


# ---- playing games -------------------------------------------------------------------------
@dataclass(frozen=True)
class GameTask:
    env_id: str
    game_config: tuple[tuple[str, Any], ...]  # sorted (key, value) pairs
    specs: tuple[str, ...]  # agent string per role
    seed: int


def _play(task: GameTask) -> tuple[list[float], int, bool]:
    config = dict(task.game_config)
    game = _game(task.env_id, task.game_config)
    agents = [load_agent(spec, task.env_id, role=r, seed=task.seed * 1009 + r, **config)
              for r, spec in enumerate(task.specs)]
    result = play_match(game, agents, seed=task.seed)
    return result.returns, result.steps, result.truncated


_GAMES: dict[tuple[str, str], Any] = {}


def _game(env_id: str, config_items: tuple[tuple[str, Any], ...]) -> Any:
    key = (env_id, repr(config_items))
    if key not in _GAMES:
        _GAMES[key] = make_game(env_id, **dict(config_items))
    return _GAMES[key]


def _init_worker() -> None:
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass


def run_games(tasks: Iterable[GameTask], workers: int = 1,
              start_method: str | None = None) -> list[tuple[list[float], int, bool]]:
    """Results of `tasks` in order; `workers` > 1 runs them in that many processes
    (``start_method`` defaults to forkserver where available, else spawn)."""
    tasks = list(tasks)
    if workers <= 1 or len(tasks) <= 1:
        return [_play(t) for t in tasks]
    method = start_method or ("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context(method),
                             initializer=_init_worker) as pool:
        return list(pool.map(_play, tasks, chunksize=max(1, len(tasks) // (4 * workers))))


def seatings(num_roles: int,
             sides: Sequence[Sequence[int]] | None = None) -> list[tuple[int, ...]]:
    """Seat arrangements of two agents (0 = A, 1 = B): each side (by default each role) held
    by A alone against B everywhere else, and the reverse; duplicates (two sides) removed. A
    one-role game (the Tower's solo mode) has one: A alone, its record its own wins and
    losses. With `sides` (``Game.sides``) an agent always plays a whole side: the three
    heroes of a miniatures scenario, never one hero beside two of the other agent's."""
    if num_roles == 1:
        return [(0,)]
    out: list[tuple[int, ...]] = []
    for side in sides if sides is not None else [(r,) for r in range(num_roles)]:
        for lone in (0, 1):
            s = tuple(lone if i in side else 1 - lone for i in range(num_roles))
            if s not in out:
                out.append(s)
    return out


# ---- tournaments -----------------------------------------------------------------------------
def tournament(env_id: str, agents: Mapping[str, str] | Sequence[str], games: int = 100,
               seed: int = 0, game_config: Mapping[str, Any] | None = None, workers: int = 1,
               mirror: bool = True, start_method: str | None = None,
               pairs: Sequence[tuple[str, str]] | None = None,
               a_roles: Sequence[str] | None = None,
               pair_games: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any]:
    """Round robin between `agents` (name -> agent string, or a list of strings). Each pair
    plays about `games` games split evenly over the seatings; with `mirror`, each agent also
    plays itself (`games` games) for the per-role balance report. `pairs` limits the round
    robin to the given (name, name) pairs; `a_roles` (role names) keeps only the seatings in
    which the first agent of each pair sits in those roles (a policy trained for one side
    of an asymmetric game); `pair_games` maps (name, name) to another number of games for
    that pair (e.g. fewer against a slow search agent). Returns a JSON-ready dict."""
    agents = dict(agents) if isinstance(agents, Mapping) else {s: s for s in agents}
    names = list(agents)
    game_config = dict(game_config or {})
    game = make_game(env_id, **game_config)
    n = game.num_roles
    config_items = tuple(sorted(game.config.items()))
    seats = seatings(n, game.sides)
    if a_roles is not None:
        bad = set(a_roles) - set(game.roles)
        if bad:
            raise ConfigError(f"a_roles {sorted(bad)} are not roles of {env_id}: {game.roles}")
        seats = [s for s in seats if all(game.roles[i] in a_roles for i in range(n) if s[i] == 0)]
    if not seats:
        raise ConfigError(f"no seating puts the first agent only in roles {a_roles}")
    per_seating = max(1, math.ceil(games / len(seats)))
    if pairs is None:
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    pairs = [(p[0], p[1]) for p in pairs]
    jobs: list[tuple[str, Any, tuple[int, ...] | None, GameTask]] = []  # kind, key, seating, task
    for a, b in pairs:
        if pair_games and (a, b) in pair_games:
            n_seeds = max(1, math.ceil(pair_games[a, b] / len(seats)))
        else:
            n_seeds = per_seating
        for s in seats:
            specs = tuple(agents[a] if x == 0 else agents[b] for x in s)
            for sd in range(seed, seed + n_seeds):
                jobs.append(("pair", (a, b), s, GameTask(env_id, config_items, specs, sd)))
    if mirror:
        mirror_seeds = [seed + 100_000 + i for i in range(games)]
        for a in names:
            for sd in mirror_seeds:
                jobs.append(("mirror", a, None, GameTask(env_id, config_items, (agents[a],) * n, sd)))
    results = run_games([j[3] for j in jobs], workers, start_method)

    pair_stats = {p: _empty() for p in pairs}
    balance: dict[str, dict[str, Any]] = (
        {a: {"games": 0, "truncated": 0, "wins": [0] * n} for a in names} if mirror else {})
    for (kind, key, seating, _task), (returns, steps, truncated) in zip(jobs, results):
        if kind == "pair":
            assert seating is not None
            st = pair_stats[key]
            a_val = np.mean([returns[i] for i in range(n) if seating[i] == 0])
            b_returns = [returns[i] for i in range(n) if seating[i] == 1]
            # a one-role game (solo): no other side; a positive return is a win
            b_val = np.mean(b_returns) if b_returns else 0.0
            outcome = "wins" if a_val > b_val else "losses" if a_val < b_val else "draws"
            st[outcome] += 1
            st["games"] += 1
            st["truncated"] += bool(truncated)
            st["steps"] += steps
            role_key = ",".join(game.roles[i] for i in range(n) if seating[i] == 0)
            by_seat = st["by_seat"].setdefault(role_key, _empty(by_seat=False))
            by_seat[outcome] += 1
            by_seat["games"] += 1
        else:
            bal = balance[key]
            bal["games"] += 1
            bal["truncated"] += bool(truncated)
            top = max(returns)
            winners = [i for i, v in enumerate(returns) if v == top]
            if len({game.side_of(i) for i in winners}) == 1:  # one side won (not a tie)
                for i in winners:
                    bal["wins"][i] += 1

    pair_rows: list[dict[str, Any]] = []
    for (a, b), st in pair_stats.items():
        lo, hi = wilson(st["wins"], st["games"])
        pair_rows.append({"a": a, "b": b, **st, "win_rate": st["wins"] / max(1, st["games"]),
                          "win_ci": [lo, hi],
                          "score": (st["wins"] + 0.5 * st["draws"]) / max(1, st["games"])})
    balance_rows: list[dict[str, Any]] = []
    for a, bal in balance.items():
        for r, w in enumerate(bal["wins"]):
            lo, hi = wilson(w, bal["games"])
            balance_rows.append({"agent": a, "role": game.roles[r], "games": bal["games"], "wins": w,
                                 "win_rate": w / max(1, bal["games"]), "win_ci": [lo, hi],
                                 "truncated": bal["truncated"]})
    ratings = bradley_terry(names, pair_rows, seed=seed)
    return {"env_id": env_id, "game_config": game.config, "roles": list(game.roles),
            "agents": agents, "seeds": {"first": seed, "per_seating": per_seating,
                                        "seatings": [list(s) for s in seats]},
            "pairs": pair_rows, "ratings": ratings, "balance": balance_rows}


def _empty(by_seat: bool = True) -> dict[str, Any]:
    d: dict[str, Any] = {"games": 0, "wins": 0, "draws": 0, "losses": 0}
    if by_seat:
        d.update(truncated=0, steps=0, by_seat={})
    return d


def head_to_head(env_id: str, spec_a: str, spec_b: str, games: int = 100, seed: int = 0,
                 game_config: Mapping[str, Any] | None = None, workers: int = 1,
                 start_method: str | None = None,
                 a_roles: Sequence[str] | None = None) -> dict[str, Any]:
    """One pair's row (A's wins, draws, losses, win rate and interval) over all seatings
    (those with A in `a_roles` if given)."""
    result = tournament(env_id, {"A": spec_a, "B": spec_b}, games, seed, game_config, workers,
                        mirror=False, start_method=start_method, a_roles=a_roles)
    row: dict[str, Any] = result["pairs"][0]
    return row


# ---- ratings ---------------------------------------------------------------------------------
def bradley_terry(names: Sequence[str], pair_rows: Sequence[Mapping[str, Any]], seed: int = 0,
                  bootstrap: int = 200, prior: float = 0.5) -> list[dict[str, Any]]:
    """Bradley-Terry strengths by minorization-maximization, on the Elo scale (mean 1500),
    draws counting half a win each way, with `prior` virtual draws per pair keeping
    unbeaten agents finite; the error is the bootstrap standard deviation."""
    idx = {a: i for i, a in enumerate(names)}
    rows = [(idx[r["a"]], idx[r["b"]], r["wins"], r["draws"], r["losses"]) for r in pair_rows]

    def fit(counts: Sequence[tuple[int, ...]]) -> np.ndarray:
        k = len(names)
        w = np.zeros((k, k))
        for i, j, win, draw, loss in counts:
            w[i, j] += win + 0.5 * draw + prior
            w[j, i] += loss + 0.5 * draw + prior
        games = w + w.T
        p = np.ones(k)
        for _ in range(500):
            denom = np.array([sum(games[i, j] / (p[i] + p[j]) for j in range(k) if j != i and games[i, j] > 0)
                              for i in range(k)])
            new = np.where(denom > 0, w.sum(1) / np.where(denom > 0, denom, 1), p)
            new = new / np.exp(np.mean(np.log(new)))
            if np.max(np.abs(new - p)) < 1e-10:
                p = new
                break
            p = new
        elo = 400 * np.log10(p)
        centred: np.ndarray = elo - elo.mean() + 1500
        return centred

    elo = fit(rows)
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(bootstrap if rows else 0):
        resampled = []
        for i, j, win, draw, loss in rows:
            total = win + draw + loss
            if total == 0:
                continue
            probs = np.array([win + 0.5, draw, loss + 0.5]) / (total + 1)  # smoothed: 8-0 is not certain
            resampled.append((i, j, *rng.multinomial(total, probs)))
        samples.append(fit(resampled))
    err = np.std(samples, axis=0) if samples else np.zeros(len(names))
    order = np.argsort(-elo, kind="stable")
    return [{"agent": names[i], "elo": float(elo[i]), "elo_se": float(err[i])} for i in order]


# ---- reports ---------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def to_markdown(result: Mapping[str, Any]) -> str:
    lines = [f"## {result['env_id']} tournament", "",
             f"Game config: `{result['game_config']}`; seeds from {result['seeds']['first']}, "
             f"{result['seeds']['per_seating']} per seating, seatings {result['seeds']['seatings']}.", ""]
    if result["pairs"]:
        lines += ["| agent A | agent B | games | A wins | draws | B wins | A win rate (95% CI) "
                  "| A score | truncated |",
                  "|---|---|---:|---:|---:|---:|---|---:|---:|"]
        for r in result["pairs"]:
            lo, hi = r["win_ci"]
            lines.append(f"| {r['a']} | {r['b']} | {r['games']} | {r['wins']} | {r['draws']} | "
                         f"{r['losses']} | {_pct(r['win_rate'])} ({_pct(lo)}-{_pct(hi)}) | "
                         f"{r['score']:.3f} | {r['truncated']} |")
        lines += ["", "| rank | agent | Elo (Bradley-Terry) | ± (bootstrap s.e.) |", "|---:|---|---:|---:|"]
        for k, r in enumerate(result["ratings"], 1):
            lines.append(f"| {k} | {r['agent']} | {r['elo']:.0f} | {r['elo_se']:.0f} |")
    if result["balance"]:
        lines += ["", "Role balance (each agent against itself):", "",
                  "| agent | role | games | wins | win rate (95% CI) | truncated |",
                  "|---|---|---:|---:|---|---:|"]
        for r in result["balance"]:
            lo, hi = r["win_ci"]
            lines.append(f"| {r['agent']} | {r['role']} | {r['games']} | {r['wins']} | "
                         f"{_pct(r['win_rate'])} ({_pct(lo)}-{_pct(hi)}) | {r['truncated']} |")
    return "\n".join(lines) + "\n"


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_win_matrix(result: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Heatmap: score of the row agent against the column agent."""
    plt = _plt()
    names = list(result["agents"])
    k = len(names)
    m = np.full((k, k), np.nan)
    for r in result["pairs"]:
        i, j = names.index(r["a"]), names.index(r["b"])
        m[i, j], m[j, i] = r["score"], 1 - r["score"]
    fig, ax = plt.subplots(figsize=(1.6 + 1.1 * k, 1.2 + 0.9 * k))
    im = ax.imshow(m, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(k), names, rotation=30, ha="right")
    ax.set_yticks(range(k), names)
    for i in range(k):
        for j in range(k):
            if not np.isnan(m[i, j]):
                ax.text(j, i, f"{m[i, j]:.2f}", ha="center", va="center")
    ax.set_title(f"{result['env_id']}: score of row vs column")
    fig.colorbar(im, ax=ax)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_learning_curve(csv_path: str | os.PathLike[str], path: str | os.PathLike[str]) -> None:
    """Win rate (with its interval) against each evaluation opponent over training steps,
    from the CSV that training writes."""
    import csv

    plt = _plt()
    series: dict[str, tuple[list[int], list[float], list[float], list[float]]] = {}
    with open(csv_path, newline="") as f:
        for row in csv.DictReader(f):
            s = series.setdefault(row["opponent"], ([], [], [], []))
            s[0].append(int(row["steps"]))
            s[1].append(float(row["win_rate"]))
            s[2].append(float(row["ci_low"]))
            s[3].append(float(row["ci_high"]))
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, (x, y, lo, hi) in series.items():
        ax.plot(x, y, marker="o", label=f"vs {name}")
        ax.fill_between(x, lo, hi, alpha=0.2)
    ax.set_xlabel("training steps")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def save_report(result: Mapping[str, Any], out_dir: str | os.PathLike[str],
                name: str = "tournament") -> dict[str, str]:
    """Write NAME.md, NAME.json and NAME.png (win matrix) under out_dir; returns the paths."""
    import json
    from pathlib import Path

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / f"{name}.md", "json": out / f"{name}.json"}
    paths["markdown"].write_text(to_markdown(result))
    paths["json"].write_text(json.dumps(result, indent=1, default=str))
    if result["pairs"]:
        paths["png"] = out / f"{name}.png"
        plot_win_matrix(result, paths["png"])
    return {k: str(v) for k, v in paths.items()}
