"""A game written down as the chosen roles saw it, in Markdown (``conan-play --transcript``).

The file opens with the exact command that wrote it; replaying that command writes the same
bytes (``tests/test_transcripts.py`` checks every ``docs/transcripts/*.md``). For each
decision of a recorded role: the text board from that role's view (``render_text``), the
events it saw since its previous decision, the legal actions by name, and the choice.
"""
from __future__ import annotations

import shlex
from typing import Any

import numpy as np

from conan_envs.engine.view import sees

from ..agent import Agent

COMMAND_PREFIX = "Command: `"


def command_line(argv: list[str]) -> str:
    return "conan-play " + shlex.join(argv)


def read_command(text: str) -> list[str]:
    """The argv recorded in a transcript's header (without the leading ``conan-play``)."""
    for line in text.splitlines()[:12]:
        if line.startswith(COMMAND_PREFIX) and line.endswith("`"):
            words = shlex.split(line[len(COMMAND_PREFIX):-1])
            if words and words[0] == "conan-play":
                return words[1:]
    raise ValueError("no 'Command: `conan-play ...`' line in the transcript's header")


class Transcript:
    """Collects the Markdown of one game; ``RecordingAgent`` feeds it."""

    def __init__(self, game: Any, argv: list[str], seed: int, specs: list[str],
                 roles: list[int]) -> None:
        self.game = game
        self.roles = roles
        self.seen_seq = {r: -1 for r in roles}  # the last log event each role was shown
        self.moves = 0
        names = ", ".join(game.roles[r] for r in roles)
        self.lines = [
            f"# {game.env_id}: a game as {names} saw it",
            "",
            f"{COMMAND_PREFIX}{command_line(argv)}`",
            "",
            "| | |",
            "|---|---|",
            f"| env id | `{game.env_id}` |",
            f"| config | `{_config_text(game.config)}` |",
            f"| seed | {seed} |",
        ]
        self.lines += [f"| {role} | `{spec}` |" for role, spec in zip(game.roles, specs)]
        self.lines.append("")

    def decision(self, state: Any, role: int, mask: np.ndarray) -> list[str] | None:
        """The page of one decision up to the choice (None for a role not recorded); the
        board is taken before the agent acts."""
        self.moves += 1
        if role not in self.seen_seq:
            return None
        name = self.game.roles[role]
        board = state.render_text(role)
        events = self._new_events(state, role)
        legal = np.flatnonzero(mask).tolist()
        page = [f"## Decision {self.moves}: {name}", "", "```text", board.rstrip("\n"), "```", ""]
        if events:
            page += [f"Events {name} saw since its last decision:", ""]
            page += [f"- {e}" for e in events] + [""]
        page += [f"Legal actions ({len(legal)}):", ""]
        page += [f"- `{a}` {state.action_to_string(a)}" for a in legal] + [""]
        return page

    def choice(self, page: list[str] | None, state: Any, action: int) -> None:
        if page is not None:
            self.lines += page + [f"Choice: **{state.action_to_string(action)}** (`{action}`)", ""]

    def _new_events(self, state: Any, role: int) -> list[str]:
        last = self.seen_seq[role]
        new = [(seq, text) for seq, code, text in state.log if seq > last and sees(code, role)]
        if new:
            self.seen_seq[role] = new[-1][0]
        return [text for _, text in new]

    def finish(self, state: Any, steps: int, stopped_early: bool) -> str:
        if stopped_early:
            ending = f"Stopped after {steps} actions (--max-steps)."
        elif state.is_truncated():
            ending = f"Stopped at the turn cap after {steps} actions."
        else:
            ending = f"Game over after {steps} actions."
        returns = ", ".join(f"{r} {v:+g}" for r, v in zip(self.game.roles, state.returns()))
        self.lines += ["## End", "", f"{ending} Returns: {returns}.", ""]
        for r in self.roles:
            self.lines += [f"Final board as {self.game.roles[r]} saw it:", "", "```text",
                           state.render_text(r).rstrip("\n"), "```", ""]
        return "\n".join(self.lines)


class RecordingAgent(Agent):
    """Plays like `inner` and writes each of its decisions into `transcript`."""

    def __init__(self, inner: Agent, role: int, transcript: Transcript) -> None:
        self.inner = inner
        self.role = role
        self.transcript = transcript
        self.name = inner.name

    def reset(self) -> None:
        self.inner.reset()

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        page = self.transcript.decision(state, self.role, action_mask)
        action = self.inner.act(observation, action_mask, state)
        self.transcript.choice(page, state, action)
        return action


def _config_text(config: dict[str, Any]) -> str:
    return ",".join(f"{k}={_value_text(v)}" for k, v in config.items())


def _value_text(v: Any) -> str:
    if isinstance(v, (tuple, list)):
        return "[" + " ".join(str(x) for x in v) + "]"
    return str(v)
