"""Does the fast backend learn as well as SB3? Both train the same config for the same env
steps (Kings 2 players, the learner in either seat against ``scripted``, shaped reward, MLP
64x64, 8 envs, seed 0, no warm start), then each policy plays ``random`` and ``scripted``
``--games`` games, both seats (baselines.evaluation.head_to_head, seed 20000).

    nice -n 10 .venv/bin/python reports/training_speed/learning.py --steps 150000 --games 400 \
        --out /tmp/learning > /tmp/learning.md   # its table goes into README.md

The runs' folders go to ``--out`` (not into the source tree).
"""
from __future__ import annotations

import argparse
import json
import time
from typing import Any

CONFIG: dict[str, Any] = {
    "env_id": "kings_v1", "env_config": {"num_players": 2}, "learn_role": "all",
    "opponents": "scripted", "reward": "shaped",
    "policy": {"net_arch": [64, 64], "activation": "tanh"},
    "ppo": {"n_steps": 512, "batch_size": 256, "n_epochs": 4, "gamma": 0.995, "ent_coef": 0.01},
    "n_envs": 8, "vec_env": "dummy", "tensorboard": False, "progress_bar": False,
    "eval": {"every": 10**9, "games": 0}, "checkpoint_every": 10**9, "seed": 0, "device": "cpu"}


def main() -> None:
    from baselines.evaluation import head_to_head
    from baselines.fast.trainer import run_config
    from baselines.train_config import load_config

    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=150_000)
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--out", default="/tmp/conan_learning")
    p.add_argument("--backends", nargs="*", default=["sb3", "fast"])
    args = p.parse_args()
    rows = []
    for backend in args.backends:
        out = f"{args.out}/{backend}"
        cfg = load_config(None, {**CONFIG, "backend": backend, "total_steps": args.steps, "out_dir": out})
        t = time.time()
        summary = run_config(cfg, log=lambda *a: None)
        train_s = time.time() - t
        for opp in ("random", "scripted"):
            r = head_to_head("kings_v1", f"ppo:{out}/policy", opp, games=args.games, seed=20_000,
                             game_config={"num_players": 2})
            rows.append({"backend": backend, "opponent": opp, "steps": summary["steps"],
                         "train_s": round(train_s, 1), "steps_per_s": round(summary["env_steps_per_s"]),
                         "games": r["games"], "wins": r["wins"], "draws": r["draws"],
                         "losses": r["losses"], "win_rate": round(r["win_rate"], 4),
                         "ci": [round(x, 4) for x in r["win_ci"]]})
    print(f"Kings 2 players vs scripted, {args.steps} env steps, seed 0; {args.games} evaluation "
          f"games per opponent, both seats, seed 20000\n")
    print("| backend | opponent | env steps | train s | env steps/s | wins | draws | losses | win rate "
          "(95% CI) |\n|---|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['backend']} | {r['opponent']} | {r['steps']:,} | {r['train_s']} | {r['steps_per_s']:,} "
              f"| {r['wins']} | {r['draws']} | {r['losses']} | {100 * r['win_rate']:.1f}% "
              f"({100 * r['ci'][0]:.1f}-{100 * r['ci'][1]:.1f}%) |")
    print("\n" + json.dumps(rows))


if __name__ == "__main__":
    main()
