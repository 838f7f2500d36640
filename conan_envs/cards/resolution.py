"""The Resolution of a wager or Duel and its result (rulebook, "Resolution", "Duel: Several
Heroes on the Same Adventure Card", "Forgetting Old Dangers"), with the Hero abilities that
turn a result once revealed (Barbarian's Rage, Amazon's Fury) and the Alliance split of what
the wager moved ("Alliances"): cards played face down in turn, the reveal, the payment. The
decisions asked are the frames below (frames.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Mask, Table
from .frames import HERO_TURN, InWager, Need, UseOrDecline, each_player, fail, wager_of
from .records import FaceDownCard, Phase, Wager
from .shares import WAGER_END, finish_wager, share_gain, share_loss

ANY = C.ANY
FURY_BONUS = 2  # designed: the Amazon's Fury adds 2 to the attribute used


# ---- Resolution cards and bluffs, face down in alternation ---------------------------------------
def next_card(s: Table) -> None:
    """Turns go round the participants (Hero, its ally in an Alliance, the opponent) until all
    pass in a row; a player with no cards passes without being asked."""
    w = s.w
    assert w is not None  # during a wager (inline: the hot path)
    parts = w.parts
    k = len(parts)
    while w.passes < k:
        p = parts[w.turn % k]
        if s.hand[p]:
            s.ask(RESOLUTION[p])
            return
        w.passes += 1
        w.turn += 1
    if w.cards:
        s.log_event("The face-down cards are revealed: " + "; ".join(
            f"{s.game.roles[e.player]}'s {C.WORDS[e.card]}"
            + (f" on {s.game.roles[w.hero if e.on == 0 else w.opp]}" if w.kind == "duel" else "")
            for e in w.cards))
    after_reveal(s)


@serializable
@dataclass(frozen=True, slots=True)
class Resolution(InWager):
    """Play a card face down (any card may be a bluff; in a Duel, on either Hero), or pass
    ("Resolution")."""

    kind: ClassVar[str] = "resolution"
    PASS: ClassVar[str] = "pass (no more cards)"

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o
        canon = C.CANON
        hand = state.hand[self.actor]
        w = state.w
        assert w is not None  # during a wager (inline: the hot path)
        if w.kind == "duel":
            op = o["play_on"]
            for card in hand:
                k = op + 2 * canon[card]
                mask[k] = True
                mask[k + 1] = True
        else:
            op = o["play"]
            for card in hand:
                mask[op + canon[card]] = True
        mask[0] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        w = s.w
        assert w is not None  # during a wager (inline: the hot path)
        if seg == "pass":
            w.passes += 1
            s.log_event(f"{s.game.roles[p]} passes (plays no more cards for now)")
        else:
            card, target = divmod(i, 2) if seg == "play_on" else (i, 0)
            card = table.take_face(s.hand[p], card)
            w.cards.append(FaceDownCard(p, card, target))
            w.passes = 0
            on = ""
            if w.kind == "duel":
                on = f" on {s.game.roles[w.hero if target == 0 else w.opp]}'s Hero"
            s.log_event(f"{s.game.roles[p]} plays a card face down{on}")
            s.log_event(f"You play {C.WORDS[card]} face down{on}", to=p)
        w.turn += 1
        next_card(s)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        w = wager_of(state)
        ctx["attribute"] = C.ATTRS[w.attr]
        if w.kind == "duel":
            return (f"Resolution ({C.ATTRS[w.attr]}): play a card face down on either Hero, "
                    "or pass; when all pass in a row the cards are revealed.")
        return (f"Resolution ({C.ATTRS[w.attr]} against "
                f"{C.CH_VALUE[w.chal][w.attr]}): play a card face down (any card may be a "
                "bluff), or pass; when all pass in a row the cards are revealed.")


RESOLUTION = each_player(Resolution)


# ---- Success or failure --------------------------------------------------------------------------
def side_total(s: Table, side: int, seen_by: int = -1) -> int:
    """The attribute used by one side after Resolution cards and Magic items (and Rage, Fury):
    all the face-down cards counted, or (`seen_by` a player) only those that player played."""
    w = s.w
    assert w is not None  # asked only during a wager
    p = w.hero if side == 0 else w.opp
    att = w.attr
    if w.rage[side]:
        att = 0
        base = C.HERO_ATTR[s.hero[p]][0]
    elif w.kind == "duel" or w.src == 0:
        base = C.HERO_ATTR[s.hero[p]][att]
    elif w.src == 1:
        base = C.CH_VALUE[s.ally[p]][att]
    else:
        base = C.HERO_ATTR[s.hero[s.partner[p]]][att]
    total = base
    for e in w.cards:
        if e.on == side and (seen_by < 0 or e.player == seen_by):
            card = e.card
            ra = C.RES_ATTR[card]
            if ra == att or ra == ANY:
                total += C.RES_MOD[card]
    for it in s.items[p]:
        total += C.ITEM_BONUS[it - C.MG0][att]
    if w.fury[side]:
        total += FURY_BONUS
    return total


def margin_seen_by(s: Table, p: int) -> int:
    """The Hero side's margin (its total less the Challenge's value, or less the challenged
    Hero's total) counting only the face-down cards player p played: what p knows of it."""
    w = s.w
    assert w is not None  # asked only during a wager
    if w.kind == "duel":
        return side_total(s, 0, p) - side_total(s, 1, p)
    return side_total(s, 0, p) - C.CH_VALUE[w.chal][w.attr]


