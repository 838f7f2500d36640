"""The Overlord's turn (rulebook "Game Play"; the Book of Skelos from the facts file section 6,
every designed part recorded in docs/rulings/miniatures.md): recovery, then 0, 1 or 2
activations of River tiles paid from the Reserve at the slot's cost; the activated tile moves
to the end of the River; each of its models moves and attacks; benefits (extra movement,
Guard, Reroll); Event tiles (reinforcements, the volley, the Outer Dark Demon, freeing a
petrified monster); Skuthus's spells; Khosatral Khel's Circular Strike.
"""
from __future__ import annotations

from collections.abc import Callable

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import combat, ritual, rolls
from . import movement as mv
from .constants import MAX_ACTIVATIONS, MOVE_BENEFIT_LIMIT, SLOT_COSTS
from .content import DROP, LEAP
from .data import MiniaturesData
from .frames import (
    Circular,
    Event,
    Free,
    Haste,
    OverlordTurn,
    Reinforce,
    ReinforceArea,
    Rocks,
    Unit,
    UnitSpell,
)
from .records import Resolution, Who, evolve
from .steps import (
    NOTHING,
    ROCKS_FELL,
    UNIT_ATTACK_DONE,
    UNIT_ATTACK_ROLLED,
    UNIT_FELL,
    UNIT_LEAP_ROLLED,
    UNIT_SPELL_ROLLED,
)


def begin_turn(s: MiniaturesData) -> None:
    s.phase = "overlord"
    if s.game.priestess_area >= 0:
        ritual.turn_start(s)
    n = min(s.recovery, s.ov_fatigue)
    s.ov_fatigue -= n
    s.ov_reserve += n
    s.log_event(f"Round {s.turn + 1}: the Overlord's turn; he recovers {n} gems")
    s.push(OverlordTurn(s.game.overlord, 0, []))


def living_models(s: MiniaturesData, t: int) -> list[int]:
    return [m for m in s.game.tile_models[t] if s.u_area[m] >= 0]


def activatable(s: MiniaturesData, slot: int) -> bool:
    t = s.river[slot]
    if t < 0 or SLOT_COSTS[slot] > s.ov_reserve:
        return False
    if t == s.game.event_tile:
        return True
    return bool(living_models(s, t))


def turn_mask(s: MiniaturesData, fr: OverlordTurn, mask: Mask, codec: ActionCodec) -> None:
    mask[codec.offsets["done"]] = True
    if fr.activations >= MAX_ACTIVATIONS:
        return
    o = codec.offsets["activate"]
    for slot in range(len(s.river)):
        # "activate 0, 1, or 2 tiles": two activations are of two different tiles (ruling)
        if activatable(s, slot) and s.river[slot] not in fr.activated:
            mask[o + slot] = True


def turn_apply(s: MiniaturesData, fr: OverlordTurn, seg: str, slot: int) -> None:
    if seg == "done":
        s.pop()
        return
    s.ov_reserve -= SLOT_COSTS[slot]
    s.ov_fatigue += SLOT_COSTS[slot]
    t = s.river.pop(slot)
    s.river.append(t)
    s.replace(OverlordTurn(fr.actor, fr.activations + 1, fr.activated + [t]))
    g = s.game
    s.log_event(f"The Overlord activates {g.tiles[t].name} (slot {slot + 1}, "
                f"{SLOT_COSTS[slot]} gems)")
    if t == g.event_tile:
        event(s)
        return
    queue = living_models(s, t)
    for m in queue:
        s.u_halo[m] = 0   # Set's Halo lasts until the caster's group activates
    next_model(s, Unit(g.overlord, t, queue))


def next_model(s: MiniaturesData, fr: Unit) -> None:
    """The next living model of the activated group acts, or the activation ends. `fr` is
    the activation on top of the stack, or a new one (pushed if a model acts)."""
    on_top = bool(s.stack) and s.stack[-1] is fr
    queue = list(fr.queue)
    while queue:
        m = queue.pop(0)
        if s.u_area[m] >= 0:
            mp = 0 if fr.volley else 2 if fr.haste else s.game.tiles[fr.tile].move
            held = s.u_held[m]
            if held:   # Set's Possession: it cannot move this activation
                s.u_held[m] = False
                mp = 0
            fr = evolve(fr, queue=queue, model=m, mp=mp, bought=0, attacked=False, held=held)
            if on_top:
                s.replace(fr)
            else:
                s.push(fr)
            return
    if on_top:
        s.pop()


