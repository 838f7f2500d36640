"""Fights: rulebook "Melee Attack", "Ranged Attack", "Unarmed Attacks", "Elevation Bonus for
Ranged Attacks", "Guard", "Armor", "Area Attacks", "Attacking with a Hero", "Defending with a
Hero"; skills Circular Strike, Sacrifice, Protected, Untouchable, Elite Shooter. Damage =
attack power - defense power.

The dice are rolled and rerolled by rolls.py; a fight goes on from each roll through the
continuations it registers there (`@cont`).
"""
from __future__ import annotations

from . import movement as mv
from .constants import OVERLORD_GUARD_LIMIT
from .content import BOULDER, FLAP, OPEN, ROCK_SLIDE
from .rolls import CONT, cont, payer, start_roll, support_for, target_name
from .spellcards import cast_reaction, reaction_spells


# ---- targets ------------------------------------------------------------------------------
def attackable(s, m: int, attacker=None) -> bool:
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


def fascination_key(s, who) -> int:
    """A hero-side character as one int: heroes 0..n-1, allies n + model."""
    return who[1] if who[0] == "h" else s.game.num_heroes + who[1]


def melee_areas(s, area: int, reach: bool = False) -> set:
    """Every area a melee attack from `area` reaches (melee_reach)."""
    return {area, *(b for b in s.game.board.neighbors[area] if melee_reach(s, area, b, reach))}


def melee_reach(s, area: int, target_area: int, reach: bool = False) -> bool:
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


def sacrifice_candidates(s, target) -> list:
    """Friends of the target in its area with Sacrifice, able to take the attack for it."""
    g = s.game
    area = mv.area_of(s, target)
    side = mv.side_of(s, target)
    return [m for m, a in enumerate(s.u_area)
            if a == area and ("u", m) != tuple(target) and mv.model_side(s, m) == side
            and "sacrifice" in g.tiles[g.model_tile[m]].skills]


def offer_sacrifice(s, target, then: str, c: dict):
    """Sacrifice is a reaction of the target's side, declared once the attack power is known
    (rulebook "Attacking with a Hero": "determines the attack power. At this point, the attack
    power can no longer be modified"; "Defending with a Hero": the defender "casts reaction
    spells or uses skills that can be used in reaction to the attack (Sacrifice, Mitra's Halo,
    etc)")."""
    cands = sacrifice_candidates(s, target)
    if target[0] == "u" and mv.model_side(s, target[1]) == mv.HERO_SIDE:
        cands = []  # allies may sacrifice themselves for heroes, not for each other (ruling)
    if not cands:
        CONT[then](s, c)
        return
    if mv.side_of(s, target) == mv.OVERLORD_SIDE:
        player = s.game.overlord
    else:
        player = s.ally_leader()
        if player < 0:
            CONT[then](s, c)
            return
    s.stack.append({"decision": "sacrifice", "player": player, "cands": cands, "then": then, "context": c})


def sacrifice_mask(s, fr, mask, codec):
    o = codec.offsets["sacrifice"]
    for m in fr["cands"]:
        mask[o + m] = True
    mask[codec.offsets["no"]] = True


def sacrifice_apply(s, fr, seg, i):
    s.stack.pop()
    c = fr["context"]
    if seg == "sacrifice":
        s.log_event(f"{s.game.model_name(i)} sacrifices itself for {target_name(s, c['target'])}")
        c["target"] = ["u", i]
        c["noguard"] = True
    CONT[fr["then"]](s, c)


def log_power(s, who: str, what: str, faces, power: int, deductions) -> None:
    """Write the deductions (hindering, unarmed) that turn the symbols into the power: rulebook
    "Attacking with a Hero": "applies any penalties from hindering and unarmed attack"."""
    cuts = [(why, n) for why, n in deductions if n]
    if cuts:
        s.log_event(f"{who}'s {what} power: {sum(faces)} symbols "
                    + " ".join(f"- {n} {why}" for why, n in cuts) + f" = {power}")


# ---- heroes attacking --------------------------------------------------------------------
def hero_weapons(s, h: int, kind: str) -> list:
    objs = s.game.objects
    carried = -1 - h
    return [o for o, loc in enumerate(s.o_loc)
            if loc == carried and getattr(objs[o], kind)]


def hero_attack_targets(s, h: int, kind: str) -> list:
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


def begin_hero_attack(s, h: int, kind: str, m: int):
    s.stack.append({"decision": "atk_gems", "player": h, "kind": kind, "target_model": m})


def space_room(s, h: int, sp: int) -> int:
    name = ("melee", "ranged", "guard", "manip", "move", "reroll")[sp]
    limit = s.game.heroes[h].spaces[name][1]
    room = s.reserve[h] if limit is None else min(s.reserve[h], limit - s.spaces[h][sp])
    return max(0, room)


