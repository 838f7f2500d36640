"""Training checkpoints that never run code when read (``conan-train --resume``).

A checkpoint is two files in ``RUN/checkpoints/``:

- ``learner.safetensors``: tensors only -- the policy's weights (``policy.<name>``) and the
  optimizer's per-parameter state (``optimizer.<index>.<name>``: Adam's step and moments).
  The safetensors format holds a JSON header and raw numbers, so reading it cannot run code.
- ``state.json``: the step count, the self-play pool's snapshot names, the schedule of the
  periodic work, the RNG states (numbers in JSON and base64) and the SHA-256 of the tensors.

Resuming rebuilds the MaskablePPO model from the run's config and copies these numbers in;
everything is checked first (fields, types, ranges, names, tensor names, shapes and dtypes,
the hash), and any mismatch is a :class:`CheckpointError` naming what is wrong. An SB3
``.zip`` (which holds pickled Python objects that run when loaded) is never opened.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import re
from pathlib import Path
from typing import Any

import numpy as np

from conan_envs import ConfigError

FORMAT = "conan-envs-checkpoint"
VERSION = 1
LEARNER = "learner.safetensors"
STATE = "state.json"
LEGACY = "latest.zip"  # the pickled SB3 format of earlier versions: refused, never opened
MAX_STATE_BYTES = 16 << 20
SNAPSHOT_NAME = re.compile(r"snap_[0-9]{10}")
SCHEDULE_KEYS = ("snapshot", "eval", "checkpoint")
OPTIMIZER_STATE = ("step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq")


class CheckpointError(ConfigError):
    """A checkpoint that is missing, corrupt, in an unsafe format, or made for another run."""


def exists(folder: Path) -> bool:
    """Whether `folder` holds a checkpoint of any format (a run to resume, or to refuse)."""
    return any((folder / name).exists() for name in (STATE, LEARNER, LEGACY))


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _replace_atomically(tmp: Path, final: Path) -> None:
    os.replace(tmp, final)


# ---- writing ---------------------------------------------------------------------------------
def write(folder: Path, model: Any, steps: int, pool: list[str], schedule: dict[str, int]) -> None:
    """Save `model` (a MaskablePPO) and the run's counters. The tensors are written first and
    the state last, each to a temporary renamed into place; the state records the tensors'
    hash, so a crash between the two is found on resume."""
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    tensors = {f"policy.{k}": v.detach().cpu().contiguous().clone()
               for k, v in model.policy.state_dict().items()}
    for index, entry in model.policy.optimizer.state_dict()["state"].items():
        for name, value in entry.items():
            tensors[f"optimizer.{int(index)}.{name}"] = value.detach().cpu().contiguous().clone()
    tmp = folder / f"{LEARNER}.tmp{os.getpid()}"
    save_file(tensors, str(tmp), metadata={"format": FORMAT})
    state = {"format": FORMAT, "version": VERSION, "steps": int(steps),
             "n_updates": int(model._n_updates), "pool": list(pool),
             "schedule": {k: int(schedule[k]) for k in SCHEDULE_KEYS},
             "rng": get_rng_states(), "learner_sha256": _sha256(tmp)}
    _replace_atomically(tmp, folder / LEARNER)
    tmp_state = folder / f"{STATE}.tmp{os.getpid()}"
    tmp_state.write_text(json.dumps(state), encoding="utf-8")
    _replace_atomically(tmp_state, folder / STATE)
    legacy = folder / LEGACY
    if legacy.exists():  # superseded; keeping it would invite someone to load it
        legacy.unlink()


# ---- reading ---------------------------------------------------------------------------------
def read_state(folder: Path) -> dict[str, Any]:
    """The checked ``state.json`` of the checkpoint in `folder` (the tensors are not read)."""
    path = folder / STATE
    if (folder / LEGACY).exists() and not (folder / LEARNER).exists():
        raise CheckpointError(
            f"{folder / LEGACY} is a checkpoint in the old SB3 zip format, which conan-train no "
            f"longer opens (it holds pickled Python that would run when loaded); start a new "
            f"run in another out_dir")
    if not path.is_file():
        raise CheckpointError(f"nothing to resume: no {STATE} in {folder}")
    if path.stat().st_size > MAX_STATE_BYTES:
        raise CheckpointError(f"{path} is larger than a checkpoint state can be")
    try:
        state = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as e:
        raise CheckpointError(f"{path} is not valid JSON: {e}") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise CheckpointError(f"{path} is not a {FORMAT} state file")
    if state.get("version") != VERSION:
        raise CheckpointError(f"{path}: format version {state.get('version')!r} unsupported "
                              f"(this code reads version {VERSION})")
    _check_state(state, path)
    return state


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a checkpoint may hold")


def _whole(value: Any, lo: int = 0, hi: int = 2**62) -> bool:
    return type(value) is int and lo <= value <= hi


def _check_state(state: dict[str, Any], path: Path) -> None:
    def bad(field: str, valid: str) -> CheckpointError:
        return CheckpointError(f"{path}: field {field} is invalid; it must be {valid}")

    expected = {"format", "version", "steps", "n_updates", "pool", "schedule", "rng",
                "learner_sha256"}
    if set(state) != expected:
        raise CheckpointError(f"{path}: fields {sorted(state)} are not the checkpoint's fields "
                              f"{sorted(expected)}")
    if not _whole(state["steps"]):
        raise bad("steps", "a whole number of at least 0")
    if not _whole(state["n_updates"]):
        raise bad("n_updates", "a whole number of at least 0")
    pool = state["pool"]
    if not (isinstance(pool, list) and len(pool) <= 100_000
            and all(isinstance(n, str) and SNAPSHOT_NAME.fullmatch(n) for n in pool)):
        raise bad("pool", "a list of snapshot names such as 'snap_0000010000'")
    schedule = state["schedule"]
    if not (isinstance(schedule, dict) and set(schedule) == set(SCHEDULE_KEYS)
            and all(_whole(v) for v in schedule.values())):
        raise bad("schedule", f"a mapping of {', '.join(SCHEDULE_KEYS)} to step counts")
    sha = state["learner_sha256"]
    if not (isinstance(sha, str) and re.fullmatch(r"[0-9a-f]{64}", sha)):
        raise bad("learner_sha256", "64 lowercase hexadecimal digits")
    rng = state["rng"]
    if not (isinstance(rng, dict) and set(rng) == {"numpy", "torch", "python"}
            and isinstance(rng["numpy"], str) and isinstance(rng["torch"], str)
            and len(rng["numpy"]) < 1 << 16 and len(rng["torch"]) < 1 << 16):
        raise bad("rng", "the numpy, torch and python generator states")
    py = rng["python"]
    if not (isinstance(py, list) and len(py) == 3 and _whole(py[0], 0, 16)
            and isinstance(py[1], list) and len(py[1]) == 625
            and all(_whole(x, 0, 2**32 - 1) for x in py[1])
            and (py[2] is None or type(py[2]) is float)):
        raise bad("rng.python", "the state of Python's random module")


def read_tensors(folder: Path, state: dict[str, Any]) -> dict[str, Any]:
    """The tensors of the checkpoint, after their hash matches the state's."""
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    path = folder / LEARNER
    if not path.is_file():
        raise CheckpointError(f"{path} is missing; the checkpoint in {folder} is incomplete")
    if _sha256(path) != state["learner_sha256"]:
        raise CheckpointError(f"{path} does not match the hash recorded in {STATE} (modified, "
                              f"corrupted, or written by a run that stopped mid-save)")
    try:
        return dict(load_file(str(path)))
    except (SafetensorError, OSError, ValueError) as e:
        raise CheckpointError(f"{path} is not a readable safetensors file: {e}") from None


