"""conan-envs: reinforcement-learning environments for five Conan board games.

    import conan_envs
    env = conan_envs.make("kings_v1", num_players=3)      # a PettingZoo AECEnv
    game = conan_envs.make_game("kings_v1")               # the rules core
"""
from __future__ import annotations

import importlib

from .engine import ConfigError, CorruptStateError, IllegalActionError

# env id -> (module, Game class). A game is listed once its folder is complete.
_REGISTRY = {
    "kings_v1": ("conan_envs.kings", "KingsGame"),
    "cards_v1": ("conan_envs.cards", "CardsGame"),
    "tower_v1": ("conan_envs.tower", "TowerGame"),
    "miniatures_v1": ("conan_envs.miniatures", "MiniaturesGame"),
    "adventures_v1": ("conan_envs.adventures", "AdventuresGame"),
}
ENV_IDS: tuple[str, ...] = tuple(_REGISTRY)
# Ids of earlier versions, and the id that replaced each (see CHANGELOG.md).
RETIRED = {"kings_v0": "kings_v1", "cards_v0": "cards_v1", "tower_v0": "tower_v1",
           "miniatures_v0": "miniatures_v1", "adventures_v0": "adventures_v1"}
ENV_OPTIONS = ("render_mode", "illegal_action", "reward")


def check_env_id(env_id: str) -> None:
    if env_id in RETIRED:
        raise ConfigError(f"{env_id} is retired: its observations and rules changed; use "
                          f"{RETIRED[env_id]} (see CHANGELOG.md)")
    if not isinstance(env_id, str) or env_id not in _REGISTRY:
        raise ConfigError(f"unknown env id {env_id!r}; valid ids: {', '.join(ENV_IDS)}")


def game_class(env_id: str):
    check_env_id(env_id)
    module, cls = _REGISTRY[env_id]
    return getattr(importlib.import_module(module), cls)


def make_game(env_id: str, **config):
    """The rules core of `env_id` with its config (see each game's OPTIONS)."""
    return game_class(env_id)(**config)


def make(env_id: str, render_mode=None, illegal_action="raise", reward="terminal", **config):
    """A PettingZoo AECEnv for `env_id`. Env options: render_mode ('ansi' | 'human'),
    illegal_action ('raise' | 'lose'), reward ('terminal' | 'shaped'); the rest is game config."""
    from .engine.pettingzoo_env import ConanAECEnv

    return ConanAECEnv(make_game(env_id, **config), render_mode, illegal_action, reward)


def make_single_agent(env_id: str, role=0, opponents=None, render_mode=None, reward="terminal",
                      **config):
    """A Gymnasium env where `role` learns and `opponents` (role -> agent) play the rest."""
    from .engine.gym_env import SingleAgentEnv

    return SingleAgentEnv(make_game(env_id, **config), role, opponents, render_mode, reward)


__all__ = ["ENV_IDS", "make", "make_game", "make_single_agent", "game_class", "check_env_id", "ConfigError",
           "CorruptStateError", "IllegalActionError"]
