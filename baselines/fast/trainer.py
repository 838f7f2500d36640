"""``conan-train --backend fast``: the run loop of the fast backend. Same config, run folder,
policy files, checkpoints, self-play pool, evaluations, ``summary.json`` and ``history.json``
as :class:`baselines.training.Trainer` (which it extends); only how steps are made differs:
:mod:`baselines.fast.vec` steps the games, :mod:`baselines.fast.ppo` learns.

``summary.json`` adds ``backend: fast`` and ``time_split``: seconds in the environments'
rules, in their opponents, in the policy's forward (inference) and in learning, and the
share of the wall time the environments took (rules and opponents; with worker processes,
the time the trainer waited on them).
"""
from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
import yaml
from tqdm import tqdm

from .. import checkpoints
from ..ppo import export_policy
from ..train_config import load_config
from ..training import Trainer, _truncate_csv, resolve_device, train_alternating
from .learner_process import LearnerProcess, LearnerSpec
from .ppo import ActorCritic, Learner, PPOSettings, Rollout, Sampler
from .vec import EnvSpec, InProcessVec, Stat, WorkerVec, make_vec, obs_and_actions


class TimeSplit:
    """Seconds spent in each part of a training session."""

    def __init__(self) -> None:
        self.env = 0.0        # rules, encoders, resets (in this process or in the workers)
        self.opponents = 0.0  # opponents' moves (scripted, random, batched snapshots)
        self.wait = 0.0       # waiting on worker processes (their env + opponents time)
        self.inference = 0.0  # the policy's forward and sampling
        self.learning = 0.0   # the PPO update (with overlap_learning, while the envs play)
        self.wait_learner = 0.0  # waiting for an overlapped update to finish
        self.other = 0.0      # snapshots, checkpoints, TensorBoard (evaluation is left out)

    def report(self, wall: float, workers: int) -> dict[str, float]:
        envs = self.wait if workers else self.env + self.opponents
        return {"env_s": round(self.env, 3), "opponents_s": round(self.opponents, 3),
                "wait_on_workers_s": round(self.wait, 3), "inference_s": round(self.inference, 3),
                "learning_s": round(self.learning, 3), "wait_on_learner_s": round(self.wait_learner, 3),
                "other_s": round(self.other, 3),
                "wall_s": round(wall, 3), "env_share": round(envs / wall, 4) if wall > 0 else 0.0}


