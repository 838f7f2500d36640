"""Facing a Challenge and Duels (rulebook, "Facing a Challenge", "Wager", "Resolution",
"Antagonists and Allies", "Duel: Several Heroes on the Same Adventure Card"), with the Hero
abilities that act inside them (Barbarian's Rage, Mercenary's Brotherhood, Amazon's Fury),
and the Alliance split of wager gains ("Alliances"); the decisions asked in them are the frames
below (frames.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Mask, Table
from .frames import Decide, Need, UseOrDecline, each_player, fail
from .records import FaceDownCard, Phase, Wager, new_wager
from .shares import WAGER_END, finish_wager, share_gain, share_loss

ANY = C.ANY
FURY_BONUS = 2  # designed: the Amazon's Fury adds 2 to the attribute used
HERO_TURN: frozenset[Phase] = frozenset({"hero"})


def _w(s: Table) -> Wager:
    w = s.w
    assert w is not None  # a wager's decisions are asked only during one
    return w


@dataclass(frozen=True, slots=True)
class InWager(Decide):
    """A decision asked during a wager or Duel (the record `Table.w`)."""

    PHASES: ClassVar[frozenset[Phase]] = HERO_TURN
    NEEDS: ClassVar[Need] = "wager"


# ---- starting ----------------------------------------------------------------------------------
def face(s: Table, p: int, c: int) -> None:
    """The Challenge is turned face up; an antagonist may be recruited instead of fought."""
    a = s.pos[p]
    s.ch_up[c] = True
    s.ch_known[c] = table.everyone(s)
    s.log_event(f"{s.game.roles[p]} faces {C.WORDS[C.CH0 + c]}, placed by "
                f"{s.game.roles[s.ch_placer[c]]}")
    parts = [p] + ([s.partner[p]] if s.partner[p] >= 0 else []) + [s.ch_placer[c]]
    s.w = new_wager("challenge", p, s.ch_placer[c], c, a, parts)
    cost = C.ALLY_COST[c]
    if cost > 0 and (s.dp[p] > cost or (s.hero[p] == C.MERCENARY and not s.used[p])):
        s.ask(ANTAGONIST[p])
    else:
        s.ask(BET_OPEN[p])


def start_duel(s: Table, p: int, q: int) -> None:
    s.w = new_wager("duel", p, q, -1, s.pos[p], [p, q])
    s.ask(BET_OPEN[p])


@serializable
@dataclass(frozen=True, slots=True)
class Antagonist(InWager):
    """The Challenge faced is an antagonist: fight it, or recruit it as an Ally ("Antagonists
    and Allies")."""

    kind: ClassVar[str] = "antagonist"

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o
        mask[o["fight"]] = True
        mask[o["recruit"]] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        w = _w(s)
        if seg == "fight":
            s.log_event(f"{s.game.roles[p]} fights {C.NAME[C.CH0 + w.chal]}")
            s.ask(BET_OPEN[p])
            return
        cost = C.ALLY_COST[w.chal]
        if s.hero[p] == C.MERCENARY and not s.used[p]:
            if s.dp[p] > cost:
                s.ask(MERCENARY[p])
                return
            s.used[p] = True
            recruit(s, p, 0)
        else:
            recruit(s, p, cost)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        chal = _w(state).chal
        return (f"{C.NAME[C.CH0 + chal]} is an antagonist: fight it, or recruit it as your Ally "
                f"for {C.ALLY_COST[chal]} DP?")


ANTAGONIST = each_player(Antagonist)


@serializable
@dataclass(frozen=True, slots=True)
class Mercenary(UseOrDecline):
    """The Brotherhood of Mercenaries: once per game the ally costs nothing."""

    kind: ClassVar[str] = "mercenary"
    PHASES: ClassVar[frozenset[Phase]] = HERO_TURN
    NEEDS: ClassVar[Need] = "wager"
    USE: ClassVar[str] = "use the Brotherhood of Mercenaries: the Ally costs nothing"

    def use(self, state: Table, yes: bool) -> None:
        p = self.actor
        if yes:
            state.used[p] = True
            state.log_event(f"{state.game.roles[p]} uses the Brotherhood of Mercenaries")
        recruit(state, p, 0 if yes else C.ALLY_COST[_w(state).chal])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return (f"Use the Brotherhood of Mercenaries (the Ally costs nothing instead of "
                f"{C.ALLY_COST[_w(state).chal]} DP), once per game?")

    def pass_words(self, state: Table) -> str:
        return f"pay {C.ALLY_COST[_w(state).chal]} DP for the Ally"


MERCENARY = each_player(Mercenary)


def recruit(s: Table, p: int, cost: int) -> None:
    """The antagonist becomes the Hero's Ally for its DP cost (paid to the reserve)."""
    w = _w(s)
    c = w.chal
    paid = table.pay(s, p, -1, cost)
    s.log_event(f"{s.game.roles[p]} recruits {C.NAME[C.CH0 + c]} as their Ally for {paid} DP")
    s.piles[w.adv].remove(c)
    s.ch_placer[c] = -1
    if s.ally[p] >= 0:
        s.discard.append(C.CH0 + s.ally[p])
    s.ally[p] = c
    s.w = None
    table.check_defeat(s)
    s.hand_on()


# ---- Wager -------------------------------------------------------------------------------------
def _cap(s: Table, p: int, q: int) -> int:
    """Never more than the opponent has at that moment, nor than one holds oneself."""
    cap = s.game.max_bet  # (comparisons rather than min(), several times slower on ints)
    for x in (s.dp[p], s.dp[q]):
        if x < cap:
            cap = x
    return cap


def _other(w: Wager, p: int) -> int:
    return w.opp if p == w.hero else w.hero


@serializable
@dataclass(frozen=True, slots=True)
class BetOpen(InWager):
    """The Hero (or the Duel's challenger) opens the wager ("Wager")."""

    kind: ClassVar[str] = "bet_open"

    def mask(self, state: Table, mask: Mask) -> None:
        w = state.w
        assert w is not None  # during a wager (inline: the hot path)
        o = state.game.o["bet"]
        mask[o:o + _cap(state, w.hero, w.opp)] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        w = state.w
        assert w is not None  # during a wager (inline: the hot path)
        w.bets[0] = w.cur = i + 1
        state.log_event(f"{state.game.roles[self.actor]} wagers {i + 1} DP")
        state.ask(BET_REPLY[w.opp])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "Open the wager: how many DP do you stake?"


BET_OPEN = each_player(BetOpen)


@serializable
@dataclass(frozen=True, slots=True)
class BetReply(InWager):
    """Match the wager, raise it, or withdraw ("Wager")."""

    kind: ClassVar[str] = "bet_reply"

    def mask(self, state: Table, mask: Mask) -> None:
        w = state.w
        assert w is not None  # during a wager (inline: the hot path)
        p = self.actor
        o = state.game.o
        mask[o["withdraw"]] = True
        mask[o["match"]] = True
        cap = _cap(state, p, _other(w, p))
        if cap > w.cur:
            mask[o["bet"] + w.cur:o["bet"] + cap] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        w = s.w
        assert w is not None  # during a wager (inline: the hot path)
        side = 0 if p == w.hero else 1
        who = s.game.roles[p]
        if seg == "withdraw":  # loses what it wagered, or the minimum (1 DP) before wagering
            lost = w.bets[side] or 1
            w.bets[side] = lost
            s.log_event(f"{who} withdraws")
            conclude(s, side == 1, withdrawn=True)
        elif seg == "match":
            w.bets[side] = w.cur
            s.log_event(f"{who} matches {w.cur} DP")
            if w.kind == "duel":  # the challenged player picks the attribute
                s.ask(DUEL_ATTRIBUTE[w.opp])
            else:
                s.ask(ATTRIBUTE[w.hero])
        else:
            w.bets[side] = w.cur = i + 1
            s.log_event(f"{who} raises to {i + 1} DP")
            s.ask(BET_REPLY[_other(w, p)])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        w = _w(state)
        side = 0 if self.actor == w.hero else 1
        lose = w.bets[side] or 1
        ctx["to_match"] = w.cur
        return (f"The wager stands at {w.cur} DP: match it, raise, or withdraw "
                f"(paying {lose} DP).")


BET_REPLY = each_player(BetReply)


# ---- the attribute -----------------------------------------------------------------------------
@serializable
@dataclass(frozen=True, slots=True)
class Attribute(InWager):
    """The Hero chooses the attribute and whose: its own, its recruited Ally's, its allied
    Hero's; three attributes each."""

    kind: ClassVar[str] = "attribute"

    def mask(self, state: Table, mask: Mask) -> None:
        p = self.actor
        o = state.game.o["attribute"]
        mask[o:o + 3] = True
        if state.ally[p] >= 0:
            mask[o + 3:o + 6] = True
        if state.partner[p] >= 0:
            mask[o + 6:o + 9] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        w = _w(state)
        w.src, w.attr = divmod(i, 3)
        state.log_event(f"{state.game.roles[self.actor]} uses the {C.ATTRS[w.attr]} of "
                        f"{source_words(state, self.actor, w.src)}")
        next_card(state)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return (f"Choose the attribute, and whose, to face "
                f"{C.WORDS[C.CH0 + _w(state).chal]} with.")


ATTRIBUTE = each_player(Attribute)


def source_words(s: Table, p: int, src: int) -> str:
    """Whose attribute a Challenge is faced with: the Hero, its Ally, the allied Hero."""
    if src == 0:
        return f"{s.game.roles[p]}'s {C.NAME[C.H0 + s.hero[p]]}"
    if src == 1:
        return f"{s.game.roles[p]}'s Ally {C.NAME[C.CH0 + s.ally[p]]}"
    q = s.partner[p]
    return f"{s.game.roles[q]}'s allied {C.NAME[C.H0 + s.hero[q]]}"


@serializable
@dataclass(frozen=True, slots=True)
class DuelAttribute(InWager):
    """The challenged Hero picks the attribute the Duel is fought with."""

    kind: ClassVar[str] = "duel_attribute"

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o["duel_attribute"]
        mask[o:o + 3] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        _w(state).attr = i
        state.log_event(f"{state.game.roles[self.actor]} chooses {C.ATTRS[i]} for the Duel")
        next_card(state)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "You were challenged to a Duel: choose the attribute it is fought with."


DUEL_ATTRIBUTE = each_player(DuelAttribute)


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
        w = _w(state)
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
    w = _w(s)
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
        w = _w(s)
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
        w = _w(state)
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
