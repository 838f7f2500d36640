"""Playing one game between agents on the rules core (used by play, the main job and tests)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .agent import Agent


@dataclass
class MatchResult:
    returns: list[float]
    steps: int
    truncated: bool
    final_state: Any
    stopped: bool = False  # cut short by max_steps


def play_match(game: Any, agents: Sequence[Agent], seed: int | None = None,
               on_step: Callable[[Any, int, str], None] | None = None,
               max_steps: int | None = None) -> MatchResult:
    """Play one game. `agents[i]` plays role i. `on_step(state, role, action)` is called
    after every action (for printing); `max_steps` stops the game after that many actions."""
    state = game.new_initial_state(seed)
    for agent in agents:
        agent.reset()
    steps = 0
    stopped = False
    while not state.is_terminal() and not state.is_truncated():
        if max_steps is not None and steps >= max_steps:
            stopped = True
            break
        role = state.current_player()
        action = agents[role].act(state.observation(role), state.legal_action_mask(), state)
        label = state.action_to_string(action)
        state.apply_action(action)
        steps += 1
        if on_step is not None:
            on_step(state, role, label)
    return MatchResult(list(state.returns()), steps, state.is_truncated(), state, stopped)
