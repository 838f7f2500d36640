"""One position of Conan: el juego de cartas: the plain-data fields, and the dispatch of each
decision to the module of the rulebook section that rules it."""
from __future__ import annotations

import numpy as np

from conan_envs.engine import TERMINAL, State

from . import card_turn, diplomacy, encode, flow, hero_turn, hidden, restore, setup, text, view, wager
from . import content as C

NADV, NCH = C.NUM_ADVENTURES, C.NUM_CHALLENGES

DECISIONS = {
    "swap_offer": (setup.mask_swap_offer, setup.apply_swap_offer),
    "swap_answer": (setup.mask_swap_answer, setup.apply_swap_answer),
    "setup_challenge": (setup.mask_setup_challenge, setup.apply_setup_challenge),
    "setup_hero": (setup.mask_setup_hero, setup.apply_setup_hero),
    "card_play": (card_turn.mask_card_play, card_turn.apply_card_play),
    "hero_action": (hero_turn.mask_hero_action, hero_turn.apply_hero_action),
    "antagonist": (wager.mask_antagonist, wager.apply_antagonist),
    "bet_open": (wager.mask_bet_open, wager.apply_bet_open),
    "bet_reply": (wager.mask_bet_reply, wager.apply_bet_reply),
    "attribute": (wager.mask_attribute, wager.apply_attribute),
    "duel_attribute": (wager.mask_duel_attribute, wager.apply_duel_attribute),
    "resolution": (wager.mask_resolution, wager.apply_resolution),
    "ability": (None, None),
    "diplomacy": (diplomacy.mask_diplomacy, diplomacy.apply_diplomacy),
    "deal_build": (diplomacy.mask_deal_build, diplomacy.apply_deal_build),
    "alliance_terms": (diplomacy.mask_alliance_terms, diplomacy.apply_alliance_terms),
    "answer": (diplomacy.mask_answer, diplomacy.apply_answer),
}
DECISION_NAMES = tuple(DECISIONS)

# once-per-game abilities (and the Priest's veto) asked as use / decline
PROMPTS = {
    "raider": lambda s, use: _raider(s, use),
    "pillage": hero_turn.prompt_pillage,
    "mercenary": wager.prompt_mercenary,
    "rage": wager.prompt_rage_or_fury,
    "fury": wager.prompt_rage_or_fury,
    "sermon_break": wager.prompt_sermon_break,
    "veto": diplomacy.prompt_veto,
    "deal_break": diplomacy.prompt_deal_break,
}
PROMPT_NAMES = tuple(PROMPTS)


def _raider(s, use: bool) -> None:
    """The Pirate's Raider (designed): once per game, draw three cards instead of one."""
    if use:
        s.used[s.actor] = True
        s.log_event(f"{s.game.roles[s.actor]} uses Raider")
    else:
        s.log_event(f"{s.game.roles[s.actor]} does not use Raider")
    flow.draw(s, s.actor, 3 if use else 1)
    flow.advance(s)


# The rules' fields, in the order they are saved; kept in slots (see `State._SLOTS`).
FIELDS = ("dp", "alive", "hero", "used", "pos", "must_enter", "expelled_from", "hand", "items",
          "ally", "partner", "keep", "share_losses", "items_to", "offered", "deck", "discard",
          "magic_deck", "adv_owner", "adv_state", "owed", "stack", "ch_placer", "ch_up",
          "ch_known", "order", "phase", "dec", "actor", "idx", "first_round", "w", "offer",
          "prompt", "pend", "cadv", "winner", "acted", "tie")


class CardsState(State):
    __slots__ = FIELDS

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        n = game.n
        self.dp = [game.starting] * n
        self.alive = [True] * n
        self.hero = [-1] * n
        self.used = [False] * n          # once-per-game ability spent
        self.pos = [-1] * n              # adventure index the Hero stands on, -1 none
        self.must_enter = [False] * n    # expelled: next Hero Turn enters a card
        self.expelled_from = [-1] * n    # ... other than this one (adventure index)
        self.hand = [[] for _ in range(n)]
        self.items = [[] for _ in range(n)]   # Magic items in front of each player
        self.ally = [-1] * n             # recruited antagonist (challenge index)
        self.partner = [-1] * n          # Alliance partner
        self.keep = [6] * n              # sixths of a gain kept under the Alliance
        self.share_losses = [False] * n  # Alliance terms: wager losses shared like gains
        self.items_to = [-1] * n         # Alliance terms: who takes Loot items (-1 the gainer)
        self.offered = [False] * n       # lost this Diplomacy Turn to a veto
        self.deck, self.discard, self.magic_deck = [], [], []
        self.adv_owner = [-1] * NADV
        self.adv_state = [0] * NADV      # 0 not in play, 1 face up in play, 2 completed (face
        #                                  down), 3 completed with Loot owed (still face up)
        self.owed = []                   # [adventure, player, cards owed, Magic items owed]
        self.stack = [[] for _ in range(NADV)]  # challenge indices, bottom to top
        self.ch_placer = [-1] * NCH
        self.ch_up = [False] * NCH
        self.ch_known = [0] * NCH        # bitmask of players who know a face-down Challenge
        self.order = list(range(n))
        self.phase, self.dec, self.actor, self.idx = "setup_swap", "", 0, -1
        self.first_round = True
        self.w = None        # the wager or duel in progress
        self.offer = None    # the offer on the table
        self.prompt = ""     # which ability an "ability" decision asks about
        self.pend = None     # an Alliance share [payer, receiver, DP, then] waiting on the Priest
        self.cadv = -1       # the Adventure being completed
        self.winner = -1       # -2: a draw (stalemate)
        self.acted = 0         # the round of the last decision taken (stalemate check)
        self.tie = False       # a tie at target DP waits for the end of the Hero Turns
        setup.deal_heroes(self)
        flow.advance(self)

    def current_player(self):
        return TERMINAL if self.winner != -1 else self.actor

    def _legal_mask(self):
        m = np.zeros(self.game.num_actions, dtype=bool)
        if self.dec == "ability":
            m[0] = True
            m[self.game.o["ability"]] = True
        else:
            DECISIONS[self.dec][0](self, m)
        return m

    def _apply(self, action):
        seg, i = self.game.codec.decode(action)
        self.acted = self.turn
        if self.dec == "ability":
            PROMPTS[self.prompt](self, seg == "ability")
        else:
            DECISIONS[self.dec][1](self, seg, i)

    def returns(self):
        n = self.game.n
        if self.winner < 0:
            return [0.0] * n
        return [1.0 if p == self.winner else -1.0 for p in range(n)]

    def shaped_scores(self):
        """Each Hero's DP as a share of the target, in [0, 1] (DP past the target count as 1)."""
        return [min(1.0, d / self.game.target) for d in self.dp]

    def decision(self):
        if self.winner != -1:
            return "game over"
        return f"ability {self.prompt}" if self.dec == "ability" else self.dec

    def _check_restored(self):
        restore.check(self)
        super()._check_restored()
        if not self.is_terminal() and not self.legal_action_mask().any():
            restore.fail("dec", "no legal action in the saved decision")

    def _view(self, role):
        return view.board(self, role)

    def _decision(self, role):
        return view.decision(self, role)

    def _render(self, v):
        return text.render(v)

    def observation(self, role):
        return encode.observe(self, role)

    def action_to_string(self, action):
        return text.action_string(self, action)

    def resample_hidden(self, observer, rng):
        return hidden.resample(self, observer, rng)