def atk_gems_mask(s, fr, mask, codec):
    o = codec.offsets["gems"]
    sp = 0 if fr["kind"] == "melee" else 1
    for k in range(1, space_room(s, fr["player"], sp) + 1):
        mask[o + k] = True


def atk_gems_apply(s, fr, seg, k):
    h = fr["player"]
    sp = 0 if fr["kind"] == "melee" else 1
    s.reserve[h] -= k
    s.spaces[h][sp] += k
    fr["gems"] = k
    fr["decision"] = "atk_weapon"


def atk_weapon_mask(s, fr, mask, codec):
    o = codec.offsets["equip"]
    for w in hero_weapons(s, fr["player"], fr["kind"]):
        mask[o + w] = True
    if fr["kind"] == "melee":
        mask[o + s.game.num_objects] = True   # unarmed


def atk_weapon_apply(s, fr, seg, w):
    s.stack.pop()
    h = fr["player"]
    c = {"hero": h, "kind": fr["kind"], "target": ["u", fr["target_model"]], "gems": fr["gems"],
         "weapon": -1 if w == s.game.num_objects else w}
    s.log_event(f"{s.game.heroes[h].name} makes a {fr['kind']} attack on "
                f"{s.game.model_name(fr['target_model'])} with {fr['gems']} gems"
                + (f" and {s.game.object_name(w)}" if c["weapon"] >= 0 else " unarmed"))
    hero_attack_roll(s, c)


@cont
def hero_attack_roll(s, c):
    g = s.game
    h, kind, w = c["hero"], c["kind"], c["weapon"]
    col = g.heroes[h].spaces[kind][0]
    specs = [(col, False)] * c["gems"]
    if w >= 0:
        specs += list(getattr(g.objects[w], kind))
    t_area = mv.area_of(s, c["target"])
    if kind == "ranged" and g.board.elev[s.h_area[h]] > g.board.elev[t_area]:
        specs.append((0, False))   # elevation bonus: one yellow die
    start_roll(s, h, payer("hero", h), specs, "hero_attack_rolled", c, support_for(s, ("h", h)))


@cont
def hero_attack_rolled(s, c):
    g = s.game
    h, w = c["hero"], c["weapon"]
    # "The Melee Attack action is not affected by hindering"; ranged attacks are.
    hinder = 0 if c["kind"] == "melee" else mv.roll_hindrance(s, ("h", h))
    unarmed = 2 if w < 0 else 0
    c["power"] = max(0, sum(c["faces"]) - hinder - unarmed)
    log_power(s, g.heroes[h].name, "attack", c["faces"], c["power"],
              (("hindering", hinder), ("unarmed", unarmed)))
    if c["kind"] == "ranged" and w >= 0 and g.objects[w].thrown:
        s.o_loc[w] = mv.area_of(s, c["target"])
    defend(s, c["target"], c["power"], c["kind"], "hero_attack_done", c)


@cont
def hero_attack_done(s, c):
    """Circular Strike: a kill with a two-handed melee weapon carries the leftover damage on."""
    g = s.game
    h, w = c["hero"], c["weapon"]
    if (c["kind"] != "melee" or w < 0 or not g.objects[w].two_handed or not c.get("killed")
            or not mv.hero_skill(s, h, "circular_strike") or s.h_state[h] != 0):
        return
    left = c["power"] - c["defense"] - c["life_before"]
    targets = [m for m in hero_attack_targets(s, h, "melee") if s.u_area[m] == s.h_area[h]]
    if left > 0 and targets:
        s.stack.append({"decision": "circular", "player": h, "left": left, "context": c, "cands": targets})


def circular_mask(s, fr, mask, codec):
    o = codec.offsets["melee"]
    for m in fr["cands"]:
        mask[o + m] = True
    for h in fr.get("heroes", ()):
        mask[codec.offsets["hero"] + h] = True
    mask[codec.offsets["done"]] = True


def circular_apply(s, fr, seg, i):
    s.stack.pop()
    if seg == "done":
        return
    c = dict(fr["context"])
    c["target"] = ["h", i] if seg == "hero" else ["u", i]
    c["power"] = fr["left"]
    c.pop("noguard", None)
    then = "hero_attack_done" if c.get("side", mv.HERO_SIDE) == mv.HERO_SIDE else "unit_attack_done"
    defend(s, c["target"], c["power"], "melee", then, c)


# ---- defending --------------------------------------------------------------------------
def defend(s, target, power: int, kind: str, then: str, c: dict):
    """Resolve one attack of `power` on `target`; then CONT[then](s, c) with c["dmg"],
    c["defense"], c["killed"], c["life_before"] set. The power is final here: the target's
    side may first answer with Sacrifice (not against an area attack, which strikes every
    character of the area anyway); a hero's reaction spells come with the Guard."""
    c["then"] = then
    c["atk_kind"] = kind
    c["target"] = list(target)
    c["power"] = power
    if kind == "area" or target[0] == "y":
        defend_now(s, c)
    else:
        offer_sacrifice(s, c["target"], "defend_now", c)


