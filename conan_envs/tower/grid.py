"""Location grids (Combat Phase: Movement, Range, Terrain and Combat): 8-way adjacency, blocking
terrain, height-advantage terrain and elevation, movement costs, ranges and lines of sight."""
from __future__ import annotations

import heapq

W, H = 8, 6
CELLS = W * H
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def dist(a: int, b: int) -> int:
    """Range in squares: the first square after the attacker up to and including the target."""
    return max(abs(a % W - b % W), abs(a // W - b // W))


class Grid:
    def __init__(self, rows):
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
        self._los = {}

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

    def _compute_los(self, a, b):
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

    def costs_from(self, src, hostile, occupied_pass, ignores_blocking, budget=99):
        """Cheapest move cost from src to every square for a mover whose enemies stand on the
        squares in `hostile` (never entered; +1 to leave a square per adjacent one) and who may
        pass through `occupied_pass` (friends) but not end there (checked by the caller).
        Leaving a square costs 1, +1 per adjacent enemy, +1 for a change of elevation."""
        best = {src: 0}
        heap = [(0, src)]
        while heap:
            c, u = heapq.heappop(heap)
            if c > best.get(u, 99) or c >= budget:
                continue
            leave = 1 + sum(1 for h in hostile if dist(h, u) == 1)
            for v in self.neighbors[u]:
                if v in hostile or (self.blocked[v] and not ignores_blocking):
                    continue
                nc = c + leave + (1 if self.elev[u] != self.elev[v] else 0)
                if nc < best.get(v, 99) and nc <= budget:
                    best[v] = nc
                    heapq.heappush(heap, (nc, v))
        return best

    def path_to(self, src, dst, hostile, ignores_blocking):
        """The cheapest path src..dst as a list of squares (dst reachable assumed)."""
        best = {src: 0}
        prev = {}
        heap = [(0, src)]
        while heap:
            c, u = heapq.heappop(heap)
            if u == dst:
                break
            if c > best.get(u, 99):
                continue
            leave = 1 + sum(1 for h in hostile if dist(h, u) == 1)
            for v in self.neighbors[u]:
                if v in hostile or (self.blocked[v] and not ignores_blocking):
                    continue
                nc = c + leave + (1 if self.elev[u] != self.elev[v] else 0)
                if nc < best.get(v, 99):
                    best[v] = nc
                    prev[v] = u
                    heapq.heappush(heap, (nc, v))
        path = [dst]
        while path[-1] != src:
            path.append(prev[path[-1]])
        return path[::-1], best
