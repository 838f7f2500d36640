"""Uniform random play over the legal mask."""
from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from .agent import Agent
from .options import SEED_ONLY, AgentOption


class RandomAgent(Agent):
    name = "random"
    OPTIONS: ClassVar[dict[str, AgentOption]] = SEED_ONLY

    def __init__(self, seed: int | None = None, *, env_id: str | None = None, role: int = 0,
                 **game_config: Any) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("no legal action in the mask")
        return int(legal[self.rng.integers(legal.size)])
