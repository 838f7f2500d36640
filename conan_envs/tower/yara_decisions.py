"""Yara's decisions as frames (engine/flow.py; Battle Mode: Dice Phase, Enemy Attacks in Battle
Mode, Yara's Plots and Plans; Resolve Initiative): she re-rolls her minions' dice, activates
them one by one, plays Plot and Plan cards, puts drawn cards back and chooses GO FIRST or the
GAME EFFECT. Each frame has its legal mask, its prompt and context, what "done" means there and
what a snapshot holding it must satisfy; a minion's activation and the dice marked to re-roll
are the frame's fields. How her minions block Conan's wounds is in attack_frames.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.core import Mask
from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from . import words
from .decisions import YARA, YaraChoice, initiative_mask, initiative_prompt
from .frames import AfterYaraDice, CombatStart, TowerFrame, YaraPlans, need


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
        rows = state.enemy_kind(state.enemies[self.enemy]).rows
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
        initiative_mask(state, mask)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return initiative_prompt(state, "yara_effect")


# A decision without parameters is one shared instance (MinionMark and Minion are built
# where they are asked).
YARA_DICE = YaraDice(YARA)
YARA_TURN = YaraTurn(YARA)
YARA_PLAN = YaraPlan(YARA)
PUTBACK = Putback(YARA)
YARA_INITIATIVE = YaraInitiative(YARA)

YARA_DECISIONS: tuple[type[TowerFrame], ...] = (
    YaraDice,
    MinionMark,
    YaraTurn,
    Minion,
    YaraPlan,
    Putback,
    YaraInitiative,
)
