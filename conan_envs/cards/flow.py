"""Order of play: the four Game Phases repeating in turn order, the Draw Turn with the Pirate's
Raider, and the End of the Game's stalemate and tie (rulebook, "Game Phases", "4. Draw Turn",
"End of the Game"). The driver: above every phase module, it opens each player's turn in the
phase (`BEGIN`) and ends the phase after the last. A player asked something gets the decision's
frame (`Table.ask`); a decision that ends the player's part leaves the stack (`Table.hand_on`)
and the run loop calls `next_player` here (`CardsState._next_phase`); the Card Turn ends its
phase through `Table.end_phase`, which `CardsState` binds to `end_phase` here."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.serialize import serializable

from . import card_turn, diplomacy, hero_turn, setup, table
from . import content as C
from .base import Table
from .frames import UseOrDecline, each_player
from .records import PHASE_WORDS, Phase


def start_phase(s: Table, phase: Phase) -> None:
    s.phase = phase
    s.idx = -1
    s.log_event(f"Round {s.turn + 1}: {PHASE_WORDS[phase]}")
    next_player(s)


def next_player(s: Table) -> None:
    """Hand the phase to the next living player in turn order; end the phase after the last."""
    if s.winner >= 0:
        return
    if s.owed:  # Loot still unapplied is applied as soon as it can be
        hero_turn.settle_loot(s)
    if s.phase == "card":
        card_turn.advance(s)
        return
    begin = BEGIN[s.phase]
    order = s.order
    while True:
        s.idx += 1
        if s.idx >= len(order):
            end_phase(s)
            return
        p = order[s.idx]
        if s.alive[p] and begin(s, p):
            return
        if s.winner >= 0:
            return


def end_phase(s: Table) -> None:
    """End the phase and begin the next ("Game Phases"; the Setup Phase's steps in order)."""
    ph = s.phase
    if ph == "setup_swap":
        setup.draw_starting_adventures(s)
        start_phase(s, "setup_challenge")
    elif ph == "setup_challenge":
        setup.form_decks(s)
        start_phase(s, "setup_hero")
    elif ph == "setup_hero":
        start_card_turn(s)
    elif ph == "card":
        start_phase(s, "hero")
    elif ph == "hero":
        if s.tie and settle_tie(s):
            return
        for p in range(s.game.n):
            s.offered[p] = False
        start_phase(s, "diplomacy")
    elif ph == "diplomacy":
        s.offer = None
        start_phase(s, "draw")
    elif ph == "draw":
        s.turn += 1
        if s.turn - s.acted > 1:
            stalemate(s)
            return
        start_card_turn(s)


def stalemate(s: Table) -> None:
    """A whole round passed with no one able to do anything (no cards anywhere, no DP to
    deal): the game cannot go on. The player with the most DP wins; a tie is a draw."""
    living = [p for p in range(s.game.n) if s.alive[p]]
    top = max(s.dp[p] for p in living)
    leaders = [p for p in living if s.dp[p] == top]
    s.winner = leaders[0] if len(leaders) == 1 else -2
    s.log_event("No one can do anything more: " + (f"{s.game.roles[s.winner]} wins with the most DP"
                                                    if s.winner >= 0 else "a draw"))


def start_card_turn(s: Table) -> None:
    s.log_event(f"Round {s.turn + 1}: Card Turn")
    s.phase = "card"
    s.first_round = True
    s.idx = -1
    next_player(s)


# ---- 4. Draw Turn ------------------------------------------------------------------------
def begin_draw(s: Table, p: int) -> bool:
    if s.hero[p] == C.PIRATE and not s.used[p] and (s.deck or s.discard):
        s.ask(RAIDER[p])
        return True
    table.draw(s, p, 1)
    return False


def settle_tie(s: Table) -> bool:
    """End of the Game: "In case of a tie, play continues until one of them gains a DP
    advantage once all players have completed the next Hero Turn." Checked when the Hero
    Turns end; True if someone won."""
    rich = [q for q in range(s.game.n) if s.alive[q] and s.dp[q] >= s.game.target]
    if not rich:
        s.tie = False
        return False
    top = max(s.dp[q] for q in rich)
    leaders = [q for q in rich if s.dp[q] == top]
    if len(leaders) > 1:
        return False
    s.tie = False
    s.winner = leaders[0]
    s.log_event(f"The Hero Turns are over: {s.game.roles[s.winner]} leads with {top} DP and wins")
    return True


@serializable
@dataclass(frozen=True, slots=True)
class Raider(UseOrDecline):
    """The Pirate's Raider (designed): once per game, draw three cards instead of one."""

    kind: ClassVar[str] = "raider"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"draw"})
    USE: ClassVar[str] = "use Raider: draw three cards"
    DECLINE: ClassVar[str] = "draw one card"

    def use(self, state: Table, yes: bool) -> None:
        p = self.actor
        if yes:
            state.used[p] = True
            state.log_event(f"{state.game.roles[p]} uses Raider")
        else:
            state.log_event(f"{state.game.roles[p]} does not use Raider")
        table.draw(state, p, 3 if yes else 1)
        state.hand_on()

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "Draw Turn: use Raider (draw three cards instead of one), once per game?"


RAIDER = each_player(Raider)


# phase -> the function that opens player p's turn in it (True: p is asked a decision); the
# Card Turn goes round by its own rules (card_turn.advance)
BEGIN: dict[str, Callable[[Table, int], bool]] = {
    "setup_swap": setup.begin_swap, "setup_challenge": setup.begin_challenge,
    "setup_hero": setup.begin_hero, "hero": hero_turn.begin, "diplomacy": diplomacy.begin,
    "draw": begin_draw}
