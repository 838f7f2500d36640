"""Rulebook "MOVE PHASE": no stacking limits; into but not through regions occupied by
opponents (neutral armies included); never into, out of or through a Storm; only Ships
move in water, each carrying one Army, Elite, Hero or Wizard. An order is: a region,
a unit type, a destination within the unit's Move (plus Forced March, Demonic Steeds,
Long Journey), how many, and (for Wizards and Heroes, when it is not forced) how many of them
carry a Relic or a Battle Plan (tokens.py); a Ship order then takes passengers one at a time.
Until the units move, `back` undoes the order's last step (back to the region)."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import gt

from . import content as C
from .actions import BACK, COUNT0, DONE, MAX_COUNT, REGION0, UNIT0
from .decisions import Embark, MoveCount, MoveFrom, MoveMarked, MoveTo, MoveUnit
from .fields import KingsFields, Task
from .frames import BATTLE

# Take-backs a player may make in one Move Phase: enough for any person, and a bound, so that
# an agent that keeps taking its orders back still comes to the end of its turn.
MAX_BACKS = 16

R, T = C.NUM_REGIONS, C.NUM_TYPES
_MOVERS = range(C.FORT)  # every unit type but the Fortification (numbered last)
MARKS = {C.WIZARD: "bearing a Relic", C.HERO: "holding a Battle Plan"}


class MoveRules(KingsFields):
    def movable_types(self, r: int, me: int) -> list[int]:
        """Unit types in r of the phasing player that may still move somewhere."""
        if self.storm[r]:
            return []
        types = self._unmoved(r, me)
        land_ok = self.way_out(C.LAND_NEIGHBORS[r])
        ship_ok = self.way_out(C.SHIP_NEIGHBORS[r])
        if land_ok and ship_ok:
            return types
        return [t for t in types if (ship_ok if t == C.SHIP else land_ok)]

    def _unmoved(self, r: int, me: int) -> list[int]:
        """Unit types in r of the phasing player not all moved yet (Fortifications aside)."""
        b, m = (r * self.O + me) * T, r * T
        return list(compress(_MOVERS, map(gt, self.u[b:b + T], self.moved[m:m + T])))

    def way_out(self, nbrs: Sequence[int]) -> bool:
        """Is one of the regions nbrs free of a Storm ("never into ... a Storm")?"""
        return 0 in map(self.storm.__getitem__, nbrs)

    def move_sources(self, me: int) -> list[int]:
        return [r for r in self.occupied(me) if self._region_movable(r, me)]

    def _region_movable(self, r: int, me: int) -> bool:
        """Has region r a unit of the phasing player that may still move somewhere?"""
        if self.storm[r]:
            return False
        types = self._unmoved(r, me)
        if not types:
            return False
        if types != [C.SHIP] and self.way_out(C.LAND_NEIGHBORS[r]):  # a land unit can go
            return True
        return C.SHIP in types and self.way_out(C.SHIP_NEIGHBORS[r])

    def _step_move(self) -> None:
        me = self.me()
        ctx = self.task
        sources: list[int] | None = None
        if not ctx.done:  # computed once per phase, then only the region just left can change
            sources = ctx.sources
            if sources is None:
                sources = ctx.sources = self.move_sources(me)
        if sources:
            self._ask(MoveFrom, me, [DONE] + [REGION0 + r for r in sources])
            return
        self.drown()
        self.task = Task()
        self.battle = None
        self.replace(BATTLE)

    def _on_move_from(self, a: int) -> None:
        if a == DONE:
            self.task.done = True
            return
        self.task.source = a - REGION0
        self._ask_unit()

    def _ask_unit(self) -> None:
        r, me = self.task.source, self.me()
        types = self.movable_types(r, me)
        if len(types) == 1:
            self._choose_unit(types[0])
        else:
            self._ask(MoveUnit, me, [UNIT0 + t for t in types] + self._back())

    def _on_move_unit(self, a: int) -> None:
        if a == BACK:
            self._took_back()
            self._back_to_regions()
        else:
            self._choose_unit(a - UNIT0)

    def _back_to_regions(self) -> None:
        """Nothing of the order is kept: back to choosing a region."""
        self.task.end_order()

    def _back(self) -> list[int]:
        """`back` among the choices while the phase's take-backs last (MAX_BACKS)."""
        return [BACK] if self.task.backs < MAX_BACKS else []

    def _took_back(self) -> None:
        self.task.backs += 1

    def _unmoved_split(self, r: int, t: int) -> tuple[int, int]:
        """(plain, marked) units of type t in r of the phasing player that may still move."""
        me = self.me()
        marked = self.marked(r, me, t) - self.moved_marked(r, t)
        return self.at(r, me, t) - self.moved[r * T + t] - marked, marked

    def reach(self, r: int, t: int, me: int, steps: int) -> dict[int, int]:
        """Distances (1..steps) of the regions unit type t may move to from r."""
        nbrs = C.SHIP_NEIGHBORS if t == C.SHIP else C.LAND_NEIGHBORS
        storm = self.storm
        dist = {r: 0}  # (the start, dropped at the end)
        frontier = [r]
        for k in range(1, steps + 1):
            nxt = []
            for x in frontier:
                for d in nbrs[x]:
                    if d not in dist and not storm[d]:
                        dist[d] = k
                        if k < steps and not self.enemies_in(me, d):  # into but not through
                            nxt.append(d)
            frontier = nxt
        del dist[r]
        return dist

    def _choose_unit(self, t: int) -> None:
        r, me = self.task.source, self.me()
        base = C.MOVE[t] + self.stack_bonus[r]
        extra = 2 if (t == C.HERO and self.journey[r]) or (t == C.KING and self.king_journey) else 0
        dist = self.reach(r, t, me, base + extra)
        self.task.unit = t
        # the regions that need the Long Journey
        self.task.far = [d for d, k in dist.items() if k > base] if extra else []
        self.task.destination = -1
        self._ask(MoveTo, me, [REGION0 + d for d in sorted(dist)] + self._back())

    def _on_move_to(self, a: int) -> None:
        if a == BACK:  # back to the unit type, if there was a choice
            self._took_back()
            self.task.unit, self.task.far = -1, []
            if len(self.movable_types(self.task.source, self.me())) > 1:
                self._ask_unit()
            else:
                self._back_to_regions()
            return
        self.task.destination = a - REGION0
        most = self._most()
        if most == 1:
            self._count_chosen(1)
        else:
            self._ask(MoveCount, self.me(), [COUNT0 + k for k in range(most)] + self._back())

    def _most(self) -> int:
        """How many units the order may move to its destination."""
        r, t, d, me = self.task.source, self.task.unit, self.task.destination, self.me()
        most = self.at(r, me, t) - self.moved[r * T + t]
        if d in self.task.far:  # only the Heroes on a Long Journey (they hold no Plan)
            most = min(most, self.journey[r] if t == C.HERO else 1)
        return most if most < MAX_COUNT else MAX_COUNT

    def _on_move_count(self, a: int) -> None:
        if a == BACK:
            self._took_back()
            self._choose_unit(self.task.unit)
        else:
            self._count_chosen(a - COUNT0 + 1)

    def _count_chosen(self, k: int) -> None:
        """k units move: which of them carry their token, if that is a choice."""
        t = self.task.unit
        if t == C.WIZARD or (t == C.HERO and self.task.destination not in self.task.far):
            plain, marked = self._unmoved_split(self.task.source, t)
            lo, hi = max(0, k - plain), min(k, marked)
            if lo < hi:
                self.task.count = k
                self._ask(MoveMarked, self.me(), ([DONE] if lo == 0 else [])
                          + [COUNT0 + j - 1 for j in range(max(lo, 1), hi + 1)] + self._back())
                return
            self._do_move(k, lo)
        else:
            self._do_move(k, 0)

    def _on_move_marked(self, a: int) -> None:
        ctx = self.task
        if a == BACK:
            self._took_back()
            if ctx.boarding >= 0:
                ctx.boarding = -1
                self._ask_embark()
            elif self._most() > 1:
                ctx.count = -1
                self._ask(MoveCount, self.me(),
                          [COUNT0 + k for k in range(self._most())] + self._back())
            else:
                ctx.count = -1
                self._choose_unit(ctx.unit)
            return
        j = 0 if a == DONE else a - COUNT0 + 1
        if ctx.boarding >= 0:
            t, ctx.boarding = ctx.boarding, -1
            self._board(t, j)
        else:
            k, ctx.count = ctx.count, -1
            self._do_move(k, j)

    def _do_move(self, k: int, marked: int) -> None:
        """k units move, `marked` of them with their Relic or Battle Plan."""
        ctx, me = self.task, self.me()
        r, t, d = ctx.source, ctx.unit, ctx.destination
        tokens = ""
        if marked:
            tokens = f" ({marked} {MARKS[t]})"
        self.log_event(f"{self.game.roles[me]} moves {k} {C.UNIT_NAMES[t]}{tokens} from "
                       f"{C.REGIONS[r]} to {C.REGIONS[d]}")
        if d in ctx.far:
            if t == C.HERO:
                self.journey[r] -= k
            else:
                self.king_journey = False
            self.tokens_changed()
        elif t == C.HERO:
            self._spend_journeys(r, k - marked)
        self.shift_marks(r, d, me, t, marked, moved=True)
        self.add(r, me, t, -k)
        self.add(d, me, t, k)
        self.moved[d * T + t] += k
        if t == C.SHIP:
            ctx.seats = k
            self._ask_embark()
        else:
            self._moved_from(r)

    def _spend_journeys(self, r: int, k: int) -> None:
        """k Heroes without a Battle Plan leave r by a short way: the plain ones go first,
        then those on a Long Journey, whose +2 is then spent. (A Hero rolls once: none holds
        both a Long Journey and a Battle Plan.)"""
        plain = self._unmoved_split(r, C.HERO)[0] - self.journey[r]
        if k > plain:
            self.journey[r] -= k - plain
            self.tokens_changed()

    def _ask_embark(self) -> None:
        ctx, me = self.task, self.me()
        r = ctx.source
        types = [t for t in C.PASSENGERS if self.at(r, me, t) > self.moved[r * T + t]]
        if ctx.seats > 0 and types:
            self._ask(Embark, me, [DONE] + [UNIT0 + t for t in types])
        else:
            self._moved_from(r)

    def _moved_from(self, r: int) -> None:
        """The order is complete: back to choosing a region."""
        sources = self.task.sources
        assert sources is not None  # (set when the Move Phase began)
        if not self._region_movable(r, self.me()):
            sources.remove(r)
        self.task.end_order()

    def _on_embark(self, a: int) -> None:
        if a == DONE:
            self._moved_from(self.task.source)
            return
        t = a - UNIT0
        if t == C.WIZARD or t == C.HERO:
            plain, marked = self._unmoved_split(self.task.source, t)
            if plain and marked:  # which one boards: ask
                self.task.boarding = t
                self._ask(MoveMarked, self.me(), [DONE, COUNT0] + self._back())
                return
            self._board(t, 1 if marked else 0)
        else:
            self._board(t, 0)

    def _board(self, t: int, marked: int) -> None:
        ctx, me = self.task, self.me()
        self.log_event(f"{self.game.roles[me]}'s {C.UNIT_NAMES[t]}"
                       f"{' ' + MARKS[t] if marked else ''} boards a Ship")
        if t == C.HERO:
            self._spend_journeys(ctx.source, 1 - marked)
        self.shift_marks(ctx.source, ctx.destination, me, t, marked, moved=True)
        self.add(ctx.source, me, t, -1)
        self.add(ctx.destination, me, t, 1)
        self.moved[ctx.destination * T + t] += 1
        ctx.seats -= 1
        self._ask_embark()
