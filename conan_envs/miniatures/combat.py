"""Fights: rulebook "Melee Attack", "Ranged Attack", "Unarmed Attacks", "Elevation Bonus for
Ranged Attacks", "Guard", "Armor", "Area Attacks", "Attacking with a Hero", "Defending with a
Hero"; skills Circular Strike, Sacrifice, Protected, Untouchable, Elite Shooter. Damage =
attack power - defense power.

The dice are rolled and rerolled by rolls.py; a fight goes on from each roll through the
continuations (steps.py: frames whose ``go`` calls the rule), each given the `Resolution`.
"""
from __future__ import annotations

from collections.abc import Sequence

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import movement as mv
from .constants import OVERLORD_GUARD_LIMIT, Side
from .content import BOULDER, FLAP, OPEN, ROCK_SLIDE
from .data import MiniaturesData
from .frames import (
    AllyGuard,
    AreaOrder,
    AttackGems,
    AttackWeapon,
    Beyond,
    Circular,
    Guard,
    OverlordGuard,
    Sacrifice,
)
from .records import CAPTIVE, Cont, Resolution, Who, copy_resolution, evolve
from .rolls import payer, start_roll, support_for, target_name
from .spellcards import cast_reaction, reaction_spells
from .steps import (
    AREA_NEXT,
    BEYOND_ROLLED,
    DEFEND_NOW,
    DEFENSE_ROLLED,
    HERO_ATTACK_DONE,
    HERO_ATTACK_ROLLED,
    NOTHING,
    UNIT_ATTACK_DONE,
)


# ---- targets ------------------------------------------------------------------------------
def attackable(s: MiniaturesData, m: int, attacker: Who | None = None) -> bool:
    """Protected: cannot be attacked while a friendly unit without Protected shares its area.
    Fascination: cannot be attacked by a character it has not attacked first (area attacks
    do not ask this; `attacker` None means an area attack)."""
    all_skills = s.game.model_skills
    skills = all_skills[m]
    if attacker is not None and "fascination" in skills \
            and fascination_key(s, attacker) not in s.u_attacked[m]:
        return False
    if "protected" not in skills:
        return True
    area, side = s.u_area[m], mv.model_side(s, m)
    for k, a in enumerate(s.u_area):
        if (a == area and k != m and mv.model_side(s, k) == side
                and "protected" not in all_skills[k]):
            return False
    return True


def fascination_key(s: MiniaturesData, who: Who) -> int:
    """A hero-side character as one int: heroes 0..n-1, allies n + model."""
    return who[1] if who[0] == "h" else s.game.num_heroes + who[1]


def melee_areas(s: MiniaturesData, area: int, reach: bool = False) -> set[int]:
    """Every area a melee attack from `area` reaches (melee_reach)."""
    return {area, *(b for b in s.game.board.neighbors[area] if melee_reach(s, area, b, reach))}


def melee_reach(s: MiniaturesData, area: int, target_area: int, reach: bool = False) -> bool:
    """Own area; or an adjacent occupied (full) area, but never from an occupied area.
    Reach: also an adjacent area in sight at the same level with no obstacle between (an
    open border)."""
    if target_area == area:
        return True
    board = s.game.board
    kind = board.border[area][target_area]
    if (reach and kind == OPEN and board.elev[area] == board.elev[target_area]
            and mv.line_of_sight(s, area, target_area)):
        return True
    return (kind in (OPEN, FLAP, BOULDER, ROCK_SLIDE) and mv.is_full(s, target_area)
            and not mv.is_full(s, area))


def sacrifice_candidates(s: MiniaturesData, target: Who) -> list[int]:
    """Friends of the target in its area with Sacrifice, able to take the attack for it."""
    g = s.game
    area = mv.area_of(s, target)
    side = mv.side_of(s, target)
    return [m for m, a in enumerate(s.u_area)
            if a == area and ("u", m) != target and mv.model_side(s, m) == side
            and "sacrifice" in g.tiles[g.model_tile[m]].skills]


def offer_sacrifice(s: MiniaturesData, target: Who, then: Cont, c: Resolution) -> None:
    """Sacrifice is a reaction of the target's side, declared once the attack power is known
    (rulebook "Attacking with a Hero": "determines the attack power. At this point, the attack
    power can no longer be modified"; "Defending with a Hero": the defender "casts reaction
    spells or uses skills that can be used in reaction to the attack (Sacrifice, Mitra's Halo,
    etc)")."""
    cands = sacrifice_candidates(s, target)
    if target[0] == "u" and mv.model_side(s, target[1]) == mv.HERO_SIDE:
        cands = []  # allies may sacrifice themselves for heroes, not for each other (ruling)
    if not cands:
        then.go(s, c)
        return
    if mv.side_of(s, target) == mv.OVERLORD_SIDE:
        player = s.game.overlord
    else:
        player = s.ally_leader()
        if player < 0:
            then.go(s, c)
            return
    s.push(Sacrifice(player, cands, then, c))


