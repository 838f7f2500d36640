"""A position builder for Conan's miniatures game: heroes' areas, gem zones (Reserve, Fatigue,
Wounds, action spaces, spell cards), stance and Mitra's Halo; models' areas and life; objects'
places; searched huts and chests; the River and the petrified monsters; the Overlord's gems; the
round and dead heroes; the Action phase's turn handed to a hero; and loaded dice (for tests,
puzzles and curricula; the rulebook's "Setup" is in state.py, "Gems", "The Heroes' Turn", "The
Overlord's Turn" and "Dice" in the rules). The only place outside the rules that sets a state's
fields; everything after it is played through public moves. Every function checks its inputs
(ValueError) and leaves the state's legal-action mask to be recomputed."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from conan_envs.engine import State

from ..engine import checks
from .constants import OFF
from .content import COLOR_NAMES
from .data import MiniaturesData
from .frames import Act

COLORS = {"Y": 0, "O": 1, "R": 2, **{name: k for k, name in enumerate(COLOR_NAMES)}}


def area_id(s: MiniaturesData, a: object) -> int:
    """An area id from its name on the board (or an id, checked)."""
    b = s.game.board
    if isinstance(a, str):
        if a not in b.index:
            raise ValueError(f"area {a!r} is not on the board")
        return b.index[a]
    if type(a) is not int or not 0 <= a < s.game.num_areas:
        raise ValueError(f"area {a!r} is not on the board")
    return a


def set_hero(s: MiniaturesData, h: int, *, area: object = None, reserve: int | None = None,
             fatigue: int | None = None, wounds: int | None = None, stance: int | None = None,
             halo: int | None = None, spaces: Sequence[int] | None = None,
             spell_gems: Sequence[int] | dict[int, int] | None = None) -> State:
    """Set hero h's area (name or id), gems in the Reserve, Fatigue and Wound zones, stance
    (0 none, 1 aggressive, 2 cautious), Mitra's Halo armor, gems on the six action spaces and on
    each spell card (a list, or {spell: gems} for some). None leaves it."""
    g = s.game
    checks.index("hero", h, g.num_heroes)
    if s.h_state[h] != 0:
        raise ValueError(f"hero {h} is not on the board")
    if area is not None:
        s.h_area[h] = area_id(s, area)
    for name, v in (("reserve", reserve), ("fatigue", fatigue), ("wounds", wounds),
                    ("halo", halo)):
        if v is not None:
            getattr(s, name)[h] = checks.count(name, v)
    if stance is not None:
        s.stance[h] = checks.count("stance", stance, hi=2)
    if spaces is not None:
        s.spaces[h] = checks.counts("gems on the action spaces", spaces, 6)
    if spell_gems is not None:
        if isinstance(spell_gems, dict):
            for k in spell_gems:
                checks.index("spell", k, len(g.spells))
            spell_gems = [spell_gems.get(k, v) for k, v in enumerate(s.spell_gems[h])]
        s.spell_gems[h] = checks.counts("gems on the spells", spell_gems, len(g.spells))
    return s.edited()


def rest(s: MiniaturesData, h: int) -> State:
    """Every gem of hero h's Fatigue zone into the Reserve (enough gems to act)."""
    checks.index("hero", h, s.game.num_heroes)
    return set_hero(s, h, reserve=s.reserve[h] + s.fatigue[h], fatigue=0)


def set_model(s: MiniaturesData, m: int, *, area: object = None, life: Any = None) -> State:
    """Set model m's area (name, id, or "off" for off the board) and life. None leaves it."""
    checks.index("model", m, s.game.num_models)
    if area is not None:
        s.u_area[m] = -1 if area == "off" else area_id(s, area)
    if life is not None:
        s.u_life[m] = checks.count("life", life)
    return s.edited()


def slay(s: MiniaturesData, m: int) -> State:
    """Model m is slain as by damage: off the board, its life 0, the scenario told (a slain
    objective model can end the game)."""
    checks.index("model", m, s.game.num_models)
    if s.u_life[m] <= 0:
        raise ValueError(f"model {m} is already slain")
    s.damage_model(m, s.u_life[m])
    return s.edited()


def clear_models(s: MiniaturesData, keep: Any = ()) -> State:
    """Take every model off the board except those of the tiles named in `keep`."""
    g = s.game
    unknown = set(keep) - {t.key for t in g.tiles}
    if unknown:
        raise ValueError(f"tiles {sorted(unknown)} are not in this scenario")
    for m in range(g.num_models):
        if g.tiles[g.model_tile[m]].key not in keep:
            s.u_area[m] = -1
    return s.edited()


def place_object(s: MiniaturesData, o: int, where: Any) -> State:
    """Put object o in an area (name or id), carried by a hero (("hero", h)) or out of play
    ("off")."""
    g = s.game
    checks.index("object", o, len(g.objects))
    if where == "off":
        s.o_loc[o] = OFF
    elif isinstance(where, tuple) and len(where) == 2 and where[0] == "hero":
        h = checks.index("hero", where[1], g.num_heroes)
        if s.h_state[h] != 0:
            raise ValueError(f"hero {h} is not on the board to carry object {o}")
        s.o_loc[o] = -1 - h
    else:
        s.o_loc[o] = area_id(s, where)
    return s.edited()


