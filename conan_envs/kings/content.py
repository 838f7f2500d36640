"""Static content of Kings of Hyboria: the map (rulebook "THE MAP"), the unit table
("UNIT TYPES"), the four action tables and the Recruit Tables, read once from data/*.yaml
into plain tuples the rules index directly."""
from __future__ import annotations

from enum import IntEnum
from typing import Any

from ..engine import RegionGraph, load_yaml

_PKG = "conan_envs.kings"

# Unit type indices (rulebook "PIECES": the 8 unit types of a counter set).
class Unit(IntEnum):
    ARMY = 0
    ELITE = 1
    HERO = 2
    WIZARD = 3
    MONSTER = 4
    SHIP = 5
    KING = 6
    FORT = 7


# the same values as plain ints, for the rules that index lists with them (an IntEnum member
# costs a few per cent of the steps per second there)
ARMY, ELITE, HERO, WIZARD, MONSTER, SHIP, KING, FORT = (int(t) for t in Unit)
NUM_TYPES = 8
GOLD, NOTHING = 8, 9  # recruit results that are not units
LAND_TYPES = (ARMY, ELITE, HERO, WIZARD, MONSTER, KING)  # cannot move in water by themselves
HEROIC = (HERO, KING)  # "The King for all purposes is considered a Hero"
# "Each Ship may carry one Army, Elite, Hero, or Wizard": the King, a Hero, boards too
PASSENGERS = (ARMY, ELITE, HERO, WIZARD, KING)

_units = load_yaml(_PKG, "units")["units"]
UNIT_KEYS = tuple(u["key"] for u in _units)
UNIT_NAMES = tuple(u["name"] for u in _units)
MOVE = tuple(u["move"] for u in _units)
INITIATIVE = tuple(u["initiative"] for u in _units)
ATTACK = tuple(u["attack"] for u in _units)
CHITS = tuple(u["chits"] for u in _units)
ATTACKS = tuple(u["attacks"] for u in _units)
assert UNIT_KEYS == ("army", "elite", "hero", "wizard", "monster", "ship", "king", "fort")

_map = load_yaml(_PKG, "map")
COUNTRIES = tuple(c["name"] for c in _map["countries"])
_land = [r for c in _map["countries"] for r in c["regions"]]
_seas = [s["name"] for s in _map["seas"]]
REGIONS = tuple(_land + _seas)
NUM_REGIONS = len(REGIONS)
RINDEX = {n: i for i, n in enumerate(REGIONS)}
GRAPH = RegionGraph(REGIONS, [tuple(b) for b in _map["borders"]],
                    ["land"] * len(_land) + ["sea"] * len(_seas))
IS_SEA = tuple(k == "sea" for k in GRAPH.kinds)
LAND = tuple(i for i in range(NUM_REGIONS) if not IS_SEA[i])
SEAS = tuple(i for i in range(NUM_REGIONS) if IS_SEA[i])
SEA_SPAN = range(SEAS[0], SEAS[-1] + 1)  # the seas are numbered together (checked below)
if tuple(SEA_SPAN) != SEAS:
    raise ValueError("the map's seas must be numbered one after another")
NEIGHBORS = GRAPH.neighbors
LAND_NEIGHBORS = tuple(tuple(d for d in NEIGHBORS[r] if not IS_SEA[d]) if not IS_SEA[r] else ()
                       for r in range(NUM_REGIONS))
# a Ship's step must touch water: from or into a sea region
SHIP_NEIGHBORS = tuple(tuple(d for d in NEIGHBORS[r] if IS_SEA[r] or IS_SEA[d])
                       for r in range(NUM_REGIONS))
COASTAL = tuple(any(IS_SEA[d] for d in NEIGHBORS[r]) for r in range(NUM_REGIONS))
COUNTRY_REGIONS = tuple(tuple(RINDEX[r] for r in c["regions"]) for c in _map["countries"])
COUNTRY_SIZES = tuple(len(rs) for rs in COUNTRY_REGIONS)
_country_of = [-1] * NUM_REGIONS
for _c, _rs in enumerate(COUNTRY_REGIONS):
    for _r in _rs:
        _country_of[_r] = _c
COUNTRY_OF = tuple(_country_of)
# where each region is drawn (a designed layout on a 1000 x 700 canvas, x east, y south)
LAYOUT_SIZE = (1000, 700)
X = tuple(_map["layout"][name][0] for name in REGIONS)
Y = tuple(_map["layout"][name][1] for name in REGIONS)
assert len(_map["layout"]) == NUM_REGIONS

_tables = load_yaml(_PKG, "tables")


def _by_roll(entries: list[dict[str, Any]], sides: int, key: str) -> tuple[Any, ...]:
    out = [None] * (sides + 1)
    for e in entries:
        lo, hi = e["roll"]
        for v in range(lo, hi + 1):
            out[v] = e[key]
    assert all(x is not None for x in out[1:]), entries
    return tuple(out)


HEROIC_ACTIONS = _by_roll(_tables["heroic_actions"], 20, "effect")  # index by d20
WIZARD_MAGIC = _by_roll(_tables["wizard_magic"], 20, "effect")
BATTLE_ACTIONS = _by_roll(_tables["battle_actions"], 6, "effect")
BATTLE_SPELLS = _by_roll(_tables["battle_spells"], 20, "effect")
WIZARD_MAGIC_TEXT = _by_roll(_tables["wizard_magic"], 20, "text")
HEROIC_ACTIONS_TEXT = _by_roll(_tables["heroic_actions"], 20, "text")
BATTLE_ACTIONS_TEXT = _by_roll(_tables["battle_actions"], 6, "text")
BATTLE_SPELLS_TEXT = _by_roll(_tables["battle_spells"], 20, "text")
_RESULT = {k: i for i, k in enumerate(UNIT_KEYS)} | {"gold": GOLD, "nothing": NOTHING}
RECRUIT = tuple(
    tuple(_RESULT[x] if x else None for x in _by_roll(_tables["recruit"][c], 12, "result"))
    for c in COUNTRIES
)
_RECRUIT_NAME = {GOLD: "Gold", NOTHING: "Nothing"}
# each Recruit Table result in words: the unit type, then the table's name for it
RECRUIT_TEXT = tuple(
    tuple(None if x is None else
          (f"{UNIT_NAMES[x]} ({text})" if x < NUM_TYPES else _RECRUIT_NAME[x])
          for x, text in zip(RECRUIT[i], _by_roll(_tables["recruit"][c], 12, "text")))
    for i, c in enumerate(COUNTRIES))
assert GRAPH.is_connected()
