"""A trained MaskablePPO policy as an agent, and its weights-only file format
(DESIGN.md, "Agents": ``ppo:PATH``).

A policy is two files side by side: ``NAME.safetensors`` (the actor's tensors only, no code)
and ``NAME.json`` (env id, roles, observation size, network shape, SHA-256 of the tensors).
Loading never unpickles anything; a tampered, truncated or mismatched file is refused with
a :class:`ModelFileError` that says what is wrong.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

from conan_envs import ConfigError, make_game

from .agent import Agent

FORMAT = "conan-envs-policy"
VERSION = 1
ACTIVATIONS = ("tanh", "relu", "elu", "leaky_relu")
_PREFIXES = ("mlp_extractor.policy_net.", "action_net.")


class ModelFileError(ConfigError):
    """A policy file that is missing, corrupt, tampered with, or made for another env."""


def model_paths(path) -> tuple[Path, Path]:
    """(metadata .json, weights .safetensors) for a path given as the stem, the .json,
    the .safetensors, or with any other suffix (e.g. ``models/x.zip`` -> ``models/x.json``)."""
    p = Path(path)
    stem = p.with_suffix("") if p.suffix else p
    return stem.with_suffix(".json"), stem.with_suffix(".safetensors")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def export_policy(policy, path, *, env_id, roles, game_config, activation="tanh", steps=0,
                  extra=None) -> Path:
    """Write the actor of an sb3 MaskableActorCriticPolicy (MLP) in the weights-only format.
    Returns the metadata path. Files are written to temporaries and renamed, so a reader
    never sees half a file."""
    from safetensors.torch import save_file

    meta_path, weights_path = model_paths(path)
    meta_path.parent.mkdir(parents=True, exist_ok=True)
    tensors = {k: v.detach().cpu().contiguous().clone() for k, v in policy.state_dict().items()
               if k.startswith(_PREFIXES)}
    if activation not in ACTIVATIONS:
        raise ConfigError(f"activation {activation!r} not one of {ACTIVATIONS}")
    net_arch = [int(tensors[k].shape[0]) for k in sorted(
        (k for k in tensors if k.startswith(_PREFIXES[0]) and k.endswith(".weight")),
        key=lambda k: int(k.split(".")[2]))]
    tmp_w = weights_path.with_name(weights_path.name + f".tmp{os.getpid()}")
    save_file(tensors, str(tmp_w), metadata={"format": FORMAT})
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "env_id": env_id,
        "roles": list(roles),
        "game_config": game_config,
        "obs_size": int(tensors["mlp_extractor.policy_net.0.weight"].shape[1]) if net_arch
        else int(tensors["action_net.weight"].shape[1]),
        "num_actions": int(tensors["action_net.weight"].shape[0]),
        "net_arch": net_arch,
        "activation": activation,
        "steps": int(steps),
        "weights": weights_path.name,
        "sha256": _sha256(tmp_w),
        **(extra or {}),
    }
    tmp_m = meta_path.with_name(meta_path.name + f".tmp{os.getpid()}")
    tmp_m.write_text(json.dumps(meta, indent=1, sort_keys=True))
    os.replace(tmp_w, weights_path)
    os.replace(tmp_m, meta_path)
    return meta_path


def read_metadata(path) -> dict:
    meta_path, _ = model_paths(path)
    if not meta_path.is_file():
        raise ModelFileError(f"no policy metadata at {meta_path} (a policy is NAME.json + "
                             f"NAME.safetensors, written by scripts/train.py)")
    try:
        meta = json.loads(meta_path.read_text())
    except (ValueError, UnicodeDecodeError) as e:
        raise ModelFileError(f"policy metadata {meta_path} is not valid JSON: {e}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelFileError(f"{meta_path} is not a {FORMAT} metadata file")
    if meta.get("version") != VERSION:
        raise ModelFileError(f"{meta_path}: format version {meta.get('version')!r} unsupported "
                             f"(this code reads version {VERSION})")
    missing = [k for k in ("env_id", "roles", "obs_size", "num_actions", "net_arch", "activation",
                           "weights", "sha256") if k not in meta]
    if missing:
        raise ModelFileError(f"{meta_path}: metadata lacks {missing}")
    if meta["activation"] not in ACTIVATIONS:
        raise ModelFileError(f"{meta_path}: unknown activation {meta['activation']!r}")
    return meta


_CACHE: dict = {}


def load_policy(path):
    """(metadata, numpy Actor) from a weights-only policy file; cached by file
    identity so that tournaments load each file once per process."""
    meta_path, _ = model_paths(path)
    meta = read_metadata(meta_path)
    weights_path = meta_path.parent / meta["weights"]
    if not weights_path.is_file():
        raise ModelFileError(f"policy weights {weights_path} named by {meta_path} are missing")
    stat = weights_path.stat()
    key = (str(meta_path.resolve()), meta_path.stat().st_mtime_ns, stat.st_mtime_ns, stat.st_size)
    if key in _CACHE:
        return _CACHE[key]
    digest = _sha256(weights_path)
    if digest != meta["sha256"]:
        raise ModelFileError(f"policy weights {weights_path} were modified or corrupted: their "
                             f"SHA-256 {digest[:16]}... does not match {meta['sha256'][:16]}... "
                             f"recorded in {meta_path.name}; refusing to load")
    from safetensors import SafetensorError
    from safetensors.numpy import load_file

    try:
        tensors = load_file(str(weights_path))
    except (SafetensorError, OSError, ValueError) as e:
        raise ModelFileError(f"policy weights {weights_path} are not a readable safetensors "
                             f"file: {e}") from None
    net = _build_actor(meta, tensors, weights_path)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (meta, net)
    return meta, net


_ACTIVATION_FNS = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0),
    "elu": lambda x: np.where(x > 0, x, np.expm1(np.minimum(x, 0))),
    "leaky_relu": lambda x: np.where(x > 0, x, 0.01 * x),
}


class Actor:
    """The policy network's actor in numpy (no torch needed to play): the MLP layers of
    sb3's ``mlp_extractor.policy_net`` then ``action_net``; ``logits(obs)``."""

    def __init__(self, layers, head, activation):
        self.layers = layers  # [(weight (out, in), bias (out,))]
        self.head = head
        self.activation = _ACTIVATION_FNS[activation]

    def logits(self, x: np.ndarray) -> np.ndarray:
        for w, b in self.layers:
            x = self.activation(x @ w.T + b)
        w, b = self.head
        return x @ w.T + b


