"""Characters on the board: "Move", "Hindering", "Occupied areas", "Skills and encumbrance"
(skills blocked over their limit, the two movement limits), line of sight, Blocking, Evasive,
Flying, Climb, Leap, Swimming, Wall Wrecker, doors, falling (rulebook "Falling damage") and
fleeing.

A character is ("h", hero index) or ("u", model index); allies are models on the heroes' side.
"""
from __future__ import annotations

from .constants import Side
from .content import (
    BOULDER,
    DOOR,
    DROP,
    FLAP,
    KEY_DOOR,
    LEAP,
    LOCKED_DOOR,
    OPEN,
    OPENABLE,
    ROCK_SLIDE,
    STONE_WALL,
    WOOD_WALL,
)
from .data import MiniaturesData
from .records import Who

HERO_SIDE, OVERLORD_SIDE = Side.HEROES, Side.OVERLORD


def model_side(s: MiniaturesData, m: int) -> int:
    return HERO_SIDE if s.game.model_ally[m] else OVERLORD_SIDE


def encumbrance(s: MiniaturesData, h: int) -> int:
    objs = s.game.objects
    carried = -1 - h
    return sum(objs[o].enc for o, loc in enumerate(s.o_loc) if loc == carried)


def hero_skill(s: MiniaturesData, h: int, skill: str) -> bool:
    """A skill is usable while the hero's encumbrance is below the skill's limit."""
    sheet = s.game.heroes[h]
    if skill not in sheet.skills:
        return skill == "flying" and s.flying[h]   # Borne by the Wind
    limit = sheet.skill_limits.get(skill)
    return limit is None or encumbrance(s, h) < limit


def has_skill(s: MiniaturesData, who: Who, skill: str) -> bool:
    if who[0] == "h":
        return hero_skill(s, who[1], skill)
    return skill in s.game.model_skills[who[1]]


def usable_skills(s: MiniaturesData, who: Who) -> frozenset[str]:
    """Every skill the character can use now, as has_skill answers for each (for the masks,
    which ask about several at once)."""
    if who[0] == "u":
        return s.game.model_skills[who[1]]
    h = who[1]
    sheet = s.game.heroes[h]
    limits = sheet.skill_limits
    skills = sheet.skills
    if any(k in limits for k in skills):
        enc = encumbrance(s, h)
        skills = frozenset(k for k in skills if limits.get(k) is None or enc < limits[k])
    if s.flying[h] and "flying" not in sheet.skills:   # Borne by the Wind
        skills = skills | {"flying"}
    return skills


def base_movement(s: MiniaturesData, h: int) -> int:
    sheet = s.game.heroes[h]
    enc = encumbrance(s, h)
    cut = 2 if enc >= sheet.move_minus2 else 1 if enc >= sheet.move_minus1 else 0
    return max(0, sheet.base_move - cut)


def side_of(s: MiniaturesData, who: Who) -> int:
    return HERO_SIDE if who[0] == "h" else model_side(s, who[1])


def area_of(s: MiniaturesData, who: Who) -> int:
    return s.h_area[who[1]] if who[0] == "h" else s.u_area[who[1]]


def side_counts(s: MiniaturesData, area: int) -> list[int]:
    """[heroes' side, Overlord's side] characters standing in `area`."""
    heroes, units = s.h_area.count(area), s.u_area.count(area)
    if units and s.game.ally_tile >= 0:
        allies = s.game.model_ally
        friends = sum(1 for m, a in enumerate(s.u_area) if a == area and allies[m])
        return [heroes + friends, units - friends]
    return [heroes, units]


def all_counts(s: MiniaturesData) -> tuple[list[int], list[int]]:
    """Characters of each side in every area, in one pass: (heroes' side, Overlord's side)."""
    n = s.game.num_areas
    hs, os_ = [0] * n, [0] * n
    for a in s.h_area:
        if a >= 0:
            hs[a] += 1
    ally_tile = s.game.ally_tile
    tiles = s.game.model_tile
    for m, a in enumerate(s.u_area):
        if a >= 0:
            if tiles[m] == ally_tile:
                hs[a] += 1
            else:
                os_[a] += 1
    return hs, os_


