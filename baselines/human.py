"""A person as an agent: shows the board from the person's own view and the legal actions
by name, reads a choice. Bad input re-asks and changes nothing."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .agent import Agent


class HumanAgent(Agent):
    name = "human"

    def __init__(self, role_name: str = "", input_fn: Callable[[str], str] = input,
                 output_fn: Callable[[str], None] = print, role_index: int | None = None) -> None:
        self.role_name = role_name
        self.role_index = role_index
        self.input = input_fn
        self.output = output_fn

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask).tolist()
        names = [state.action_to_string(a) if state is not None else f"action {a}" for a in legal]
        if state is not None:
            board = state.render_text(self.role_index) if self.role_index is not None else str(state)
            self.output(board)
        decision = state.decision() if state is not None else "move"
        self.output(f"\n{self.role_name}, {decision}:")
        for k, name in enumerate(names):
            self.output(f"  [{k}] {name}")
        while True:
            text = self.input("choice (number or name)> ").strip()
            choice = self.parse(text, names)
            if choice is not None:
                return int(legal[choice])
            shown = text if len(text) <= 40 else text[:37] + "..."
            self.output(f"  '{shown}' is not one of the choices; type a number 0-{len(names) - 1} "
                        "or a unique start of a name")

    @staticmethod
    def parse(text: str, names: list[str]) -> int | None:
        """The index of the choice `text` names: ASCII digits (a number shown in brackets),
        or a name, exact or a unique start of one, case aside. Anything else is None."""
        if not text:
            return None
        if text.isascii() and text.isdigit():
            if len(text) > 9:  # no game offers a billion choices (and int() stops at 4,300 digits)
                return None
            k = int(text)
            return k if 0 <= k < len(names) else None
        exact = [k for k, n in enumerate(names) if n.lower() == text.lower()]
        if len(exact) == 1:
            return exact[0]
        starts = [k for k, n in enumerate(names) if n.lower().startswith(text.lower())]
        return starts[0] if len(starts) == 1 else None
