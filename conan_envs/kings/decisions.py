"""Kings of Hyboria's decision kinds, one frame class each (engine/flow.py; the shape and
the phases in frames.py): who is asked (`actor`), the legal actions, the rule its answer
plays (a method of the state: setup.py, phases.py, effects.py, move.py, battle.py,
plunder.py), the view's prompt (``TEXT``) and the words of its actions (``DONE``, ``VERB``,
``COUNTING``). Rulebook: "SET UP", "TURN SEQUENCE", the Heroic Actions and Wizard Magic
tables, "MOVE PHASE", "BATTLE PHASE", "PLUNDER PHASE"."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from . import content as C
from .actions import BACK, COUNT0, DONE, REGION0, REROLL
from .frames import MARK_WORDS, PHASE_FRAMES, Ask, Divination, KingsRules


@serializable
@dataclass(frozen=True, slots=True)
class PlaceKing(Ask):
    kind: ClassVar[str] = "place_king"
    TEXT: ClassVar[str] = "Place your King in a land region no other player holds."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_place_king(action)


@serializable
@dataclass(frozen=True, slots=True)
class PlaceArmy(Ask):
    kind: ClassVar[str] = "place_army"
    TEXT: ClassVar[str] = "Place your Army in a land region no other player holds."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_place_army(action)


@serializable
@dataclass(frozen=True, slots=True)
class TargetRegion(Ask):
    kind: ClassVar[str] = "target_region"
    TEXT: ClassVar[str] = "{effect} (rolled in {region}): choose the adjacent region it strikes."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_target_region(action)


@serializable
@dataclass(frozen=True, slots=True)
class TargetUnit(Ask):
    kind: ClassVar[str] = "target_unit"
    VERB: ClassVar[str] = "strike"
    TEXT: ClassVar[str] = "{effect} strikes {target}: choose which unit type."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_target_unit(action)


@serializable
@dataclass(frozen=True, slots=True)
class Adventure(Ask):
    kind: ClassVar[str] = "adventure"
    DONE: ClassVar[str] = "gain 1 Gold"
    TEXT: ClassVar[str] = ("Adventure (in {region}): kill a Monster in an adjacent region, or "
                           "gain 1 Gold.")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_adventure(action)


@serializable
@dataclass(frozen=True, slots=True)
class Piracy(Ask):
    kind: ClassVar[str] = "piracy"
    DONE: ClassVar[str] = "gain 1 Gold from the bank"
    TEXT: ClassVar[str] = "Piracy: rob an opponent of 1 Gold, or gain 1 Gold from the bank."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_piracy(action)


@serializable
@dataclass(frozen=True, slots=True)
class AncientLore(Ask):
    kind: ClassVar[str] = "ancient_lore"
    TEXT: ClassVar[str] = ("Ancient Lore (in {region}): pick the Wizard Magic result that takes "
                           "effect.")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_ancient_lore(action)


@serializable
@dataclass(frozen=True, slots=True)
class Sacrifice(Ask):
    kind: ClassVar[str] = "sacrifice"
    VERB: ClassVar[str] = "sacrifice"
    TEXT: ClassVar[str] = "Sacrifice (in {region}): choose a fellow unit to destroy; then roll again."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_sacrifice(action)


@serializable
@dataclass(frozen=True, slots=True)
class Transmutation(Ask):
    kind: ClassVar[str] = "transmutation"
    VERB: ClassVar[str] = "transmute"
    TEXT: ClassVar[str] = "Transmutation (in {region}): choose a fellow unit to become a Monster."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_transmutation(action)


@serializable
@dataclass(frozen=True, slots=True)
class Training(Ask):
    kind: ClassVar[str] = "training"
    DONE: ClassVar[str] = "train none"
    COUNTING: ClassVar[str] = "train"
    TEXT: ClassVar[str] = "Training (in {region}): how many Armies become Elites (or train none)?"

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_training(action)


@serializable
@dataclass(frozen=True, slots=True)
class RelicRoll(Ask):
    kind: ClassVar[str] = "relic_roll"
    DONE: ClassVar[str] = "no extra roll"
    TEXT: ClassVar[str] = "Your Relic lets a Wizard in {region} roll again: roll, or no extra roll?"

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_relic_roll(action)

    def label(self, state: KingsRules, action: int) -> str:
        if action in (BACK, DONE, REROLL):
            return Ask.label(self, state, action)
        return "roll again (Relic)"


@serializable
@dataclass(frozen=True, slots=True)
class Recruit(Ask):
    kind: ClassVar[str] = "recruit"
    DONE: ClassVar[str] = "end recruiting"
    TEXT: ClassVar[str] = ("Recruit Phase: choose a region to roll on its Recruit Table, or end "
                           "recruiting.")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_recruit(action)


@serializable
@dataclass(frozen=True, slots=True)
class MoveFrom(Ask):
    kind: ClassVar[str] = "move_from"
    DONE: ClassVar[str] = "end the Move Phase"
    TEXT: ClassVar[str] = "Move Phase: choose a region to move units from, or end the Move Phase."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_move_from(action)


@serializable
@dataclass(frozen=True, slots=True)
class MoveUnit(Ask):
    kind: ClassVar[str] = "move_unit"
    TEXT: ClassVar[str] = "Which unit type moves from {region}? (back: choose another region)"

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_move_unit(action)


@serializable
@dataclass(frozen=True, slots=True)
class MoveTo(Ask):
    kind: ClassVar[str] = "move_to"
    TEXT: ClassVar[str] = "Where do the {unit} units from {region} move? (back: the previous step)"

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_move_to(action)


@serializable
@dataclass(frozen=True, slots=True)
class MoveCount(Ask):
    kind: ClassVar[str] = "move_count"
    TEXT: ClassVar[str] = ("How many {unit} units move from {region} to {target}? (back: the "
                           "destination)")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_move_count(action)


@serializable
@dataclass(frozen=True, slots=True)
class MoveMarked(Ask):
    kind: ClassVar[str] = "move_marked"
    TEXT: ClassVar[str] = ("{count} {unit} unit(s) go from {region} to {target}: how many of "
                           "them {marks}? (back: the previous step)")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_move_marked(action)

    def label(self, state: KingsRules, action: int) -> str:
        if action == BACK:
            return "back"
        task = state.task
        none, some = MARK_WORDS[task.boarding if task.boarding >= 0 else task.unit]
        return none if action == DONE else f"{action - COUNT0 + 1} {some}"


@serializable
@dataclass(frozen=True, slots=True)
class Embark(Ask):
    kind: ClassVar[str] = "embark"
    DONE: ClassVar[str] = "no passenger"
    VERB: ClassVar[str] = "embark"
    TEXT: ClassVar[str] = ("Which unit boards the Ships sailing from {region} to {target} (or no "
                           "passenger)?")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_embark(action)


@serializable
@dataclass(frozen=True, slots=True)
class Casualty(Ask):
    kind: ClassVar[str] = "casualty"
    VERB: ClassVar[str] = "lose"
    TEXT: ClassVar[str] = "Battle in {battle}: choose the unit type you lose ({hits} hits to take)."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_casualty(action)


@serializable
@dataclass(frozen=True, slots=True)
class BattleTarget(Ask):
    kind: ClassVar[str] = "battle_target"
    VERB: ClassVar[str] = "strike"
    TEXT: ClassVar[str] = "{effect} in the battle in {battle}: choose the enemy unit type."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_battle_target(action)


@serializable
@dataclass(frozen=True, slots=True)
class Restore(Ask):
    kind: ClassVar[str] = "restore"
    VERB: ClassVar[str] = "bring back"
    TEXT: ClassVar[str] = "{effect} in the battle in {battle}: choose the unit type brought back."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_restore(action)


@serializable
@dataclass(frozen=True, slots=True)
class Retreat(Ask):
    kind: ClassVar[str] = "retreat"
    DONE: ClassVar[str] = "stay"
    VERB: ClassVar[str] = "retreat to"
    TEXT: ClassVar[str] = ("Battle in {battle}, round {round} over: retreat to a region you "
                           "control, or stay.")

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_retreat(action)


@serializable
@dataclass(frozen=True, slots=True)
class TerrorRetreat(Ask):
    kind: ClassVar[str] = "terror_retreat"
    VERB: ClassVar[str] = "retreat to"
    TEXT: ClassVar[str] = "Terror in {battle}: choose the region you retreat to."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_terror_retreat(action)


@serializable
@dataclass(frozen=True, slots=True)
class NewKing(Ask):
    kind: ClassVar[str] = "new_king"
    TEXT: ClassVar[str] = "Your King is slain: choose who is crowned the new King: {heirs}."

    def apply(self, state: KingsRules, action: int) -> None:
        del state.stack[-1]
        state._on_new_king(action)

    def label(self, state: KingsRules, action: int) -> str:
        if action in (BACK, DONE, REROLL):
            return Ask.label(self, state, action)
        r = action - REGION0
        return f"crown the {C.UNIT_NAMES[state.crowned(self.actor, r)]} in {C.REGIONS[r]}"


# every decision kind, in the order of the observation's one-hot `decision` block
DECISION_FRAMES: tuple[type[Ask], ...] = (
    PlaceKing, PlaceArmy, Divination, TargetRegion, TargetUnit, Adventure, Piracy, AncientLore,
    Sacrifice, Transmutation, Recruit, MoveFrom, MoveUnit, MoveTo, MoveCount, Embark, Casualty,
    BattleTarget, Restore, Retreat, TerrorRetreat, NewKing, Training, RelicRoll, MoveMarked)
DECISIONS: tuple[str, ...] = tuple(f.kind for f in DECISION_FRAMES)
FRAME_TYPES: tuple[type[Frame[Any]], ...] = (
    tuple(type(f) for f in PHASE_FRAMES.values()) + DECISION_FRAMES)
