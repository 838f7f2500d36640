"""Entrants of a benchmark: what plays the protocol's seat(s).

- any object with ``act(observation, action_mask, state=None) -> int`` (Python API; one
  object plays every seat and game, its ``reset()`` is called at each game's start if it has one);
- a factory, called as ``factory(env_id=..., role=<index>, seed=..., **game_config)`` for each
  seat of each game, returning such an object;
- an agent string: ``python:package.module:factory[,key=value...]`` imports the user's own
  module from the current folder or PYTHONPATH and calls the factory as above with the
  options as keywords -- this runs that code, so give it only code you trust; any string
  ``load_agent`` takes (``ppo:PATH`` for the weights-only policies, including RLlib policies
  exported to that format, ``scripted``, ``mcts:...``, the ladder's difficulties).

A string is resolved again inside every worker process (so spawned processes and Ray tasks
need nothing pickled but the string).
"""
from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

from conan_envs import ConfigError

PYTHON_PREFIX = "python:"


class EntrantError(ConfigError):
    """An entrant that cannot be built, or that made an illegal move."""


def is_agent(obj: Any) -> bool:
    """An agent object (a class with ``act`` is a factory, not an agent)."""
    return not isinstance(obj, type) and callable(getattr(obj, "act", None))


def ensure_cwd_on_path() -> None:
    """``python:`` modules are looked up from the current folder as ``python -m`` would."""
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.insert(0, cwd)


def parse_python_spec(spec: str) -> tuple[str, str, dict[str, Any]]:
    """'python:pkg.mod:make,size=3' -> ('pkg.mod', 'make', {'size': 3})."""
    from ..options import parse_value

    body = spec[len(PYTHON_PREFIX):]
    target, _, rest = body.partition(",")
    module, colon, name = target.strip().rpartition(":")
    if not colon or not module or not name or not all(
            part.isidentifier() for part in module.split(".") + [name]):
        raise EntrantError(f"{spec!r}: write python:package.module:factory (a module importable "
                           f"from the current folder or PYTHONPATH, and a callable in it)")
    opts: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip().isidentifier():
            raise EntrantError(f"{spec!r}: option {part!r} is not key=value")
        opts[key.strip()] = parse_value(value.strip())
    return module, name, opts


def python_factory(spec: str) -> tuple[Callable[..., Any], dict[str, Any]]:
    module_name, name, opts = parse_python_spec(spec)
    ensure_cwd_on_path()
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise EntrantError(f"{spec!r}: cannot import {module_name!r} from the current folder or "
                           f"PYTHONPATH ({e})") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise EntrantError(f"{spec!r}: {module_name} has no callable {name!r}")
    return factory, opts


def entrant_name(entrant: Any) -> str:
    if isinstance(entrant, str):
        return entrant
    name = getattr(entrant, "name", None)
    if isinstance(name, str) and name and name != "agent":
        return name
    return getattr(entrant, "__qualname__", type(entrant).__name__)


def check_entrant(entrant: Any, env_id: str, game_config: dict[str, Any]) -> None:
    """Find a bad entrant before the first game: an unknown kind, a bad option, a policy
    file made for another env or seat, a module that does not import."""
    if isinstance(entrant, str):
        if entrant.startswith(PYTHON_PREFIX):
            python_factory(entrant)
            return
        from ..loading import validate_agent

        validate_agent(entrant, env_id, **game_config)
        return
    if not (is_agent(entrant) or callable(entrant)):
        raise EntrantError(f"an entrant is an agent string, an object with act(observation, "
                           f"action_mask, state=None), or a factory returning one; not {entrant!r}")


def resolve_spec(spec: str, env_id: str, role: int, game: Any) -> str:
    """The agent string `spec` stands for in `role`: a difficulty (``easy``, ``normal``,
    ``hard``) is looked up in the ladder (:mod:`baselines.ladder`) for that seat, and a
    search's wall-clock budget (``time_budget``) is dropped so that the games do not depend
    on the machine's load; other strings are kept."""
    try:
        from ..difficulty import DIFFICULTIES, difficulty_spec
    except ImportError:  # a build without the ladder: the name is left to load_agent
        return spec
    if spec in DIFFICULTIES:
        spec = difficulty_spec(spec, env_id, role, game)
        if spec.startswith("mcts:"):
            spec = ",".join(p for p in spec.split(",") if not p.strip().startswith("time_budget="))
    return spec


def make_agent(entrant: Any, env_id: str, role: int, seed: int, game_config: dict[str, Any]) -> Any:
    """The agent that plays `role` in one game."""
    if isinstance(entrant, str):
        if entrant.startswith(PYTHON_PREFIX):
            factory, opts = python_factory(entrant)
            agent = factory(env_id=env_id, role=role, seed=seed, **game_config, **opts)
        else:
            from ..loading import load_agent
            from ..specs import cached_game

            spec = resolve_spec(entrant, env_id, role, cached_game(env_id, game_config))
            return load_agent(spec, env_id, role, seed=seed, **game_config)
    elif is_agent(entrant):
        return entrant
    else:
        agent = entrant(env_id=env_id, role=role, seed=seed, **game_config)
    if not is_agent(agent):
        raise EntrantError(f"the entrant's factory returned {type(agent).__name__}, which has no "
                           f"act(observation, action_mask, state=None)")
    return agent
