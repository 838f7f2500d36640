"""Playing a protocol's games: serially, in spawned worker processes, or as Ray tasks.

Each game is a :class:`GameJob` (env, config, the entrant's roles, the opponent's agent
string, the seed); the entrant travels as its agent string where it has one and is built
again in every worker. Results come back in job order, so the numbers do not depend on
the number of workers.
"""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np

from conan_envs import ConfigError

from .entrant import EntrantError, make_agent

AGENT_SEED_STRIDE = 1009  # agent seed = game seed * stride + role, as in baselines.evaluation


@dataclass(frozen=True)
class GameJob:
    env_id: str
    config_items: tuple[tuple[str, Any], ...]
    entrant_roles: tuple[int, ...]
    opponent: str | None  # the protocol's name of the opponent; None in a solo game
    seed: int
    seat_specs: tuple[str | None, ...] = ()  # per role: the opponent's resolved agent string


@dataclass(frozen=True)
class GameOutcome:
    returns: tuple[float, ...]
    steps: int
    truncated: bool
    entrant_moves: int
    entrant_seconds: float  # total time in the entrant's act
    entrant_max_seconds: float  # its slowest move


_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}


def _game(env_id: str, config_items: tuple[tuple[str, Any], ...]) -> Any:
    from conan_envs import make_game

    key = (env_id, config_items)
    if key not in _GAMES:
        _GAMES[key] = make_game(env_id, **dict(config_items))
    return _GAMES[key]


def play_game(job: GameJob, entrant: Any) -> GameOutcome:
    game = _game(job.env_id, job.config_items)
    config = dict(job.config_items)
    agents: list[Any] = []
    for r in range(game.num_roles):
        seed = job.seed * AGENT_SEED_STRIDE + r
        if r in job.entrant_roles:
            agents.append(make_agent(entrant, job.env_id, r, seed, config))
        else:
            from ..loading import load_agent

            spec = job.seat_specs[r] if job.seat_specs else job.opponent
            assert spec is not None
            agents.append(load_agent(spec, job.env_id, r, seed=seed, **config))
    for agent in {id(a): a for a in agents}.values():
        reset = getattr(agent, "reset", None)
        if callable(reset):
            reset()
    state = game.new_initial_state(job.seed)
    steps, moves, total, slowest = 0, 0, 0.0, 0.0
    while not state.is_terminal() and not state.is_truncated():
        role = state.current_player()
        mask = state.legal_action_mask()
        if role in job.entrant_roles:
            t0 = time.perf_counter()
            action = agents[role].act(state.observation(role), mask, state)
            dt = time.perf_counter() - t0
            moves += 1
            total += dt
            slowest = max(slowest, dt)
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                    or not 0 <= int(action) < len(mask) or not mask[int(action)]:
                raise EntrantError(f"the entrant chose {action!r} as {game.roles[role]} at step "
                                   f"{steps} of the game with seed {job.seed}, which is not a legal "
                                   f"action (an int whose action_mask entry is 1)")
        else:
            action = agents[role].act(state.observation(role), mask, state)
        state.apply_action(int(action))
        steps += 1
    return GameOutcome(tuple(float(x) for x in state.returns()), steps, bool(state.is_truncated()),
                       moves, total, slowest)


def play_chunk(entrant: Any, jobs: Sequence[GameJob]) -> list[GameOutcome]:
    return [play_game(job, entrant) for job in jobs]


def _init_worker(paths: Sequence[str]) -> None:
    for p in reversed(paths):
        if p not in sys.path:
            sys.path.insert(0, p)
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass


def chunks(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    size = max(1, min(8, math.ceil(len(jobs) / (4 * max(1, workers)))))
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def progress_bar(total: int, desc: str, enabled: bool | None) -> Any:
    """A tqdm bar on stderr when tqdm is installed and stderr is a terminal (or `enabled`)."""
    show = sys.stderr.isatty() if enabled is None else enabled
    if not show:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, unit="game", file=sys.stderr, leave=False)


def run_jobs(jobs: Sequence[GameJob], entrant: Any, workers: int = 1, ray_address: str | None = None,
             progress: bool | None = None, desc: str = "") -> list[GameOutcome]:
    """Outcomes of `jobs` in order."""
    bar = progress_bar(len(jobs), desc, progress)
    tick: Callable[[int], Any] = bar.update if bar is not None else (lambda n: None)
    try:
        if ray_address is not None:
            return _run_ray(jobs, entrant, ray_address, workers, tick)
        if workers <= 1 or len(jobs) <= 1:
            out = []
            for job in jobs:
                out.append(play_game(job, entrant))
                tick(1)
            return out
        return _run_pool(jobs, entrant, workers, tick)
    finally:
        if bar is not None:
            bar.close()


def _run_pool(jobs: Sequence[GameJob], entrant: Any, workers: int,
              tick: Callable[[int], Any]) -> list[GameOutcome]:
    import pickle

    try:
        pickle.dumps(entrant)
    except Exception as e:  # noqa: BLE001 (any pickling failure means the same to the user)
        raise EntrantError(f"workers > 1 need an entrant that can be sent to another process (an "
                           f"agent string, or a module-level factory); this one cannot ({e}); "
                           f"use workers=1") from None
    parts = chunks(jobs, workers)
    results: list[list[GameOutcome] | None] = [None] * len(parts)
    paths = [os.getcwd(), *[p for p in sys.path if p]]
    with ProcessPoolExecutor(max_workers=min(workers, len(parts)), mp_context=mp.get_context("spawn"),
                             initializer=_init_worker, initargs=(paths,)) as pool:
        futures = {pool.submit(play_chunk, entrant, part): i for i, part in enumerate(parts)}
        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            tick(len(parts[futures[fut]]))
    return [o for part in results if part is not None for o in part]


def _run_ray(jobs: Sequence[GameJob], entrant: Any, address: str, workers: int,
             tick: Callable[[int], Any]) -> list[GameOutcome]:
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs Ray installed: pip install 'conan-envs[rllib]' (or pip "
                          "install ray)") from None
    paths = os.pathsep.join([os.getcwd(), *[p for p in sys.path if p]])
    try:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False,
                 runtime_env={"env_vars": {"PYTHONPATH": paths}})
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise ConfigError(f"--ray {address}: cannot connect to a Ray cluster there "
                          f"({' '.join(str(e).split())})") from None
    remote = ray.remote(num_cpus=1)(play_chunk)
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    parts = chunks(jobs, max(workers, int(cpus)))
    refs = [remote.remote(entrant, part) for part in parts]
    index = {ref: i for i, ref in enumerate(refs)}
    results: list[list[GameOutcome] | None] = [None] * len(parts)
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            results[index[ref]] = ray.get(ref)
            tick(len(parts[index[ref]]))
    return [o for part in results if part is not None for o in part]
