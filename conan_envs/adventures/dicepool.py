"""Character dice (rulebook: Dice Overview, Active Dice, Resetting Dice): pools, zones, rolling,
and matching rolled results against required symbols (split, double and Wild results).

Each player's dice are parallel lists `dtype[p]`, `face[p]`, `zone[p]`; bought dice are
appended after the four base dice and removed at the end of the round.
"""
from __future__ import annotations

import functools
from enum import IntEnum
from typing import Any

from .content import W2, WARRIOR, WILD, content
from .text import name_of


class Zone(IntEnum):
    """Where a die is (Active Dice, Resetting Dice, Wound, Fights, Encounters), in the order of
    ZONE_NAMES."""
    ACTIVE = 0
    SPENT = 1
    ASIDE = 2
    FAILED = 3
    WOUND = 4
    TRACK = 5
    POOL = 6


ACTIVE, SPENT, ASIDE, FAILED, WOUND, TRACK, POOL = Zone
ZONE_NAMES = ("active", "spent", "aside", "failed", "wounded", "track", "pool")
MAX_DICE = 10

C = content()


def roll(s, p, idxs):
    """Roll the given dice of player p (faces from the state's generator)."""
    faces = s.face[p]
    dtype = s.dtype[p]
    if not idxs:
        return
    r = s.rng.integers(6, size=len(idxs)).tolist()
    for i, x in zip(idxs, r):
        faces[i] = C.dfaces[dtype[i]][x]
    names = C.face_names
    s.log_event(f"{name_of(s, p)} rolls " + ", ".join(names[faces[i]] for i in idxs))


def dice_in(s: Any, p: int, zone: int) -> list[int]:
    z = s.zone[p]
    return [i for i in range(len(z)) if z[i] == zone]


def reset(s, p, keep=(WOUND, TRACK)):
    """Reset: gather every die not held back (wounded, on the Encounter track) and roll it.
    A die kept by "Set a die" goes to the Active Pool with its result, unrolled."""
    z = s.zone[p]
    held = s.held[p]
    if held >= 0:
        s.held[p] = -1
        z[held] = ACTIVE
    idxs = [i for i in range(len(z)) if z[i] not in keep and i != held]
    for i in idxs:
        z[i] = ACTIVE
    roll(s, p, idxs)
    return idxs


def wild_can(s, p):
    """What p's Wild may count as: the results on p's character's dice (Active Dice)."""
    return C.wild_can(s.rk[p], s.char[p])


def mface(s, p, f):
    """The matching id of face f shown by one of p's dice: the face itself, or for a Wild one
    restricted to the results on p's character's dice (Active Dice: "The Wild symbol can be
    used for any results on a character's dice")."""
    if f != WILD:
        return f
    return C.match_id(wild_can(s, p))


def face_can(s, p, f):
    """The symbols face f of one of p's dice may count as."""
    return C.match_can[mface(s, p, f)]


def is_primary(s, p, i):
    return s.dtype[p][i] in C.primary_types


def _kuhn(slots, needs):
    owner = [-1] * len(slots)  # slot -> need index

    def augment(n, seen):
        sym, prim = needs[n]
        for j, (can, sprim) in enumerate(slots):
            if j in seen or not (can >> sym) & 1 or (prim and not sprim):
                continue
            seen.add(j)
            if owner[j] < 0 or augment(owner[j], seen):
                owner[j] = n
                return True
        return False

    count = 0
    for n in range(len(needs)):
        if augment(n, set()):
            count += 1
    return count, owner


def match(dice, needs, conan=False):
    return _match(tuple(dice), tuple(needs), conan)


@functools.lru_cache(maxsize=1 << 16)
def _match(dice, needs, conan):
    """Most needs covered by `dice` (list of (matching id, primary): a face, or a restricted
    Wild from `mface`).

    `needs`: list of (symbol, primary_only); the primary restriction binds Conan only, and a
    W2 need (Double Warrior) is filled by one whole double-Warrior (or Wild) primary die.
    Returns (covered, assignment) with assignment[need] = index into dice, or -1.
    """
    plain = []
    w2 = []
    for n, (sym, prim) in enumerate(needs):
        if sym == W2:
            if conan:
                w2.append(n)
                continue
            plain += [(n, WARRIOR, False), (n, WARRIOR, False)]
            continue
        plain.append((n, sym, prim and conan))
    best: tuple[int, tuple[int, ...] | None] = (-1, None)
    for pick in _w2_choices(dice, len(w2)):
        slots, slot_die = [], []
        for d, (f, prim) in enumerate(dice):
            if d in pick:
                continue
            for _ in range(C.match_mult[f]):
                slots.append((C.match_can[f], prim))
                slot_die.append(d)
        count, owner = _kuhn(slots, [(sym, prim) for _, sym, prim in plain])
        assign = [-1] * len(needs)
        covered_plain = [0] * len(needs)
        for j, n in enumerate(owner):
            if n >= 0:
                assign[plain[n][0]] = slot_die[j]
                covered_plain[plain[n][0]] += 1
        for n, d in zip(w2, pick):
            assign[n] = d
        # a Double Warrior need of a non-Conan player takes two Warriors
        for n, (sym, _) in enumerate(needs):
            if sym == W2 and not conan and covered_plain[n] < 2:
                assign[n] = -1
        total = sum(1 for a in assign if a >= 0)
        if total > best[0]:
            best = (total, tuple(assign))
    return best


def _w2_choices(dice, k):
    if k == 0:
        return [()]
    ok = [d for d, (f, prim) in enumerate(dice)
          if prim and C.match_w2[f]]
    out: list[tuple[int, ...]] = [()]
    for _ in range(k):
        out = [c + (d,) for c in out for d in ok if d not in c] or out
    return out


def covered(dice, needs, conan=False):
    return match(dice, needs, conan)[0]
