"""The state of a game of The Tower of the Elephant and its flow (The Basics: Turn Overview;
Game Turn Structure). Each turn is one location: Dice Phase, Location Phase, Combat Phase,
Mopping Up. The rules of each part live in the mixin modules named for them."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np

from conan_envs.engine import CorruptStateError, shuffled
from conan_envs.engine.flow import GAME_OVER, Frame

from .attack import AttackMixin
from .attack_frames import ATTACK_FRAMES
from .checks import check_tower_state
from .combat import CombatMixin
from .content import ROWS
from .decisions import CONAN, CONAN_DECISIONS, DISCARD, PICK
from .defence import DefenceMixin
from .dice import DiceMixin
from .enemy import Incoming
from .fields import FIELDS, TowerRules
from .frames import COMBAT_END, START, STEP_TYPES, Phase
from .growth import GrowthMixin
from .location import LocationMixin
from .minions import MinionMixin
from .view import ViewMixin
from .yara_decisions import YARA_DECISIONS

# The rule that plays each action segment (the codec's segments, in order).
ACTIONS: dict[str, Callable[..., Any]] = {
    "pick_skill": GrowthMixin._do_pick_skill,
    "ready_skill": DiceMixin._do_ready_skill,
    "slot": DiceMixin._do_slot,
    "reroll": DiceMixin._do_reroll,
    "mark": DiceMixin._do_mark,
    "roll": DiceMixin._do_roll,
    "pair": DiceMixin._do_pair,
    "choose_result": DiceMixin._do_choose_result,
    "triple": DiceMixin._do_triple,
    "triple_refill": DiceMixin._do_triple_refill,
    "triple_discard": DiceMixin._do_triple_discard,
    "triple_poison": DiceMixin._do_triple_poison,
    "fatigue_token": DiceMixin._do_fatigue_token,
    "rage_token": DiceMixin._do_rage_token,
    "pay": LocationMixin._do_pay,
    "test_reroll": LocationMixin._do_test_reroll,
    "done": LocationMixin._do_done,
    "go_first": CombatMixin._do_go_first,
    "game_effect": CombatMixin._do_game_effect,
    "step": CombatMixin._do_step,
    "leap": CombatMixin._do_leap,
    "slash": AttackMixin._do_slash,
    "slash_stun": AttackMixin._do_slash_stun,
    "swing": AttackMixin._do_swing,
    "block": DefenceMixin._do_block,
    "riposte": DefenceMixin._do_riposte,
    "target": AttackMixin._do_target,
    "enter": CombatMixin._do_enter,
    "square": LocationMixin._do_square,
    "skill": GrowthMixin._do_skill,
    "item": GrowthMixin._do_item,
    "trade": GrowthMixin._do_trade,
    "discard_item": GrowthMixin._do_discard_item,
    "reserve": DiceMixin._do_reserve,
    "draw_item": LocationMixin._do_draw_item,
    "activate": MinionMixin._do_activate,
    "minion_reroll": DiceMixin._do_minion_reroll,
    "minion_mark": DiceMixin._do_minion_mark,
    "burn_move": MinionMixin._do_burn_move,
    "attack": MinionMixin._do_attack,
    "ability": MinionMixin._do_ability,
    "minion_block": AttackMixin._do_minion_block,
    "plot": MinionMixin._do_plot,
    "put_top": MinionMixin._do_put_top,
    "put_bottom": MinionMixin._do_put_bottom,
}


class TowerState(DiceMixin, LocationMixin, CombatMixin, AttackMixin, DefenceMixin, MinionMixin,
                 GrowthMixin, ViewMixin):
    __slots__ = FIELDS
    FRAME_TYPES = STEP_TYPES + CONAN_DECISIONS + YARA_DECISIONS + ATTACK_FRAMES   # every kind
    ACTIONS = ACTIONS   # the rule of each action segment (TowerFrame.apply plays through it)
    MAX_DEPTH = 9       # nested decisions (a re-roll inside a test inside a round...)

    def __init__(self, game: TowerRules, seed: int | None = None) -> None:
        super().__init__(game, seed)
        g = game
        c = g.c
        cc = c["conan"]
        self.winner = None
        self.loc = g.start
        # Conan's card and tracks
        self.level = g.config["start_level"]
        self.xp = 0
        self.fatigue = cc["fatigue"]
        self.wounds = 0
        self.rage_track = list(cc["rage_on_wounds"])
        self.rage_pool = 0
        self.skills = []        # owned skill indexes
        self.exhausted = []     # parallel bools
        self.items = list(g.start_items)
        self.discard_due = self._must_discard()   # a fourth large item waits to be discarded
        self.rows = [[] for _ in ROWS]
        self.pool = [0] * 7     # unslotted dice by result (index 0 unused)
        self.marked = [0] * 7
        self.locked = False     # a token was slotted: no more slotting, pairs or triples
        self.ctok = []          # STUNNED/RATTLED stack, oldest first
        self.ctok_active = False
        self.poison = []        # FATIGUE placed on each POISON token
        self.pos = c["locations"][g.start].conan   # his square at the first location
        self.move_left = 0
        self.cphase = int(Phase.FRESH)  # where his activation stands (a Phase)
        self.slain_sq = -1
        self.slay_move = False
        self.move_bonus = 0
        self.free_blocks = 0
        # location and combat
        self.enemies = []
        self.tracker = 1
        self.combat_rounds = 0
        self.in_combat = False
        self.combat_over = False
        self.init_token = CONAN
        self.first_side = CONAN
        self.side_no = 0
        self.init_card = -1
        self.auto_only = False
        self.conan_first = False
        self.ai_idx = 0
        self.pending = Incoming()   # being dealt to Conan (Conan's attack rides on its frames)
        self.test_idx = 0
        self.rewards = 0        # Item Cards Conan may still draw after this combat
        self.picks = []         # levels whose skills are still to be chosen, one entry per pick
        # decks
        self.item_deck = shuffled(self.rng, c["item_deck"])
        self.item_discard = []
        self.init_deck = shuffled(self.rng, c["init_deck"])
        self.init_discard = []
        self.plot_deck = shuffled(self.rng, c["plot_deck"]) if g.battle else []
        self.plot_hand = []
        self.plot_discard = []
        self.plot_known = ""    # "top"/"bottom": Yara knows where the card she put back lies
        self.drawn = []
        self.put_back = 0
        self.plot_played = False
        self.picks = [0, 0] + [lv for lv in range(1, self.level + 1) for _ in range(2)]
        if g.start_skills:
            self.skills = list(g.start_skills)
            self.exhausted = [False] * len(self.skills)
            self.picks = []
        self.push(START)
        self.advance()

    # ---- flow: frames on the engine's stack (engine/flow.py; frames.py, decisions.py) -----
    def _interrupt(self) -> Frame[Any] | None:
        """The game's end; else a skill owed (START, a level reached) and a fourth large item
        to discard are chosen before anything else, whatever is pending."""
        if self.winner is not None:
            return GAME_OVER
        if self.picks:
            return PICK
        if self.discard_due:
            return DISCARD
        return None

    def _between_steps(self) -> Frame[Any] | None:
        if self.winner is not None:
            return GAME_OVER
        if self.picks:
            return PICK
        if self.discard_due:
            return DISCARD
        if self.combat_over and self.in_combat:     # the last enemy fell: nothing nested goes on
            self.stack[:] = [COMBAT_END]
        return None

    def _over_prompt(self) -> str:
        return f"The game is over: {self.winner} wins."

    def _auto_start(self) -> None:
        self._begin_location()

    def returns(self) -> list[float]:
        if self.winner is None:
            r = 0.0
        else:
            r = 1.0 if self.winner == "conan" else -1.0
        return [r, -r] if self.game.battle else [r]

    def shaped_scores(self) -> list[float]:
        """Progress through the tower: locations cleared and enemies slain, minus wounds."""
        s = self.loc + 0.1 * sum(1 for e in self.enemies if e.wounds >= e.life) - 0.2 * self.wounds
        s = s / 10.0
        return [s, -s] if self.game.battle else [s]

    def observation(self, role: int) -> np.ndarray:
        return self.game._encode(self, role)

    # ---- saved games and copies -----------------------------------------------------------------
    def _check_restored(self) -> None:
        """A state read back from JSON: every range, size and cross-field tie checked, so no
        rules loop can run long on it (CorruptStateError names the field)."""
        check_tower_state(self)
        super()._check_restored()      # the frames on the stack, each with its check
        if not self.is_terminal() and not self.legal_action_mask().any():
            raise CorruptStateError(f"saved tower_v2 state: field stack: {self.decision()!r} "
                                    "offers no legal move")

    # ---- hidden information ---------------------------------------------------------------
    def resample_hidden(self, observer: int, rng: np.random.Generator) -> TowerState:
        """Conan cannot see Yara's hand nor any deck order; Yara cannot see deck orders (except
        a card she put back on top or bottom of her own deck, while it is still there)."""
        new = cast(TowerState, super().resample_hidden(observer, rng))
        new.item_deck = shuffled(rng, new.item_deck)
        new.init_deck = shuffled(rng, new.init_deck)
        if not self.game.battle:
            return new
        if observer == CONAN:
            unknown = new.plot_hand + new.plot_deck
            unknown = shuffled(rng, unknown)
            n = len(new.plot_hand)
            new.plot_hand, new.plot_deck = sorted(unknown[:n]), unknown[n:]
            if new.drawn:
                new.drawn = [new.plot_hand[k] for k in range(min(len(new.drawn), n))]
        else:
            deck = new.plot_deck
            if self.plot_known == "top" and deck:
                new.plot_deck = shuffled(rng, deck[:-1]) + [deck[-1]]
            elif self.plot_known == "bottom" and deck:
                new.plot_deck = [deck[0]] + shuffled(rng, deck[1:])
            else:
                new.plot_deck = shuffled(rng, deck)
        return new
