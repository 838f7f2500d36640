"""One position of The Adventures of Conan (rulebook: Setup, Round Overview, End of Game).

The state is plain data and a stack of frames (engine/flow.py): the steps the rules take
(steps.py, steps_resolve.py) and, on top, the decision asked of a player (frames.py,
frames_resolve.py). The rules live in the
phase modules; the frames reach them through ``AdventuresState.rules``. This module holds
setup, returns and the hidden-information resampling.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import numpy as np

from ..engine.flow import AUTO, GAME_OVER, FlowState, Frame
from ..engine.view import Decision
from . import (
    abilities,
    adventure,
    cards,
    combat,
    dicepool,
    encounters,
    end_round,
    gains,
    kingdoms,
    labels,
    main_phase,
    modifiers,
    prompts,
    resource,
    restore,
    steps,
    steps_resolve,
    tokens,
)
from .cards import refill_adventures, refill_encounters
from .content import ALLY, CONAN, FOE, content
from .dicepool import ACTIVE
from .encode import encode
from .frames import KeepCard
from .frames_resolve import DECISION_TYPES
from .steps import CHOOSE_SIDES, ROUND, STEP_TYPES
from .steps_resolve import RESOLVE_STEP_TYPES
from .text import render
from .tokens import DECKS, peeked
from .view import board

C = content()
SCORE_SCALE = 60.0  # shaped_scores: Victory points / 60, capped at 1

# The rules' fields, in the order they are saved (the order __init__ first sets them); kept in
# slots (see `State._SLOTS`). The pending steps and decision are the engine's `stack`.
FIELDS = ("n", "rk", "char", "side", "ability_used", "vp", "gold", "fate", "fate_supply",
          "fate_board", "gods", "god_supply", "god_gold", "loc", "plot", "ach", "ach_used",
          "dtype", "face", "zone", "gained", "free_dice", "held", "ct_supply", "ct_discard",
          "ct_board", "temple", "ct_hand", "ct_card", "ct_known", "plot_cards", "plot_spaces",
          "adv_deck", "adv_face", "adv_discard", "adv_held", "adv_done", "enc_deck", "enc_face",
          "enc_discard", "ev_deck", "ev_cur", "ev_discard", "dirn", "order", "track_p", "track_d",
          "rolled_here", "last_spent", "phase", "end_triggered", "over", "winners", "log_kdie",
          "peek", "enc", "adv", "hits", "fight", "duel", "just_rolled")


class Rules:
    """The rules modules, as the frames reach them (``s.rules.combat.fight(...)``): the
    frames import none of them, so that the rules modules may import the frames."""

    abilities = abilities
    adventure = adventure
    cards = cards
    combat = combat
    dicepool = dicepool
    encounters = encounters
    end_round = end_round
    gains = gains
    kingdoms = kingdoms
    main_phase = main_phase
    modifiers = modifiers
    prompts = prompts
    resource = resource
    steps = steps
    steps_resolve = steps_resolve
    tokens = tokens


class AdventuresState(FlowState):
    __slots__ = FIELDS
    FRAME_TYPES = DECISION_TYPES + STEP_TYPES + RESOLVE_STEP_TYPES
    MAX_DEPTH = 400  # pending steps: a round's phases, each player's turn, rewards...
    rules = Rules

    # the fields the rules read and write (set in __init__; FIELDS gives their saved order)
    n: int
    rk: list[int]
    over: bool
    phase: str
    gods: list[list[int]]
    temple: list[list[int]]
    ct_hand: list[list[int]]
    ct_card: list[list[int]]
    ct_known: list[set[int]]
    adv_held: list[list[int]]
    log_kdie: list[list[int]]
    ct_board: list[int]
    ct_supply: list[int]
    peek: list[list[int]]

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        g = game
        n = self.n = g.n
        self.rk = list(g.role_kinds)
        rng = self.rng
        # characters: a random Foe (and second Foe with the other primary dice colour), Ally
        ohala = g.config["ohala"]
        foes = [i for i, f in enumerate(C.characters[FOE]) if ohala or not f.get("ohala")]
        f1 = foes[int(rng.integers(len(foes)))]
        colour = C.characters[FOE][f1]["base"][0]
        other = [i for i in foes if C.characters[FOE][i]["base"][0] != colour]
        ohala_foe = C.characters[FOE][f1].get("ohala", False)
        self.char = [0] * n
        for p, kind in enumerate(self.rk):
            if kind == FOE and p != 1:
                self.char[p] = other[int(rng.integers(len(other)))]
                ohala_foe = ohala_foe or C.characters[FOE][self.char[p]].get("ohala", False)
            elif kind == FOE:
                self.char[p] = f1
        for p, kind in enumerate(self.rk):
            if kind == ALLY:
                allies = [i for i, a in enumerate(C.characters[ALLY])
                          if not a.get("ohala") or (ohala and not ohala_foe)]
                self.char[p] = allies[int(rng.integers(len(allies)))]
        self.side = [0] * n
        self.ability_used = [False] * n
        nk = len(C.kingdoms)
        self.vp = [0] * n
        self.gold = [g.config["start_gold"]] * n
        self.fate = [[0] * 8 for _ in range(n)]
        self.fate_supply = [C.fate_copies] * 8
        self.fate_board = [[0] * 8 for _ in range(nk)]
        self.gods = [[] for _ in range(n)]
        self.god_supply = [True] * 8
        self.god_gold = [0] * 8
        self.loc = [-1] * n
        for p, kind in enumerate(self.rk):
            if kind != ALLY:
                self.loc[p] = C.kid[C.characters[kind][self.char[p] if kind == FOE else 0]["home"]]
        self.plot = [0] * n
        self.ach = [[0, 0, 0] for _ in range(n)]
        self.ach_used = [[False] * 3 for _ in range(n)]
        self.dtype, self.face, self.zone = [], [], []
        for p, kind in enumerate(self.rk):
            base = C.characters[kind][self.char[p] if kind != CONAN else 0]["base"]
            self.dtype.append([C.dtypes.index(t) for t in base])
            self.face.append([0] * len(base))
            self.zone.append([ACTIVE] * len(base))
        self.gained = [0] * n  # dice gained (bought or free) this round
        self.free_dice = [0] * n
        self.held = [-1] * n  # a die kept over the next Reset by "Set a die"
        # challenge tokens
        self.ct_supply = rng.permutation(len(C.ct)).tolist()
        self.ct_discard = []
        self.ct_board = [-1] * nk
        self.temple = [[] for _ in range(nk)]
        self.ct_hand = [[] for _ in range(n)]
        self.ct_card = [[] for _ in range(n)]
        self.ct_known = [set() for _ in range(n)]
        # decks
        if g.plot_mixed:  # one random card for each chapter
            self.plot_cards = [int(rng.choice([i for i, c in enumerate(C.plots) if c["chapter"] == ch]))
                               for ch in range(1, 6)]
        else:
            self.plot_cards = list(g.plot_cards)
        self.plot_spaces = g.plot_track(self.plot_cards)
        adv = [i for i, a in enumerate(C.adventures) if a["icon"] in g.icons]
        self.adv_deck = rng.permutation(adv).tolist()
        self.adv_face = [-1, -1, -1]
        self.adv_discard = []
        self.adv_held = [[] for _ in range(n)]
        self.adv_done = 0
        self.enc_deck = rng.permutation(len(C.encounters)).tolist()
        self.enc_face = [-1, -1, -1]
        self.enc_discard = []
        self.ev_deck = rng.permutation(len(C.events)).tolist()
        self.ev_cur = -1
        self.ev_discard = []
        self.dirn = 0
        self.order = list(range(1, n)) + [0]
        self.track_p = [-1] * 4
        self.track_d = [-1] * 4
        self.rolled_here = [False] * n
        self.last_spent = [-1] * n
        self.phase = "setup"
        self.end_triggered = False
        self.over = False
        self.winners = []
        self.log_kdie = []
        self.peek = [[-1, -1, -1] for _ in range(n)]
        self.enc = None
        self.adv = None
        self.hits = [0] * n
        self.fight = None  # the Fight being fought: player, hits needed, Victory points, temple
        self.duel = None  # the Duel being fought: attacker, defender, kingdom, who stopped
        self.just_rolled = None
        refill_adventures(self)
        refill_encounters(self)
        self.log_kdie = []
        self.stack.append(CHOOSE_SIDES)
        self.advance()

    # ---- flow: frames on the engine's stack (engine/flow.py, frames.py, steps.py) ---------
    def _interrupt(self) -> Frame[Any] | None:
        return GAME_OVER if self.over else None

    def _between_steps(self) -> Frame[Any] | None:
        return GAME_OVER if self.over else None

    def _next_phase(self) -> None:
        self.stack.append(ROUND)

    def advance(self) -> None:
        """The engine's run loop (FlowState.advance) with this game's only interrupt, the end of
        the game, read inline: the hot path takes several steps after most moves."""
        stack = self.stack
        limit = self.STEP_LIMIT
        steps = 0
        while not self.over:
            if stack:
                top = stack[-1]
                if top.actor != AUTO:
                    self._now = top
                    return
                top.run(self)
            else:
                stack.append(ROUND)
            steps += 1
            if steps >= limit:
                raise RuntimeError(
                    f"{type(self).__name__}: no decision after {steps} steps of the run loop; "
                    f"stack (bottom first): {[f.kind for f in stack]}")
        self._now = GAME_OVER

    def _decision(self, role: int) -> Decision:
        if self.over:  # the engine's game-over record, with the winners named
            winners = [self.game.roles[p] for p in self.winners]
            return Decision("game_over", None, f"The game is over; won by {', '.join(winners)}.",
                            {"winners": winners})
        return super()._decision(role)

    def _check_restored(self):
        restore.check(self)
        stack = self.stack
        if any(f.decides for f in stack[:-1]):
            restore.bad("stack", "a decision waits under the top of the stack")
        super()._check_restored()
        if not self.over and not self.legal_action_mask().any():
            restore.bad("stack", "the pending decision offers no legal action")

    def _view(self, role):
        return board(self, role)

    def _render(self, view):
        return render(view)

    def action_to_string(self, a):
        return labels.action_name(self, int(a))

    def returns(self):
        if not self.over:
            return [0.0] * self.n
        w = set(self.winners)
        if self.game.config["team"]:  # per team: the winning team's players each +1
            if len(w) == self.n:
                return [0.0] * self.n
            return [1.0 if p in w else -1.0 for p in range(self.n)]
        return [1.0 / len(w) if p in w else -1.0 for p in range(self.n)]

    def shaped_scores(self):
        """Victory points scaled into [0, 1]: min(VP / 60, 1) (games end near 40-50 VP)."""
        return [min(v / SCORE_SCALE, 1.0) for v in self.vp]

    def observation(self, role):
        return encode(self, role)

    def resample_hidden(self, observer, rng):
        """Redraw what `observer` cannot see: the order of the decks and of the Challenge token
        supply, and the identity of every Challenge token it has not seen (face-down on the
        board, in other players' supplies), keeping each location's knowledge with it."""
        new = cast(AdventuresState, self.clone(np.random.default_rng(rng.integers(2**63))))
        known = self.ct_known[observer]
        slots: list[tuple[Any, ...]] = []  # (container, index) of tokens unknown to observer
        for k, t in enumerate(new.ct_board):
            if t >= 0 and t not in known:
                slots.append(("board", k))
        for q in range(self.n):
            if q != observer:
                for j, t in enumerate(new.ct_hand[q]):
                    if t not in known:
                        slots.append(("hand", q, j))
        for j, t in enumerate(new.ct_supply):
            if t not in known:
                slots.append(("supply", j))
        old = [self._slot_get(new, sl) for sl in slots]
        perm = rng.permutation(len(old)).tolist()
        mapping = {old[i]: old[perm[i]] for i in range(len(old))}
        for sl, i in zip(slots, perm):
            self._slot_set(new, sl, old[i])
        for q in range(self.n):
            if q != observer:
                new.ct_known[q] = {mapping.get(t, t) for t in new.ct_known[q]}
        top: Any = new.stack[-1] if new.stack and not new.over else None
        if top is not None and hasattr(top, "token"):  # a token about to be placed
            top = new.stack[-1] = replace(top, token=mapping.get(top.token, top.token))
        for d, name in enumerate(DECKS):  # deck order, but a top card the observer scried
            deck = getattr(new, name)
            keep = peeked(self, observer, d) >= 0
            if not keep:  # a scried card no longer on top tells nothing: forget it
                new.peek[observer][d] = -1
            rest = deck[:-1] if keep else deck
            rest = rng.permutation(rest).tolist() if rest else []
            setattr(new, name, rest + deck[-1:] if keep else rest)
        dec = top
        if isinstance(dec, KeepCard) and dec.actor != observer:
            # the two cards drawn for a cycle are seen by the cycling player only
            deck = new.adv_deck if dec.which == "adventure" else new.enc_deck
            kept = deck[-1:] if peeked(self, observer, 0 if dec.which == "adventure" else 1) >= 0 else []
            pool = rng.permutation(deck[:len(deck) - len(kept)] + list(dec.drawn)).tolist()
            deck[:] = pool[len(dec.drawn):] + kept
            new.stack[-1] = replace(dec, drawn=tuple(pool[:len(dec.drawn)]))
        new._mask = None
        new._settle()
        return new

    @staticmethod
    def _slot_get(st, sl):
        if sl[0] == "board":
            return st.ct_board[sl[1]]
        if sl[0] == "hand":
            return st.ct_hand[sl[1]][sl[2]]
        return st.ct_supply[sl[1]]

    @staticmethod
    def _slot_set(st, sl, v):
        if sl[0] == "board":
            st.ct_board[sl[1]] = v
        elif sl[0] == "hand":
            st.ct_hand[sl[1]][sl[2]] = v
        else:
            st.ct_supply[sl[1]] = v
