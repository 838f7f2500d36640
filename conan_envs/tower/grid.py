"""Location grids (Combat Phase: Movement, Range, Terrain and Combat): 8-way adjacency, blocking
terrain, height-advantage terrain and elevation, movement costs, ranges and lines of sight."""
from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence

W, H = 8, 6
CELLS = W * H
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
# a minion's cheapest routes: (the goal reached or None, cost to each square, previous square)
Route = tuple[int | None, dict[int, int], dict[int, int]]


DIST = tuple(tuple(max(abs(a % W - b % W), abs(a // W - b // W)) for b in range(CELLS))
             for a in range(CELLS))
PATH_CACHE = 512   # minion routes kept per grid (random play needs a few hundred)

NEAR = tuple(frozenset(b for b in range(CELLS) if DIST[a][b] == 1) for a in range(CELLS))


def dist(a: int, b: int) -> int:
    """Range in squares: the first square after the attacker up to and including the target."""
    return DIST[a][b]


class Grid:
    def __init__(self, rows: Sequence[str]) -> None:
        assert len(rows) == H and all(len(r) == W for r in rows), rows
        self.rows = tuple(rows)
        cells = "".join(rows)
        self.blocked = tuple(c == "#" for c in cells)
        self.height = tuple(c == "h" for c in cells)
        self.elev = tuple(int(c) if c.isdigit() else 0 for c in cells)
        # step[s][d] -> destination square or -1 (off the board)
        step = []
        for s in range(CELLS):
            x, y = s % W, s // W
            row = []
            for dx, dy in DIRS:
                nx, ny = x + dx, y + dy
                row.append(ny * W + nx if 0 <= nx < W and 0 <= ny < H else -1)
            step.append(tuple(row))
        self.step = tuple(step)
        self.neighbors = tuple(tuple(t for t in row if t >= 0) for row in step)
        elev = self.elev
        self.edges_all = tuple(tuple((v, 1 + (elev[u] != elev[v])) for v in self.neighbors[u])
                               for u in range(CELLS))
        self.edges = tuple(tuple((v, w) for v, w in self.edges_all[u] if not self.blocked[v])
                           for u in range(CELLS))
        self._los: dict[tuple[int, int], bool] = {}
        self._goals: dict[tuple[int, int, bool], frozenset[int]] = {}
        self._paths: dict[tuple[int, int, bool, frozenset[int]], Route] = {}

    @staticmethod
    def sq(x: int, y: int) -> int:
        return y * W + x

    def elev_cost(self, a: int, b: int) -> int:
        return 1 if self.elev[a] != self.elev[b] else 0

    def height_advantage(self, defender: int, attacker: int) -> bool:
        """An extra block for the defender against a melee attacker at a lower height."""
        if dist(defender, attacker) != 1:
            return False
        if self.elev[defender] > self.elev[attacker]:
            return True
        return self.height[defender] and not self.height[attacker]

    def line_of_sight(self, a: int, b: int) -> bool:
        """No blocking terrain on the squares strictly between a and b (Bresenham line)."""
        key = (a, b) if a < b else (b, a)
        got = self._los.get(key)
        if got is None:
            got = self._compute_los(*key)
            self._los[key] = got
        return got

    def _compute_los(self, a: int, b: int) -> bool:
        x0, y0, x1, y1 = a % W, a // W, b % W, b // W
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        x, y = x0, y0
        while (x, y) != (x1, y1):
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x += sx
            if e2 <= dx:
                err += dx
                y += sy
            if (x, y) != (x1, y1) and self.blocked[y * W + x]:
                return False
        return True

    def in_range(self, a: int, b: int, rng: int) -> bool:
        d = dist(a, b)
        return d <= rng and (d <= 1 or self.line_of_sight(a, b))

    def squares_in_range(self, target: int, reach: int, ignores_blocking: bool) -> frozenset[int]:
        """The squares other than `target` from which `target` is in range `reach`, standing on
        blocking terrain only for those who ignore it (cached: the grid never changes)."""
        key = (target, reach, ignores_blocking)
        got = self._goals.get(key)
        if got is None:
            got = frozenset(sq for sq in range(CELLS) if sq != target
                            and (ignores_blocking or not self.blocked[sq])
                            and self.in_range(sq, target, reach))
            self._goals[key] = got
        return got

    def dijkstra(self, src: int, conan: int, ignores_blocking: bool,
                 goals: Iterable[int] = ()) -> Route:
        """Cheapest move cost from src to every square for one of Yara's minions: leaving a
        square costs 1, +1 when Conan is adjacent, +1 for a change of elevation; never through
        Conan's square; through blocking terrain only for those who ignore it. Friends may be
        passed through (the caller keeps moves from ending on them). Stops at the first (so
        cheapest) square of `goals`. Returns (goal or None, cost, previous): cached, shared
        between callers, never to be changed by them."""
        fgoals = goals if isinstance(goals, frozenset) else frozenset(goals)
        key = (src, conan, ignores_blocking, fgoals)
        got = self._paths.get(key)
        if got is None:
            if len(self._paths) >= PATH_CACHE:
                self._paths.clear()
            got = self._paths[key] = self._dijkstra(src, conan, ignores_blocking, fgoals)
        return got

    def _dijkstra(self, src: int, conan: int, ignores_blocking: bool,
                  goals: frozenset[int]) -> Route:
        edges = self.edges_all if ignores_blocking else self.edges
        near = NEAR[conan]
        best = {src: 0}
        prev: dict[int, int] = {}
        heap = [(0, src)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            c, u = pop(heap)
            if c > best[u]:
                continue
            if u in goals:
                return u, best, prev
            extra = 1 if u in near else 0
            for v, w in edges[u]:
                if v == conan:
                    continue
                nc = c + w + extra
                if nc < best.get(v, 99):
                    best[v] = nc
                    prev[v] = u
                    push(heap, (nc, v))
        return None, best, prev

    @staticmethod
    def path(prev: dict[int, int], src: int, dst: int) -> list[int]:
        out = [dst]
        while out[-1] != src:
            out.append(prev[out[-1]])
        return out[::-1]
