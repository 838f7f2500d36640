"""Bradley-Terry ratings on the Elo scale from game scores, anchored so that ``random`` = 1000.

A game's score for the entrant is its share of the opponent seats it finished above (ties
half): 1 or 0 in a two-sided game, and in a game of several players an entrant as good as
the field expects 1/2. Each pair's total score gets one virtual draw (so an unbeaten entrant
stays finite); the error is the standard deviation over resampled games (fixed seed).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

ANCHOR, ANCHOR_ELO = "random", 1000.0
PRIOR = 1.0  # virtual games per pair, scored 1/2


def seat_score(returns: Sequence[float], mine: Sequence[int]) -> float:
    """The entrant's score in one game (see the module's docstring)."""
    own = float(np.mean([returns[r] for r in mine]))
    others = [returns[r] for r in range(len(returns)) if r not in mine]
    if not others:
        return 1.0 if own > 0 else 0.0 if own < 0 else 0.5
    return sum(1.0 if own > x else 0.5 if own == x else 0.0 for x in others) / len(others)


def fit(names: Sequence[str], edges: Sequence[tuple[str, str, Sequence[float]]]) -> np.ndarray:
    """Elo (mean 0) of `names` from (a, b, a's scores against b) edges: the Bradley-Terry
    maximum likelihood by Newton's method (the players must be joined by games)."""
    idx = {a: i for i, a in enumerate(names)}
    k = len(names)
    wins = np.zeros((k, k))
    for a, b, scores in edges:
        i, j = idx[a], idx[b]
        if i == j or not len(scores):
            continue
        total = float(np.sum(scores))
        wins[i, j] += total + PRIOR / 2
        wins[j, i] += len(scores) - total + PRIOR / 2
    games = wins + wins.T
    theta = np.zeros(k)
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        grad = (wins - games * p).sum(1)
        curv = games * p * (1 - p)
        hess = np.diag(curv.sum(1)) - curv  # minus the Hessian
        step = np.linalg.solve(hess[1:, 1:], grad[1:])  # player 0 held at 0
        theta[1:] += step
        if float(np.max(np.abs(step), initial=0.0)) < 1e-12:
            break
    elo: np.ndarray = 400 / np.log(10) * theta
    centred: np.ndarray = elo - elo.mean()
    return centred


def linked(edges: Sequence[tuple[str, str, Sequence[float]]], anchor: str = ANCHOR) -> set[str]:
    """The players joined to the anchor by games: only they have a rating on its scale."""
    seen, frontier = {anchor}, [anchor]
    while frontier:
        x = frontier.pop()
        for a, b, s in edges:
            if len(s) and a != b and x in (a, b) and (b if x == a else a) not in seen:
                seen.add(b if x == a else a)
                frontier.append(b if x == a else a)
    return seen


def anchored(names: Sequence[str], edges: Sequence[tuple[str, str, Sequence[float]]],
             seed: int = 0, bootstrap: int = 100, anchor: str = ANCHOR) -> dict[str, Any] | None:
    """{"anchor", "ratings": [{agent, elo, elo_se}] best first}, ``random`` at 1000; None when
    random played no game. Players not joined to random by games are left out. `anchor`
    names the player that stands for random (the reference opponent, on a board whose
    entrants take other seats than their opponents)."""
    names = [n for n in names if n in linked(edges, anchor)]
    if anchor not in names:
        return None
    edges = [e for e in edges if e[0] in names and e[1] in names]
    a = names.index(anchor)
    elo = fit(names, edges)
    elo = elo - elo[a] + ANCHOR_ELO
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(bootstrap):
        resampled: list[tuple[str, str, Sequence[float]]] = [
            (x, y, np.asarray(s)[rng.integers(0, len(s), len(s))].tolist()) for x, y, s in edges if len(s)]
        e = fit(names, resampled)
        samples.append(e - e[a] + ANCHOR_ELO)
    err = np.std(samples, axis=0) if samples else np.zeros(len(names))
    order = sorted(range(len(names)), key=lambda i: (-round(float(elo[i]), 6), names[i]))
    return {"anchor": f"{ANCHOR}={ANCHOR_ELO:.0f}",
            "ratings": [{"agent": names[i], "elo": round(float(elo[i]), 1),
                         "elo_se": round(float(err[i]), 1)} for i in order]}


def edges_of(rows: Mapping[str, Sequence[float]], entrant: str) -> list[tuple[str, str, Sequence[float]]]:
    return [(entrant, opp, scores) for opp, scores in rows.items()]
