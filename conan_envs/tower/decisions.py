"""The Tower's decisions as frames (engine/flow.py; The Basics: Turn Overview; Dice Phase;
Location Phase; Combat Phase; Taking Them Down; Mopping Up; Battle Mode): each of Conan's and
Yara's pending choices, with its legal mask, its prompt and context (the view's decision
record), what "done" means there and what a snapshot holding it must satisfy. A decision's
partial choice is its frame's fields (the dice paid for a test, the dice reserved, the minion
activated...); the rest of the position is the state's. The automatic steps are in frames.py.
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
    AfterYaraDice,
    CombatStart,
    DefendAfterStep,
    LocationTests,
    TestResume,
    TowerFrame,
    YaraPlans,
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


def _initiative_mask(state: Any, mask: Mask) -> None:
    O = state.game.codec.offsets
    mask[O["go_first"]] = mask[O["game_effect"]] = True


def _initiative_prompt(state: Any, effect: str) -> tuple[str, dict[str, Any]]:
    ini = state._initiative_view()
    return f"Initiative card {ini['card']}: GO FIRST, or the GAME EFFECT ({ini[effect]})?", ini


@serializable
@dataclass(frozen=True, slots=True)
class Initiative(ConanChoice):
    """Conan chooses GO FIRST or the GAME EFFECT of his initiative card."""
    kind: ClassVar[str] = "initiative"

    def mask(self, state: Any, mask: Mask) -> None:
        _initiative_mask(state, mask)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return _initiative_prompt(state, "conan_effect")


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


# ---- Yara (Battle Mode) --------------------------------------------------------------------------
@serializable
@dataclass(frozen=True, slots=True)
class YaraDice(YaraChoice):
    """Yara's Dice Phase: burn a minion's die to re-roll its dice."""
    kind: ClassVar[str] = "yara_dice"
    resumes: ClassVar[bool] = True
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (AfterYaraDice,)
    done_means: ClassVar[str | None] = "end Yara's re-rolls"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_dice(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Yara's Dice Phase: burn a minion's die to re-roll its dice.", {}

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class MinionMark(YaraChoice):
    """Yara marks a minion's dice to re-roll."""
    kind: ClassVar[str] = "minion_mark"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (YaraDice,)
    enemy: int                  # the minion whose dice are re-rolled
    marked: tuple[int, ...]     # its dice marked on each row of its card

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        marked = self.marked
        for r, n in enumerate(state.enemies[self.enemy].dice):
            if n > marked[r]:
                mask[O["minion_mark"] + r] = True
        if sum(marked):
            mask[O["roll"]] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        name = state._enemy_name(self.enemy)
        rows = state._kind(state.enemies[self.enemy]).rows
        marked = {words.row_short(rows[r]): n for r, n in enumerate(self.marked) if n}
        return f"Mark {name}'s dice to re-roll, then roll them.", {"minion": name, "marked": marked}

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(type(self.enemy) is int and 0 <= self.enemy < len(state.enemies)
             and isinstance(self.marked, tuple) and len(self.marked) == 4
             and all(type(k) is int and 0 <= k <= 12 for k in self.marked)
             and sum(self.marked) <= sum(state.enemies[self.enemy].dice), "stack",
             "the marked minion dice are out of range")


@serializable
@dataclass(frozen=True, slots=True)
class YaraTurn(YaraChoice):
    """Yara's side: activate a minion or play a Plot card."""
    kind: ClassVar[str] = "yara_turn"
    resumes: ClassVar[bool] = True
    done_means: ClassVar[str | None] = "end Yara's side"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_turn(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Yara's side: activate a minion or play a Plot card.", {}

    def done(self, state: Any) -> None:
        state._end_side()


@serializable
@dataclass(frozen=True, slots=True)
class Minion(YaraChoice):
    """One minion's activation."""
    kind: ClassVar[str] = "minion"
    resumes: ClassVar[bool] = True
    done_means: ClassVar[str | None] = "end this minion's activation"
    enemy: int              # the minion activated
    phase: int              # where its activation stands (a Phase)
    ability_used: bool      # its Battle Mode ability is used this activation

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_minion(mask, state.game.codec.offsets, self)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        name = state._enemy_name(self.enemy)
        return (f"{name} acts ({state.move_left} move points; it "
                f"{words.ACTIVATION[min(self.phase, 4)]}).",
                {"minion": name, "move_left": state.move_left, "ability_used": self.ability_used})

    def done(self, state: Any) -> None:
        state.replace(YARA_TURN)

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(type(self.enemy) is int and 0 <= self.enemy < len(state.enemies), "stack",
             "a minion acts but none is named")
        need(isinstance(self.phase, int) and 0 <= self.phase <= 4
             and type(self.ability_used) is bool, "stack", "the activation's phase is out of range")


@serializable
@dataclass(frozen=True, slots=True)
class YaraPlan(YaraChoice):
    """Yara may play Plot and Plan cards before combat."""
    kind: ClassVar[str] = "yara_plan"
    resumes: ClassVar[bool] = True
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (CombatStart,)
    done_means: ClassVar[str | None] = "play no more cards and begin combat"

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_plan(mask, state.game.codec.offsets)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Yara may play Plot and Plan cards before combat.", {}

    def done(self, state: Any) -> None:
        state.pop()


@serializable
@dataclass(frozen=True, slots=True)
class Putback(YaraChoice):
    """Yara puts drawn cards back on top or bottom of her deck."""
    kind: ClassVar[str] = "putback"
    returns_to: ClassVar[tuple[type[TowerFrame], ...]] = (YaraPlans,)

    def mask(self, state: Any, mask: Mask) -> None:
        O = state.game.codec.offsets
        for c in set(state.drawn):
            mask[O["put_top"] + c] = mask[O["put_bottom"] + c] = True

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return (f"Put {state.put_back} of the cards drawn back on top or bottom of the deck.",
                {"to_put_back": state.put_back})

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        need(0 < state.put_back <= len(state.drawn)
             and all(d in state.plot_hand for d in state.drawn), "put_back")


@serializable
@dataclass(frozen=True, slots=True)
class YaraInitiative(YaraChoice):
    """Yara chooses GO FIRST or the GAME EFFECT of her initiative card."""
    kind: ClassVar[str] = "yara_initiative"

    def mask(self, state: Any, mask: Mask) -> None:
        _initiative_mask(state, mask)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return _initiative_prompt(state, "yara_effect")


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
YARA_DICE = YaraDice(YARA)
YARA_TURN = YaraTurn(YARA)
YARA_PLAN = YaraPlan(YARA)
PUTBACK = Putback(YARA)
YARA_INITIATIVE = YaraInitiative(YARA)

DECISION_TYPES: tuple[type[TowerFrame], ...] = (
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
    YaraDice,
    MinionMark,
    YaraTurn,
    Minion,
    YaraPlan,
    Putback,
    YaraInitiative,
)
