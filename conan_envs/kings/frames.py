"""Kings of Hyboria's decisions as frames on the engine's stack (engine/flow.py; rulebook
"TURN SEQUENCE", "SET UP", and the Divination reroll of the "WIZARD MAGIC TABLE" notes:
"Discard a Divination Token to cause any Dieroll to be rerolled").

The bottom of the stack is the phase of the turn being played, an ``AUTO`` frame whose step
(``run``) carries the phase on until it asks a choice or moves to the next phase. A choice
is one frame over it: an :class:`Ask` of one kind per decision (decisions.py: its actor and
its legal actions; what the choice resolves is in the state's ``task`` and ``battle``
records), or a :class:`Divination` offer, which carries the die roll it offers to reroll.
Once answered the decision frame is popped, its rule may ask the next one, and the phase
frame goes on. This module also holds the roll records and the actions' labels.

The frames call the rules through :class:`KingsRules` (the state's methods), so the rules
modules import the frames and never the other way round.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from conan_envs.engine.core import Mask
from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import AUTO, Frame
from conan_envs.engine.serialize import serializable

from . import content as C
from .actions import BACK, DONE, REROLL

# the dice a Divination may reroll (the `what` of a roll)
ROLLS = ("hero", "wizard", "recruit", "action", "spell", "attack", "curse", "prophecy")
DICE = (3, 6, 10, 12, 20)
SMALL = 32  # an action list shorter than this sets its mask item by item (quicker)


# what a Wizard or a Hero moving carries: (none of them carries it, some carry it)
MARK_WORDS = {C.WIZARD: ("no Wizard bearing a Relic", "bearing a Relic"),
              C.HERO: ("no Hero holding a Battle Plan", "holding a Battle Plan")}
# an action's label, by the codec's segment (its value: the codec's label of the action)
SEGMENT_WORDS = {"region": "{verb}{value}", "unit": "{verb}{value}", "count": "{counting} {value}",
                 "result": "{value}", "player": "rob {value}"}


def action_label(state: Any, a: int, done: str = "done", verb: str = "",
                 counting: str = "move") -> str:
    """The action in the game's words: `back`, `done` (what it means at this decision) and
    `reroll`, else the codec's label of the action in its segment's template, with the
    decision's verb (a region or unit type) or counting word (a count)."""
    if a == BACK:
        return "back"
    if a == DONE:
        return done
    if a == REROLL:
        return "reroll"
    codec = state.game.codec
    segment, i = codec.decode(a)
    return SEGMENT_WORDS[segment].format(verb=f"{verb} " if verb else "", counting=counting,
                                         value=codec.labels[segment][i])


def _need(ok: bool, field: str, why: str) -> None:
    if not ok:
        raise CorruptStateError(f"saved kings_v2 state: field {field}: {why}")


@serializable
@dataclass(frozen=True, slots=True)
class RollContext:
    """Where and by whom a die is rolled (-1: not given): the region it is rolled in, the
    unit rolling it (a Hero, the King, a Wizard, an attacking type), the battle side, the
    region a Great Curse strikes, and whether the roller is a Wizard bearing a Relic."""

    region: int = -1
    unit: int = -1
    side: int = -1
    target: int = -1
    relic: bool = False

    @property
    def where(self) -> int:
        """The region the roll is about (where rolled, else the region struck), or -1."""
        return self.region if self.region >= 0 else self.target


# The contexts of the rolls the rules make, made once (frozen, so shared): by a unit of a
# type in a region, by a Wizard bearing a Relic there, for a side of a battle, an attack die
# of a side's unit type, a recruit roll in a region, the Curse dice on a region, none.
ROLLED_BY = tuple(tuple(RollContext(region=r, unit=t) for t in range(C.NUM_TYPES))
                  for r in range(C.NUM_REGIONS))
BEARER_ROLL = tuple(RollContext(region=r, unit=C.WIZARD, relic=True)
                    for r in range(C.NUM_REGIONS))
SIDE_ROLL = (RollContext(side=0), RollContext(side=1))
ATTACK_ROLL = tuple(tuple(RollContext(side=s, unit=t) for t in range(C.NUM_TYPES)) for s in (0, 1))
RECRUIT_ROLL = tuple(RollContext(region=r) for r in range(C.NUM_REGIONS))
CURSE_ROLL = tuple(RollContext(target=r) for r in range(C.NUM_REGIONS))
NO_CONTEXT = RollContext()


