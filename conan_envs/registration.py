"""Gymnasium registration of the single-agent views: ``conan_envs/<Game>-v<N>`` for each env
id ``<game>_v<N>`` (``kings_v2`` -> ``conan_envs/Kings-v2``), done on ``import conan_envs``.

    import conan_envs, gymnasium
    env = gymnasium.make("conan_envs/Kings-v2", role=0, opponents=None, num_players=3)
    env = gymnasium.make("conan_envs:conan_envs/Kings-v2")  # imports conan_envs first

The second form suits a fresh process (a subprocess vector env's worker). Keyword arguments
are those of :func:`conan_envs.make_single_agent`: ``role``, ``opponents``, ``reward``,
``illegal_action``, ``render_mode`` and the game's options.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .catalog import make_game

if TYPE_CHECKING:
    from .engine.gym_env import SingleAgentEnv

NAMESPACE = "conan_envs"
GYM_IDS: dict[str, str] = {}


def gym_id(env_id: str) -> str:
    """``kings_v2`` -> ``conan_envs/Kings-v2``."""
    name, _, version = env_id.rpartition("_v")
    return f"{NAMESPACE}/{name.capitalize()}-v{version}"


def make_gym_env(env_id: str, **kwargs: Any) -> SingleAgentEnv:
    """The entry point Gymnasium calls (``gymnasium.make`` sets ``spec`` afterwards)."""
    from .engine.gym_env import SingleAgentEnv
    from .engine.pettingzoo_env import check_env_options

    env_opts = {k: kwargs.pop(k) for k in ("role", "opponents", "render_mode", "reward",
                                           "illegal_action") if k in kwargs}
    check_env_options(env_opts.get("render_mode"), env_opts.get("illegal_action", "raise"),
                      env_opts.get("reward", "terminal"))
    return SingleAgentEnv(make_game(env_id, **kwargs), **env_opts)


def register_gym_envs(env_ids: Iterable[str]) -> None:
    """Register each env id's Gymnasium id (once; later calls leave them as they are)."""
    import gymnasium

    for env_id in env_ids:
        gid = GYM_IDS[env_id] = gym_id(env_id)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point=f"{__name__}:make_gym_env",
                               kwargs={"env_id": env_id})
