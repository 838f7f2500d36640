"""CPU seconds per part of a training run, SB3 MaskablePPO against the fast backend, and
the wall time they allow on two idle cores: a measurement that a loaded machine does not
distort as it distorts wall time (a process that waits for a core uses no CPU time).

    nice -n 10 .venv/bin/python reports/training_speed/cpu_budget.py --steps 20480

Kings 2 players against ``scripted`` at measure.py's settings (MLP 64x64, 8 envs, n_steps
512, batch 256, 4 epochs, seed 0, CPU, one torch thread). SB3: ``measure.sb3`` timed with
``time.thread_time`` (everything runs on one thread). Fast: the backend's own pieces
(:class:`baselines.fast.vec.InProcessVec`, :class:`baselines.fast.ppo.Sampler`,
:class:`baselines.fast.ppo.Learner`) stepped and timed on one thread, then the trainer's CPU
per step for the pipe round trip with 1 and 2 worker processes (:class:`WorkerVec`).

The bounds: a part runs on one core at a time, and the two cores cannot do more than their
sum. In process: environments + forward on one core, the learner on the other. 1 worker:
each step waits for the worker's games then the forward (a chain), the learner beside the
forward. 2 workers: each worker plays half the games. They are lower bounds on the wall
time (perfect scheduling); the measured wall time is in measure.py's table.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
GAME = "Kings 2p vs scripted"


def fast_cpu(steps: int, out: str) -> dict[str, float]:
    """CPU seconds of the environments, the forward and learning for ``steps`` steps."""
    import torch
    from measure import config

    from baselines.fast.ppo import Rollout, Sampler
    from baselines.fast.trainer import FastTrainer
    from baselines.fast.vec import EnvSpec, make_vec, obs_and_actions

    cfg = config(GAME, steps, out, backend="fast")
    torch.set_num_threads(1)
    torch.manual_seed(0)
    tr = FastTrainer(cfg, lambda *a: None)
    learner = tr.build("cpu")
    spec = EnvSpec(cfg["env_id"], dict(cfg["env_config"]), list(tr.learn_roles), dict(tr.opponents),
                   str(tr.pool.folder), dict(cfg["pool"]), cfg["reward"])
    obs_size, num_actions = obs_and_actions(cfg["env_id"], cfg["env_config"], tr.learn_roles[0])
    n_envs, n_steps = int(cfg["n_envs"]), learner.ppo.n_steps
    venv = make_vec(spec, n_envs, 0, 0, obs_size, num_actions)
    sampler = Sampler(learner.policy, 1)
    ro = Rollout(n_steps, n_envs, obs_size, num_actions)
    clock = time.thread_time
    cpu = {"env": 0.0, "inference": 0.0, "learning": 0.0}
    venv.reset()
    buf = venv.buf
    done = 0
    while done < steps:
        ro.truncated = []
        for step in range(n_steps):
            t = clock()
            ro.obs[step], ro.mask[step] = buf.obs, buf.mask
            actions, logp = sampler.sample(buf.obs, buf.mask)
            buf.action[:] = actions
            ro.action[step], ro.logp[step] = actions, logp
            t1 = clock()
            venv.step()
            cpu["inference"] += t1 - t
            cpu["env"] += clock() - t1
            ro.reward[step], ro.done[step] = buf.reward, buf.done
        ro.last_obs[:] = buf.obs
        t = clock()
        learner.update(ro)
        sampler.refresh(learner.policy)
        cpu["learning"] += clock() - t
        done += n_steps * n_envs
    parts = {k: v * steps / done for k, v in cpu.items()}
    for busy in (False, True):  # an update in a thread, the main thread idle or playing the games
        wall, thread_cpu = update_beside(learner, ro, venv if busy else None)
        parts[f"update_wall_{'beside_games' if busy else 'alone'}"] = wall
        parts[f"update_cpu_{'beside_games' if busy else 'alone'}"] = thread_cpu
    venv.close()
    return parts


def update_beside(learner: Any, ro: Any, venv: Any) -> tuple[float, float]:
    """(wall, CPU) seconds of one update in a thread, as ``overlap_learning`` runs it, while
    this thread steps ``venv``'s games (Python, holding the interpreter's lock) or sleeps."""
    res: dict[str, float] = {}

    def learn() -> None:
        t, c = time.perf_counter(), time.thread_time()
        learner.update(ro)
        res["wall"], res["cpu"] = time.perf_counter() - t, time.thread_time() - c

    th = threading.Thread(target=learn)
    th.start()
    while th.is_alive():
        if venv is None:
            time.sleep(0.001)
        else:
            venv.buf.action[:] = venv.buf.mask.argmax(axis=1)
            venv.step()
    th.join()
    return res["wall"], res["cpu"]


def pipe_cpu(workers: int, n_envs: int = 8, steps: int = 400) -> float:
    """The trainer's CPU seconds per step to send a step to ``workers`` processes and read
    their answers (the games' own work is in the workers)."""
    from baselines.fast.vec import EnvSpec, make_vec, obs_and_actions

    cfg: dict[str, Any] = {"num_players": 2}
    obs_size, num_actions = obs_and_actions("kings_v2", cfg, 0)
    with tempfile.TemporaryDirectory() as tmp:
        spec = EnvSpec("kings_v2", cfg, [0, 1], {0: "scripted", 1: "scripted"}, f"{tmp}/pool", {}, "shaped")
        venv = make_vec(spec, n_envs, workers, 0, obs_size, num_actions)
        try:
            venv.reset()
            t = time.thread_time()
            for _ in range(steps):
                venv.buf.action[:] = venv.buf.mask.argmax(axis=1)  # a legal move in each game
                venv.step()
            return (time.thread_time() - t) / steps
        finally:
            venv.close()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=20480)
    args = p.parse_args()
    from measure import sb3

    n = args.steps
    with tempfile.TemporaryDirectory(prefix="cpu") as tmp:
        s = sb3(GAME, n, f"{tmp}/sb3", clock=time.thread_time)
        f = fast_cpu(n, f"{tmp}/fast")
    pipes = {w: pipe_cpu(w) * n / 8 for w in (1, 2)}  # 8 envs: n / 8 steps of the vector
    sb3_total = s["wall_s"]
    env, inf, learn = f["env"], f["inference"], f["learning"]
    total = env + inf + learn
    rows = [("SB3 MaskablePPO (one thread)", s["env_s"], s["inference_s"], s["learning_s"], 0.0, sb3_total)]
    bounds = {
        "SB3 MaskablePPO (one thread)": sb3_total,
        "fast, in process, not overlapped": total,
        "fast, in process (overlapped)": max(env + inf, learn),
        "fast, 1 worker": max(env + inf + pipes[1], inf + pipes[1] + learn, (total + 2 * pipes[1]) / 2),
        "fast, 2 workers": max(env / 2 + inf + pipes[2], (total + 2 * pipes[2]) / 2),
    }
    print(f"Kings 2p vs scripted, {n} env steps, CPU seconds (time.thread_time), {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the end\n")
    print("| trainer | environments (rules, encoders, opponents) | forward (inference) | learning "
          "| trainer's pipe, per run | CPU total | wall bound on 2 idle cores | env steps/s bound "
          "| x SB3 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, bound in bounds.items():
        if name.startswith("SB3"):
            e, i, lr, pp, tot = rows[0][1:]
        else:
            w = 1 if "1 worker" in name else 2 if "2 workers" in name else 0
            e, i, lr, pp = env, inf, learn, (pipes[w] if w else 0.0)
            tot = e + i + lr + 2 * pp
        print(f"| {name} | {e:.2f} | {i:.2f} | {lr:.2f} | {pp:.2f} | {tot:.2f} | {bound:.2f} | "
              f"{n / bound:,.0f} | {sb3_total / bound:.2f} |")
    print(f"\npipe round trip, the trainer's CPU per vector step: 1 worker {1e6 * pipes[1] * 8 / n:.0f} us, "
          f"2 workers {1e6 * pipes[2] * 8 / n:.0f} us (the workers' side counted as the same again)")
    print(f"SB3 detail: {({k: round(v, 3) for k, v in s.items() if v is not None})}")
    print(f"\none update in the learner's thread (overlap_learning), wall / CPU seconds: with this "
          f"thread idle {f['update_wall_alone']:.2f} / {f['update_cpu_alone']:.2f}; with this thread "
          f"playing the games (in process) {f['update_wall_beside_games']:.2f} / "
          f"{f['update_cpu_beside_games']:.2f}")
    print(f"fast detail: {({k: round(v, 3) for k, v in f.items()})}")


if __name__ == "__main__":
    main()
