"""A position builder for tests, puzzles and curricula (Combat Phase: The Combat Round; Dice
Phase): Conan's activation in a combat round at a chosen location, with chosen enemies, dice in
Conan's rows, FATIGUE, skills and tokens (`combat_position`); Conan's Dice Phase with chosen
results (`dice_position`); his card's tracks (`conan_card`), an enemy's wounds, tokens, dice
and square (`enemy_card`), Yara's hand (`plot_hand`), the cards on top of the decks
(`stack_items`), loaded dice (`load_dice`), and a step of the combat round begun (`begin`).
The only place outside the rules that sets a state's fields; every knob is checked and a bad
one raises ValueError; everything after it is played through public moves."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import numpy as np

from ..engine import checks
from .content import ROWS
from .enemy import Enemy
from .frames import INITIATIVE_DRAW, ROUND_END, SIDES
from .grid import H, W
from .state import TowerState

TOKENS = ("S", "R")
STEPS = ("initiative", "yara_side", "round_end")


def _square(xy: Sequence[int], what: str) -> int:
    x, y = xy
    if not (type(x) is int and type(y) is int and 0 <= x < W and 0 <= y < H):
        raise ValueError(f"{what} {xy!r} is not a square of the {W}x{H} board")
    return y * W + x


def _tokens(tokens: Iterable[str], what: str) -> list[str]:
    tokens = list(tokens)
    if any(t not in TOKENS for t in tokens):
        raise ValueError(f"{what} {tokens!r}: only STUNNED ('S') and RATTLED ('R') stack")
    return tokens


def combat_position(state: TowerState, enemies: Sequence[tuple[str, int, int, Sequence[int]]] = (),
                    conan: Sequence[int] = (0, 0), rows: Sequence[Sequence[int]] | None = None,
                    fatigue: int = 4, skills: Sequence[int] | None = None,
                    conan_tokens: Iterable[str] = (), wounds: int = 0, move: int | None = None,
                    tracker: int | None = None) -> TowerState:
    """Set `state` (a fresh state of its game) to Conan's activation in a combat round.
    `enemies`: (card name, x, y, dice per row) each; `conan`: his (x, y); `rows`: the items in
    his five rows (dice 1-6, FATIGUE 7, RAGE 8); `skills`: indexes of the skills he holds (None
    keeps those he has); `conan_tokens`: his STUNNED/RATTLED stack ("S"/"R"), the oldest acting;
    `wounds`: his wounds (the RAGE tokens on those spaces of the track are gone); `move`: his
    movement points left this activation (None: his base move, as the rules give); `tracker`:
    the round tracker's space, 1-4 (None keeps it)."""
    c = state.game.c
    names = [cd.name for cd in c["cards"]]
    state.picks = []
    state.enemies = []
    for name, x, y, dice in enemies:
        card = names.index(name)
        kind = c["cards"][card].kind
        if len(dice) != len(kind.rows):
            raise ValueError(f"{name} has {len(kind.rows)} rows, not {len(dice)}")
        state.enemies.append(Enemy(card, y * W + x, kind.life, dice=list(dice)))
    state.pos = conan[1] * W + conan[0]
    state.rows = [list(r) for r in (rows or [[] for _ in ROWS])]
    state.pool = [0] * 7
    state.locked = True
    state.fatigue = fatigue
    state.wounds = wounds
    state.rage_track = [w for w in c["conan"]["rage_on_wounds"] if w > wounds]
    if skills is not None:
        state.skills, state.exhausted = list(skills), [False] * len(skills)
    state.ctok = list(conan_tokens)
    state.ctok_active = bool(conan_tokens)
    state.in_combat = True
    state.stack[:] = [SIDES]     # replaced by the side's first decision
    state.first_side = 0
    state.side_no = 0
    if tracker is not None:
        state.tracker = checks.count("tracker", tracker, 1, 4)
    state._start_side(0)
    if move is not None:
        state.move_left = checks.count("move", move)
    state.edited()
    return state


