"""MaskablePPO training from one YAML config (see docs/architecture.md).

A run folder holds: ``config.yaml`` (the merged config), ``tb/`` (TensorBoard),
``eval.csv`` (periodic evaluation against fixed opponents), ``pool/`` (self-play snapshots),
``checkpoints/learner.safetensors`` + ``checkpoints/state.json`` (what ``resume`` continues
from: weights, optimizer state, step count, RNG states, opponent pool, schedule; see
:mod:`baselines.checkpoints` -- nothing in them is unpickled), and ``policy.json`` +
``policy.safetensors`` (the final policy in the weights-only format of :mod:`baselines.ppo`),
``summary.json`` (the last session's steps, time and final evaluation) and ``history.json``
(every session of the run, resumed ones too: its command line, wall time, warm-start time
and steps), from which ``python -m baselines.policies.ship`` writes a shipped policy's report.
"""
from __future__ import annotations

import copy
import csv
import json
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from stable_baselines3.common.callbacks import BaseCallback

from conan_envs import ConfigError, make_game

from . import checkpoints
from .selfplay import LearnerEnv, OpponentFactory, SnapshotPool, resolve_opponents, resolve_roles
from .train_config import ACTIVATIONS, DEFAULTS, load_config

__all__ = ["DEFAULTS", "ACTIVATIONS", "load_config", "resolve_device", "Trainer", "train",
           "train_alternating"]


def resolve_device(name: str, log: Callable[[str], None] = print) -> str:
    """``auto`` -> cuda when available else cpu; ``cuda`` without a GPU falls back to the
    CPU with a message."""
    import torch

    name = str(name or "auto")
    if name == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if name.startswith("cuda") and not torch.cuda.is_available():
        log(f"device {name!r} requested but CUDA is not available here (torch {torch.__version__}); "
            "falling back to the CPU")
        return "cpu"
    if name not in ("cpu",) and not name.startswith("cuda"):
        raise ConfigError(f"device must be cpu, cuda or auto, not {name!r}")
    return name


# ---- environments ----------------------------------------------------------------------------
class _EnvThunk:
    """Picklable constructor of one learner env (for SubprocVecEnv)."""

    def __init__(self, cfg: dict[str, Any], learn_roles: list[int], opponents: dict[int, str],
                 pool_dir: str | Path, seed: int) -> None:
        self.args = (cfg["env_id"], dict(cfg["env_config"]), learn_roles, opponents, str(pool_dir),
                     dict(cfg["pool"]), cfg["reward"], seed)

    def __call__(self) -> Any:
        from stable_baselines3.common.monitor import Monitor

        env_id, game_config, roles, opponents, pool_dir, pool_cfg, reward, seed = self.args
        try:
            import torch

            torch.set_num_threads(1)
        except ImportError:
            pass
        factory = OpponentFactory(env_id, game_config, opponents, pool_dir, pool_cfg, seed)
        return Monitor(LearnerEnv(env_id, game_config, roles, factory, reward))


def make_vec_env(cfg: dict[str, Any], learn_roles: list[int], opponents: dict[int, str],
                 pool_dir: str | Path, seed: int) -> Any:
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecEnv

    n = int(cfg["n_envs"])
    thunks: list[Callable[[], Any]] = [
        _EnvThunk(cfg, learn_roles, opponents, pool_dir, seed * 1000 + i) for i in range(n)]
    kind = cfg["vec_env"]
    if kind == "subproc" and n > 1:
        import multiprocessing as mp

        method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        venv: VecEnv = SubprocVecEnv(thunks, start_method=method)
    elif kind in ("dummy", "subproc"):
        venv = DummyVecEnv(thunks)
    else:
        raise ConfigError(f"vec_env must be subproc or dummy, not {kind!r}")
    venv.seed(seed)
    return venv


