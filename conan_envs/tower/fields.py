"""The Tower's state fields with their types, on one class every rules mixin sees (The Basics:
Conan Character Card; Turn Overview; Game Turn Structure; Battle Mode), and what the rules read
from the game (its content, mode and action codec). TowerState (state.py) keeps these fields in
slots, in this order (the order they are saved); the mixins (dice.py, location.py, combat.py,
attack.py, defence.py, minions.py, growth.py, view.py) extend TowerFields, so each sees every
field with its type.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Game
from conan_envs.engine.flow import FlowState

from .enemy import Enemy, Incoming


class TowerRules(Game):
    """What the Tower's rules read from its game (set in TowerGame._setup)."""

    battle: bool                        # Battle Mode (Conan against Yara), else solo
    c: dict[str, Any]                   # the content: cards, locations, skills, items, plots
    start: int                          # the location the game starts at
    start_items: tuple[int, ...]
    start_skills: tuple[int, ...]
    codec: ActionCodec
    decoded: tuple[tuple[str, int], ...]    # each action as (segment, index)
    plays: tuple[tuple[Callable[[Any, int], Any], int], ...]   # each action's rule and index


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


# The rules' fields, in the order they are saved (TowerState keeps them in slots).
FIELDS = tuple(name for name in TowerFields.__annotations__ if name != "game")
