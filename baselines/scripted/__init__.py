"""Scripted (heuristic) agents, one module per game: `baselines/scripted/<game>.py`
defines `ScriptedAgent(env_id, role, **config)`."""
from __future__ import annotations

import importlib
from typing import Any

from conan_envs import ConfigError, check_env_id


def make_scripted(env_id: str, role: Any = 0, **config: Any) -> Any:
    check_env_id(env_id)
    game = env_id.rsplit("_v", 1)[0]
    try:
        module = importlib.import_module(f"baselines.scripted.{game}")
    except ModuleNotFoundError as e:
        if e.name != f"baselines.scripted.{game}":
            raise
        raise ConfigError(f"no scripted agent for {env_id}") from None
    return module.ScriptedAgent(env_id=env_id, role=role, **config)
