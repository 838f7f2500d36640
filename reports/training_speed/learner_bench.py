"""CPU time of the fast backend's update and per-step forward alone, on one rollout of real
Kings play (2 players against ``scripted``, 8 envs x 512 steps, MLP 64x64, batch 256, 4
epochs: 64 minibatch updates), one torch thread; ``time.thread_time``, so a loaded machine
changes it little. Run it at two commits for a before/after.

    nice -n 10 .venv/bin/python reports/training_speed/learner_bench.py [--threads 1] [--repeats 5]
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np


def main() -> None:
    import torch

    from baselines.fast.ppo import ActorCritic, Learner, PPOSettings, Rollout, Sampler
    from baselines.fast.vec import EnvSpec, make_vec, obs_and_actions

    p = argparse.ArgumentParser()
    p.add_argument("--threads", type=int, default=1, help="torch's threads")
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    game = {"num_players": 2}
    obs_size, num_actions = obs_and_actions("kings_v2", game, 0)
    n_envs, n_steps = 8, 512
    torch.manual_seed(0)
    policy = ActorCritic(obs_size, num_actions, [64, 64], "tanh", 3e-4)
    learner = Learner(policy, PPOSettings(n_steps=n_steps, batch_size=256, n_epochs=4), 0)
    sampler = Sampler(policy, 1)
    ro = Rollout(n_steps, n_envs, obs_size, num_actions)
    forward = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        spec = EnvSpec("kings_v2", game, [0, 1], {0: "scripted", 1: "scripted"}, f"{tmp}/pool", {}, "shaped")
        venv = make_vec(spec, n_envs, 0, 0, obs_size, num_actions)
        venv.reset()
        buf = venv.buf
        for t in range(n_steps):
            ro.obs[t], ro.mask[t] = buf.obs, buf.mask
            c = time.thread_time()
            actions, logp = sampler.sample(buf.obs, buf.mask)
            forward += time.thread_time() - c
            buf.action[:] = actions
            ro.action[t], ro.logp[t] = actions, logp
            venv.step()
            ro.reward[t], ro.done[t] = buf.reward, buf.done
        ro.last_obs[:] = buf.obs
        venv.close()
    used = int(ro.obs.reshape(-1, obs_size).any(axis=0).sum())
    learner.update(ro)  # warm-up
    times = []
    for _ in range(args.repeats):
        c = time.thread_time()
        learner.update(ro)
        times.append(time.thread_time() - c)
    print(f"Kings rollout {n_steps} x {n_envs} steps, {used} of {obs_size} observation columns set; "
          f"{args.threads} torch thread(s); load average {os.getloadavg()[0]:.1f}")
    print(f"update (64 minibatches of 256): CPU {1000 * min(times):.0f} ms best, "
          f"{1000 * float(np.median(times)):.0f} ms median ({1000 * min(times) / 64:.2f} ms a minibatch)")
    print(f"per-step forward of {n_envs} observations: {1e6 * forward / n_steps:.0f} us CPU")


if __name__ == "__main__":
    main()