def _build_actor(meta, tensors, where) -> Actor:
    shapes, width = {}, int(meta["obs_size"])
    for i, h in enumerate(meta["net_arch"]):
        shapes[f"mlp_extractor.policy_net.{2 * i}.weight"] = (int(h), width)
        shapes[f"mlp_extractor.policy_net.{2 * i}.bias"] = (int(h),)
        width = int(h)
    shapes["action_net.weight"] = (int(meta["num_actions"]), width)
    shapes["action_net.bias"] = (int(meta["num_actions"]),)
    if set(tensors) != set(shapes):
        raise ModelFileError(f"{where}: tensors {sorted(tensors)} do not match the network in the "
                             f"metadata ({sorted(shapes)})")
    for k, shape in shapes.items():
        if tuple(tensors[k].shape) != shape:
            raise ModelFileError(f"{where}: tensor {k} has shape {tuple(tensors[k].shape)}, the "
                                 f"metadata's network needs {shape}")
        if tensors[k].dtype != np.float32:
            raise ModelFileError(f"{where}: tensor {k} is {tensors[k].dtype}, expected float32")
    layers = [(tensors[f"mlp_extractor.policy_net.{2 * i}.weight"], tensors[f"mlp_extractor.policy_net.{2 * i}.bias"])
              for i in range(len(meta["net_arch"]))]
    return Actor(layers, (tensors["action_net.weight"], tensors["action_net.bias"]), meta["activation"])


_GAMES: dict = {}


def _game(env_id, config):
    """Games are immutable and some take a while to build: one per config per process."""
    key = (env_id, repr(sorted(config.items())))
    if key not in _GAMES:
        _GAMES[key] = make_game(env_id, **config)
    return _GAMES[key]


class PolicyAgent(Agent):
    """``ppo:PATH`` -- plays the policy's most likely legal action (``deterministic=true``,
    the default) or samples from it (``deterministic=false``, seeded by ``seed``).
    A policy plays only the roles it was trained for unless ``any_role=true`` (for games
    whose roles share one observation layout)."""

    name = "ppo"

    def __init__(self, env_id, role=0, path=None, deterministic=True, seed=None, any_role=False,
                 **game_config):
        if not path:
            raise ConfigError("ppo needs a model path: 'ppo:models/NAME' (NAME.json + NAME.safetensors)")
        self.meta, self.net = load_policy(path)
        game = _game(env_id, game_config)
        role_name = role if isinstance(role, str) else game.roles[int(role)]
        if role_name not in game.roles:
            raise ConfigError(f"ppo: role {role!r} is not one of {game.roles}")
        r = game.roles.index(role_name)
        where = model_paths(path)[0]
        if self.meta["env_id"] != env_id:
            raise ModelFileError(f"{where} was trained for {self.meta['env_id']}, not {env_id}")
        obs_size = int(np.prod(game.observation_shape(r)))
        if obs_size != self.meta["obs_size"] or game.num_actions != self.meta["num_actions"]:
            raise ModelFileError(
                f"{where} expects observations of size {self.meta['obs_size']} and "
                f"{self.meta['num_actions']} actions; {env_id} role {role_name} with config "
                f"{game.config} has {obs_size} and {game.num_actions}")
        if role_name not in self.meta["roles"] and not any_role:
            raise ModelFileError(f"{where} was trained for roles {self.meta['roles']}, not "
                                 f"{role_name} (pass any_role=true to use it anyway)")
        self.role = r
        self.deterministic = bool(deterministic)
        self.rng = np.random.default_rng(seed)
        self.name = f"ppo:{path}"

    def action_probabilities(self, observation, action_mask) -> np.ndarray:
        logits = self._masked_logits(observation, action_mask)
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def _masked_logits(self, observation, action_mask):
        mask = np.asarray(action_mask, dtype=bool)
        if not mask.any():
            raise ValueError("no legal action in the mask")
        logits = self.net.logits(np.asarray(observation, dtype=np.float32).reshape(-1))
        return np.where(mask, logits.astype(np.float64), -np.inf)

    def act(self, observation, action_mask, state=None) -> int:
        logits = self._masked_logits(observation, action_mask)
        if self.deterministic:
            return int(np.argmax(logits))
        p = np.exp(logits - logits.max())
        return int(self.rng.choice(p.size, p=p / p.sum()))
