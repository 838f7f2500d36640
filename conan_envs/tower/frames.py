"""The Tower's decisions as frames on the engine's stack (engine/flow.py; The Basics: Turn
Overview; Game Turn Structure: Dice Phase, Location Phase, Combat Phase, Mopping Up).

One frame class per kind of pending decision (Conan's or Yara's) and per step the rules take
without a choice (``AUTO``). A frame kind says which rules method builds its mask or takes its
step, and what "done" ends there; every choice is played by its action segment's rule
(``TowerState.ACTIONS``, through ``TowerGame.plays``), and a segment's rule reads the top frame
where it means different things at different decisions. A frame under the top one is where
play returns (a re-roll inside a Dice Phase inside a test...).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.core import Mask
from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import AUTO, Frame
from conan_envs.engine.serialize import serializable

CONAN, YARA = 0, 1

# Where a nested decision returns to (FlowState.push's `then`, _deal_to_conan, an attack's
# resume): only these kinds may lie under another frame.
RESUME = frozenset({"after_conan_dice", "after_yara_dice", "dice", "yara_dice", "location_tests",
                    "test_resume", "yara_plans", "combat_start", "ai", "minion", "yara_turn",
                    "conan_turn", "defend", "yara_draw", "yara_plan",
                    "defend_after_step"})
# nested decisions and what they must return to
RETURNS_TO = {"dice": ("after_conan_dice", "test_resume"), "mark": ("dice",),
              "pair_effect": ("dice",), "triple_effect": ("dice",), "minion_mark": ("yara_dice",),
              "yara_dice": ("after_yara_dice",), "ready": ("location_tests",),
              "putback": ("yara_plans",), "yara_plan": ("combat_start",),
              "item_square": ("conan_turn",), "item_target": ("conan_turn",),
              "defend": tuple(RESUME), "slay_step": ("defend_after_step",)}
# what "done" means at each decision that offers it, shown in the prompt
DONE_MEANS = {
    "dice": "end the Dice Phase (unslotted dice are lost)",
    "test": "give up the test",
    "conan_turn": "end Conan's activation",
    "defend": "take the hits and tokens",
    "reserve": "keep the reserved dice and clear the rest",
    "reward": "draw no Item Card",
    "mopping": "leave for the next location",
    "yara_dice": "end Yara's re-rolls",
    "yara_plan": "play no more cards and begin combat",
    "ready": "leave the other skills exhausted",
    "yara_turn": "end Yara's side",
    "minion": "end this minion's activation",
    "yara_block": "let the rest land",
    "slay_step": "stay where he stands",
}


def _need(ok: bool, field: str, why: str) -> None:
    if not ok:
        raise CorruptStateError(f"saved tower_v2 state: field {field}: {why}")


@dataclass(frozen=True, slots=True)
class TowerFrame(Frame[Any]):
    """A Tower decision or step. Every choice is played by its action segment."""

    kind: ClassVar[str] = "tower"

    def apply(self, state: Any, action: int) -> None:
        rule, i = state.game.plays[action]
        rule(state, i)

    def prompt(self, state: Any, role: int) -> tuple[str, dict[str, Any]]:
        prompt, context = state._prompt(self.kind, role)
        done = DONE_MEANS.get(self.kind)
        return (prompt if done is None else f"{prompt} (done: {done})"), context

    def done(self, state: Any) -> None:
        """The "done" action at this decision (DONE_MEANS says what it means)."""
        raise RuntimeError(f"'done' is not a move at {self.kind!r}")

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        _need(self.actor == BY_KIND[self.kind].actor, "stack",
              f"{self.kind!r} is not decided by role {self.actor}")
        if below is not None and below.kind not in RESUME:
            raise CorruptStateError(f"saved tower_v2 state: field stack: {below.kind!r} is not a "
                                    "place to return to")
        back = RETURNS_TO.get(self.kind)
        if back is not None and (below is None or below.kind not in back):
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

    def run(self, state: Any) -> None:
        state._auto_after_conan_dice()


@serializable
@dataclass(frozen=True, slots=True)
class AfterYaraDice(TowerFrame):
    """Both sides rolled: initiative in combat, else the location's events."""
    kind: ClassVar[str] = "after_yara_dice"

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

    def run(self, state: Any) -> None:
        state._auto_location_tests()


@serializable
@dataclass(frozen=True, slots=True)
class TestResume(TowerFrame):
    """A re-roll during a test is done: back to the test."""
    kind: ClassVar[str] = "test_resume"

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

    def run(self, state: Any) -> None:
        state._auto_yara_draw()


@serializable
@dataclass(frozen=True, slots=True)
class YaraPlans(TowerFrame):
    """Yara may play Plot and Plan cards before combat."""
    kind: ClassVar[str] = "yara_plans"

    def run(self, state: Any) -> None:
        state._auto_yara_plans()


@serializable
@dataclass(frozen=True, slots=True)
class CombatStart(TowerFrame):
    """Combat begins if enemies stand, else Mopping Up."""
    kind: ClassVar[str] = "combat_start"

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

    def run(self, state: Any) -> None:
        state._auto_ai()