def occupants(s: MiniaturesData, area: int) -> int:
    return s.h_area.count(area) + s.u_area.count(area)


def is_full(s: MiniaturesData, area: int) -> bool:
    return occupants(s, area) >= s.game.board.cap[area]


def hindrance(s: MiniaturesData, who: Who, area: int | None = None) -> int:
    """Symbols ignored / extra movement points: enemies minus the character's other friends
    in its area (rulebook "Hindering": 3 alone, 2 beside Bêlit), never below 0."""
    if area is None:
        area = area_of(s, who)
    c = side_counts(s, area)
    side = side_of(s, who)
    return max(0, c[1 - side] - (c[side] - 1))


def roll_hindrance(s: MiniaturesData, who: Who) -> int:
    if has_skill(s, who, "concentration"):
        return 0
    return hindrance(s, who)


def blocked_in(s: MiniaturesData, who: Who) -> bool:
    """Blocking: enemies in the area cannot leave it unless Evasive or Flying."""
    if has_skill(s, who, "evasive") or has_skill(s, who, "flying"):
        return False
    return _blocker_in(s, area_of(s, who), side_of(s, who))


def _blocker_in(s: MiniaturesData, area: int, side: int) -> bool:
    """An enemy of `side` with Blocking (not taken away) stands in `area`."""
    skills = s.game.model_skills
    for m, a in enumerate(s.u_area):
        if (a == area and "blocking" in skills[m] and model_side(s, m) != side
                and not s.u_noblock[m]):
            return True
    return False


def line_of_sight(s: MiniaturesData, a: int, b: int) -> bool:
    """Precomputed sight, plus sight through broken walls and removed doors."""
    g = s.game
    if g.barricade_of and (a, b) in g.barricade_of and s.bar_life[g.barricade_of[(a, b)]] > 0:
        return False   # an intact barricade blocks sight (The Final Ritual)
    if g.board.los[a][b]:
        return True
    return s.game.board.border[a][b] in OPENABLE and _broken(s, a, b)


def _barred(s: MiniaturesData, a: int, b: int) -> bool:
    """An intact barricade (The Final Ritual) cannot be crossed, even flying."""
    i = s.game.barricade_of.get((a, b), -1)
    return i >= 0 and s.bar_life[i] > 0


def _broken(s: MiniaturesData, a: int, b: int) -> bool:
    """A broken wooden wall or a removed door (facts file 7.5, 8)."""
    return (min(a, b), max(a, b)) in s.broken


def _is_hyena(s: MiniaturesData, who: Who) -> bool:
    """Hyenas cannot cross doors (facts file 7.5)."""
    return who[0] == "u" and s.game.tiles[s.game.model_tile[who[1]]].key == "hyenas"


def cross_open(s: MiniaturesData, a: int, b: int) -> None:
    s.broken.add((min(a, b), max(a, b)))


def cross(s: MiniaturesData, a: int, b: int) -> None:
    """Crossing a wooden wall with Wall Wrecker breaks it; crossing a door removes it."""
    if s.game.board.border[a][b] in (WOOD_WALL, DOOR):
        s.broken.add((min(a, b), max(a, b)))