class FastTrainer(Trainer):
    """One training run on the fast backend. ``FastTrainer(cfg).run(resume=False)``."""

    def __init__(self, cfg: dict[str, Any], log: Callable[[str], None] = print) -> None:
        super().__init__(cfg, log)
        self.split = TimeSplit()

    def build(self, device: str) -> Learner:
        cfg = self.cfg
        obs_size, num_actions = obs_and_actions(cfg["env_id"], cfg["env_config"], self.learn_roles[0])
        settings = PPOSettings.from_config(dict(cfg["ppo"]))
        policy = ActorCritic(obs_size, num_actions, list(cfg["policy"]["net_arch"]),
                             cfg["policy"]["activation"], settings.learning_rate, device)
        return Learner(policy, settings, cfg["seed"])

    def run(self, resume: bool = False) -> dict[str, Any]:
        started = time.time()
        cfg = self.cfg
        device = resolve_device(cfg["device"], self.log)
        if cfg["torch_threads"]:
            torch.set_num_threads(int(cfg["torch_threads"]))
        torch.manual_seed(int(cfg["seed"]))
        saved = self.read_checkpoint(resume)
        learner = self.build(device)
        if saved:  # checked against this config's network before anything is written
            checkpoints.restore(learner, saved[1], saved[0], self.ckpt)
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
        steps0 = learner.num_timesteps
        if saved:
            state = saved[0]
            checkpoints.set_rng_states(state["rng"], self.ckpt)
            _truncate_csv(self.csv_path, state["steps"])
            schedule = dict(state["schedule"])
            self.pool.write(state["pool"])
            self.log(f"resuming {self.out} at step {steps0}")
        else:
            self.pool.write([])
            schedule = {"snapshot": 0, "eval": 0, "checkpoint": int(cfg["checkpoint_every"])}
            if cfg["pretrain"]["teacher"]:
                from ..imitation import warm_start

                warm = warm_start(learner, cfg, self.learn_roles, self.opponents, self.log)
                warm["wall_s"] = round(time.time() - started, 1)
                (self.out / "warm_start.json").write_text(json.dumps(warm, indent=1))
        fixed = {self.game.roles[r]: s for r, s in self.opponents.items() if r not in self.learn_roles}
        workers = int(cfg["n_workers"])
        self.log(f"training {cfg['env_id']} roles {self.role_names} vs {fixed} on {device} (fast "
                 f"backend), {cfg['n_envs']} envs in {workers or 'no'} worker processes, "
                 f"{cfg['total_steps']} steps -> {self.out}")
        spec = EnvSpec(cfg["env_id"], dict(cfg["env_config"]), list(self.learn_roles), dict(self.opponents),
                       str(self.pool.folder), dict(cfg["pool"]), cfg["reward"])
        obs_size, num_actions = obs_and_actions(cfg["env_id"], cfg["env_config"], self.learn_roles[0])
        writer = self.tb_writer()
        t0 = time.time()
        loop = _Loop(self, learner, schedule, writer)
        venv = make_vec(spec, int(cfg["n_envs"]), workers, int(cfg["seed"]) + steps0, obs_size, num_actions)
        if cfg["progress_bar"]:
            loop.bar = tqdm(total=int(cfg["total_steps"]), initial=steps0, unit="step", dynamic_ncols=True)
        try:
            loop.train(venv)
            wall = time.time() - t0
            steps = learner.num_timesteps
            final = self.finish(learner, steps, loop.last_eval, loop.schedule)
        finally:
            venv.close()
            if loop.bar is not None:
                loop.bar.close()
            if writer is not None:
                writer.close()
        train_wall = max(wall - loop.eval_s, 1e-9)
        split = self.split.report(train_wall, workers)
        steps_per_s = (learner.num_timesteps - steps0) / train_wall
        summary = {"steps": learner.num_timesteps, "trained_steps": learner.num_timesteps - steps0,
                   "wall_s": wall, "env_steps_per_s": steps_per_s, "device": device, "backend": "fast",
                   "n_workers": workers, "time_split": split,
                   "policy": str(self.policy_path), "eval_csv": str(self.csv_path),
                   "final_eval": final or loop.last_rows}
        self.log(f"done: {summary['trained_steps']} steps in {wall:.1f}s ({loop.eval_s:.1f}s of it "
                 f"evaluating): {steps_per_s:.0f} env steps/s on {device}, "
                 f"{100 * split['env_share']:.0f}% of it in the environments; "
                 f"policy {self.policy_path}.json")
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1))
        self.record_session(started, steps0, summary)
        return summary

    def tb_writer(self) -> Any:
        """A TensorBoard writer in ``tb/ppo_<n>`` (the next free number, as sb3 names its runs)."""
        if not self.cfg["tensorboard"]:
            return None
        from torch.utils.tensorboard import SummaryWriter

        tb = self.out / "tb"
        n = 1
        while (tb / f"ppo_{n}").exists():
            n += 1
        return SummaryWriter(str(tb / f"ppo_{n}"))


