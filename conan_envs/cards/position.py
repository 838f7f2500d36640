"""A position builder for Conan: el juego de cartas: an empty table with chosen Heroes and DP; a
player's DP, hand, Magic items, Ally, Adventure card, expulsion and once-per-game ability;
Adventure cards in play and Challenges on them; an Alliance; the draw deck, the discard pile
and the Magic item deck; a Player Defeat; and a phase begun from there, or one player to act in
it (for tests, puzzles and curricula; the rulebook's Setup is in setup.py). The only place
outside the rules that sets a state's fields; everything after it is played through public
moves. Every function checks its inputs (ValueError) and leaves the state's legal-action mask
to be recomputed."""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from typing import Any, cast

import conan_envs

from ..engine import checks
from . import content as C
from . import flow
from .base import Table
from .card_turn import CardPlay
from .diplomacy import Diplomacy
from .frames import Decide
from .hero_turn import HeroAction
from .records import Phase
from .setup import put_challenge
from .table import check_defeat

# a phase one player may be set to act in, and the decision that opens the player's turn there
TURN_DECISIONS: dict[str, tuple[Phase, type[Decide]]] = {
    "hero": ("hero", HeroAction), "card": ("card", CardPlay), "diplomacy": ("diplomacy", Diplomacy)}
BEGUN_PHASES: dict[str, Phase] = {"card": "card", "hero": "hero", "diplomacy": "diplomacy", "draw": "draw"}
DRAW_CARDS = range(C.CH0, C.MG0)  # the cards of the draw deck: all but Heroes and Magic items


def _named(kind: str, index: Callable[[str], int], x: Any, count: int) -> int:
    i = x
    if isinstance(x, str):
        try:
            i = index(x)
        except ValueError as e:
            raise ValueError(f"{x!r} is not {kind}") from e
    if type(i) is not int or not 0 <= i < count:
        raise ValueError(f"{x!r} is not {kind}")
    return i


def card(x: Any) -> int:
    """A card id from its name (the first copy) or an id, checked."""
    return _named("a card", C.card_id, x, C.NUM_CARDS)


def adventure_card(x: Any) -> int:
    """An Adventure index from its name or an index, checked."""
    return _named("an Adventure", C.adventure_index, x, C.NUM_ADVENTURES)


def challenge_card(x: Any) -> int:
    """A Challenge index from its name or an index, checked."""
    return _named("a Challenge", C.challenge_index, x, C.NUM_CHALLENGES)


def _cards(xs: Iterable[Any], allowed: Container[int] | None = None,
           kind: str = "card") -> list[int]:
    ids = [card(x) for x in xs]
    if allowed is not None and any(c not in allowed for c in ids):
        raise ValueError(f"{list(xs)!r}: not every one is a {kind}")
    if len(set(ids)) != len(ids):
        raise ValueError(f"{list(xs)!r}: a card twice")
    return ids


