"""MaskablePPO training from one YAML config (DESIGN.md, "Training, evaluation, play").

A run folder holds: ``config.yaml`` (the merged config), ``tb/`` (TensorBoard),
``eval.csv`` (periodic evaluation against fixed opponents), ``pool/`` (self-play snapshots),
``checkpoints/latest.zip`` + ``checkpoints/state.json`` (what ``resume`` continues from:
weights, optimizer, step count, RNG states, opponent pool, schedule), and ``policy.json`` +
``policy.safetensors`` (the final policy in the weights-only format of :mod:`baselines.ppo`).
"""
from __future__ import annotations

import base64
import copy
import csv
import json
import os
import time
from pathlib import Path

import numpy as np
import yaml

from conan_envs import ConfigError, make_game

from .selfplay import LearnerEnv, OpponentFactory, SnapshotPool, resolve_opponents, resolve_roles

DEFAULTS = {
    "env_id": None,
    "env_config": {},
    "learn_role": "all",
    "alternate": None,  # {roles: [a, b], phase_steps: N}: train each role in turn (asymmetric games)
    "opponents": "self",
    # behaviour-clone a teacher agent string for `steps` moves before PPO (imitation.py)
    "pretrain": {"teacher": None, "steps": 100_000, "epochs": 4, "batch_size": 512,
                 "learning_rate": 0.001},
    "reward": "terminal",
    "pool": {"size": 8, "snapshot_every": 10_000, "latest_prob": 0.5, "random_prob": 0.1,
             "deterministic": False},
    "policy": {"net_arch": [64, 64], "activation": "tanh"},
    "ppo": {"learning_rate": 3e-4, "n_steps": 512, "batch_size": 256, "n_epochs": 4, "gamma": 0.99,
            "gae_lambda": 0.95, "clip_range": 0.2, "ent_coef": 0.01, "vf_coef": 0.5,
            "max_grad_norm": 0.5},
    "n_envs": 2,
    "vec_env": "subproc",
    "total_steps": 100_000,
    "seed": 0,
    "device": "auto",
    "eval": {"every": 10_000, "games": 20, "opponents": ["random"], "workers": 1, "seed": 10_000},
    "checkpoint_every": 10_000,
    "out_dir": "runs/run",
    "progress_bar": True,
    "tensorboard": True,
    "torch_threads": 1,  # the learner's CPU threads (small MLPs run fastest on one)
}
ACTIVATIONS = {"tanh": "Tanh", "relu": "ReLU", "elu": "ELU", "leaky_relu": "LeakyReLU"}


# ---- config ----------------------------------------------------------------------------------
def _merge(base, over, where=""):
    out = copy.deepcopy(base)
    for k, v in over.items():
        if k not in base:
            raise ConfigError(f"unknown config key '{where}{k}'; valid keys: {sorted(base)}")
        if isinstance(base[k], dict) and isinstance(v, dict):
            if k in ("ppo", "env_config", "opponents"):
                out[k] = {**base[k], **v}  # any MaskablePPO keyword / game option / role
            else:
                out[k] = _merge(base[k], v, f"{where}{k}.")
        else:
            out[k] = v
    return out


def load_config(path=None, overrides=None) -> dict:
    """DEFAULTS <- YAML file <- overrides (a dict, possibly with dotted keys)."""
    cfg = copy.deepcopy(DEFAULTS)
    if path is not None:
        try:
            data = yaml.safe_load(Path(path).read_text()) or {}
        except FileNotFoundError:
            raise ConfigError(f"no config file {path}") from None
        if not isinstance(data, dict):
            raise ConfigError(f"{path}: a training config is a YAML mapping")
        cfg = _merge(cfg, data)
    for key, value in (overrides or {}).items():
        if value is None:
            continue
        nested = value
        for part in reversed(key.split(".")[1:]):
            nested = {part: nested}
        cfg = _merge(cfg, {key.split(".")[0]: nested})
    if not cfg["env_id"]:
        raise ConfigError("the config must name env_id")
    return cfg


def resolve_device(name: str, log=print) -> str:
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

    def __init__(self, cfg, learn_roles, opponents, pool_dir, seed):
        self.args = (cfg["env_id"], dict(cfg["env_config"]), learn_roles, opponents, str(pool_dir),
                     dict(cfg["pool"]), cfg["reward"], seed)

    def __call__(self):
        from stable_baselines3.common.monitor import Monitor

        env_id, game_config, roles, opponents, pool_dir, pool_cfg, reward, seed = self.args
        try:
            import torch

            torch.set_num_threads(1)
        except ImportError:
            pass
        factory = OpponentFactory(env_id, game_config, opponents, pool_dir, pool_cfg, seed)
        return Monitor(LearnerEnv(env_id, game_config, roles, factory, reward))


