"""Random legal play per env: rules-core steps/s and PettingZoo env steps/s (the AEC loop
with masks), with PettingZoo's own connect_four_v3 measured in the same run for reference.

    python scripts/bench.py                      # every env, 3 s each, JSON to stdout
    python scripts/bench.py --env kings_v0 --seconds 10 --config num_players=4 --out bench.json
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import conan_envs  # noqa: E402
from baselines import parse_spec  # noqa: E402


def bench_core(game, seconds: float, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(int(rng.integers(2**31)))
        while not state.is_terminal() and not state.is_truncated():
            legal = np.flatnonzero(state.legal_action_mask())
            state.apply_action(int(legal[rng.integers(legal.size)]))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "games": games, "steps_per_game": steps / max(games, 1)}


def bench_aec(env, seconds: float, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=int(rng.integers(2**31)))
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(legal.size)])
                steps += 1
            env.step(action)
        games += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "games": games}


def reference(seconds: float) -> dict | None:
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError as e:  # pygame is needed by PettingZoo's classic envs
        return {"skipped": f"connect_four_v3 unavailable ({e}); pip install pygame"}
    return bench_aec(connect_four_v3.raw_env(), seconds)


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", action="append", choices=conan_envs.ENV_IDS,
                   help="env id (repeatable; default: all)")
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--no-reference", action="store_true", help="skip connect_four_v3")
    p.add_argument("--out", help="also write the JSON here")
    args = p.parse_args(argv)
    config = parse_spec("x:" + args.config)[1] if args.config else {}
    result = {"python": platform.python_version(), "machine": platform.machine(),
              "seconds": args.seconds, "envs": {}}
    for env_id in args.env or conan_envs.ENV_IDS:
        game = conan_envs.make_game(env_id, **config)
        result["envs"][env_id] = {
            "config": game.config,
            "core": bench_core(game, args.seconds),
            "env": bench_aec(conan_envs.make(env_id, **config), args.seconds),
        }
    if not args.no_reference:
        result["connect_four_v3"] = reference(args.seconds)
    text = json.dumps(result, indent=2, default=str)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return result


if __name__ == "__main__":
    main()
