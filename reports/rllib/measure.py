"""Env steps per second of training on kings_v2 (2 players, self-play, MLP 64x64, PPO with
256-step rollouts per env): the SB3 path and the RLlib path with 1 and 2 env runners.

    .venv/bin/python reports/rllib/measure.py --steps 6000 > reports/rllib/throughput.md

Each figure is env steps sampled over the whole run's wall time (sampling and learning),
so it is what a user sees, not the env alone.
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time

BASE = {"env_id": "kings_v2", "env_config": {"num_players": 2}, "learn_role": "all",
        "opponents": "self", "policy": {"net_arch": [64, 64], "activation": "tanh"},
        "ppo": {"n_steps": 256, "batch_size": 256, "n_epochs": 2}, "tensorboard": False,
        "progress_bar": False}


def sb3(steps: int, out: str) -> float:
    from baselines.train_config import load_config
    from baselines.training import Trainer

    cfg = load_config(None, {**BASE, "n_envs": 2, "vec_env": "dummy", "total_steps": steps,
                             "out_dir": out, "eval": {"every": 10**9, "games": 0},
                             "checkpoint_every": 10**9})
    t = time.time()
    Trainer(cfg, lambda *a: None).run()
    return steps / (time.time() - t)


def rllib(steps: int, out: str, runners: int) -> float:
    from baselines.rllib.train import load, train

    cfg = load(None, {**BASE, "n_envs": 2, "runners": runners, "total_steps": steps,
                      "out_dir": out, "checkpoint_every": 10**9})
    return float(train(cfg, log=lambda *a: None)["steps_per_second"])


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=6000)
    args = p.parse_args()
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    rows = []
    with tempfile.TemporaryDirectory(prefix="cthr") as tmp:
        rows.append(("SB3 MaskablePPO, 2 envs in one process", sb3(args.steps, f"{tmp}/sb3")))
        for r in (1, 2):
            rows.append((f"RLlib PPO, {r} env runner{'s' if r > 1 else ''} x 2 envs",
                         rllib(args.steps, f"{tmp}/rl{r}", r)))
    print(f"kings_v2, 2 players, {args.steps} env steps per run, {os.cpu_count()} cores\n")
    print("| path | env steps/s |\n|---|---:|")
    for name, v in rows:
        print(f"| {name} | {v:,.0f} |")
    print("\n" + json.dumps({name: round(v, 1) for name, v in rows}))


if __name__ == "__main__":
    main()