def make_vec_env(cfg, learn_roles, opponents, pool_dir, seed):
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    n = int(cfg["n_envs"])
    thunks = [_EnvThunk(cfg, learn_roles, opponents, pool_dir, seed * 1000 + i) for i in range(n)]
    kind = cfg["vec_env"]
    if kind == "subproc" and n > 1:
        import multiprocessing as mp

        method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        venv = SubprocVecEnv(thunks, start_method=method)
    elif kind in ("dummy", "subproc"):
        venv = DummyVecEnv(thunks)
    else:
        raise ConfigError(f"vec_env must be subproc or dummy, not {kind!r}")
    venv.seed(seed)
    return venv


# ---- the trainer -----------------------------------------------------------------------------
class Trainer:
    """One training run. ``Trainer(cfg).run(resume=False)``."""

    def __init__(self, cfg: dict, log=print):
        self.cfg = cfg
        self.log = log
        self.out = Path(cfg["out_dir"])
        self.game = make_game(cfg["env_id"], **cfg["env_config"])
        self.learn_roles = resolve_roles(self.game, cfg["learn_role"])
        self.opponents = resolve_opponents(self.game, self.learn_roles, cfg["opponents"])
        self.pool = SnapshotPool(self.out / "pool")
        self.ckpt = self.out / "checkpoints" / "latest.zip"
        self.state_path = self.out / "checkpoints" / "state.json"
        self.csv_path = self.out / "eval.csv"
        self.policy_path = self.out / "policy"
        if cfg["policy"]["activation"] not in ACTIVATIONS:
            raise ConfigError(f"policy.activation must be one of {sorted(ACTIVATIONS)}")

    @property
    def role_names(self):
        return [self.game.roles[r] for r in self.learn_roles]

    def export_args(self):
        return {"env_id": self.cfg["env_id"], "roles": self.role_names,
                "game_config": self.game.config, "activation": self.cfg["policy"]["activation"]}

    def run(self, resume=False) -> dict:
        import torch
        from sb3_contrib import MaskablePPO

        cfg = self.cfg
        device = resolve_device(cfg["device"], self.log)
        if cfg["torch_threads"]:
            torch.set_num_threads(int(cfg["torch_threads"]))
        if resume and not self.ckpt.exists():
            raise ConfigError(f"nothing to resume: no checkpoint at {self.ckpt}")
        if not resume and self.ckpt.exists():
            raise ConfigError(f"{self.out} already holds a run; pass --resume to continue it "
                              "or choose another out_dir")
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
        tb = str(self.out / "tb") if cfg["tensorboard"] else None
        if resume:
            state = json.loads(self.state_path.read_text())
            self.pool.write(state["pool"])
            _truncate_csv(self.csv_path, state["steps"])
            venv = make_vec_env(cfg, self.learn_roles, self.opponents, self.pool.folder,
                                cfg["seed"] + state["steps"])
            model = MaskablePPO.load(self.ckpt, env=venv, device=device, tensorboard_log=tb)
            _set_rng_states(state["rng"])
            schedule = state["schedule"]
            self.log(f"resuming {self.out} at step {model.num_timesteps}")
        else:
            self.pool.write([])
            venv = make_vec_env(cfg, self.learn_roles, self.opponents, self.pool.folder, cfg["seed"])
            act = getattr(torch.nn, ACTIVATIONS[cfg["policy"]["activation"]])
            model = MaskablePPO("MlpPolicy", venv, seed=cfg["seed"], device=device, verbose=0,
                                tensorboard_log=tb,
                                policy_kwargs={"net_arch": cfg["policy"]["net_arch"], "activation_fn": act},
                                **cfg["ppo"])
            schedule = {"snapshot": 0, "eval": 0, "checkpoint": int(cfg["checkpoint_every"])}
            if cfg["pretrain"]["teacher"]:
                from .imitation import warm_start

                warm = warm_start(model, cfg, self.learn_roles, self.opponents, self.log)
                (self.out / "warm_start.json").write_text(json.dumps(warm, indent=1))
        if tb is None:  # else SB3 makes an empty SB3-<date> folder in the temp dir each run
            from stable_baselines3.common.logger import Logger

            model.set_logger(Logger(folder=None, output_formats=[]))
        self.log(f"training {cfg['env_id']} roles {self.role_names} vs "
                 f"{ {self.game.roles[r]: s for r, s in self.opponents.items() if r not in self.learn_roles} } "
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
            from .ppo import export_policy

            export_policy(model.policy, self.policy_path, steps=steps, **self.export_args())
            final = None
            if callback.last_eval != steps and cfg["eval"]["opponents"] and int(cfg["eval"]["games"]) > 0:
                final = self.evaluate(steps, self.policy_path)
                every = int(cfg["eval"]["every"])
                callback.schedule["eval"] = (steps // every + 1) * every
            self.checkpoint(model, callback.schedule)
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
        return summary

    # ---- periodic work (called between rollouts, after the previous update) -------------
    def checkpoint(self, model, schedule) -> None:
        self.ckpt.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.ckpt.with_name("tmp_latest.zip")
        model.save(tmp)
        os.replace(tmp, self.ckpt)
        state = {"steps": int(model.num_timesteps), "pool": self.pool.names(), "schedule": schedule,
                 "rng": _get_rng_states()}
        tmp_state = self.state_path.with_name("state.json.tmp")
        tmp_state.write_text(json.dumps(state))
        os.replace(tmp_state, self.state_path)

    def evaluate(self, steps, policy=None) -> list[dict]:
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
                     f"({100 * row['win_rate']:.1f}%, 95% CI {100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}%)")
        return rows


def _callback_base():
    from stable_baselines3.common.callbacks import BaseCallback

    return BaseCallback


class _Callback(_callback_base()):
    def __init__(self, trainer: Trainer, schedule: dict):
        super().__init__()
        self.trainer = trainer
        self.schedule = dict(schedule)
        self.last_eval = -1
        self.last_rows = []
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


def _get_rng_states() -> dict:
    import random

    import torch

    py = random.getstate()
    return {"numpy": base64.b64encode(json.dumps(np.random.get_state(legacy=False), default=_np_default)
                                      .encode()).decode(),
            "torch": base64.b64encode(torch.get_rng_state().numpy().tobytes()).decode(),
            "python": [py[0], list(py[1]), py[2]]}


def _np_default(o):
    if isinstance(o, np.integer):
        return int(o)
    if isinstance(o, np.ndarray):
        return o.tolist()
    raise TypeError(type(o))


def _set_rng_states(states: dict) -> None:
    import random

    import torch

    st = json.loads(base64.b64decode(states["numpy"]))
    st["state"]["key"] = np.array(st["state"]["key"], dtype=np.uint32)
    np.random.set_state(st)
    torch.set_rng_state(torch.from_numpy(np.frombuffer(base64.b64decode(states["torch"]), dtype=np.uint8).copy()))
    py = states["python"]
    random.setstate((py[0], tuple(py[1]), py[2]))


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


def train_alternating(cfg, resume=False, log=print) -> dict:
    """Asymmetric games: one policy per role in ``alternate.roles``, trained in turn for
    ``alternate.phase_steps`` each against the other roles' newest policies (sampled; the
    config's ``opponents`` before a role has one). Each role's run lives in
    ``out_dir/<role>/`` and resumes like any run; the phase to resume is found from the
    roles' step counts."""
    alt = cfg["alternate"]
    if not isinstance(alt, dict) or not alt.get("roles") or not alt.get("phase_steps"):
        raise ConfigError("alternate must be {roles: [role, role, ...], phase_steps: N}")
    game = make_game(cfg["env_id"], **cfg["env_config"])
    roles = list(alt["roles"])
    bad = [r for r in roles if r not in game.roles]
    if bad or len(roles) < 2:
        raise ConfigError(f"alternate.roles {roles} must name two or more of {game.roles}")
    phase = int(alt["phase_steps"])
    out = Path(cfg["out_dir"])
    base = resolve_opponents(game, [game.roles.index(roles[0])], _opponent_map(cfg["opponents"]))

    def steps_of(role):
        state = out / role / "checkpoints" / "state.json"
        return json.loads(state.read_text())["steps"] if state.exists() else 0

    if not resume and any(steps_of(r) for r in roles):
        raise ConfigError(f"{out} already holds a run; pass --resume to continue it or choose another out_dir")
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
        summaries[role] = Trainer(sub, log).run(resume=done[role] > 0)
    return {"roles": summaries, "policies": {r: str(out / r / "policy") for r in roles}}


def _opponent_map(opponents) -> dict:
    """The config's fixed opponents (``self`` has no meaning across roles; random instead)."""
    if isinstance(opponents, dict):
        fixed = {k: v for k, v in opponents.items() if v != "self"}
    elif isinstance(opponents, str) and opponents != "self":
        fixed = {"default": opponents}
    else:
        fixed = {}
    return {"default": "random", **fixed}


def train(config_path=None, overrides=None, resume=False, log=print) -> dict:
    """Train from a YAML config (plus overrides such as ``{"device": "cuda"}``)."""
    cfg = load_config(config_path, overrides)
    if cfg["alternate"]:
        return train_alternating(cfg, resume, log)
    return Trainer(cfg, log).run(resume=resume)