def searched(s: MiniaturesData, *areas: object) -> State:
    """Mark these areas (names or ids) searched: nothing more is found there."""
    for a in [area_id(s, x) for x in areas]:
        s.searched[a] = True
    return s.edited()


def set_chests(s: MiniaturesData, areas: Any) -> State:
    """The areas (names or ids) that hold a chest, in place of the scenario's."""
    s.chests = [area_id(s, x) for x in areas]
    return s.edited()


def set_overlord(s: MiniaturesData, *, reserve: Any = None, fatigue: Any = None) -> State:
    """Set the Overlord's gems in the Reserve and Fatigue zones. None leaves it."""
    if reserve is not None:
        s.ov_reserve = checks.count("Overlord reserve", reserve)
    if fatigue is not None:
        s.ov_fatigue = checks.count("Overlord fatigue", fatigue)
    return s.edited()


def _tile(s: MiniaturesData, tile: Any) -> int:
    g = s.game
    if isinstance(tile, str):
        if tile not in g.tile_index:
            raise ValueError(f"tile {tile!r} is not in this scenario")
        tile = g.tile_index[tile]
    return checks.index("tile", tile, len(g.tiles))


def set_river_slot(s: MiniaturesData, slot: int, tile: Any) -> State:
    """Put tile `tile` (key or id) on River slot `slot`."""
    checks.index("River slot", slot, len(s.river))
    s.river[slot] = _tile(s, tile)
    return s.edited()


def unpetrify(s: MiniaturesData, tile: Any) -> State:
    """Petrified monster `tile` (key or id) is a statue no more (In the Heart of Darkness), its
    models and tile left where they are: place them with set_model and set_river_slot (the
    event that frees a monster also places them)."""
    t = _tile(s, tile)
    if t not in s.petrified:
        raise ValueError(f"tile {tile!r} is not a petrified monster")
    s.petrified.remove(t)
    return s.edited()


def set_barricade(s: MiniaturesData, b: int, life: Any) -> State:
    """Set barricade b's life (0: broken, no longer blocking movement or sight)."""
    checks.index("barricade", b, len(s.bar_life))
    s.bar_life[b] = checks.count("barricade life", life)
    return s.edited()


def set_round(s: MiniaturesData, *, turn: Any = None, dead_heroes: Any = None) -> State:
    """Set the rounds already played and the count of dead heroes (which cuts the gems a stance
    recovers). None leaves it."""
    if turn is not None:
        s.turn = checks.count("round", turn)
    if dead_heroes is not None:
        s.dead_heroes = checks.count("dead heroes", dead_heroes, hi=s.game.num_heroes)
    return s.edited()


def hand_turn(s: MiniaturesData, h: int) -> State:
    """Hand the Action phase's turn to hero h (the heroes act in any order)."""
    checks.index("hero", h, s.game.num_heroes)
    if s.decision() != "act":
        raise ValueError(f"the decision is {s.decision()!r}, not a hero's action")
    if s.h_state[h] != 0:
        raise ValueError(f"hero {h} is not on the board")
    s.replace(Act(h))
    return s.edited()


class LoadedDice:
    """Stands in for a state's generator: each die comes up showing the next scripted number
    of symbols (the first face of its colour with that many)."""

    def __init__(self, faces: Sequence[Sequence[int]], rolls: Sequence[tuple[str, int]]) -> None:
        self.queue = []
        for roll in rolls:
            if not (isinstance(roll, tuple) and len(roll) == 2 and roll[0] in COLORS):
                raise ValueError(f"roll {roll!r} is not (colour, symbols), colour one of "
                                 f"{sorted(COLORS)}")
            col, n = COLORS[roll[0]], roll[1]
            if n not in faces[col]:
                raise ValueError(f"a {COLOR_NAMES[col]} die shows no face with {n!r} symbols")
            self.queue.append(list(faces[col]).index(n))

    def integers(self, high: int, size: int | None = None) -> Any:
        if high != 6:
            raise ValueError(f"loaded dice roll six-sided dice only, not integers({high})")
        n = 1 if size is None else size
        if len(self.queue) < n:
            raise ValueError(f"the loaded dice ran out ({n} rolls wanted)")
        out, self.queue = self.queue[:n], self.queue[n:]
        return out[0] if size is None else np.array(out, dtype=np.int64)

    def permutation(self, n: int) -> None:
        raise ValueError("a deck is shuffled while the dice are loaded")

    def empty(self) -> bool:
        """Whether every scripted roll has been rolled."""
        return not self.queue


def load_dice(s: MiniaturesData, *rolls: tuple[str, int]) -> LoadedDice:
    """Roll every die from now on with `rolls`, in order: (colour, symbols), colour "Y", "O",
    "R" or its name; a roll past the script raises ValueError. Returns the loaded dice. A state
    with loaded dice plays on in place: it cannot be cloned or saved."""
    dice = LoadedDice(s.game.faces, rolls)
    s.rng = dice   # type: ignore[assignment]  # stands in for the generator
    return dice
