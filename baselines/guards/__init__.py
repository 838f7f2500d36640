"""Guards: moves a trained policy is kept from, read from the pending decision through the
public API (``state.frame()``, the dice shown) before the policy chooses among the rest.

A policy learns its habits from the opponents it trained against; a person finds the moves
it never learned to avoid. A guard removes, from the legal mask, a move that throws a result
away (each game's module says which, and on what rule), and never empties the mask.
``ppo:PATH,guard=true`` and ``policy:NAME,guard=true`` play a policy with its game's guard; a
game with no guard here refuses the option.

Each game's guard is its own module here (``adventures``, ``miniatures``), imported when a
policy asks for it, so loading a policy does not load every game's rules.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np

from conan_envs import ConfigError

Guard = Callable[[Any, np.ndarray], np.ndarray]

# env id -> the module of its guard (``guard(state, mask) -> mask``)
GUARDS: dict[str, str] = {"adventures_v2": "baselines.guards.adventures",
                          "miniatures_v2": "baselines.guards.miniatures"}


def guard_for(env_id: str) -> Guard:
    """The guard of `env_id`; a ConfigError for a game that has none."""
    if env_id not in GUARDS:
        raise ConfigError(f"guard=true: {env_id} has no guard (games with one: "
                          f"{', '.join(sorted(GUARDS))})")
    guard: Guard = importlib.import_module(GUARDS[env_id]).guard
    return guard
