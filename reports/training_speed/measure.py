"""Env steps per second of training, SB3 MaskablePPO against the fast backend
(baselines/fast), at the same settings, measured in one run; with the time split into the
environments (rules and encoders), their opponents, the policy's forward (inference) and
learning, and the share of the wall time spent in the environments.

    nice -n 10 .venv/bin/python reports/training_speed/measure.py --steps 20480 --repeats 2 \
        > /tmp/speed.md   # its table goes into README.md

Games (MLP 64x64, 8 envs, PPO n_steps 512, batch 256, 4 epochs, no evaluation, no
TensorBoard): Kings 2 players, the learner in either seat against ``scripted``; the
miniatures Overlord (clutches, 3 heroes) against the scripted heroes. Each setting runs
``--repeats`` times, interleaved (sb3, fast without and with the learning overlapped, fast
with 1 and 2 workers, sb3, ...), and the best run of each is kept: on a shared machine the
best is the least disturbed; the ratio to SB3 is the median over the repeats of the ratio
within each repeat (runs a minute apart, under about the same load). The fast backend's
learning runs in a process of its own beside the environments (``overlap_learning``, the
default) except in the rows that say otherwise; its "learning" column is then time that
overlaps the others, and "wait on learner" the part that did not. The rows with workers and
the learning not overlapped show how the games' steps grow with worker processes when the
cores are theirs while they play. ``--workers 4 8`` adds worker
counts; ``--rllib`` adds Ray RLlib's PPO (2 env runners x 4 envs; self-play only,
so its row plays Kings against its own policy, not against scripted). The SB3 split: the
environments' time is ``VecEnv.step`` (rules, encoders and opponents together), learning is
``model.train``, inference the rest of the rollout.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

GAMES: dict[str, dict[str, Any]] = {
    "Kings 2p vs scripted": {"env_id": "kings_v2", "env_config": {"num_players": 2},
                             "learn_role": "all", "opponents": "scripted"},
    "Miniatures Overlord (clutches) vs scripted heroes": {
        "env_id": "miniatures_v2", "env_config": {"scenario": "clutches", "num_heroes": 3},
        "learn_role": "overlord", "opponents": {"default": "scripted"}},
}
COMMON: dict[str, Any] = {"policy": {"net_arch": [64, 64], "activation": "tanh"},
                          "ppo": {"n_steps": 512, "batch_size": 256, "n_epochs": 4},
                          "n_envs": 8, "vec_env": "dummy", "tensorboard": False,
                          "progress_bar": False, "eval": {"every": 10**9, "games": 0},
                          "checkpoint_every": 10**9, "pool": {"snapshot_every": 10**9},
                          "seed": 0, "device": "cpu"}


def config(game: str, steps: int, out: str, **extra: Any) -> dict[str, Any]:
    from baselines.train_config import load_config

    return load_config(None, {**GAMES[game], **COMMON, "total_steps": steps, "out_dir": out, **extra})


def sb3(game: str, steps: int, out: str, clock: Any = time.perf_counter) -> dict[str, Any]:
    """The SB3 backend's model and envs, as baselines.training.Trainer builds them, timed
    (``clock``: wall time by default; ``time.thread_time`` gives the CPU time, all of it on
    this thread: one torch thread, DummyVecEnv)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import Logger
    from stable_baselines3.common.vec_env import VecEnvWrapper

    from baselines.training import Trainer, make_vec_env

    cfg = config(game, steps, out)
    tr = Trainer(cfg, lambda *a: None)
    torch.set_num_threads(1)
    times = {"env": 0.0, "rollout": 0.0, "learning": 0.0}

    class Timed(VecEnvWrapper):
        def reset(self) -> Any:
            return self.venv.reset()

        def step_wait(self) -> Any:
            t = clock()
            out = self.venv.step_wait()
            times["env"] += clock() - t
            return out

        def action_masks(self) -> Any:
            t = clock()
            out = self.venv.env_method("action_masks")
            times["env"] += clock() - t
            return out

    class Clock(BaseCallback):
        def _on_rollout_start(self) -> None:
            if hasattr(self, "t_end"):
                times["learning"] += clock() - self.t_end
            self.t_start = clock()

        def _on_rollout_end(self) -> None:
            self.t_end = clock()
            times["rollout"] += self.t_end - self.t_start

        def _on_training_end(self) -> None:
            times["learning"] += clock() - self.t_end

        def _on_step(self) -> bool:
            return True

    venv = Timed(make_vec_env(cfg, tr.learn_roles, tr.opponents, tr.pool.folder, cfg["seed"]))
    try:
        model = MaskablePPO("MlpPolicy", venv, seed=0, device=cfg["device"], verbose=0,
                            policy_kwargs={"net_arch": [64, 64], "activation_fn": torch.nn.Tanh},
                            **cfg["ppo"])
        model.set_logger(Logger(folder=None, output_formats=[]))
        t = clock()
        model.learn(steps, callback=Clock())
        wall = clock() - t
    finally:
        venv.close()
    return {"steps_per_s": steps / wall, "wall_s": wall, "env_s": times["env"], "opponents_s": None,
            "inference_s": times["rollout"] - times["env"], "learning_s": times["learning"],
            "env_share": times["env"] / wall}