def table(n: int = 2, heroes: Sequence[str] = ("Barbarian", "Plunderer"),
          dp: Iterable[int] | None = None, seed: int = 0, **config: Any) -> Table:
    """A started game with everything cleared: no Adventure cards in play, no hands, draw deck,
    discard pile, items, Allies or Alliances; the whole Magic item deck; `heroes` by name and
    `dp` (default the starting DP); round 1, player_0 to act in the Hero Turn."""
    game = conan_envs.make_game("cards_v2", num_players=n, **config)
    s = cast(Table, game.new_initial_state(seed))
    if len(heroes) != n:
        raise ValueError(f"heroes {heroes!r}: expected one per player ({n})")
    for h in heroes:
        if h not in C.HERO_INDEX:
            raise ValueError(f"{h!r} is not a Hero")
    dp = list(dp) if dp is not None else [s.game.starting] * n
    if len(dp) != n or any(type(d) is not int or d < 0 for d in dp):
        raise ValueError(f"dp {dp!r}: expected a count of 0 or more per player ({n})")
    s.hero = [C.HERO_INDEX[h] for h in heroes]
    s.dp = dp
    s.alive = [True] * n
    s.used = [False] * n
    s.pos = [-1] * n
    s.must_enter = [False] * n
    s.expelled_from = [-1] * n
    s.hand = [[] for _ in range(n)]
    s.items = [[] for _ in range(n)]
    s.ally = [-1] * n
    s.partner = [-1] * n
    s.keep = [6] * n
    s.share_losses = [False] * n
    s.items_to = [-1] * n
    s.offered = [False] * n
    s.deck, s.discard = [], []
    s.magic_deck = list(C.MAGIC_IDS)
    s.adv_owner = [-1] * C.NUM_ADVENTURES
    s.adv_state = [0] * C.NUM_ADVENTURES
    s.owed = []
    s.piles = [[] for _ in range(C.NUM_ADVENTURES)]
    s.ch_placer = [-1] * C.NUM_CHALLENGES
    s.ch_up = [False] * C.NUM_CHALLENGES
    s.ch_known = [0] * C.NUM_CHALLENGES
    s.order = list(range(n))
    s.w = s.offer = None
    s.winner = -1
    s.tie = False
    s.turn = s.acted = 0
    s.first_round = False
    return turn(s, "hero", 0)


def turn(s: Table, phase: str, player: int) -> Table:
    """Player `player` to act in `phase` ("card", "hero" or "diplomacy"), at the decision that
    opens its turn there (whatever was asked before is dropped); the players after it in turn
    order follow."""
    if phase not in TURN_DECISIONS:
        raise ValueError(f"phase {phase!r} is not one of {tuple(TURN_DECISIONS)}")
    checks.player(player, s.game.n)
    s.phase, first = TURN_DECISIONS[phase]
    s.idx = s.order.index(player)
    s.stack[:] = [first(player)]
    return s.edited()


def begin(s: Table, phase: str, first_round: bool = True) -> Table:
    """Begin `phase` ("card", "hero", "diplomacy" or "draw") from the first player in turn
    order, as the rules do (Hero Turns check victory, Draw Turns draw); in the Card Turn,
    `first_round` says whether a pass still lets the turn go round."""
    if phase not in BEGUN_PHASES:
        raise ValueError(f"phase {phase!r} is not one of {tuple(BEGUN_PHASES)}")
    s.first_round = bool(first_round)
    s.stack.clear()  # whatever was asked before is dropped
    s.edited()
    flow.start_phase(s, BEGUN_PHASES[phase])
    return s.edited()


def adventure(s: Table, name: Any, owner: int) -> int:
    """Put the Adventure card `name` face up in play, played by `owner`; returns its index."""
    a = adventure_card(name)
    checks.player(owner, s.game.n)
    if s.adv_state[a]:
        raise ValueError(f"{C.NAME[C.AD0 + a]} is already in play")
    s.adv_state[a] = 1
    s.adv_owner[a] = owner
    s.edited()
    return a


def challenge(s: Table, name: Any, adv: Any, placer: int, face_up: bool = False) -> int:
    """Put the Challenge `name` on top of the pile of Adventure `adv`, placed by `placer`,
    face down (known to its placer alone) or face up; returns its index."""
    c = challenge_card(name)
    a = adventure_card(adv)
    checks.player(placer, s.game.n)
    if s.adv_state[a] != 1:
        raise ValueError(f"{C.NAME[C.AD0 + a]} is not face up in play")
    if s.ch_placer[c] >= 0 or any(c in st for st in s.piles) or c in s.ally:
        raise ValueError(f"{C.NAME[C.CH0 + c]} is already in play")
    put_challenge(s, placer, c, a)
    s.ch_up[c] = bool(face_up)
    s.edited()
    return c


def clear(s: Table, adv: Any) -> Table:
    """Take every Challenge off Adventure `adv`, out of the game."""
    a = adventure_card(adv)
    for c in s.piles[a]:
        s.ch_placer[c] = -1
        s.ch_up[c] = False
        s.ch_known[c] = 0
    s.piles[a] = []
    return s.edited()