@serializable
@dataclass(frozen=True, slots=True)
class Roll:
    """One die roll waiting on the Divination offers: which table (`what`), the die, the
    value rolled, and its context."""

    what: str
    sides: int
    value: int
    ctx: RollContext


class KingsRules(Protocol):
    """What the frames call on the state (the rules modules implement it)."""

    @property
    def stack(self) -> list[Frame[Any]]: ...
    def ask_prompt(self, frame: Ask, role: int) -> tuple[str, dict[str, Any]]: ...
    def divination_prompt(self, frame: Divination) -> tuple[str, dict[str, Any]]: ...
    def crowned(self, p: int, k: int) -> int: ...
    def _on_divination(self, frame: Divination, a: int) -> None: ...
    def _step_setup(self) -> None: ...
    def _step_fate(self) -> None: ...
    def _step_hero(self) -> None: ...
    def _step_wizard(self) -> None: ...
    def _step_recruit(self) -> None: ...
    def _step_move(self) -> None: ...
    def _step_battle(self) -> None: ...
    def _step_plunder(self) -> None: ...
    def _on_place_king(self, a: int) -> None: ...
    def _on_place_army(self, a: int) -> None: ...
    def _on_target_region(self, a: int) -> None: ...
    def _on_target_unit(self, a: int) -> None: ...
    def _on_adventure(self, a: int) -> None: ...
    def _on_piracy(self, a: int) -> None: ...
    def _on_ancient_lore(self, a: int) -> None: ...
    def _on_sacrifice(self, a: int) -> None: ...
    def _on_transmutation(self, a: int) -> None: ...
    def _on_recruit(self, a: int) -> None: ...
    def _on_move_from(self, a: int) -> None: ...
    def _on_move_unit(self, a: int) -> None: ...
    def _on_move_to(self, a: int) -> None: ...
    def _on_move_count(self, a: int) -> None: ...
    def _on_embark(self, a: int) -> None: ...
    def _on_casualty(self, a: int) -> None: ...
    def _on_battle_target(self, a: int) -> None: ...
    def _on_restore(self, a: int) -> None: ...
    def _on_retreat(self, a: int) -> None: ...
    def _on_terror_retreat(self, a: int) -> None: ...
    def _on_new_king(self, a: int) -> None: ...
    def _on_training(self, a: int) -> None: ...
    def _on_relic_roll(self, a: int) -> None: ...
    def _on_move_marked(self, a: int) -> None: ...

    @property
    def task(self) -> Any: ...
    @property
    def n(self) -> int: ...
    @property
    def game(self) -> Any: ...


# ---- the phases (AUTO: the bottom of the stack) ---------------------------------------------
@dataclass(frozen=True, slots=True)
class Phase(Frame[Any]):
    """A phase of the turn (or the set-up): its step runs until a choice is asked or the
    next phase takes its place."""

    kind: ClassVar[str] = "phase"
    phase: ClassVar[str] = ""

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        _need(below is None and self.actor == AUTO, "stack", f"the {self.phase} phase is not "
              "at the bottom of the stack")


@serializable
@dataclass(frozen=True, slots=True)
class SetupPhase(Phase):
    kind: ClassVar[str] = "setup_phase"
    phase: ClassVar[str] = "setup"

    def run(self, state: KingsRules) -> None:
        state._step_setup()


@serializable
@dataclass(frozen=True, slots=True)
class FatePhase(Phase):
    kind: ClassVar[str] = "fate_phase"
    phase: ClassVar[str] = "fate"

    def run(self, state: KingsRules) -> None:
        state._step_fate()


@serializable
@dataclass(frozen=True, slots=True)
class HeroPhase(Phase):
    kind: ClassVar[str] = "hero_phase"
    phase: ClassVar[str] = "hero"

    def run(self, state: KingsRules) -> None:
        state._step_hero()


@serializable
@dataclass(frozen=True, slots=True)
class WizardPhase(Phase):
    kind: ClassVar[str] = "wizard_phase"
    phase: ClassVar[str] = "wizard"

    def run(self, state: KingsRules) -> None:
        state._step_wizard()


@serializable
@dataclass(frozen=True, slots=True)
class RecruitPhase(Phase):
    kind: ClassVar[str] = "recruit_phase"
    phase: ClassVar[str] = "recruit"

    def run(self, state: KingsRules) -> None:
        state._step_recruit()


@serializable
@dataclass(frozen=True, slots=True)
class MovePhase(Phase):
    kind: ClassVar[str] = "move_phase"
    phase: ClassVar[str] = "move"

    def run(self, state: KingsRules) -> None:
        state._step_move()


