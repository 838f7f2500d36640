"""Scripted miniatures agents: the decision dispatch and shared helpers."""
from __future__ import annotations

import numpy as np

from baselines.agent import Agent

KEY_UNITS = {"zogar_sag", "zaporavo", "skuthus", "captain", "thalis", "princess"}  # on guard
_WALK = {}


class Tactics(Agent):
    """The decision dispatch and the helpers both sides use."""

    name = "scripted"

    def __init__(self, env_id="miniatures_v1", role=0, seed=None, **config):
        self.env_id = env_id
        self.role = role
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, state=None) -> int:
        legal = np.flatnonzero(action_mask)
        if state is None or state.is_terminal():
            return int(legal[self.rng.integers(legal.size)])
        g = state.game
        self.s, self.g, self.c = state, g, g.codec
        self.legal = set(legal.tolist())
        fr = state.stack[-1]
        fn = getattr(self, "_" + fr["decision"], None)
        a = fn(fr) if fn else None
        if a is None or a not in self.legal:
            a = int(legal[self.rng.integers(legal.size)])
        return a

    # ---- helpers -------------------------------------------------------------------------
    def A(self, seg, i=0):
        return self.c.encode(seg, i)

    def has(self, seg, i=0):
        return self.A(seg, i) in self.legal

    def options(self, seg):
        o, n = self.c.offsets[seg], self.c.sizes[seg]
        return [a - o for a in self.legal if o <= a < o + n]

    def dist(self, a, b):
        d = self._walk()[a][b]
        return d if d >= 0 else 99

    def _walk(self):
        """Areas apart on foot: over open borders, flaps, doors, rock slides and downward
        drops, leaps included (not walls or boulders). Cached per game."""
        g = self.g
        cache = _WALK.get(id(g))
        if cache is None or cache[0] is not g:
            from collections import deque

            from conan_envs.miniatures.content import (DOOR, DROP, FLAP, KEY_DOOR, LEAP, LOCKED_DOOR,
                                                       OPEN, ROCK_SLIDE)
            b = g.board
            n = g.num_areas
            table = []
            for src in range(n):
                d = [-1] * n
                d[src] = 0
                q = deque([src])
                while q:
                    u = q.popleft()
                    for v in b.neighbors[u]:
                        k = b.border[u][v]
                        ok = (k in (OPEN, FLAP, ROCK_SLIDE, LEAP, DOOR, KEY_DOOR, LOCKED_DOOR)
                              or (k == DROP and b.elev[v] < b.elev[u]))
                        if ok and d[v] < 0:
                            d[v] = d[u] + 1
                            q.append(v)
                table.append(d)
            cache = (g, table)
            _WALK[id(g)] = cache
        return cache[1]
