"""The catalogue of envs: each env id's rules core (``game_class``, ``make_game``), the
retired ids and what replaced them, and ``load_state`` for a save of any of them.

Below the package's front door (``conan_envs/__init__.py``) and the Gymnasium registration,
which both build on it.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .engine import ConfigError
from .engine.saves import load_state as replay_save

if TYPE_CHECKING:
    from .engine.core import Game, State

# env id -> (module, Game class). A game is listed once its folder is complete; tests and
# plug-ins may add entries (as gymnasium.registry), which every look-up here sees.
REGISTRY: dict[str, tuple[str, str]] = {
    "kings_v2": ("conan_envs.kings", "KingsGame"),
    "cards_v2": ("conan_envs.cards", "CardsGame"),
    "tower_v2": ("conan_envs.tower", "TowerGame"),
    "miniatures_v2": ("conan_envs.miniatures", "MiniaturesGame"),
    "adventures_v2": ("conan_envs.adventures", "AdventuresGame"),
}
ENV_IDS: tuple[str, ...] = tuple(REGISTRY)
# Ids of earlier versions, and the id that replaced each (see CHANGELOG.md).
RETIRED = {f"{game}_v{old}": f"{game}_v2"
           for game in ("kings", "cards", "tower", "miniatures", "adventures") for old in (0, 1)}
def check_env_id(env_id: object) -> None:
    if isinstance(env_id, str) and env_id in RETIRED:
        raise ConfigError(f"{env_id} is retired: its observations and rules changed; use "
                          f"{RETIRED[env_id]} (see CHANGELOG.md)")
    if not isinstance(env_id, str) or env_id not in REGISTRY:
        raise ConfigError(f"unknown env id {env_id!r}; valid ids: {', '.join(ENV_IDS)}")


def game_class(env_id: str) -> type[Game]:
    check_env_id(env_id)
    module, cls = REGISTRY[env_id]
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def make_game(env_id: str, **config: Any) -> Game:
    """The rules core of `env_id` with its config (see each game's OPTIONS)."""
    return game_class(env_id)(**config)


def load_state(text: str | bytes) -> State:
    """The position a save (``State.to_json()``) reaches, in the game its header names: the
    save's actions replayed through the rules (see :mod:`conan_envs.engine.saves`)."""
    return replay_save(text, make_game)
