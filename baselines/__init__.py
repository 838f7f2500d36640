"""Baseline agents behind one interface, built from strings.

    load_agent("random", "kings_v2", role=0, seed=1)
    load_agent("scripted", "kings_v2", role="player_1")
    load_agent("mcts:simulations=400", "tower_v2", role="yara")
    load_agent("ppo:runs/kings_ppo_selfplay/policy", "kings_v2", role=1)
    load_agent("policy:tower_yara_ppo", "tower_v2", role="yara", mode="battle")
    load_agent("hard", "miniatures_v2", role="overlord", scenario="ritual")

A difficulty (``easy``, ``normal``, ``hard``) stands for the agent that
:mod:`baselines.ladder` names for that game, seat and config.

An agent string is ``KIND[:OPTIONS]``; OPTIONS are ``key=value`` pairs separated by commas,
checked against the options the agent declares (``OPTIONS`` on its class, see
:mod:`baselines.options`); ``ppo`` takes the policy path first (``ppo:PATH,deterministic=false``),
``policy`` the name of a policy shipped with the package (``policy:NAME``, see
:mod:`baselines.policies`).
Training and evaluation live in baselines.training and baselines.evaluation (they need
the `train` extra: torch, sb3-contrib, matplotlib, safetensors ...).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from conan_envs import ConfigError, check_env_id, make_game

from .agent import Agent
from .mcts import MCTSAgent
from .options import SEED_ONLY, AgentOption, check_options, parse_value
from .options import describe as describe_options
from .ppo import ModelFileError, PolicyAgent
from .random_agent import RandomAgent

# kind -> "module:factory"; each factory is called as
# factory(env_id=..., role=<index>, seed=..., **game_config, **options).
AGENT_KINDS = {
    "random": "baselines.random_agent:RandomAgent",
    "scripted": "baselines.scripted:make_scripted",
    "mcts": "baselines.mcts:MCTSAgent",
    "ppo": "baselines.ppo:PolicyAgent",
    "policy": "baselines.policies:ShippedPolicyAgent",
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
        from .ladder import DIFFICULTIES

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


def resolve_difficulty(spec: str, env_id: str, role: int, game: Any) -> str:
    """`spec` itself, or the agent string a difficulty name stands for in this seat."""
    from .ladder import DIFFICULTIES, difficulty_spec  # late: `python -m baselines.ladder`

    if isinstance(spec, str) and spec.strip() in DIFFICULTIES:
        return difficulty_spec(spec.strip(), env_id, role, game)
    return spec


def load_agent(spec: str, env_id: str, role: int | str = 0, *, seed: int | None = None,
               **game_config: Any) -> Agent:
    """Build an agent from its string for `role` (an index or a name) of `env_id` with the
    game's config. `seed` seeds the agent unless its string gives one."""
    check_env_id(env_id)
    game = cached_game(env_id, game_config)
    r = game.role_index(role)
    spec = resolve_difficulty(spec, env_id, r, game)
    kind, opts = check_spec(spec)
    if "seed" not in opts:
        opts["seed"] = seed
    return agent_factory(kind)(env_id=env_id, role=r, **game.config, **opts)


def validate_agent(spec: str, env_id: str, **game_config: Any) -> tuple[str, dict[str, Any]]:
    """Check an agent string for `env_id` without playing: its options, and for ``ppo`` the
    policy file (format, env, roles, sizes). For tools that must find mistakes before a long
    run. Returns (kind, options)."""
    check_env_id(env_id)
    game = cached_game(env_id, game_config)
    if resolve_difficulty(spec, env_id, 0, game) != spec:  # a difficulty: check every seat's
        for r in range(game.num_roles):
            validate_agent(resolve_difficulty(spec, env_id, r, game), env_id, **game_config)
        return spec.strip(), {}
    kind, opts = check_spec(spec)
    if kind == "ppo":
        from .ppo import check_policy

        if not opts.get("path"):
            raise ConfigError("ppo needs a model path: 'ppo:models/NAME' (NAME.json + NAME.safetensors)")
        check_policy(opts["path"], env_id, game)
    elif kind == "policy":
        from .policies import policy_path
        from .ppo import check_policy

        check_policy(policy_path(opts.get("name")), env_id, game)
    elif kind == "mcts":
        for key in ("rollout", "prior"):
            if opts.get(key) not in (None, "random"):
                validate_agent(opts[key], env_id, **game_config)
    return kind, opts


def describe_agents() -> str:
    """Each agent kind and its options, for ``--help``."""
    from .ladder import DIFFICULTIES
    from .policies import describe_shipped

    kinds = [f"  {kind}: {describe_options(agent_options(kind))}" for kind in AGENT_KINDS]
    return "\n".join(kinds + [f"  policy:NAME plays a policy shipped with the package; shipped: "
                              f"{describe_shipped()}",
                              f"  {', '.join(DIFFICULTIES)}: the difficulties, an agent per "
                              "game and seat (baselines.ladder)"])


__all__ = ["Agent", "RandomAgent", "MCTSAgent", "PolicyAgent", "ModelFileError", "AGENT_KINDS",
           "load_agent", "parse_spec", "check_spec", "validate_agent", "agent_options", "describe_agents",
           "cached_game", "resolve_difficulty", "POSITIONAL"]