def unit_targets(s: MiniaturesData, m: int, volley: bool = False) -> tuple[list[int], list[int]]:
    """(heroes, allies) this model can attack now: melee in reach, or ranged in sight."""
    g = s.game
    tile = g.tiles[g.model_tile[m]]
    a = s.u_area[m]
    if not (tile.melee or tile.ranged):
        return [], []   # the Princess has no attack
    if tile.melee and not volley:
        areas = combat.melee_areas(s, a, "reach" in tile.skills)
        reach: Callable[[int], bool] = areas.__contains__
    else:
        def reach(b: int) -> bool:
            return mv.line_of_sight(s, a, b)
    heroes = [h for h in s.heroes_in_play() if reach(s.h_area[h])]
    ally = g.model_ally
    allies = [k for k, b in enumerate(s.u_area) if b >= 0 and ally[k] and reach(b)]
    return heroes, allies


def unit_mask(s: MiniaturesData, fr: Unit, mask: Mask, codec: ActionCodec) -> None:
    off = codec.offsets
    m = fr.model
    mask[off["done"]] = True
    a = s.u_area[m]
    if a < 0:
        return
    who = ("u", m)
    for b, c in mv.move_options(s, who, a):
        if c <= fr.mp and mv.unit_may_enter(s, m, b):
            mask[off["move"] + b] = True
    if not fr.attacked and not fr.haste:
        if fr.hit != "barricade":
            heroes, allies = unit_targets(s, m, fr.volley)
            for h in heroes:
                mask[off["hero"] + h] = True
            for k in allies:
                mask[off["melee"] + k] = True
        if s.bar_life and fr.hit != "character" and s.game.tiles[fr.tile].melee \
                and not fr.volley:
            for i in ritual.barricades_next_to(s, a):
                mask[off["barricade"] + i] = True
        if (fr.bought < MOVE_BENEFIT_LIMIT and s.ov_reserve > 0
                and not fr.volley and not fr.held and not fr.haste):
            mask[off["benefit_move"]] = True
    for sp in s.game.tile_spells[fr.tile] if fr.tile >= 0 else ():
        if sp not in fr.cast and s.game.spells[sp].cost + s.u_dizzy[m] <= s.ov_reserve \
                and spell_targets(s, m, sp):
            mask[off["spell"] + sp] = True


def unit_apply(s: MiniaturesData, fr: Unit, seg: str, i: int) -> None:
    m = fr.model
    if seg == "done" or s.u_area[m] < 0:
        next_model(s, fr)
        return
    if seg == "spell":
        # Spell Caster on a tile: the Overlord pays the cost from the Reserve, once per
        # activation and spell (the exertion limit of Energy Drain is 1).
        s.replace(evolve(fr, cast=fr.cast + [i]))
        cost = s.game.spells[i].cost + s.u_dizzy[m]   # Magical Dizziness: 1 gem more
        s.ov_reserve -= cost
        s.ov_fatigue += cost
        s.push(UnitSpell(fr.actor, m, i))
        return
    if seg == "barricade":
        ritual.hit_barricade(s, fr, i)
        return
    if seg == "benefit_move":
        s.log_event(f"{s.game.model_name(m)} gets 1 more movement point (1 gem)")
        s.ov_reserve -= 1
        s.ov_fatigue += 1
        s.replace(evolve(fr, bought=fr.bought + 1, mp=fr.mp + 1))
        return
    if seg == "move":
        a = s.u_area[m]
        s.replace(evolve(fr, mp=fr.mp - mv.move_cost(s, ("u", m), a, i)))
        mv.cross(s, a, i)
        kind = s.game.board.border[a][i]
        if kind == LEAP:
            c = Resolution(model=m, to=i, difficulty=s.game.board.difficulty[a][i])
            rolls.start_roll(s, s.game.overlord, rolls.payer("overlord"), [(2, False)],
                             UNIT_LEAP_ROLLED, c)
            return
        s.u_area[m] = i
        s.log_event(f"{s.game.model_name(m)} moves to {s.game.board.names[i]}")
        if kind == DROP:
            rolls.start_roll(s, s.game.overlord, rolls.payer("overlord"),
                             list(s.game.board.fall_dice), UNIT_FELL, Resolution(model=m))
        return
    # an attack ends the model's movement (ruling, as for allies)
    s.replace(evolve(fr, attacked=True, mp=0, hit="character"))
    target: Who = ("h", i) if seg == "hero" else ("u", i)
    s.log_event(f"{s.game.model_name(m)} attacks {rolls.target_name(s, target)}")
    if "fascination" in s.game.tiles[s.game.model_tile[m]].skills:
        key = combat.fascination_key(s, target)
        if key not in s.u_attacked[m]:
            s.u_attacked[m].append(key)   # the target may now attack her back
    c = Resolution(side=mv.OVERLORD_SIDE, model=m, target=target, volley=fr.volley)
    unit_attack_roll(s, c)


