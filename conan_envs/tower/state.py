"""The state of a game of The Tower of the Elephant and its flow (The Basics: Turn Overview;
Game Turn Structure). Each turn is one location: Dice Phase, Location Phase, Combat Phase,
Mopping Up. The rules of each part live in the mixin modules named for them."""
from __future__ import annotations

import numpy as np

from conan_envs.engine import TERMINAL, CorruptStateError, State, shuffled

from .checks import check_tower_state
from .combat import CombatMixin
from .content import ROWS
from .defence import DefenceMixin
from .dice import DiceMixin
from .growth import GrowthMixin
from .location import LocationMixin
from .minions import MinionMixin
from .view import ViewMixin

CONAN, YARA = 0, 1

# Who decides at each decision stage (Yara's stages only exist in Battle Mode).
YARA_STAGES = frozenset({"yara_dice", "minion_mark", "yara_turn", "minion", "yara_plan",
                         "putback", "yara_initiative", "yara_block"})


# The rules' fields, in the order they are saved (the order __init__ first sets them); kept in
# slots (see `State._SLOTS`).
FIELDS = ("winner", "loc", "level", "xp", "fatigue", "wounds", "rage_track", "rage_pool",
          "skills", "exhausted", "items", "discard_due", "rows", "pool", "marked", "locked",
          "ctok", "ctok_active", "poison", "pos", "move_left", "cphase", "slain_sq", "slay_move",
          "move_bonus", "free_blocks", "enemies", "tracker", "combat_rounds", "in_combat",
          "combat_over", "init_token", "first_side", "side_no", "init_card", "auto_only",
          "conan_first", "ai_idx", "active", "mphase", "ability_used", "pending", "attack",
          "test_idx", "rewards", "test_paid", "test_rerolled", "reserve_kept", "reserve_left",
          "pair_ready_ok", "use_item", "mark_enemy", "minion_marked", "ready_left", "picks",
          "stage", "ret", "item_deck", "item_discard", "init_deck", "init_discard", "plot_deck",
          "plot_hand", "plot_discard", "plot_known", "drawn", "put_back", "plot_played")


class TowerState(DiceMixin, LocationMixin, CombatMixin, DefenceMixin, MinionMixin, GrowthMixin,
                 ViewMixin, State):
    __slots__ = FIELDS

    def __init__(self, game, seed=None):
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
        # 0 none, 1 moving first, 2 attacking after a move, 3 attacking first, 4 moving after attacking
        self.cphase = 0
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
        self.active = -1        # the minion Yara is activating
        self.mphase = 0
        self.ability_used = False
        self.pending = {"hits": 0, "tokens": [], "attacker": -1, "riposte": False}  # being dealt to Conan
        self.attack = None      # [wounds left, max targets, targets used, stun other, rattle, resume]
        self.test_idx = 0
        self.rewards = 0        # Item Cards Conan may still draw after this combat
        self.test_paid = 0
        self.test_rerolled = False
        self.reserve_kept = [0] * 5
        self.reserve_left = 0
        self.pair_ready_ok = False
        self.use_item = -1
        self.mark_enemy = -1
        self.minion_marked = [0, 0, 0, 0]
        self.ready_left = 0
        self.picks = []         # levels whose skills are still to be chosen, one entry per pick
        self.stage = "pick"
        self.ret = []
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
        self.stage = "start"
        self._run()

    # ---- flow ---------------------------------------------------------------------------
    def _run(self):
        """Do the bookkeeping that needs no choice until someone must decide."""
        auto = AUTO
        while self.winner is None:
            if self.picks or self.discard_due:
                return
            if self.combat_over and self.in_combat:
                self.ret.clear()
                self.stage = "combat_end"
            handler = auto.get(self.stage)
            if handler is None:
                return
            handler(self)

    def _auto_start(self):
        self._begin_location()

    def _push(self, stage, resume):
        self.ret.append(resume)
        self.stage = stage

    def _pop(self):
        self.stage = self.ret.pop()

    def decision(self):
        if self.winner is not None:
            return "game over"
        if self.picks:
            return "pick"
        if self.discard_due:
            return "discard"
        return self.stage

    def current_player(self):
        if self.winner is not None:
            return TERMINAL
        if self.picks or self.discard_due:     # decision() is "pick" or "discard": Conan's
            return CONAN
        return YARA if self.stage in YARA_STAGES else CONAN

    def _legal_mask(self):
        m = np.zeros(self.game.num_actions, dtype=bool)
        MASKS[self.decision()](self, m, self.game.codec.offsets)
        return m

    def _apply(self, a):
        seg, i = self.game.decoded[a]
        DOS[seg](self, i)
        self._run()

    def returns(self):
        if self.winner is None:
            r = 0.0
        else:
            r = 1.0 if self.winner == "conan" else -1.0
        return [r, -r] if self.game.battle else [r]

    def shaped_scores(self):
        """Progress through the tower: locations cleared and enemies slain, minus wounds."""
        s = self.loc + 0.1 * sum(1 for e in self.enemies if e.wounds >= e.life) - 0.2 * self.wounds
        s = s / 10.0
        return [s, -s] if self.game.battle else [s]

    def observation(self, role):
        return self.game._encode(self, role)

    # ---- saved games and copies -----------------------------------------------------------------
    def _check_restored(self):
        """A state read back from JSON: every range, size and cross-field tie checked, so no
        rules loop can run long on it (CorruptStateError names the field)."""
        check_tower_state(self)
        super()._check_restored()
        if not self.is_terminal() and not self.legal_action_mask().any():
            raise CorruptStateError(f"saved tower_v2 state: field stage: {self.decision()!r} "
                                    "offers no legal move")

    # ---- hidden information ---------------------------------------------------------------
    def resample_hidden(self, observer, rng):
        """Conan cannot see Yara's hand nor any deck order; Yara cannot see deck orders (except
        a card she put back on top or bottom of her own deck, while it is still there)."""
        new = super().resample_hidden(observer, rng)
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


AUTO = {k[len("_auto_"):]: getattr(TowerState, k) for k in dir(TowerState) if k.startswith("_auto_")}
MASKS = {k[len("_mask_"):]: getattr(TowerState, k) for k in dir(TowerState) if k.startswith("_mask_")}
DOS = {k[len("_do_"):]: getattr(TowerState, k) for k in dir(TowerState) if k.startswith("_do_")}
