"""The training config (one YAML file; see the top-level ``configs/``): its defaults, the
shipped configs by name, and the checks that find every mistake in it before any long work
starts -- unknown keys, wrong types, out-of-range values, unknown agent strings -- each a
ConfigError naming the key and what is valid. Wherever a config takes an agent string it also
takes a difficulty (``easy``, ``normal``, ``hard``), which :mod:`baselines.ladder` resolves
for the game, the seat and the config it plays in."""
from __future__ import annotations

import copy
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from conan_envs import ConfigError, make_game
from conan_envs.engine.rewards import REWARD_MODES

from . import safe_yaml
from .options import AgentOption

DEFAULTS: dict[str, Any] = {
    "env_id": None,
    "env_config": {},
    "learn_role": "all",
    "alternate": None,  # {roles: [a, b], phase_steps: N}: train each role in turn (asymmetric games)
    "opponents": "self",
    # behaviour-clone a teacher agent string for `steps` moves before PPO (imitation.py)
    "pretrain": {"teacher": None, "steps": 100_000, "epochs": 4, "batch_size": 512,
                 "learning_rate": 0.001},
    "reward": "terminal",
    # opponents given as `self` each episode: with probability fixed_prob an agent drawn
    # uniformly from `fixed` (agent strings), else random with probability random_prob, else
    # a past snapshot of the learner (the newest with latest_prob, else one of the last size)
    "pool": {"size": 8, "snapshot_every": 10_000, "latest_prob": 0.5, "random_prob": 0.1,
             "deterministic": False, "fixed": [], "fixed_prob": 0.0},
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
    # the trainer: sb3 (MaskablePPO) or fast (baselines.fast: one batched forward for all envs
    # per step; n_workers processes step the envs through shared memory, 0 = in this process;
    # envs_per_worker, if given, must be n_envs / n_workers; overlap_learning: the next
    # rollout is played while the learner updates on the last, by the policy one update behind)
    "backend": "sb3",
    "n_workers": 0,
    "envs_per_worker": None,
    "overlap_learning": True,
}
ACTIVATIONS = {"tanh": "Tanh", "relu": "ReLU", "elu": "ELU", "leaky_relu": "LeakyReLU"}
FREE_MAPPINGS = ("env_config", "opponents")  # keys checked by the game and by the roles


def _int(lo: int = 1, hi: int = 10**12, none_ok: bool = False) -> AgentOption:
    return AgentOption("int", None, lo=lo, hi=hi, none_ok=none_ok)


def _float(lo: float = 0.0, hi: float = 1e9, none_ok: bool = False) -> AgentOption:
    return AgentOption("float", None, lo=lo, hi=hi, none_ok=none_ok)


BOOL = AgentOption("bool", None)
SCALARS: dict[str, AgentOption] = {
    "pretrain.steps": _int(), "pretrain.epochs": _int(hi=10_000), "pretrain.batch_size": _int(),
    "pretrain.learning_rate": _float(1e-12, 10),
    "pool.size": _int(hi=10_000), "pool.snapshot_every": _int(), "pool.latest_prob": _float(0, 1),
    "pool.random_prob": _float(0, 1), "pool.deterministic": BOOL, "pool.fixed_prob": _float(0, 1),
    "n_envs": _int(hi=1024), "total_steps": _int(), "seed": _int(0, 2**31 - 1),
    "eval.every": _int(), "eval.games": _int(0, 1_000_000), "eval.workers": _int(hi=1024),
    "eval.seed": _int(0, 2**31 - 1), "checkpoint_every": _int(), "progress_bar": BOOL,
    "tensorboard": BOOL, "torch_threads": _int(0, 1024),
    "n_workers": _int(0, 1024), "envs_per_worker": _int(1, 1024, none_ok=True),
    "overlap_learning": BOOL,
}
# MaskablePPO's settings this project passes through, with their types and ranges.
PPO: dict[str, AgentOption] = {
    "learning_rate": _float(1e-12, 10), "n_steps": _int(hi=1 << 24), "batch_size": _int(hi=1 << 24),
    "n_epochs": _int(hi=10_000), "gamma": _float(0, 1), "gae_lambda": _float(0, 1),
    "clip_range": _float(1e-9, 100), "clip_range_vf": _float(1e-9, 100, none_ok=True),
    "normalize_advantage": BOOL, "ent_coef": _float(0, 100), "vf_coef": _float(0, 100),
    "max_grad_norm": _float(1e-9, 1e9), "target_kl": _float(1e-12, 100, none_ok=True),
    "stats_window_size": _int(hi=1_000_000),
}
CHOICES = {"reward": REWARD_MODES, "vec_env": ("subproc", "dummy"), "backend": ("sb3", "fast"),
           "policy.activation": tuple(ACTIVATIONS)}


