"""Checks on a state read back from a save (the engine's `state_from_json` first checks every
field's type against a fresh state): sizes, ranges, the gem count of every hero (rulebook "Gems":
a hero's gems move between zones but are never created), where each object is, and every
pending frame's fields (`check_frame`, called by each frame's ``check``; the stack itself is
checked by FlowState._check_stack). Anything wrong is a CorruptStateError naming the field."""
from __future__ import annotations

import dataclasses
from typing import Any, NoReturn

from conan_envs.engine import CorruptStateError

from .constants import ESCAPED, MAX_DICE, OFF, PHASE_NAMES, SLOT_COSTS
from .data import MiniaturesData
from .frames import Reroll, Unit
from .records import Cont, MiniFrame, Payer, Resolution

MAX_GEMS = 60          # no hero or Overlord zone ever holds more


def _bad(field: str, why: str) -> NoReturn:
    raise CorruptStateError(f"saved miniatures state: field {field}: {why}")


def _size(s: MiniaturesData, field: str, n: int) -> None:
    if len(getattr(s, field)) != n:
        _bad(field, f"expected {n} entries, found {len(getattr(s, field))}")


def _range(field: str, value: Any, lo: int, hi: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        _bad(field, f"{value!r} is not an integer from {lo} to {hi}")


def check(s: MiniaturesData) -> None:
    g = s.game
    nh, n, M, O = g.num_heroes, g.num_areas, g.num_models, g.num_objects
    S, T = len(g.spells), len(g.tiles)
    if s.phase not in PHASE_NAMES:
        _bad("phase", f"{s.phase!r} is not a phase")
    _range("winner", s.winner, -1, 1)
    _range("turn", s.turn, 0, g.rounds)
    for f in ("h_area", "h_state", "reserve", "fatigue", "wounds", "life", "flying", "spaces",
              "spell_gems", "ally_gems", "stance", "mp", "moved", "halo", "stopped"):
        _size(s, f, nh)
    for h in range(nh):
        _range(f"h_state[{h}]", s.h_state[h], 0, 2)
        _range(f"h_area[{h}]", s.h_area[h], -1 if s.h_state[h] else 0, -1 if s.h_state[h] else n - 1)
        if len(s.spaces[h]) != 6 or len(s.spell_gems[h]) != S:
            _bad(f"spaces[{h}]", "wrong number of action spaces or spell cards")
        zones = ([s.reserve[h], s.fatigue[h], s.wounds[h], s.ally_gems[h], s.life[h]]
                 + s.spaces[h] + s.spell_gems[h])
        if any(not 0 <= x <= MAX_GEMS for x in zones):
            _bad(f"reserve[{h}]", "a gem count is negative or too large")
        total = (s.reserve[h] + s.fatigue[h] + s.wounds[h] + sum(s.spaces[h])
                 + sum(s.spell_gems[h]) + s.ally_gems[h])
        if s.h_state[h] == 0 and (total != s.life[h] or s.wounds[h] >= s.life[h]):
            _bad(f"reserve[{h}]", f"{g.heroes[h].name}'s gems add up to {total}, "
                                  f"not {s.life[h]}")
        _range(f"stance[{h}]", s.stance[h], 0, 2)
        _range(f"mp[{h}]", s.mp[h], 0, MAX_GEMS)
        _range(f"halo[{h}]", s.halo[h], 0, 5)
    if s.dead_heroes != sum(1 for x in s.h_state if x == 1):
        _bad("dead_heroes", "does not count the dead heroes")
    _range("idle", s.idle, 0, nh)
    for f in ("u_area", "u_life", "u_halo", "u_done", "u_attacked", "u_dizzy", "u_held",
              "u_noblock"):
        _size(s, f, M)
    for m in range(M):
        tile = g.tiles[g.model_tile[m]]
        _range(f"u_area[{m}]", s.u_area[m], -1, n - 1)
        _range(f"u_life[{m}]", s.u_life[m], 0 if s.u_area[m] < 0 else 1, max(tile.life, 1))
        _range(f"u_halo[{m}]", s.u_halo[m], 0, 5)
        _range(f"u_dizzy[{m}]", s.u_dizzy[m], 0, 5)
        for k in s.u_attacked[m]:
            _range(f"u_attacked[{m}]", k, 0, nh + M - 1)
    _size(s, "o_loc", O)
    for o, loc in enumerate(s.o_loc):
        if not (0 <= loc < n or -nh <= loc <= -1 or loc in (OFF, ESCAPED)):
            _bad(f"o_loc[{o}]", f"{loc!r} is not an area, a hero, off the board or escaped")
        if -nh <= loc <= -1 and s.h_state[-1 - loc] == 1:
            _bad(f"o_loc[{o}]", "carried by a dead hero")
    if len(set(s.deck)) != len(s.deck) or any(not 0 <= o < O or s.o_loc[o] != OFF for o in s.deck):
        _bad("deck", "holds an object twice, an unknown object or one in play")
    for a in s.chests:
        _range("chests", a, 0, n - 1)
    _size(s, "searched", n)
    for pair in s.broken:
        if tuple(pair) not in g.openable_borders:
            _bad("broken", f"{pair!r} is not a wooden wall or a door")
    _range("ov_reserve", s.ov_reserve, 0, MAX_GEMS)
    _range("ov_fatigue", s.ov_fatigue, 0, MAX_GEMS)
    _range("recovery", s.recovery, 0, MAX_GEMS)
    _size(s, "river", len(SLOT_COSTS))
    tiles = [t for t in s.river if t != -1]
    if len(set(tiles)) != len(tiles) or any(not 0 <= t < T for t in tiles):
        _bad("river", "holds a tile twice or an unknown tile")
    for t in s.petrified:
        if not 0 <= t < T or not g.tiles[t].petrified:
            _bad("petrified", f"{t!r} is not a petrified monster")
    _size(s, "bar_life", len(g.barricades))
    for i, life in enumerate(s.bar_life):
        _range(f"bar_life[{i}]", life, 0, g.barricade_life)
    for a in s.relics:
        _range("relics", a, 0, n - 1)
    _range("invocation", s.invocation, 0, max(g.invocation, 0))
    _range("yselda_hut", s.yselda_hut, -1, n - 1)
    if s.yselda_hut >= 0 and s.yselda_hut not in g.huts:
        _bad("yselda_hut", "not a hut")


def check_frame(s: MiniaturesData, fr: MiniFrame | Resolution) -> None:
    """Every field of a frame on the stack (or of the Resolution it carries) within its range
    (each frame's ``check`` calls it; FlowState._check_stack checks the stack's size, the
    frames' classes and actors, and that a decision waits on top)."""
    g = s.game
    z = {"nh": g.num_heroes, "n": g.num_areas, "M": g.num_models, "O": g.num_objects,
         "S": len(g.spells), "T": len(g.tiles)}
    _frame(s, fr, f"stack[{fr.kind if isinstance(fr, MiniFrame) else 'context'}]", z)


_COUNTS = frozenset(("gems", "mp", "bought", "activations", "pts", "left", "steps", "power",
                     "area_power", "defense", "dmg", "life_before"))
_NAMES = frozenset(("kind", "attack", "atk_kind", "why", "hit"))
_FLAGS = frozenset(("noguard", "volley", "killed", "attacked", "held", "haste"))


def _frame(s: Any, d: MiniFrame | Resolution, path: str, z: dict[str, int]) -> None:
    """Every field of a frame (or of what it resolves) within its range."""
    nh, n, M, O, S, T = z["nh"], z["n"], z["M"], z["O"], z["S"], z["T"]
    ranges = {
        "actor": (-1, nh), "hero": (0, nh - 1), "target_hero": (0, nh - 1),
        "model": (-1 if isinstance(d, Unit) else 0, M - 1), "target_model": (0, M - 1),
        "tile": (-1, T - 1), "object": (-1, O - 1), "weapon": (-1, O - 1), "spell": (0, S - 1),
        "area": (-1, n - 1), "to": (-1, n - 1), "bar": (0, len(s.game.barricades) - 1),
        "side": (0, 1), "difficulty": (0, 20), "support": (0, 4),
    }
    for f in dataclasses.fields(d):
        key = f.name
        val = getattr(d, key)
        where = f"{path}.{key}"
        if val is None and f.default is None:
            continue   # a field that does not apply
        if key in ranges:
            _range(where, val, *ranges[key])
        elif key in _COUNTS:
            _range(where, val, -MAX_GEMS, 10 * MAX_GEMS)
        elif key in ("then", "final"):
            if not isinstance(val, Cont) or val.context is not None:
                _bad(where, f"{val!r} is not a rule")
        elif key == "context":
            if not isinstance(val, Resolution):
                _bad(where, "not a roll context")
            _frame(s, val, where, z)
        elif key in ("dice", "faces"):
            if not isinstance(val, list) or len(val) > MAX_DICE or (
                    isinstance(d, Reroll) and len(d.dice) != len(d.faces)):
                _bad(where, "too many dice, or dice and faces differ")
            for x in val:
                _range(where, x, 0, 3 if key == "faces" else 2)
        elif key == "free":
            if not isinstance(val, list) or len(val) != 3:
                _bad(where, "one count per colour")
            for x in val:
                _range(where, x, 0, MAX_DICE)
        elif key == "payer":
            if not isinstance(val, Payer) or val.side not in ("hero", "overlord", "nobody") \
                    or not isinstance(val.ally, bool):
                _bad(where, "not a payer")
            _range(where, val.hero, 0 if val.side == "hero" else -1, nh - 1)
        elif key in ("queue", "cands"):
            if not isinstance(val, list):
                _bad(where, "not a list")
            for x in val:
                if isinstance(x, tuple):
                    _target(where, x, z)
                else:
                    _range(where, x, 0, M - 1)
        elif key in ("heroes", "asked"):
            for x in _items(where, val):
                _range(where, x, 0, nh - 1)
        elif key == "cast":
            for x in _items(where, val):
                _range(where, x, 0, S - 1)
        elif key == "activated":
            for x in _items(where, val):
                _range(where, x, 0, T - 1)
        elif key == "groups":
            if not isinstance(val, dict):
                _bad(where, "not a table of groups")
            for t, models in val.items():
                _range(where, int(t) if isinstance(t, str) and t.isdigit() else -1, 0, T - 1)
                for x in _items(where, models):
                    _range(where, x, 0, M - 1)
        elif key == "target":
            _target(where, val, z)
        elif key in _NAMES:
            if not isinstance(val, str):
                _bad(where, "not a name")
        elif key in _FLAGS:
            if not isinstance(val, bool):
                _bad(where, "not a flag")
        else:
            _bad(where, "unknown entry")


def _items(where: str, val: Any) -> list[Any]:
    if not isinstance(val, list):
        _bad(where, "not a list")
    return val


def _target(where: str, t: Any, z: dict[str, int]) -> None:
    if not (isinstance(t, tuple) and len(t) == 2 and t[0] in ("h", "u", "y")
            and isinstance(t[1], int) and not isinstance(t[1], bool)):
        _bad(where, f"{t!r} is not a character")
    if t[0] == "h":
        _range(where, t[1], 0, z["nh"] - 1)
    elif t[0] == "u":
        _range(where, t[1], 0, z["M"] - 1)
    elif t[1] != -1:
        _bad(where, f"{t!r} is not a character")
