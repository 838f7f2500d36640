"""Agent strings: ``KIND[:OPTIONS]`` parsed and checked against what each kind declares,
and the registry of kinds (``AGENT_KINDS``, entry points "module:factory" as Gymnasium's).

The lowest layer of :mod:`baselines`: it imports no agent module; a factory is looked up by
its entry point when an agent is built (:mod:`baselines.loading`).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from conan_envs import ConfigError, make_game

from .agent import Agent
from .options import SEED_ONLY, AgentOption, check_options, parse_value
from .options import describe as describe_options

# The named difficulties; the agent each stands for is in baselines.difficulty's table.
DIFFICULTIES = ("easy", "normal", "hard")

# kind -> "module:factory"; each factory is called as
# factory(env_id=..., role=<index>, seed=..., **game_config, **options).
AGENT_KINDS = {
    "random": "baselines.random_agent:RandomAgent",
    "scripted": "baselines.scripted:make_scripted",
    "mcts": "baselines.mcts:MCTSAgent",
    "ppo": "baselines.ppo:PolicyAgent",
    "policy": "baselines.policies:ShippedPolicyAgent",
    "mix": "baselines.mixture:MixtureAgent",
    "ensemble": "baselines.ensemble:EnsembleAgent",
}
# the option a bare first value stands for (``ppo:models/x``, ``policy:NAME``)
POSITIONAL = {"ppo": "path", "policy": "name"}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """'mcts:simulations=400,c_uct=1.4' -> ('mcts', {'simulations': 400, 'c_uct': 1.4});
    'ppo:models/x' -> ('ppo', {'path': 'models/x'}); the path may be followed by options,
    'ppo:models/x,deterministic=false'; 'policy:NAME' -> ('policy', {'name': 'NAME'}).
    Only the form is checked here."""
    if not isinstance(spec, str) or not spec.strip():
        raise ConfigError(f"an agent string is KIND[:key=value,...], not {spec!r}; "
                          f"kinds: {', '.join(AGENT_KINDS)}")
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip()
    opts: dict[str, Any] = {}
    if rest:
        for i, part in enumerate(rest.split(",")):
            key, eq, value = part.partition("=")
            key = key.strip()
            if i == 0 and not eq and key:
                opts[POSITIONAL.get(kind, "path")] = key
                continue
            if not eq or not key:
                raise ConfigError(f"bad agent option {part!r} in {spec!r}; expected key=value")
            if key in opts:
                raise ConfigError(f"agent option {key!r} given twice in {spec!r}")
            opts[key] = parse_value(value.strip())
    return kind, opts


def agent_factory(kind: str) -> Callable[..., Agent]:
    if kind not in AGENT_KINDS:
        raise ConfigError(f"unknown agent {kind!r}; valid agents: {', '.join(AGENT_KINDS)} "
                          f"(or a difficulty: {', '.join(DIFFICULTIES)})")
    module, name = AGENT_KINDS[kind].split(":")
    factory: Callable[..., Agent] = getattr(importlib.import_module(module), name)
    return factory


def agent_options(kind: str) -> Mapping[str, AgentOption]:
    """The options agent `kind` declares (just ``seed`` for one that declares none)."""
    return getattr(agent_factory(kind), "OPTIONS", SEED_ONLY)


def check_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """(kind, options) of an agent string, every option checked against what the agent
    declares; ConfigError names the unknown key or bad value and the valid options."""
    kind, given = parse_spec(spec)
    schema = agent_options(kind)
    first = POSITIONAL.get(kind, "path")
    if first in given and first not in schema:
        raise ConfigError(f"{kind}: {given[first]!r} in {spec!r} is not key=value; valid "
                          f"options: {describe_options(schema)}")
    return kind, check_options(kind, schema, given)


_GAMES: dict[tuple[str, str], Any] = {}


def cached_game(env_id: str, game_config: Mapping[str, Any]) -> Any:
    """One game per env and config per process (games are immutable; some take a while)."""
    key = (env_id, repr(sorted(game_config.items())))
    if key not in _GAMES:
        if len(_GAMES) > 64:
            _GAMES.clear()
        _GAMES[key] = make_game(env_id, **game_config)
    return _GAMES[key]