def unit_attack_roll(s: MiniaturesData, c: Resolution) -> None:
    g = s.game
    m = c.model
    assert m is not None and c.target is not None
    tile = g.tiles[g.model_tile[m]]
    kind = "melee" if tile.melee and not c.volley else "ranged"
    c.kind = kind
    specs = list(tile.ranged or tile.melee) if kind == "ranged" else list(tile.melee)
    if kind == "ranged" and g.board.elev[s.u_area[m]] > g.board.elev[mv.area_of(s, c.target)]:
        specs.append((0, False))
    rolls.start_roll(s, g.overlord, rolls.payer("overlord"), specs, UNIT_ATTACK_ROLLED, c,
                     rolls.support_for(s, ("u", m)))


def unit_attack_rolled(s: MiniaturesData, c: Resolution) -> None:
    g = s.game
    m = c.model
    assert m is not None and c.target is not None and c.kind is not None
    hinder = 0
    if c.kind == "ranged" and "elite_shooter" not in g.tiles[g.model_tile[m]].skills:
        hinder = mv.roll_hindrance(s, ("u", m))
    power = max(0, sum(c.faces) - hinder)
    combat.log_power(s, g.model_name(m), "attack", c.faces, power, (("hindering", hinder),))
    if mv.area_of(s, c.target) < 0:
        return
    combat.defend(s, c.target, power, c.kind, UNIT_ATTACK_DONE, c)


def unit_attack_done(s: MiniaturesData, c: Resolution) -> None:
    """Circular Strike (Khosatral Khel): a kill carries the leftover damage to another enemy
    in the area."""
    g = s.game
    m = c.model
    assert m is not None
    if c.kind != "melee" or not c.killed or s.u_area[m] < 0 \
            or "circular_strike" not in g.tiles[g.model_tile[m]].skills:
        return
    assert c.power is not None and c.defense is not None and c.life_before is not None
    left = c.power - c.defense - c.life_before
    a = s.u_area[m]
    heroes = [h for h in s.heroes_in_play() if s.h_area[h] == a]
    allies = [k for k, b in enumerate(s.u_area) if b == a and mv.model_side(s, k) == mv.HERO_SIDE]
    if left > 0 and (heroes or allies):
        s.push(Circular(g.overlord, left, c, allies, heroes))


def unit_leap_rolled(s: MiniaturesData, c: Resolution) -> None:
    """A failed leap: Zaporavo and Skuthus stay put, minions drown (facts file 7.2)."""
    m = c.model
    assert m is not None and c.difficulty is not None
    g = s.game
    tile = g.tiles[g.model_tile[m]]
    if sum(c.faces) >= c.difficulty:
        s.u_area[m] = c.to
    elif tile.type == "minion":
        s.damage_model(m, 99)


def unit_fell(s: MiniaturesData, c: Resolution) -> None:
    assert c.model is not None
    if sum(c.faces):
        s.damage_model(c.model, sum(c.faces))


# ---- events and reinforcements --------------------------------------------------------------
def event(s: MiniaturesData) -> None:
    """Events with a choice (Hunting the Tigress) ask the Overlord; the others reinforce."""
    ev = s.game.event
    if ev.get("hordes") is not None:
        ritual.event(s)
    elif ev.get("choice"):
        s.push(Event(s.game.overlord))
    else:
        _reinforce(s, ev.get("reinforcement", 0))


def _skuthus_alive(s: MiniaturesData) -> bool:
    g = s.game
    t = g.tile_index[g.event["demon"]["replaces"]]
    return bool(living_models(s, t))


def event_mask(s: MiniaturesData, fr: Event, mask: Mask, codec: ActionCodec) -> None:
    ev = s.game.event
    o = codec.offsets["event"]
    mask[o] = True
    if ev.get("demon") and _skuthus_alive(s):
        mask[o + 1] = True
    if ev.get("volley"):
        mask[o + 2] = True
    if ev.get("free_statue") and freeable(s):
        mask[o + 3] = True
    if ev.get("rocks_fall"):
        mask[o + 4] = True


