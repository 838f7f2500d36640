"""The shape of every decision of Conan: el juego de cartas on the engine's frame stack
(engine/flow.py; rulebook, "Game Phases", "Hero Special Abilities").

A decision is a frozen frame: who decides (``actor``), its ``kind`` (the machine name the view,
the encoder, the agents and the web board read) and its parameters as typed fields. Every
action of the card game is a segment of the codec and an index in it (config.py), so a
:class:`Decide` frame decodes the action once and plays it (``play``); it builds the view's
decision record (the context of the wager and the offer on the table, then its own sentence,
``ask``) and checks a snapshot (the phases that may ask it, the wager or offer it needs).
:class:`UseOrDecline` is the one shape of the once-per-game abilities (and the Priest's veto)
asked as use / decline.

A decision moves on by putting the next one in its place (``Table.ask``: a bet, then its reply);
one that ends a player's part in the phase leaves the stack (``Table.hand_on``), and the run
loop, finding it empty, asks the driver (flow.py, ``FlowState._next_phase``) for the next
player. The one nested decision is the Priest's ``sermon_break``, pushed over the step it
returns to (the end of the wager or of the completion, an ``AUTO`` frame). A kind whose one
parameter is its actor is made once per player (:func:`each_player`), as a kind without
parameters would be one module-level instance.

Each kind's class lives beside the rules of the rulebook section that asks it, because the
rules that ask a decision and the decision's own rules call each other (a wager's reply ends
the wager, which owes a share, which asks a Priest...), and a frame module below them could
only reach them through the state:

- setup.py: ``swap_offer``, ``swap_answer``, ``setup_challenge``, ``setup_hero``;
- card_turn.py: ``card_play``; hero_turn.py: ``hero_action``, ``pillage``;
- wager.py: ``antagonist``, ``mercenary``, ``bet_open``, ``bet_reply``, ``attribute``,
  ``duel_attribute``; resolution.py: ``resolution``, ``rage``, ``fury``;
- shares.py: ``sermon_break`` and the two steps it returns to (``wager_end``,
  ``complete_end``, taken without a choice);
- diplomacy.py: ``diplomacy``, ``deal_build``, ``alliance_terms``, ``answer``, ``veto``,
  ``deal_break``; flow.py: ``raider``.

The wager in progress (``Table.w``, a :class:`~.records.Wager`) and the offer on the table
(``Table.offer``) are named records on the state, not frame fields: they outlive each of the
decisions that read them and change within them (bets, cards played, goods added), while a
frame is frozen and shared by clones.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NoReturn, TypeVar

from conan_envs.engine.core import Mask
from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import Frame

from . import content as C
from .base import Table
from .records import MAX_PLAYERS, PHASES, Phase, Wager
from .words import offer_view

Need = Literal["", "wager", "offer"]  # a record a decision reads on the state
D = TypeVar("D", bound="Decide")


def fail(field: str, why: str) -> NoReturn:
    raise CorruptStateError(f"saved cards_v2 state: field {field}: {why}")


def context(s: Table) -> dict[str, Any]:
    """What every decision's record carries: the wager and the offer on the table."""
    roles = s.game.roles
    ctx: dict[str, Any] = {}
    w = s.w
    if w is not None:
        ctx["wagered"] = {roles[w.hero]: w.bets[0], roles[w.opp]: w.bets[1]}
        ctx["wager"] = ("Duel between " if w.kind == "duel" else "") + (
            f"{roles[w.hero]} and {roles[w.opp]}" if w.kind == "duel"
            else f"{roles[w.hero]} facing {C.WORDS[C.CH0 + w.chal]}")
    if s.offer is not None:
        ctx["offer"] = offer_view(s, s.offer)
    return ctx


@dataclass(frozen=True, slots=True)
class Decide(Frame[Table]):
    """A decision of the card game: its action is a codec segment and an index in it."""

    kind: ClassVar[str] = "decide"
    PHASES: ClassVar[frozenset[Phase]] = frozenset(PHASES)  # the phases that may ask it
    NEEDS: ClassVar[Need] = ""  # the record it reads on the state
    PASS: ClassVar[str] = "pass"  # what the "pass" action means here (its label)

    def apply(self, state: Table, action: int) -> None:
        state.acted = state.turn
        seg, i = state.game.codec.decode(action)
        self.play(state, seg, i)

    def play(self, state: Table, seg: str, i: int) -> None:
        """Play action `i` of segment `seg`, already checked legal."""
        raise TypeError(f"frame {self.kind!r} offers no choice")

    def prompt(self, state: Table, role: int) -> tuple[str, dict[str, Any]]:
        ctx = context(state)
        return self.ask(state, ctx), ctx

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        """The decision's sentence to its actor; may add to the context."""
        return self.kind

    def pass_words(self, state: Table) -> str:
        """The label of the "pass" action at this decision."""
        return self.PASS

    def check(self, state: Table, below: Frame[Any] | None) -> None:
        if below is not None:
            fail("stack", f"{self.kind!r} returns to no other decision")
        if state.winner != -1:
            return  # the game is over: the last decision asked stays on the stack
        if state.phase not in self.PHASES:
            fail("stack", f"{self.kind!r} is not a decision of the {state.phase} phase")
        if not state.alive[self.actor]:
            fail("stack", "a defeated player cannot act")
        if self.NEEDS == "wager" and state.w is None:
            fail("w", f"the {self.kind} decision needs a wager")
        if self.NEEDS == "offer" and state.offer is None:
            fail("offer", f"the {self.kind} decision needs an offer")


@dataclass(frozen=True, slots=True)
class UseOrDecline(Decide):
    """A once-per-game ability (or the Priest's veto) asked as use ("ability") / decline
    ("pass")."""

    kind: ClassVar[str] = "use_or_decline"
    USE: ClassVar[str] = "use it"  # the label of using it
    DECLINE: ClassVar[str] = "decline it"  # the label of declining it

    def mask(self, state: Table, mask: Mask) -> None:
        mask[0] = True
        mask[state.game.o["ability"]] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        self.use(state, seg == "ability")

    def use(self, state: Table, yes: bool) -> None:
        """Use the ability (`yes`) or decline it."""
        raise TypeError(f"frame {self.kind!r} asks no ability")

    def pass_words(self, state: Table) -> str:
        return self.DECLINE


HERO_TURN: frozenset[Phase] = frozenset({"hero"})


def wager_of(s: Table) -> Wager:
    """The wager in progress, which a wager's decision reads."""
    w = s.w
    assert w is not None  # a wager's decisions are asked only during one
    return w


@dataclass(frozen=True, slots=True)
class InWager(Decide):
    """A decision asked during a wager or Duel (the record `Table.w`): wager.py, resolution.py."""

    PHASES: ClassVar[frozenset[Phase]] = HERO_TURN
    NEEDS: ClassVar[Need] = "wager"


def each_player(cls: type[D]) -> tuple[D, ...]:
    """The frame of a kind whose one parameter is its actor, made once for each player:
    frames are frozen, so every ask of that kind shares one (as a kind without parameters is
    one module-level instance); making a frozen dataclass costs about a microsecond, on the
    path of every move."""
    return tuple(cls(p) for p in range(MAX_PLAYERS))