def success(s: Table) -> bool:
    """Strictly greater than the challenge value (or, in a duel, than the challenged Hero)."""
    w = s.w
    assert w is not None  # during a wager
    if w.kind == "duel":
        return side_total(s, 0) > side_total(s, 1)
    return side_total(s, 0) > C.CH_VALUE[w.chal][w.attr]


def after_reveal(s: Table) -> None:
    """All face-down cards are turned up. A losing side whose Hero still holds Rage or Fury
    is asked whether to use it (only where it would turn the result)."""
    w = wager_of(s)
    while True:
        ok = success(s)
        side = 1 if ok else 0
        if w.kind == "challenge" and ok:
            break
        p = w.hero if side == 0 else w.opp
        h = s.hero[p]
        asked: type[RageOrFury] | None = None
        if not s.used[p]:
            for ability, hero in RAGE_FURY:
                used = ability.flags(w)
                if h == hero and [ability.kind, side] not in w.declined and not used[side]:
                    used[side] = True
                    turns = success(s) != ok
                    used[side] = False
                    if turns:
                        asked = ability
                        break
        if asked is None:
            break
        s.ask(asked(p, side))
        return
    conclude(s, ok, withdrawn=False)


@dataclass(frozen=True, slots=True)
class RageOrFury(UseOrDecline):
    """The losing side's Hero may turn the revealed result once per game: the Barbarian's
    Rage, the Amazon's Fury."""

    side: int  # the Side whose Hero is asked
    PHASES: ClassVar[frozenset[Phase]] = HERO_TURN
    NEEDS: ClassVar[Need] = "wager"
    WHAT: ClassVar[str] = ""  # the ability in the prompt's words

    @staticmethod
    def flags(w: Wager) -> list[bool]:
        """Where the wager records this ability used, by Side."""
        raise TypeError("Rage or Fury: a subclass says which")

    def use(self, state: Table, yes: bool) -> None:
        s, p, side = state, self.actor, self.side
        w = wager_of(s)
        name = self.kind.capitalize()
        if yes:
            s.used[p] = True
            self.flags(w)[side] = True
            s.log_event(f"{s.game.roles[p]} uses {name}")
        else:
            w.declined.append([self.kind, side])
            s.log_event(f"{s.game.roles[p]} does not use {name}")
        after_reveal(s)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        w = wager_of(state)
        ctx["hero_total"] = side_total(state, 0)
        ctx["against"] = side_total(state, 1) if w.kind == "duel" else C.CH_VALUE[w.chal][w.attr]
        return (f"You are losing, {ctx['hero_total']} against {ctx['against']}: use "
                f"{self.WHAT}, once per game?")

    def check(self, state: Table, below: Frame[Any] | None) -> None:
        UseOrDecline.check(self, state, below)
        if type(self.side) is not int or self.side not in (0, 1):
            fail("stack", f"side {self.side!r} of a wager")


