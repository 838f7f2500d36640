"""Add the critic to a policy file from the training run that made it:

    python -m baselines.policies.critic POLICY RUN_DIR --out PATH     # a new policy file
    python -m baselines.policies.critic POLICY RUN_DIR --in-place     # rewrite POLICY itself

POLICY is a policy file (``NAME``, ``NAME.json``), a folder holding ``policy.json`` (a shipped
policy's folder, a run's folder) or a shipped policy's name. The run's last checkpoint
(``RUN_DIR/checkpoints/learner.safetensors``, written by both training backends; tensors only,
checked against the hash in its ``state.json``) holds the whole learner: its actor must equal
the policy's actor tensor for tensor, number for number, or the checkpoint is not this
policy's (a policy exported at another step -- ``eval_policy``, a pool snapshot -- or carried
since) and nothing is written. The critic is then written next to the actor with the reward it
learnt (``value_reward``: the run's ``reward``, from its ``config.yaml``); every other field of
the policy's metadata is kept. An SB3 ``.zip`` holds pickled Python and is never opened.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from conan_envs import ConfigError

from .. import checkpoints
from ..cli.common import guarded
from ..ppo import CRITIC_FIELDS, CRITIC_PREFIXES, load_policy, model_paths, save_actor
from ..train_config import DEFAULTS, read_yaml
from . import FOLDER, NAME, POLICY

# Metadata fields save_actor writes from the tensors and its arguments; the rest are kept.
_WRITTEN = ("env_id", "roles", "game_config", "activation", "steps", "obs_size", "num_actions",
            "net_arch", "weights", "sha256", "format", "version") + CRITIC_FIELDS


def policy_file(name: str | Path) -> Path:
    """The metadata path of the policy named by `name` (see the module's docstring)."""
    path = Path(name)
    if path.is_dir():
        return path / f"{POLICY}.json"
    if not path.suffix and not path.exists() and NAME.fullmatch(str(name)) \
            and (FOLDER / str(name)).is_dir():
        return FOLDER / str(name) / f"{POLICY}.json"
    return model_paths(path)[0]


def learner_tensors(run: Path) -> dict[str, np.ndarray]:
    """The policy tensors (sb3's names, ``policy.`` dropped) of `run`'s last checkpoint."""
    folder = Path(run) / "checkpoints"
    if not (folder / checkpoints.LEARNER).is_file() and any(Path(run).glob("*.zip")):
        raise checkpoints.CheckpointError(
            f"{run} holds no {checkpoints.LEARNER}, only SB3 .zip files, which are never opened "
            "(they hold pickled Python that would run when loaded)")
    state = checkpoints.read_state(folder)
    tensors = checkpoints.read_tensors(folder, state)
    return {k[len("policy."):]: v.detach().cpu().numpy() for k, v in tensors.items()
            if k.startswith("policy.")}


def run_reward(run: Path) -> str | None:
    """The reward the run trained on (its ``config.yaml``'s ``reward``), None without one."""
    path = Path(run) / "config.yaml"
    if not path.is_file():
        return None
    reward = read_yaml(path).get("reward", DEFAULTS["reward"])
    return str(reward)


def add_critic(policy: str | Path, run: str | Path, out: str | Path | None = None) -> Path:
    """Write the policy at `policy` with the critic of `run`'s checkpoint to `out` (the
    policy's own files when None). Returns the metadata path written."""
    src = policy_file(policy)
    meta, actor = load_policy(src)
    learner = learner_tensors(Path(run))
    own = {k: v for k, v in actor.tensors().items() if not k.startswith(CRITIC_PREFIXES)}
    for key, value in own.items():
        theirs = learner.get(key)
        if theirs is None or theirs.shape != value.shape or not np.array_equal(theirs, value):
            why = "lacks it" if theirs is None else (
                f"has shape {tuple(theirs.shape)}" if theirs.shape != value.shape
                else f"differs in {int(np.count_nonzero(theirs != value))} of {value.size} numbers")
            raise ConfigError(
                f"the checkpoint of {run} is not the policy {src}'s: its actor tensor {key} {why} "
                f"(the policy was exported at another step, e.g. eval_policy, or carried since); "
                f"nothing written")
    critic = {k: v for k, v in learner.items() if k.startswith(CRITIC_PREFIXES)}
    if "value_net.weight" not in critic:
        raise ConfigError(f"the checkpoint of {run} holds no critic (value_net); nothing written")
    dest = src if out is None else model_paths(out)[0]
    kept: dict[str, Any] = {k: v for k, v in meta.items() if k not in _WRITTEN}
    written = save_actor({**own, **critic}, dest, env_id=meta["env_id"], roles=meta["roles"],
                         game_config=meta.get("game_config", {}), activation=meta["activation"],
                         steps=int(meta.get("steps", 0)), extra=kept, value_reward=run_reward(Path(run)))
    load_policy(written)  # read back: the hash and every tensor's shape checked
    return written


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m baselines.policies.critic",
                                 description=__doc__.split("\n\n")[0],
                                 epilog="Nothing is written unless --out or --in-place says where.")
    ap.add_argument("policy", help="a policy file (NAME, NAME.json), a folder holding "
                    "policy.json, or a shipped policy's name")
    ap.add_argument("run_dir", help="the training run that made it (its checkpoints/ folder)")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", help="write the policy with its critic here (NAME or NAME.json; "
                       "a folder: FOLDER/policy.json); must not exist")
    where.add_argument("--in-place", action="store_true", help="rewrite the policy's own files")
    args = ap.parse_args(argv)

    def run() -> None:
        out = None
        if args.out is not None:
            out = Path(args.out) / POLICY if Path(args.out).is_dir() or args.out.endswith("/") \
                else Path(args.out)
            if any(p.exists() for p in model_paths(out)):
                raise ConfigError(f"{model_paths(out)[0]} exists; choose a new --out (or "
                                  "--in-place to rewrite the policy itself)")
        written = add_critic(args.policy, args.run_dir, out)
        print(f"wrote {written} (the policy with the critic of {args.run_dir})")

    return guarded("critic", run)


if __name__ == "__main__":
    sys.exit(main())
