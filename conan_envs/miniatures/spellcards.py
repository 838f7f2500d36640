"""Rulebook "Casting a Spell": gems equal to the cost go on the spell card, never above its
exertion limit; reaction spells (the halos) cast in reaction to an attack. Below both the
spells a hero casts in the Action phase (spells.py) and the Guard (combat.py), which offers
the reaction spells.
"""
from __future__ import annotations

from . import movement as mv
from .data import MiniaturesData


def affordable(s: MiniaturesData, h: int, sp: int, gems: int) -> bool:
    spell = s.game.spells[sp]
    if s.reserve[h] < gems:
        return False
    return spell.limit is None or s.spell_gems[h][sp] + gems <= spell.limit


def can_cast(s: MiniaturesData, h: int) -> bool:
    return mv.hero_skill(s, h, "spell_caster")


def reaction_spells(s: MiniaturesData, h: int) -> list[int]:
    """Spells offered when the hero is attacked: the halos (ruling: Pestilential Swarm, the
    other reaction spell, is cast in the hero's own Action phase only)."""
    if not can_cast(s, h):
        return []
    g = s.game
    return [sp for sp in g.hero_spells[h] if g.spells[sp].effect == "halo" and s.halo[h] == 0
            and affordable(s, h, sp, g.spells[sp].cost)]


def cast_reaction(s: MiniaturesData, h: int, sp: int) -> None:
    spell = s.game.spells[sp]
    pay(s, h, sp, spell.cost)
    s.halo[h] = spell.armor


def pay(s: MiniaturesData, h: int, sp: int, gems: int) -> None:
    s.reserve[h] -= gems
    s.spell_gems[h][sp] += gems
