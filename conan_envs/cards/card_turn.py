"""1. Card Turn (rulebook, "1. Card Turn", "How and When to Play Cards", "Limitations on
Challenge Cards", "Movement"): a mandatory first round, then open rounds until someone passes;
Adventure cards face up in front of their player (+1 DP), Challenge cards face down on others'
Adventures with room (+1 DP), and the Special cards whose stated timing is the Card Turn
(designed, docs/rulings/cards.md): Secret Passage (the Hero moves, even off a card holding
Challenges: "except through the effects of Special cards") and Seer's Vision (look at one
face-down Challenge). Resolution cards wait for the Hero Turn; Magic items never reach a hand
(they form their own deck). The decision: `card_play`."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar

from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Mask, Table
from .frames import Decide, each_player
from .hidden import visible
from .records import Phase
from .setup import log_placed, put_challenge

NADV = C.NUM_ADVENTURES
ADVENTURES = C.ADVENTURES
SLOTS = C.MAX_DIFFICULTY
CH0, AD0, RS0 = C.CH0, C.AD0, C.RS0
DIFFICULTY = C.DIFFICULTY
PASSAGE, VISION = C.SECRET_PASSAGE, C.SEERS_VISION


def challenge_targets(s: Table, p: int) -> list[int]:
    """Difficulty greater than the Challenges on it; not one's own; not where one's Hero is."""
    pos = s.pos[p]
    st, own, stack = s.adv_state, s.adv_owner, s.piles
    return [a for a in compress(ADVENTURES, st) if st[a] == 1 and own[a] != p and a != pos
            and len(stack[a]) < DIFFICULTY[a]]


def passage_targets(s: Table, p: int) -> list[int]:
    """Secret Passage: any other Adventure in play without a Challenge of one's own (the one
    movement restriction a Special card does not lift)."""
    pos = s.pos[p]
    placer, stack, st = s.ch_placer, s.piles, s.adv_state
    gone = s.expelled_from[p] if s.must_enter[p] else -1  # "enter another Adventure card"
    return [a for a in compress(ADVENTURES, st) if st[a] == 1 and a != pos and a != gone
            and not any(placer[c] == p for c in stack[a])]


def vision_targets(s: Table, p: int) -> list[tuple[int, int]]:
    """Seer's Vision: (adventure, slot) of each face-down Challenge the player does not know."""
    out: list[tuple[int, int]] = []
    st, stack, up = s.adv_state, s.piles, s.ch_up
    for a in compress(ADVENTURES, st):
        if st[a] == 1:
            for k, c in enumerate(stack[a]):
                if not up[c] and not visible(s, p, a, c):
                    out.append((a, k))
    return out


def has_play(s: Table, p: int) -> bool:
    targets = None
    for card in s.hand[p]:
        if AD0 <= card < RS0:
            return True
        if CH0 <= card < AD0:
            if targets is None:
                targets = challenge_targets(s, p)
            if targets:
                return True
        elif card in PASSAGE:
            if passage_targets(s, p):
                return True
        elif card in VISION:
            if vision_targets(s, p):
                return True
    return False


def advance(s: Table) -> None:
    """Next player in turn order; after the first round any pass (or having nothing to play)
    ends the Card Turn."""
    order = s.order
    while s.winner < 0:
        s.idx += 1
        if s.idx >= len(order):
            s.first_round = False
            s.idx = 0
        p = order[s.idx]
        if not s.alive[p]:
            continue
        if has_play(s, p):
            s.ask(CARD_PLAY[p])
            return
        if not s.first_round:
            s.end_phase()
            return


@serializable
@dataclass(frozen=True, slots=True)
class CardPlay(Decide):
    """Play an Adventure, a Challenge or a Special card, or pass."""

    kind: ClassVar[str] = "card_play"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"card"})

    def mask(self, state: Table, mask: Mask) -> None:
        s, p, m = state, self.actor, mask
        o = s.game.o
        op, opl = o["play"], o["place"]
        targets = None
        passage = vision = False
        for card in s.hand[p]:
            if AD0 <= card < RS0:
                m[op + card] = True
            elif CH0 <= card < AD0:
                if targets is None:
                    targets = challenge_targets(s, p)
                base = opl + (card - CH0) * NADV
                for a in targets:
                    m[base + a] = True
            elif card in PASSAGE:
                passage = True
            elif card in VISION:
                vision = True
        if passage:
            oa = o["passage"]
            for a in passage_targets(s, p):
                m[oa + a] = True
        if vision:
            ov = o["vision"]
            for a, k in vision_targets(s, p):
                m[ov + a * SLOTS + k] = True
        m[0] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        who = s.game.roles[p]
        if seg == "pass":
            s.log_event(f"{who} passes" + ("" if s.first_round else ", ending the Card Turn"))
            if s.first_round:
                advance(s)
            else:
                s.end_phase()
            return
        if seg == "play":  # an Adventure card, face up in front of its player
            s.hand[p].remove(i)
            a = i - C.AD0
            s.adv_state[a] = 1
            s.adv_owner[a] = p
            s.dp[p] += 1
            s.log_event(f"{who} plays the Adventure {C.WORDS[i]} (+1 DP)")
        elif seg == "place":  # a Challenge card face down on an Adventure
            c, a = divmod(i, NADV)
            s.hand[p].remove(C.CH0 + c)
            put_challenge(s, p, c, a)
            s.dp[p] += 1
            log_placed(s, p, c, a)
        elif seg == "passage":  # Secret Passage: the Hero leaves its card and enters card i
            _discard_one(s, p, PASSAGE)
            table.leave_adventure(s, p)
            s.pos[p] = i
            s.must_enter[p] = False
            s.expelled_from[p] = -1
            s.log_event(f"{who} plays Secret Passage: their Hero moves to {C.NAME[C.AD0 + i]}")
        else:  # "vision": Seer's Vision, the player alone looks at that face-down Challenge
            _discard_one(s, p, VISION)
            a, k = divmod(i, SLOTS)
            c = s.piles[a][k]
            s.ch_known[c] |= 1 << p
            s.log_event(f"{who} plays Seer's Vision on Challenge {k + 1} of {C.NAME[C.AD0 + a]}")
            s.log_event(f"You see {C.WORDS[C.CH0 + c]}", to=p)
        advance(s)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return ("Card Turn: play an Adventure, a Challenge or a Special card, or pass"
                + (" (the Card Turn's mandatory first round of plays: a pass does not end it)."
                   if state.first_round else
                   " (the Card Turn's first round of plays is over: a pass ends it)."))


CARD_PLAY = each_player(CardPlay)


def _discard_one(s: Table, p: int, kind: frozenset[int]) -> None:
    hand = s.hand[p]
    for card in hand:
        if card in kind:
            hand.remove(card)
            s.discard.append(card)
            return