# ---- the shipped configs -----------------------------------------------------------------------
def configs_folder() -> Path:
    """Where the shipped configs are: the repository's top-level ``configs/``, which the wheel
    installs as the package data ``baselines/configs`` (``package-dir`` in pyproject.toml), so
    an installed package reads its own copy and a clone reads the folder itself."""
    installed = Path(str(resources.files("baselines") / "configs"))
    if any(installed.glob("*.yaml")):
        return installed
    return Path(__file__).resolve().parent.parent / "configs"


def shipped_configs() -> list[str]:
    """Names of the configs shipped with the package (``--config NAME``)."""
    folder = configs_folder()
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def config_text(name_or_path: str | Path) -> tuple[str, str]:
    """(the YAML text, where it came from) of a config given by path or by shipped name."""
    path = Path(name_or_path)
    if path.is_file():
        try:
            return path.read_text(encoding="utf-8"), str(path)
        except (OSError, UnicodeDecodeError) as e:
            raise ConfigError(f"cannot read config {path}: {e}") from None
    name = str(name_or_path)
    if path.suffix == ".yaml" and (len(path.parts) == 1 or path.parent.name == "configs"):
        name = path.stem  # kings_ppo_selfplay.yaml, or configs/... as the docs of a clone say
    if name in shipped_configs():
        res = configs_folder() / f"{name}.yaml"
        return res.read_text(encoding="utf-8"), f"{name} (shipped)"
    raise ConfigError(f"no config file {name_or_path}; give a path or one of the shipped "
                      f"configs: {', '.join(shipped_configs())}")


def config_path(name_or_path: str | Path) -> Path:
    """A file path for a config given by path or by shipped name (for tools that read the
    file themselves)."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    config_text(name_or_path)  # the error names the shipped configs
    name = path.stem if path.suffix == ".yaml" else str(name_or_path)
    return configs_folder() / f"{name}.yaml"


def read_yaml(name_or_path: str | Path) -> dict[str, Any]:
    text, where = config_text(name_or_path)
    try:
        data = safe_yaml.load(text)  # no aliases, bounded nesting and integers
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or str(e)
        raise ConfigError(f"config {where} is not valid YAML{at}: {problem}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"config {where}: a training config is a YAML mapping of keys, "
                          f"not a {type(data).__name__}")
    return data


# ---- merging and checking ---------------------------------------------------------------------
def _merge(base: dict[str, Any], over: Mapping[str, Any], where: str = "") -> dict[str, Any]:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if k not in base:
            raise ConfigError(f"unknown config key '{where}{k}'; valid keys: {', '.join(sorted(base))}")
        if isinstance(base[k], dict) and isinstance(v, dict):
            if k in FREE_MAPPINGS:
                out[k] = {**base[k], **v}
            elif k == "ppo":
                unknown = sorted(set(v) - set(PPO))
                if unknown:
                    raise ConfigError(f"unknown config key 'ppo.{unknown[0]}'; valid ppo keys: "
                                      f"{', '.join(PPO)}")
                out[k] = {**base[k], **v}
            else:
                out[k] = _merge(base[k], v, f"{where}{k}.")
        elif isinstance(base[k], dict):
            raise ConfigError(f"config key '{where}{k}' is a mapping of "
                              f"{', '.join(sorted(base[k])) or 'options'}, not {v!r}")
        else:
            out[k] = v
    return out


def load_config(path: str | Path | None = None,
                overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """DEFAULTS <- YAML file (a path or a shipped name) <- overrides (a dict, possibly with
    dotted keys); then every key checked (:func:`check_config`)."""
    cfg = copy.deepcopy(DEFAULTS)
    if path is not None:
        cfg = _merge(cfg, read_yaml(path))
    for key, value in (overrides or {}).items():
        if value is None:
            continue
        nested = value
        for part in reversed(key.split(".")[1:]):
            nested = {part: nested}
        cfg = _merge(cfg, {key.split(".")[0]: nested})
    check_config(cfg)
    return cfg


def _get(cfg: Mapping[str, Any], dotted: str) -> Any:
    value: Any = cfg
    for part in dotted.split("."):
        value = value[part]
    return value


def _check(name: str, opt: AgentOption, value: Any) -> Any:
    try:
        return opt.check("config", name, value)
    except ConfigError as e:
        hint = ""
        if isinstance(value, str) and opt.kind == "float" and _looks_like_float(value):
            hint = " (YAML reads 1e-4 as text; write 1.0e-4)"
        raise ConfigError(f"{e}{hint}") from None


def _looks_like_float(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def _agent(key: str, spec: Any, cfg: Mapping[str, Any]) -> None:
    """An agent string or a difficulty (``easy``, ``normal``, ``hard``: resolved per seat
    when it plays), checked for the config's game: options, policy files, shipped names."""
    from .loading import validate_agent

    if not isinstance(spec, str):
        raise ConfigError(f"config: {key}={spec!r} must be an agent string")
    try:
        validate_agent(spec, cfg["env_id"], **cfg["env_config"])
    except ConfigError as e:
        raise ConfigError(f"config: {key}: {e}") from None


