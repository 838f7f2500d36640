"""A trained MaskablePPO policy as an agent, and its weights-only file format
(docs/architecture.md, "Agents": ``ppo:PATH``).

A policy is two files side by side: ``NAME.safetensors`` (the actor's tensors, no code) and
``NAME.json`` (env id, roles, observation size, network shape, SHA-256 of the tensors). A file
may also hold the critic (sb3's ``mlp_extractor.value_net.<2i>`` then ``value_net``): its
metadata then records ``value_net_arch`` (the critic's hidden widths) and, where known,
``value_reward`` (the reward it learnt to predict: ``terminal`` or ``shaped``). A file without
them is an actor-only file, read and played exactly as before.
Loading never unpickles anything; a tampered, truncated or mismatched file is refused with
a :class:`ModelFileError` that says what is wrong.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from conan_envs import ConfigError
from conan_envs.engine.rewards import REWARD_MODES

from .agent import Agent
from .guards import Guard, guard_for
from .options import SEED, AgentOption, check_options

FORMAT = "conan-envs-policy"
VERSION = 1
ACTIVATIONS = ("tanh", "relu", "elu", "leaky_relu")
_PREFIXES = ("mlp_extractor.policy_net.", "action_net.")
CRITIC_PREFIXES = ("mlp_extractor.value_net.", "value_net.")
VALUE_REWARDS = REWARD_MODES  # what a critic predicts: conan-train's `reward` choices
CRITIC_FIELDS = ("value_net_arch", "value_reward")  # recorded from the tensors, never carried


class ModelFileError(ConfigError):
    """A policy file that is missing, corrupt, tampered with, or made for another env."""


MAX_PATH_CHARS = 1024  # a policy path, whole
MAX_NAME_CHARS = 240  # one folder or file name in it (most file systems allow 255 bytes)


def model_paths(path: str | Path) -> tuple[Path, Path]:
    """(metadata .json, weights .safetensors) for a path given as the stem, the .json,
    the .safetensors, or with any other suffix (e.g. ``models/x.zip`` -> ``models/x.json``).
    A path no file system could hold (too long, a NUL byte) is a ModelFileError."""
    text = str(path)
    if len(text) > MAX_PATH_CHARS or "\0" in text or any(
            len(part) > MAX_NAME_CHARS for part in Path(text).parts):
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise ModelFileError(f"policy path {shown!r} is not a usable path: at most "
                             f"{MAX_PATH_CHARS} characters, names of at most {MAX_NAME_CHARS}, "
                             "no NUL byte")
    p = Path(path)
    stem = p.with_suffix("") if p.suffix else p
    try:
        return stem.with_suffix(".json"), stem.with_suffix(".safetensors")
    except ValueError:  # a path with no file name: "/", "..", "."
        raise ModelFileError(f"policy path {text!r} names no file (a policy is NAME.json + "
                             "NAME.safetensors)") from None


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def export_policy(policy: Any, path: str | Path, *, env_id: str, roles: Sequence[str],
                  game_config: dict[str, Any], activation: str = "tanh", steps: int = 0,
                  extra: dict[str, Any] | None = None, value_reward: str | None = None) -> Path:
    """Write the actor of an sb3 MaskableActorCriticPolicy (MLP) in the weights-only format
    (see :func:`save_actor`), and its critic where the policy has one (both backends' do).
    Returns the metadata path."""
    tensors = {k: v.detach().cpu().numpy() for k, v in policy.state_dict().items()
               if k.startswith(_PREFIXES + CRITIC_PREFIXES)}
    return save_actor(tensors, path, env_id=env_id, roles=roles, game_config=game_config,
                      activation=activation, steps=steps, extra=extra, value_reward=value_reward)


def _widths(arrays: dict[str, np.ndarray], prefix: str) -> list[int]:
    """The hidden layer widths of the MLP whose tensors are named ``<prefix><2i>.weight``."""
    return [int(arrays[k].shape[0]) for k in sorted(
        (k for k in arrays if k.startswith(prefix) and k.endswith(".weight")),
        key=lambda k: int(k[len(prefix):].split(".")[0]))]


def save_actor(tensors: dict[str, Any], path: str | Path, *, env_id: str, roles: Sequence[str],
               game_config: dict[str, Any], activation: str = "tanh", steps: int = 0,
               extra: dict[str, Any] | None = None, value_reward: str | None = None) -> Path:
    """Write an actor given as arrays under sb3's names (``mlp_extractor.policy_net.<2i>.*``
    then ``action_net.*``), whatever trained it, and the critic where `tensors` hold it
    (``mlp_extractor.value_net.<2i>.*`` then ``value_net.*``; `value_reward`, the reward it
    predicts, is recorded with it). Files are written to temporaries and renamed, so a
    reader never sees half a file."""
    from safetensors.numpy import save_file

    if activation not in ACTIVATIONS:
        raise ConfigError(f"activation {activation!r} not one of {ACTIVATIONS}")
    arrays = {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in tensors.items()}
    has_critic = any(k.startswith(CRITIC_PREFIXES) for k in arrays)
    if has_critic and "value_net.weight" not in arrays:
        raise ConfigError("the critic's tensors lack its head value_net.weight (a critic is "
                          "mlp_extractor.value_net.<2i>.* then value_net.*)")
    if value_reward is not None and (not has_critic or value_reward not in VALUE_REWARDS):
        raise ConfigError(f"value_reward {value_reward!r}: one of {VALUE_REWARDS}, and only "
                          "with a critic's tensors")
    meta_path, weights_path = model_paths(path)
    meta_path.parent.mkdir(parents=True, exist_ok=True)
    net_arch = _widths(arrays, _PREFIXES[0])
    critic: dict[str, Any] = {}
    if has_critic:
        critic["value_net_arch"] = _widths(arrays, CRITIC_PREFIXES[0])
        if value_reward is not None:
            critic["value_reward"] = value_reward
    tmp_w = weights_path.with_name(weights_path.name + f".tmp{os.getpid()}")
    save_file(arrays, str(tmp_w), metadata={"format": FORMAT})
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "env_id": env_id,
        "roles": list(roles),
        "game_config": game_config,
        "obs_size": int(arrays["mlp_extractor.policy_net.0.weight"].shape[1]) if net_arch
        else int(arrays["action_net.weight"].shape[1]),
        "num_actions": int(arrays["action_net.weight"].shape[0]),
        "net_arch": net_arch,
        "activation": activation,
        "steps": int(steps),
        "weights": weights_path.name,
        "sha256": _sha256(tmp_w),
        **{k: v for k, v in (extra or {}).items() if k not in CRITIC_FIELDS},
        **critic,
    }
    tmp_m = meta_path.with_name(meta_path.name + f".tmp{os.getpid()}")
    tmp_m.write_text(json.dumps(meta, indent=1, sort_keys=True))
    os.replace(tmp_w, weights_path)
    os.replace(tmp_m, meta_path)
    return meta_path


MAX_METADATA_BYTES = 1 << 20
_HEX = frozenset("0123456789abcdef")


def read_metadata(path: str | Path) -> dict[str, Any]:
    """The checked metadata of a policy: every field's type and range, ``roles`` a list of
    distinct names, ``weights`` a plain file name in the policy's own folder. Nothing else
    is read before these checks pass."""
    meta_path, _ = model_paths(path)
    try:
        if not meta_path.is_file():
            raise ModelFileError(f"no policy metadata at {meta_path} (a policy is NAME.json + "
                                 f"NAME.safetensors, written by conan-train)")
        if meta_path.stat().st_size > MAX_METADATA_BYTES:
            raise ModelFileError(f"{meta_path} is larger than a policy's metadata can be "
                                 f"({MAX_METADATA_BYTES} bytes)")
        text = meta_path.read_text(encoding="utf-8")
    except OSError as e:
        raise ModelFileError(f"cannot read policy metadata {meta_path}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ModelFileError(f"policy metadata {meta_path} is not UTF-8 text: {e}") from None
    try:
        meta = json.loads(text)
    except ValueError as e:
        raise ModelFileError(f"policy metadata {meta_path} is not valid JSON: {e}") from None
    except RecursionError:
        raise ModelFileError(f"policy metadata {meta_path} nests too deeply to be a policy's "
                             "metadata (a flat JSON object of fields)") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelFileError(f"{meta_path} is not a {FORMAT} metadata file")
    if meta.get("version") != VERSION:
        raise ModelFileError(f"{meta_path}: format version {meta.get('version')!r} unsupported "
                             f"(this code reads version {VERSION})")
    missing = [k for k in ("env_id", "roles", "obs_size", "num_actions", "net_arch", "activation",
                           "weights", "sha256") if k not in meta]
    if missing:
        raise ModelFileError(f"{meta_path}: metadata lacks {missing}")
    _check_fields(meta, meta_path)
    return meta


def _count(value: Any, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


def _check_fields(meta: dict[str, Any], where: Path) -> None:
    def bad(field: str, valid: str) -> ModelFileError:
        return ModelFileError(f"{where}: field {field}={meta.get(field)!r} is invalid; {field} "
                              f"must be {valid}")

    if not isinstance(meta["env_id"], str):
        raise bad("env_id", "an env id such as 'kings_v2'")
    roles = meta["roles"]
    if not (isinstance(roles, list) and roles and all(isinstance(r, str) for r in roles)
            and len(set(roles)) == len(roles)):
        raise bad("roles", "a list of distinct role names, e.g. ['player_0', 'player_1']")
    if not _count(meta["obs_size"], 1, 10_000_000):
        raise bad("obs_size", "an integer from 1 to 10000000")
    if not _count(meta["num_actions"], 1, 10_000_000):
        raise bad("num_actions", "an integer from 1 to 10000000")
    arch = meta["net_arch"]
    if not (isinstance(arch, list) and len(arch) <= 32 and all(_count(h, 1, 65536) for h in arch)):
        raise bad("net_arch", "a list of at most 32 layer widths from 1 to 65536")
    if meta["activation"] not in ACTIVATIONS:
        raise bad("activation", f"one of {', '.join(ACTIVATIONS)}")
    weights = meta["weights"]
    if not (isinstance(weights, str) and weights.endswith(".safetensors")
            and weights == Path(weights).name and "/" not in weights and "\\" not in weights
            and "\0" not in weights and not weights.startswith(".")):
        raise bad("weights", "the plain file name of a .safetensors file in the policy's own "
                             "folder (no folders, no path)")
    sha = meta["sha256"]
    if not (isinstance(sha, str) and len(sha) == 64 and set(sha) <= _HEX):
        raise bad("sha256", "64 lowercase hexadecimal digits")
    if "steps" in meta and not _count(meta["steps"], 0, 2**62):
        raise bad("steps", "a whole number of at least 0")
    if "game_config" in meta and not isinstance(meta["game_config"], dict):
        raise bad("game_config", "a mapping of the game's options")
    if "value_net_arch" in meta:  # a critic rides along (absent in actor-only files)
        arch = meta["value_net_arch"]
        if not (isinstance(arch, list) and len(arch) <= 32
                and all(_count(h, 1, 65536) for h in arch)):
            raise bad("value_net_arch", "a list of at most 32 layer widths from 1 to 65536")
    if "value_reward" in meta and (meta["value_reward"] not in VALUE_REWARDS
                                   or "value_net_arch" not in meta):
        raise bad("value_reward", f"one of {', '.join(VALUE_REWARDS)}, and only with "
                                  "value_net_arch (a critic)")


_CACHE: dict[tuple[str, int, int, int], tuple[dict[str, Any], Actor]] = {}


def load_policy(path: str | Path) -> tuple[dict[str, Any], Actor]:
    """(metadata, numpy Actor) from a weights-only policy file; cached by file
    identity so that tournaments load each file once per process."""
    meta_path, _ = model_paths(path)
    meta = read_metadata(meta_path)
    weights_path = meta_path.parent / meta["weights"]
    if weights_path.is_symlink() and weights_path.resolve().parent != meta_path.parent.resolve():
        raise ModelFileError(f"policy weights {weights_path} named by {meta_path} link outside "
                             f"the policy's folder; refusing to read them")
    if not weights_path.is_file():
        raise ModelFileError(f"policy weights {weights_path} named by {meta_path} are missing")
    try:
        stat = weights_path.stat()
        key = (str(meta_path.resolve()), meta_path.stat().st_mtime_ns, stat.st_mtime_ns,
               stat.st_size)
        if key in _CACHE:
            return _CACHE[key]
        digest = _sha256(weights_path)
    except OSError as e:
        raise ModelFileError(f"cannot read policy weights {weights_path}: {e.strerror or e}") from None
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


_ACTIVATION_FNS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0),
    "elu": lambda x: np.where(x > 0, x, np.expm1(np.minimum(x, 0))),
    "leaky_relu": lambda x: np.where(x > 0, x, 0.01 * x),
}


Layer = tuple[np.ndarray, np.ndarray]  # (weight (out, in), bias (out,))


def _forward(x: np.ndarray, layers: list[Layer], head: Layer,
             activation: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    for w, b in layers:
        x = activation(x @ w.T + b)
    w, b = head
    out: np.ndarray = x @ w.T + b
    return out


class Critic:
    """The policy's critic in numpy: sb3's ``mlp_extractor.value_net`` layers then
    ``value_net``; ``value(obs)`` is the return it predicts from that observation, for the
    reward `reward` (``terminal``, ``shaped`` or ``margin``; None where the file does not say)."""

    def __init__(self, layers: list[Layer], head: Layer, activation: str,
                 reward: str | None = None) -> None:
        self.layers = layers
        self.head = head
        self.activation: Callable[[np.ndarray], np.ndarray] = _ACTIVATION_FNS[activation]
        self.reward = reward

    def value(self, x: np.ndarray) -> np.ndarray:
        """The predicted return of each observation in `x` (shape ``x.shape[:-1]``)."""
        out: np.ndarray = _forward(x, self.layers, self.head, self.activation)[..., 0]
        return out


class Actor:
    """The policy network's actor in numpy (no torch needed to play): the MLP layers of
    sb3's ``mlp_extractor.policy_net`` then ``action_net``; ``logits(obs)``. ``critic`` is
    the file's critic (None for an actor-only file); ``value(obs)`` reads it."""

    def __init__(self, layers: list[Layer], head: Layer, activation: str,
                 critic: Critic | None = None) -> None:
        self.layers = layers  # [(weight (out, in), bias (out,))]
        self.head = head
        self.activation: Callable[[np.ndarray], np.ndarray] = _ACTIVATION_FNS[activation]
        self.critic = critic

    def logits(self, x: np.ndarray) -> np.ndarray:
        return _forward(x, self.layers, self.head, self.activation)

    def value(self, x: np.ndarray) -> np.ndarray:
        if self.critic is None:
            raise ModelFileError("this policy file holds no critic (value_net); add one from "
                                 "its training run: python -m baselines.policies.critic")
        return self.critic.value(x)

    def tensors(self) -> dict[str, np.ndarray]:
        """The actor's (and critic's) arrays under sb3's names, as :func:`save_actor` takes
        them."""
        out: dict[str, np.ndarray] = {}
        parts = [("mlp_extractor.policy_net", "action_net", self.layers, self.head)]
        if self.critic is not None:
            parts.append(("mlp_extractor.value_net", "value_net", self.critic.layers,
                          self.critic.head))
        for trunk, head_name, layers, head in parts:
            for i, (w, b) in enumerate(layers):
                out[f"{trunk}.{2 * i}.weight"], out[f"{trunk}.{2 * i}.bias"] = w, b
            out[f"{head_name}.weight"], out[f"{head_name}.bias"] = head
        return out


