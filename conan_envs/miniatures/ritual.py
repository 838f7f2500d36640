"""The Final Ritual (facts file section 7.4): the Overlord goes first; barricades that block
sight, cannot be crossed and are attacked like enemies (12 life; a group that hits a
barricade hits only barricades that activation, and the other way round); relics removed at
the start of the Overlord's turn from areas holding a unit; the priestess, who dies if a unit
shares her area then; the invocation marker; the event (Pict Hordes, Bestial Haste,
Incantation). Designed parts are listed in docs/rulings/miniatures.md.
"""
from __future__ import annotations

from . import movement as mv
from . import rolls
from .constants import Winner
from .data import MiniaturesData
from .frames import Haste, Unit
from .records import Resolution, evolve
from .steps import BARRICADE_HIT, INCANTED

OVERLORD = Winner.OVERLORD


def barricades_next_to(s: MiniaturesData, area: int) -> list[int]:
    g = s.game
    return [i for i, (a, b) in enumerate(g.barricades)
            if s.bar_life[i] > 0 and area in (a, b)]


def turn_start(s: MiniaturesData) -> None:
    """Start of the Overlord's turn: relics in an area holding a unit are removed; the
    priestess dies if a unit shares her area."""
    g = s.game
    held = {a for m, a in enumerate(s.u_area) if a >= 0 and mv.model_side(s, m) == mv.OVERLORD_SIDE}
    s.relics = [a for a in s.relics if a not in held]
    if g.priestess_area in held:
        s.winner = OVERLORD


def hit_barricade(s: MiniaturesData, fr: Unit, i: int) -> None:
    """A model of the activated group attacks a barricade: its melee dice, damage = symbols."""
    g = s.game
    m = fr.model
    s.replace(evolve(fr, attacked=True, mp=0, hit="barricade"))
    c = Resolution(bar=i, model=m)
    rolls.start_roll(s, g.overlord, rolls.payer("overlord"), list(g.tiles[g.model_tile[m]].melee),
                     BARRICADE_HIT, c, rolls.support_for(s, ("u", m)))


def barricade_hit(s: MiniaturesData, c: Resolution) -> None:
    i = c.bar
    assert i is not None
    s.bar_life[i] = max(0, s.bar_life[i] - sum(c.faces))
    s.log_event(f"A barricade takes {sum(c.faces)} damage ({s.bar_life[i]} life left)")


def event(s: MiniaturesData) -> None:
    """Resolve the three parts of the event in order. The Incantation is rolled before the
    Bestial Haste is chosen (ruling: neither changes the other)."""
    g = s.game
    returned = pict_hordes(s)
    heroes = s.heroes_in_play()
    if s.relics and heroes:
        # Incantation: a hero rolls 1 yellow die per relic on the board, without rerolls
        rolls.start_roll(s, heroes[0], rolls.payer("nobody"), [(0, False)] * len(s.relics),
                         INCANTED, Resolution())
    if s.winner < 0 and returned:
        s.push(Haste(g.overlord, returned))


def pict_hordes(s: MiniaturesData) -> dict[str, list[int]]:
    """Dead Pict Warriors and Hunters return to the reinforcement areas until those are full
    (tile by tile in River order, each into the first reinforcement area with room)."""
    g = s.game
    returned: dict[str, list[int]] = {}
    for t in [t for t in s.river if t in g.horde_tiles] + [t for t in g.horde_tiles
                                                            if t not in s.river]:
        for m in g.tile_models[t]:
            if s.u_area[m] >= 0:
                continue
            room = [a for a in g.reinforcement_areas if not mv.is_full(s, a)]
            if not room:
                return returned
            s.u_area[m] = room[0]
            s.u_life[m] = g.tiles[t].life
            returned.setdefault(str(t), []).append(m)
    return returned


def incanted(s: MiniaturesData, c: Resolution) -> None:
    s.invocation = max(0, s.invocation - sum(c.faces))
    s.log_event(f"The incantation moves the invocation marker to {s.invocation}")
