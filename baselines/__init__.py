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

from .agent import Agent
from .loading import describe_agents, load_agent, resolve_difficulty, validate_agent
from .mcts import MCTSAgent
from .ppo import ModelFileError, PolicyAgent
from .random_agent import RandomAgent
from .specs import AGENT_KINDS, POSITIONAL, agent_options, cached_game, check_spec, parse_spec

__all__ = ["Agent", "RandomAgent", "MCTSAgent", "PolicyAgent", "ModelFileError", "AGENT_KINDS",
           "load_agent", "parse_spec", "check_spec", "validate_agent", "agent_options", "describe_agents",
           "cached_game", "resolve_difficulty", "POSITIONAL"]
