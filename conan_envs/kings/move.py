"""Rulebook "MOVE PHASE": no stacking limits; into but not through regions occupied by
opponents (neutral armies included); never into, out of or through a Storm; only Ships
move in water, each carrying one Army, Elite, Hero or Wizard. An order is: a region,
a unit type, a destination within the unit's Move (plus Forced March, Demonic Steeds,
Long Journey), how many; a Ship order then takes passengers one at a time."""
from __future__ import annotations

from itertools import compress
from operator import gt

from . import content as C
from .actions import COUNT0, DONE, MAX_COUNT, REGION0, UNIT0

R, T = C.NUM_REGIONS, C.NUM_TYPES
_MOVERS = range(C.FORT)  # every unit type but the Fortification (numbered last)


class MoveRules:
    def movable_types(self, r, me):
        """Unit types in r of the phasing player that may still move somewhere."""
        if self.storm[r]:
            return []
        types = self._unmoved(r, me)
        land_ok = self.way_out(C.LAND_NEIGHBORS[r])
        ship_ok = self.way_out(C.SHIP_NEIGHBORS[r])
        if land_ok and ship_ok:
            return types
        return [t for t in types if (ship_ok if t == C.SHIP else land_ok)]

    def _unmoved(self, r, me):
        """Unit types in r of the phasing player not all moved yet (Fortifications aside)."""
        b, m = (r * self.O + me) * T, r * T
        return list(compress(_MOVERS, map(gt, self.u[b:b + T], self.moved[m:m + T])))

    def way_out(self, nbrs):
        """Is one of the regions nbrs free of a Storm ("never into ... a Storm")?"""
        return 0 in map(self.storm.__getitem__, nbrs)

    def move_sources(self, me):
        return [r for r in self.occupied(me) if self._region_movable(r, me)]

    def _region_movable(self, r, me):
        """Has region r a unit of the phasing player that may still move somewhere?"""
        if self.storm[r]:
            return False
        types = self._unmoved(r, me)
        if not types:
            return False
        if types != [C.SHIP] and self.way_out(C.LAND_NEIGHBORS[r]):  # a land unit can go
            return True
        return C.SHIP in types and self.way_out(C.SHIP_NEIGHBORS[r])

    def _step_move(self):
        me = self.me()
        ctx = self.task
        if ctx["done"]:
            sources = []
        else:  # computed once per phase, then only the region just left can change
            sources = ctx.get("sources")
            if sources is None:
                sources = ctx["sources"] = self.move_sources(me)
        if sources:
            self._ask("move_from", me, [DONE] + [REGION0 + r for r in sources])
            return
        self.drown()
        self.task = {}
        self.battle = None
        self.phase = "battle"

    def _on_move_from(self, a):
        if a == DONE:
            self.task["done"] = True
            return
        r, me = a - REGION0, self.me()
        self.task["source"] = r
        types = self.movable_types(r, me)
        if len(types) == 1:
            self._choose_unit(types[0])
        else:
            self._ask("move_unit", me, [UNIT0 + t for t in types])

    def _on_move_unit(self, a):
        self._choose_unit(a - UNIT0)

    def reach(self, r, t, me, steps):
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

    def _choose_unit(self, t):
        r, me = self.task["source"], self.me()
        base = C.MOVE[t] + self.stack_bonus[r]
        extra = 2 if (t == C.HERO and self.journey[r]) or (t == C.KING and self.king_journey) else 0
        dist = self.reach(r, t, me, base + extra)
        self.task["unit"] = t
        # the regions that need the Long Journey
        self.task["far"] = [d for d, k in dist.items() if k > base] if extra else []
        self._ask("move_to", me, [REGION0 + d for d in sorted(dist)])

    def _on_move_to(self, a):
        d, me = a - REGION0, self.me()
        r, t = self.task["source"], self.task["unit"]
        self.task["destination"] = d
        most = self.at(r, me, t) - self.moved[r * T + t]
        if d in self.task["far"]:
            most = min(most, self.journey[r] if t == C.HERO else 1)
        if most > MAX_COUNT:
            most = MAX_COUNT
        if most == 1:
            self._do_move(1)
        else:
            self._ask("move_count", me, [COUNT0 + k for k in range(most)])

    def _on_move_count(self, a):
        self._do_move(a - COUNT0 + 1)

    def _do_move(self, k):
        ctx, me = self.task, self.me()
        r, t, d = ctx["source"], ctx["unit"], ctx["destination"]
        self.log_event(f"{self.game.roles[me]} moves {k} {C.UNIT_NAMES[t]} from {C.REGIONS[r]} "
                       f"to {C.REGIONS[d]}")
        self.add(r, me, t, -k)
        self.add(d, me, t, k)
        self.moved[d * T + t] += k
        if d in ctx["far"]:
            if t == C.HERO:
                self.journey[r] -= k
            else:
                self.king_journey = False
        if t == C.SHIP:
            ctx["seats"] = k
            self._ask_embark()
        else:
            self._moved_from(r)

    def _ask_embark(self):
        ctx, me = self.task, self.me()
        r = ctx["source"]
        types = [t for t in C.PASSENGERS if self.at(r, me, t) > self.moved[r * T + t]]
        if ctx["seats"] > 0 and types:
            self._ask("embark", me, [DONE] + [UNIT0 + t for t in types])
        else:
            self._moved_from(r)

    def _moved_from(self, r):
        """The order is complete: back to choosing a region."""
        sources = self.task["sources"]
        if not self._region_movable(r, self.me()):
            sources.remove(r)
        self.task = {"done": False, "sources": sources}

    def _on_embark(self, a):
        if a == DONE:
            self._moved_from(self.task["source"])
            return
        ctx, me, t = self.task, self.me(), a - UNIT0
        self.log_event(f"{self.game.roles[me]}'s {C.UNIT_NAMES[t]} boards a Ship")
        self.add(ctx["source"], me, t, -1)
        self.add(ctx["destination"], me, t, 1)
        self.moved[ctx["destination"] * T + t] += 1
        ctx["seats"] -= 1
        self._ask_embark()
