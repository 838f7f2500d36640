"""Conan's decisions as frames (engine/flow.py; The Basics: Turn Overview; Dice Phase; Location
Phase; Combat Phase; Taking Them Down; Mopping Up): each of his pending choices, with its legal
mask, its prompt and context (the view's decision record), what "done" means there and what a
snapshot holding it must satisfy. A decision's partial choice is its frame's fields (the dice
paid for a test, the dice reserved, the skills still to READY...); the rest of the position is
the state's. The automatic steps are in frames.py, Yara's decisions in yara_decisions.py, the
frames of Conan's attack being resolved in attack_frames.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.core import Mask
from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from . import words
from .content import ROWS
from .frames import (
    MOPPING_START,
    AfterConanDice,
    DefendAfterStep,
    LocationTests,
    TestResume,
    TowerFrame,
    need,
)
from .grid import CELLS, dist

CONAN, YARA = 0, 1


@dataclass(frozen=True, slots=True)
class ConanChoice(TowerFrame):
    """A decision Conan takes."""
    role: ClassVar[int] = CONAN


@dataclass(frozen=True, slots=True)
class YaraChoice(TowerFrame):
    """A decision Yara takes (Battle Mode)."""
    role: ClassVar[int] = YARA


# ---- Conan ---------------------------------------------------------------------------------------
@serializable
@dataclass(frozen=True, slots=True)
class Pick(ConanChoice):
    """Conan chooses a skill he is owed (a level reached)."""
    kind: ClassVar[str] = "pick"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_pick(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return (f"Choose a level-{state.picks[0]} skill ({len(state.picks)} to choose).",
                {"level": state.picks[0], "picks_left": len(state.picks)})


@serializable
@dataclass(frozen=True, slots=True)
class Discard(ConanChoice):
    """Conan carries a fourth large item: he discards one."""
    kind: ClassVar[str] = "discard"

    def mask(self, state: Any, mask: Mask) -> None:
        o = state.game.codec.offsets["discard_item"]
        items = state.game.c["items"]
        for i in state.items:
            if items[i].size == "large":
                mask[o + i] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Conan carries more than 3 large items: discard one.", {}


@serializable
@dataclass(frozen=True, slots=True)
class Dice(ConanChoice):
    """Conan's Dice Phase: slot, re-roll, burn pairs or triples."""
    kind: ClassVar[str] = "dice"
    resumes: ClassVar[bool] = True
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (AfterConanDice, TestResume)
    done_means: ClassVar[str | None] = "end the Dice Phase (unslotted dice are lost)"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_dice(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Dice Phase: slot dice, burn one to re-roll, burn pairs or triples.", {}

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class Mark(ConanChoice):
    """Conan marks dice to re-roll, then rolls them."""
    kind: ClassVar[str] = "mark"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (Dice,)

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        pool, marked = state.pool, state.marked
        for v in range(1, 7):
            if pool[v] > marked[v]:
                mask[O["mark"] + v - 1] = True
        if sum(marked):
            mask[O["roll"]] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Mark the dice to re-roll, then roll them.", {}


@serializable
@dataclass(frozen=True, slots=True)
class PairEffect(ConanChoice):
    """A pair was burned: the new die's result, or READY a skill."""
    kind: ClassVar[str] = "pair_effect"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (Dice,)
    may_ready: bool     # a burned pair may READY a skill instead (a skill's new die may not)

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        mask[O["choose_result"]: O["choose_result"] + 6] = True
        if self.may_ready:
            state._ready_skill_mask(mask, O)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        more = " or READY an exhausted skill" if self.may_ready else ""
        return f"Choose the result of the new die{more}.", {"may_ready": self.may_ready}


@serializable
@dataclass(frozen=True, slots=True)
class TripleEffect(ConanChoice):
    """A triple was burned: refill FATIGUE, discard a token or a POISON token."""
    kind: ClassVar[str] = "triple_effect"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (Dice,)

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        if state.fatigue < state.game.c["conan"]["fatigue"]:
            mask[O["triple_refill"]] = True
        if state.ctok:
            mask[O["triple_discard"]] = True
        if state.poison:
            mask[O["triple_poison"]] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Triple burned: refill FATIGUE, discard a token or a POISON token.", {}


@serializable
@dataclass(frozen=True, slots=True)
class Ready(ConanChoice):
    """Conan READYs exhausted skills."""
    kind: ClassVar[str] = "ready"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (LocationTests,)
    done_means: ClassVar[str | None] = "leave the other skills exhausted"
    left: int           # skills he may still READY

    def mask(self, state: Any, mask: Mask) -> None:
        state._ready_skill_mask(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return f"READY exhausted skills ({self.left} more).", {"ready_left": self.left}

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(type(self.left) is int and 0 < self.left <= 10, "stack", "READY count out of range")

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class TakeTest(ConanChoice):
    """A location test: burn dice showing the number needed, or give up."""
    kind: ClassVar[str] = "test"
    done_means: ClassVar[str | None] = "give up the test"
    paid: int           # dice burned for it so far
    rerolled: bool      # the second attempt: each result needed is one more

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_test(mask, state.game.codec.offsets, self)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        t = state._test_view()
        return (f"Test '{t['name']}': burn {t['dice'] - t['paid']} more dice showing "
                f"{t['need']}+. Passed: {t['if_passed']}. Failed or given up: "
                f"{t['if_failed_or_given_up']}.", t)

    def done(self, state: Any) -> None:
        state._test_done()

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(state.test_idx < len(state.game.c["locations"][state.loc].tests), "test_idx")
        need(type(self.paid) is int and 0 <= self.paid < state._test().count
             and type(self.rerolled) is bool, "stack", "the test's dice paid out of range")


@serializable
@dataclass(frozen=True, slots=True)
class Taurus(ConanChoice):
    """Taurus chooses the square for his powder."""
    kind: ClassVar[str] = "taurus"

    def mask(self, state: Any, mask: Mask) -> None:
        """Taurus throws from off the board (designed): any square of the location."""
        o = state.game.codec.offsets["square"]
        mask[o: o + CELLS] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Choose the square for Taurus's Black Lotus Powder.", {}


def initiative_mask(state: Any, mask: Mask) -> None:
    O = state.game.codec.offsets
    mask[O["go_first"]] = mask[O["game_effect"]] = True


def initiative_prompt(state: Any, effect: str) -> tuple[str, dict[str, Any]]:
    ini = state._initiative_view()
    return f"Initiative card {ini['card']}: GO FIRST, or the GAME EFFECT ({ini[effect]})?", ini


@serializable
@dataclass(frozen=True, slots=True)
class Initiative(ConanChoice):
    """Conan chooses GO FIRST or the GAME EFFECT of his initiative card."""
    kind: ClassVar[str] = "initiative"

    def mask(self, state: Any, mask: Mask) -> None:
        initiative_mask(state, mask)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return initiative_prompt(state, "conan_effect")


@serializable
@dataclass(frozen=True, slots=True)
class ConanTurn(ConanChoice):
    """Conan's activation: move, attack, skills, items."""
    kind: ClassVar[str] = "conan_turn"
    resumes: ClassVar[bool] = True
    done_means: ClassVar[str | None] = "end Conan's activation"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_conan_turn(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return (f"Conan's activation ({state.move_left} move points; he "
                f"{words.ACTIVATION[min(state.cphase, 4)]}).", {"move_left": state.move_left})

    def done(self, state: Any) -> None:
        state._end_side()


@serializable
@dataclass(frozen=True, slots=True)
class SlayStep(ConanChoice):
    """Conan's RIPOSTE slew his attacker: he may step into its square."""
    kind: ClassVar[str] = "slay_step"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (DefendAfterStep,)
    done_means: ClassVar[str | None] = "stay where he stands"

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        mask[O["enter"]] = mask[O["done"]] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        sq = words.square(state.slain_sq)
        return (f"Conan's RIPOSTE slew his attacker: step into its square {sq} at no cost?",
                {"square": sq})

    def done(self, state: Any) -> None:
        state._slay_step_done()


@serializable
@dataclass(frozen=True, slots=True)
class Defend(ConanChoice):
    """Conan is dealt hits and tokens: BLOCK, RIPOSTE, a skill or an item."""
    kind: ClassVar[str] = "defend"
    resumes: ClassVar[bool] = True
    nested: ClassVar[bool] = True
    done_means: ClassVar[str | None] = "take the hits and tokens"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_defend(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        inc = state._incoming_view()
        who = inc["attacker"] or "The attack"
        toks = f" and {', '.join(inc['tokens'])}" if inc["tokens"] else ""
        return (f"{who} deals {inc['hits']} hit(s){toks} to Conan: BLOCK, RIPOSTE, a skill "
                f"or an item?", inc)

    def done(self, state: Any) -> None:
        state._take_pending()


@serializable
@dataclass(frozen=True, slots=True)
class Reserve(ConanChoice):
    """Conan reserves dice for the next round."""
    kind: ClassVar[str] = "reserve"
    done_means: ClassVar[str | None] = "keep the reserved dice and clear the rest"
    left: int                   # dice he may still reserve
    kept: tuple[int, ...]       # dice kept so far in each row (the leftmost ones)

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        if self.left > 0:
            rows = state.rows
            for r in range(5):
                if self.kept[r] < len(rows[r]):
                    mask[O["reserve"] + r] = True
        mask[O["done"]] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return (f"Reserve dice on the card for the next round ({self.left} more).",
                {"reserve_left": self.left, "kept": dict(zip(ROWS, self.kept))})

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(type(self.left) is int and 0 <= self.left <= 5 and isinstance(self.kept, tuple)
             and len(self.kept) == 5 and all(type(k) is int and 0 <= k <= len(row)
                                             for k, row in zip(self.kept, state.rows)),
             "stack", "reserved dice out of range")

    def done(self, state: Any) -> None:
        state._finish_reserve()


@serializable
@dataclass(frozen=True, slots=True)
class Reward(ConanChoice):
    """Conan draws Item Cards earned in combat."""
    kind: ClassVar[str] = "reward"
    done_means: ClassVar[str | None] = "draw no Item Card"

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        mask[O["draw_item"]] = mask[O["done"]] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return (f"Draw an Item Card as a reward ({state.rewards} to draw)?",
                {"rewards": state.rewards})

    def done(self, state: Any) -> None:
        state.replace(MOPPING_START)


@serializable
@dataclass(frozen=True, slots=True)
class Mopping(ConanChoice):
    """Mopping Up: trade items for XP or use them."""
    kind: ClassVar[str] = "mopping"
    done_means: ClassVar[str | None] = "leave for the next location"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_mopping(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Mopping Up: trade items for XP or use them.", {}

    def done(self, state: Any) -> None:
        state._leave_location()


@serializable
@dataclass(frozen=True, slots=True)
class ItemSquare(ConanChoice):
    """Conan chooses the square to throw the Black Lotus Powder at."""
    kind: ClassVar[str] = "item_square"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (ConanTurn,)

    def mask(self, state: Any, mask: Mask) -> None:
        o = state.game.codec.offsets["square"]
        pos = state.pos
        for sq in range(CELLS):
            if dist(pos, sq) <= 3:
                mask[o + sq] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Choose the square to throw the Black Lotus Powder at.", {}


@serializable
@dataclass(frozen=True, slots=True)
class ItemTarget(ConanChoice):
    """Conan chooses the enemy to throw an item at."""
    kind: ClassVar[str] = "item_target"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (ConanTurn,)
    item: int           # the Item Card thrown

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_item_target(mask, state.game.codec.offsets, self.item)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        name = state.game.c["items"][self.item].name
        return f"Choose the enemy to throw {name} at.", {"item": name}

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(type(self.item) is int and 0 <= self.item < len(state.game.c["items"]), "stack",
             "the item thrown is not an Item Card")


# A decision without parameters is one shared instance (frozen frames are shared safely);
# the others (PairEffect, Ready, Reserve, ItemTarget, MinionMark, TakeTest, Minion) are built
# where they are asked.
PICK = Pick(CONAN)
DISCARD = Discard(CONAN)
DICE = Dice(CONAN)
MARK = Mark(CONAN)
TRIPLE_EFFECT = TripleEffect(CONAN)
TAURUS = Taurus(CONAN)
INITIATIVE = Initiative(CONAN)
CONAN_TURN = ConanTurn(CONAN)
SLAY_STEP = SlayStep(CONAN)
DEFEND = Defend(CONAN)
REWARD = Reward(CONAN)
MOPPING = Mopping(CONAN)
ITEM_SQUARE = ItemSquare(CONAN)

CONAN_DECISIONS: tuple[type[TowerFrame], ...] = (
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
    Defend,
    Reserve,
    Reward,
    Mopping,
    ItemSquare,
    ItemTarget,
)