def fast(game: str, steps: int, out: str, workers: int, overlap: bool = True) -> dict[str, Any]:
    from baselines.fast.trainer import FastTrainer

    cfg = config(game, steps, out, backend="fast", n_workers=workers, overlap_learning=overlap)
    s = FastTrainer(cfg, lambda *a: None).run()
    split = s["time_split"]
    return {"steps_per_s": s["env_steps_per_s"], "wall_s": split["wall_s"], "env_s": split["env_s"],
            "opponents_s": split["opponents_s"], "inference_s": split["inference_s"],
            "learning_s": split["learning_s"], "wait_s": split["wait_on_workers_s"],
            "wait_learner_s": split["wait_on_learner_s"],
            "env_share": split["env_share"]}


def rllib(steps: int, out: str) -> dict[str, Any]:
    from baselines.rllib.train import load, train

    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    cfg = load(None, {"env_id": "kings_v2", "env_config": {"num_players": 2}, "learn_role": "all",
                      "opponents": "self", "policy": {"net_arch": [64, 64], "activation": "tanh"},
                      "ppo": {"n_steps": 512, "batch_size": 256, "n_epochs": 4}, "n_envs": 4,
                      "runners": 2, "total_steps": steps, "out_dir": out, "tensorboard": False,
                      "progress_bar": False, "checkpoint_every": 10**9})
    return {"steps_per_s": float(train(cfg, log=lambda *a: None)["steps_per_second"])}


def fmt(x: Any, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=20480, help="env steps per run")
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--workers", type=int, nargs="*", default=[], help="more worker counts than 1, 2")
    p.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    p.add_argument("--rllib", action="store_true")
    p.add_argument("--device", choices=["cpu", "cuda"], default="cpu", help="both trainers' learner")
    p.add_argument("--n-envs", type=int, default=8, help="environments (at least the largest --workers)")
    args = p.parse_args()
    COMMON.update(device=args.device, n_envs=args.n_envs)
    workers = [0, 1, 2] + [w for w in args.workers if w > 2]
    best: dict[tuple[str, str], dict[str, Any]] = {}
    rates: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="speed") as tmp:
        for rep in range(args.repeats):
            for game in args.games:
                runs: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
                    ("SB3 MaskablePPO, DummyVecEnv", partial(sb3, game, args.steps)),
                    ("fast, in process, learning not overlapped",
                     partial(fast, game, args.steps, workers=0, overlap=False))]
                runs += [(f"fast, {w} worker{'s' if w != 1 else ''}" + (" (in process)" if w == 0 else ""),
                          partial(fast, game, args.steps, workers=w)) for w in workers]
                # the workers' growth with the cores free for them: not overlapped, the
                # learner does not take a core while the games play
                runs += [(f"fast, {w} worker{'s' if w != 1 else ''}, learning not overlapped",
                          partial(fast, game, args.steps, workers=w, overlap=False))
                         for w in workers if w > 0]
                for name, fn in runs:
                    r = fn(f"{tmp}/{len(best)}_{rep}_{abs(hash((game, name)))}")
                    print(f"{game} | {name}: {r['steps_per_s']:.0f} steps/s", file=sys.stderr)
                    rates.setdefault((game, name), []).append(r["steps_per_s"])
                    if r["steps_per_s"] > best.get((game, name), {}).get("steps_per_s", 0):
                        best[(game, name)] = r
        if args.rllib:
            best[("Kings 2p self-play (RLlib plays only self-play)", "RLlib PPO, 2 env runners x 4 envs")] = \
                rllib(args.steps, f"{tmp}/rllib")
    print(f"{args.steps} env steps per run, best of {args.repeats}, {os.cpu_count()} cores, "
          f"MLP 64x64, {args.n_envs} envs, n_steps 512, batch 256, 4 epochs, {args.device}; "
          f"times in seconds\n")
    print("| game | trainer | env steps/s | x SB3 (median of the repeats' ratios) | env | opponents "
          "| wait on workers | inference | learning | wait on learner | wall | envs' share of wall |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (game, name), r in best.items():
        base = rates.get((game, "SB3 MaskablePPO, DummyVecEnv"))
        mine = rates.get((game, name))
        ratio = f"{float(np.median([m / b for m, b in zip(mine, base)])):.2f}" if base and mine else "-"
        share = r.get("env_share")
        print(f"| {game} | {name} | {r['steps_per_s']:,.0f} | {ratio} | {fmt(r.get('env_s'))} | "
              f"{fmt(r.get('opponents_s'))} | {fmt(r.get('wait_s'))} | {fmt(r.get('inference_s'))} | "
              f"{fmt(r.get('learning_s'))} | {fmt(r.get('wait_learner_s'))} | {fmt(r.get('wall_s'))} | "
              f"{'-' if share is None else f'{100 * share:.0f}%'} |")
    print("\nper-repeat env steps/s: " + json.dumps({f"{g} | {n}": [round(x) for x in v]
                                                   for (g, n), v in rates.items()}))
    print("\n" + json.dumps({f"{g} | {n}": {k: (round(v, 3) if isinstance(v, float) else v)
                                           for k, v in r.items()} for (g, n), r in best.items()}))


if __name__ == "__main__":
    main()
