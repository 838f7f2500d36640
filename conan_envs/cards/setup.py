"""Setup Phase (rulebook, "Setup Phase", steps 1-6): Heroes dealt at random with an agreed
swap, starting Adventures deciding turn order (re-draw on ties), each player's first Challenge
placed face down, the Magic item deck, seven cards each, Heroes placed; the decisions of the
Setup are the frames below (frames.py)."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar

from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Mask, Table
from .frames import Decide, Need, each_player, fail
from .records import Phase, new_offer

NADV = C.NUM_ADVENTURES


def deal_heroes(s: Table) -> None:
    """Step 1: one random Hero each; the rest are removed from the game. (Steps 4-5 done
    early, which changes nothing: the Magic items are set aside as their own deck and every
    other card waits, shuffled, in the draw deck, from which steps 2-3 take theirs.)"""
    heroes = s.rng.permutation(C.NUM_HEROES).tolist()
    for p in range(s.game.n):
        s.hero[p] = heroes[p]
        s.log_event(f"{s.game.roles[p]} is dealt the {C.WORDS[C.H0 + heroes[p]]}")
    s.magic_deck = [C.MG0 + i for i in s.rng.permutation(C.NUM_MAGIC).tolist()]
    s.deck = [C.CH0 + i for i in s.rng.permutation(C.MG0 - C.CH0).tolist()]


def _take_random(s: Table, lo: int, hi: int) -> int:
    """A random card of one kind from the (shuffled) deck."""
    deck = s.deck
    for k in range(len(deck) - 1, -1, -1):
        if lo <= deck[k] < hi:
            return deck.pop(k)
    raise RuntimeError("no such card left in the deck")


# ---- step 1: a Hero swap when two players agree (one offer per player, in seat order) ------
def begin_swap(s: Table, p: int) -> bool:
    s.ask(SWAP_OFFER[p])
    return True


@serializable
@dataclass(frozen=True, slots=True)
class SwapOffer(Decide):
    """Offer another player to swap Heroes, or keep one's own."""

    kind: ClassVar[str] = "swap_offer"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"setup_swap"})
    PASS: ClassVar[str] = "keep your Hero"

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o["swap"]
        for q in range(state.game.n):
            if q != self.actor:
                mask[o + q] = True
        mask[0] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        if seg == "pass":
            s.log_event(f"{s.game.roles[p]} keeps their Hero (offers no swap)")
            s.hand_on()
            return
        s.log_event(f"{s.game.roles[p]} offers {s.game.roles[i]} to swap Heroes")
        s.offer = new_offer("swap", p, i)
        s.ask(SWAP_ANSWER[i])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "Setup: offer another player to swap Heroes, or keep yours?"


SWAP_OFFER = each_player(SwapOffer)


@serializable
@dataclass(frozen=True, slots=True)
class SwapAnswer(Decide):
    """Accept or reject the Hero swap offered."""

    kind: ClassVar[str] = "swap_answer"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"setup_swap"})
    NEEDS: ClassVar[Need] = "offer"
    PASS: ClassVar[str] = "reject"

    def mask(self, state: Table, mask: Mask) -> None:
        mask[0] = True
        mask[state.game.o["accept"]] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s = state
        off = s.offer
        assert off is not None  # the swap offered
        a, b = off.by, off.to
        s.log_event(f"{s.game.roles[b]} {'accepts' if seg == 'accept' else 'rejects'} the swap")
        if seg == "accept":
            s.hero[a], s.hero[b] = s.hero[b], s.hero[a]
        s.offer = None
        s.hand_on()

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        off = state.offer
        assert off is not None  # the swap offered
        return (f"{state.game.roles[off.by]} offers to swap their "
                f"{C.NAME[C.H0 + state.hero[off.by]]} for your "
                f"{C.NAME[C.H0 + state.hero[self.actor]]}: accept or reject?")


SWAP_ANSWER = each_player(SwapAnswer)


# ---- step 2: starting Adventures and turn order ----------------------------------------------
def draw_starting_adventures(s: Table) -> None:
    """Highest Difficulty goes first; tied players (only at the top) return their cards and
    re-draw until it is unique; play then proceeds clockwise (seat order) from the first."""
    n = s.game.n
    start = [_take_random(s, C.AD0, C.RS0) - C.AD0 for _ in range(n)]
    while True:
        top = max(C.DIFFICULTY[a] for a in start)
        tied = [p for p in range(n) if C.DIFFICULTY[start[p]] == top]
        if len(tied) == 1:
            break
        s.deck.extend(C.AD0 + start[p] for p in tied)
        s.deck = [s.deck[i] for i in s.rng.permutation(len(s.deck)).tolist()]
        for p in tied:
            start[p] = _take_random(s, C.AD0, C.RS0) - C.AD0
    first = tied[0]
    s.order = [(first + k) % n for k in range(n)]
    for p in range(n):
        a = start[p]
        s.adv_owner[a] = p
        s.adv_state[a] = 1  # no DP for a starting Adventure
        s.log_event(f"{s.game.roles[p]} draws the starting Adventure {C.WORDS[C.AD0 + a]}")
    s.log_event(f"Turn order: {', '.join(s.game.roles[p] for p in s.order)}")


