"""CPU seconds of each phase of a shipped-policy config, in one process (the config's
dummy vector env, one torch thread, evaluation in-process), so that the numbers stand for
the wall time of an idle core whatever else the machine is doing:

    python reports/shipped_policies/measure_cpu.py CONFIG [KEY=VALUE ...]

prints JSON: CPU seconds per warm-start move played, per move fitted (all epochs), per PPO
step, per evaluation game against each opponent (a freshly warm-started policy), and the
config's projected total for its own sizes.
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import torch


def main(name: str, sets: list[str]) -> dict:
    from sb3_contrib import MaskablePPO

    from baselines.evaluation import head_to_head
    from baselines.imitation import collect, fit
    from baselines.options import parse_value
    from baselines.ppo import export_policy
    from baselines.selfplay import SnapshotPool
    from baselines.train_config import ACTIVATIONS
    from baselines.training import Trainer, load_config, make_vec_env

    over = {k: parse_value(v) for k, _, v in (s.partition("=") for s in sets)}
    tmp = Path(tempfile.mkdtemp())
    cfg = load_config(name, {**over, "out_dir": str(tmp / "run"), "tensorboard": False,
                             "progress_bar": False, "device": "cpu"})
    torch.set_num_threads(1)
    tr = Trainer(cfg, log=lambda _: None)
    pre = cfg["pretrain"]
    moves, ppo_steps, games = 3000, 2048, 6
    clock = time.process_time

    t = clock()
    data = collect(cfg, tr.learn_roles, tr.opponents, pre["teacher"], moves, 0, 0.995)
    collect_s = clock() - t
    venv = make_vec_env(cfg, tr.learn_roles, tr.opponents, tmp / "pool", 0)
    act = getattr(torch.nn, ACTIVATIONS[cfg["policy"]["activation"]])
    model = MaskablePPO("MlpPolicy", venv, seed=0, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": cfg["policy"]["net_arch"], "activation_fn": act},
                        **cfg["ppo"])
    t = clock()
    fit(model.policy, data, 2, pre["batch_size"], pre["learning_rate"], 0.5, 0)
    fit_s = (clock() - t) / 2  # one epoch over `moves`
    # a snapshot in the pool, as in a run after its first step (self-play opponents cost
    # an observation and a forward pass per move)
    SnapshotPool(tmp / "pool").add(model.policy, 0, **tr.export_args())
    t = clock()
    model.learn(ppo_steps)
    ppo_s = clock() - t
    venv.close()
    export_policy(model.policy, tmp / "policy", **tr.export_args())
    eval_s = {}
    for opp in cfg["eval"]["opponents"]:
        t = clock()
        head_to_head(cfg["env_id"], f"ppo:{tmp / 'policy'}", opp, games=games, seed=10_000,
                     game_config=cfg["env_config"], workers=1, a_roles=tr.role_names)
        eval_s[opp] = (clock() - t) / games
    per = {"collect_per_move": collect_s / moves, "fit_per_move_epoch": fit_s / moves,
           "ppo_per_step": ppo_s / ppo_steps, "eval_per_game": eval_s}
    evals = int(cfg["total_steps"]) // int(cfg["eval"]["every"]) + 1
    parts = {"warm_start_play": per["collect_per_move"] * pre["steps"],
             "warm_start_fit": per["fit_per_move_epoch"] * pre["steps"] * pre["epochs"],
             "ppo": per["ppo_per_step"] * cfg["total_steps"],
             "evaluations": evals * int(cfg["eval"]["games"]) * sum(eval_s.values())}
    return {"config": name, "overrides": over, "sizes": {
        "pretrain_steps": pre["steps"], "pretrain_epochs": pre["epochs"],
        "total_steps": cfg["total_steps"], "evaluations": evals, "eval_games": cfg["eval"]["games"]},
        "cpu_s_per": per, "ppo_steps_per_cpu_s": ppo_steps / ppo_s,
        "projected_cpu_s": parts, "projected_total_min": sum(parts.values()) / 60}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2:]), indent=1))
