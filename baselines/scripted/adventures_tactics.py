"""Tactics of the scripted Adventures players: the odds of a Duel (rulebook: Duels - Create the
Warrior Pool, Resolve the Duel, Settling Ties): how many hits a die scores in a Warrior Pool
rolled until it misses, the chance one Pool beats another, how much a die is worth to a Pool;
the Move dice a walk costs (Eastern Desert and Hyperborea: leaving takes two); and how often
Conan's own roll completes an Adventure (Resolving Adventures)."""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Any, cast

import numpy as np

from conan_envs.adventures import dicepool
from conan_envs.adventures.actions import OFF
from conan_envs.adventures.content import FATE_KINDS, WARRIOR, content

C = content()
covered = cast(Callable[[list[tuple[int, bool]], list[tuple[int, bool]]], int], dicepool.covered)
mface = cast(Callable[[Any, int, int], int], dicepool.mface)
WARRIOR_FATE = FATE_KINDS.index("warrior")
ALONE_SAMPLES = 200
DUEL_CAP = 12  # hits counted per Pool; a Pool of ten orange dice passes it about 1 time in 40


def _hit_odds(t: int) -> list[float]:
    """The total hits of one die of type `t` in a Warrior Pool rolled until it misses (Resolve
    the Duel), as probabilities of 0, 1, ... hits (cut at DUEL_CAP)."""
    hits = [C.face_hits[f] for f in C.dfaces[t]]
    dist = [0.0] * (DUEL_CAP + 1)
    dist[0] = hits.count(0) / 6
    for _ in range(DUEL_CAP):  # fixed point of T = 0 (miss) | h + T (hit h)
        new = [0.0] * (DUEL_CAP + 1)
        new[0] = hits.count(0) / 6
        for h in hits:
            for k in range(DUEL_CAP + 1 - h if h else 0):
                new[k + h] += dist[k] / 6
        dist = new
    return dist


def _sum_odds(types: Iterable[int]) -> list[float]:
    total = [1.0] + [0.0] * DUEL_CAP
    for t in types:
        one, new = HIT_ODDS[t], [0.0] * (DUEL_CAP + 1)
        for i, x in enumerate(total):
            for j, y in enumerate(one[:DUEL_CAP + 1 - i]):
                new[i + j] += x * y
        total = new
    return total


def pool_types(s: Any, p: int, but: int = -1) -> list[int]:
    """The dice types of p's active dice that may join a Warrior Pool (Create the Warrior
    Pool: a Warrior, Character or Wild result), all but die `but`."""
    return [s.dtype[p][i] for i, z in enumerate(s.zone[p])
            if z == dicepool.ACTIVE and i != but and C.face_pool[s.face[p][i]]]


def duel_chance(conan: Iterable[int], foe: Iterable[int]) -> float:
    """The chance that Conan's Warrior Pool of dice types `conan` beats (or ties: Settling
    Ties) a Foe's of types `foe`, every die rolled until it misses, no token used."""
    a, b = _sum_odds(conan), _sum_odds(foe)
    below = 0.0
    win = 0.0
    for k in range(DUEL_CAP + 1):
        below += b[k]
        win += a[k] * below
    return win


HIT_ODDS: list[list[float]] = [_hit_odds(t) for t in range(len(C.dfaces))]
MEAN_HITS = [sum(k * x for k, x in enumerate(odds)) for odds in HIT_ODDS]


def duel_worth(dtype: int, face: int) -> float:
    """How much a die of type `dtype` showing `face` is worth to a Warrior Pool: 0 when the
    face cannot join one (Create the Warrior Pool), else 1 + the hits it scores on average (the
    Pool is rolled, so what counts is the die, not its face: 4/3 for Conan's orange die)."""
    return 1.0 + MEAN_HITS[dtype] if C.face_pool[face] else 0.0


def _move_costs() -> list[list[int]]:
    """The Move dice it takes to walk from each kingdom to each other one: one a step, two to
    leave a vast kingdom (Eastern Desert and Hyperborea)."""
    n = len(C.kingdoms)
    out = []
    for a in range(n):
        cost = [99] * n
        cost[a] = 0
        todo = [(0, a)]
        while todo:
            c, x = heapq.heappop(todo)
            if c > cost[x]:
                continue
            step = 2 if C.vast[x] else 1
            for y in C.adj[x]:
                if c + step < cost[y]:
                    cost[y] = c + step
                    heapq.heappush(todo, (c + step, y))
        out.append(cost)
    return out


MOVES = _move_costs()


def warrior_action(s: Any, p: int, mask: Any, missed: Iterable[int]) -> int | None:
    """The action that turns one of p's `missed` dice into a Warrior, if p may take one: its
    ability (a Character turned to a Warrior), Ymir, a Warrior Fate token, Set."""
    missed = list(missed)
    if any(C.face_char[s.face[p][d]] for d in missed) and mask[OFF["ability"]]:
        return int(OFF["ability"])
    for d in missed:
        for seg, i in (("ymir_die", d), ("fate_die", d * 8 + WARRIOR_FATE), ("set_die", d * 11 + WARRIOR)):
            if mask[OFF[seg] + i]:
                return int(OFF[seg] + i)
    return None


def alone_chance(s: Any, rng: np.random.Generator, samples: int = ALONE_SAMPLES) -> float:
    """How often Conan's own roll (every die he has not lost to a Wound) completes the
    Adventure being resolved, with the results already applied (Resolving Adventures)."""
    needs = [(x, False) for x in C.adv_needs[s.adv["card"]]]
    have = [(s.face[q][d], False) for q, d in s.adv["applied"]]
    types = [t for t, z in zip(s.dtype[0], s.zone[0]) if z != dicepool.WOUND]
    done = 0
    for _ in range(samples):
        faces = rng.integers(6, size=len(types))
        rolled = [(mface(s, 0, C.dfaces[t][x]), False) for t, x in zip(types, faces)]
        done += covered(have + rolled, needs) == len(needs)
    return done / samples
