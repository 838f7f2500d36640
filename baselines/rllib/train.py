"""``conan-train --backend rllib``: PPO on Ray RLlib's new API stack from the same YAML config
as the SB3 path (``baselines.training``).

Config keys used here: ``env_id``, ``env_config``, ``learn_role``, ``opponents`` (agent strings
for the roles that do not learn; ``self`` means the role learns too, sharing the policy),
``reward``, ``policy`` (``net_arch``, ``activation``), ``ppo`` (the SB3 names, translated
below), ``n_envs`` (environments per runner), ``runners`` (env runner processes; 0 samples in
the driver), ``policies`` (``shared``: one policy for every learning role, or ``per_role``),
``total_steps``, ``seed``, ``device``, ``checkpoint_every``, ``out_dir``, ``tensorboard``.

The run folder holds ``checkpoints/`` (RLlib checkpoints; ``--resume`` continues from the
newest), ``tb/`` (TensorBoard event files), ``progress.csv`` and the final policy (or one per
policy) in the weights-only format of :mod:`baselines.ppo`.

On a Ray cluster: ``ray start --head`` on one machine, ``ray start --address HEAD:6379`` on
the others, then ``RAY_ADDRESS=HEAD:6379 conan-train --backend rllib --config NAME`` with
``runners`` raised to the cluster's CPUs.
"""
from __future__ import annotations

import copy
import csv
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conan_envs import ConfigError, make_game

from ..ppo import ACTIVATIONS, save_actor
from ..selfplay import resolve_opponents, resolve_roles

# SB3 name -> RLlib name of the PPO settings both paths share.
PPO_NAMES = {"learning_rate": "lr", "gamma": "gamma", "gae_lambda": "lambda_",
             "clip_range": "clip_param", "ent_coef": "entropy_coeff", "vf_coef": "vf_loss_coeff",
             "max_grad_norm": "grad_clip", "batch_size": "minibatch_size", "n_epochs": "num_epochs"}
EXTRA_DEFAULTS = {"runners": 1, "policies": "shared"}


