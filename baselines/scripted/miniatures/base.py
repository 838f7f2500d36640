"""Scripted miniatures agents: the decision dispatch and shared helpers."""
from __future__ import annotations

from collections import deque
from typing import Any, ClassVar, cast

import numpy as np

from baselines.agent import Agent
from conan_envs.engine.codec import ActionCodec
from conan_envs.miniatures import content as C
from conan_envs.miniatures import frames as F
from conan_envs.miniatures.combat import order_index

# borders a walker crosses both ways (a drop only downward)
_ON_FOOT = (C.OPEN, C.FLAP, C.ROCK_SLIDE, C.LEAP, C.DOOR, C.KEY_DOOR, C.LOCKED_DOOR)
KEY_UNITS = {"zogar_sag", "zaporavo", "skuthus", "captain", "thalis", "princess"}  # on guard
_WALK: dict[int, tuple[Any, list[list[int]]]] = {}
# in the Pict village a hero striking Zogar Sag pays to reroll blanks until the roll beats his
# armor and life by this much (measured: reports/ladder/clutches_plans.md)
ZOGAR_MARGIN = 2



class Tactics(Agent):
    """The decision dispatch and the helpers both sides use."""

    name = "scripted"

    # the rules state, its game and codec, and the legal actions, set by `act`
    s: Any
    g: Any
    c: ActionCodec
    legal: set[int]

    def __init__(self, env_id: str = "miniatures_v2", role: int = 0, seed: int | None = None,
                 **config: Any) -> None:
        self.env_id = env_id
        self.role = role
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        legal = np.flatnonzero(action_mask)
        if state is None or state.is_terminal():
            return int(legal[self.rng.integers(legal.size)])
        g = state.game
        self.s, self.g, self.c = state, g, g.codec
        self.legal = set(legal.tolist())
        fr = state.frame()   # the pending decision, a typed record (conan_envs.miniatures.frames)
        name = self.HANDLERS.get(type(fr))
        a: int | None = getattr(self, name)(fr) if name else None
        if a is None or a not in self.legal:
            a = int(legal[self.rng.integers(legal.size)])
        return a

    # ---- both sides -------------------------------------------------------------------------
    def _reroll(self, fr: F.Reroll) -> int:
        """Reroll blank dice while a reroll is free; pay only for a failing chest, or, in the
        Pict village, for a hero's attack on Zogar Sag that falls short of his armor and life
        with a margin (his death frees the head; a second blow rarely comes, the Picts close in)."""
        blanks = [i for i, f in enumerate(fr.faces) if f == 0]
        free = fr.support > 0
        for i in blanks:
            if free or fr.free[fr.dice[i]]:
                return self.A("reroll", i)
        if not blanks or fr.actor == self.g.overlord:
            return self.A("keep")
        c = fr.context
        need = -1
        if c.why == "chest" and self.s.reserve[fr.actor] >= 2:
            need = self.g.chest_difficulty
        target = c.target
        if self._careful() and c.kind in ("melee", "ranged") and target is not None \
                and target[0] == "u" and self.unit_key(target[1]) == "zogar_sag":
            m = target[1]
            need = self.g.tiles[self.g.model_tile[m]].armor + self.s.u_life[m] + ZOGAR_MARGIN
        if sum(fr.faces) < need and self.has("reroll", blanks[0]):
            return self.A("reroll", blanks[0])
        return self.A("keep")

    def _sacrifice(self, fr: F.Sacrifice) -> int:
        """The attack power is known: a friend takes the blow only when it would hurt (a
        model's armor and halo would not stop it; any hit on a hero)."""
        c = fr.context
        t, power = c.target, c.power
        assert t is not None and power is not None   # the attack is known when asked
        cands = self.options("sacrifice")
        if t[0] == "u":
            hurts = power > self.g.tiles[self.g.model_tile[t[1]]].armor + self.s.u_halo[t[1]]
        else:
            hurts = power > 0
        return self.A("sacrifice", cands[0]) if cands and hurts else self.A("no")

    def _area_order(self, fr: F.AreaOrder) -> int:
        """An area attack strikes the enemies first, then friends, the captive last (the
        queue's order)."""
        queue = fr.context.queue
        assert queue
        return self.A("order", order_index(self.s, queue[0]))

    # the method answering each kind of decision this side answers (a subclass adds its own;
    # a method overridden or patched in a subclass answers in its place)
    HANDLERS: ClassVar[dict[type[F.MiniFrame], str]] = {
        F.Reroll: "_reroll", F.Sacrifice: "_sacrifice", F.AreaOrder: "_area_order"}

    # ---- helpers -------------------------------------------------------------------------
    def A(self, seg: str, i: int = 0) -> int:
        return self.c.encode(seg, i)

    def has(self, seg: str, i: int = 0) -> bool:
        return self.A(seg, i) in self.legal

    def options(self, seg: str) -> list[int]:
        o, n = self.c.offsets[seg], self.c.sizes[seg]
        return [a - o for a in self.legal if o <= a < o + n]

    def dist(self, a: int, b: int) -> int:
        d = self._walk()[a][b]
        return d if d >= 0 else 99

    def unit_key(self, m: int) -> str:
        return cast(str, self.g.tiles[self.g.model_tile[m]].key)

    def _precious(self, h: int) -> bool:
        """Bêlit in Hunting the Tigress: her death loses the game."""
        return cast(bool, self.g.objective == "tigress" and self.g.hero_keys[h] == "belit")

    def _careful(self) -> bool:
        return cast(bool, self.g.objective == "clutches")

    def _carries_objective(self, h: int) -> bool:
        s, g = self.s, self.g
        return any(s.o_loc[o] == -1 - h for o in (g.captive, g.zogar_head) if o >= 0)

    def _both_held(self) -> bool:
        s, g = self.s, self.g
        return all(-4 <= s.o_loc[o] <= -1 or s.o_loc[o] == -12
                   for o in (g.captive, g.zogar_head) if o >= 0)

    def _walk(self) -> list[list[int]]:
        return walk_distances(self.g)


def walk_distances(g: Any) -> list[list[int]]:
    """Areas apart on foot (-1: out of reach): over open borders, flaps, doors, rock slides
    and downward drops, leaps included (not walls or boulders). Cached per game."""
    cache = _WALK.get(id(g))
    if cache is None or cache[0] is not g:
        b = g.board
        n = g.num_areas
        table: list[list[int]] = []
        for src in range(n):
            d = [-1] * n
            d[src] = 0
            q = deque([src])
            while q:
                u = q.popleft()
                for v in b.neighbors[u]:
                    k = b.border[u][v]
                    ok = k in _ON_FOOT or (k == C.DROP and b.elev[v] < b.elev[u])
                    if ok and d[v] < 0:
                        d[v] = d[u] + 1
                        q.append(v)
            table.append(d)
        cache = (g, table)
        _WALK[id(g)] = cache
    return cache[1]
