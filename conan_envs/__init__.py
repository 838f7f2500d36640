"""conan-envs: reinforcement-learning environments for five Conan board games.

    import conan_envs
    env = conan_envs.make("kings_v2", num_players=3)      # a PettingZoo AECEnv
    game = conan_envs.make_game("kings_v2")               # the rules core
    gym_env = gymnasium.make("conan_envs/Kings-v2", role=0)  # one seat, Gymnasium API

Importing the package registers the Gymnasium ids (``GYM_IDS``).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .engine import ConfigError, CorruptStateError, IllegalActionError
from .engine.saves import load_state as replay_save
from .registration import GYM_IDS, register_gym_envs

if TYPE_CHECKING:
    from .engine.core import Game, State
    from .engine.gym_env import Opponents, SingleAgentEnv
    from .engine.pettingzoo_env import ConanAECEnv

# env id -> (module, Game class). A game is listed once its folder is complete.
_REGISTRY = {
    "kings_v2": ("conan_envs.kings", "KingsGame"),
    "cards_v2": ("conan_envs.cards", "CardsGame"),
    "tower_v2": ("conan_envs.tower", "TowerGame"),
    "miniatures_v2": ("conan_envs.miniatures", "MiniaturesGame"),
    "adventures_v2": ("conan_envs.adventures", "AdventuresGame"),
}
ENV_IDS: tuple[str, ...] = tuple(_REGISTRY)
# Ids of earlier versions, and the id that replaced each (see CHANGELOG.md).
RETIRED = {f"{game}_v{old}": f"{game}_v2"
           for game in ("kings", "cards", "tower", "miniatures", "adventures") for old in (0, 1)}
ENV_OPTIONS = ("render_mode", "illegal_action", "reward")
# The env options, as (name, default, what is valid, doc) like Game.describe_options().
ENV_OPTION_ROWS = (
    ("render_mode", "None", "'ansi', 'human' or None",
     "'ansi': render() returns the text board; 'human': printed after every step"),
    ("illegal_action", "'raise'", "'raise' or 'lose'",
     "'raise': IllegalActionError, nothing changes; 'lose': the offender gets -1 and the "
     "game ends"),
    ("reward", "'terminal'", "'terminal' or 'shaped'",
     "'shaped' also pays each step's change of the state's shaped_scores()"),
)


def check_env_id(env_id: object) -> None:
    if isinstance(env_id, str) and env_id in RETIRED:
        raise ConfigError(f"{env_id} is retired: its observations and rules changed; use "
                          f"{RETIRED[env_id]} (see CHANGELOG.md)")
    if not isinstance(env_id, str) or env_id not in _REGISTRY:
        raise ConfigError(f"unknown env id {env_id!r}; valid ids: {', '.join(ENV_IDS)}")


def game_class(env_id: str) -> type[Game]:
    check_env_id(env_id)
    module, cls = _REGISTRY[env_id]
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def make_game(env_id: str, **config: Any) -> Game:
    """The rules core of `env_id` with its config (see each game's OPTIONS)."""
    return game_class(env_id)(**config)


def load_state(text: str | bytes) -> State:
    """The position a save (``State.to_json()``) reaches, in the game its header names: the
    save's actions replayed through the rules (see :mod:`conan_envs.engine.saves`)."""
    return replay_save(text, make_game)


def make(env_id: str, render_mode: str | None = None, illegal_action: str = "raise",
         reward: str = "terminal", **config: Any) -> ConanAECEnv:
    """A PettingZoo AECEnv for `env_id`. Env options: render_mode ('ansi' | 'human'),
    illegal_action ('raise' | 'lose'), reward ('terminal' | 'shaped'); the rest is game config."""
    from .engine.pettingzoo_env import ConanAECEnv, check_env_options

    check_env_options(render_mode, illegal_action, reward)
    return ConanAECEnv(make_game(env_id, **config), render_mode, illegal_action, reward)


def make_single_agent(env_id: str, role: object = 0, opponents: Opponents = None,
                      render_mode: str | None = None, reward: str = "terminal",
                      illegal_action: str = "raise", **config: Any) -> SingleAgentEnv:
    """A Gymnasium env where `role` (index or name) learns and `opponents` play the rest:
    a dict role -> agent (``act(observation, action_mask, state) -> int``; roles left out
    play uniformly random legal moves), or a callable role_index -> agent called at each
    reset. Env options as :func:`make`; the rest is game config. The same env as
    ``gymnasium.make(GYM_IDS[env_id], ...)``, with its ``spec`` set likewise."""
    from gymnasium.envs.registration import EnvSpec

    from .engine.gym_env import SingleAgentEnv
    from .engine.pettingzoo_env import check_env_options

    check_env_options(render_mode, illegal_action, reward)
    env = SingleAgentEnv(make_game(env_id, **config), role, opponents, render_mode, reward,
                         illegal_action)
    kwargs = {"role": role, "opponents": opponents, "reward": reward,
              "illegal_action": illegal_action, **config}
    env.spec = EnvSpec(id=GYM_IDS[env_id], entry_point="conan_envs.registration:make_gym_env",
                       kwargs={"env_id": env_id, **kwargs})
    return env


def options_table() -> str:
    """docs/options.md: every game's options (from ``Game.describe_options()``) and the env
    options, as Markdown tables."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    def rows(items: Any) -> list[str]:
        out = ["| option | default | valid values | meaning |", "|---|---|---|---|"]
        out += [f"| `{n}` | `{cell(d)}` | {cell(v)} | {cell(doc)} |" for n, d, v, doc in items]
        return out

    lines = ["# Options", "",
             "Generated by `conan_envs.options_table()` from each game's `OPTIONS` "
             "(`tests/test_options.py` checks this file matches). Every option is checked "
             "when the game is made: booleans take only `True`/`False`; integers take Python "
             "or NumPy integers, never bools, floats or strings; a bad value is a "
             "`ConfigError` naming the option, the value and what is valid.", "",
             "## Env options (every env)", "", *rows(ENV_OPTION_ROWS), ""]
    for env_id in ENV_IDS:
        lines += [f"## {env_id}", "", f"Gymnasium id: `{GYM_IDS[env_id]}`.", "",
                  *rows(game_class(env_id).describe_options()), ""]
    return "\n".join(lines)


register_gym_envs(ENV_IDS)

__all__ = ["ENV_IDS", "GYM_IDS", "make", "make_game", "make_single_agent", "load_state", "game_class",
           "check_env_id", "options_table", "ConfigError", "CorruptStateError",
           "IllegalActionError"]