def load(config_path: str | Path | None = None, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The SB3 config loader (defaults, file or shipped name, overrides, every key checked),
    plus the RLlib-only keys."""
    from ..train_config import load_config, read_yaml

    raw: dict[str, Any] = read_yaml(config_path) if config_path is not None else {}
    merged = {**raw, **{k: v for k, v in (overrides or {}).items() if v is not None}}
    extra = {k: merged.pop(k, v) for k, v in EXTRA_DEFAULTS.items()}
    cfg = load_config(None, merged)
    cfg.update(extra)
    runners = extra["runners"]
    if not isinstance(runners, int) or isinstance(runners, bool) or runners < 0:
        raise ConfigError(f"runners must be an integer >= 0, not {runners!r}")
    cpus = os.cpu_count() or 1
    if runners > cpus and not os.environ.get("RAY_ADDRESS"):
        # more runners than CPUs makes Ray wait for resources forever
        raise ConfigError(f"runners={runners} but this machine has {cpus} CPUs (set RAY_ADDRESS "
                          f"to train on a cluster)")
    if extra["policies"] not in ("shared", "per_role"):
        raise ConfigError(f"policies must be 'shared' or 'per_role', not {extra['policies']!r}")
    return cfg


def build(cfg: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """(the RLlib PPOConfig, facts for export: game, learn roles, policy ids per role)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from .env import ConanMultiAgentEnv
    from .module import MaskedPPOModule

    game = make_game(cfg["env_id"], **cfg["env_config"])
    learn = resolve_roles(game, cfg["learn_role"])
    specs = resolve_opponents(game, learn, cfg["opponents"])
    learn = sorted(set(learn) | {r for r, s in specs.items() if s == "self"})
    opponents = {r: s for r, s in specs.items() if r not in learn}
    if cfg["policies"] == "shared":
        shapes = {game.observation_shape(r) for r in learn}
        if len(shapes) > 1:
            raise ConfigError("policies: shared needs learning roles with one observation size; "
                              "use policies: per_role")
        policy_of = {game.roles[r]: "shared" for r in learn}
    else:
        policy_of = {game.roles[r]: game.roles[r] for r in learn}
    env_config = {"env_id": cfg["env_id"], "game_config": dict(cfg["env_config"]),
                  "learn_roles": learn, "opponents": opponents, "reward": cfg["reward"],
                  "seed": int(cfg["seed"])}
    probe = ConanMultiAgentEnv(env_config)
    activation = cfg["policy"].get("activation", "tanh")
    if activation not in ACTIVATIONS:
        raise ConfigError(f"policy.activation must be one of {ACTIVATIONS}")
    model = {"fcnet_hiddens": list(cfg["policy"].get("net_arch", [64, 64])),
             "fcnet_activation": activation, "head_fcnet_hiddens": [], "vf_share_layers": False}
    modules: dict[str, Any] = {}
    for role, pid in policy_of.items():
        modules.setdefault(pid, RLModuleSpec(
            module_class=MaskedPPOModule, observation_space=probe.observation_spaces[role],  # type: ignore[index]
            action_space=probe.action_spaces[role], model_config=model))  # type: ignore[index]
    ppo = dict(cfg["ppo"])
    n_envs = int(cfg["n_envs"])
    runners = int(cfg["runners"])
    rollout = int(ppo.pop("n_steps", 512))
    training = {PPO_NAMES[k]: v for k, v in ppo.items() if k in PPO_NAMES}
    unknown = sorted(set(ppo) - set(PPO_NAMES))
    if unknown:
        raise ConfigError(f"ppo keys {unknown} have no RLlib counterpart; valid: "
                          f"{sorted(PPO_NAMES) + ['n_steps']}")
    from ..training import resolve_device

    device = resolve_device(cfg["device"])
    config = (
        PPOConfig()
        .environment(ConanMultiAgentEnv, env_config=env_config, disable_env_checking=True)
        .env_runners(num_env_runners=runners, num_envs_per_env_runner=n_envs,
                     rollout_fragment_length="auto")
        .multi_agent(policies=set(modules),
                     policy_mapping_fn=lambda agent_id, episode, **kw: policy_of[agent_id])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=modules))
        .training(train_batch_size_per_learner=rollout * n_envs * max(1, runners), **training)
        .learners(num_gpus_per_learner=1 if device.startswith("cuda") else 0)
        .fault_tolerance(restart_failed_env_runners=False)
        .debugging(seed=int(cfg["seed"]))
    )
    return config, {"game": game, "policy_of": policy_of, "activation": activation}


def export(algo: Any, facts: dict[str, Any], out_dir: Path, steps: int) -> list[Path]:
    """Each policy's actor in the weights-only format (``policy.json`` for a shared policy,
    ``policy_<role>.json`` per role otherwise)."""
    game = facts["game"]
    paths = []
    by_policy: dict[str, list[str]] = {}
    for role, pid in facts["policy_of"].items():
        by_policy.setdefault(pid, []).append(role)
    for pid, roles in by_policy.items():
        state = algo.get_module(pid).state_dict()
        name = "policy" if pid == "shared" or len(by_policy) == 1 else f"policy_{pid}"
        paths.append(write_policy(state, out_dir / name, env_id=game.env_id, roles=roles,
                                  game_config=game.config, activation=facts["activation"],
                                  steps=steps))
    return paths


def write_policy(state_dict: dict[str, Any], path: Path, *, env_id: str, roles: list[str],
                 game_config: dict[str, Any], activation: str, steps: int) -> Path:
    """An RLlib PPO module's actor (encoder layers, then the pi head) renamed to the SB3
    policy's tensor names and saved by :func:`baselines.ppo.save_actor`, so
    :class:`baselines.ppo.PolicyAgent` plays it unchanged."""
    prefix = next(p for p in ("encoder.actor_encoder.net.mlp.", "encoder.encoder.net.mlp.")
                  if any(k.startswith(p) for k in state_dict))
    tensors = {}
    layers = sorted({int(k[len(prefix):].split(".")[0]) for k in state_dict if k.startswith(prefix)})
    for i, idx in enumerate(layers):
        for part in ("weight", "bias"):
            tensors[f"mlp_extractor.policy_net.{2 * i}.{part}"] = _np(state_dict[f"{prefix}{idx}.{part}"])
    heads = sorted({int(k.split(".")[3]) for k in state_dict if k.startswith("pi.net.mlp.")})
    if len(heads) != 1:
        raise ConfigError("export needs a single linear pi head (head_fcnet_hiddens: [])")
    for part in ("weight", "bias"):
        tensors[f"action_net.{part}"] = _np(state_dict[f"pi.net.mlp.{heads[0]}.{part}"])
    return save_actor(tensors, path, env_id=env_id, roles=roles, game_config=game_config,
                      activation=activation, steps=steps, extra={"trainer": "rllib"})


