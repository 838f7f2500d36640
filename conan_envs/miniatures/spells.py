"""Rulebook "Casting a Spell": gems equal to the cost go on the spell card, never above its
exertion limit; back to Fatigue in the End phase; reaction spells may be cast while cautious
and in reaction to an attack; spell attacks are defended like other attacks. Every core spell
of the facts file section 4: Bori's Rage, Borne by the Wind, Gift of Life, Kiss of Death,
Lightning Storm, Magical Dizziness, Mind Control, Mitra's Halo, Mitra's Healing, Pestilential
Swarm, Set's Bite, Set's Halo, Set's Possession, Telekinesis, Teleportation, and Energy Drain
(cast by Skuthus, see overlord.py).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import combat, manipulation, rolls
from . import movement as mv
from .content import DROP, LEAP
from .data import MiniaturesData
from .frames import SpellTarget
from .records import Resolution, evolve
from .spellcards import affordable, can_cast, cast_reaction, pay, reaction_spells  # noqa: F401
from .steps import KISS_DONE, NOTHING, SPELL_ROLLED


def teleport_areas(s: MiniaturesData, h: int, sp: int) -> list[int]:
    d = s.game.board.dist[s.h_area[h]]
    hs, os_ = mv.all_counts(s)
    cap = s.game.board.cap
    return [b for b, far in enumerate(d)
            if far > 0 and affordable(s, h, sp, far) and hs[b] + os_[b] < cap[b]]


def spell_targets(s: MiniaturesData, h: int, sp: int) -> list[int]:
    a = s.h_area[h]
    return [m for m, b in enumerate(s.u_area)
            if b >= 0 and mv.model_side(s, m) == mv.OVERLORD_SIDE and mv.line_of_sight(s, a, b)
            and combat.attackable(s, m, ("h", h))]


def healing_targets(s: MiniaturesData, h: int) -> list[int]:
    a = s.h_area[h]
    return [k for k in s.heroes_in_play() if s.h_area[k] == a and s.wounds[k] > 0]


def telekinesis_objects(s: MiniaturesData, h: int) -> list[int]:
    a = s.h_area[h]
    objs = s.game.objects
    return [o for o, loc in enumerate(s.o_loc)
            if loc >= 0 and objs[o].enc <= 3 and mv.line_of_sight(s, a, loc)]


def gift_targets(s: MiniaturesData, h: int) -> list[int]:
    a = s.h_area[h]
    return [k for k in s.heroes_in_play() if k != h and mv.line_of_sight(s, a, s.h_area[k])]


def caster_targets(s: MiniaturesData, h: int) -> list[int]:
    """Magical Dizziness: an enemy Spell Caster in sight."""
    a = s.h_area[h]
    g = s.game
    return [m for m, b in enumerate(s.u_area)
            if b >= 0 and mv.model_side(s, m) == mv.OVERLORD_SIDE
            and "spell_caster" in g.tiles[g.model_tile[m]].skills and mv.line_of_sight(s, a, b)]


def enemy_models(s: MiniaturesData) -> list[int]:
    return [m for m, b in enumerate(s.u_area) if b >= 0 and mv.model_side(s, m) == mv.OVERLORD_SIDE]


def possession_targets(s: MiniaturesData, h: int, sp: int) -> list[int]:
    d = s.game.board.dist[s.h_area[h]]
    rng = s.game.spells[sp].gain
    return [m for m in enemy_models(s) if 0 <= d[s.u_area[m]] <= rng]


def control_steps(s: MiniaturesData, m: int) -> list[int]:
    """Mind Control: areas the model could step into by its own movement rules (no border
    that needs a roll: leaps and drops are left out)."""
    a = s.u_area[m]
    row = s.game.board.border[a]
    return [b for b, _ in mv.move_options(s, ("u", m), a)
            if row[b] not in (LEAP, DROP) and mv.unit_may_enter(s, m, b)]


def act_mask(s: MiniaturesData, h: int, mask: Mask, codec: ActionCodec) -> None:
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
        elif not affordable(s, h, sp, spell.cost):
            ok = False
        elif eff == "halo":
            ok = s.halo[h] == 0
        elif eff == "attack":
            ok = bool(spell_targets(s, h, sp))
        elif eff == "healing":
            ok = bool(healing_targets(s, h))
        elif eff == "telekinesis":
            ok = bool(telekinesis_objects(s, h))
        elif eff == "flying":
            ok = not s.flying[h]
        elif eff == "gift":
            ok = s.reserve[h] > spell.cost and bool(gift_targets(s, h))
        elif eff == "dizziness":
            ok = bool(caster_targets(s, h))
        elif eff == "mind_control":
            ok = any(control_steps(s, m) for m in enemy_models(s))
        elif eff == "possession":
            ok = bool(possession_targets(s, h, sp))
        else:
            ok = True
        if ok:
            mask[o + sp] = True


def cast(s: MiniaturesData, h: int, sp: int) -> None:
    spell = s.game.spells[sp]
    s.log_event(f"{s.game.heroes[h].name} casts {spell.name}")
    eff = spell.effect
    if eff == "halo":
        cast_reaction(s, h, sp)
    elif eff == "flying":
        # Borne by the Wind: Flying until the end of the turn
        pay(s, h, sp, spell.cost)
        s.flying[h] = True
    elif eff == "kiss":
        # Kiss of Death: everyone else in the caster's area is attacked with 3 red dice, then
        # the caster's model leaves the board (ruling: the caster dies)
        pay(s, h, sp, spell.cost)
        c = Resolution(hero=h, spell=sp, area=s.h_area[h])
        rolls.start_roll(s, h, rolls.payer("hero", h), list(spell.dice), SPELL_ROLLED, c,
                         rolls.support_for(s, ("h", h)))
    elif eff == "swarm":
        # Pestilential Swarm: 3 yellow dice, no defence, everyone in the area but the caster
        pay(s, h, sp, spell.cost)
        c = Resolution(hero=h, spell=sp, area=s.h_area[h])
        rolls.start_roll(s, h, rolls.payer("hero", h), list(spell.dice), SPELL_ROLLED, c,
                         rolls.support_for(s, ("h", h)))
    else:
        s.push(SpellTarget(h, sp))


def _mind_control_choices(s: MiniaturesData, fr: SpellTarget, h: int, sp: int) -> tuple[str, Iterable[int]]:
    if fr.target_model is None:
        return "target", [m for m in enemy_models(s) if control_steps(s, m)]
    if fr.steps == 0 or affordable(s, h, sp, 1):
        return "move", control_steps(s, fr.target_model)
    return "move", []


def _gift_choices(s: MiniaturesData, fr: SpellTarget, h: int, sp: int) -> tuple[str, Iterable[int]]:
    if fr.target_hero is None:
        return "hero", gift_targets(s, h)
    return "gems", range(1, min(s.game.spells[sp].gain, s.reserve[h]) + 1)


def _area_choices(s: MiniaturesData, fr: SpellTarget, h: int, sp: int) -> tuple[str, Iterable[int]]:
    a = s.h_area[h]
    return "area", [b for b in range(s.game.num_areas) if mv.line_of_sight(s, a, b)]


# effect -> the segment its target is chosen in, and the legal choices there
_TARGETS: dict[str, Callable[[Any, SpellTarget, int, int], tuple[str, Iterable[int]]]] = {
    "attack": lambda s, fr, h, sp: ("target", spell_targets(s, h, sp)),
    "teleport": lambda s, fr, h, sp: ("area", teleport_areas(s, h, sp)),
    "healing": lambda s, fr, h, sp: ("hero", healing_targets(s, h)),
    "telekinesis": lambda s, fr, h, sp: ("pickup", telekinesis_objects(s, h)),
    "dizziness": lambda s, fr, h, sp: ("target", caster_targets(s, h)),
    "possession": lambda s, fr, h, sp: ("target", possession_targets(s, h, sp)),
    "gift": _gift_choices,
    "mind_control": _mind_control_choices,
}


def target_mask(s: MiniaturesData, fr: SpellTarget, mask: Mask, codec: ActionCodec) -> None:
    h, sp = fr.actor, fr.spell
    eff = s.game.spells[sp].effect
    seg, choices = _TARGETS.get(eff, _area_choices)(s, fr, h, sp)
    o = codec.offsets[seg]
    for x in choices:
        mask[o + x] = True
    if eff == "mind_control" and fr.target_model is not None and fr.steps:
        mask[codec.offsets["done"]] = True


def target_apply(s: MiniaturesData, fr: SpellTarget, seg: str, i: int) -> None:
    h, sp = fr.actor, fr.spell
    spell = s.game.spells[sp]
    eff = spell.effect
    if eff == "gift":
        if fr.target_hero is None:
            pay(s, h, sp, spell.cost)
            s.replace(evolve(fr, target_hero=i))
            return
        # Gift of Life: the gems change owner (ruling: both heroes' gem totals change)
        s.pop()
        t = fr.target_hero
        s.reserve[h] -= i
        s.life[h] -= i
        s.reserve[t] += i
        s.life[t] += i
        if s.wounds[h] >= s.life[h]:
            s.kill_hero(h)
        return
    if eff == "mind_control":
        if fr.target_model is None:
            pay(s, h, sp, spell.cost)
            s.replace(evolve(fr, target_model=i, steps=0))
            return
        if seg == "done":
            s.pop()
            return
        if fr.steps:
            pay(s, h, sp, 1)   # 1 area per gem
        s.replace(evolve(fr, steps=fr.steps + 1))
        mv.cross(s, s.u_area[fr.target_model], i)
        s.u_area[fr.target_model] = i
        return
    s.pop()
    if eff == "teleport":
        # Teleportation: 1 area per gem; ignores walls, hindering, Blocking and elevation.
        pay(s, h, sp, s.game.board.dist[s.h_area[h]][i])
        s.move_hero(h, i)
        return
    pay(s, h, sp, spell.cost)
    if eff == "telekinesis":
        manipulation.take_object(s, h, i)
        return
    if eff == "dizziness":
        s.u_dizzy[i] = spell.drain
        return
    if eff == "possession":
        g = s.game
        if "blocking" in g.tiles[g.model_tile[i]].skills:
            s.u_noblock[i] = True
        else:
            s.u_held[i] = True
        return
    if eff == "attack":
        c = Resolution(hero=h, spell=sp, target=("u", i))
    elif eff == "healing":
        c = Resolution(hero=h, spell=sp, target=("h", i))
    else:
        c = Resolution(hero=h, spell=sp, area=i)
    # "Casting a spell is not affected by hindering."
    rolls.start_roll(s, h, rolls.payer("hero", h), list(spell.dice), SPELL_ROLLED, c,
                     rolls.support_for(s, ("h", h)))


def spell_rolled(s: MiniaturesData, c: Resolution) -> None:
    power = sum(c.faces)
    assert c.spell is not None
    spell = s.game.spells[c.spell]
    if spell.effect == "healing":
        # Mitra's Healing: the hero moves that many gems from Wounds to the Reserve
        assert c.target is not None
        k = c.target[1]
        n = min(power, s.wounds[k])
        s.wounds[k] -= n
        s.reserve[k] += n
    elif spell.effect == "attack":
        if spell.drain:
            # Set's Bite: the target's controller also moves a gem Reserve -> Fatigue
            n = min(spell.drain, s.ov_reserve)
            s.ov_reserve -= n
            s.ov_fatigue += n
        assert c.target is not None
        if s.u_area[c.target[1]] >= 0:
            combat.defend(s, c.target, power, "spell", NOTHING, c)
    elif spell.effect == "kiss":
        assert c.hero is not None
        combat.area_attack(s, c.area, power, mv.HERO_SIDE, KISS_DONE, c, exclude=c.hero)
    elif spell.effect == "swarm":
        assert c.hero is not None
        swarm(s, c.hero, c.area, power)
    else:
        combat.area_attack(s, c.area, power, mv.HERO_SIDE, NOTHING, c)


def kiss_done(s: MiniaturesData, c: Resolution) -> None:
    assert c.hero is not None
    if s.h_state[c.hero] == 0:
        s.kill_hero(c.hero)


def swarm(s: MiniaturesData, h: int, area: int, dmg: int) -> None:
    """Pestilential Swarm: damage = symbols, no defence, on every character in the area but
    the caster (no core unit is undead), and on the captive lying there."""
    if dmg <= 0:
        return
    for m, a in enumerate(s.u_area):
        if a == area:
            s.damage_model(m, dmg)
    for k, a in enumerate(s.h_area):
        if a == area and k != h and s.h_state[k] == 0:
            s.wound_hero(k, dmg)
    g = s.game
    if g.captive >= 0 and s.o_loc[g.captive] == area and s.winner < 0:
        s.kill_captive(True)
