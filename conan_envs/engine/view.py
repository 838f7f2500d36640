"""What one role sees: the pending decision as one record every game fills the same way,
and the per-role event log (DESIGN: "one view per role").

A view is plain JSON (``json.dumps`` with no custom encoder). Its keys common to every game:
``env_id``, ``role``, ``decision`` (a :class:`Decision` as a dict) and ``log`` (the recent
events this role saw, oldest first); the rest is the game's own board, documented in its
env card.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# Events kept in a state (older ones are dropped in blocks, so appending stays O(1)), and
# events shown in one role's view.
LOG_KEEP = 256
LOG_VIEW = 60
EVERYONE = -1  # audience of a public event; otherwise a bit mask of role indices


@dataclass(frozen=True)
class Decision:
    """The pending decision. ``kind``: a stable machine name ("divination_reroll");
    ``actor``: the role name to act (None once the game is over); ``prompt``: one sentence in
    the game's words ("Reroll the Wizard's roll of 14 (Insanity)?"); ``context``: what is
    being resolved (the effect, the roll, the attacker and power, the card faced, the bets),
    as plain JSON, holding only what the viewing role may know."""

    kind: str
    actor: str | None
    prompt: str
    context: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "prompt": self.prompt,
                "context": self.context}


def audience(roles: int | Iterable[int] | None) -> int:
    """The audience code of an event: EVERYONE for None, else the bit mask of `roles`
    (one index or an iterable of indices)."""
    if roles is None:
        return EVERYONE
    if isinstance(roles, int):
        return 1 << roles
    mask = 0
    for r in roles:
        mask |= 1 << r
    return mask


def sees(code: int, role: int) -> bool:
    return code == EVERYONE or bool(code >> role & 1)
