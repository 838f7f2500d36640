"""Scoring a protocol's games and writing them down: per opponent the entrant's wins, draws
and losses with a Wilson 95% interval, its mean score, mean return and the share of truncated
games; Bradley-Terry Elo anchored so that ``random`` = 1000 (:mod:`.elo`); the result JSON
and its Markdown card.

A game is won when the entrant's mean return over its seats is above the mean of the other
seats' returns (lost when below, drawn when equal): with several opponent seats, a win is
finishing first. In a solo game the sign of its return decides. The Elo uses the game's score
(:func:`.elo.seat_score`), so an entrant as good as random rates 1000 at any player count.
The result file holds only what the games decide (no times, no host), so a rerun of a
deterministic entrant writes the same bytes; time and per-move budget go to ``*.run.json``.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..evaluation import wilson
from .elo import anchored, seat_score
from .protocol import Protocol
from .runner import GameJob, GameOutcome

FORMAT = "conan-envs-benchmark-result"
FORMAT_VERSION = 1
ENTRANT = "(entrant)"  # the entrant's node in the rating fit, apart from an opponent of the same name


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("conan-envs")
    except PackageNotFoundError:
        return "unknown"


def outcome(returns: Sequence[float], mine: Sequence[int]) -> str:
    own = float(np.mean([returns[r] for r in mine]))
    others = [returns[r] for r in range(len(returns)) if r not in mine]
    theirs = float(np.mean(others)) if others else 0.0
    return "wins" if own > theirs else "losses" if own < theirs else "draws"


def _r(x: float, digits: int = 6) -> float:
    return round(float(x), digits)


def _tally(games: Sequence[tuple[GameJob, GameOutcome]]) -> dict[str, Any]:
    counts = {"wins": 0, "draws": 0, "losses": 0}
    returns, scores, truncated = [], [], 0
    for job, out in games:
        counts[outcome(out.returns, job.entrant_roles)] += 1
        returns.append(float(np.mean([out.returns[r] for r in job.entrant_roles])))
        scores.append(seat_score(out.returns, job.entrant_roles))
        truncated += out.truncated
    n = len(games)
    lo, hi = wilson(counts["wins"], n)
    return {"games": n, **counts, "win_rate": _r(counts["wins"] / max(1, n)),
            "win_ci": [_r(lo), _r(hi)], "score": _r(float(np.mean(scores)) if scores else 0.0),
            "mean_return": _r(float(np.mean(returns)) if returns else 0.0),
            "truncated": truncated, "truncation_share": _r(truncated / max(1, n))}


def build_result(protocol: Protocol, entrant: Mapping[str, Any], jobs: Sequence[GameJob],
                 outcomes: Sequence[GameOutcome], opponents: Sequence[str | None],
                 overrides: Mapping[str, Any], per_seating: int,
                 game_config: Mapping[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    pairs = list(zip(jobs, outcomes))
    rows = []
    for opp in opponents:
        mine = [(j, o) for j, o in pairs if j.opponent == opp]
        by_seating = {}
        for seating in protocol.seatings:
            idx = tuple(roles.index(r) for r in seating)
            by_seating["+".join(seating)] = _tally([(j, o) for j, o in mine if j.entrant_roles == idx])
        resolved: dict[str, str] = {}
        for j, _ in mine:
            resolved.update({roles[r]: spec for r, spec in enumerate(j.seat_specs) if spec is not None})
        rows.append({"opponent": opp if opp is not None else "none", "resolved": resolved,
                     **_tally(mine), "by_seating": by_seating})
    rated = [o for o in opponents if o is not None]
    elo = anchored([ENTRANT, *rated], [(ENTRANT, opp, [seat_score(o.returns, j.entrant_roles)
                                                       for j, o in pairs if j.opponent == opp])
                                       for opp in rated], seed=protocol.seed)
    games = [[opponents.index(j.opponent), [roles[r] for r in j.entrant_roles], j.seed,
              outcome(o.returns, j.entrant_roles)[0], _r(seat_score(o.returns, j.entrant_roles)),
              [_r(x) for x in o.returns], o.steps, o.truncated]
             for j, o in pairs]
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "protocol": {"id": protocol.id, "version": protocol.version, "sha256": protocol.sha256},
        "package": {"name": "conan-envs", "version": package_version()},
        "env_id": protocol.env_id, "game_config": _jsonable(game_config),
        "entrant": dict(entrant),
        "overrides": dict(overrides),
        "seeds": {"first": protocol.seed, "per_seating": per_seating,
                  "seatings": [list(s) for s in protocol.seatings],
                  "agent_seed": "game seed * 1009 + role index"},
        "summary": {k: v for k, v in _tally(pairs).items()},
        "opponents": rows,
        "elo": elo,
        "games_columns": ["opponent", "entrant_roles", "seed", "outcome", "score", "returns", "steps",
                          "truncated"],
        "games": games,
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def run_info(protocol: Protocol, outcomes: Sequence[GameOutcome], seconds: float, workers: int,
             ray_address: str | None, started: str) -> dict[str, Any]:
    """What depends on the machine: kept out of the compared result."""
    moves = sum(o.entrant_moves for o in outcomes)
    slowest = max((o.entrant_max_seconds for o in outcomes), default=0.0)
    return {"started": started, "seconds": round(seconds, 2), "workers": workers, "ray": ray_address,
            "entrant_moves": moves,
            "entrant_mean_move_seconds": round(sum(o.entrant_seconds for o in outcomes) / max(1, moves), 6),
            "entrant_max_move_seconds": round(slowest, 6),
            "move_time_s": protocol.move_time_s,
            "within_budget": None if protocol.move_time_s is None else slowest <= protocol.move_time_s}


def slug(text: str) -> str:
    """A file name from a protocol id or an entrant name."""
    s = re.sub(r"[^A-Za-z0-9_.=-]+", "-", text.replace("/", "-")).strip("-.")
    return s[:100] or "entrant"


def dumps(result: Mapping[str, Any]) -> str:
    """Sorted keys, one game per line."""
    parts = []
    for key in sorted(result):
        value = result[key]
        if key == "games":
            rows = ",\n".join("  " + json.dumps(row, ensure_ascii=True) for row in value)
            text = f"[\n{rows}\n ]" if value else "[]"
        else:
            text = json.dumps(value, indent=1, sort_keys=True, ensure_ascii=True).replace("\n", "\n ")
        parts.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write(result: Mapping[str, Any], run: Mapping[str, Any], out_dir: str | Path,
          stem: str | None = None) -> dict[str, str]:
    """``STEM.json`` (the result), ``STEM.run.json`` (time and budget) and ``STEM.md`` (the
    card) under `out_dir`; STEM defaults to the protocol id as a file name."""
    from .card import card

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stem = stem or slug(result["protocol"]["id"])
    paths = {"json": out / f"{stem}.json", "run": out / f"{stem}.run.json", "markdown": out / f"{stem}.md"}
    paths["json"].write_text(dumps(result), encoding="utf-8")
    paths["run"].write_text(json.dumps(run, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    paths["markdown"].write_text(card(result, run), encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}