def _shapes(trunk: str, head: str, obs_size: int, arch: list[int],
            outputs: int) -> dict[str, tuple[int, ...]]:
    """The tensors (name: shape) of an MLP ``<trunk>.<2i>`` of widths `arch`, then `head`."""
    shapes: dict[str, tuple[int, ...]] = {}
    width = obs_size
    for i, h in enumerate(arch):
        shapes[f"{trunk}.{2 * i}.weight"] = (int(h), width)
        shapes[f"{trunk}.{2 * i}.bias"] = (int(h),)
        width = int(h)
    shapes[f"{head}.weight"] = (outputs, width)
    shapes[f"{head}.bias"] = (outputs,)
    return shapes


def _build_actor(meta: dict[str, Any], tensors: dict[str, np.ndarray], where: Path) -> Actor:
    critic_part = {k: v for k, v in tensors.items() if k.startswith(CRITIC_PREFIXES)}
    if critic_part and "value_net_arch" not in meta:
        raise ModelFileError(f"{where}: holds critic tensors {sorted(critic_part)[:3]} but the "
                             "metadata names no critic (value_net_arch)")
    tensors = {k: v for k, v in tensors.items() if k not in critic_part}
    shapes = _shapes("mlp_extractor.policy_net", "action_net", int(meta["obs_size"]),
                     meta["net_arch"], int(meta["num_actions"]))
    if set(tensors) != set(shapes):
        raise ModelFileError(f"{where}: tensors {sorted(tensors)} do not match the network in the "
                             f"metadata ({sorted(shapes)})")
    _check_tensors(shapes, tensors, where)
    layers = _hidden_layers(tensors, "mlp_extractor.policy_net", len(meta["net_arch"]))
    critic = None
    if "value_net_arch" in meta:
        critic = _build_critic(meta, critic_part, where)
    return Actor(layers, (tensors["action_net.weight"], tensors["action_net.bias"]),
                 meta["activation"], critic)


