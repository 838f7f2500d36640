"""The learner's environment for training (see docs/architecture.md):
one or several learning roles, opponents given as agent strings or drawn each episode from
a pool of the learner's past snapshots (``self``).

The pool is a folder of weights-only policies plus ``pool.json`` (the ordered list of
snapshot names), written atomically by the trainer and read by every environment process
at each episode start, so subprocess environments see new snapshots without messages.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from conan_envs import ConfigError, make_game
from conan_envs.engine.gym_env import SingleAgentEnv

from .agent import Agent
from .checkpoints import SNAPSHOT_NAME
from .loading import load_agent
from .random_agent import RandomAgent

MANIFEST = "pool.json"


class SnapshotPool:
    """Past snapshots of the learner in ``folder``; ``add`` exports one, ``names`` lists them."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def names(self) -> list[str]:
        """The snapshots in order; only names the trainer writes (``snap_<steps>``) count,
        so an edited manifest cannot point a learner at files outside the pool."""
        try:
            data = json.loads((self.folder / MANIFEST).read_text())
        except FileNotFoundError:
            return []
        except ValueError:
            raise ConfigError(f"{self.folder / MANIFEST} is not valid JSON") from None
        names = data.get("snapshots") if isinstance(data, dict) else None
        if not isinstance(names, list) or not all(
                isinstance(n, str) and SNAPSHOT_NAME.fullmatch(n) for n in names):
            raise ConfigError(f"{self.folder / MANIFEST}: snapshots must be a list of names such "
                              f"as 'snap_0000010000'")
        return list(names)

    def write(self, names: Sequence[str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f"{MANIFEST}.tmp{os.getpid()}"
        tmp.write_text(json.dumps({"snapshots": list(names)}))
        os.replace(tmp, self.folder / MANIFEST)

    def add(self, policy: Any, steps: int, **export_args: Any) -> str:
        from .ppo import export_policy

        name = f"snap_{int(steps):010d}"
        export_policy(policy, self.folder / name, steps=steps, **export_args)
        names = [n for n in self.names() if n != name] + [name]
        self.write(names)
        return name


class OpponentFactory:
    """Called by the environment as ``factory(role_index)`` at every episode start.
    ``specs[role]`` is an agent string or ``self``, the pool: with probability ``fixed_prob``
    an agent drawn uniformly from ``fixed`` (agent strings, e.g. ``scripted``, ``normal``,
    ``policy:NAME``); else the random agent with probability ``random_prob`` (or while no
    snapshot exists); else a snapshot of the learner, the newest with probability
    ``latest_prob``, otherwise one of the last ``size``. Snapshots play the seat whatever
    role they learnt, so a learner's own snapshots suit the seats that share its
    observation layout and meaning; for the other seats draw from ``fixed`` alone
    (``fixed_prob: 1``)."""

    def __init__(self, env_id: str, game_config: Mapping[str, Any], specs: Mapping[int, str],
                 pool_dir: str | Path | None, pool_cfg: Mapping[str, Any], seed: int) -> None:
        self.env_id = env_id
        self.game_config = dict(game_config)
        self.specs = dict(specs)
        self.pool = SnapshotPool(pool_dir) if pool_dir is not None else None
        self.size = int(pool_cfg.get("size", 8))
        self.latest_prob = float(pool_cfg.get("latest_prob", 0.5))
        self.random_prob = float(pool_cfg.get("random_prob", 0.0))
        self.deterministic = bool(pool_cfg.get("deterministic", False))
        self.fixed = [str(s) for s in pool_cfg.get("fixed", ())]
        self.fixed_prob = float(pool_cfg.get("fixed_prob", 0.0)) if self.fixed else 0.0
        self.rng = np.random.default_rng(seed)

    def __call__(self, role: int) -> Agent:
        seed = int(self.rng.integers(2**31))
        spec = self.specs[role]
        if spec != "self":
            return load_agent(spec, self.env_id, role=role, seed=seed, **self.game_config)
        if self.fixed_prob > 0 and self.rng.random() < self.fixed_prob:
            fixed = self.fixed[int(self.rng.integers(len(self.fixed)))]
            return load_agent(fixed, self.env_id, role=role, seed=seed, **self.game_config)
        names = self.pool.names()[-self.size:] if self.pool is not None else []
        if not names or self.rng.random() < self.random_prob:
            return RandomAgent(seed=seed)
        if self.rng.random() < self.latest_prob:
            name = names[-1]
        else:
            name = names[int(self.rng.integers(len(names)))]
        from .ppo import PolicyAgent

        assert self.pool is not None  # names came from it
        return PolicyAgent(self.env_id, role=role, path=str(self.pool.folder / name),
                           deterministic=self.deterministic, seed=seed, any_role=True,
                           **self.game_config)


class LearnerEnv(gym.Env):  # type: ignore[type-arg]
    """A Gymnasium env over one game in which the learner plays one of ``learn_roles``,
    chosen at random each episode (one policy for several seats needs one observation
    layout); the other roles are played by ``opponents`` (an :class:`OpponentFactory`)."""

    metadata = {"render_modes": []}

    def __init__(self, env_id: str, game_config: Mapping[str, Any], learn_roles: Sequence[int],
                 opponents: OpponentFactory, reward: str = "terminal") -> None:
        game = make_game(env_id, **game_config)
        self.envs = [SingleAgentEnv(game, r, opponents, reward=reward) for r in learn_roles]
        shapes = {tuple(e.observation_space.shape or ()) for e in self.envs}
        if len(shapes) != 1:
            raise ConfigError(
                f"{env_id}: one policy cannot learn roles {[game.roles[r] for r in learn_roles]} "
                f"with different observation shapes {sorted(shapes)}; train one role at a time")
        self.observation_space = self.envs[0].observation_space
        self.action_space = self.envs[0].action_space
        self.current = self.envs[0]

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            for i, e in enumerate(self.envs):
                e.reset(seed=seed * 7919 + i)
        self.current = self.envs[int(self.np_random.integers(len(self.envs)))]
        obs, info = self.current.reset()
        info["role"] = self.current.role
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        return self.current.step(action)

    def action_masks(self) -> np.ndarray:
        return self.current.action_masks()


def resolve_roles(game: Any, learn_role: Any) -> list[int]:
    """``all`` -> every role; a name, a list of names or comma-separated names (as
    ``--set learn_role=conan,shevatas`` gives them) -> their indices."""
    if learn_role in (None, "all"):
        return list(range(game.num_roles))
    if isinstance(learn_role, str):
        names: list[Any] = [n.strip() for n in learn_role.split(",")]
    else:
        names = [learn_role] if isinstance(learn_role, int) else list(learn_role)
    roles = []
    for n in names:
        if isinstance(n, int) and 0 <= n < game.num_roles:
            roles.append(n)
        elif n in game.roles:
            roles.append(game.roles.index(n))
        else:
            raise ConfigError(f"learn_role {n!r} is not 'all' or one of {game.roles}")
    return roles


def resolve_opponents(game: Any, learn_roles: Sequence[int], opponents: Any) -> dict[int, str]:
    """Agent string (or ``self``) for every role: from one string for all, or a map of role
    name -> string with an optional ``default``."""
    if isinstance(opponents, str) or opponents is None:
        spec = {"default": opponents or "self"}
    elif isinstance(opponents, dict):
        spec = dict(opponents)
        unknown = set(spec) - set(game.roles) - {"default"}
        if unknown:
            raise ConfigError(f"opponents names unknown roles {sorted(unknown)}; roles: {game.roles}")
    else:
        raise ConfigError("opponents must be an agent string, 'self', or a map role -> agent string")
    out = {}
    for r, name in enumerate(game.roles):
        s = spec.get(name, spec.get("default"))
        if s is None and learn_roles == [r]:
            continue  # the only learning role never needs an opponent
        if s is None:
            raise ConfigError(f"opponents gives no agent for role {name!r} (add it or a 'default')")
        if s == "self" and game.observation_shape(r) != game.observation_shape(learn_roles[0]):
            raise ConfigError(f"opponent 'self' for role {name!r}: the learner's snapshots play "
                              f"{[game.roles[x] for x in learn_roles]}, whose observations differ "
                              f"from {name!r}'s; give {name!r} an agent string instead")
        out[r] = str(s)
    return out
