"""Baseline agents behind one interface, built from strings.

    load_agent("random", "kings_v1", role=0, seed=1)
    load_agent("scripted", "kings_v1", role=1)
    load_agent("mcts:simulations=400", "tower_v1", role="yara")
    load_agent("ppo:runs/kings_ppo_selfplay/policy", "kings_v1", role=1)

Training and evaluation live in baselines.training and baselines.evaluation (they need
the `train` extra: torch, sb3-contrib, matplotlib, safetensors ...).
"""
from __future__ import annotations

import importlib

from conan_envs import ConfigError, check_env_id

from .agent import Agent
from .mcts import MCTSAgent
from .ppo import ModelFileError, PolicyAgent
from .random_agent import RandomAgent

# kind -> "module:factory"; each factory is called as factory(env_id, role, **options).
AGENT_KINDS = {
    "random": "baselines.random_agent:RandomAgent",
    "scripted": "baselines.scripted:make_scripted",
    "mcts": "baselines.mcts:MCTSAgent",
    "ppo": "baselines.ppo:PolicyAgent",
}


def parse_spec(spec: str) -> tuple[str, dict]:
    """'mcts:simulations=400,c_uct=1.4' -> ('mcts', {'simulations': 400, 'c_uct': 1.4});
    'ppo:models/x' -> ('ppo', {'path': 'models/x'}); the path may be followed by options,
    'ppo:models/x,deterministic=false'."""
    kind, _, rest = spec.partition(":")
    opts = {}
    if rest:
        for i, part in enumerate(rest.split(",")):
            key, eq, value = part.partition("=")
            if i == 0 and not eq and key:
                opts["path"] = key.strip()
                continue
            if not eq or not key:
                raise ConfigError(f"bad agent option {part!r} in {spec!r}; expected key=value")
            opts[key.strip()] = _value(value.strip())
    return kind, opts


def _value(text: str):
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def load_agent(spec: str, env_id: str, role=0, **config) -> Agent:
    """Build an agent from its string for `role` of `env_id`. Extra keyword arguments
    (e.g. seed, or the game's config) go to the agent's factory."""
    check_env_id(env_id)
    kind, opts = parse_spec(spec)
    if kind not in AGENT_KINDS:
        raise ConfigError(f"unknown agent {kind!r}; valid agents: {', '.join(AGENT_KINDS)}")
    module, factory = AGENT_KINDS[kind].split(":")
    make = getattr(importlib.import_module(module), factory)
    if kind == "random":
        return make(seed=opts.get("seed", config.get("seed")))
    return make(env_id=env_id, role=role, **{**config, **opts})


__all__ = ["Agent", "RandomAgent", "MCTSAgent", "PolicyAgent", "ModelFileError", "AGENT_KINDS",
           "load_agent", "parse_spec"]
