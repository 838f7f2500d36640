"""Region graphs: named regions, adjacency, distances (maps, locations, areas)."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

import numpy as np


class RegionGraph:
    """An undirected graph of named regions. Immutable; shared by all states of a game."""

    def __init__(self, names: Iterable[str], edges: Iterable[tuple[str, str]],
                 kinds: Iterable[str] | None = None) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError("region names must be unique")
        n = len(self.names)
        adj = np.zeros((n, n), dtype=bool)
        for a, b in edges:
            if a not in self.index or b not in self.index:
                raise ValueError(f"edge {a!r}-{b!r} names an unknown region")
            if a == b:
                raise ValueError(f"self-loop at {a!r}")
            adj[self.index[a], self.index[b]] = adj[self.index[b], self.index[a]] = True
        adj.flags.writeable = False
        self.adjacency = adj
        self.neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(np.flatnonzero(adj[i]).tolist()) for i in range(n)
        )
        self.kinds = tuple(kinds) if kinds is not None else ("land",) * n

    def __len__(self) -> int:
        return len(self.names)

    def distances_from(self, src: int, passable: Callable[[int], bool] | None = None) -> list[int]:
        """BFS distance from src to every region (-1 if unreachable). `passable(i)` may
        forbid entering a region (src is always allowed)."""
        dist = [-1] * len(self.names)
        dist[src] = 0
        q = deque([src])
        while q:
            u = q.popleft()
            for v in self.neighbors[u]:
                if dist[v] < 0 and (passable is None or passable(v)):
                    dist[v] = dist[u] + 1
                    q.append(v)
        return dist

    def is_connected(self) -> bool:
        return all(d >= 0 for d in self.distances_from(0))