@serializable
@dataclass(frozen=True, slots=True)
class BattlePhase(Phase):
    kind: ClassVar[str] = "battle_phase"
    phase: ClassVar[str] = "battle"

    def run(self, state: KingsRules) -> None:
        state._step_battle()


@serializable
@dataclass(frozen=True, slots=True)
class PlunderPhase(Phase):
    kind: ClassVar[str] = "plunder_phase"
    phase: ClassVar[str] = "plunder"

    def run(self, state: KingsRules) -> None:
        state._step_plunder()


SETUP, FATE, HERO, WIZARD, RECRUIT, MOVE, BATTLE, PLUNDER = (
    SetupPhase(AUTO), FatePhase(AUTO), HeroPhase(AUTO), WizardPhase(AUTO), RecruitPhase(AUTO),
    MovePhase(AUTO), BattlePhase(AUTO), PlunderPhase(AUTO))
PHASE_FRAMES: dict[str, Phase] = {f.phase: f for f in (SETUP, FATE, HERO, WIZARD, RECRUIT, MOVE,
                                                       BATTLE, PLUNDER)}


# ---- the decisions ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ask(Frame[Any]):
    """A player's choice among `legal` (action indices); what it resolves is in the state's
    ``task`` (an effect, a move order) or ``battle`` record. Answered (``apply``), it is
    popped and its rule plays the action; the phase below goes on."""

    legal: tuple[int, ...]
    kind: ClassVar[str] = "ask"
    TEXT: ClassVar[str] = ""  # the view's prompt, formatted with the decision's words
    DONE: ClassVar[str] = "done"  # what `done` means here
    VERB: ClassVar[str] = ""  # what is done to the region or unit type chosen
    COUNTING: ClassVar[str] = "move"  # what is done with the count chosen

    def label(self, state: KingsRules, action: int) -> str:
        """The action's name at this decision (``State.action_to_string``)."""
        return action_label(state, action, self.DONE, self.VERB, self.COUNTING)

    def mask(self, state: Any, mask: Mask) -> None:
        legal = self.legal
        if len(legal) < SMALL:
            for a in legal:
                mask[a] = True
        else:
            mask[list(legal)] = True

    def prompt(self, state: KingsRules, role: int) -> tuple[str, dict[str, Any]]:
        return state.ask_prompt(self, role)

    def check(self, state: KingsRules, below: Frame[Any] | None) -> None:
        legal = self.legal
        _need(isinstance(below, Phase), "stack", f"{self.kind} is not asked over a phase")
        _need(isinstance(legal, tuple) and 0 < len(legal) <= state.game.num_actions
              and all(type(a) is int and 0 <= a < state.game.num_actions for a in legal)
              and len(set(legal)) == len(legal), "stack",
              f"{self.kind} offers actions outside the action space")
        _need(0 <= self.actor < state.n, "stack", f"{self.kind} is asked of no player")


@serializable
@dataclass(frozen=True, slots=True)
class Divination(Ask):
    """A die roll offered for a reroll to the holders of a Divination (or, in battle, of a
    Confusion), in turn order from the phasing player: `offered` are those still to answer,
    the actor first. Legal: keep the roll (`done`) or reroll."""

    roll: Roll
    offered: tuple[int, ...]
    kind: ClassVar[str] = "divination"
    DONE: ClassVar[str] = "keep the roll"

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]  # answered (its rule may ask the next decision)
        state._on_divination(self, action)

    def prompt(self, state: KingsRules, role: int) -> tuple[str, dict[str, Any]]:
        return state.divination_prompt(self)

    def check(self, state: KingsRules, below: Frame[Any] | None) -> None:
        Ask.check(self, state, below)
        roll, n = self.roll, state.n
        _need(self.legal == (DONE, REROLL), "stack", "a Divination offers keep or reroll")
        _need(type(roll) is Roll and roll.what in ROLLS and roll.sides in DICE
              and type(roll.value) is int and 1 <= roll.value <= roll.sides
              and type(roll.ctx) is RollContext, "stack", "the Divination's roll is not a die roll")
        _need(bool(self.offered) and self.offered[0] == self.actor
              and all(type(p) is int and 0 <= p < n for p in self.offered), "stack",
              "the Divination is offered to no player")


def new_divination(roll: Roll, offered: tuple[int, ...]) -> Divination:
    return Divination(offered[0], (DONE, REROLL), roll, offered)
