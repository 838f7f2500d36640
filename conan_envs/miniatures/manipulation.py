"""Objects: rulebook "Manipulation" (simple: pick up, give, take, catch; complex: throw with
difficulty = distance and the miss rule, open a chest at difficulty 2 and claim or leave its
card), "Dropping an Object" (free; area effects go off), "Skills and Encumbrance" (drop when
over the maximum), the Explosive Orb, Life Potions, Lock-picking, locked cell doors.
"""
from __future__ import annotations

from conan_envs.engine.codec import ActionCodec
from conan_envs.engine.core import Mask

from . import combat, rolls
from . import movement as mv
from .constants import OFF, Space
from .content import KEY_DOOR, LOCKED_DOOR
from .data import MiniaturesData
from .frames import Catch, Claim, ManipGems, MustDrop, ThrowArea
from .records import Resolution
from .steps import MANIP_ROLLED, NOTHING, ORB_ROLLED

MANIP = Space.MANIP
DOOR_DIFFICULTY = 2


def carried(s: MiniaturesData, h: int) -> list[int]:
    c = -1 - h
    return [o for o, loc in enumerate(s.o_loc) if loc == c]


def simple_room(s: MiniaturesData, h: int) -> bool:
    return combat.space_room(s, h, MANIP) > 0


def act_mask(s: MiniaturesData, h: int, mask: Mask, codec: ActionCodec) -> None:
    g = s.game
    off = codec.offsets
    a = s.h_area[h]
    mine = carried(s, h)
    for o in mine:
        mask[off["drop"] + o] = True
        if g.objects[o].kind == "potion":
            mask[off["use"] + o] = True
    if not simple_room(s, h):
        return
    for o, loc in enumerate(s.o_loc):
        if loc == a:
            mask[off["pickup"] + o] = True
    nh = g.num_heroes
    for h2 in s.heroes_in_play():
        if h2 != h and s.h_area[h2] == a:
            for o in mine:
                mask[off["give"] + o * nh + h2] = True
            for o in carried(s, h2):
                mask[off["take"] + o] = True
    if a in s.chests:
        mask[off["chest"]] = True
    for b in door_options(s, h):
        mask[off["door"] + b] = True
    if mine and any(mv.line_of_sight(s, a, b) for b in range(g.num_areas) if b != a):
        for o in mine:
            if g.objects[o].enc <= 3:
                mask[off["throw"] + o] = True


def door_options(s: MiniaturesData, h: int) -> list[int]:
    """Locked doors next to the hero: the Key door needs the Key (simple Manipulation), the
    other is picked with a complex Manipulation."""
    a = s.h_area[h]
    board = s.game.board
    out = []
    for b in board.neighbors[a]:
        kind = board.border[a][b]
        if kind in (KEY_DOOR, LOCKED_DOOR) and (min(a, b), max(a, b)) not in s.broken:
            if kind == LOCKED_DOOR or s.o_loc[s.game.key] == -1 - h:
                out.append(b)
    return out


def pay_simple(s: MiniaturesData, h: int) -> None:
    s.reserve[h] -= 1
    s.spaces[h][MANIP] += 1


def act_apply(s: MiniaturesData, h: int, seg: str, i: int) -> None:
    g = s.game
    s.log_event(f"{g.heroes[h].name}: {seg} " + (
        f"{g.object_name(i // g.num_heroes)} to {g.heroes[i % g.num_heroes].name}" if seg == "give"
        else g.board.names[i] if seg == "door" else "" if seg == "chest" else g.object_name(i)))
    if seg == "drop":
        drop_object(s, h, i)
    elif seg == "use":
        heal = g.objects[i].heal
        for _ in range(heal):
            if s.wounds[h]:
                s.wounds[h] -= 1
            elif s.fatigue[h]:
                s.fatigue[h] -= 1
            else:
                break
            s.reserve[h] += 1
        s.o_loc[i] = OFF
    elif seg == "pickup":
        pay_simple(s, h)
        take_object(s, h, i)
    elif seg == "give":
        o, h2 = divmod(i, g.num_heroes)
        pay_simple(s, h)
        take_object(s, h2, o)
    elif seg == "take":
        pay_simple(s, h)
        take_object(s, h, i)
    elif seg == "chest":
        s.push(ManipGems(h, "chest"))
    elif seg == "door":
        a = s.h_area[h]
        if g.board.border[a][i] == KEY_DOOR:
            pay_simple(s, h)            # the Key opens Olivia's cell: a simple Manipulation
            mv.cross_open(s, a, i)
        else:
            s.push(ManipGems(h, "door", to=i))
    elif seg == "throw":
        s.push(ThrowArea(h, i))


def take_object(s: MiniaturesData, h: int, o: int) -> None:
    """The object is equipped at once; over the maximum encumbrance the hero must drop. During
    the Action phase a heavier load cuts the hero's free movement points at once ("During the
    Action phase, if the hero's encumbrance value is equal to or higher than either
    encumbrance limit, the hero receives fewer movement points"); dropping a load gives none
    back (ruling: the points were received at the start of the phase)."""
    before = mv.base_movement(s, h)
    s.o_loc[o] = -1 - h
    cut = before - mv.base_movement(s, h)
    if cut > 0 and s.mp[h]:
        s.mp[h] = max(0, s.mp[h] - cut)
    check_encumbrance(s, h)


def check_encumbrance(s: MiniaturesData, h: int) -> None:
    if mv.encumbrance(s, h) > s.game.heroes[h].enc_max:
        s.push(MustDrop(h))


def drop_object(s: MiniaturesData, h: int, o: int) -> None:
    a = s.h_area[h]
    if s.game.objects[o].area:
        explode(s, h, o, a)
    else:
        s.o_loc[o] = a


