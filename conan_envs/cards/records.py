"""The named records of Conan: el juego de cartas (rulebook, "Facing a Challenge", "Wager",
"Resolution", "Duel: Several Heroes on the Same Adventure Card", "3. Diplomacy Turn", "Deals",
"Alliances"): the wager or Duel in progress, an offer on the table and its goods, Loot owed;
the Alliance terms; the names of the phases, the decisions and the once-per-game abilities
asked as use / decline. Below every rules module: it imports nothing
of the package."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal, get_args

from conan_envs.engine.serialize import serializable

# ---- phases, decisions, abilities asked -------------------------------------------------------
# (the order of each is the order of its one-hot block in the observation)
Phase = Literal["setup_swap", "setup_challenge", "setup_hero", "card", "hero", "diplomacy", "draw"]
PHASES: tuple[Phase, ...] = get_args(Phase)
PHASE_WORDS = {"setup_swap": "Setup: Hero swaps", "setup_challenge": "Setup: first Challenges",
               "setup_hero": "Setup: placing the Heroes", "card": "Card Turn", "hero": "Hero Turn",
               "diplomacy": "Diplomacy Turn", "draw": "Draw Turn"}
# the kinds of the decisions (frames), in the order of the observation's decision block;
# "ability" keeps its slot (never set: each ability asked has its own, PROMPT_NAMES)
DECISION_NAMES: tuple[str, ...] = (
    "swap_offer", "swap_answer", "setup_challenge", "setup_hero", "card_play", "hero_action",
    "antagonist", "bet_open", "bet_reply", "attribute", "duel_attribute", "resolution",
    "ability", "diplomacy", "deal_build", "alliance_terms", "answer")
# the once-per-game abilities (and the Priest's veto) asked as use / decline
PROMPT_NAMES: tuple[str, ...] = ("raider", "pillage", "mercenary", "rage", "fury",
                                 "sermon_break", "veto", "deal_break")


class Side(IntEnum):
    """The two sides of a wager (they index `Wager.bets`, `rage`, `fury`, a card's target)."""

    HERO = 0  # the Hero who faces the Challenge, or who challenged to the Duel
    OPPONENT = 1  # the Challenge's placer, or the challenged Hero


class Source(IntEnum):
    """Whose attribute a Challenge is faced with ("Antagonists and Allies", "Alliances")."""

    HERO = 0
    ALLY = 1  # the Hero's recruited antagonist
    PARTNER = 2  # the allied Hero


class AdventureState(IntEnum):
    """`adv_state` of an Adventure card (stored as its int value)."""

    OUT = 0  # not in play
    IN_PLAY = 1  # face up in play
    COMPLETED = 2  # completed, face down
    OWED = 3  # completed, still face up until its Loot is given


WagerKind = Literal["challenge", "duel"]
OfferKind = Literal["deal", "alliance", "swap"]  # "swap": the Setup's Hero swap


# ---- the wager -----------------------------------------------------------------------------
@serializable
@dataclass(slots=True)
class FaceDownCard:
    """A Resolution card (or a bluff) played face down in a wager ("Resolution")."""

    player: int  # who played it
    card: int  # card id
    on: int  # the Side it is played on (a Duel: either Hero; a Challenge: always Side.HERO)


@serializable
@dataclass(slots=True)
class Wager:
    """A Challenge faced or a Duel fought, from the first wager to the payment."""

    kind: WagerKind
    hero: int  # the player facing the Challenge, or the challenger of the Duel (Side.HERO)
    opp: int  # the Challenge's placer, or the challenged player (Side.OPPONENT)
    chal: int  # the Challenge faced (challenge index); -1 in a Duel
    adv: int  # the Adventure card it happens on (adventure index)
    parts: list[int]  # who plays Resolution cards, in turn: Hero, its allied Hero, opponent
    bets: list[int]  # DP wagered by each Side
    cur: int  # the wager to match
    attr: int  # the attribute used (index into ATTRS); -1 before it is chosen
    src: int  # a Source: whose attribute the Hero side uses
    cards: list[FaceDownCard]  # the Resolution's cards played face down, in order
    turn: int  # Resolution turns taken (parts[turn % len(parts)] plays next)
    passes: int  # passes in a row in the Resolution
    rage: list[bool]  # Rage used, by Side
    fury: list[bool]  # Fury used, by Side
    declined: list[list[Any]]  # [ability name, Side] declined

    def __deepcopy__(self, memo: dict[int, Any]) -> Wager:
        return Wager(self.kind, self.hero, self.opp, self.chal, self.adv, self.parts[:],
                     self.bets[:], self.cur, self.attr, self.src,
                     [FaceDownCard(e.player, e.card, e.on) for e in self.cards],
                     self.turn, self.passes, self.rage[:], self.fury[:],
                     [e[:] for e in self.declined])


# ---- offers ----------------------------------------------------------------------------------
@serializable
@dataclass(slots=True)
class Goods:
    """What one side of a Deal hands over."""

    dp: int  # DP
    random_cards: int  # cards drawn blind from the giver's hand (up to MAX_RANDOM)
    cards: list[int]  # named cards, by face index
    items: list[int]  # named Magic items, by card id

    def empty(self) -> bool:
        return not (self.dp or self.random_cards or self.cards or self.items)

    def __deepcopy__(self, memo: dict[int, Any]) -> Goods:
        return Goods(self.dp, self.random_cards, self.cards[:], self.items[:])


@serializable
@dataclass(slots=True)
class Offer:
    """An offer on the table: a Deal, an Alliance, or the Setup's Hero swap."""

    kind: OfferKind
    by: int  # the player who states it
    to: int  # the player who answers it
    give: Goods  # what `by` gives (a Deal)
    get: Goods  # what `by` asks of `to` (a Deal)
    terms: int  # the Alliance's terms (index into TERMS); -1 not yet stated
    counter: bool  # a counter-offer (which cannot be countered again)

    def __deepcopy__(self, memo: dict[int, Any]) -> Offer:
        return Offer(self.kind, self.by, self.to, self.give.__deepcopy__(memo),
                     self.get.__deepcopy__(memo), self.terms, self.counter)


def new_offer(kind: OfferKind, p: int, q: int, counter: bool = False) -> Offer:
    """An offer from p to q: what p gives ("give"), what p asks of q ("get"), Alliance terms."""
    return Offer(kind, p, q, Goods(0, 0, [], []), Goods(0, 0, [], []), -1, counter)


def new_wager(kind: WagerKind, hero: int, opp: int, chal: int, adv: int, parts: list[int]) -> Wager:
    """A wager before the first bet: nothing wagered, no attribute, no card played."""
    return Wager(kind, hero, opp, chal, adv, parts, [0, 0], 0, -1, 0, [], 0, 0, [False, False],
                 [False, False], [])


@serializable
@dataclass(slots=True)
class LootOwed:
    """Loot of a completed Adventure not yet applied ("Completing an Adventure": the cards
    or Magic items to take did not exist yet); its Adventure card stays face up meanwhile."""

    adv: int  # the Adventure completed (adventure index)
    player: int  # who completed it
    cards: int  # cards still to draw
    items: int  # Magic items still to take

    def __deepcopy__(self, memo: dict[int, Any]) -> LootOwed:
        return LootOwed(self.adv, self.player, self.cards, self.items)

# ---- Alliance terms ("Alliances"; docs/rulings/cards.md, "Diplomacy") -------------------------
SHARES = (2, 3, 4)  # sixths of each gain that the gainer keeps
ITEM_RULES = ("the one who completes the card keeps them", "the proposer takes them",
              "the other ally takes them")
TERMS = tuple((k, losses, items) for k in SHARES for losses in (False, True)
              for items in range(len(ITEM_RULES)))
MAX_RANDOM = 3  # random cards one side may give in a Deal
MAX_PLAYERS = 4  # Heroes at the table ("Overview": 2 to 4 players)


def terms_words(t: int) -> str:
    keep, losses, items = TERMS[t]
    return (f"whoever gains keeps {keep}/6 of each gain on the card (the other ally the rest); "
            f"wager losses {'shared the same way' if losses else 'not shared'}; Magic items of "
            f"the Loot: {ITEM_RULES[items]}")
