"""The fields of one position of Conan: el juego de cartas (rulebook, "Components", "Setup
Phase", "Game Phases"), typed and commented, kept in slots, and the decision asked now: a
frame on the engine's stack (engine/flow.py; the frames: frames.py). Every rules module works
on a `Table`. A decision that ends a player's part in a phase leaves the stack (`hand_on`) and
the run loop asks the driver (flow.py, above the rules modules) for the next player through
`FlowState._next_phase`; the Card Turn's pass after its first round ends the phase at once
(`end_phase`, bound by `CardsState`). So no rules module imports the driver."""
from __future__ import annotations

from abc import abstractmethod
from typing import Any

import numpy as np
import numpy.typing as npt

from conan_envs.engine.flow import AUTO, GAME_OVER, FlowState, Frame

from . import content as C
from .config import CardsConfig
from .records import LootOwed, Offer, Phase, Wager

Mask = npt.NDArray[np.bool_]  # a legal-action mask being built

# The rules' fields, in the order they are saved; kept in slots (see `State._SLOTS`).
FIELDS = ("dp", "alive", "hero", "used", "pos", "must_enter", "expelled_from", "hand", "items",
          "ally", "partner", "keep", "share_losses", "items_to", "offered", "deck", "discard",
          "magic_deck", "adv_owner", "adv_state", "owed", "piles", "ch_placer", "ch_up",
          "ch_known", "order", "phase", "idx", "first_round", "w", "offer", "winner",
          "acted", "tie")


class Table(FlowState):
    """A position's plain-data fields (lists indexed by player, adventure or challenge index);
    the decision asked is the frame deciding now (`frame()`; the stack of `FlowState`)."""

    __slots__ = FIELDS
    game: CardsConfig
    # per player
    dp: list[int]  # Dominion points
    alive: list[bool]  # not yet defeated
    hero: list[int]  # Hero index
    used: list[bool]  # once-per-game ability spent
    pos: list[int]  # adventure index the Hero stands on, -1 none
    must_enter: list[bool]  # expelled: next Hero Turn enters a card
    expelled_from: list[int]  # ... other than this one (adventure index)
    hand: list[list[int]]  # card ids in hand
    items: list[list[int]]  # Magic items (card ids) face up in front of the player
    ally: list[int]  # recruited antagonist (challenge index), -1 none
    partner: list[int]  # Alliance partner, -1 none
    keep: list[int]  # sixths of a gain kept under the Alliance
    share_losses: list[bool]  # Alliance terms: wager losses shared like gains
    items_to: list[int]  # Alliance terms: who takes Loot items (-1 the gainer)
    offered: list[bool]  # lost this Diplomacy Turn to a veto
    # decks (the top last)
    deck: list[int]
    discard: list[int]
    magic_deck: list[int]
    # per adventure
    adv_owner: list[int]  # the player in front of whom it lies, -1 none
    adv_state: list[int]  # an AdventureState value
    owed: list[LootOwed]  # Loot still owed, in the order the Adventures were completed
    piles: list[list[int]]  # challenge indices on it, bottom to top (its Challenge pile)
    # per challenge
    ch_placer: list[int]  # who placed it, -1 not on a pile
    ch_up: list[bool]  # face up
    ch_known: list[int]  # bitmask of players who know it face down
    # the turn
    order: list[int]  # turn order (players)
    phase: Phase  # the Game Phase (or Setup step)
    idx: int  # position in `order` of the player whose turn it is
    first_round: bool  # the Card Turn's mandatory first round
    w: Wager | None  # the wager or duel in progress
    offer: Offer | None  # the offer on the table
    winner: int  # -1 playing, -2 a draw (stalemate), else the winner
    acted: int  # the round of the last decision taken (stalemate check)
    tie: bool  # a tie at target DP waits for the end of the Hero Turns

    def init_fields(self) -> None:
        """An empty table before the Setup Phase."""
        game = self.game
        n = game.n
        self.dp = [game.starting] * n
        self.alive = [True] * n
        self.hero = [-1] * n
        self.used = [False] * n
        self.pos = [-1] * n
        self.must_enter = [False] * n
        self.expelled_from = [-1] * n
        self.hand = [[] for _ in range(n)]
        self.items = [[] for _ in range(n)]
        self.ally = [-1] * n
        self.partner = [-1] * n
        self.keep = [6] * n
        self.share_losses = [False] * n
        self.items_to = [-1] * n
        self.offered = [False] * n
        self.deck, self.discard, self.magic_deck = [], [], []
        self.adv_owner = [-1] * C.NUM_ADVENTURES
        self.adv_state = [0] * C.NUM_ADVENTURES
        self.owed = []
        self.piles = [[] for _ in range(C.NUM_ADVENTURES)]
        self.ch_placer = [-1] * C.NUM_CHALLENGES
        self.ch_up = [False] * C.NUM_CHALLENGES
        self.ch_known = [0] * C.NUM_CHALLENGES
        self.order = list(range(n))
        self.phase, self.idx = "setup_swap", -1
        self.first_round = True
        self.w = None
        self.offer = None
        self.winner = -1
        self.acted = 0
        self.tie = False

    def edited(self) -> Table:
        super().edited()
        return self

    def ask(self, frame: Frame[Any]) -> None:
        """`frame` is the decision asked now: it takes the place of the frame on top (the
        decision just taken), or goes on an empty stack."""
        stack = self.stack
        if stack:
            stack[-1] = frame
        else:
            stack.append(frame)

    def hand_on(self) -> None:
        """The decision or step on top ends the player's part in the phase: it goes, and the
        run loop, finding the stack empty, asks the driver for the next player
        (`_next_phase`: flow.next_player)."""
        self.stack.pop()

    def advance(self) -> None:
        """The run loop (`FlowState.advance`), its common case first: a game still playing
        whose top frame is a decision stops there at once (most moves ask the next decision
        in place of the one taken)."""
        stack = self.stack
        if self.winner == -1 and stack:
            top = stack[-1]
            if top.actor != AUTO:
                self._now = top
                return
        FlowState.advance(self)

    def _interrupt(self) -> Frame[Any] | None:
        return GAME_OVER if self.winner != -1 else None

    def _over_prompt(self) -> str:
        roles = self.game.roles
        what = "a draw" if self.winner == -2 else f"{roles[self.winner]} wins"
        return f"The game is over: {what}."

    # ---- read-only accessors (copies: agents read them, the rules alone change a position) ---
    @property
    def wager(self) -> Wager | None:
        """A copy of the wager or Duel in progress, or None."""
        return None if self.w is None else self.w.__deepcopy__({})

    @property
    def offer_on_table(self) -> Offer | None:
        """A copy of the offer on the table, or None."""
        return None if self.offer is None else self.offer.__deepcopy__({})

    # ---- the driver (flow.py), bound by CardsState -------------------------------------------
    @abstractmethod
    def end_phase(self) -> None:
        """End the phase and begin the next."""
