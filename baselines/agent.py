"""The one agent interface (docs/architecture.md, "Agents")."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class Agent(ABC):
    """`act(observation, action_mask, state=None) -> int`. Search agents may use `state`,
    but only through `state.resample_hidden(role, rng)`."""

    name = "agent"

    @abstractmethod
    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        ...

    def reset(self) -> None:  # noqa: B027 (a hook: stateless agents keep this no-op)
        """Called at the start of each game; stateless agents ignore it."""

    def __repr__(self) -> str:
        return self.name