# ---- step 3: each player's first Challenge, face down on another's Adventure ----------------
def setup_targets(s: Table, p: int) -> list[int]:
    st = s.adv_state
    return [a for a in compress(C.ADVENTURES, st) if st[a] == 1 and s.adv_owner[a] != p
            and len(s.piles[a]) < C.DIFFICULTY[a]]


def begin_challenge(s: Table, p: int) -> bool:
    if not setup_targets(s, p):
        return False  # nowhere to place one: this player places no starting Challenge
    card = _take_random(s, C.CH0, C.AD0)
    s.hand[p].append(card)
    s.log_event(f"You draw your first Challenge, {C.WORDS[card]}", to=p)
    s.ask(SETUP_CHALLENGE[p])
    return True


@serializable
@dataclass(frozen=True, slots=True)
class SetupChallenge(Decide):
    """Place one's first Challenge (the only card in hand) face down on another player's
    Adventure."""

    kind: ClassVar[str] = "setup_challenge"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"setup_challenge"})

    def mask(self, state: Table, mask: Mask) -> None:
        p = self.actor
        c = state.hand[p][0] - C.CH0
        o = state.game.o["place"] + c * NADV
        for a in setup_targets(state, p):
            mask[o + a] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        c, a = divmod(i, NADV)
        p = self.actor
        state.hand[p].remove(C.CH0 + c)
        put_challenge(state, p, c, a)
        log_placed(state, p, c, a)
        state.hand_on()

    def prompt(self, state: Table, role: int) -> tuple[str, dict[str, Any]]:
        p = self.actor
        if role != p:  # the drawn Challenge is the actor's secret
            return f"Setup: {state.game.roles[p]} places their first Challenge face down.", {}
        return (f"Setup: place your first Challenge, {C.WORDS[state.hand[p][0]]}, face down on "
                "another player's Adventure."), {}

    def check(self, state: Table, below: Frame[Any] | None) -> None:
        Decide.check(self, state, below)
        hand = state.hand[self.actor]
        if state.winner == -1 and (len(hand) != 1 or not C.is_challenge(hand[0])):
            fail("hand", "the first Challenge must be the placing player's only card")


SETUP_CHALLENGE = each_player(SetupChallenge)


def log_placed(s: Table, p: int, c: int, a: int) -> None:
    s.log_event(f"{s.game.roles[p]} places a Challenge face down on {C.NAME[C.AD0 + a]}")
    s.log_event(f"You placed {C.WORDS[C.CH0 + c]} on {C.NAME[C.AD0 + a]}", to=p)


def put_challenge(s: Table, p: int, c: int, a: int) -> None:
    """Face down on top of the pile, pointing at its placer, who alone knows it."""
    s.piles[a].append(c)
    s.ch_placer[c] = p
    s.ch_up[c] = False
    s.ch_known[c] = 1 << p


# ---- steps 4-5: the Magic item deck, the draw deck, seven cards each ------------------------
def form_decks(s: Table) -> None:
    s.deck = [s.deck[i] for i in s.rng.permutation(len(s.deck)).tolist()]
    for p in s.order:
        table.draw(s, p, 7)


# ---- step 6: Heroes placed in turn order -----------------------------------------------------
def hero_targets(s: Table, p: int) -> list[int]:
    st = s.adv_state
    return [a for a in compress(C.ADVENTURES, st) if st[a] == 1
            and not any(s.ch_placer[c] == p for c in s.piles[a])]


def begin_hero(s: Table, p: int) -> bool:
    if not hero_targets(s, p):
        return False
    s.ask(SETUP_HERO[p])
    return True


@serializable
@dataclass(frozen=True, slots=True)
class SetupHero(Decide):
    """Place one's Hero on an Adventure card."""

    kind: ClassVar[str] = "setup_hero"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"setup_hero"})

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o["adventure"]
        for a in hero_targets(state, self.actor):
            mask[o + a] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        state.pos[self.actor] = i
        state.log_event(f"{state.game.roles[self.actor]} places their Hero on "
                        f"{C.NAME[C.AD0 + i]}")
        state.hand_on()

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "Setup: place your Hero on an Adventure card."


SETUP_HERO = each_player(SetupHero)