@cont
def defend_now(s, c):
    """The defence proper of c["target"] (after any Sacrifice)."""
    target = c["target"]
    if target[0] == "y":
        c["faces"] = []
        defense_rolled(s, c)
        return
    if target[0] == "h":
        s.stack.append({"decision": "guard", "player": target[1], "context": c})
        return
    m = target[1]
    if c.get("noguard"):
        c["faces"] = []
        defense_rolled(s, c)
    elif mv.model_side(s, m) == mv.OVERLORD_SIDE:
        if s.ov_reserve > 0:
            s.stack.append({"decision": "ov_guard", "player": s.game.overlord, "context": c})
        else:
            c["faces"] = []
            defense_rolled(s, c)
    else:
        leader = s.ally_leader()
        if leader >= 0 and s.reserve[leader] > 0:
            s.stack.append({"decision": "ally_guard", "player": leader, "context": c})
        else:
            c["faces"] = []
            defense_rolled(s, c)


def ov_guard_mask(s, fr, mask, codec):
    o = codec.offsets["gems"]
    for k in range(0, min(OVERLORD_GUARD_LIMIT, s.ov_reserve) + 1):
        mask[o + k] = True


def ov_guard_apply(s, fr, seg, k):
    s.stack.pop()
    c = fr["context"]
    s.ov_reserve -= k
    s.ov_fatigue += k
    g = s.game
    col = g.tiles[g.model_tile[c["target"][1]]].guard
    start_roll(s, g.overlord, payer("overlord"), [(col, False)] * k, "defense_rolled", c)


def ally_guard_mask(s, fr, mask, codec):
    o = codec.offsets["gems"]
    for k in range(0, s.reserve[fr["player"]] + 1):
        mask[o + k] = True


def ally_guard_apply(s, fr, seg, k):
    s.stack.pop()
    h = fr["player"]
    s.reserve[h] -= k
    s.ally_gems[h] += k
    g = s.game
    col = g.tiles[g.ally_tile].guard
    start_roll(s, h, payer("hero", h, ally=True), [(col, False)] * k, "defense_rolled", fr["context"],
               who=tuple(fr["context"]["target"]))


def guard_items(s, h: int, kind: str) -> list:
    """Parry with a weapon or shield; only shields against ranged, area and spell attacks."""
    objs = s.game.objects
    carried = -1 - h
    out = []
    for o, loc in enumerate(s.o_loc):
        if loc == carried and objs[o].guard:
            if kind == "melee" or objs[o].kind == "shield":
                out.append(o)
    return out


def best_armor(s, h: int):
    objs = s.game.objects
    carried = -1 - h
    best = None
    for o, loc in enumerate(s.o_loc):
        if loc == carried and objs[o].armor:
            if best is None or objs[o].armor[0][0] > best[0][0]:
                best = objs[o].armor
    return best or ()


def guard_mask(s, fr, mask, codec):
    h = fr["player"]
    o = codec.offsets["gems"]
    if "gems" not in fr:
        for k in range(0, s.reserve[h] + 1):
            mask[o + k] = True
        so = codec.offsets["spell"]
        for sp in reaction_spells(s, h):
            mask[so + sp] = True
    else:
        eo = codec.offsets["equip"]
        for it in guard_items(s, h, fr["context"]["atk_kind"]):
            mask[eo + it] = True
        mask[eo + s.game.num_objects] = True   # dodge


def guard_apply(s, fr, seg, i):
    h = fr["player"]
    if seg == "spell":
        cast_reaction(s, h, i)
        return
    if seg == "gems":
        s.reserve[h] -= i
        s.spaces[h][2] += i
        fr["gems"] = i
        if i > 0:
            return   # next: parry with an item or dodge
        item = -1
    else:
        item = -1 if i == s.game.num_objects else i
    s.stack.pop()
    g = s.game
    specs = [(g.heroes[h].spaces["guard"][0], False)] * fr["gems"]
    if item >= 0:
        specs += list(g.objects[item].guard)
    specs += list(best_armor(s, h))
    start_roll(s, h, payer("hero", h), specs, "defense_rolled", fr["context"], support_for(s, ("h", h)))