@serializable
@dataclass(frozen=True, slots=True)
class Pick(TowerFrame):
    """Conan chooses a skill he is owed (a level reached)."""
    kind: ClassVar[str] = "pick"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_pick(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class Discard(TowerFrame):
    """Conan carries a fourth large item: he discards one."""
    kind: ClassVar[str] = "discard"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_discard(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class Dice(TowerFrame):
    """Conan's Dice Phase: slot, re-roll, burn pairs or triples."""
    kind: ClassVar[str] = "dice"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_dice(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class Mark(TowerFrame):
    """Conan marks dice to re-roll, then rolls them."""
    kind: ClassVar[str] = "mark"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_mark(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class PairEffect(TowerFrame):
    """A pair was burned: the new die's result, or READY a skill."""
    kind: ClassVar[str] = "pair_effect"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_pair_effect(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class TripleEffect(TowerFrame):
    """A triple was burned: refill FATIGUE, discard a token or a POISON token."""
    kind: ClassVar[str] = "triple_effect"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_triple_effect(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class Ready(TowerFrame):
    """Conan READYs exhausted skills."""
    kind: ClassVar[str] = "ready"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_ready(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class TakeTest(TowerFrame):
    """A location test: burn dice showing the number needed, or give up."""
    kind: ClassVar[str] = "test"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_test(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._test_done()

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _need(state.test_idx < len(state.game.c["locations"][state.loc].tests), "test_idx", "out of range")


@serializable
@dataclass(frozen=True, slots=True)
class Taurus(TowerFrame):
    """Taurus chooses the square for his powder."""
    kind: ClassVar[str] = "taurus"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_taurus(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class Initiative(TowerFrame):
    """Conan chooses GO FIRST or the GAME EFFECT of his initiative card."""
    kind: ClassVar[str] = "initiative"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_initiative(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class ConanTurn(TowerFrame):
    """Conan's activation: move, attack, skills, items."""
    kind: ClassVar[str] = "conan_turn"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_conan_turn(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._end_side()


@serializable
@dataclass(frozen=True, slots=True)
class SlayStep(TowerFrame):
    """Conan's RIPOSTE slew his attacker: he may step into its square."""
    kind: ClassVar[str] = "slay_step"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_slay_step(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._slay_step_done()


@serializable
@dataclass(frozen=True, slots=True)
class Target(TowerFrame):
    """Conan chooses the enemy for the next wound."""
    kind: ClassVar[str] = "target"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_target(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class StunTarget(TowerFrame):
    """Conan chooses the adjacent enemy to be STUNNED."""
    kind: ClassVar[str] = "stun_target"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_stun_target(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class Defend(TowerFrame):
    """Conan is dealt hits and tokens: BLOCK, RIPOSTE, a skill or an item."""
    kind: ClassVar[str] = "defend"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_defend(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._take_pending()


@serializable
@dataclass(frozen=True, slots=True)
class Reserve(TowerFrame):
    """Conan reserves dice for the next round."""
    kind: ClassVar[str] = "reserve"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_reserve(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._finish_reserve()


@serializable
@dataclass(frozen=True, slots=True)
class Reward(TowerFrame):
    """Conan draws Item Cards earned in combat."""
    kind: ClassVar[str] = "reward"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_reward(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state.replace(MOPPING_START)


@serializable
@dataclass(frozen=True, slots=True)
class Mopping(TowerFrame):
    """Mopping Up: trade items for XP or use them."""
    kind: ClassVar[str] = "mopping"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_mopping(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._leave_location()


@serializable
@dataclass(frozen=True, slots=True)
class ItemSquare(TowerFrame):
    """Conan chooses the square to throw the Black Lotus Powder at."""
    kind: ClassVar[str] = "item_square"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_item_square(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class ItemTarget(TowerFrame):
    """Conan chooses the enemy to throw an item at."""
    kind: ClassVar[str] = "item_target"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_item_target(mask, state.game.codec.offsets)

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _need(state.use_item >= 0, "use_item", "out of range")


@serializable
@dataclass(frozen=True, slots=True)
class YaraDice(TowerFrame):
    """Yara's Dice Phase: burn a minion's die to re-roll its dice."""
    kind: ClassVar[str] = "yara_dice"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_dice(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class MinionMark(TowerFrame):
    """Yara marks a minion's dice to re-roll."""
    kind: ClassVar[str] = "minion_mark"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_minion_mark(mask, state.game.codec.offsets)

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _need(0 <= state.mark_enemy < len(state.enemies) and sum(state.minion_marked)
              <= sum(state.enemies[state.mark_enemy].dice), "mark_enemy", "out of range")


@serializable
@dataclass(frozen=True, slots=True)
class YaraTurn(TowerFrame):
    """Yara's side: activate a minion or play a Plot card."""
    kind: ClassVar[str] = "yara_turn"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_turn(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._end_side()


@serializable
@dataclass(frozen=True, slots=True)
class Minion(TowerFrame):
    """One minion's activation."""
    kind: ClassVar[str] = "minion"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_minion(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state.replace(YARA_TURN)

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _need(0 <= state.active < len(state.enemies), "active", "a minion acts but none is named")


@serializable
@dataclass(frozen=True, slots=True)
class YaraPlan(TowerFrame):
    """Yara may play Plot and Plan cards before combat."""
    kind: ClassVar[str] = "yara_plan"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_plan(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class Putback(TowerFrame):
    """Yara puts drawn cards back on top or bottom of her deck."""
    kind: ClassVar[str] = "putback"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_putback(mask, state.game.codec.offsets)

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _need(0 < state.put_back <= len(state.drawn)
              and all(d in state.plot_hand for d in state.drawn), "put_back", "out of range")


@serializable
@dataclass(frozen=True, slots=True)
class YaraInitiative(TowerFrame):
    """Yara chooses GO FIRST or the GAME EFFECT of her initiative card."""
    kind: ClassVar[str] = "yara_initiative"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_initiative(mask, state.game.codec.offsets)


@serializable
@dataclass(frozen=True, slots=True)
class YaraBlock(TowerFrame):
    """Yara may burn her minion's die to block the blow it is dealt."""
    kind: ClassVar[str] = "yara_block"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_block(mask, state.game.codec.offsets)

    def done(self, state: Any) -> None:
        state._yara_block_done()

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _need(state.attack is not None and bool(state.attack["blows"]), "attack", "Yara blocks no blow")


# One instance per kind: Tower frames carry no parameters (what a decision is about lies
# in the state's fields), and frozen frames are shared safely.
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
TEST_RESUME = TestResume(AUTO)
TAURUS_CHECK = TaurusCheck(AUTO)
YARA_DRAW = YaraDraw(AUTO)
YARA_PLANS = YaraPlans(AUTO)
COMBAT_START = CombatStart(AUTO)
COMBAT_END = CombatEnd(AUTO)
MOPPING_START = MoppingStart(AUTO)
AI = Ai(AUTO)
PICK = Pick(CONAN)
DISCARD = Discard(CONAN)
DICE = Dice(CONAN)
MARK = Mark(CONAN)
PAIR_EFFECT = PairEffect(CONAN)
TRIPLE_EFFECT = TripleEffect(CONAN)
READY = Ready(CONAN)
TEST = TakeTest(CONAN)
TAURUS = Taurus(CONAN)
INITIATIVE = Initiative(CONAN)
CONAN_TURN = ConanTurn(CONAN)
SLAY_STEP = SlayStep(CONAN)
TARGET = Target(CONAN)
STUN_TARGET = StunTarget(CONAN)
DEFEND = Defend(CONAN)
RESERVE = Reserve(CONAN)
REWARD = Reward(CONAN)
MOPPING = Mopping(CONAN)
ITEM_SQUARE = ItemSquare(CONAN)
ITEM_TARGET = ItemTarget(CONAN)
YARA_DICE = YaraDice(YARA)
MINION_MARK = MinionMark(YARA)
YARA_TURN = YaraTurn(YARA)
MINION = Minion(YARA)
YARA_PLAN = YaraPlan(YARA)
PUTBACK = Putback(YARA)
YARA_INITIATIVE = YaraInitiative(YARA)
YARA_BLOCK = YaraBlock(YARA)

FRAME_TYPES: tuple[type[TowerFrame], ...] = (
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
    Pick,
    Discard,
    Dice,
    Mark,
    PairEffect,
    TripleEffect,
    Ready,
    TakeTest,
    Taurus,
    Initiative,
    ConanTurn,
    SlayStep,
    Target,
    StunTarget,
    Defend,
    Reserve,
    Reward,
    Mopping,
    ItemSquare,
    ItemTarget,
    YaraDice,
    MinionMark,
    YaraTurn,
    Minion,
    YaraPlan,
    Putback,
    YaraInitiative,
    YaraBlock,
)
BY_KIND: dict[str, TowerFrame] = {f.kind: f for f in (
    START,
    ROUND_START,
    AFTER_CONAN_DICE,
    AFTER_YARA_DICE,
    INITIATIVE_DRAW,
    SIDES,
    ROUND_END,
    DEFEND_AFTER_STEP,
    LOCATION_READY,
    LOCATION_TESTS,
    TEST_RESUME,
    TAURUS_CHECK,
    YARA_DRAW,
    YARA_PLANS,
    COMBAT_START,
    COMBAT_END,
    MOPPING_START,
    AI,
    PICK,
    DISCARD,
    DICE,
    MARK,
    PAIR_EFFECT,
    TRIPLE_EFFECT,
    READY,
    TEST,
    TAURUS,
    INITIATIVE,
    CONAN_TURN,
    SLAY_STEP,
    TARGET,
    STUN_TARGET,
    DEFEND,
    RESERVE,
    REWARD,
    MOPPING,
    ITEM_SQUARE,
    ITEM_TARGET,
    YARA_DICE,
    MINION_MARK,
    YARA_TURN,
    MINION,
    YARA_PLAN,
    PUTBACK,
    YARA_INITIATIVE,
    YARA_BLOCK,
)}