def dice_position(state: TowerState, pool: Iterable[int] = (),
                  rows: Sequence[Sequence[int]] | None = None) -> TowerState:
    """Set `state`, in Conan's Dice Phase at its location, to the results `pool` rolled and not
    yet slotted (each 1-6) and the items `rows` in his five rows (dice 1-6, FATIGUE 7, RAGE 8;
    a token slotted means no more dice may be)."""
    if state.decision() != "dice":
        raise ValueError(f"the state is at {state.decision()!r}, not Conan's Dice Phase")
    items = [list(r) for r in (rows or [[] for _ in ROWS])]
    if len(items) != len(ROWS) or any(len(r) > 7 or any(type(v) is not int or not 1 <= v <= 8
                                                        for v in r) for r in items):
        raise ValueError(f"rows {items!r}: five rows of at most 7 items, each 1-8")
    counts = [0] * 7
    for v in pool:
        counts[checks.count("result", v, 1, 6)] += 1
    state.pool = counts
    state.rows = items
    state.locked = any(v > 6 for r in items for v in r)
    state.edited()
    return state


def conan_card(state: TowerState, level: int | None = None, xp: int | None = None,
               fatigue: int | None = None, wounds: int | None = None, rage_pool: int | None = None,
               exhausted: Sequence[bool] | None = None, tokens: Iterable[str] | None = None,
               tokens_act: bool | None = None, poison: Iterable[int] | None = None) -> TowerState:
    """Set the tracks of Conan's card; None leaves a track as it is. `level` 0 to the top
    level; `xp` below one level's worth; `fatigue` 1-4; `wounds` below death (the RAGE tokens
    on those spaces of the track are gone); `rage_pool`: RAGE tokens waiting to be slotted;
    `exhausted`: which of his skills (skill indexes he holds) are exhausted, the others ready;
    `tokens`: his STUNNED/RATTLED stack ("S"/"R"), oldest first, the oldest acting this round
    unless `tokens_act` is False (a token gained this round acts from the next);
    `poison`: the FATIGUE already placed on each of his POISON tokens."""
    cc = state.game.c["conan"]
    if level is not None:
        state.level = checks.count("level", level, 0, cc["max_level"])
    if xp is not None:
        state.xp = checks.count("xp", xp, 0, cc["xp_per_level"] - 1)
    if fatigue is not None:
        state.fatigue = checks.count("fatigue", fatigue, 1, cc["fatigue"])
    if wounds is not None:
        state.wounds = checks.count("wounds", wounds, 0, cc["death_wounds"] - 1)
        state.rage_track = [w for w in cc["rage_on_wounds"] if w > wounds]
    if rage_pool is not None:
        state.rage_pool = checks.count("rage_pool", rage_pool)
    if exhausted is not None:
        if any(k not in state.skills for k in exhausted):
            raise ValueError(f"exhausted {exhausted!r}: Conan holds only skills {state.skills!r}")
        state.exhausted = [k in exhausted for k in state.skills]
    if tokens is not None:
        state.ctok = _tokens(tokens, "tokens")
    if tokens is not None or tokens_act is not None:
        state.ctok_active = bool(state.ctok) and tokens_act is not False
    if poison is not None:
        state.poison = [checks.count("poison", p, 0, cc["fatigue"] - 1) for p in poison]
    state.edited()
    return state


def enemy_card(state: TowerState, i: int, wounds: int | None = None,
               tokens: Iterable[str] | None = None, tokens_act: bool | None = None,
               free_blocks: int | None = None, dice: Sequence[int] | None = None,
               square: Sequence[int] | None = None) -> TowerState:
    """Set enemy `i` (its index in the state's enemies); None leaves a part as it is. `wounds`
    below its life; `tokens`: its STUNNED/RATTLED stack, the oldest acting this round unless
    `tokens_act` is False; `free_blocks`: wounds it blocks without dice this round; `dice`: its
    dice per row; `square`: its (x, y), a square free of terrain and standees."""
    if type(i) is not int or not 0 <= i < len(state.enemies):
        raise ValueError(f"enemy {i!r} is not one of the {len(state.enemies)} enemies")
    e = state.enemies[i]
    kind = state.enemy_kind(e)
    if wounds is not None:
        e.wounds = checks.count("wounds", wounds, 0, e.life - 1)
    if tokens is not None:
        e.tokens = _tokens(tokens, "tokens")
    if tokens is not None or tokens_act is not None:
        e.token_active = bool(e.tokens) and tokens_act is not False
    if free_blocks is not None:
        e.free_blocks = checks.count("free_blocks", free_blocks)
    if dice is not None:
        if len(dice) != len(kind.rows):
            raise ValueError(f"dice {dice!r}: the enemy has {len(kind.rows)} rows")
        e.dice = [checks.count("dice", d) for d in dice]
    if square is not None:
        q = _square(square, "square")
        taken = {o.square for o in state.enemies if o is not e and state.enemy_alive(o)} | {state.pos}
        if state.grid().blocked[q] or q in taken:
            raise ValueError(f"square {square!r} is blocked or taken")
        e.square = q
    state.edited()
    return state


