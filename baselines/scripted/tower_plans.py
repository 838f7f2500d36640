"""Human-style plans for The Tower of the Elephant (tower_v2, Battle Mode), played by
``scripted:plan=NAME`` (the classes themselves are assembled in baselines/scripted/tower.py,
which holds ``PLANS``).

``patient``: the Conan who waits out Yara's minions (issue 34: a person beat the `hard` Yara at
level 5 with no wounds in 24 combat rounds while her minions spent their BLOCK and RIPOSTE dice
walking). The rules it leans on (rulebook sections):

- Movement: "Yara's minions ... may burn dice from any slot for extra points, getting 1 point
  per die", and "When leaving a space, add 1 movement point for each adjacent enemy". A minion
  that must walk far to reach Conan pays for the walk with the dice it would block with.
- Dice Phase / Burning and Reserving Dice: "Burned dice will be available again at the
  beginning of a new combat round", so a minion that walked this round meets Conan's blows
  with what it has left, and only for the rest of this round.
- Taking Them Down: "For each wound Conan delivers, the target can block"; RIPOSTE: "these
  work as Blocks, but ... striking back". A minion is worth striking only when Conan's wounds
  beat its blocks, or when it holds no riposte die to strike back with.
- Resolve Initiative: the token holder chooses GO FIRST or the GAME EFFECT; the patient Conan
  takes the GAME EFFECT, so Yara's minions move (and walk) before he strikes.
- Terrain and Combat: "A character standing on stairs has Height Advantage against an enemy on
  a lower step" (an extra block against each melee attack): he climbs to it when no minion can
  punish the climb.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conan_envs.tower.content import ATTACK_KINDS, LEAP, SLASH, SWING
from conan_envs.tower.frames import Phase
from conan_envs.tower.grid import NEAR, dist

# expected hits of one die of an enemy row's kind on Conan (rollhit: a hit on 4+; tokens count
# as a hit, which a BLOCK die also cancels)
HIT_WEIGHT = {"hit": 1.0, "hitriposte": 1.0, "rollhit": 0.5, "venom": 1.0, "curse": 1.0}
BLOCKING = ("block", "riposte", "hitriposte")   # the rows whose dice stop Conan's wounds
STRIKES_BACK = ("riposte", "hitriposte")
PATIENCE_ROUNDS = 8   # combat rounds at one location after which he goes to them anyway
FAR = 99


def row_weight(row: Any) -> float:
    """Expected hits on Conan of one die on an enemy row (0 for a row that does not attack)."""
    kind = row.kind
    if kind == "bite":
        return float(row.param)
    return HIT_WEIGHT.get(kind, 0.0)


class PatientPlan:
    """Conan's patient plan (``scripted:plan=patient``, Battle Mode), a mixin over the scripted
    Conan (which keeps the Dice Phase, defence, tests, skills at pick-up and Mopping Up):

    - **initiative**: holding the token he takes the GAME EFFECT, so the minions go first;
    - **fights he is favoured in only**: he strikes an adjacent minion when the wounds on his
      card beat the dice it can block with (what it did not burn walking), or when it holds no
      RIPOSTE die to strike back; otherwise he does not attack;
    - **he waits where the minions are not**: when he does not strike, he ends his move on the
      square where the minions still to act (this round, with the dice they hold; next round,
      with the dice they will roll) can bring the fewest hits, counting the dice each must
      burn to walk there and the height advantage of the square;
    - **he pounces** on a minion he can slay (its dice burned walking) when his move and LEAPs
      take him next to it, and the square is no worse than staying;
    - **he climbs when safe**: among squares equally safe he prefers height advantage;
    - **he rests** as the scripted Conan does: a triple refills FATIGUE, and skills and items
      heal or refill it when it runs low;
    - after PATIENCE_ROUNDS rounds at one location he closes in as the scripted Conan does
      (the round tracker costs him FATIGUE and gives Yara a Plot every 4 rounds).
    """

    s: Any
    O: dict[str, int]
    mask: Any

    if TYPE_CHECKING:   # provided by the scripted Conan this plan is mixed into
        def _ok(self, seg: str, i: int = 0) -> int | None: ...
        def _first(self, seg: str) -> int | None: ...
        def enemy_alive(self) -> list[tuple[int, Any]]: ...
        def _best_attack(self, seg: str, table: Any, n: int, need: int) -> int | None: ...
        def _approach(self, targets: list[int]) -> int | None: ...
        def _steps_to(self, goals: set[int], blocked: set[int]) -> dict[int, int]: ...
        def _closing_in(self) -> int | None: ...   # the scripted Conan's own activation

    # ---- initiative -------------------------------------------------------------------------
    def _initiative(self) -> int | None:
        return self._ok("game_effect") or self._ok("go_first")

    # ---- reading the board ------------------------------------------------------------------
    def blockers(self, e: Any) -> int:
        """The dice minion `e` holds now that may block a wound of Conan's attack."""
        rows = self.s.enemy_kind(e).rows
        return sum(n for n, row in zip(e.dice, rows) if row.kind in BLOCKING)

    def strikes_back(self, e: Any) -> bool:
        rows = self.s.enemy_kind(e).rows
        return any(n and row.kind in STRIKES_BACK for n, row in zip(e.dice, rows))

    def need_from(self, e: Any, sq: int) -> int:
        """Wounds that slay `e` when Conan strikes from `sq`: its life left, its blocking
        dice, its free blocks and its height advantage over `sq`."""
        s = self.s
        height = s.grid().height_advantage(e.square, sq)
        return int(s.enemy_kind(e).life - e.wounds + self.blockers(e) + e.free_blocks + height)

    def power(self) -> int:
        """Wounds Conan's SLASH and BIG SWING dice deliver for certain this activation (rolled
        effects not counted): SLASH by its row's printed effect, each BIG SWING die 1 wound
        (one at a time) unless the row's printed effect gives more."""
        s = self.s
        c = s.game.c
        n_slash, n_swing = len(s.rows[SLASH]), len(s.rows[SWING])
        slash = c["slash"][n_slash - 1][0] if n_slash >= 2 else 0
        swing = 0
        if n_swing:
            w, thresh = c["swing"][n_swing - 1][0], c["swing"][n_swing - 1][1]
            swing = max(n_swing, 0 if thresh else w)
        return int(slash + swing)

    def conan_first(self) -> bool:
        """Whether minions still to act this round follow Conan's activation."""
        return any(not e.done for _, e in self.enemy_alive())

    def threat(self, q: int) -> float:
        """Expected hits the minions can bring on Conan standing at `q`: this round's, with
        the dice they hold, by those still to act; else next round's, with the dice they will
        roll (each die burned to walk there is a die less, BLOCK dice burned first)."""
        s = self.s
        g = s.grid()
        total = 0.0
        for i, e in self.enemy_alive():
            if e.token_active and e.tokens and e.tokens[0] == "S":
                continue
            k = s.enemy_kind(e)
            now = not e.done
            if now:
                dice = list(e.dice)
                base = 0 if (e.token_active and e.tokens and e.tokens[0] == "R") else \
                    k.move + e.bonus_move
                bonus = e.bonus_hits
                if k.bow and dist(e.square, q) == 3 and g.line_of_sight(e.square, q):
                    total += k.bow + bonus
                    continue
            else:
                n = max(0, k.dice - e.wounds)
                dice = [n * (row.hi - row.lo + 1) / 6 for row in k.rows]
                base, bonus = k.move, 0
            attack = [(row_weight(row), dice[r], row.range) for r, row in enumerate(k.rows)
                      if row.kind in ATTACK_KINDS and dice[r]]
            if not attack:
                continue
            ign = s.ignores_blocking(e)
            taken = {x.square for j, x in self.enemy_alive() if j != i}
            best = 0.0
            for reach in sorted({a[2] for a in attack}):
                goals = g.squares_in_range(q, reach, ign) - taken
                if e.square in goals:
                    cost, goal = 0, e.square
                else:
                    got, costs, _prev = g.dijkstra(e.square, q, ign, goals)
                    if got is None:
                        continue
                    cost, goal = costs[got], got
                extra = max(0, cost - base)
                spare = sum(dice) - sum(a[1] for a in attack)   # dice that are not attacks
                lost = max(0.0, extra - spare)
                usable = sorted(((w, n) for w, n, r in attack if r >= dist(goal, q)),
                                reverse=True)
                left = sum(n for _, n in usable) - lost
                if extra > sum(dice) or left <= 0:
                    continue
                hits = 0.0
                for w, n in usable:
                    take = min(n, left)
                    hits += w * take
                    left -= take
                hits += bonus
                if dist(goal, q) == 1 and g.height_advantage(q, goal):
                    hits = max(0.0, hits - 1)
                best = max(best, hits)
            total += best
        return total

    def routes(self) -> dict[int, int]:
        """Conan's cheapest move cost to each square (leaving a square costs 1, +1 for each
        adjacent enemy, +1 for a change of elevation; never through an enemy)."""
        s = self.s
        g = s.grid()
        foes = {e.square for _, e in self.enemy_alive()}
        best = {s.pos: 0}
        frontier = [s.pos]
        while frontier:
            nxt = []
            for u in frontier:
                leave = 1 + len(NEAR[u] & foes)
                for v in g.neighbors[u]:
                    if g.blocked[v] or v in foes:
                        continue
                    c = best[u] + leave + (g.elev[u] != g.elev[v])
                    if c < best.get(v, FAR):
                        best[v] = c
                        nxt.append(v)
            frontier = nxt
        return best

    # ---- the activation ---------------------------------------------------------------------
    def _conan_turn(self) -> int | None:
        s = self.s
        if s.combat_rounds >= PATIENCE_ROUNDS:
            return self._closing_in()
        a = self._tools()
        if a is not None:
            return a
        adj = [e for _, e in self.enemy_alive() if dist(s.pos, e.square) == 1]
        a = self._strike(adj)
        if a is not None:
            return a
        a = self._move()
        return a if a is not None else self._ok("done")

    def _tools(self) -> int | None:
        """Skills and items as the scripted Conan uses them: heal, refill FATIGUE when low,
        and wound or stun an adjacent minion."""
        s = self.s
        c = s.game.c
        adj = any(dist(s.pos, e.square) == 1 for _, e in self.enemy_alive())
        for sk in s.skills:
            kind = c["skills"][sk].effect[0]
            if kind == "fatigue" and s.fatigue <= 2 or kind in ("wound", "stun") and adj:
                a = self._ok("skill", sk)
                if a is not None:
                    return a
        for i in set(s.items):
            kind = c["items"][i].effect[0]
            if kind in ("heal", "throw", "heart") or kind == "fatigue" and s.fatigue <= 2:
                a = self._ok("item", i)
                if a is not None:
                    return a
        return None

    def _strike(self, adj: list[Any]) -> int | None:
        """Strike the adjacent minion he is favoured against: his wounds beat its blocks, or
        it has no RIPOSTE die to strike back."""
        s = self.s
        if not adj or self._ok("slash", 0) is None and self._ok("swing", 0) is None:
            return None
        power = self.power()
        e = min(adj, key=lambda x: (self.need_from(x, s.pos), -s.enemy_kind(x).xp))
        need = self.need_from(e, s.pos)
        if power < need and self.strikes_back(e):
            return None
        c = s.game.c
        return (self._best_attack("slash", c["slash"], len(s.rows[SLASH]), need)
                or self._best_attack("swing", c["swing"], len(s.rows[SWING]), need))

    def _move(self) -> int | None:
        """Pounce on a minion he can slay, else walk to the safest square (height advantage
        first among equals, then the one farthest from the minions, then the nearest)."""
        s = self.s
        if not any(self._ok("step", d) is not None for d in range(8)) \
                and self._ok("leap", 0) is None:
            return None
        cost = self.routes()
        leap = len(s.rows[LEAP])
        budget = s.move_left + (s.game.c["leap_move"][leap - 1] if leap else 0)
        reach = {q: c for q, c in cost.items() if c <= budget}
        alive = self.enemy_alive()
        power = self.power() if (s.rows[SLASH] or s.rows[SWING]) else 0
        can_attack = s.cphase in (Phase.FRESH, Phase.MOVING_FIRST)   # he may still attack
        here = self.threat(s.pos)
        best_key: tuple[float, ...] | None = None
        goal = s.pos
        for q, c in reach.items():
            t = self.threat(q)
            prey = min((self.need_from(e, q) for _, e in alive if dist(q, e.square) == 1),
                       default=FAR)
            pounce = can_attack and power and prey <= power and t <= here + 0.5
            far = min((dist(q, e.square) for _, e in alive), default=0)
            key = (0 if pounce else 1, round(t, 2), -self._high(q), -far, c)
            if best_key is None or key < best_key:
                best_key, goal = key, q
        if goal == s.pos:
            return None
        if cost[goal] > s.move_left:
            return self._ok("leap", leap - 1)
        return self._step_toward(goal, cost)

    def _high(self, q: int) -> int:
        """1 when `q` gives height advantage against a minion coming next to it (height
        terrain, or the higher step of a stair)."""
        g = self.s.grid()
        return int(g.height[q] or any(g.elev[q] > g.elev[v] for v in g.neighbors[q]
                                      if not g.blocked[v]))

    def _step_toward(self, goal: int, cost: dict[int, int]) -> int | None:
        """The legal step that starts the cheapest route to `goal`."""
        s = self.s
        g = s.grid()
        foes = {e.square for _, e in self.enemy_alive()}
        back = {goal: 0}
        frontier = [goal]
        while frontier:   # moves left to reach goal from each square (reverse search)
            nxt = []
            for v in frontier:
                for u in g.neighbors[v]:
                    if g.blocked[u] or u in foes:
                        continue
                    c = back[v] + 1 + len(NEAR[u] & foes) + (g.elev[u] != g.elev[v])
                    if c < back.get(u, FAR):
                        back[u] = c
                        nxt.append(u)
            frontier = nxt
        choice, best = None, back.get(s.pos, FAR)
        for d, dst in enumerate(g.step[s.pos]):
            a = self._ok("step", d)
            if a is None or dst not in back:
                continue
            step = 1 + len(NEAR[s.pos] & foes) + (g.elev[s.pos] != g.elev[dst])
            if step + back[dst] <= best and (choice is None or back[dst] < back[choice[1]]):
                choice = (a, dst)
        return None if choice is None else choice[0]
