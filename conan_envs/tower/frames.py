"""The Tower's frames on the engine's stack (engine/flow.py; The Basics: Turn Overview; Game
Turn Structure: Dice Phase, Location Phase, Combat Phase, Mopping Up): the base of every frame
and the steps the rules take without a choice (``AUTO``: a round begins, the dice are rolled,
initiative is drawn, a side activates, the round ends, a location's tests follow in turn...).
The decisions are in decisions.py (Conan's), yara_decisions.py (Yara's) and attack_frames.py
(the choices inside Conan's attack).

A frame's class says who decides it (``role``), where it may lie in the stack (``resumes``:
play may return to it, so it may lie under another frame; ``returns_to``: the frames a nested
decision must lie on) and, for a decision, its prompt and what "done" means there. Every
choice is played by its action segment's rule (``TowerState.ACTIONS``, through
``TowerGame.plays``); a segment's rule reads the top frame where it means different things at
different decisions.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import AUTO, Frame
from conan_envs.engine.serialize import serializable


class Phase(IntEnum):
    """Where an activation (Conan's or a minion's) stands: it moves then attacks, or attacks
    then moves (Conflict Begins; Enemy Attacks in Battle Mode)."""
    FRESH = 0                   # has not moved or attacked
    MOVING_FIRST = 1
    ATTACKING_AFTER_MOVE = 2    # no more moving
    ATTACKING_FIRST = 3
    MOVING_AFTER_ATTACK = 4     # no more attacking


# the phase after a move, after an attack (plain ints: a state's fields hold plain data)
MOVED = {int(Phase.FRESH): int(Phase.MOVING_FIRST),
         int(Phase.ATTACKING_FIRST): int(Phase.MOVING_AFTER_ATTACK)}
ATTACKED = {int(Phase.FRESH): int(Phase.ATTACKING_FIRST),
            int(Phase.MOVING_FIRST): int(Phase.ATTACKING_AFTER_MOVE)}


def need(ok: bool, field: str, why: str = "out of range") -> None:
    """A snapshot's field must satisfy `ok` (CorruptStateError names the field)."""
    if not ok:
        raise CorruptStateError(f"saved tower_v2 state: field {field}: {why}")


@dataclass(frozen=True, slots=True)
class TowerFrame(Frame[Any]):
    """A Tower decision or step. Every choice is played by its action segment."""

    kind: ClassVar[str] = "tower"
    role: ClassVar[int] = AUTO          # who decides a frame of this kind
    resumes: ClassVar[bool] = False     # play may return here: it may lie under another frame
    nested: ClassVar[bool] = False      # it always lies on another frame (one that resumes)
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = ()   # ...of these kinds (if any)
    done_means: ClassVar[str | None] = None   # what "done" means here, shown in the prompt

    def apply(self, state: Any, action: int) -> None:
        rule, i = state.game.plays[action]
        rule(state, i)

    def prompt(self, state: Any, role: int) -> tuple[str, dict[str, Any]]:
        prompt, context = self.ask(state)
        done = self.done_means
        return (prompt if done is None else f"{prompt} (done: {done})"), context

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        """The decision's sentence and context (the role's view hides nothing a prompt shows)."""
        return self.kind, {}

    def done(self, state: Any) -> None:
        """The "done" action at this decision (``done_means`` says what it means)."""
        raise RuntimeError(f"'done' is not a move at {self.kind!r}")

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        need(self.actor == self.role, "stack", f"{self.kind!r} is not decided by role {self.actor}")
        if below is not None and not (isinstance(below, TowerFrame) and below.resumes):
            raise CorruptStateError(f"saved tower_v2 state: field stack: {below.kind!r} is not a "
                                    "place to return to")
        back = self.returns_to
        if ((self.nested or back) and below is None) or (back and type(below) not in back):
            raise CorruptStateError(f"saved tower_v2 state: field stack: {self.kind!r} cannot "
                                    f"return to {None if below is None else below.kind!r}")


@serializable
@dataclass(frozen=True, slots=True)
class Start(TowerFrame):
    """A new location is set up (Scenario Book)."""
    kind: ClassVar[str] = "start"

    def run(self, state: Any) -> None:
        state._auto_start()


@serializable
@dataclass(frozen=True, slots=True)
class RoundStart(TowerFrame):
    """1. Conan rolls his Action Dice (a combat round, or the location's Dice Phase)."""
    kind: ClassVar[str] = "round_start"

    def run(self, state: Any) -> None:
        state._auto_round_start()


@serializable
@dataclass(frozen=True, slots=True)
class AfterConanDice(TowerFrame):
    """Conan's dice are slotted: the minions roll theirs."""
    kind: ClassVar[str] = "after_conan_dice"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_after_conan_dice()


@serializable
@dataclass(frozen=True, slots=True)
class AfterYaraDice(TowerFrame):
    """Both sides rolled: initiative in combat, else the location's events."""
    kind: ClassVar[str] = "after_yara_dice"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_after_yara_dice()


