"""The Tower's state fields with their types, on one class every rules mixin sees (The Basics:
Conan Character Card; Turn Overview; Game Turn Structure; Battle Mode), and what the rules read
from the game (its content, mode and action codec). TowerState (state.py) keeps these fields in
slots, in this order (the order they are saved); the mixins (dice.py, location.py, combat.py,
attack.py, defence.py, minions.py, growth.py, view.py) extend TowerFields, so each sees every
field with its type.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Game, Mask
from conan_envs.engine.flow import FlowState, Frame

from .content import EnemyKind, Test
from .enemy import Attack, Enemy, Incoming
from .grid import NEAR, Grid

F = TypeVar("F", bound=Frame[Any])


class TowerRules(Game):
    """What the Tower's rules read from its game (set in TowerGame._setup)."""

    battle: bool                        # Battle Mode (Conan against Yara), else solo
    c: dict[str, Any]                   # the content: cards, locations, skills, items, plots
    start: int                          # the location the game starts at
    start_items: tuple[int, ...]
    start_skills: tuple[int, ...]
    codec: ActionCodec
    decoded: tuple[tuple[str, int], ...]    # each action as (segment, index)
    plays: tuple[tuple[Callable[..., Any], int], ...]   # each action's rule and index
    _encode: Callable[[Any, int], np.ndarray]   # the observation of a role (encode.Encoder)


