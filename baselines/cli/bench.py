"""conan-bench: random legal play per env: rules-core steps/s and PettingZoo env steps/s (the AEC loop
with masks), with PettingZoo's own connect_four_v3 measured alongside for reference. The
three are measured in alternating short slices, so that the machine's load falls on each
alike and the ratio env / connect_four is fair.

    conan-bench                                  # every env, 3 s each, JSON to stdout
    conan-bench --env kings_v2 --seconds 10 --config num_players=4 --out bench.json
"""
from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import conan_envs

from .common import Parser, UserError, argv_list, guarded, parse_pairs

PROG = "conan-bench"


class CoreRun:
    """Random legal play on the rules core; games carry on across measuring slices."""

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game, self.rng = game, np.random.default_rng(seed)
        self.state, self.steps, self.games, self.seconds = None, 0, 0, 0.0

    def run(self, seconds: float) -> None:
        rng, clock = self.rng, time.perf_counter
        start = clock()
        deadline = start + seconds
        state = self.state
        while clock() < deadline:
            if state is None or state.is_terminal() or state.is_truncated():
                if state is not None:
                    self.games += 1
                state = self.game.new_initial_state(int(rng.integers(2**31)))
            legal = np.flatnonzero(state.legal_action_mask())
            state.apply_action(int(legal[rng.integers(legal.size)]))
            self.steps += 1
        self.state = state
        self.seconds += clock() - start

    def report(self) -> dict[str, Any]:
        return {"steps_per_s": self.steps / self.seconds, "games": self.games,
                "steps_per_game": self.steps / max(self.games, 1)}


class AECRun:
    """The PettingZoo AEC loop with masks (what a training loop does), random legal play."""

    def __init__(self, env: Any, seed: int = 0) -> None:
        self.env, self.rng = env, np.random.default_rng(seed)
        self.started, self.steps, self.games, self.seconds = False, 0, 0, 0.0

    def run(self, seconds: float) -> None:
        env, rng, clock = self.env, self.rng, time.perf_counter
        start = clock()
        deadline = start + seconds
        while clock() < deadline:
            if not self.started or not env.agents:
                if self.started:
                    self.games += 1
                env.reset(seed=int(rng.integers(2**31)))
                self.started = True
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
            self.steps += 1
        self.seconds += clock() - start

    def report(self) -> dict[str, Any]:
        return {"steps_per_s": self.steps / self.seconds, "games": self.games}


def interleave(runs: Mapping[str, CoreRun | AECRun], seconds: float,
               slice_s: float = 0.2) -> dict[str, dict[str, Any]]:
    """Measure each run for `seconds` in alternating slices, so a changing machine load
    falls on all of them alike and their ratios mean something."""
    for _ in range(max(1, round(seconds / slice_s))):
        for r in runs.values():
            r.run(slice_s)
    return {name: r.report() for name, r in runs.items()}


def connect_four() -> Any:
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError:  # PettingZoo's classic envs need pygame
        return None
    return connect_four_v3.raw_env()


def build_parser() -> Parser:
    p = Parser(prog=PROG, description=__doc__)
    p.add_argument("--env", action="append", metavar="ENV_ID",
                   help=f"env id (repeatable; default: all of {', '.join(conan_envs.ENV_IDS)})")
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement and env")
    p.add_argument("--no-reference", action="store_true", help="skip connect_four_v3")
    p.add_argument("--out", help="also write the JSON here")
    return p


def run(argv: Sequence[str] | None = None,
        output_fn: Callable[[str], None] = print) -> dict[str, Any]:
    args = build_parser().parse_args(argv_list(argv))
    if not 0 < args.seconds <= 3600:
        raise UserError(f"--seconds {args.seconds} must be more than 0 and at most 3600")
    config = parse_pairs(args.config)
    env_ids = args.env or list(conan_envs.ENV_IDS)
    for env_id in env_ids:  # every id and config checked before any measuring
        conan_envs.make_game(env_id, **config)
    if args.out and not Path(args.out).parent.is_dir():
        raise UserError(f"--out {args.out}: no folder {Path(args.out).parent}")
    result: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                              "seconds": args.seconds, "envs": {}}
    reference = None if args.no_reference else connect_four()
    if reference is None and not args.no_reference:
        result["connect_four_v3"] = "skipped: pip install pygame to measure it"
    for env_id in env_ids:
        game = conan_envs.make_game(env_id, **config)
        runs: dict[str, CoreRun | AECRun] = {
            "core": CoreRun(game), "env": AECRun(conan_envs.make(env_id, **config))}
        if reference is not None:
            runs["connect_four_v3"] = AECRun(reference)
        rates = interleave(runs, args.seconds)
        entry = {"config": game.config, **rates}
        if reference is not None:
            entry["env_vs_connect_four"] = (rates["env"]["steps_per_s"]
                                            / rates["connect_four_v3"]["steps_per_s"])
        result["envs"][env_id] = entry
    text = json.dumps(result, indent=2, default=str)
    output_fn(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return result


def main(argv: Sequence[str] | None = None) -> int:
    return guarded(PROG, lambda: run(argv))


if __name__ == "__main__":
    raise SystemExit(main())
