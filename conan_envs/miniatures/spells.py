"""Rulebook "Casting a Spell": gems equal to the cost go on the spell card, never above its
exertion limit; back to Fatigue in the End phase; reaction spells may be cast while cautious
and in reaction to an attack; spell attacks are defended like other attacks. Spells from the
facts file section 4: Bori's Rage, Lightning Storm, Teleportation, Mitra's Halo, Mitra's
Healing, Set's Bite, Telekinesis, and Energy Drain (cast by Skuthus, see overlord.py).
"""
from __future__ import annotations

from . import combat
from . import movement as mv


def _affordable(s, h: int, sp: int, gems: int) -> bool:
    spell = s.game.spells[sp]
    if s.reserve[h] < gems:
        return False
    return spell.limit is None or s.spell_gems[h][sp] + gems <= spell.limit


def can_cast(s, h: int) -> bool:
    return mv.hero_skill(s, h, "spell_caster")


def reaction_spells(s, h: int) -> list:
    if not can_cast(s, h):
        return []
    g = s.game
    return [sp for sp in g.hero_spells[h] if g.spells[sp].reaction and s.halo[h] == 0
            and _affordable(s, h, sp, g.spells[sp].cost)]


def teleport_areas(s, h: int, sp: int) -> list:
    a = s.h_area[h]
    d = s.game.board.dist[a]
    return [b for b in range(s.game.num_areas)
            if b != a and d[b] > 0 and _affordable(s, h, sp, d[b]) and not mv.is_full(s, b)]


def spell_targets(s, h: int, sp: int) -> list:
    a = s.h_area[h]
    return [m for m, b in enumerate(s.u_area)
            if b >= 0 and mv.model_side(s, m) == mv.OVERLORD_SIDE and mv.line_of_sight(s, a, b)
            and combat.attackable(s, m)]


def healing_targets(s, h: int) -> list:
    a = s.h_area[h]
    return [k for k in s.heroes_in_play() if s.h_area[k] == a and s.wounds[k] > 0]


def telekinesis_objects(s, h: int) -> list:
    a = s.h_area[h]
    objs = s.game.objects
    return [o for o, loc in enumerate(s.o_loc)
            if loc >= 0 and objs[o].enc <= 3 and mv.line_of_sight(s, a, loc)]


def act_mask(s, h: int, mask, codec):
    if not can_cast(s, h):
        return
    g = s.game
    o = codec.offsets["spell"]
    aggressive = s.stance[h] == 1
    for sp in g.hero_spells[h]:
        spell = g.spells[sp]
        if not (aggressive or spell.reaction):
            continue
        eff = spell.effect
        if eff == "teleport":
            ok = bool(teleport_areas(s, h, sp))
        elif eff == "halo":
            ok = s.halo[h] == 0 and _affordable(s, h, sp, spell.cost)
        elif eff == "attack":
            ok = _affordable(s, h, sp, spell.cost) and bool(spell_targets(s, h, sp))
        elif eff == "healing":
            ok = _affordable(s, h, sp, spell.cost) and bool(healing_targets(s, h))
        elif eff == "telekinesis":
            ok = _affordable(s, h, sp, spell.cost) and bool(telekinesis_objects(s, h))
        else:
            ok = _affordable(s, h, sp, spell.cost)
        if ok:
            mask[o + sp] = True


def cast(s, h: int, sp: int):
    spell = s.game.spells[sp]
    if spell.effect == "halo":
        cast_reaction(s, h, sp)
        return
    s.stack.append({"k": "spell_target", "p": h, "sp": sp})


def cast_reaction(s, h: int, sp: int):
    spell = s.game.spells[sp]
    pay(s, h, sp, spell.cost)
    s.halo[h] = spell.armor


def pay(s, h: int, sp: int, gems: int):
    s.reserve[h] -= gems
    s.spell_gems[h][sp] += gems


def target_mask(s, fr, mask, codec):
    h, sp = fr["p"], fr["sp"]
    eff = s.game.spells[sp].effect
    if eff == "attack":
        o = codec.offsets["target"]
        for m in spell_targets(s, h, sp):
            mask[o + m] = True
    elif eff == "teleport":
        o = codec.offsets["area"]
        for b in teleport_areas(s, h, sp):
            mask[o + b] = True
    elif eff == "healing":
        o = codec.offsets["hero"]
        for k in healing_targets(s, h):
            mask[o + k] = True
    elif eff == "telekinesis":
        o = codec.offsets["pickup"]
        for ob in telekinesis_objects(s, h):
            mask[o + ob] = True
    else:
        o = codec.offsets["area"]
        a = s.h_area[h]
        for b in range(s.game.num_areas):
            if mv.line_of_sight(s, a, b):
                mask[o + b] = True


def target_apply(s, fr, seg, i):
    s.stack.pop()
    h, sp = fr["p"], fr["sp"]
    spell = s.game.spells[sp]
    if spell.effect == "teleport":
        # Teleportation: 1 area per gem; ignores walls, hindering, Blocking and elevation.
        pay(s, h, sp, s.game.board.dist[s.h_area[h]][i])
        s.move_hero(h, i)
        return
    pay(s, h, sp, spell.cost)
    if spell.effect == "telekinesis":
        from .manipulation import take_object
        take_object(s, h, i)
        return
    c = {"h": h, "sp": sp, "t": i}
    # "Casting a spell is not affected by hindering."
    combat.start_roll(s, h, ["h", h], list(spell.dice), "spell_rolled", c,
                      combat.support_for(s, ("h", h)))


@combat.cont
def spell_rolled(s, c):
    power = sum(c["faces"])
    spell = s.game.spells[c["sp"]]
    if spell.effect == "healing":
        # Mitra's Healing: the hero moves that many gems from Wounds to the Reserve
        k = c["t"]
        n = min(power, s.wounds[k])
        s.wounds[k] -= n
        s.reserve[k] += n
    elif spell.effect == "attack":
        if spell.drain:
            # Set's Bite: the target's controller also moves a gem Reserve -> Fatigue
            n = min(spell.drain, s.ov_reserve)
            s.ov_reserve -= n
            s.ov_fatigue += n
        if s.u_area[c["t"]] >= 0:
            combat.defend(s, ["u", c["t"]], power, "spell", "nothing", c)
    else:
        combat.area_attack(s, c["t"], power, mv.HERO_SIDE, "nothing", c)