def _hidden_layers(tensors: dict[str, np.ndarray], net: str,
                   depth: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """The (weight, bias) pairs of MLP `net`'s `depth` hidden layers (sb3's ``<net>.<2i>.*``)."""
    return [(tensors[f"{net}.{2 * i}.weight"], tensors[f"{net}.{2 * i}.bias"])
            for i in range(depth)]


def _build_critic(meta: dict[str, Any], tensors: dict[str, np.ndarray], where: Path) -> Critic:
    arch = meta["value_net_arch"]
    shapes = _shapes("mlp_extractor.value_net", "value_net", int(meta["obs_size"]), arch, 1)
    if set(tensors) != set(shapes):
        raise ModelFileError(f"{where}: critic tensors {sorted(tensors)} do not match the critic "
                             f"in the metadata (value_net_arch {arch}: {sorted(shapes)})")
    _check_tensors(shapes, tensors, where)
    layers = _hidden_layers(tensors, "mlp_extractor.value_net", len(arch))
    return Critic(layers, (tensors["value_net.weight"], tensors["value_net.bias"]),
                  meta["activation"], meta.get("value_reward"))


def _check_tensors(shapes: dict[str, tuple[int, ...]], tensors: dict[str, np.ndarray],
                   where: Path) -> None:
    for k, shape in shapes.items():
        if tuple(tensors[k].shape) != shape:
            raise ModelFileError(f"{where}: tensor {k} has shape {tuple(tensors[k].shape)}, the "
                                 f"metadata's network needs {shape}")
        if tensors[k].dtype != np.float32:
            raise ModelFileError(f"{where}: tensor {k} is {tensors[k].dtype}, expected float32")
        if not np.isfinite(tensors[k]).all():
            bad = int(np.size(tensors[k]) - np.count_nonzero(np.isfinite(tensors[k])))
            raise ModelFileError(f"{where}: tensor {k} holds {bad} NaN or infinite weight(s); "
                                 "a policy's weights must all be finite numbers")


def check_policy(path: str | Path, env_id: str, game: Any) -> tuple[dict[str, Any], Actor]:
    """(metadata, actor) of the policy at `path`, checked against `game` of `env_id`: its env,
    roles, observation size and action count."""
    meta, net = load_policy(path)
    where = model_paths(path)[0]
    if meta["env_id"] != env_id:
        raise ModelFileError(f"{where} was trained for {meta['env_id']}, not {env_id}")
    unknown = [r for r in meta["roles"] if r not in game.roles]
    if unknown:
        raise ModelFileError(f"{where}: roles {unknown} are not roles of {env_id}; its roles: "
                             f"{list(game.roles)}")
    sizes = {int(np.prod(game.observation_shape(game.roles.index(r)))) for r in meta["roles"]}
    if sizes != {meta["obs_size"]} or game.num_actions != meta["num_actions"]:
        raise ModelFileError(
            f"{where} expects observations of size {meta['obs_size']} and "
            f"{meta['num_actions']} actions; {env_id} roles {meta['roles']} with config "
            f"{game.config} has {' or '.join(map(str, sorted(sizes)))} and {game.num_actions}")
    return meta, net


class PolicyAgent(Agent):
    """``ppo:PATH`` -- plays the policy's most likely legal action (``deterministic=true``,
    the default) or samples from it (``deterministic=false``, seeded by ``seed``).
    A policy plays only the roles it was trained for unless ``any_role=true`` (for games
    whose roles share one observation layout)."""

    name = "ppo"
    OPTIONS: ClassVar[dict[str, AgentOption]] = {
        "path": AgentOption("str", None, "the policy: NAME, NAME.json or NAME.safetensors"),
        "deterministic": AgentOption("bool", True, "play the most likely action"),
        "any_role": AgentOption("bool", False, "play roles the policy was not trained for"),
        "guard": AgentOption("bool", False, "keep the policy from the moves its game's guard "
                             "removes (baselines/guards/)"),
        "seed": SEED,
    }

    def __init__(self, env_id: str, role: int | str = 0, path: str | None = None,
                 deterministic: bool = True, seed: int | None = None, any_role: bool = False,
                 guard: bool = False, **game_config: Any) -> None:
        from .specs import cached_game

        if not path:
            raise ConfigError("ppo needs a model path: 'ppo:models/NAME' (NAME.json + NAME.safetensors)")
        o = check_options("ppo", PolicyAgent.OPTIONS, {"path": str(path), "deterministic": deterministic,
                                                "any_role": any_role, "guard": guard, "seed": seed})
        self.guard: Guard | None = guard_for(env_id) if o["guard"] else None
        game = cached_game(env_id, game_config)
        r = game.role_index(role)
        role_name = game.roles[r]
        where = model_paths(path)[0]
        self.meta, self.net = check_policy(path, env_id, game)
        obs_size = int(np.prod(game.observation_shape(r)))
        if obs_size != self.meta["obs_size"]:
            raise ModelFileError(
                f"{where} expects observations of size {self.meta['obs_size']}; {env_id} role "
                f"{role_name} with config {game.config} has {obs_size}")
        if role_name not in self.meta["roles"] and not o["any_role"]:
            raise ModelFileError(f"{where} was trained for roles {self.meta['roles']}, not "
                                 f"{role_name} (pass any_role=true to use it anyway)")
        self.role = r
        self.deterministic: bool = o["deterministic"]
        self.rng = np.random.default_rng(seed)
        self.name = f"ppo:{path}"

    def action_probabilities(self, observation: Any, action_mask: Any) -> np.ndarray:
        logits = self._masked_logits(observation, action_mask)
        p: np.ndarray = np.exp(logits - logits.max())
        probs: np.ndarray = p / p.sum()
        return probs

    def _masked_logits(self, observation: Any, action_mask: Any) -> np.ndarray:
        mask = np.asarray(action_mask, dtype=bool)
        if not mask.any():
            raise ValueError("no legal action in the mask")
        logits = self.net.logits(np.asarray(observation, dtype=np.float32).reshape(-1))
        masked: np.ndarray = np.where(mask, logits.astype(np.float64), -np.inf)
        return masked

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        if self.guard is not None:
            if state is None:
                raise ValueError(f"{self.name},guard=true reads the game state: pass it to act()")
            action_mask = self.guard(state, np.asarray(action_mask, dtype=bool))
        logits = self._masked_logits(observation, action_mask)
        if self.deterministic:
            return int(np.argmax(logits))
        p = np.exp(logits - logits.max())
        return int(self.rng.choice(p.size, p=p / p.sum()))