# ---- the trainer -----------------------------------------------------------------------------
class Trainer:
    """One training run. ``Trainer(cfg).run(resume=False)``."""

    def __init__(self, cfg: dict[str, Any], log: Callable[[str], None] = print) -> None:
        self.cfg = cfg
        self.log = log
        self.out = Path(cfg["out_dir"])
        self.game = make_game(cfg["env_id"], **cfg["env_config"])
        self.learn_roles = resolve_roles(self.game, cfg["learn_role"])
        self.opponents = resolve_opponents(self.game, self.learn_roles, cfg["opponents"])
        self.check_opponents()
        self.pool = SnapshotPool(self.out / "pool")
        self.ckpt = self.out / "checkpoints"
        self.csv_path = self.out / "eval.csv"
        self.policy_path = self.out / "policy"

    def check_opponents(self) -> None:
        """Build each fixed opponent once (and each of ``pool.fixed`` in every seat it may
        take: a plan for the heroes need not play the Overlord they train against), so a
        bad agent string or policy file is found before any model or environment is built."""
        from .loading import load_agent

        pool = self.cfg["pool"]["fixed"] if self.cfg["pool"]["fixed_prob"] > 0 else []
        for r, spec in self.opponents.items():
            if self.learn_roles == [r]:
                continue  # the only learning role's seat is never an opponent's
            for s in [spec] if spec != "self" else pool:
                load_agent(s, self.cfg["env_id"], role=r, **self.cfg["env_config"])

    @property
    def role_names(self) -> list[str]:
        return [self.game.roles[r] for r in self.learn_roles]

    def export_args(self) -> dict[str, Any]:
        return {"env_id": self.cfg["env_id"], "roles": self.role_names,
                "game_config": self.game.config, "activation": self.cfg["policy"]["activation"],
                "value_reward": self.cfg["reward"]}  # what the exported critic predicts

    def finish(self, model: Any, steps: int, last_eval: int | None,
               schedule: dict[str, int]) -> Any:
        """The end of a run, whichever backend trained `model`: export the policy, evaluate it
        unless it was just evaluated at `steps`, and write the last checkpoint. Returns the
        final evaluation (None when there was none)."""
        from .ppo import export_policy

        cfg = self.cfg
        export_policy(model.policy, self.policy_path, steps=steps, **self.export_args())
        final = None
        if last_eval != steps and cfg["eval"]["opponents"] and int(cfg["eval"]["games"]) > 0:
            final = self.evaluate(steps, self.policy_path)
            every = int(cfg["eval"]["every"])
            schedule["eval"] = (steps // every + 1) * every
        self.checkpoint(model, schedule)
        return final

    def read_checkpoint(self, resume: bool) -> tuple[dict[str, Any], Any] | None:
        """The checkpoint to resume from (its state and tensors), checked before anything is
        written; None for a fresh run. A fresh run into a folder that holds one, or a resume
        with none, is a ConfigError."""
        has_checkpoint = checkpoints.exists(self.ckpt)
        if not resume and has_checkpoint:
            raise ConfigError(f"{self.out} already holds a run; pass --resume to continue it "
                              "or choose another out_dir")
        if not resume:
            return None
        if not has_checkpoint:
            raise ConfigError(f"nothing to resume: no checkpoint in {self.ckpt}")
        state = checkpoints.read_state(self.ckpt)
        return state, checkpoints.read_tensors(self.ckpt, state)

    def run(self, resume: bool = False) -> dict[str, Any]:
        import torch
        from sb3_contrib import MaskablePPO

        started = time.time()
        cfg = self.cfg
        device = resolve_device(cfg["device"], self.log)
        if cfg["torch_threads"]:
            torch.set_num_threads(int(cfg["torch_threads"]))
        saved = self.read_checkpoint(resume)
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
        tb = str(self.out / "tb") if cfg["tensorboard"] else None
        act = getattr(torch.nn, ACTIVATIONS[cfg["policy"]["activation"]])
        steps0 = saved[0]["steps"] if saved else 0
        self.pool.write(saved[0]["pool"] if saved else [])
        venv = make_vec_env(cfg, self.learn_roles, self.opponents, self.pool.folder,
                            cfg["seed"] + steps0)
        try:
            model = MaskablePPO("MlpPolicy", venv, seed=cfg["seed"], device=device, verbose=0,
                                tensorboard_log=tb,
                                policy_kwargs={"net_arch": cfg["policy"]["net_arch"],
                                               "activation_fn": act},
                                **cfg["ppo"])
            if saved:
                state, tensors = saved
                checkpoints.restore(model, tensors, state, self.ckpt)
                checkpoints.set_rng_states(state["rng"], self.ckpt)
                venv.seed(cfg["seed"] + steps0)  # the model's constructor seeded it afresh
                _truncate_csv(self.csv_path, state["steps"])
                schedule = state["schedule"]
                self.log(f"resuming {self.out} at step {model.num_timesteps}")
            else:
                schedule = {"snapshot": 0, "eval": 0, "checkpoint": int(cfg["checkpoint_every"])}
                if cfg["pretrain"]["teacher"]:
                    from .imitation import warm_start

                    warm = warm_start(model, cfg, self.learn_roles, self.opponents, self.log)
                    warm["wall_s"] = round(time.time() - started, 1)
                    (self.out / "warm_start.json").write_text(json.dumps(warm, indent=1))
        except BaseException:
            venv.close()
            raise
        if tb is None:  # else SB3 makes an empty SB3-<date> folder in the temp dir each run
            from stable_baselines3.common.logger import Logger

            model.set_logger(Logger(folder=None, output_formats=[]))
        fixed = {self.game.roles[r]: s for r, s in self.opponents.items() if r not in self.learn_roles}
        self.log(f"training {cfg['env_id']} roles {self.role_names} vs {fixed} "
                 f"on {device}, {cfg['n_envs']} envs, {cfg['total_steps']} steps -> {self.out}")
        callback = _Callback(self, schedule)
        remaining = int(cfg["total_steps"]) - model.num_timesteps
        t0, s0 = time.time(), model.num_timesteps
        try:
            if remaining > 0:
                model.learn(remaining, callback=callback, reset_num_timesteps=False,
                            progress_bar=bool(cfg["progress_bar"]), tb_log_name="ppo")
            wall = time.time() - t0
            steps = model.num_timesteps
            final = self.finish(model, steps, callback.last_eval, callback.schedule)
        finally:
            venv.close()
        steps_per_s = (model.num_timesteps - s0) / max(wall - callback.eval_s, 1e-9)
        summary = {"steps": model.num_timesteps, "trained_steps": model.num_timesteps - s0,
                   "wall_s": wall, "env_steps_per_s": steps_per_s, "device": device,
                   "policy": str(self.policy_path), "eval_csv": str(self.csv_path),
                   "final_eval": final or callback.last_rows}
        self.log(f"done: {summary['trained_steps']} steps in {wall:.1f}s ({callback.eval_s:.1f}s of it "
                 f"evaluating): {steps_per_s:.0f} env steps/s on {device}; policy {self.policy_path}.json")
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1))
        self.record_session(started, steps0, summary)
        return summary

    def record_session(self, started: float, steps0: int, summary: dict[str, Any]) -> None:
        """Append this session to ``history.json``: the command that ran it, when, for how
        long (warm start, training and evaluations together) and from which step to which."""
        path = self.out / "history.json"
        try:
            sessions = json.loads(path.read_text()) if path.exists() else []
        except ValueError:
            sessions = []
        if not isinstance(sessions, list):
            sessions = []
        argv = [Path(sys.argv[0]).name] + sys.argv[1:] if sys.argv and sys.argv[0] else []
        sessions.append({"command": shlex.join(argv), "started": time.strftime(
            "%Y-%m-%d %H:%M:%S", time.localtime(started)), "wall_s": round(time.time() - started, 1),
            "train_s": round(summary["wall_s"], 1), "from_steps": steps0,
            "steps": summary["steps"], "device": summary["device"],
            "env_steps_per_s": round(summary["env_steps_per_s"], 1)})
        path.write_text(json.dumps(sessions, indent=1))

    # ---- periodic work (called between rollouts, after the previous update) -------------
    def checkpoint(self, model: Any, schedule: dict[str, int]) -> None:
        checkpoints.write(self.ckpt, model, int(model.num_timesteps), self.pool.names(), schedule)

    def evaluate(self, steps: int, policy: str | Path | None = None) -> list[dict[str, Any]]:
        """Play an exported policy (default: eval_policy.*) against each evaluation
        opponent on fixed seeds; append rows to eval.csv."""
        from .evaluation import head_to_head

        ev = self.cfg["eval"]
        spec = f"ppo:{policy or self.out / 'eval_policy'}"
        rows = []
        for opp in ev["opponents"]:
            t = time.time()
            r = head_to_head(self.cfg["env_id"], spec, opp, games=int(ev["games"]), seed=int(ev["seed"]),
                             game_config=self.cfg["env_config"], workers=int(ev["workers"]),
                             a_roles=self.role_names)
            rows.append({"steps": steps, "opponent": opp, "games": r["games"], "wins": r["wins"],
                         "draws": r["draws"], "losses": r["losses"], "win_rate": round(r["win_rate"], 4),
                         "ci_low": round(r["win_ci"][0], 4), "ci_high": round(r["win_ci"][1], 4),
                         "eval_s": round(time.time() - t, 2)})
        new = not self.csv_path.exists()
        with open(self.csv_path, "a", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["steps"])
            if new:
                w.writeheader()
            w.writerows(rows)
        for row in rows:
            self.log(f"eval @{steps}: vs {row['opponent']}: {row['wins']}/{row['games']} wins "
                     f"({100 * row['win_rate']:.1f}%, 95% CI {100 * row['ci_low']:.1f}-"
                     f"{100 * row['ci_high']:.1f}%)")
        return rows