def must_drop_mask(s: MiniaturesData, fr: MustDrop, mask: Mask, codec: ActionCodec) -> None:
    for o in carried(s, fr.actor):
        mask[codec.offsets["drop"] + o] = True


def must_drop_apply(s: MiniaturesData, fr: MustDrop, seg: str, o: int) -> None:
    h = fr.actor
    s.pop()
    drop_object(s, h, o)
    check_encumbrance(s, h)


# ---- complex manipulations ------------------------------------------------------------------
def throw_area_mask(s: MiniaturesData, fr: ThrowArea, mask: Mask, codec: ActionCodec) -> None:
    h = fr.actor
    a = s.h_area[h]
    o = codec.offsets["area"]
    for b in range(s.game.num_areas):
        if b != a and mv.line_of_sight(s, a, b) and s.game.board.dist[a][b] > 0:
            mask[o + b] = True


def throw_area_apply(s: MiniaturesData, fr: ThrowArea, seg: str, b: int) -> None:
    s.replace(ManipGems(fr.actor, "throw", to=b, object=fr.object))


def manip_gems_mask(s: MiniaturesData, fr: ManipGems, mask: Mask, codec: ActionCodec) -> None:
    o = codec.offsets["gems"]
    for k in range(1, combat.space_room(s, fr.actor, MANIP) + 1):
        mask[o + k] = True


def manip_gems_apply(s: MiniaturesData, fr: ManipGems, seg: str, k: int) -> None:
    s.pop()
    h = fr.actor
    s.reserve[h] -= k
    s.spaces[h][MANIP] += k
    g = s.game
    specs = [(g.heroes[h].die("manip"), False)] * k
    if fr.why == "chest" and mv.hero_skill(s, h, "lock_picking"):
        specs.append((2, False))
    c = Resolution(hero=h, why=fr.why, object=fr.object, to=fr.to)
    rolls.start_roll(s, h, rolls.payer("hero", h), specs, MANIP_ROLLED, c,
                     rolls.support_for(s, ("h", h)))


def manip_rolled(s: MiniaturesData, c: Resolution) -> None:
    h = c.hero
    assert h is not None
    hinder = mv.roll_hindrance(s, ("h", h))
    power = max(0, sum(c.faces) - hinder)
    combat.log_power(s, s.game.heroes[h].name, "manipulation", c.faces, power,
                     (("hindering", hinder),))
    a = s.h_area[h]
    if c.why == "chest":
        if power >= s.game.chest_difficulty:
            open_chest(s, h, a)
        return
    if c.why == "door":
        if power >= DOOR_DIFFICULTY:    # Conan's cell door (facts file 7.5)
            mv.cross_open(s, a, c.to)
        return
    o, to = c.object, c.to
    dist = s.game.board.dist[a][to]
    land = to
    if power < dist:
        land = a
        for _ in range(power):
            land = s.game.board.next_hop[land][to]
    s.o_loc[o] = land
    s.log_event(f"{s.game.object_name(o)} lands in {s.game.board.names[land]}")
    if s.game.objects[o].area:
        explode(s, h, o, land)
        return
    offer_catch(s, o, land)


def open_chest(s: MiniaturesData, h: int, a: int) -> None:
    s.chests.remove(a)
    if s.deck:
        card = s.deck.pop()
        s.log_event(f"{s.game.heroes[h].name} opens the chest: {s.game.object_name(card)}")
        s.push(Claim(h, card))


def claim_mask(s: MiniaturesData, fr: Claim, mask: Mask, codec: ActionCodec) -> None:
    mask[codec.offsets["yes"]] = mask[codec.offsets["no"]] = True


def claim_apply(s: MiniaturesData, fr: Claim, seg: str, i: int) -> None:
    s.pop()
    h, o = fr.actor, fr.object
    s.log_event(f"{s.game.heroes[h].name} {'claims' if seg == 'yes' else 'leaves'} "
                f"{s.game.object_name(o)}")
    if seg == "yes":
        take_object(s, h, o)
    else:
        s.o_loc[o] = s.h_area[h]


def catchers(s: MiniaturesData, area: int) -> list[int]:
    return [h for h in s.heroes_in_play()
            if s.h_area[h] == area and s.stance[h] == 1 and simple_room(s, h)]


def offer_catch(s: MiniaturesData, o: int, area: int) -> None:
    """When an object lands, one hero there may at once catch or pick it up (simple)."""
    cands = catchers(s, area)
    if cands:
        s.push(Catch(cands[0], o, area, [cands[0]]))


def catch_mask(s: MiniaturesData, fr: Catch, mask: Mask, codec: ActionCodec) -> None:
    mask[codec.offsets["yes"]] = mask[codec.offsets["no"]] = True


def catch_apply(s: MiniaturesData, fr: Catch, seg: str, i: int) -> None:
    s.pop()
    h, o = fr.actor, fr.object
    if seg == "yes":
        pay_simple(s, h)
        take_object(s, h, o)
        return
    rest = [x for x in catchers(s, fr.area) if x not in fr.asked]
    if rest:
        s.push(Catch(rest[0], o, fr.area, fr.asked + [rest[0]]))


def explode(s: MiniaturesData, h: int, o: int, area: int) -> None:
    """Explosive Orb: an area attack with its dice where it lands, then discarded."""
    s.o_loc[o] = OFF
    c = Resolution(hero=h, area=area)
    rolls.start_roll(s, h, rolls.payer("hero", h), list(s.game.objects[o].area), ORB_ROLLED,
                     c)


def orb_rolled(s: MiniaturesData, c: Resolution) -> None:
    combat.area_attack(s, c.area, sum(c.faces), mv.HERO_SIDE, NOTHING, c)