def event_apply(s: MiniaturesData, fr: Event, seg: str, i: int) -> None:
    s.pop()
    g = s.game
    s.log_event(f"The Overlord chooses the event: {(g.codec.labels['event'] or ())[i]}")
    if i == 0:
        _reinforce(s, g.event.get("reinforcement", 0))
        return
    if i == 3:
        s.push(Free(g.overlord))
        return
    if i == 4:
        s.push(Rocks(g.overlord))
        return
    if i == 2:
        # Volley (ruling): every Overlord model with a hero in sight may make one ranged
        # attack with its tile's dice (its melee dice if it has no ranged dice).
        queue = [m for m, a in enumerate(s.u_area)
                 if a >= 0 and mv.model_side(s, m) == mv.OVERLORD_SIDE]
        next_model(s, Unit(g.overlord, -1, queue, volley=True))
        return
    # Skuthus dies (for the heroes) and the Outer Dark Demon appears in his area; its tile
    # takes his place in the River.
    old = g.tile_index[g.event["demon"]["replaces"]]
    new = g.tile_index[g.event["demon"]["tile"]]
    m = living_models(s, old)[0]
    area = s.u_area[m]
    s.damage_model(m, 99)
    d = g.tile_models[new][0]
    s.u_area[d] = area
    s.u_life[d] = g.tiles[new].life
    s.river[s.river.index(old)] = new


def _reinforce(s: MiniaturesData, pts: int) -> None:
    if pts > 0:
        s.push(Reinforce(s.game.overlord, pts))


def reinforce_tiles(s: MiniaturesData, pts: int) -> list[int]:
    g = s.game
    if not any(not mv.is_full(s, a) for a in g.reinforcement_areas):
        return []
    out = []
    for t in s.river:
        if t < 0 or t == g.event_tile:
            continue
        tile = g.tiles[t]
        if tile.type == "minion" and tile.cost <= pts and len(living_models(s, t)) < tile.models:
            out.append(t)
    return out


def reinforce_mask(s: MiniaturesData, fr: Reinforce, mask: Mask, codec: ActionCodec) -> None:
    mask[codec.offsets["done"]] = True
    o = codec.offsets["reinforce"]
    for t in reinforce_tiles(s, fr.pts):
        mask[o + t] = True


def reinforce_apply(s: MiniaturesData, fr: Reinforce, seg: str, t: int) -> None:
    if seg == "done":
        s.pop()
        return
    s.push(ReinforceArea(fr.actor, t))