class _Callback(BaseCallback):
    def __init__(self, trainer: Trainer, schedule: dict[str, int]) -> None:
        super().__init__()
        self.trainer = trainer
        self.schedule = dict(schedule)
        self.last_eval = -1
        self.last_rows: list[dict[str, Any]] = []
        self.eval_s = 0.0  # time spent evaluating, left out of the throughput
        self.t0 = time.time()

    def _on_training_start(self) -> None:
        self.t0, self.s0 = time.time(), self.model.num_timesteps

    def _on_rollout_start(self) -> None:
        tr, cfg, steps = self.trainer, self.trainer.cfg, self.model.num_timesteps
        sch = self.schedule
        if steps >= sch["snapshot"]:
            tr.pool.add(self.model.policy, steps, **tr.export_args())
            sch["snapshot"] = (steps // cfg["pool"]["snapshot_every"] + 1) * cfg["pool"]["snapshot_every"]
        if steps >= sch["eval"] and cfg["eval"]["opponents"] and int(cfg["eval"]["games"]) > 0:
            from .ppo import export_policy

            t = time.time()
            export_policy(self.model.policy, tr.out / "eval_policy", steps=steps, **tr.export_args())
            self.last_rows = tr.evaluate(steps)
            self.eval_s += time.time() - t
            self.last_eval = steps
            for row in self.last_rows:
                self.logger.record(f"eval/win_rate_vs_{row['opponent']}", row["win_rate"])
            sch["eval"] = (steps // cfg["eval"]["every"] + 1) * cfg["eval"]["every"]
        if steps >= sch["checkpoint"]:
            sch["checkpoint"] = (steps // cfg["checkpoint_every"] + 1) * cfg["checkpoint_every"]
            tr.checkpoint(self.model, sch)
        if steps > self.s0:
            rate = (steps - self.s0) / max(1e-9, time.time() - self.t0 - self.eval_s)
            self.logger.record("time/env_steps_per_s", rate)

    def _on_step(self) -> bool:
        return True


def _truncate_csv(path: Path, steps: int) -> None:
    """Drop evaluation rows written after the checkpoint being resumed."""
    if not path.exists():
        return
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
        fields = list(rows[0]) if rows else None
    keep = [r for r in rows if int(r["steps"]) <= steps]
    if len(keep) != len(rows) and fields:
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            w.writerows(keep)


def train_alternating(cfg: dict[str, Any], resume: bool = False,
                      log: Callable[[str], None] = print,
                      trainer: type[Trainer] = Trainer) -> dict[str, Any]:
    """Asymmetric games: one policy per role in ``alternate.roles``, trained in turn for
    ``alternate.phase_steps`` each against the other roles' newest policies (sampled; the
    config's ``opponents`` before a role has one). Each role's run lives in
    ``out_dir/<role>/`` and resumes like any run; the phase to resume is found from the
    roles' step counts."""
    alt = cfg["alternate"]
    game = make_game(cfg["env_id"], **cfg["env_config"])
    roles = list(alt["roles"])
    phase = int(alt["phase_steps"])
    out = Path(cfg["out_dir"])
    base = resolve_opponents(game, [game.roles.index(roles[0])], _opponent_map(cfg["opponents"]))

    def steps_of(role: str) -> int:
        folder = out / role / "checkpoints"
        return checkpoints.read_state(folder)["steps"] if checkpoints.exists(folder) else 0

    if not resume and any(steps_of(r) for r in roles):
        raise ConfigError(f"{out} already holds a run; pass --resume to continue it or choose "
                          "another out_dir")
    summaries = {}
    while True:
        done = {r: steps_of(r) for r in roles}
        todo = [r for r in roles if done[r] < int(cfg["total_steps"])]
        if not todo:
            break
        role = min(todo, key=lambda r: (done[r], roles.index(r)))
        opponents = {}
        for i, name in enumerate(game.roles):
            policy = out / name / "policy.json"
            if name in roles and name != role and policy.exists():
                opponents[name] = f"ppo:path={out / name / 'policy'},deterministic=false"
            elif name != role:
                opponents[name] = base[i]
        sub = copy.deepcopy(cfg)
        sub.update(alternate=None, learn_role=role, opponents=opponents, out_dir=str(out / role),
                   total_steps=min(int(cfg["total_steps"]), (done[role] // phase + 1) * phase))
        log(f"alternating: {role} from step {done[role]} to {sub['total_steps']} against {opponents}")
        summaries[role] = trainer(sub, log).run(resume=done[role] > 0)
    return {"roles": summaries, "policies": {r: str(out / r / "policy") for r in roles}}


def _opponent_map(opponents: Any) -> dict[str, str]:
    """The config's fixed opponents (``self`` has no meaning across roles; random instead)."""
    if isinstance(opponents, dict):
        fixed = {k: v for k, v in opponents.items() if v != "self"}
    elif isinstance(opponents, str) and opponents != "self":
        fixed = {"default": opponents}
    else:
        fixed = {}
    return {"default": "random", **fixed}


def train(config_path: str | Path | None = None, overrides: dict[str, Any] | None = None,
          resume: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train from a YAML config (plus overrides such as ``{"device": "cuda"}``)."""
    cfg = load_config(config_path, overrides)
    if cfg["backend"] != "sb3":
        raise ConfigError(f"backend {cfg['backend']!r}: train it with baselines.fast.train (or "
                          f"conan-train); baselines.training.train runs the sb3 backend")
    if cfg["alternate"]:
        return train_alternating(cfg, resume, log)
    return Trainer(cfg, log).run(resume=resume)