@serializable
@dataclass(frozen=True, slots=True)
class InitiativeDraw(TowerFrame):
    """2. The Initiative Token holder draws a card (or a side swings first)."""
    kind: ClassVar[str] = "initiative_draw"

    def run(self, state: Any) -> None:
        state._auto_initiative_draw()


@serializable
@dataclass(frozen=True, slots=True)
class Sides(TowerFrame):
    """3. The next side activates, or the round ends."""
    kind: ClassVar[str] = "sides"

    def run(self, state: Any) -> None:
        state._auto_sides()


@serializable
@dataclass(frozen=True, slots=True)
class RoundEnd(TowerFrame):
    """4. End of round: wounds, reserve, then the next round or the end of combat."""
    kind: ClassVar[str] = "round_end"

    def run(self, state: Any) -> None:
        state._auto_round_end()


@serializable
@dataclass(frozen=True, slots=True)
class DefendAfterStep(TowerFrame):
    """Conan stepped into his slain attacker's square: the attack on him goes on."""
    kind: ClassVar[str] = "defend_after_step"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_defend_after_step()


@serializable
@dataclass(frozen=True, slots=True)
class LocationReady(TowerFrame):
    """Before any events Conan may READY exhausted skills."""
    kind: ClassVar[str] = "location_ready"

    def run(self, state: Any) -> None:
        state._auto_location_ready()


@serializable
@dataclass(frozen=True, slots=True)
class LocationTests(TowerFrame):
    """The location's next test, or its Plot cards and combat."""
    kind: ClassVar[str] = "location_tests"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_location_tests()


@serializable
@dataclass(frozen=True, slots=True)
class TestResume(TowerFrame):
    """A re-roll during a test is done: back to the test, its second attempt."""
    kind: ClassVar[str] = "test_resume"
    resumes: ClassVar[bool] = True
    paid: int       # dice paid for the test before the re-roll

    def run(self, state: Any) -> None:
        state._auto_test_resume()


@serializable
@dataclass(frozen=True, slots=True)
class TaurusCheck(TowerFrame):
    """Taurus may throw his Black Lotus Powder."""
    kind: ClassVar[str] = "taurus_check"

    def run(self, state: Any) -> None:
        state._auto_taurus_check()


@serializable
@dataclass(frozen=True, slots=True)
class YaraDraw(TowerFrame):
    """Yara draws her Plot and Plan cards (Battle Mode)."""
    kind: ClassVar[str] = "yara_draw"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_yara_draw()


@serializable
@dataclass(frozen=True, slots=True)
class YaraPlans(TowerFrame):
    """Yara may play Plot and Plan cards before combat."""
    kind: ClassVar[str] = "yara_plans"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_yara_plans()


@serializable
@dataclass(frozen=True, slots=True)
class CombatStart(TowerFrame):
    """Combat begins if enemies stand, else Mopping Up."""
    kind: ClassVar[str] = "combat_start"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_combat_start()


@serializable
@dataclass(frozen=True, slots=True)
class CombatEnd(TowerFrame):
    """Combat is over: rewards, then Mopping Up."""
    kind: ClassVar[str] = "combat_end"

    def run(self, state: Any) -> None:
        state._auto_combat_end()


@serializable
@dataclass(frozen=True, slots=True)
class MoppingStart(TowerFrame):
    """Mopping Up begins."""
    kind: ClassVar[str] = "mopping_start"

    def run(self, state: Any) -> None:
        state._auto_mopping_start()


@serializable
@dataclass(frozen=True, slots=True)
class Ai(TowerFrame):
    """Solo mode: the minions act by their AI."""
    kind: ClassVar[str] = "ai"
    resumes: ClassVar[bool] = True

    def run(self, state: Any) -> None:
        state._auto_ai()


# A step without parameters is one shared instance (TestResume carries the test's dice paid).
START = Start(AUTO)
ROUND_START = RoundStart(AUTO)
AFTER_CONAN_DICE = AfterConanDice(AUTO)
AFTER_YARA_DICE = AfterYaraDice(AUTO)
INITIATIVE_DRAW = InitiativeDraw(AUTO)
SIDES = Sides(AUTO)
ROUND_END = RoundEnd(AUTO)
DEFEND_AFTER_STEP = DefendAfterStep(AUTO)
LOCATION_READY = LocationReady(AUTO)
LOCATION_TESTS = LocationTests(AUTO)
TAURUS_CHECK = TaurusCheck(AUTO)
YARA_DRAW = YaraDraw(AUTO)
YARA_PLANS = YaraPlans(AUTO)
COMBAT_START = CombatStart(AUTO)
COMBAT_END = CombatEnd(AUTO)
MOPPING_START = MoppingStart(AUTO)
AI = Ai(AUTO)

STEP_TYPES: tuple[type[TowerFrame], ...] = (
    Start,
    RoundStart,
    AfterConanDice,
    AfterYaraDice,
    InitiativeDraw,
    Sides,
    RoundEnd,
    DefendAfterStep,
    LocationReady,
    LocationTests,
    TestResume,
    TaurusCheck,
    YaraDraw,
    YaraPlans,
    CombatStart,
    CombatEnd,
    MoppingStart,
    Ai,
)
