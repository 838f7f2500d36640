"""Benchmark protocols: score your own policy against fixed references.

    from baselines.benchmark import run_protocol
    result = run_protocol("kings_v2/2p", "python:my_pkg.agents:make", out="results")
    result = run_protocol("tower_v2/battle-yara", MyAgent(), games=20)  # any act(obs, mask, state=None)

A protocol (``baselines/protocols/*.yaml``, see :mod:`baselines.benchmark.protocol`) pins the
env and its config, the seat(s) the entrant plays, the reference opponents, the games and
seeds; ``run_protocol`` plays it and returns the result (per opponent: win rate with its 95%
interval, mean return, truncation share; Elo anchored so that ``random`` = 1000); with
``out`` it writes the result JSON, a ``.run.json`` with times and a Markdown card. The
command line is ``conan-evaluate --protocol ID --agent SPEC``; leaderboards are built by
:mod:`baselines.benchmark.leaderboard`.
"""
from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from conan_envs import ConfigError, make_game

from .entrant import EntrantError, check_entrant, entrant_name, resolve_spec
from .protocol import Protocol, ProtocolError, get_protocol, list_lines, protocols
from .result import build_result, run_info, write
from .runner import GameJob, run_jobs


def plan(protocol: Protocol, games: int | None = None, opponents: Sequence[str] | None = None,
         config: Mapping[str, Any] | None = None) -> tuple[list[GameJob], list[str | None], int, Any]:
    """The games of a protocol: (jobs, opponents, games per seating, game)."""
    if games is not None and (type(games) is not int or games < 1):
        raise ConfigError(f"games={games!r}: a whole number of at least 1 (games per opponent)")
    if opponents is not None:
        if protocol.solo:
            raise ProtocolError(f"{protocol.id} is a solo protocol: it has no opponents to choose")
        unknown = [o for o in opponents if o not in protocol.opponents]
        if unknown or not opponents:
            raise ProtocolError(f"opponents {list(unknown) or list(opponents)} are not among "
                                f"{protocol.id}'s: {', '.join(protocol.opponents)}")
    game = make_game(protocol.env_id, **{**protocol.config, **dict(config or {})})
    per_seating = protocol.per_seating if games is None else max(1, -(-games // len(protocol.seatings)))
    chosen: list[str | None] = ([o for o in protocol.opponents if o in opponents] if opponents
                                else list(protocol.opponents) or [None])
    items = tuple(sorted(game.config.items()))
    jobs = []
    for opp in chosen:
        specs = resolve_opponent(opp, protocol.env_id, game)
        for seating in protocol.seatings:
            mine = tuple(game.roles.index(r) for r in seating)
            seat_specs = tuple(None if r in mine else specs[r] for r in range(game.num_roles))
            jobs += [GameJob(protocol.env_id, items, mine, opp, seed, seat_specs)
                     for seed in range(protocol.seed, protocol.seed + per_seating)]
    return jobs, chosen, per_seating, game


def resolve_opponent(opponent: str | None, env_id: str, game: Any) -> list[str | None]:
    """The agent string `opponent` stands for in each role (:func:`.entrant.resolve_spec`)."""
    if opponent is None:
        return [None] * game.num_roles
    return [resolve_spec(opponent, env_id, r, game) for r in range(game.num_roles)]


def run_protocol(protocol_id: str | Protocol, agent_or_factory: Any, games: int | None = None,
                 workers: int = 1, out: str | Path | None = None, *, name: str | None = None,
                 opponents: Sequence[str] | None = None, config: Mapping[str, Any] | None = None,
                 ray_address: str | None = None, progress: bool | None = None,
                 stem: str | None = None) -> dict[str, Any]:
    """Play protocol `protocol_id` for an entrant and return its result.

    `agent_or_factory`: an agent string (``python:package.module:factory``, ``ppo:PATH``,
    any string ``load_agent`` takes), an object with ``act(observation, action_mask,
    state=None)``, or a factory called ``factory(env_id=..., role=..., seed=...,
    **game_config)``. `games` overrides the games per opponent (for a quick look);
    `opponents` keeps only some of the protocol's opponents; `config` overrides game
    options (e.g. ``{"max_turns": 5}`` in tests). Every override is written into the result,
    and the leaderboard refuses results with `config` overrides. `workers` > 1 plays in
    spawned processes, `ray_address` as Ray tasks. With `out`, writes STEM.json, STEM.run.json
    and STEM.md there (STEM: the protocol id as a file name) and adds ``paths`` to the result."""
    protocol = get_protocol(protocol_id)
    if type(workers) is not int or workers < 1:
        raise ConfigError(f"workers={workers!r}: a whole number of at least 1")
    jobs, chosen, per_seating, game = plan(protocol, games, opponents, config)
    check_entrant(agent_or_factory, protocol.env_id, dict(game.config))
    from ..loading import validate_agent

    for opp, spec in sorted({(j.opponent, s) for j in jobs for s in j.seat_specs if s is not None}):
        try:
            validate_agent(spec, protocol.env_id, **game.config)
        except ConfigError as e:
            raise ProtocolError(f"{protocol.id}: reference opponent {opp!r} ({spec}) cannot be "
                                f"loaded here: {e}") from None
    overrides: dict[str, Any] = {}
    if games is not None:
        overrides["games"] = games
    if opponents is not None:
        overrides["opponents"] = list(chosen)
    if config:
        overrides["game_config"] = {k: v for k, v in sorted(dict(config).items())}
    entrant: dict[str, Any] = {"name": name or entrant_name(agent_or_factory),
                               "spec": agent_or_factory if isinstance(agent_or_factory, str) else None}
    if isinstance(agent_or_factory, str) and not agent_or_factory.startswith("python:"):
        resolved = {r: resolve_spec(agent_or_factory, protocol.env_id, game.role_index(r), game)
                    for seating in protocol.seatings for r in seating}
        if set(resolved.values()) != {agent_or_factory}:
            entrant["resolved"] = resolved
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    t0 = time.perf_counter()
    outcomes = run_jobs(jobs, agent_or_factory, workers=workers, ray_address=ray_address,
                        progress=progress, desc=protocol.id)
    result = build_result(protocol, entrant, jobs, outcomes, chosen, overrides, per_seating,
                          game.config, list(game.roles))
    run = run_info(protocol, outcomes, time.perf_counter() - t0, workers, ray_address, started)
    if out is not None:
        paths = write(result, run, out, stem)
        return {**result, "run": run, "paths": paths}
    return {**result, "run": run}


__all__ = ["run_protocol", "get_protocol", "protocols", "list_lines", "Protocol", "ProtocolError",
           "EntrantError", "plan", "resolve_opponent"]