def plot_hand(state: TowerState, cards: Sequence[int]) -> TowerState:
    """Give Yara (Battle Mode) the Plot and Plan cards `cards` (indexes) as her hand: the cards
    she held go back under her deck and these are taken from it."""
    if not state.game.battle:
        raise ValueError("Yara holds Plot and Plan cards only in Battle Mode")
    deck = list(state.plot_hand) + list(state.plot_deck)
    for card in cards:
        if card not in deck:
            raise ValueError(f"plot card {card!r} is not in Yara's hand or deck")
        deck.remove(card)
    state.plot_hand, state.plot_deck = list(cards), deck
    state.plot_known = ""
    state.edited()
    return state


def stack_items(state: TowerState, names: Iterable[str]) -> TowerState:
    """Put the Item Cards `names` on top of the item deck, the last one on top (each taken from
    the deck or the discard pile)."""
    items = [it.name for it in state.game.c["items"]]
    for name in names:
        if name not in items:
            raise ValueError(f"{name!r} is not an Item Card")
        card = items.index(name)
        for pile in (state.item_deck, state.item_discard):
            if card in pile:
                pile.remove(card)
                break
        else:
            raise ValueError(f"{name!r} is neither in the item deck nor in its discard pile")
        state.item_deck.append(card)
    return state


class _LoadedDice:
    """Stands in for a state's generator: each six-sided die rolls the next scripted result."""

    def __init__(self, rolls: Iterable[int], generator: np.random.Generator) -> None:
        self.rolls = [checks.count("roll", v, 1, 6) for v in rolls]
        self.generator = generator

    def integers(self, lo: int, hi: int | None = None, size: int | None = None) -> Any:
        if (lo, hi) != (1, 7):
            raise ValueError(f"loaded dice roll six-sided dice only, not integers({lo}, {hi})")
        n = 1 if size is None else size
        if len(self.rolls) < n:
            raise ValueError(f"the loaded dice ran out ({n} rolls wanted)")
        out, self.rolls = self.rolls[:n], self.rolls[n:]
        return out[0] if size is None else np.array(out, dtype=np.int64)

    def permutation(self, n: int) -> NoReturn:
        raise ValueError("a deck is shuffled while the dice are loaded")


def load_dice(state: TowerState, rolls: Iterable[int] | None) -> TowerState:
    """Roll every six-sided die from now on (Conan's, the enemies', the scatter) with `rolls`,
    in order (each 1-6), instead of the state's generator; a roll past the script, or a deck
    shuffled, raises ValueError. `None` goes back to the generator. A state with loaded dice
    plays on in place: it cannot be cloned or saved."""
    gen = getattr(state.rng, "generator", state.rng)
    state.rng = gen if rolls is None else _LoadedDice(rolls, gen)  # type: ignore[assignment]
    return state


def begin(state: TowerState, step: str, rounds: int | None = None,
          card: str | int | None = None) -> TowerState:
    """Begin a step of the combat round (Combat Phase: The Combat Round) and play on to the
    first decision. `step`: "initiative" (2. the token holder draws; `rounds`: the combat
    rounds already played, None keeps them; `card`: the initiative card's name or index, put
    on top of its deck first), "yara_side" (Yara's side goes first this round) or "round_end"
    (5. the round ends: tokens turn over, the tracker advances, the next round rolls)."""
    if step not in STEPS:
        raise ValueError(f"step {step!r} is not one of {STEPS}")
    if not state.in_combat:
        raise ValueError("the state is not in a combat")
    if step == "initiative":
        if rounds is not None:
            state.combat_rounds = checks.count("rounds", rounds)
        if card is not None:
            names = [ic[0] for ic in state.game.c["initiative"]]
            k = names.index(card) if card in names else card
            if k not in state.init_deck and k not in state.init_discard:
                raise ValueError(f"initiative card {card!r} is not in the deck or discard pile")
            (state.init_deck if k in state.init_deck else state.init_discard).remove(k)
            state.init_deck.append(k)
        state.replace(INITIATIVE_DRAW)
    elif step == "yara_side":
        state.first_side = 1
        state.side_no = 0
        state._start_side(1)
    else:
        state.replace(ROUND_END)
    state.edited()
    state.advance()
    return state
