"""Game content compiled for the rules core: dice, hero sheets, items, spells, unit tiles,
maps (area graphs with precomputed line of sight and distances) and scenarios.

Rulebook sections: "Line of sight", "Elevation and line of sight", "Occupied areas",
"Skills and encumbrance"; the rest comes from the facts file (data/*.yaml say which).
Everything here is static and shared by all states of a game.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from conan_envs.engine import ConfigError, load_yaml

# dice of a card or tile: (colour, marked for a free reroll) each
Dice = tuple[tuple[int, bool], ...]

PKG = "conan_envs.miniatures"
COLORS = {"Y": 0, "O": 1, "R": 2}
COLOR_NAMES = ("yellow", "orange", "red")

# border kinds
OPEN, FLAP, WOOD_WALL, STONE_WALL, BOULDER, LEAP, DROP, ROCK_SLIDE, DOOR, KEY_DOOR, LOCKED_DOOR = \
    range(11)
BORDER_KINDS = {"open": OPEN, "flap": FLAP, "wood_wall": WOOD_WALL, "stone_wall": STONE_WALL,
                "boulder": BOULDER, "leap": LEAP, "drop": DROP, "rock_slide": ROCK_SLIDE,
                "door": DOOR, "key_door": KEY_DOOR, "locked_door": LOCKED_DOOR}
OPENABLE = (WOOD_WALL, DOOR, KEY_DOOR, LOCKED_DOOR)   # once broken or removed: an open border


def parse_dice(spec: Any) -> Dice:
    """['R*', 'O'] -> ((2, True), (1, False))"""
    return tuple((COLORS[d[0]], d.endswith("*")) for d in (spec or ()))


def dice_faces() -> tuple[tuple[int, ...], ...]:
    data = load_yaml(PKG, "dice")
    return tuple(tuple(data[n]["faces"]) for n in COLOR_NAMES)


@dataclass(frozen=True)
class HeroSheet:
    key: str
    name: str
    life: int
    # space -> (colour or None, exertion limit or None)
    spaces: dict[str, tuple[int | None, int | None]]
    base_move: int
    skills: frozenset[str]
    enc_max: int
    move_minus1: int
    move_minus2: int
    skill_limits: dict[str, int]

    def die(self, space: str) -> int:
        """The colour of the dice a gem on this action space rolls (the four that roll)."""
        col = self.spaces[space][0]
        assert col is not None, f"the {space} space rolls no dice"
        return col


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    enc: int
    kind: str
    melee: Dice = ()
    ranged: Dice = ()
    guard: Dice = ()
    armor: Dice = ()
    area: Dice = ()
    thrown: bool = False
    heal: int = 0

    @property
    def two_handed(self) -> bool:
        return self.kind == "weapon" and self.enc >= 3


@dataclass(frozen=True)
class Spell:
    key: str
    name: str
    cost: int
    limit: int | None
    reaction: bool
    effect: str
    dice: Dice = ()
    armor: int = 0
    drain: int = 0
    gain: int = 0


@dataclass(frozen=True)
class Tile:
    key: str
    name: str
    type: str
    move: int
    armor: int
    melee: Dice
    ranged: Dice
    skills: frozenset[str]
    cost: int
    guard: int
    life: int
    start: tuple[str, ...]
    halo: int
    models: int
    ally: bool = False
    petrified: bool = False
    knife_armor: int | None = None


@dataclass
class Board:
    names: tuple[str, ...]
    elev: tuple[int, ...]
    cap: tuple[int, ...]
    edge: tuple[bool, ...]
    water: tuple[bool, ...]
    hut: tuple[int, ...]
    border: list[list[int]]          # border[a][b] = kind or -1
    difficulty: list[list[int]]      # leap difficulty
    neighbors: tuple[tuple[int, ...], ...]
    los: list[list[bool]]             # los[a][b] (static; broken walls add sight in the state)
    dist: list[list[int]]            # areas apart over every border (thrown objects, Teleportation)
    next_hop: list[list[int]]        # next area on a shortest path a -> b
    fall_dice: Dice
    index: dict[str, int] = field(default_factory=dict)


def load_board(key: str) -> Board:
    data = load_yaml(PKG, "maps")[key]
    areas = data["areas"]
    names = tuple(a["name"] for a in areas)
    idx = {n: i for i, n in enumerate(names)}
    n = len(names)
    border = [[-1] * n for _ in range(n)]
    diff = [[0] * n for _ in range(n)]
    for b in data["borders"]:
        a, c, kind = idx[b[0]], idx[b[1]], BORDER_KINDS[b[2]]
        border[a][c] = border[c][a] = kind
        if len(b) > 3:
            diff[a][c] = diff[c][a] = int(b[3])
    neighbors = tuple(tuple(j for j in range(n) if border[i][j] >= 0) for i in range(n))
    elev = tuple(int(a["elev"]) for a in areas)
    room = [a.get("room", "open") for a in areas]
    hidden_below = {idx[x] for x in data.get("hidden_from_below", [])}
    blocked = {frozenset((idx[a], idx[b])) for a, b in data.get("los_block", [])}
    extra = {frozenset((idx[a], idx[b])) for a, b in data.get("los_extra", [])}
    los = [[False] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            pair = frozenset((a, b))
            if a == b:
                see = True
            elif elev[a] < elev[b] and b in hidden_below:
                # "in the case of an abrupt change in elevation, only the higher areas have
                # line of sight on the lower areas" (rulebook "Elevation and Line of Sight"):
                # this wins over the map's extra sight lines, except along an open border the
                # map lists as an extra line (the tower's walkway onto the east wall)
                see = pair in extra and border[a][b] == OPEN
            elif pair in extra:
                see = True
            else:
                see = room[a] == room[b] and pair not in blocked
            los[a][b] = see
    dist, hop = [], []
    for a in range(n):
        d = [-1] * n
        first = [-1] * n
        d[a], first[a] = 0, a
        q = deque([a])
        while q:
            u = q.popleft()
            for v in neighbors[u]:
                if d[v] < 0:
                    d[v] = d[u] + 1
                    first[v] = v if u == a else first[u]
                    q.append(v)
        dist.append(d)
        hop.append(first)
    return Board(names=names, elev=elev, cap=tuple(int(a["cap"]) for a in areas),
                 edge=tuple(bool(a.get("edge")) for a in areas),
                 water=tuple(bool(a.get("water")) for a in areas),
                 hut=tuple(int(a.get("hut", 0)) for a in areas), border=border, difficulty=diff,
                 neighbors=neighbors, los=los, dist=dist, next_hop=hop,
                 fall_dice=parse_dice(data.get("fall_dice", ["R", "R"])), index=idx)


def load_heroes() -> dict[str, HeroSheet]:
    out = {}
    for key, h in load_yaml(PKG, "heroes").items():
        spaces: dict[str, tuple[int | None, int | None]] = {}
        for sp in ("melee", "ranged", "guard", "manip"):
            col, lim = h[sp]
            spaces[sp] = (COLORS[col], lim)
        spaces["move"] = (None, h["move_limit"])
        spaces["reroll"] = (None, None)
        enc = h["encumbrance"]
        out[key] = HeroSheet(key=key, name=h["name"], life=h["life"], spaces=spaces,
                             base_move=h["base_move"], skills=frozenset(h["skills"]),
                             enc_max=enc["max"], move_minus1=enc["move_minus1"],
                             move_minus2=enc["move_minus2"], skill_limits=dict(h["skill_limits"]))
    return out


def load_items() -> dict[str, Item]:
    out = {}
    for key, d in load_yaml(PKG, "items").items():
        out[key] = Item(key=key, name=d["name"], enc=d["enc"], kind=d["kind"],
                        melee=parse_dice(d.get("melee")), ranged=parse_dice(d.get("ranged")),
                        guard=parse_dice(d.get("guard")), armor=parse_dice(d.get("armor")),
                        area=parse_dice(d.get("area")), thrown=bool(d.get("thrown")),
                        heal=int(d.get("heal", 0)))
    return out


def load_spells() -> dict[str, Spell]:
    return {k: Spell(key=k, name=d["name"], cost=d["cost"], limit=d["limit"],
                     reaction=d["reaction"], effect=d["effect"], dice=parse_dice(d.get("dice")),
                     armor=int(d.get("armor", 0)), drain=int(d.get("drain", 0)),
                     gain=int(d.get("gain", 0)))
            for k, d in load_yaml(PKG, "spells").items()}


def load_tile(key: str, spec: dict[str, Any], ally: bool = False) -> Tile:
    u = load_yaml(PKG, "units")[spec["unit"]]
    name = spec.get("name") or u["name"] + (f" ({spec['color']})" if spec.get("color") else "")
    return Tile(key=key, name=name, type=u["type"], move=u.get("move", 0), armor=u.get("armor", 0),
                melee=parse_dice(u.get("melee")), ranged=parse_dice(u.get("ranged")),
                skills=frozenset(u.get("skills", ())), cost=u.get("cost", 0),
                guard=COLORS[u.get("guard", "Y")], life=int(spec.get("life", 1)),
                start=tuple(spec.get("start", ())), halo=int(spec.get("halo", 0)),
                models=int(spec.get("models", len(spec.get("start", ())))), ally=ally,
                petrified=bool(spec.get("petrified")), knife_armor=spec.get("knife_armor"))


def load_scenario(key: str, num_heroes: int) -> dict[str, Any]:
    all_sc = load_yaml(PKG, "scenarios")
    if key not in all_sc:
        raise ConfigError(f"unknown scenario {key!r}; valid scenarios: {sorted(all_sc)}")
    sc = all_sc[key]
    if num_heroes not in sc["heroes"]:
        raise ConfigError(f"scenario {key!r} is for {sorted(sc['heroes'])} heroes, not {num_heroes}")
    scenario: dict[str, Any] = sc
    return scenario