def step_cost(s: MiniaturesData, who: Who, a: int, b: int) -> int:
    """Movement points to cross from area a to adjacent area b, or -1 if not allowed.
    Hindering is not included (see move_cost)."""
    board = s.game.board
    kind = board.border[a][b]
    if kind < 0 or is_full(s, b) or _barred(s, a, b):
        return -1
    if has_skill(s, who, "flying"):
        return 1
    if board.water[b] and not has_skill(s, who, "swimming"):
        return -1
    cost = 1 + (1 if board.water[a] else 0)
    if kind == OPEN:
        pass
    elif kind == FLAP:
        cost += 1
    elif kind == WOOD_WALL:
        if not _broken(s, a, b):
            if not has_skill(s, who, "wall_wrecker"):
                return -1
            cost += 2
    elif kind == STONE_WALL:
        return -1
    elif kind in (DOOR, KEY_DOOR, LOCKED_DOOR):
        if not _broken(s, a, b):
            if kind != DOOR or _is_hyena(s, who):
                return -1
            cost += 1
    elif kind == BOULDER:
        if not has_skill(s, who, "climb"):
            return -1
        cost += 2
    elif kind == ROCK_SLIDE:
        if not has_skill(s, who, "climb"):
            cost += 2
    elif kind == LEAP:
        if not has_skill(s, who, "leap"):
            return -1
    elif kind == DROP:
        if board.elev[b] > board.elev[a]:
            return -1
    return cost


def move_cost(s: MiniaturesData, who: Who, a: int, b: int) -> int:
    """Full cost of leaving a for b: the step plus hindering (rulebook "Move": "Movement is
    affected by hindering", whatever the border, a leap included; Evasive and Flying ignore it)."""
    if blocked_in(s, who):
        return -1
    cost = step_cost(s, who, a, b)
    if cost < 0:
        return -1
    if not (has_skill(s, who, "evasive") or has_skill(s, who, "flying")):
        cost += hindrance(s, who, a)
    return cost


def move_options(s: MiniaturesData, who: Who, a: int) -> list[tuple[int, int]]:
    """[(area, cost)] for every adjacent area the character may move to now; the same costs
    as move_cost, computed once for the whole neighbourhood (used by the legal masks)."""
    skills = usable_skills(s, who)
    fly = "flying" in skills
    free = fly or "evasive" in skills
    side = side_of(s, who)
    if not free and _blocker_in(s, area_of(s, who), side):   # blocked_in
        return []
    board = s.game.board
    hinder = 0 if free else hindrance(s, who, a)
    hyena = _is_hyena(s, who)
    out = []
    row = board.border[a]
    bars = s.game.barricade_of
    for b in board.neighbors[a]:
        if is_full(s, b) or (bars and _barred(s, a, b)):
            continue
        if fly:
            out.append((b, 1))
            continue
        kind = row[b]
        if board.water[b] and "swimming" not in skills:
            continue
        cost = 1 + (1 if board.water[a] else 0)
        if kind == FLAP:
            cost += 1
        elif kind == WOOD_WALL:
            if not _broken(s, a, b):
                if "wall_wrecker" not in skills:
                    continue
                cost += 2
        elif kind == STONE_WALL:
            continue
        elif kind in (DOOR, KEY_DOOR, LOCKED_DOOR):
            if not _broken(s, a, b):
                if kind != DOOR or hyena:
                    continue
                cost += 1
        elif kind == BOULDER:
            if "climb" not in skills:
                continue
            cost += 2
        elif kind == ROCK_SLIDE:
            if "climb" not in skills:
                cost += 2
        elif kind == LEAP:
            if "leap" not in skills:
                continue
        elif kind == DROP and board.elev[b] > board.elev[a]:
            continue
        out.append((b, cost + hinder))
    return out


def flee_cost(s: MiniaturesData, h: int) -> int:
    """Fleeing (scenario rule): from a board-edge area, pay one border crossing."""
    who = ("h", h)
    a = s.h_area[h]
    if not s.game.board.edge[a] or blocked_in(s, who):
        return -1
    free = has_skill(s, who, "evasive") or has_skill(s, who, "flying")
    return 1 + (0 if free else hindrance(s, who, a))


def unit_may_enter(s: MiniaturesData, m: int, b: int) -> bool:
    """Scenario limits on where units go (Zogar Sag cannot leave the village)."""
    g = s.game
    if g.objective == "clutches" and g.tiles[g.model_tile[m]].key == "zogar_sag":
        return not g.board.edge[b]
    return True