@serializable
@dataclass(frozen=True, slots=True)
class Rage(RageOrFury):
    """The Barbarian's Rage: the side uses his Strength."""

    kind: ClassVar[str] = "rage"
    USE: ClassVar[str] = "use Rage: the Barbarian's Strength"
    DECLINE: ClassVar[str] = "decline Rage"
    WHAT: ClassVar[str] = "Rage (use your Strength)"

    @staticmethod
    def flags(w: Wager) -> list[bool]:
        return w.rage


@serializable
@dataclass(frozen=True, slots=True)
class Fury(RageOrFury):
    """The Amazon's Fury: +2 to the attribute used."""

    kind: ClassVar[str] = "fury"
    USE: ClassVar[str] = "use Fury: +2"
    DECLINE: ClassVar[str] = "decline Fury"
    WHAT: ClassVar[str] = "Fury (+2)"

    @staticmethod
    def flags(w: Wager) -> list[bool]:
        return w.fury


# the abilities that may turn a Resolution's result, and the Hero who holds each
RAGE_FURY: tuple[tuple[type[RageOrFury], int], ...] = ((Rage, C.BARBARIAN), (Fury, C.AMAZON))


def conclude(s: Table, ok: bool, withdrawn: bool) -> None:
    """The pot goes to the winner; an overcome Challenge is discarded, a failed one stays face
    up (face down under Forgetting Old Dangers); a Duel's loser is expelled and loses its Magic
    items to the winner. Resolution cards and bluffs are discarded."""
    w = s.w
    assert w is not None  # during a wager
    h, o = w.hero, w.opp
    win, lose = (h, o) if ok else (o, h)
    paid = table.pay(s, lose, win, w.bets[1 if ok else 0])
    log_outcome(s, ok, withdrawn, win, lose, paid)
    for e in w.cards:
        s.discard.append(e.card)
    w.cards = []
    if w.kind == "duel":
        table.leave_adventure(s, lose)
        s.must_enter[lose] = True
        s.expelled_from[lose] = w.adv
        s.items[win].extend(s.items[lose])
        s.items[lose] = []
        finish_wager(s)
        return
    c = w.chal
    if s.game.forget and not ok:
        s.ch_up[c] = False
        s.ch_known[c] = 1 << o
    if ok:
        table.discard_challenge(s, w.adv, c)
        share_gain(s, h, paid, WAGER_END)
    else:
        share_loss(s, h, paid, WAGER_END)


def log_outcome(s: Table, ok: bool, withdrawn: bool, win: int, lose: int, paid: int) -> None:
    """Narrate the end of a wager: the totals compared, who won, the DP paid."""
    w = s.w
    assert w is not None  # during a wager
    roles = s.game.roles
    if w.kind == "duel":
        what = "the Duel"
    else:
        what = C.NAME[C.CH0 + w.chal]
    if withdrawn:
        how = f"{roles[lose]} withdrew"
    else:
        att = C.ATTRS[0 if w.rage[0] else w.attr]
        hero_total = side_total(s, 0)
        if w.kind == "duel":
            other = f"{roles[w.opp]}'s {C.ATTRS[0 if w.rage[1] else w.attr]} {side_total(s, 1)}"
        else:
            other = f"its {C.ATTRS[w.attr]} {C.CH_VALUE[w.chal][w.attr]}"
        how = f"{roles[w.hero]}'s {att} {hero_total} against {other}"
    verdict = "overcome" if w.kind == "challenge" and ok else (
        "failed" if w.kind == "challenge" else f"won by {roles[win]}")
    s.log_event(f"{what} is {verdict} ({how}): {roles[lose]} pays {roles[win]} {paid} DP")
    if w.kind == "duel":
        s.log_event(f"{roles[lose]}'s Hero is expelled from {C.NAME[C.AD0 + w.adv]}"
                    + (f" and {roles[win]} takes their Magic items" if s.items[lose] else ""))