def reinforce_area_mask(s: MiniaturesData, fr: ReinforceArea, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["area"]
    for a in s.game.reinforcement_areas:
        if not mv.is_full(s, a):
            mask[o + a] = True


def reinforce_area_apply(s: MiniaturesData, fr: ReinforceArea, seg: str, a: int) -> None:
    s.pop()
    g = s.game
    t = fr.tile
    m = next(k for k in g.tile_models[t] if s.u_area[k] < 0)
    s.log_event(f"{g.model_name(m)} comes back as a reinforcement in {g.board.names[a]}")
    s.u_area[m] = a
    s.u_life[m] = g.tiles[t].life
    parent = s.stack[-1]
    assert isinstance(parent, Reinforce)
    pts = parent.pts - g.tiles[t].cost
    if reinforce_tiles(s, pts):
        s.replace(Reinforce(parent.actor, pts))
    else:
        s.pop()


# ---- spells cast by a tile (Skuthus) ------------------------------------------------------------
def spell_targets(s: MiniaturesData, m: int, sp: int) -> list[int]:
    """Energy Drain: a hero in an adjacent area in sight; Set's Bite: a hero in sight."""
    a = s.u_area[m]
    b = s.game.board
    adjacent = s.game.spells[sp].effect == "drain"
    return [h for h in s.heroes_in_play() if mv.line_of_sight(s, a, s.h_area[h])
            and (not adjacent or b.border[a][s.h_area[h]] >= 0)]


def unit_spell_mask(s: MiniaturesData, fr: UnitSpell, mask: Mask, codec: ActionCodec) -> None:
    for h in spell_targets(s, fr.model, fr.spell):
        mask[codec.offsets["hero"] + h] = True


def unit_spell_apply(s: MiniaturesData, fr: UnitSpell, seg: str, h: int) -> None:
    s.pop()
    spell = s.game.spells[fr.spell]
    s.log_event(f"{s.game.model_name(fr.model)} casts {spell.name} on {s.game.heroes[h].name}")
    if spell.effect == "drain":
        # Energy Drain: the hero moves 1 gem Reserve -> Fatigue; the caster's side (the
        # Overlord) moves 3 gems Fatigue -> Reserve.
        n = min(spell.drain, s.reserve[h])
        s.reserve[h] -= n
        s.fatigue[h] += n
        n = min(spell.gain, s.ov_fatigue)
        s.ov_fatigue -= n
        s.ov_reserve += n
        return
    c = Resolution(side=mv.OVERLORD_SIDE, model=fr.model, target=("h", h), spell=fr.spell)
    rolls.start_roll(s, s.game.overlord, rolls.payer("overlord"), list(spell.dice),
                     UNIT_SPELL_ROLLED, c)


def unit_spell_rolled(s: MiniaturesData, c: Resolution) -> None:
    """Set's Bite: an attack; the target's controller also moves a gem Reserve -> Fatigue."""
    assert c.target is not None and c.spell is not None
    h = c.target[1]
    spell = s.game.spells[c.spell]
    n = min(spell.drain, s.reserve[h])
    s.reserve[h] -= n
    s.fatigue[h] += n
    if s.h_state[h] == 0:
        combat.defend(s, c.target, sum(c.faces), "spell", NOTHING, c)


# ---- petrified monsters (In the Heart of Darkness) ---------------------------------------------
def freeable(s: MiniaturesData) -> list[int]:
    """A statue may be freed while fewer than 2 monster tiles with living models are in the
    River and the River has an empty slot (ruling); its area must have room."""
    g = s.game
    if -1 not in s.river:
        return []
    monsters = sum(1 for t in s.river if t >= 0 and g.tiles[t].type == "monster"
                   and living_models(s, t))
    if monsters >= 2:
        return []
    return [t for t in s.petrified
            if all(not mv.is_full(s, g.board.index[a]) for a in g.tiles[t].start)]


def free_mask(s: MiniaturesData, fr: Free, mask: Mask, codec: ActionCodec) -> None:
    for t in freeable(s):
        mask[codec.offsets["free"] + t] = True


def free_apply(s: MiniaturesData, fr: Free, seg: str, t: int) -> None:
    """The freed monster comes alive where its statue stands; its tile goes to the River's
    end, taking the place of the leftmost empty slot."""
    s.pop()
    g = s.game
    s.log_event(f"{g.tiles[t].name} is freed from the stone")
    s.petrified.remove(t)
    for m, a in zip(g.tile_models[t], g.tiles[t].start):
        s.u_area[m] = g.board.index[a]
        s.u_life[m] = g.tiles[t].life
    s.river.remove(-1)
    s.river.append(t)


# ---- Rocks Fall (For All of Ophir's Gold) -----------------------------------------------------
def rocks_mask(s: MiniaturesData, fr: Rocks, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["area"]
    for a in range(s.game.num_areas):
        mask[o + a] = True


def rocks_apply(s: MiniaturesData, fr: Rocks, seg: str, a: int) -> None:
    """Pick an area and roll the dice; every character there takes damage equal to the
    symbols, with no Guard or Armor (the Overlord may Reroll with gems)."""
    s.pop()
    s.log_event(f"Rocks fall on {s.game.board.names[a]}")
    dice = list(s.game.event_rocks)
    rolls.start_roll(s, s.game.overlord, rolls.payer("overlord"), dice, ROCKS_FELL,
                     Resolution(area=a))


def rocks_fell(s: MiniaturesData, c: Resolution) -> None:
    dmg = sum(c.faces)
    if dmg <= 0:
        return
    a = c.area
    g = s.game
    for m, b in enumerate(s.u_area):
        if b == a:
            s.damage_model(m, dmg)
    for h in s.heroes_in_play():
        if s.h_area[h] == a:
            s.wound_hero(h, dmg)
    if g.captive >= 0 and s.o_loc[g.captive] == a:
        s.kill_captive(by_heroes=False)


# ---- Bestial Haste (the event of The Final Ritual, ritual.py) ------------------------------
def haste_mask(s: MiniaturesData, fr: Haste, mask: Mask, codec: ActionCodec) -> None:
    """Bestial Haste: one group returned this way gets up to 2 movement points now."""
    mask[codec.offsets["done"]] = True
    o = codec.offsets["reinforce"]
    for t in fr.groups:
        if any(s.u_area[m] >= 0 for m in fr.groups[t]):
            mask[o + int(t)] = True


def haste_apply(s: MiniaturesData, fr: Haste, seg: str, t: int) -> None:
    s.pop()
    if seg == "done":
        return
    queue = [m for m in fr.groups[str(t)] if s.u_area[m] >= 0]
    next_model(s, Unit(fr.actor, t, queue, haste=True))
