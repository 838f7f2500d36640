"""Playing one game between agents on the rules core (used by play, the main job and tests)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class MatchResult:
    returns: list[float]
    steps: int
    truncated: bool
    final_state: object


def play_match(game, agents, seed=None, on_step=None) -> MatchResult:
    """Play one game. `agents[i]` plays role i. `on_step(state, role, action)` is called
    after every action (for printing)."""
    state = game.new_initial_state(seed)
    for agent in agents:
        agent.reset()
    steps = 0
    while not state.is_terminal() and not state.is_truncated():
        role = state.current_player()
        action = agents[role].act(state.observation(role), state.legal_action_mask(), state)
        label = state.action_to_string(action)
        state.apply_action(action)
        steps += 1
        if on_step is not None:
            on_step(state, role, label)
    return MatchResult(list(state.returns()), steps, state.is_truncated(), state)
