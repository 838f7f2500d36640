"""A person as an agent: shows the board and the legal actions by name, reads a choice.
Bad input re-asks and changes nothing."""
from __future__ import annotations

import numpy as np

from .agent import Agent


class HumanAgent(Agent):
    name = "human"

    def __init__(self, role_name: str = "", input_fn=input, output_fn=print):
        self.role_name = role_name
        self.input = input_fn
        self.output = output_fn

    def act(self, observation, action_mask, state=None) -> int:
        legal = np.flatnonzero(action_mask).tolist()
        names = [state.action_to_string(a) if state is not None else f"action {a}" for a in legal]
        if state is not None:
            self.output(str(state))
        decision = state.decision() if state is not None else "move"
        self.output(f"\n{self.role_name}, {decision}:")
        for k, name in enumerate(names):
            self.output(f"  [{k}] {name}")
        while True:
            text = self.input("choice (number or name)> ").strip()
            choice = self._parse(text, names)
            if choice is not None:
                return legal[choice]
            self.output(f"  '{text}' is not one of the choices; type a number 0-{len(names) - 1} "
                        "or a unique start of a name")

    @staticmethod
    def _parse(text: str, names: list[str]):
        if text.isdigit():
            k = int(text)
            return k if 0 <= k < len(names) else None
        if not text:
            return None
        exact = [k for k, n in enumerate(names) if n.lower() == text.lower()]
        if len(exact) == 1:
            return exact[0]
        starts = [k for k, n in enumerate(names) if n.lower().startswith(text.lower())]
        return starts[0] if len(starts) == 1 else None