def sacrifice_mask(s: MiniaturesData, fr: Sacrifice, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["sacrifice"]
    for m in fr.cands:
        mask[o + m] = True
    mask[codec.offsets["no"]] = True


def sacrifice_apply(s: MiniaturesData, fr: Sacrifice, seg: str, i: int) -> None:
    s.pop()
    c = copy_resolution(fr.context)
    if seg == "sacrifice":
        assert c.target is not None
        s.log_event(f"{s.game.model_name(i)} sacrifices itself for {target_name(s, c.target)}")
        c.target = ("u", i)
        c.noguard = True
    fr.then.go(s, c)


def log_power(s: MiniaturesData, who: str, what: str, faces: Sequence[int] | None, power: int,
              deductions: Sequence[tuple[str, int]]) -> None:
    """Write the deductions (hindering, unarmed) that turn the symbols into the power: rulebook
    "Attacking with a Hero": "applies any penalties from hindering and unarmed attack"."""
    cuts = [(why, n) for why, n in deductions if n]
    if cuts:
        s.log_event(f"{who}'s {what} power: {sum(faces or ())} symbols "
                    + " ".join(f"- {n} {why}" for why, n in cuts) + f" = {power}")


# ---- heroes attacking --------------------------------------------------------------------
def hero_weapons(s: MiniaturesData, h: int, kind: str) -> list[int]:
    objs = s.game.objects
    carried = -1 - h
    return [o for o, loc in enumerate(s.o_loc)
            if loc == carried and getattr(objs[o], kind)]


def hero_attack_targets(s: MiniaturesData, h: int, kind: str) -> list[int]:
    """The Overlord's models hero `h` may attack now with a melee or ranged attack."""
    area = s.h_area[h]
    who = ("h", h)
    if kind == "melee":
        areas = melee_areas(s, area, mv.hero_skill(s, h, "reach"))
    else:
        areas = {a for a in s.u_area if a >= 0 and mv.line_of_sight(s, area, a)}
    ally = s.game.model_ally
    return [m for m, a in enumerate(s.u_area)
            if a in areas and not ally[m] and attackable(s, m, who)]


def begin_hero_attack(s: MiniaturesData, h: int, kind: str, m: int) -> None:
    s.push(AttackGems(h, kind, m))


def space_room(s: MiniaturesData, h: int, sp: int) -> int:
    name = ("melee", "ranged", "guard", "manip", "move", "reroll")[sp]
    limit = s.game.heroes[h].spaces[name][1]
    room = s.reserve[h] if limit is None else min(s.reserve[h], limit - s.spaces[h][sp])
    return max(0, room)


def atk_gems_mask(s: MiniaturesData, fr: AttackGems, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["gems"]
    sp = 0 if fr.attack == "melee" else 1
    for k in range(1, space_room(s, fr.actor, sp) + 1):
        mask[o + k] = True


def atk_gems_apply(s: MiniaturesData, fr: AttackGems, seg: str, k: int) -> None:
    h = fr.actor
    sp = 0 if fr.attack == "melee" else 1
    s.reserve[h] -= k
    s.spaces[h][sp] += k
    s.replace(AttackWeapon(h, fr.attack, fr.target_model, k))


def atk_weapon_mask(s: MiniaturesData, fr: AttackWeapon, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["equip"]
    for w in hero_weapons(s, fr.actor, fr.attack):
        mask[o + w] = True
    if fr.attack == "melee":
        mask[o + s.game.num_objects] = True   # unarmed


def atk_weapon_apply(s: MiniaturesData, fr: AttackWeapon, seg: str, w: int) -> None:
    s.pop()
    h = fr.actor
    c = Resolution(hero=h, kind=fr.attack, target=("u", fr.target_model), gems=fr.gems,
                   weapon=-1 if w == s.game.num_objects else w)
    s.log_event(f"{s.game.heroes[h].name} makes a {fr.attack} attack on "
                f"{s.game.model_name(fr.target_model)} with {fr.gems} gems"
                + (f" and {s.game.object_name(w)}" if c.weapon >= 0 else " unarmed"))
    hero_attack_roll(s, c)


def hero_attack_roll(s: MiniaturesData, c: Resolution) -> None:
    g = s.game
    h, kind, w = c.hero, c.kind, c.weapon
    assert h is not None and kind is not None and c.gems is not None and c.target is not None
    col = g.heroes[h].die(kind)
    specs = [(col, False)] * c.gems
    if w >= 0:
        specs += list(getattr(g.objects[w], kind))
    t_area = mv.area_of(s, c.target)
    if kind == "ranged" and g.board.elev[s.h_area[h]] > g.board.elev[t_area]:
        specs.append((0, False))   # elevation bonus: one yellow die
    start_roll(s, h, payer("hero", h), specs, HERO_ATTACK_ROLLED, c, support_for(s, ("h", h)))


def hero_attack_rolled(s: MiniaturesData, c: Resolution) -> None:
    g = s.game
    h, w = c.hero, c.weapon
    assert h is not None and c.kind is not None and c.target is not None
    # "The Melee Attack action is not affected by hindering"; ranged attacks are.
    hinder = 0 if c.kind == "melee" else mv.roll_hindrance(s, ("h", h))
    unarmed = 2 if w < 0 else 0
    power = c.power = max(0, sum(c.faces) - hinder - unarmed)
    log_power(s, g.heroes[h].name, "attack", c.faces, power,
              (("hindering", hinder), ("unarmed", unarmed)))
    if c.kind == "ranged" and w >= 0 and g.objects[w].thrown:
        s.o_loc[w] = mv.area_of(s, c.target)
    defend(s, c.target, power, c.kind, HERO_ATTACK_DONE, c)


def hero_attack_done(s: MiniaturesData, c: Resolution) -> None:
    """Circular Strike: a kill with a two-handed melee weapon carries the leftover damage on."""
    g = s.game
    h, w = c.hero, c.weapon
    assert h is not None
    if (c.kind != "melee" or w < 0 or not g.objects[w].two_handed or not c.killed
            or not mv.hero_skill(s, h, "circular_strike") or s.h_state[h] != 0):
        return
    assert c.power is not None and c.defense is not None and c.life_before is not None
    left = c.power - c.defense - c.life_before
    targets = [m for m in hero_attack_targets(s, h, "melee") if s.u_area[m] == s.h_area[h]]
    if left > 0 and targets:
        s.push(Circular(h, left, c, targets))


def circular_mask(s: MiniaturesData, fr: Circular, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["melee"]
    for m in fr.cands:
        mask[o + m] = True
    for h in fr.heroes:
        mask[codec.offsets["hero"] + h] = True
    mask[codec.offsets["done"]] = True


def circular_apply(s: MiniaturesData, fr: Circular, seg: str, i: int) -> None:
    s.pop()
    if seg == "done":
        return
    target: Who = ("h", i) if seg == "hero" else ("u", i)
    c = copy_resolution(fr.context, target=target, power=fr.left, noguard=False)
    then = HERO_ATTACK_DONE if c.side == mv.HERO_SIDE else UNIT_ATTACK_DONE
    defend(s, target, fr.left, "melee", then, c)


# ---- defending --------------------------------------------------------------------------
def defend(s: MiniaturesData, target: Who, power: int, kind: str, then: Cont, c: Resolution) -> None:
    """Resolve one attack of `power` on `target`; then resume `then` with c.dmg, c.defense,
    c.killed, c.life_before set. The power is final here: the target's side may first answer
    with Sacrifice (not against an area attack, which strikes every character of the area
    anyway); a hero's reaction spells come with the Guard."""
    c.then = then
    c.atk_kind = kind
    c.target = target
    c.power = power
    if kind == "area" or target[0] == "y":
        defend_now(s, c)
    else:
        offer_sacrifice(s, target, DEFEND_NOW, c)


def defend_now(s: MiniaturesData, c: Resolution) -> None:
    """The defence proper of c.target (after any Sacrifice)."""
    target = c.target
    assert target is not None
    if target[0] == "y":
        c.faces = []
        defense_rolled(s, c)
        return
    if target[0] == "h":
        s.push(Guard(target[1], c))
        return
    m = target[1]
    if c.noguard:
        c.faces = []
        defense_rolled(s, c)
    elif mv.model_side(s, m) == mv.OVERLORD_SIDE:
        if s.ov_reserve > 0:
            s.push(OverlordGuard(s.game.overlord, c))
        else:
            c.faces = []
            defense_rolled(s, c)
    else:
        leader = s.ally_leader()
        if leader >= 0 and s.reserve[leader] > 0:
            s.push(AllyGuard(leader, c))
        else:
            c.faces = []
            defense_rolled(s, c)


def ov_guard_mask(s: MiniaturesData, fr: OverlordGuard, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["gems"]
    for k in range(0, min(OVERLORD_GUARD_LIMIT, s.ov_reserve) + 1):
        mask[o + k] = True


def ov_guard_apply(s: MiniaturesData, fr: OverlordGuard, seg: str, k: int) -> None:
    s.pop()
    c = copy_resolution(fr.context)
    s.ov_reserve -= k
    s.ov_fatigue += k
    g = s.game
    assert c.target is not None
    col = g.tiles[g.model_tile[c.target[1]]].guard
    start_roll(s, g.overlord, payer("overlord"), [(col, False)] * k, DEFENSE_ROLLED, c)


def ally_guard_mask(s: MiniaturesData, fr: AllyGuard, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["gems"]
    for k in range(0, s.reserve[fr.actor] + 1):
        mask[o + k] = True


def ally_guard_apply(s: MiniaturesData, fr: AllyGuard, seg: str, k: int) -> None:
    s.pop()
    h = fr.actor
    s.reserve[h] -= k
    s.ally_gems[h] += k
    g = s.game
    col = g.tiles[g.ally_tile].guard
    start_roll(s, h, payer("hero", h, ally=True), [(col, False)] * k, DEFENSE_ROLLED,
               copy_resolution(fr.context), who=fr.context.target)


def guard_items(s: MiniaturesData, h: int, kind: str) -> list[int]:
    """Parry with a weapon or shield; only shields against ranged, area and spell attacks."""
    objs = s.game.objects
    carried = -1 - h
    out = []
    for o, loc in enumerate(s.o_loc):
        if loc == carried and objs[o].guard:
            if kind == "melee" or objs[o].kind == "shield":
                out.append(o)
    return out


def best_armor(s: MiniaturesData, h: int) -> tuple[tuple[int, bool], ...]:
    objs = s.game.objects
    carried = -1 - h
    best = None
    for o, loc in enumerate(s.o_loc):
        if loc == carried and objs[o].armor:
            if best is None or objs[o].armor[0][0] > best[0][0]:
                best = objs[o].armor
    return best or ()


def guard_mask(s: MiniaturesData, fr: Guard, mask: Mask, codec: ActionCodec) -> None:
    h = fr.actor
    o = codec.offsets["gems"]
    if fr.gems is None:
        for k in range(0, s.reserve[h] + 1):
            mask[o + k] = True
        so = codec.offsets["spell"]
        for sp in reaction_spells(s, h):
            mask[so + sp] = True
    else:
        eo = codec.offsets["equip"]
        assert fr.context.atk_kind is not None
        for it in guard_items(s, h, fr.context.atk_kind):
            mask[eo + it] = True
        mask[eo + s.game.num_objects] = True   # dodge


def guard_apply(s: MiniaturesData, fr: Guard, seg: str, i: int) -> None:
    h = fr.actor
    if seg == "spell":
        cast_reaction(s, h, i)
        return
    if seg == "gems":
        s.reserve[h] -= i
        s.spaces[h][2] += i
        fr = evolve(fr, gems=i)
        if i > 0:
            s.replace(fr)
            return   # next: parry with an item or dodge
        item = -1
    else:
        item = -1 if i == s.game.num_objects else i
    s.pop()
    g = s.game
    specs = [(g.heroes[h].die("guard"), False)] * (fr.gems or 0)
    if item >= 0:
        specs += list(g.objects[item].guard)
    specs += list(best_armor(s, h))
    start_roll(s, h, payer("hero", h), specs, DEFENSE_ROLLED, copy_resolution(fr.context),
               support_for(s, ("h", h)))


def defense_rolled(s: MiniaturesData, c: Resolution) -> None:
    g = s.game
    t = c.target
    assert t is not None and c.power is not None and c.then is not None
    defense = sum(c.faces)
    if t[0] == "h":
        defense += s.halo[t[1]]
        if c.atk_kind == "ranged" and mv.hero_skill(s, t[1], "untouchable"):
            defense += 1
        life_before = s.life[t[1]] - s.wounds[t[1]]
    elif t[0] == "u":
        tile = g.tiles[g.model_tile[t[1]]]
        armor = tile.armor
        w = c.weapon
        if tile.knife_armor is not None and w >= 0 and g.objects[w].key == "yuetshi_knife":
            armor = tile.knife_armor   # the Yuetshi Knife pierces Khosatral Khel
        defense += armor + s.u_halo[t[1]]
        life_before = s.u_life[t[1]]
    else:
        life_before = 1
    dmg = max(0, c.power - defense)
    c.defense, c.dmg, c.life_before = defense, dmg, life_before
    s.log_event(f"{target_name(s, t)} defends with {defense} against power {c.power}: "
                f"{dmg} damage")
    c.killed = damage(s, t, dmg, c.side == mv.HERO_SIDE)
    c.then.go(s, c)


def damage(s: MiniaturesData, t: Who, dmg: int, by_heroes: bool) -> bool:
    """Apply dmg to a target; True if it died."""
    if dmg <= 0:
        return False
    if t[0] == "h":
        return bool(s.wound_hero(t[1], dmg))
    if t[0] == "y":
        s.kill_captive(by_heroes)
        return True
    return bool(s.damage_model(t[1], dmg))


# ---- area attacks -------------------------------------------------------------------------
def area_attack(s: MiniaturesData, area: int, power: int, side: int, then: Cont, c: Resolution,
                exclude: int = -1) -> None:
    """Each character in the area is attacked with the same roll; "The attacker resolves the
    attacks in the order of their choice" (rulebook "Area Attacks"): while two or more
    attacks are left, the attacking hero picks the next (an `area_order` decision). The
    queue lists the Overlord's models, allies, heroes, then the captive lying there.
    `exclude`: a hero left out (the caster of Kiss of Death)."""
    queue: list[Who] = [("u", m) for m, a in enumerate(s.u_area) if a == area]
    queue.sort(key=lambda t: mv.model_side(s, t[1]) == mv.HERO_SIDE)
    queue += [("h", h) for h, a in enumerate(s.h_area) if a == area and h != exclude]
    if s.game.captive >= 0 and s.o_loc[s.game.captive] == area:
        queue.append(CAPTIVE)
    c.queue, c.area_power, c.final, c.side = queue, power, then, Side(side)
    area_next(s, c)


def area_next(s: MiniaturesData, c: Resolution) -> None:
    assert c.queue is not None and c.area_power is not None and c.final is not None
    c.queue = [t for t in c.queue
               if not ((t[0] == "u" and s.u_area[t[1]] < 0)
                       or (t[0] == "h" and s.h_state[t[1]] != 0))]
    if not c.queue:
        c.final.go(s, c)
        return
    h = -1 if c.hero is None else c.hero
    if len(c.queue) > 1 and h >= 0 and s.h_state[h] == 0:
        s.push(AreaOrder(h, c))
        return
    defend(s, c.queue.pop(0), c.area_power, "area", AREA_NEXT, c)


def order_index(s: MiniaturesData, t: Who) -> int:
    """A character's index in the `order` action segment: models, heroes, the captive."""
    g = s.game
    if t[0] == "u":
        return t[1]
    if t[0] == "h":
        return int(g.num_models + t[1])
    return int(g.num_models + g.num_heroes)


def area_order_mask(s: MiniaturesData, fr: AreaOrder, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["order"]
    for t in fr.context.queue or ():
        mask[o + order_index(s, t)] = True


def area_order_apply(s: MiniaturesData, fr: AreaOrder, seg: str, i: int) -> None:
    s.pop()
    c = copy_resolution(fr.context)
    assert c.queue is not None and c.area_power is not None
    t = next(t for t in c.queue if order_index(s, t) == i)
    c.queue.remove(t)
    defend(s, t, c.area_power, "area", AREA_NEXT, c)


def nothing(s: MiniaturesData, c: Resolution) -> None:
    pass


# ---- Attack From Beyond ----------------------------------------------------------------------
def attack_from_beyond(s: MiniaturesData, h: int, area: int) -> None:
    """When this hero dies: one free melee attack with 3 red dice, without weapon bonus or
    unarmed penalty, on an enemy in the area (the dead hero rerolls nothing)."""
    cands = [m for m, a in enumerate(s.u_area)
             if a == area and mv.model_side(s, m) == mv.OVERLORD_SIDE
             and attackable(s, m, ("h", h))]
    if cands:
        s.push(Beyond(h, cands))


def beyond_mask(s: MiniaturesData, fr: Beyond, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["melee"]
    for m in fr.cands:
        if s.u_area[m] >= 0:
            mask[o + m] = True
    mask[codec.offsets["no"]] = True


def beyond_apply(s: MiniaturesData, fr: Beyond, seg: str, m: int) -> None:
    s.pop()
    if seg == "melee":
        c = Resolution(hero=fr.actor, target=("u", m), side=mv.HERO_SIDE)
        start_roll(s, fr.actor, payer("nobody"), [(2, False)] * 3, BEYOND_ROLLED, c)


def beyond_rolled(s: MiniaturesData, c: Resolution) -> None:
    assert c.target is not None
    if s.u_area[c.target[1]] >= 0:
        defend(s, c.target, sum(c.faces), "melee", NOTHING, c)