# ---- restoring -------------------------------------------------------------------------------
def restore(model: Any, tensors: dict[str, Any], state: dict[str, Any], where: Path) -> None:
    """Copy the checkpoint into `model`, a fresh MaskablePPO built from the run's config:
    every tensor's name, shape and dtype must be the ones the config's network and its
    optimizer have."""
    import torch

    policy_sd = model.policy.state_dict()
    want = {f"policy.{k}": v for k, v in policy_sd.items()}
    params = [p for group in model.policy.optimizer.param_groups for p in group["params"]]
    opt_state: dict[int, dict[str, Any]] = {}
    for key, value in tensors.items():
        if key in want:
            _same_shape(key, value, want[key], where)
            continue
        parts = key.split(".")
        if (len(parts) != 3 or parts[0] != "optimizer" or not parts[1].isdigit()
                or int(parts[1]) >= len(params) or parts[2] not in OPTIMIZER_STATE):
            raise CheckpointError(f"{where}: tensor {key!r} is not part of this config's "
                                  f"network or optimizer")
        index = int(parts[1])
        like = torch.zeros(()) if parts[2] == "step" else params[index].detach()
        _same_shape(key, value, like, where)
        opt_state.setdefault(index, {})[parts[2]] = value
    missing = sorted(set(want) - set(tensors))
    if missing:
        raise CheckpointError(f"{where}: the checkpoint lacks {missing[:4]}; was it written for "
                              f"another network (policy.net_arch) or game?")
    model.policy.load_state_dict({k[len("policy."):]: v for k, v in tensors.items() if k in want})
    opt_sd = model.policy.optimizer.state_dict()
    opt_sd["state"] = opt_state
    try:
        model.policy.optimizer.load_state_dict(opt_sd)
    except (ValueError, KeyError, RuntimeError) as e:
        raise CheckpointError(f"{where}: the optimizer state does not fit: {e}") from None
    model.num_timesteps = state["steps"]
    model._n_updates = state["n_updates"]


def _same_shape(key: str, value: Any, like: Any, where: Path) -> None:
    if tuple(value.shape) != tuple(like.shape) or value.dtype != like.dtype:
        raise CheckpointError(f"{where}: tensor {key} is {value.dtype} {tuple(value.shape)}; this "
                              f"config needs {like.dtype} {tuple(like.shape)} (another network "
                              f"or game?)")


# ---- RNG states --------------------------------------------------------------------------------
def get_rng_states() -> dict[str, Any]:
    import torch

    py = random.getstate()
    numpy_state = json.dumps(np.random.get_state(legacy=False), default=_np_default)
    return {"numpy": base64.b64encode(numpy_state.encode()).decode(),
            "torch": base64.b64encode(torch.get_rng_state().numpy().tobytes()).decode(),
            "python": [py[0], list(py[1]), py[2]]}


def _np_default(o: Any) -> Any:
    if isinstance(o, np.integer):
        return int(o)
    if isinstance(o, np.ndarray):
        return o.tolist()
    raise TypeError(type(o))


def set_rng_states(states: dict[str, Any], where: Path) -> None:
    """Restore the generators; a state that does not decode is a CheckpointError."""
    import torch

    try:
        st = json.loads(base64.b64decode(states["numpy"], validate=True))
        st["state"]["key"] = np.array(st["state"]["key"], dtype=np.uint32)
        torch_state = np.frombuffer(base64.b64decode(states["torch"], validate=True),
                                    dtype=np.uint8).copy()
        py = states["python"]
        np.random.set_state(st)
        torch.set_rng_state(torch.from_numpy(torch_state))
        random.setstate((py[0], tuple(py[1]), py[2]))
    except (ValueError, TypeError, KeyError, RuntimeError) as e:
        raise CheckpointError(f"{where}: the saved random generator states are invalid: {e}") from None
