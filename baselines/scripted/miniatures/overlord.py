"""The scripted Overlord's tactics (see the package docstring)."""
from __future__ import annotations

from collections import deque
from typing import ClassVar, cast

from conan_envs.miniatures import frames as F
from conan_envs.miniatures.constants import SLOT_COSTS
from conan_envs.miniatures.content import LEAP
from conan_envs.miniatures.movement import is_full, line_of_sight, move_options
from conan_envs.miniatures.overlord import reinforce_tiles

from .base import KEY_UNITS, Tactics

# gems kept back to Guard an objective character, by how many areas the nearest hero is away
GUARD_KEEP = (4, 4, 2)
# In the Heart of Darkness the Overlord's 5 recovered gems a round are better spent on
# activations (reinforcing Skuthus's tower, the Dark Demon's post) than saved for his Guard:
# measured 58% and 57% hero wins with (2, 2, 0) against 68% and 72% with GUARD_KEEP (seeds 0-199
# and 1000-1199; docs/rulings/miniatures.md, "Balance")
GUARD_KEEP_BY_OBJECTIVE = {"kill_skuthus": (2, 2, 0)}


class OverlordTactics(Tactics):
    def weakest_hero(self, heroes: list[int]) -> int:
        s, g = self.s, self.g
        return min(heroes, key=lambda h: (g.heroes[h].life - s.wounds[h]) + s.reserve[h])

    # ---- the Overlord ---------------------------------------------------------------------
    def _hide(self, fr: F.Hide) -> int:
        s = self.s
        start = s.h_area[0] if s.h_area[0] >= 0 else 0
        huts = sorted(self.options("area"), key=lambda a: -self.dist(start, a))
        return self.A("area", huts[int(self.rng.integers(min(3, len(huts))))])

    def _ov_turn(self, fr: F.OverlordTurn) -> int:
        s, g = self.s, self.g
        slots = self.options("activate")
        heroes = s.heroes_in_play()
        best: tuple[int, int] | None = None
        for slot in slots:
            t = s.river[slot]
            if t == g.event_tile and g.priestess_area >= 0:
                # The Final Ritual's event also helps the heroes' incantation: only for a horde
                dead = sum(1 for k in g.horde_tiles for m in g.tile_models[k] if s.u_area[m] < 0)
                score = 5 if dead >= 4 and len(s.relics) <= 2 else 50
            elif t == g.event_tile:
                score = 5 if s.ov_reserve - SLOT_COSTS[slot] >= 2 else 50
                if (any(a in g.reinforcement_areas for a in self._objective_posts())
                        or self._carrier() is not None) \
                        and reinforce_tiles(s, g.event.get("reinforcement", 0)):
                    score = 0   # bodyguards for the objective character, or a wall before the carrier
            elif g.tiles[t].key == "skuthus" and g.objective == "kill_skuthus":
                continue   # activating him would end his Set's Halo: he keeps it and waits
            else:
                tile = g.tiles[t]
                reach = tile.move + 1 if tile.melee else 99
                near = any(self.dist(s.u_area[m], s.h_area[h]) <= reach
                           for m in g.tile_models[t] if s.u_area[m] >= 0 for h in heroes)
                if g.priestess_area >= 0:   # every group marches on the priestess
                    near = any(s.u_area[m] >= 0 for m in g.tile_models[t])
                guard = any(self._bodyguard_post(m) is not None
                            for m in g.tile_models[t] if s.u_area[m] >= 0)
                if not near and not guard:
                    continue
                score = 0 if guard else SLOT_COSTS[slot] * 2
                hunted = [s.h_area[h] for h in heroes if self._precious(h)]
                if hunted and not any(self.dist(s.u_area[m], hunted[0]) <= reach
                                      for m in g.tile_models[t] if s.u_area[m] >= 0):
                    score += 6   # Hunting the Tigress: groups that can reach Bêlit first
            if best is None or score < best[0]:
                best = (score, slot)
        if best is not None and best[0] < 50 and (fr.activations == 0 or s.ov_reserve >= 3):
            keep = self._guard_reserve()
            if s.ov_reserve - SLOT_COSTS[best[1]] >= keep or not keep:
                return self.A("activate", best[1])
        return self.A("done")

    def _objective_units(self) -> list[int]:
        """The Overlord's models whose death wins the game for the heroes."""
        g = self.g
        keys = {"tigress": ("zaporavo", "skuthus"), "kill_captain": ("captain",),
                "clutches": ("zogar_sag",),   # his death frees the head the heroes need
                "kill_skuthus": ("skuthus",)}.get(g.objective) or tuple(g.scenario.get("kill", ()))
        return [m for k in keys if k in g.tile_index for m in g.tile_models[g.tile_index[k]]
                if self.s.u_area[m] >= 0]

    def _guard_reserve(self) -> int:
        """Gems kept back to Guard an objective character a hero can reach next turn."""
        s = self.s
        near = min((self.dist(s.u_area[m], s.h_area[h]) for m in self._objective_units()
                    for h in s.heroes_in_play()), default=99)
        keep = GUARD_KEEP_BY_OBJECTIVE.get(self.g.objective, GUARD_KEEP)
        return keep[near] if near < len(keep) else 0

    def _unit(self, fr: F.Unit) -> int:
        s, g = self.s, self.g
        spells = self.options("spell")
        if spells:
            return self.A("spell", spells[0])
        m = fr.model
        post = self._bodyguard_post(m)
        if post is not None and post != s.u_area[m]:
            moves = self.options("move")
            here = self.dist(s.u_area[m], post)
            if moves and min(self.dist(b, post) for b in moves) < here:
                return self.A("move", min(moves, key=lambda b: self.dist(b, post)))
        if g.priestess_area >= 0:
            return self._ritual_unit(fr, m)
        heroes = self.options("hero")
        precious = [h for h in s.heroes_in_play() if self._precious(h)]
        if precious and not any(h in heroes for h in precious) and not fr.volley:
            # Hunting the Tigress: the whole crew goes for Bêlit, past the other heroes
            goal = s.h_area[precious[0]]
            moves = self.options("move")
            minion = g.tiles[g.model_tile[m]].type == "minion"
            far = self._no_leap_distances(goal) if minion else []
            dist = (lambda b: far[b]) if minion else (lambda b: self.dist(b, goal))
            here = dist(s.u_area[m])
            if minion:   # a minion who fails a leap drowns: it goes round by water
                moves = [b for b in moves if g.board.border[s.u_area[m]][b] != LEAP]
            if moves and 0 < here < 99:
                step = min(moves, key=dist)
                if dist(step) < here:
                    return self.A("move", step)
            if self.has("benefit_move") and 0 < here <= 2 and s.ov_reserve > 2:
                return self.A("benefit_move")
        if heroes:
            carriers = [h for h in heroes if self._carries_objective(h) or self._precious(h)]
            return self.A("hero", self.weakest_hero(carriers or heroes))
        allies = self.options("melee")
        if allies:
            return self.A("melee", allies[0])
        m = fr.model
        if g.priestess_area >= 0:
            return self._ritual_unit(fr, m)
        if self.unit_key(m) == "skuthus" or self._holds_post(m) or (
                g.objective == "kill_captain" and self.unit_key(m) == "captain"):
            return self.A("done")   # Skuthus holds his tower: he never walks into the heroes
        if self.unit_key(m) in KEY_UNITS and not self._objective_threatened(m):
            return self.A("done")
        moves = self.options("move")
        targets = [s.h_area[h] for h in s.heroes_in_play()]
        precious = [s.h_area[h] for h in s.heroes_in_play() if self._precious(h)
                    or (g.objective in ("rescue", "clutches") and self._carries_objective(h))]
        targets = precious or targets
        guard = self._bodyguard_post(m)
        if guard is not None:
            targets = [guard]
        if moves and targets:
            here = min(self.dist(s.u_area[m], t) for t in targets)
            step = min(moves, key=lambda b: min(self.dist(b, t) for t in targets))
            if min(self.dist(step, t) for t in targets) < here:
                return self.A("move", step)
        return self.A("done")

    def _holds_post(self, m: int) -> bool:
        """A Blocking model next to a Protected objective character (the Dark Demon before
        Skuthus's tower) stays there: heroes coming past are held by Blocking."""
        s, g = self.s, self.g
        if "blocking" not in g.tiles[g.model_tile[m]].skills:
            return False
        a = s.u_area[m]
        return any(g.board.border[a][s.u_area[k]] >= 0
                   for k in self._objective_units()
                   if "protected" in g.tiles[g.model_tile[k]].skills)

    def _bodyguard_post(self, m: int) -> int | None:
        """Where a Protected key character (Skuthus) stands with no bodyguard beside him: the
        nearest minion goes there, so that he cannot be attacked (Protected)."""
        s, g = self.s, self.g
        tile = g.tiles[g.model_tile[m]]
        if tile.type != "minion" or "protected" in tile.skills:
            return None
        for k, a in enumerate(s.u_area):
            skills = g.tiles[g.model_tile[k]].skills
            if a < 0 or "protected" not in skills or g.tiles[g.model_tile[k]].ally:
                continue
            guarded = any(s.u_area[x] == a and x != k and not g.tiles[g.model_tile[x]].ally
                          and "protected" not in g.tiles[g.model_tile[x]].skills
                          for x in range(g.num_models))
            if s.u_area[m] == a:
                return a if not any(s.u_area[x] == a and x != m and x != k
                                    and not g.tiles[g.model_tile[x]].ally
                                    for x in range(g.num_models)) else None
            if not guarded and not is_full(s, a):
                mine = [x for x in range(g.num_models) if s.u_area[x] >= 0
                        and g.tiles[g.model_tile[x]].type == "minion"
                        and not g.tiles[g.model_tile[x]].ally]
                nearest = min(mine, key=lambda x: (self.dist(s.u_area[x], a), x))
                if nearest == m:
                    return cast(int, a)
        return None

    def _ritual_unit(self, fr: F.Unit, m: int) -> int:
        """The Final Ritual: every group breaks the same barricade (the weakest), then makes
        for the priestess, buying movement to reach her hut."""
        s, g = self.s, self.g
        bars = self.options("barricade")
        intact = [i for i, life in enumerate(s.bar_life) if life > 0]
        goal = g.priestess_area
        inner = g.barricades[0][0] if g.barricades else goal
        ring = {frozenset(p) for i, p in enumerate(g.barricades) if s.bar_life[i] > 0}
        breach = any(frozenset((inner, b)) not in ring for b in g.board.neighbors[inner]
                     if b != goal)
        if not breach and intact:
            target = min(intact, key=lambda i: (s.bar_life[i], i))
            if target in bars:
                return self.A("barricade", target)
            if bars:
                return self.A("barricade", min(bars, key=lambda i: s.bar_life[i]))
            outside = [a for a in g.barricades[target] if a != g.barricades[0][0]]
            goal = outside[0] if outside else goal
        far = self._ring_distances(goal)
        moves = self.options("move")
        here = far[s.u_area[m]]
        if moves:
            step = min(moves, key=lambda b: far[b])
            if far[step] < here:
                return self.A("move", step)
        if self.has("benefit_move") and 1 <= here < 99 and s.ov_reserve > 2:
            a = s.u_area[m]
            if any(far[b] < here and cost <= fr.mp + 1
                   for b, cost in move_options(s, ("u", m), a)):
                return self.A("benefit_move")
        heroes = self.options("hero")
        if heroes:
            return self.A("hero", self.weakest_hero(heroes))
        return self.A("done")

    def _no_leap_distances(self, goal: int) -> list[int]:
        """Areas apart from `goal` for a swimmer that never leaps."""
        g = self.g
        d = [99] * g.num_areas
        d[goal] = 0
        q = deque([goal])
        while q:
            u = q.popleft()
            for v in g.board.neighbors[u]:
                if d[v] == 99 and g.board.border[u][v] != LEAP and self.dist(u, v) == 1:
                    d[v] = d[u] + 1
                    q.append(v)
        return d

    def _ring_distances(self, goal: int) -> list[int]:
        """Areas apart from `goal` on foot, intact barricades closed."""
        s, g = self.s, self.g
        closed = {frozenset(p) for i, p in enumerate(g.barricades) if s.bar_life[i] > 0}
        d = [99] * g.num_areas
        d[goal] = 0
        q = deque([goal])
        while q:
            u = q.popleft()
            for v in g.board.neighbors[u]:
                if d[v] == 99 and frozenset((u, v)) not in closed and self.dist(u, v) == 1:
                    d[v] = d[u] + 1
                    q.append(v)
        return d

    def _haste(self, fr: F.Haste) -> int:
        opts = self.options("reinforce")
        return self.A("reinforce", opts[0]) if opts else self.A("done")

    def _objective_threatened(self, m: int) -> bool:
        s = self.s
        return any(self.dist(s.u_area[m], s.h_area[h]) <= 1 for h in s.heroes_in_play())

    def _ov_guard(self, fr: F.OverlordGuard) -> int:
        s, g = self.s, self.g
        c = fr.context
        assert c.target is not None and c.power is not None
        m = c.target[1]
        tile = g.tiles[g.model_tile[m]]
        hurts = c.power - tile.armor - s.u_halo[m]
        if hurts <= 0:
            return self.A("gems", 0)
        want = 2 if tile.key in KEY_UNITS or hurts <= 2 else 1
        return self.A("gems", min(want, max(self.options("gems"))))

    def _event(self, fr: F.Event) -> int:
        s, g = self.s, self.g
        heroes = [s.h_area[h] for h in s.heroes_in_play()]
        shooters = sum(1 for m, a in enumerate(s.u_area)
                       if a >= 0 and not g.tiles[g.model_tile[m]].ally
                       and any(line_of_sight(s, a, b) for b in heroes))
        posts = self._objective_posts()
        if posts and self.has("event", 0) and any(a in g.reinforcement_areas for a in posts):
            return self.A("event", 0)   # reinforcements into the objective character's area
        if self.has("event", 3):
            return self.A("event", 3)
        if self.has("event", 4) and any(
                sum(1 for h in s.heroes_in_play() if s.h_area[h] == a) >= 2 for a in range(g.num_areas)):
            return self.A("event", 4)
        hunted = [s.h_area[h] for h in s.heroes_in_play() if self._precious(h)]
        if hunted and self.has("event", 2):
            aim = sum(1 for m, a in enumerate(s.u_area)
                      if a >= 0 and not g.tiles[g.model_tile[m]].ally and line_of_sight(s, a, hunted[0]))
            if aim >= 3:
                return self.A("event", 2)   # the volley at Bêlit
        return self.A("event", 2 if shooters >= 4 and self.has("event", 2) else 0)

    def _free(self, fr: F.Free) -> int:
        s, g = self.s, self.g
        targets = [s.h_area[h] for h in s.heroes_in_play()] or [0]
        opts = self.options("free")

        def near(t: int) -> int:
            return min(self.dist(g.board.index[a], x) for a in g.tiles[t].start for x in targets)
        return self.A("free", min(opts, key=near))

    def _unit_spell(self, fr: F.UnitSpell) -> int:
        opts = self.options("hero")
        precious = [h for h in opts if self._precious(h)]
        return self.A("hero", self.weakest_hero(precious or opts))

    def _reinforce(self, fr: F.Reinforce) -> int:
        opts = self.options("reinforce")
        return self.A("reinforce", opts[0]) if opts else self.A("done")

    def _carrier(self) -> int | None:
        """The hero carrying Olivia out (For All of Ophir's Gold), or Yselda or Zogar Sag's head
        (In the Clutches of the Picts), or None."""
        s, g = self.s, self.g
        if g.objective not in ("rescue", "clutches"):
            return None
        return next((h for h in s.heroes_in_play() if self._carries_objective(h)), None)

    def _objective_posts(self) -> list[int]:
        """Areas of Protected objective characters with room for a bodyguard."""
        s, g = self.s, self.g
        return [s.u_area[m] for m in self._objective_units()
                if "protected" in g.tiles[g.model_tile[m]].skills and not is_full(s, s.u_area[m])]

    def _reinforce_area(self, fr: F.ReinforceArea) -> int:
        s = self.s
        targets = [s.h_area[h] for h in s.heroes_in_play()] or [0]
        opts = self.options("area")
        posts = [a for a in self._objective_posts() if a in opts]
        if posts:
            return self.A("area", posts[0])
        carrier = self._carrier()
        if carrier is not None:
            targets = [s.h_area[carrier]]
        return self.A("area", min(opts, key=lambda a: min(self.dist(a, t) for t in targets)))

    HANDLERS: ClassVar[dict[type[F.MiniFrame], str]] = {
        **Tactics.HANDLERS, F.Hide: "_hide", F.OverlordTurn: "_ov_turn", F.Unit: "_unit",
        F.Haste: "_haste", F.OverlordGuard: "_ov_guard", F.Event: "_event", F.Free: "_free",
        F.UnitSpell: "_unit_spell", F.Reinforce: "_reinforce", F.ReinforceArea: "_reinforce_area"}
