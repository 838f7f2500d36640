"""The main job: train a small self-play agent on Kings of Hyboria, then evaluate it
against the random agent and IS-MCTS and print the table.

    python scripts/main_job.py                # CPU, about 6 minutes on 2 cores
                                              # (50k cloned moves, 100k PPO steps)
    python scripts/main_job.py --full         # the whole shipped config on a GPU (cuda), 400-game evaluation
    python scripts/main_job.py --steps 50000 --games 100 --mcts-simulations 100
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from baselines import checkpoints
from baselines.evaluation import plot_learning_curve, save_report, to_markdown, tournament
from baselines.training import Trainer, load_config
from conan_envs import ConfigError

CONFIG = "kings_ppo_selfplay"
# every mcts move runs its simulations (rollouts of a round each): its games are slow, so fewer
QUICK: dict[str, Any] = {"steps": 100_000, "games": 40, "mcts": 20, "mcts_games": 10, "device": "cpu"}
FULL: dict[str, Any] = {"steps": None, "games": 400, "mcts": 200, "mcts_games": 100, "device": "cuda",
                        "n_envs": 16,
        "vec_env": "subproc"}
QUICK_PRETRAIN = 50_000  # at most this many teacher moves cloned before PPO in the quick job


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--full", action="store_true", help="the whole config on a GPU, 400-game evaluation")
    p.add_argument("--config", default=CONFIG,
                   help="training config, a name or a path (default: %(default)s)")
    p.add_argument("--steps", type=int, help="training steps")
    p.add_argument("--games", type=int, help="evaluation games per pair (both seats)")
    p.add_argument("--mcts-simulations", type=int, help="simulations per move of the mcts opponent")
    p.add_argument("--mcts-games", type=int, help="games against mcts (both seats)")
    p.add_argument("--device", choices=["auto", "cpu", "cuda"])
    p.add_argument("--n-envs", type=int, help="parallel environments")
    p.add_argument("--workers", type=int, default=2, help="processes for evaluation games")
    p.add_argument("--out-dir", help="run folder (default: runs/main_job or runs/main_job_full)")
    p.add_argument("--resume", action="store_true", help="continue the run in the run folder")
    p.add_argument("--no-progress", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str] | None = None, log: Callable[[str], None] = print) -> dict[str, Any]:
    args = parse_args(argv)
    plan = dict(FULL if args.full else QUICK)
    out = Path(args.out_dir or Path("runs") / ("main_job_full" if args.full else "main_job"))
    over = {"out_dir": str(out), "device": args.device or plan["device"],
            "total_steps": args.steps or plan["steps"], "n_envs": args.n_envs or plan.get("n_envs"),
            "vec_env": plan.get("vec_env")}
    if args.no_progress:
        over["progress_bar"] = False
    if not args.full:
        over.update({"eval.every": 10_000, "eval.games": 20, "pool.snapshot_every": 10_000,
                     "checkpoint_every": 10_000})
    cfg = load_config(args.config, over)
    if not args.full:  # a shorter warm start too
        cfg["pretrain"]["steps"] = min(int(cfg["pretrain"]["steps"]), QUICK_PRETRAIN)
    if not args.resume and checkpoints.exists(out / "checkpoints"):
        log(f"{out} holds an earlier run; continuing it (use --out-dir for a fresh one)")
        args.resume = True
    t0 = time.time()
    summary = Trainer(cfg, log).run(resume=args.resume)
    train_s = time.time() - t0

    mcts = f"mcts:simulations={args.mcts_simulations or plan['mcts']}"
    agents = {"ppo": f"ppo:{summary['policy']}", "random": "random", mcts: mcts}
    games = args.games or plan["games"]
    mcts_games = args.mcts_games or min(games, plan["mcts_games"])
    log(f"evaluating the policy: {games} games against random, {mcts_games} against {mcts} "
        f"(both seats, {args.workers} workers)...")
    t1 = time.time()
    result = tournament(cfg["env_id"], agents, games=games, seed=20_000, game_config=cfg["env_config"],
                        workers=args.workers, mirror=False, pairs=[("ppo", "random"), ("ppo", mcts)],
                        pair_games={("ppo", mcts): mcts_games})
    paths = save_report(result, out, "report")
    if Path(summary["eval_csv"]).exists():
        paths["curve"] = str(out / "learning_curve.png")
        plot_learning_curve(summary["eval_csv"], paths["curve"])
    log("")
    log(to_markdown(result))
    log(f"training: {summary['trained_steps']} steps in {train_s:.0f}s "
        f"({summary['env_steps_per_s']:.0f} env steps/s on {summary['device']}); "
        f"evaluation: {time.time() - t1:.0f}s")
    log("written: " + ", ".join(paths.values()))
    return {"summary": summary, "result": result, "paths": paths}


if __name__ == "__main__":
    try:
        main()
    except ConfigError as e:
        sys.exit(f"error: {e}")