class _Loop:
    """Rollouts and updates until ``total_steps``, with the periodic work between them."""

    def __init__(self, trainer: FastTrainer, learner: Learner, schedule: dict[str, int],
                 writer: Any) -> None:
        self.tr = trainer
        self.learner = learner
        self.schedule = dict(schedule)
        self.writer = writer
        self.last_eval = -1
        self.last_rows: list[dict[str, Any]] = []
        self.eval_s = 0.0
        self.bar: Any = None  # a tqdm progress bar (config progress_bar)
        cfg = trainer.cfg
        window = int(cfg["ppo"].get("stats_window_size", 100))
        self.returns: deque[float] = deque(maxlen=window)
        self.lengths: deque[float] = deque(maxlen=window)
        self.wins: deque[float] = deque(maxlen=window)

    def periodic(self) -> None:
        """At each rollout's start: snapshot, evaluation, checkpoint when due (as sb3's callback)."""
        tr, cfg, steps, sch = self.tr, self.tr.cfg, self.learner.num_timesteps, self.schedule
        policy = self.learner.policy
        if steps >= sch["snapshot"]:
            tr.pool.add(policy, steps, **tr.export_args())
            sch["snapshot"] = (steps // cfg["pool"]["snapshot_every"] + 1) * cfg["pool"]["snapshot_every"]
        if steps >= sch["eval"] and cfg["eval"]["opponents"] and int(cfg["eval"]["games"]) > 0:
            t = time.time()
            export_policy(policy, tr.out / "eval_policy", steps=steps, **tr.export_args())
            self.last_rows = tr.evaluate(steps)
            self.eval_s += time.time() - t
            self.last_eval = steps
            for row in self.last_rows:
                self.scalar(f"eval/win_rate_vs_{row['opponent']}", row["win_rate"])
            sch["eval"] = (steps // cfg["eval"]["every"] + 1) * cfg["eval"]["every"]
        if steps >= sch["checkpoint"]:
            sch["checkpoint"] = (steps // cfg["checkpoint_every"] + 1) * cfg["checkpoint_every"]
            tr.checkpoint(self.learner, sch)

    def scalar(self, tag: str, value: float) -> None:
        if self.writer is not None and np.isfinite(value):
            self.writer.add_scalar(tag, value, self.learner.num_timesteps)

    def read_stats(self, buf: Any) -> None:
        st = buf.stats
        split = self.tr.split
        split.env += float(st[:, Stat.ENV_S].sum())
        split.opponents += float(st[:, Stat.OPPONENT_S].sum())
        episodes = float(st[:, Stat.EPISODES].sum())
        if episodes:  # per-rollout means stand in for the episodes (their count weights them)
            self.returns.append(float(st[:, Stat.RETURN_SUM].sum()) / episodes)
            self.lengths.append(float(st[:, Stat.LENGTH_SUM].sum()) / episodes)
            self.wins.append(float(st[:, Stat.WINS].sum()) / episodes)
        st[:] = 0.0

    def collect(self, venv: InProcessVec | WorkerVec, ro: Rollout, sampler: Sampler) -> None:
        """One rollout: ``n_steps`` batched forwards and environment steps."""
        split, buf = self.tr.split, venv.buf
        workers = isinstance(venv, WorkerVec)
        ro.truncated = []
        for step in range(ro.reward.shape[0]):
            t = time.perf_counter()
            ro.obs[step] = buf.obs
            ro.mask[step] = buf.mask
            actions, logp = sampler.sample(buf.obs, buf.mask)
            buf.action[:] = actions
            ro.action[step] = actions
            ro.logp[step] = logp
            t1 = time.perf_counter()
            split.inference += t1 - t
            venv.step()
            if workers:
                split.wait += time.perf_counter() - t1
            ro.reward[step] = buf.reward
            ro.done[step] = buf.done
            if buf.truncated.any():
                cut = np.flatnonzero(buf.truncated)
                ro.truncated.append((step, cut, buf.final_obs[cut].copy()))
        ro.last_obs[:] = buf.obs
        self.read_stats(buf)

    def learn(self, ro: Rollout) -> dict[str, float]:
        t = time.perf_counter()
        losses = self.learner.update(ro)
        self.tr.split.learning += time.perf_counter() - t
        return losses

    def between(self, losses: dict[str, float], sampler: Sampler, t_start: float, s_start: int) -> None:
        """After an update: the sampler takes the new weights; logs; the periodic work."""
        t, e0 = time.perf_counter(), self.eval_s
        self.learner.num_timesteps += self.rollout_steps
        if self.bar is not None:
            self.bar.update(self.rollout_steps)
        sampler.refresh(self.learner.policy)
        self.log_rollout(losses, t_start, s_start)
        if self.learner.num_timesteps < int(self.tr.cfg["total_steps"]):
            self.periodic()
        self.tr.split.other += time.perf_counter() - t - (self.eval_s - e0)

    def train(self, venv: InProcessVec | WorkerVec) -> None:
        """Rollouts and updates until ``total_steps``. With ``overlap_learning`` the update
        on one rollout runs in a process of its own (:mod:`baselines.fast.learner_process`,
        over two rollouts in shared memory) while the environments play the next; the price
        is that rollouts are played by the policy one update behind (the ratio of PPO's
        clipped objective is taken to that policy, which played them). A thread would not
        do: Python's lock, which the games' Python holds, made its update crawl
        (reports/training_speed/README.md).

        Resuming: a checkpoint is written between updates, when (overlapped) the next rollout
        has been played but not learnt. It is not kept: ``num_timesteps`` counts learnt steps
        only, so the resumed run plays those steps again, with the checkpointed policy, and
        learns them -- no step is learnt twice or skipped, and the step count and the
        snapshot, evaluation and checkpoint schedule are those of an uninterrupted run
        (tests/test_fast.py). Keeping it would write the rollout's observations into every
        checkpoint (20-40 MB for Kings at 2,048-4,096 steps a rollout) and still not make the
        resumed run the uninterrupted one: the games it came from are not saved (nor are the
        SB3 backend's), so both backends restart their games on resume."""
        cfg, learner = self.tr.cfg, self.learner
        n_envs, buf = int(cfg["n_envs"]), venv.buf
        self.rollout_steps = learner.ppo.n_steps * n_envs
        overlap = bool(cfg["overlap_learning"])
        make = Rollout.shared if overlap else Rollout
        ros = [make(learner.ppo.n_steps, n_envs, buf.obs.shape[1], buf.mask.shape[1])
               for _ in range(2 if overlap else 1)]
        proc = None
        if overlap:  # started first: it imports torch while the games reset and play
            spec = LearnerSpec(buf.obs.shape[1], buf.mask.shape[1], tuple(cfg["policy"]["net_arch"]),
                               cfg["policy"]["activation"], learner.ppo, learner.ppo.n_steps, n_envs,
                               str(learner.policy.device), int(cfg["torch_threads"] or 1))
            proc = LearnerProcess(learner, spec, ros)
        try:
            self.rollouts(venv, ros, proc)
        finally:
            if proc is not None:
                proc.close()

    def rollouts(self, venv: InProcessVec | WorkerVec, ros: list[Rollout],
                 proc: LearnerProcess | None) -> None:
        """The loop of :meth:`train`: synchronous (``proc`` None) or overlapped."""
        cfg, learner, split = self.tr.cfg, self.learner, self.tr.split
        total = int(cfg["total_steps"])
        sampler = Sampler(learner.policy, int(cfg["seed"]) + learner.num_timesteps + 1)
        t = time.perf_counter()
        venv.reset()
        if isinstance(venv, WorkerVec):
            split.wait += time.perf_counter() - t
        t_start, s_start = time.time(), learner.num_timesteps
        t, e0 = time.perf_counter(), self.eval_s
        self.periodic()
        split.other += time.perf_counter() - t - (self.eval_s - e0)
        if learner.num_timesteps >= total:
            return
        if proc is None:
            while learner.num_timesteps < total:
                self.collect(venv, ros[0], sampler)
                self.between(self.learn(ros[0]), sampler, t_start, s_start)
            return
        self.collect(venv, ros[0], sampler)
        current = 0
        while True:
            proc.submit(current, ros[current])
            more = learner.num_timesteps + self.rollout_steps < total
            if more:
                self.collect(venv, ros[1 - current], sampler)
            t = time.perf_counter()
            losses, seconds = proc.result()
            split.wait_learner += time.perf_counter() - t
            split.learning += seconds
            self.between(losses, sampler, t_start, s_start)
            if not more:
                break
            current = 1 - current

    def log_rollout(self, losses: dict[str, float], t_start: float, s_start: int) -> None:
        if self.writer is None:
            return
        if self.returns:
            self.scalar("rollout/ep_rew_mean", float(np.mean(self.returns)))
            self.scalar("rollout/ep_len_mean", float(np.mean(self.lengths)))
            self.scalar("rollout/win_rate", float(np.mean(self.wins)))
        for k, v in losses.items():
            self.scalar(f"train/{k}", v)
        self.scalar("train/learning_rate", self.learner.ppo.learning_rate)
        rate = (self.learner.num_timesteps - s_start) / max(1e-9, time.time() - t_start - self.eval_s)
        self.scalar("time/env_steps_per_s", rate)
        self.scalar("time/fps", rate)


def trainer_class(cfg: dict[str, Any]) -> type[Trainer]:
    """The trainer the config's ``backend`` names."""
    return FastTrainer if cfg["backend"] == "fast" else Trainer


def run_config(cfg: dict[str, Any], resume: bool = False,
               log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train a loaded config on its backend (alternating roles too)."""
    cls = trainer_class(cfg)
    if cfg["alternate"]:
        return train_alternating(cfg, resume, log, trainer=cls)
    return cls(cfg, log).run(resume=resume)


def train(config_path: str | Path | None = None, overrides: dict[str, Any] | None = None,
          resume: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train from a YAML config (plus overrides such as ``{"backend": "fast"}``) on the
    backend it names."""
    return run_config(load_config(config_path, overrides), resume, log)


__all__ = ["FastTrainer", "TimeSplit", "run_config", "train", "trainer_class"]
