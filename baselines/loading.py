"""Building agents from their strings: ``load_agent(spec, env_id, role)`` for every kind and
difficulty, ``validate_agent`` to check one before a long run, ``describe_agents`` for help.

    load_agent("random", "kings_v2", role=0, seed=1)
    load_agent("hard", "miniatures_v2", role="overlord", scenario="ritual")
"""
from __future__ import annotations

from typing import Any

from conan_envs import ConfigError, check_env_id

from .agent import Agent
from .difficulty import difficulty_spec
from .options import describe as describe_options
from .policies import describe_shipped, policy_path
from .ppo import check_policy
from .specs import AGENT_KINDS, DIFFICULTIES, agent_factory, agent_options, cached_game, check_spec


def resolve_difficulty(spec: str, env_id: str, role: int, game: Any) -> str:
    """`spec` itself, or the agent string a difficulty name stands for in this seat."""
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
        if not opts.get("path"):
            raise ConfigError("ppo needs a model path: 'ppo:models/NAME' (NAME.json + NAME.safetensors)")
        check_policy(opts["path"], env_id, game)
    elif kind == "policy":
        check_policy(policy_path(opts.get("name")), env_id, game)
    elif kind == "mcts":
        for key in ("rollout", "prior"):
            if opts.get(key) not in (None, "random"):
                validate_agent(opts[key], env_id, **game_config)
    return kind, opts


def describe_agents() -> str:
    """Each agent kind and its options, for ``--help``."""
    kinds = [f"  {kind}: {describe_options(agent_options(kind))}" for kind in AGENT_KINDS]
    return "\n".join(kinds + [f"  policy:NAME plays a policy shipped with the package; shipped: "
                              f"{describe_shipped()}",
                              f"  {', '.join(DIFFICULTIES)}: the difficulties, an agent per "
                              "game and seat (baselines.difficulty)"])
