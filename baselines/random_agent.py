"""Uniform random play over the legal mask."""
from __future__ import annotations

import numpy as np

from .agent import Agent


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, state=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("no legal action in the mask")
        return int(legal[self.rng.integers(legal.size)])