def check_config(cfg: dict[str, Any]) -> None:
    """Every key's type and range; the env, its config and roles; every agent string. Values
    are normalised in place (e.g. an int learning rate becomes a float)."""
    if not cfg["env_id"] or not isinstance(cfg["env_id"], str):
        raise ConfigError("the config must name env_id (one of the env ids, e.g. kings_v2)")
    if not isinstance(cfg["env_config"], dict):
        raise ConfigError(f"env_config must be a mapping of the game's options, not {cfg['env_config']!r}")
    game = make_game(cfg["env_id"], **cfg["env_config"])
    for name, opt in SCALARS.items():
        section, _, key = name.rpartition(".")
        holder = cfg[section] if section else cfg
        holder[key] = _check(name, opt, _get(cfg, name))
    for key, opt in PPO.items():
        if key in cfg["ppo"]:
            cfg["ppo"][key] = _check(f"ppo.{key}", opt, cfg["ppo"][key])
    for name, choices in CHOICES.items():
        if _get(cfg, name) not in choices:
            raise ConfigError(f"config: {name}={_get(cfg, name)!r} is invalid; {name} must be one "
                              f"of {', '.join(choices)}")
    arch = cfg["policy"]["net_arch"]
    if not (isinstance(arch, list) and len(arch) <= 32 and all(
            type(h) is int and 1 <= h <= 65536 for h in arch)):
        raise ConfigError(f"config: policy.net_arch={arch!r} is invalid; it must be a list of at "
                          f"most 32 layer widths from 1 to 65536, e.g. [64, 64]")
    if not isinstance(cfg["out_dir"], str) or not cfg["out_dir"]:
        raise ConfigError(f"config: out_dir={cfg['out_dir']!r} must be a folder path")
    device = cfg["device"]
    if not (isinstance(device, str) and (device in ("auto", "cpu", "cuda")
                                         or (device.startswith("cuda:") and device[5:].isdigit()))):
        raise ConfigError(f"config: device={device!r} is invalid; device must be auto, cpu, cuda "
                          f"or cuda:N")
    if int(cfg["ppo"].get("n_steps", 512)) * cfg["n_envs"] < 2:
        raise ConfigError("config: ppo.n_steps x n_envs must be at least 2 (one rollout)")
    _check_workers(cfg)
    if cfg["pretrain"]["teacher"] is not None:
        _agent("pretrain.teacher", cfg["pretrain"]["teacher"], cfg)
    for key in ("eval.opponents", "pool.fixed"):
        specs = _get(cfg, key)
        if not isinstance(specs, list) or len(specs) > 1000:
            raise ConfigError(f"config: {key}={specs!r} must be a list of agent strings")
        for spec in specs:
            _agent(key, spec, cfg)
    if cfg["pool"]["fixed_prob"] > 0 and not cfg["pool"]["fixed"]:
        raise ConfigError(f"config: pool.fixed_prob={cfg['pool']['fixed_prob']} draws opponents "
                          f"from pool.fixed, which is empty; list agent strings in pool.fixed "
                          f"(e.g. [scripted]) or set pool.fixed_prob: 0")
    _check_roles_and_opponents(cfg, game)


def _check_workers(cfg: dict[str, Any]) -> None:
    """n_workers processes share the n_envs environments (backend fast)."""
    n, workers, per = cfg["n_envs"], cfg["n_workers"], cfg["envs_per_worker"]
    if workers > n:
        raise ConfigError(f"config: n_workers={workers} is more than n_envs={n}; each worker "
                          f"steps at least one environment")
    if per is not None and per * max(workers, 1) != n:
        raise ConfigError(f"config: envs_per_worker={per} x n_workers={workers} is not "
                          f"n_envs={n}; set n_envs to their product or leave envs_per_worker "
                          f"out (n_envs shared among the workers)")


def _check_roles_and_opponents(cfg: dict[str, Any], game: Any) -> None:
    opp = cfg["opponents"]
    if isinstance(opp, dict):
        specs = list(opp.values())
        unknown = sorted(set(opp) - set(game.roles) - {"default"})
        if unknown:
            raise ConfigError(f"config: opponents names unknown roles {unknown}; roles: "
                              f"{', '.join(game.roles)} (or default)")
    elif isinstance(opp, str):
        specs = [opp]
    else:
        raise ConfigError("config: opponents must be an agent string, 'self', or a mapping "
                          "role -> agent string")
    for spec in specs:
        if spec != "self":
            _agent("opponents", spec, cfg)
    alt = cfg["alternate"]
    if alt is not None:
        if not (isinstance(alt, dict) and set(alt) == {"roles", "phase_steps"}
                and isinstance(alt["roles"], list) and len(alt["roles"]) >= 2
                and all(r in game.roles for r in alt["roles"])
                and type(alt["phase_steps"]) is int and alt["phase_steps"] >= 1):
            raise ConfigError(f"config: alternate must be {{roles: [two or more of "
                              f"{', '.join(game.roles)}], phase_steps: N >= 1}}, not {alt!r}")
