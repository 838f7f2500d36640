"""Facing a Challenge and Duels up to the Resolution (rulebook, "Facing a Challenge", "Wager",
"Antagonists and Allies", "Duel: Several Heroes on the Same Adventure Card"), with the
Mercenary's Brotherhood: the antagonist fought or recruited, the wager opened and answered,
the attribute chosen. The decisions asked are the frames below (frames.py); the Resolution,
its result and the payment follow in resolution.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Mask, Table
from .frames import HERO_TURN, InWager, Need, UseOrDecline, each_player, wager_of
from .records import Phase, Wager, new_wager
from .resolution import conclude, next_card


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
        w = wager_of(s)
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
        chal = wager_of(state).chal
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
        recruit(state, p, 0 if yes else C.ALLY_COST[wager_of(state).chal])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return (f"Use the Brotherhood of Mercenaries (the Ally costs nothing instead of "
                f"{C.ALLY_COST[wager_of(state).chal]} DP), once per game?")

    def pass_words(self, state: Table) -> str:
        return f"pay {C.ALLY_COST[wager_of(state).chal]} DP for the Ally"


MERCENARY = each_player(Mercenary)


def recruit(s: Table, p: int, cost: int) -> None:
    """The antagonist becomes the Hero's Ally for its DP cost (paid to the reserve)."""
    w = wager_of(s)
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
        w = wager_of(state)
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
        w = wager_of(state)
        w.src, w.attr = divmod(i, 3)
        state.log_event(f"{state.game.roles[self.actor]} uses the {C.ATTRS[w.attr]} of "
                        f"{source_words(state, self.actor, w.src)}")
        next_card(state)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return (f"Choose the attribute, and whose, to face "
                f"{C.WORDS[C.CH0 + wager_of(state).chal]} with.")


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
        wager_of(state).attr = i
        state.log_event(f"{state.game.roles[self.actor]} chooses {C.ATTRS[i]} for the Duel")
        next_card(state)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "You were challenged to a Duel: choose the attribute it is fought with."


DUEL_ATTRIBUTE = each_player(DuelAttribute)
