"""The observation's layout for n players (docs/architecture.md, "One view per role"): each
block's name, size and meaning, and every offset as plain ints (`Layout`, built once per game
and kept on it, for the encoder's hot path in encode.py)."""
from __future__ import annotations

import functools
from typing import Any

import numpy as np

from . import content as C
from .records import DECISION_NAMES, PHASES, PROMPT_NAMES, TERMS

NADV, NCH, NC = C.NUM_ADVENTURES, C.NUM_CHALLENGES, C.NUM_CARDS
SLOTS = C.MAX_DIFFICULTY
HF = C.HAND_FACES
GOODS_SIZE = 2 + HF + C.NUM_MAGIC  # DP, random cards, named cards by face, named items
NF = C.NUM_FACES
FACE = C.FACE
P_BASE = 108  # one player's block is P_BASE + 2n long (offsets in `encode.observe`)


@functools.cache
def layout(n: int) -> dict[str, Any]:
    """Each block's offset by name ("size": the total), and the decision, ability and phase
    indices within their blocks."""
    off: dict[str, Any] = {}
    k = 0
    for name, size, _ in blocks(n):
        off[name] = k
        k += size
    off["size"] = k
    off["decisions"] = {d: i for i, d in enumerate(DECISION_NAMES)}
    off["prompts"] = {d: len(DECISION_NAMES) + i for i, d in enumerate(PROMPT_NAMES)}
    off["phases"] = {d: i for i, d in enumerate(PHASES)}
    return off


def blocks(n: int) -> list[tuple[str, int, str]]:
    """(name, size, what) of each observation block, in order, for n players."""
    return [
        ("players", n * (P_BASE + 2 * n), "per player (observer first): DP, hand, Hero, place, "
         "Ally, Alliance, items, Loot owed"),
        ("hand", NF, "own hand, count of each card face"),
        ("facedown", 2 * NF, "own face-down cards in the Resolution, by face and Hero"),
        ("revealed", 2 * NF, "the Resolution's cards once revealed (Rage/Fury asked)"),
        ("discard", NF, "discard pile, count of each face"),
        ("adventures", NADV * (5 + n + SLOTS * (35 + n)), "per Adventure: state, owner, pile; "
         "per Challenge: placer, known identity"),
        ("decks", 2, "draw deck and Magic item deck sizes"),
        ("phase", len(PHASES), "Game Phase"),
        ("decision", len(DECISION_NAMES) + len(PROMPT_NAMES), "decision kind or ability asked"),
        ("actor", n, "player to act, relative"),
        ("wager", 2 + 2 * n + NCH + 3 + 6 + 4 + 4, "wager or Duel: sides, Challenge, stakes, "
         "attribute, Rage/Fury, cards"),
        ("offer", 5 + 2 * n + 2 * GOODS_SIZE + len(TERMS), "offer: kind, sides, counter, goods "
         "each way, Alliance terms"),
        ("misc", 4, "first Card Turn round, round, tie at the target, share owed"),
        ("alliance_terms", 4 * n + C.NUM_MAGIC, "per player (observer first): wager losses "
         "shared, who takes the Loot's Magic items (the completer, the player, its partner); "
         "Magic items of a share owed"),
    ]


def observation_blocks(game: Any, role: int = 0) -> list[tuple[str, int]]:
    """Named blocks (name, size) whose sizes sum to the observation size."""
    return [(name, size) for name, size, _ in blocks(game.n)]


def obs_size(n: int) -> int:
    size: int = layout(n)["size"]
    return size


class Layout:
    """Every offset of the observation for n players, as plain ints."""

    def __init__(self, n: int) -> None:
        L = layout(n)
        self.n = n
        self.size = L["size"]
        self.P = P_BASE + 2 * n                # one player's block
        self.A = 5 + n + SLOTS * (35 + n)      # one Adventure's block
        self.S = 35 + n                        # one Challenge slot
        self.players, self.hand, self.facedown = L["players"], L["hand"], L["facedown"]
        self.discard, self.adventures, self.decks = L["discard"], L["adventures"], L["decks"]
        self.revealed = L["revealed"]
        # where each card id counts in the hand and discard blocks (copies share a face)
        self.hand_at = tuple(self.hand + FACE[c] for c in range(NC))
        self.discard_at = tuple(self.discard + FACE[c] for c in range(NC))
        self.wager, self.offer, self.misc = L["wager"], L["offer"], L["misc"]
        self.actor = L["actor"]
        self.terms = L["alliance_terms"]
        ph, dec = L["phase"], L["decision"]
        self.phase_at = {k: ph + i for k, i in L["phases"].items()}
        # the decision block's slot of each decision kind (a frame's kind), abilities included
        self.kind_at = {k: dec + i for part in ("decisions", "prompts")
                        for k, i in L[part].items()}
        # rel[r][p]: where player p is listed for observer r
        self.rel = tuple(tuple((p - r) % n for p in range(n)) for r in range(n))
        # pbase[r][p]: start of player p's block for observer r
        self.pbase = tuple(tuple(self.players + q * self.P for q in rr) for rr in self.rel)
        # start of each Adventure's block, and of each of its Challenge slots
        self.adv_at = tuple(self.adventures + a * self.A for a in range(NADV))
        self.slot_at = tuple(tuple(b + 5 + n + k * self.S for k in range(SLOTS)) for b in self.adv_at)
        template = np.zeros(self.size, dtype=np.float32)
        for b in self.adv_at:
            template[b] = 1.0  # adv_state 0: not in play
        for b in self.pbase[0]:
            template[b + 70 + n] = 1.0  # the share kept outside an Alliance: 6/6
        template.flags.writeable = False
        self.template = template