class TowerFields(FlowState):
    """The rules' fields of a Tower state (TowerState sets them all in __init__)."""

    game: TowerRules
    winner: str | None          # "conan" or "yara" once the game is over
    loc: int                    # the location (0-8)
    # Conan's card and tracks
    level: int
    xp: int
    fatigue: int
    wounds: int
    rage_track: list[int]       # the wound spaces still holding a RAGE token
    rage_pool: int
    skills: list[int]           # owned skill indexes
    exhausted: list[bool]       # parallel to skills
    items: list[int]
    discard_due: bool           # a fourth large item waits to be discarded
    rows: list[list[int]]       # dice (1-6) and tokens slotted on LEAP, BLOCK, RIPOSTE, SLASH, BIG SWING
    pool: list[int]             # unslotted dice by result (index 0 unused)
    marked: list[int]           # dice marked to re-roll, by result
    locked: bool                # a token was slotted: no more slotting, pairs or triples
    ctok: list[str]             # STUNNED/RATTLED stack, oldest first
    ctok_active: bool
    poison: list[int]           # FATIGUE placed on each POISON token
    pos: int                    # his square
    move_left: int              # movement points left (Conan's or the acting minion's)
    cphase: int                 # where his activation stands (a frames.Phase)
    slain_sq: int               # the square of the enemy he just slew (-1: none)
    slay_move: bool             # he stepped into it and may LEAP on
    move_bonus: int
    free_blocks: int
    # location and combat
    enemies: list[Enemy]
    tracker: int                # the Round Tracker (1-4)
    combat_rounds: int
    in_combat: bool
    combat_over: bool
    init_token: int             # the side holding the Initiative Token
    first_side: int
    side_no: int                # sides done this round
    init_card: int              # this round's initiative card (-1: none)
    auto_only: bool
    conan_first: bool           # a test gave Conan the first round
    ai_idx: int                 # solo: the next minion the AI activates
    pending: Incoming           # being dealt to Conan
    test_idx: int               # the location's next test
    rewards: int                # Item Cards Conan may still draw after this combat
    picks: list[int]            # levels whose skills are still to be chosen, one entry per pick
    # decks
    item_deck: list[int]
    item_discard: list[int]
    init_deck: list[int]
    init_discard: list[int]
    plot_deck: list[int]
    plot_hand: list[int]
    plot_discard: list[int]
    plot_known: str             # "top"/"bottom": Yara knows where the card she put back lies
    drawn: list[int]            # Plot and Plan cards just drawn
    put_back: int               # of them, how many she must put back
    plot_played: bool           # a Plot card played this round


    # ---- what each part of the rules offers the others (defined by the mixins; declared here
    # so that each mixin sees the others' operations with their types) -------------------------
    if TYPE_CHECKING:
        # dice.py: Conan's Action Dice and tracks
        def _roll_conan(self) -> None: ...
        def _roll_minions(self, solo: bool) -> None: ...
        def _base_dice(self) -> int: ...
        def _base_move(self) -> int: ...
        def _finish_conan_dice(self) -> None: ...
        def _clear_rows(self, keep: Sequence[int] = ...) -> None: ...
        def _refill(self, k: int) -> None: ...
        def _rage_into_swing(self) -> None: ...
        def _ready(self, s: int) -> None: ...
        # location.py: tests, events, rewards
        def _begin_location(self) -> None: ...
        def _need(self, rerolled: bool) -> int: ...
        def _draw_item(self) -> None: ...
        def _draw_plots(self, n: int) -> None: ...
        # combat.py: rounds and Conan's activation
        def _end_side(self) -> None: ...
        def _advance_tracker(self, k: int) -> None: ...
        def _minion_effect(self, eff: tuple[str, int]) -> None: ...
        def _can_move(self) -> bool: ...
        def _can_enter(self) -> bool: ...
        def _moved(self) -> None: ...
        def _attacked(self) -> None: ...
        # attack.py: Conan's attacks and the enemies' blocks
        def _attack_now(self) -> Attack | None: ...
        def _row_attack(self, eff: Sequence[int], k: int, attacker: int = ...) -> None: ...
        def _begin_attack(self, wounds: int, maxt: int, stun: int, rattle: int,
                          stun_main: bool = ..., attacker: int = ...) -> None: ...
        def _begin_blows(self, blows: Sequence[tuple[int, int, str]], conan_hits: int = ...,
                         conan_tokens: Sequence[str] = ...) -> None: ...
        # defence.py: attacks on Conan
        def _deal_to_conan(self, hits: int, tokens: Sequence[str], attacker: int,
                           riposte_ok: bool, resume: Frame[Any] | None = ...,
                           height: bool = ...) -> None: ...
        def _defend_check(self) -> None: ...
        def _cancel_pending(self, k: int) -> None: ...
        def _lose_fatigue(self, n: int) -> None: ...
        # minions.py: Yara's side
        def _minion_step(self, d: int) -> None: ...
        # growth.py: experience, skills and items
        def _must_discard(self) -> bool: ...
        def _gain_xp(self, x: int) -> None: ...
        def _heal(self, k: int) -> None: ...
        def _skill_usable(self, k: int, where: str) -> bool: ...
        def _item_usable(self, i: int, where: str) -> bool: ...
        def _skill_mask(self, m: Mask, O: dict[str, int], where: str) -> None: ...
        def _item_mask(self, m: Mask, O: dict[str, int], where: str) -> None: ...

    # ---- queries every part of the rules asks ----------------------------------------------------
    def _top(self, cls: type[F]) -> F:
        """The frame on top of the stack, which must be a `cls` (the decision being played, or
        the step being taken): its parameters with their types."""
        top = self.stack[-1]
        if not isinstance(top, cls):
            raise TypeError(f"expected a {cls.kind!r} frame on top, found {top.kind!r}")
        return top

    # ---- queries the agents read too (public) ----
    def grid(self) -> Grid:
        """The current location's grid of squares."""
        return self.game.c["locations"][self.loc].grid      # type: ignore[no-any-return]

    def enemy_kind(self, e: Enemy) -> EnemyKind:
        """The kind (its card's profile) of enemy `e`."""
        return self.game.c["cards"][e.card].kind            # type: ignore[no-any-return]

    def _enemy_name(self, i: int) -> str:
        return self.game.c["cards"][self.enemies[i].card].name  # type: ignore[no-any-return]

    def _test(self) -> Test:
        """The location's test being taken (or next)."""
        return self.game.c["locations"][self.loc].tests[self.test_idx]  # type: ignore[no-any-return]

    @staticmethod
    def enemy_alive(e: Enemy) -> bool:
        return e.wounds < e.life

    def _stunned(self) -> bool:
        return self.ctok_active and self.ctok[0] == "S"

    def _rattled(self) -> bool:
        return self.ctok_active and self.ctok[0] == "R"

    @staticmethod
    def _e_stunned(e: Enemy) -> bool:
        return e.token_active and e.tokens[0] == "S"

    @staticmethod
    def _e_rattled(e: Enemy) -> bool:
        return e.token_active and e.tokens[0] == "R"

    def _adjacent_enemies(self, sq: int) -> list[int]:
        near = NEAR[sq]
        return [i for i, e in enumerate(self.enemies) if e.wounds < e.life and e.square in near]


# The rules' fields, in the order they are saved (TowerState keeps them in slots).
FIELDS = tuple(name for name in TowerFields.__annotations__ if name != "game")
