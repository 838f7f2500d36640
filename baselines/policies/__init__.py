"""Trained policies shipped with the package, played by name: ``policy:NAME``.

Each shipped policy is a folder ``baselines/policies/NAME/`` holding

- ``policy.json`` + ``policy.safetensors``: the actor in the weights-only format of
  :mod:`baselines.ppo` (tensors and JSON; nothing is unpickled when it loads);
- ``config.yaml``: the training config of the run that made it (``conan-train --config``);
- ``README.md``: the report -- the training command, its wall time, the evaluation curve and
  what was measured afterwards.

``load_agent("policy:NAME", env_id, role)`` plays it (``policy:NAME,deterministic=false``
samples from it); :func:`shipped_policies` lists the folder. A finished run becomes a shipped
policy with ``python -m baselines.policies.ship RUN_DIR NAME`` (:mod:`baselines.policies.ship`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from conan_envs import ConfigError

from ..options import AgentOption
from ..ppo import PolicyAgent, read_metadata

FOLDER = Path(__file__).resolve().parent  # the package's own folder (tests point it elsewhere)
POLICY = "policy"  # NAME/policy.json + NAME/policy.safetensors
NAME = re.compile(r"[a-z0-9][a-z0-9_]{0,63}")


@dataclass(frozen=True)
class ShippedPolicy:
    """One shipped policy: its name, the env and roles it plays, the game config it was
    trained on, its training steps, and the path of its files (without suffix)."""

    name: str
    env_id: str
    roles: tuple[str, ...]
    game_config: dict[str, Any] = field(hash=False)
    steps: int
    path: Path


def shipped_policies(folder: Path | None = None) -> list[ShippedPolicy]:
    """The shipped policies, by name (folders holding ``policy.json``)."""
    root = FOLDER if folder is None else Path(folder)
    out = []
    for sub in sorted(root.iterdir()) if root.is_dir() else []:
        if sub.is_dir() and NAME.fullmatch(sub.name) and (sub / f"{POLICY}.json").is_file():
            meta = read_metadata(sub / POLICY)
            out.append(ShippedPolicy(sub.name, meta["env_id"], tuple(meta["roles"]),
                                     dict(meta.get("game_config", {})), int(meta.get("steps", 0)),
                                     sub / POLICY))
    return out


def describe_shipped() -> str:
    """One line per shipped policy (``NAME: env_id roles``), or a line saying there is none."""
    found = shipped_policies()
    if not found:
        return "none shipped yet"
    return "; ".join(f"{p.name} ({p.env_id}: {', '.join(p.roles)})" for p in found)


def policy_path(name: Any) -> Path:
    """The files (stem) of shipped policy `name`; a name with path characters or one that is
    not shipped is a ConfigError naming the shipped policies."""
    names = [p.name for p in shipped_policies()]
    known = ", ".join(names) if names else "none shipped yet"
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ConfigError(f"policy: {name!r} is not a shipped policy's name (lowercase letters, "
                          f"digits and _, no paths; for a policy file use ppo:PATH); shipped "
                          f"policies: {known}")
    if name not in names:
        raise ConfigError(f"policy: no shipped policy {name!r}; shipped policies: {known} "
                          f"(for a policy file use ppo:PATH)")
    return FOLDER / name / POLICY


class ShippedPolicyAgent(PolicyAgent):
    """``policy:NAME`` -- a shipped policy, played like ``ppo:PATH`` (its most likely legal
    action, or sampled with ``deterministic=false``)."""

    OPTIONS: ClassVar[dict[str, AgentOption]] = {
        "name": AgentOption("str", None, "a shipped policy (baselines/policies/NAME)"),
        **{key: o for key, o in PolicyAgent.OPTIONS.items() if key != "path"},
    }

    def __init__(self, env_id: str, role: int | str = 0, name: str | None = None,
                 deterministic: bool = True, seed: int | None = None, any_role: bool = False,
                 guard: bool = False, **game_config: Any) -> None:
        path = policy_path(name)
        super().__init__(env_id, role, path=str(path), deterministic=deterministic, seed=seed,
                         any_role=any_role, guard=guard, **game_config)
        self.name = f"policy:{name}"


__all__ = ["FOLDER", "ShippedPolicy", "ShippedPolicyAgent", "shipped_policies", "policy_path",
           "describe_shipped"]