@cont
def defense_rolled(s, c):
    g = s.game
    t = c["target"]
    defense = sum(c["faces"])
    if t[0] == "h":
        defense += s.halo[t[1]]
        if c["atk_kind"] == "ranged" and mv.hero_skill(s, t[1], "untouchable"):
            defense += 1
        life_before = s.life[t[1]] - s.wounds[t[1]]
    elif t[0] == "u":
        tile = g.tiles[g.model_tile[t[1]]]
        armor = tile.armor
        w = c.get("weapon", -1)
        if tile.knife_armor is not None and w >= 0 and g.objects[w].key == "yuetshi_knife":
            armor = tile.knife_armor   # the Yuetshi Knife pierces Khosatral Khel
        defense += armor + s.u_halo[t[1]]
        life_before = s.u_life[t[1]]
    else:
        life_before = 1
    dmg = max(0, c["power"] - defense)
    c["defense"], c["dmg"], c["life_before"] = defense, dmg, life_before
    s.log_event(f"{target_name(s, t)} defends with {defense} against power {c['power']}: "
                f"{dmg} damage")
    c["killed"] = damage(s, t, dmg, c.get("side", mv.HERO_SIDE) == mv.HERO_SIDE)
    CONT[c["then"]](s, c)


def damage(s, t, dmg: int, by_heroes: bool) -> bool:
    """Apply dmg to a target; True if it died."""
    if dmg <= 0:
        return False
    if t[0] == "h":
        return s.wound_hero(t[1], dmg)
    if t[0] == "y":
        s.kill_captive(by_heroes)
        return True
    return s.damage_model(t[1], dmg)


# ---- area attacks -------------------------------------------------------------------------
def area_attack(s, area: int, power: int, side: int, then: str, c: dict, exclude: int = -1):
    """Each character in the area is attacked with the same roll; "The attacker resolves the
    attacks in the order of their choice" (rulebook "Area Attacks"): while two or more
    attacks are left, the attacking hero picks the next (an `area_order` decision). The
    queue lists the Overlord's models, allies, heroes, then the captive lying there.
    `exclude`: a hero left out (the caster of Kiss of Death)."""
    queue = [["u", m] for m, a in enumerate(s.u_area) if a == area]
    queue.sort(key=lambda t: mv.model_side(s, t[1]) == mv.HERO_SIDE)
    queue += [["h", h] for h, a in enumerate(s.h_area) if a == area and h != exclude]
    if s.game.captive >= 0 and s.o_loc[s.game.captive] == area:
        queue.append(["y"])
    c["queue"], c["area_power"], c["final"], c["side"] = queue, power, then, side
    area_next(s, c)


@cont
def area_next(s, c):
    c["queue"] = [t for t in c["queue"]
                  if not ((t[0] == "u" and s.u_area[t[1]] < 0)
                          or (t[0] == "h" and s.h_state[t[1]] != 0))]
    if not c["queue"]:
        CONT[c["final"]](s, c)
        return
    h = c.get("hero", -1)
    if len(c["queue"]) > 1 and h >= 0 and s.h_state[h] == 0:
        s.stack.append({"decision": "area_order", "player": h, "context": c})
        return
    defend(s, c["queue"].pop(0), c["area_power"], "area", "area_next", c)


def order_index(s, t) -> int:
    """A character's index in the `order` action segment: models, heroes, the captive."""
    g = s.game
    if t[0] == "u":
        return t[1]
    if t[0] == "h":
        return g.num_models + t[1]
    return g.num_models + g.num_heroes


def area_order_mask(s, fr, mask, codec):
    o = codec.offsets["order"]
    for t in fr["context"]["queue"]:
        mask[o + order_index(s, t)] = True


def area_order_apply(s, fr, seg, i):
    s.stack.pop()
    c = fr["context"]
    t = next(t for t in c["queue"] if order_index(s, t) == i)
    c["queue"].remove(t)
    defend(s, t, c["area_power"], "area", "area_next", c)


@cont
def nothing(s, c):
    pass


# ---- Attack From Beyond ----------------------------------------------------------------------
def attack_from_beyond(s, h: int, area: int):
    """When this hero dies: one free melee attack with 3 red dice, without weapon bonus or
    unarmed penalty, on an enemy in the area (the dead hero rerolls nothing)."""
    cands = [m for m, a in enumerate(s.u_area)
             if a == area and mv.model_side(s, m) == mv.OVERLORD_SIDE
             and attackable(s, m, ("h", h))]
    if cands:
        s.stack.append({"decision": "beyond", "player": h, "cands": cands})


def beyond_mask(s, fr, mask, codec):
    o = codec.offsets["melee"]
    for m in fr["cands"]:
        if s.u_area[m] >= 0:
            mask[o + m] = True
    mask[codec.offsets["no"]] = True


def beyond_apply(s, fr, seg, m):
    s.stack.pop()
    if seg == "melee":
        c = {"hero": fr["player"], "target": ["u", m], "side": mv.HERO_SIDE}
        start_roll(s, fr["player"], payer("nobody"), [(2, False)] * 3, "beyond_rolled", c)


@cont
def beyond_rolled(s, c):
    if s.u_area[c["target"][1]] >= 0:
        defend(s, c["target"], sum(c["faces"]), "melee", "nothing", c)