def _np(t: Any) -> Any:
    return t.detach().cpu().numpy() if hasattr(t, "detach") else t


def _steps(result: dict[str, Any]) -> int:
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED_LIFETIME

    return int(result.get(ENV_RUNNER_RESULTS, {}).get(NUM_ENV_STEPS_SAMPLED_LIFETIME, 0) or
               result.get(NUM_ENV_STEPS_SAMPLED_LIFETIME, 0))


def train(cfg: dict[str, Any], *, resume: bool = False,
          log: Callable[..., None] = print) -> dict[str, Any]:
    """Train until ``total_steps`` env steps; returns a summary (steps, seconds, steps/s,
    exported policy paths)."""
    import ray

    out = Path(cfg["out_dir"]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.yaml").write_text(json.dumps(cfg, indent=1))
    config, facts = build(cfg)
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            tmp = Path(os.environ.get("CONAN_RAY_TMP", "/tmp/conan_ray"))
            ray.init(num_cpus=max(1, os.cpu_count() or 1), include_dashboard=False,
                     log_to_driver=False, _temp_dir=str(tmp), configure_logging=False)
    algo = config.build_algo()
    ckpt = out / "checkpoints"
    if resume and ckpt.exists():
        algo.restore_from_path(str(ckpt))
        log(f"resumed from {ckpt}")
    writer = None
    if cfg.get("tensorboard"):
        try:
            from torch.utils.tensorboard import SummaryWriter

            writer = SummaryWriter(str(out / "tb"))
        except ImportError:
            writer = None
    total = int(cfg["total_steps"])
    every = int(cfg.get("checkpoint_every") or total)
    steps, last_ckpt, t0, it = 0, 0, time.time(), 0
    fresh = not (out / "progress.csv").exists() or not resume
    with open(out / "progress.csv", "w" if fresh else "a", newline="") as f:
        w = csv.writer(f)
        if fresh:
            w.writerow(["iteration", "env_steps", "seconds", "episode_return_mean"])
        while steps < total:
            result = algo.train()
            it += 1
            steps = _steps(result)
            ret = result.get("env_runners", {}).get("episode_return_mean")
            w.writerow([it, steps, round(time.time() - t0, 2), ret])
            f.flush()
            if writer is not None and ret is not None:
                writer.add_scalar("rollout/ep_rew_mean", float(ret), steps)
            if steps - last_ckpt >= every or steps >= total:
                algo.save_to_path(str(ckpt))
                last_ckpt = steps
            log(f"iteration {it}: {steps} env steps, {steps / max(1e-9, time.time() - t0):.0f} steps/s")
    seconds = time.time() - t0
    paths = export(algo, facts, out, steps)
    algo.stop()
    if writer is not None:
        writer.close()
    summary = {"env_id": cfg["env_id"], "env_steps": steps, "seconds": round(seconds, 1),
               "steps_per_second": round(steps / max(seconds, 1e-9), 1),
               "runners": int(cfg["runners"]), "envs_per_runner": int(cfg["n_envs"]),
               "policies": [str(p) for p in paths]}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def main(config: Any, args: Any = None) -> dict[str, Any]:
    """Entry from ``conan-train --backend rllib``: `config` is a config path (or a loaded
    config dict); `args` may carry ``resume``, ``device``, ``total_steps``, ``out_dir``."""
    overrides = {}
    for key in ("device", "total_steps", "out_dir", "seed", "runners"):
        value = getattr(args, key, None) if args is not None else None
        if value is not None:
            overrides[key] = value
    if isinstance(config, dict):
        cfg = {**copy.deepcopy(config), **{k: v for k, v in overrides.items()}}
        for k, v in EXTRA_DEFAULTS.items():
            cfg.setdefault(k, v)
    else:
        cfg = load(config, overrides)
    return train(cfg, resume=bool(getattr(args, "resume", False)))