def give(s: Table, p: int, *, dp: int | None = None, hand: Iterable[Any] | None = None,
         items: Iterable[Any] | None = None, on: Any = None, ally: Any = None,
         must_enter: bool | None = None, used: bool | None = None) -> Table:
    """Set player p's DP, hand (card names or ids), Magic items, the Adventure its Hero stands
    on (-1 none), Ally (a Challenge; -1 none), whether it is expelled and must enter a card,
    and whether its once-per-game ability is used. None leaves it."""
    checks.player(p, s.game.n)
    if dp is not None:
        if type(dp) is not int or dp < 0:
            raise ValueError(f"dp {dp!r} is not a count of 0 or more")
        s.dp[p] = dp
    if hand is not None:
        s.hand[p] = _cards(hand, DRAW_CARDS, "card of the draw deck")
    if items is not None:
        mine = _cards(items, C.MAGIC_IDS, "Magic item")
        s.magic_deck = [m for m in s.magic_deck if m not in mine]
        s.items[p] = mine
    if on is not None:
        a = -1 if on == -1 else adventure_card(on)
        if a >= 0 and s.adv_state[a] != 1:
            raise ValueError(f"{C.NAME[C.AD0 + a]} is not face up in play")
        s.pos[p] = a
    if ally is not None:
        c = -1 if ally == -1 else challenge_card(ally)
        if c >= 0 and (s.ch_placer[c] >= 0 or c in s.ally):
            raise ValueError(f"{C.NAME[C.CH0 + c]} is already in play")
        s.ally[p] = c
    if must_enter is not None:
        s.must_enter[p] = bool(must_enter)
    if used is not None:
        s.used[p] = bool(used)
    return s.edited()


def alliance(s: Table, p: int, q: int, keep: int = 3, losses: bool = False,
             items: int | None = None) -> Table:
    """Players p and q allied on the terms that whoever gains keeps `keep` sixths, wager
    losses shared the same way or not (`losses`), and the Loot's Magic items kept by the one
    who completes the card (`items` None) or taken by player `items` (p or q)."""
    checks.player(p, s.game.n)
    checks.player(q, s.game.n)
    if p == q:
        raise ValueError("an Alliance needs two players")
    if type(keep) is not int or not 0 <= keep <= 6:
        raise ValueError(f"keep {keep!r} is not a number of sixths (0 to 6)")
    if type(losses) is not bool:
        raise ValueError(f"losses {losses!r} is not True or False")
    if items is not None and items not in (p, q):
        raise ValueError(f"items {items!r} is neither ally of the Alliance (nor None)")
    s.partner[p], s.partner[q] = q, p
    s.keep[p] = s.keep[q] = keep
    s.share_losses[p] = s.share_losses[q] = losses
    s.items_to[p] = s.items_to[q] = -1 if items is None else items
    return s.edited()


def decks(s: Table, deck: Iterable[Any] | None = None, discard: Iterable[Any] | None = None,
          magic: Iterable[Any] | None = None) -> Table:
    """Set the draw deck, the discard pile and the Magic item deck (card names or ids, the
    top last). None leaves it."""
    if deck is not None:
        s.deck = _cards_copies(deck)
    if discard is not None:
        s.discard = _cards_copies(discard)
    if magic is not None:
        s.magic_deck = _cards(magic, C.MAGIC_IDS, "Magic item")
    return s.edited()


def _cards_copies(xs: Iterable[Any]) -> list[int]:
    ids = [card(x) for x in xs]
    if any(c not in DRAW_CARDS for c in ids):
        raise ValueError(f"{list(xs)!r}: not every one is a card of the draw deck")
    return ids


def defeat(s: Table, p: int) -> Table:
    """Player p falls to 0 DP: Player Defeat as the rules apply it, then play goes on."""
    checks.player(p, s.game.n)
    if not s.alive[p]:
        raise ValueError(f"player {p} is already defeated")
    s.dp[p] = 0
    check_defeat(s)
    s.edited()
    flow.next_player(s)
    return s.edited()
