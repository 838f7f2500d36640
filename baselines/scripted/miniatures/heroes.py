"""The scripted heroes' tactics (see the package docstring)."""
from __future__ import annotations

from typing import ClassVar, cast

from conan_envs.miniatures import frames as F
from conan_envs.miniatures.combat import hero_weapons
from conan_envs.miniatures.movement import encumbrance, hindrance, line_of_sight

from .base import KEY_UNITS, Tactics

# In the Clutches of the Picts, from this round on (counted from 0) the searchers go together
# to the farthest of the huts left, the ones deepest among the Picts where an Overlord hides
# Yselda; before it they search the huts near the start, each a different one. (Measured
# against the scripted Overlord: reports/ladder/clutches_plans.md.)
FAR_SEARCH_ROUND = 2
FAR_HUTS = 3   # how many of the huts farthest from the heroes' start
# gems a caster keeps for fetching Zogar Sag's head by Teleportation (there and out again)
HEAD_FETCH_GEMS = 4


class HeroTactics(Tactics):
    def _stance(self, fr: F.StanceChoice) -> int:
        s = self.s
        h = fr.actor
        low = 4 if self._precious(h) else 2
        if self._careful() and self._carries_objective(h):
            low = 0   # a carrier must fight or run, never sit still
        return self.A("stance", 1 if s.reserve[h] <= low and s.fatigue[h] >= 3 else 0)

    def _guard(self, fr: F.Guard) -> int:
        s, g = self.s, self.g
        h = fr.actor
        if fr.gems is not None:
            items = [o for o in self.options("equip") if o < g.num_objects]
            if items:
                return self.A("equip", max(items, key=lambda o: sum(d[0] + 1 for d in g.objects[o].guard)))
            return self.A("equip", g.num_objects)
        power = fr.context.power
        assert power is not None   # the attack power is final when the Guard is asked
        if power <= 0:
            return self.A("gems", 0)
        if self._precious(h):
            return self.A("gems", min(s.reserve[h], power + 1))
        return self.A("gems", min(s.reserve[h], max(1, power - 1), 3))

    def _ally_guard(self, fr: F.AllyGuard) -> int:
        return self.A("gems", 0)

    def _atk_gems(self, fr: F.AttackGems) -> int:
        opts = self.options("gems")
        keep = 1 if self.s.reserve[fr.actor] > 3 else 0
        if self._careful():
            keep = 0 if self.unit_key(fr.target_model) == "zogar_sag" else 2
            if self._carries_objective(fr.actor):
                keep = 0
        if self._careful() and self.unit_key(fr.target_model) == "zogar_sag":
            return self.A("gems", max(opts))
        return self.A("gems", max(1, min(max(opts), self.s.reserve[fr.actor] - keep, 3)))

    def _atk_weapon(self, fr: F.AttackWeapon) -> int:
        g = self.g
        opts = self.options("equip")
        kind = fr.attack
        weapons = [o for o in opts if o < g.num_objects]
        if not weapons:
            return self.A("equip", g.num_objects)
        return self.A("equip", max(weapons, key=lambda o: (
            not (kind == "ranged" and g.objects[o].thrown),
            sum(d[0] + 1 for d in getattr(g.objects[o], kind)))))

    def _manip_gems(self, fr: F.ManipGems) -> int:
        opts = self.options("gems")
        return self.A("gems", min(max(opts), self.g.chest_difficulty + 1))

    def _claim(self, fr: F.Claim) -> int:
        s, g = self.s, self.g
        h = fr.actor
        ok = encumbrance(s, h) + g.objects[fr.object].enc <= g.heroes[h].enc_max
        return self.A("yes" if ok else "no")

    def _catch(self, fr: F.Catch) -> int:
        return self.A("yes")

    def _must_drop(self, fr: F.MustDrop) -> int:
        g = self.g
        opts = [o for o in self.options("drop") if o not in (g.captive, g.zogar_head)]
        opts = opts or self.options("drop")
        return self.A("drop", max(opts, key=lambda o: g.objects[o].enc))

    def _circular(self, fr: F.Circular) -> int:
        opts = self.options("melee")
        return self.A("melee", opts[0]) if opts else self.A("done")

    def _spell_target(self, fr: F.SpellTarget) -> int:
        s, g = self.s, self.g
        spell = g.spells[fr.spell]
        if spell.effect == "possession" and self.options("target"):
            here = s.h_area[fr.actor]
            blockers = [m for m in self.options("target") if s.u_area[m] == here
                        and "blocking" in g.tiles[g.model_tile[m]].skills]
            if blockers:
                return self.A("target", blockers[0])
        if self.options("target"):
            return self.A("target", self._best_target(self.options("target")))
        if self.options("gems"):       # Gift of Life: as much as allowed
            return self.A("gems", max(self.options("gems")))
        if spell.effect == "mind_control":
            # drag the enemy away from the heroes; stop when no step gets it further
            heroes = [s.h_area[k] for k in s.heroes_in_play()]
            m = fr.target_model

            def far(b: int) -> int:
                return min((self.dist(b, x) for x in heroes), default=0)
            steps = self.options("move")
            if steps:
                best = max(steps, key=far)
                if far(best) > far(s.u_area[m]) or not self.has("done"):
                    return self.A("move", best)
            return self.A("done")
        areas = self.options("area")
        spell = g.spells[fr.spell]
        if spell.effect == "teleport":
            goal = self._hero_goal(fr.actor)
            head = s.o_loc[g.zogar_head] if g.zogar_head >= 0 else -1
            if self._careful() and head >= 0 and head in areas:
                goal = head
            return self.A("area", min(areas, key=lambda a: self.dist(a, goal)))
        if self.options("hero"):
            return self.A("hero", max(self.options("hero"), key=lambda k: s.wounds[k]))
        if self.options("pickup"):
            return self.A("pickup", self.options("pickup")[0])

        def score(a: int) -> int:
            heroes = sum(1 for h in s.heroes_in_play() if s.h_area[h] == a)
            units = sum(1 for m, x in enumerate(s.u_area) if x == a and not g.tiles[g.model_tile[m]].ally)
            return units - 3 * heroes
        return self.A("area", max(areas, key=score))

    def _ally_act(self, fr: F.AllyAct) -> int:
        s = self.s
        if self.options("melee"):
            return self.A("melee", self._best_target(self.options("melee")))
        moves = self.options("move")
        enemies = [x for m, x in enumerate(s.u_area)
                   if x >= 0 and not self.g.tiles[self.g.model_tile[m]].ally]
        if moves and enemies and fr.mp > 0:
            here = min(self.dist(s.u_area[fr.model], e) for e in enemies)
            step = min(moves, key=lambda b: min(self.dist(b, e) for e in enemies))
            if min(self.dist(step, e) for e in enemies) < here:
                return self.A("move", step)
        return self.A("done")

    def _storm_area(self, h: int) -> int | None:
        """An area in sight with two or more enemies and no hero."""
        s, g = self.s, self.g
        a = s.h_area[h]
        for b in range(g.num_areas):
            if not line_of_sight(s, a, b) or any(s.h_area[k] == b for k in s.heroes_in_play()):
                continue
            if sum(1 for m, x in enumerate(s.u_area) if x == b and not g.tiles[g.model_tile[m]].ally) >= 2:
                return b
        return None

    def _best_target(self, models: list[int]) -> int:
        g, s = self.g, self.s
        return max(models, key=lambda m: (g.tiles[g.model_tile[m]].key in KEY_UNITS,
                                          -g.tiles[g.model_tile[m]].armor - s.u_life[m]))

    def _hero_goal(self, h: int) -> int:
        """The area this hero heads for."""
        s, g = self.s, self.g
        a = s.h_area[h]
        if g.objective == "clutches":
            y, head = g.captive, g.zogar_head
            if self._carries_objective(h):   # what has left the board counts: out at once
                edges = [b for b in range(g.num_areas) if g.board.edge[b]]
                return min(edges, key=lambda b: self.dist(a, b))
            for o in (y, head):
                if s.o_loc[o] >= 0:
                    return cast(int, s.o_loc[o])
            zogar = g.tile_models[g.tile_index["zogar_sag"]][0]
            hut = self._search_hut(h)
            if hut is not None:
                return hut
            if s.u_area[zogar] >= 0:
                return cast(int, s.u_area[zogar])
            carrier = next((k for k in s.heroes_in_play() if self._carries_objective(k)), None)
            return cast(int, s.h_area[carrier] if carrier is not None else a)
        if g.objective == "rescue":
            return self._rescue_goal(h)
        if g.objective == "ritual":
            # hold the priestess's hut entrance; go in after an enemy who reached her
            p = g.priestess_area
            if any(x == p and not g.tiles[g.model_tile[m]].ally for m, x in enumerate(s.u_area)):
                return cast(int, p)
            return cast(int, g.barricades[0][0] if g.barricades else a)
        keys = {"tigress": ("zaporavo", "skuthus"), "kill_captain": ("captain",),
                "kill_skuthus": ("skuthus",)}.get(g.objective) or tuple(g.scenario.get("kill", ()))
        spots = [s.u_area[m] for k in keys for m in g.tile_models[g.tile_index[k]] if s.u_area[m] >= 0]
        return cast(int, min(spots, key=lambda b: self.dist(a, b)) if spots else a)

    def _hunter(self) -> int | None:
        """Conan goes for Zogar Sag from the start while the others search the huts."""
        s, g = self.s, self.g
        if g.objective != "clutches" or "conan" not in g.hero_keys:
            return None
        c = g.hero_keys.index("conan")
        zogar = g.tile_models[g.tile_index["zogar_sag"]][0]
        if s.h_state[c] != 0 or s.u_area[zogar] < 0 or len(s.heroes_in_play()) < 2:
            return None
        return cast("int | None", c)

    def _searching(self) -> bool:
        """In the Clutches of the Picts, while Yselda has not been found."""
        g = self.g
        return cast(bool, g.objective == "clutches" and self.s.o_loc[g.captive] == -10)

    def _search_hut(self, h: int) -> int | None:
        """While Yselda is hidden every hero searches: the nearest huts first, each hero a
        different one; from round FAR_SEARCH_ROUND on, all together the unsearched hut among
        the FAR_HUTS farthest from the start that is nearest the sturdiest searcher."""
        s, g = self.s, self.g
        hut = self._near_hut(h)
        if hut is None or hut not in g.huts or s.turn < FAR_SEARCH_ROUND:
            return hut
        start = g.board.index[g.scenario["hero_start"]]
        far = sorted(g.huts, key=lambda b: (-self.dist(start, b), b))[:FAR_HUTS]
        left = [b for b in far if not s.searched[b]]
        if not left:
            return hut
        hunter = self._hunter()
        searchers = [k for k in s.heroes_in_play()
                     if "spell_caster" not in g.heroes[k].skills and k != hunter]
        lead = max(searchers, key=lambda k: (g.heroes[k].life - s.wounds[k], -k), default=h)
        return cast(int, min(left, key=lambda b: (self.dist(s.h_area[lead], b), b)))

    def _near_hut(self, h: int) -> int | None:
        """Heroes in turn take the nearest unsearched hut no companion has taken yet; the
        spell caster follows the sturdiest searcher; None for the hero fetching the head."""
        s, g = self.s, self.g
        if not self._searching():
            return None
        huts = [b for b in g.huts if not s.searched[b]]
        if not huts:
            return None
        taken: dict[int, int] = {}
        hunter = self._hunter()
        head = s.o_loc[g.zogar_head]
        if head >= 0:   # the nearest hero fetches Zogar Sag's head first
            hunter = min(s.heroes_in_play(), key=lambda k: (self.dist(s.h_area[k], head), k))
            casters = [k for k in s.heroes_in_play() if "spell_caster" in g.heroes[k].skills
                       and s.reserve[k] >= g.board.dist[s.h_area[k]][head] + 3]
            if casters:   # a teleporting caster can fetch it and get out again
                hunter = casters[0]
        if h == hunter:
            return None
        # the frail spell caster does not search alone: he follows the sturdiest searcher
        searchers = [k for k in s.heroes_in_play()
                     if "spell_caster" not in g.heroes[k].skills and k != hunter]
        for k in searchers:
            free = [b for b in huts if b not in taken.values()] or huts
            taken[k] = min(free, key=lambda b: (self.dist(s.h_area[k], b), b))
        if h in taken:
            return taken[h]
        if not taken:
            return cast(int, min(huts, key=lambda b: (self.dist(s.h_area[h], b), b)))
        guard = max(taken, key=lambda k: g.heroes[k].life - s.wounds[k])
        return s.h_area[guard] if s.h_area[guard] != taken[guard] else taken[guard]

    def _search_step(self, h: int) -> int | None:
        """The move (or Teleportation) that brings a searching hero closer to their hut."""
        s, g = self.s, self.g
        goal = self._search_hut(h)
        if goal is None:
            return None
        a = s.h_area[h]
        for sp in self.options("spell"):
            if g.spells[sp].effect == "teleport" and g.board.dist[a][goal] <= s.reserve[h] - 3 \
                    and g.board.dist[a][goal] >= 2:
                return self.A("spell", sp)
        if s.mp[h] > 0 or s.reserve[h] > 3:   # keep gems back for Guard
            step = self._closer(h, goal)
            if step is not None and not self._pays_into_enemies(h, step, goal):
                return self.A("move", step)
        return None

    def _closer(self, h: int, goal: int) -> int | None:
        """The legal move nearest `goal` if it brings hero h closer, else None."""
        moves = self.options("move")
        if not moves:
            return None
        step = min(moves, key=lambda b: self.dist(b, goal))
        return step if self.dist(step, goal) < self.dist(self.s.h_area[h], goal) else None

    def _run_with_yselda(self, h: int) -> int | None:
        """Yselda's carrier runs for the edge before anything else, gems paying the way."""
        if not (self._careful() and self.s.o_loc[self.g.captive] == -1 - h):
            return None
        out = self._closer(h, self._hero_goal(h))
        return None if out is None else self.A("move", out)

    def _pays_into_enemies(self, h: int, step: int, goal: int) -> bool:
        """A searcher does not pay gems to walk into enemies on the way to a hut: it waits for
        them to move on."""
        s, g = self.s, self.g
        return cast(bool, self._searching() and step != goal and s.mp[h] == 0 and any(
            x == step and not g.tiles[g.model_tile[m]].ally for m, x in enumerate(s.u_area)))

    def _rescue_goal(self, h: int) -> int:
        """Olivia: kill Arbanus for the Key, open her cell, carry her out."""
        s, g = self.s, self.g
        a = s.h_area[h]
        if self._carries_objective(h):
            edges = [b for b in range(g.num_areas) if g.board.edge[b]]
            return min(edges, key=lambda b: self.dist(a, b))
        cell = g.board.index["cell_olivia"]
        corridor = g.board.index["corridor"]
        if s.o_loc[g.captive] >= 0 and (min(cell, corridor), max(cell, corridor)) in s.broken:
            return cast(int, s.o_loc[g.captive])
        if s.o_loc[g.key] >= 0:
            return cast(int, s.o_loc[g.key])
        if s.o_loc[g.key] == -1 - h:
            return cast(int, corridor)
        arb = [m for m in g.tile_models[g.tile_index["captain_arbanus"]] if s.u_area[m] >= 0]
        return cast(int, s.u_area[arb[0]] if arb else corridor)

    def _carry_out(self, h: int) -> int | None:
        """Carrying Olivia out: drop what slows the carrier, teleport or walk to the nearest
        edge, flee from it."""
        s, g = self.s, self.g
        a = s.h_area[h]
        if encumbrance(s, h) >= g.heroes[h].move_minus1:
            mine = [x for x in self.options("drop") if x not in (g.captive, g.key)]
            if mine:
                return self.A("drop", max(mine, key=lambda x: g.objects[x].enc))
        if self.has("flee"):
            return self.A("flee")
        edges = [b for b in range(g.num_areas) if g.board.edge[b]]
        for sp in self.options("spell"):
            if g.spells[sp].effect == "teleport" and not g.board.edge[a]:
                return self.A("spell", sp)
        moves = self.options("move")
        if moves:
            here = min(self.dist(a, e) for e in edges)
            step = min(moves, key=lambda b: min(self.dist(b, e) for e in edges))
            if min(self.dist(step, e) for e in edges) < here:
                return self.A("move", step)
        return None

    def _rocks(self, fr: F.Rocks) -> int:
        s, g = self.s, self.g
        def score(a: int) -> int:
            heroes = sum(1 for h in s.heroes_in_play() if s.h_area[h] == a)
            units = sum(1 for m, x in enumerate(s.u_area) if x == a and not g.tiles[g.model_tile[m]].ally)
            return heroes - units - (5 if s.o_loc[g.captive] == a else 0)
        return self.A("area", max(self.options("area"), key=score))

    def _act(self, fr: F.Act) -> int:
        s, g = self.s, self.g
        h = fr.actor
        a = s.h_area[h]
        head = s.o_loc[g.zogar_head] if g.zogar_head >= 0 else -1
        # the head is left for a teleporting caster where a carrier would be held in a crowd,
        # or while the caster has the gems to fetch it and get out at once
        leave_head = self._careful() and any(
            "spell_caster" in g.heroes[k].skills and k != h
            and (hindrance(s, ("h", h)) >= 2 or s.reserve[k] >= HEAD_FETCH_GEMS)
            for k in s.heroes_in_play())
        if self._careful() and head >= 0 and head != a and "spell_caster" in g.heroes[h].skills:
            for sp in self.options("spell"):   # teleport to the head, then out again
                if g.spells[sp].effect == "teleport" and g.board.dist[a][head] <= s.reserve[h] - 2:
                    return self.A("spell", sp)
        for o in self.options("pickup"):
            if leave_head and o == g.zogar_head:
                continue   # left for the teleporting caster
            objective = o in (g.captive, g.zogar_head, g.key)
            if not objective and g.objective == "rescue" and self._carries_objective(h):
                continue   # a carrier takes nothing that slows her down
            if objective or g.objects[o].kind in ("weapon", "armor", "shield"):
                if encumbrance(s, h) + g.objects[o].enc <= g.heroes[h].enc_max:
                    return self.A("pickup", o)
                if objective:     # make room: drop the heaviest other object (free)
                    mine = [x for x in self.options("drop") if x not in (g.captive, g.zogar_head, g.key)]
                    if mine:
                        return self.A("drop", max(mine, key=lambda x: g.objects[x].enc))
        for o in self.options("use"):
            if s.wounds[h] >= 2:
                return self.A("use", o)
        if g.objective == "rescue" and self._carries_objective(h):
            out = self._carry_out(h)
            if out is not None:
                return out
        if self.has("flee") and self._carries_objective(h) and (
                self._both_held() or g.objective == "clutches"):
            return self.A("flee")
        for b in self.options("door"):
            if s.reserve[h] >= 2:
                return self.A("door", b)
        if self._careful() and self._carries_objective(h):
            # Teleportation ignores hindering and Blocking: the way out of a crowd
            edges = [b for b in range(g.num_areas) if g.board.edge[b]]
            for sp in self.options("spell"):
                if g.spells[sp].effect == "teleport" and not g.board.edge[a] and any(
                        g.board.dist[a][e] <= s.reserve[h] for e in edges):
                    return self.A("spell", sp)
        if self._careful() and self._carries_objective(h) and not self.options("move"):
            # a carrier held by Blocking cuts the blocker down with every gem
            blockers = [m for m in self.options("melee")
                        if "blocking" in g.tiles[g.model_tile[m]].skills]
            if blockers:
                return self.A("melee", blockers[0])
        run = self._run_with_yselda(h)
        if run is not None:
            return run
        if self._searching():
            # the search comes first: walk (or teleport) to the hut before fighting
            step = self._search_step(h)
            if step is not None:
                return step
        precious = self._precious(h)
        keep = 4 if precious else 2 if s.reserve[h] > 3 else 0
        if self._careful():
            # the Pict village punishes heroes left without Guard gems: fight only with gems
            # to spare, and the spell caster not with his dagger
            keep = 5 if "spell_caster" in g.heroes[h].skills else 3
            if h == self._hunter() and any(self.unit_key(m) == "zogar_sag"
                                           for m in self.options("melee")):
                keep = 0   # all in on Zogar Sag
        if s.reserve[h] > keep:
            melee = self.options("melee")
            if melee:
                return self.A("melee", self._best_target(melee))
            keeps_weapon = any(not g.objects[o].thrown for o in hero_weapons(s, h, "ranged"))
            ranged = [] if precious or not keeps_weapon else self.options("ranged")
            if ranged and s.reserve[h] > keep + 1:
                return self.A("ranged", self._best_target(ranged))
            spells = self.options("spell")
            for sp in spells:
                eff = g.spells[sp].effect
                if eff == "attack" or (eff == "halo" and s.wounds[h] >= 2):
                    return self.A("spell", sp)
                if eff == "possession" and not self.options("move") and any(
                        x == a and "blocking" in g.tiles[g.model_tile[m]].skills
                        for m, x in enumerate(s.u_area)):
                    return self.A("spell", sp)     # break a Blocker's hold
                if eff == "gift" and s.reserve[h] >= 6 and any(
                        s.reserve[k] <= 1 and s.h_area[k] == a for k in s.heroes_in_play() if k != h):
                    return self.A("spell", sp)
                if eff == "healing" and any(s.wounds[k] >= 2 for k in s.heroes_in_play()
                                            if s.h_area[k] == a):
                    return self.A("spell", sp)
                if eff == "area_attack" and self._storm_area(h) is not None:
                    return self.A("spell", sp)
            if self.has("chest") and not self._searching() and s.reserve[h] >= 2:
                return self.A("chest")
            allies = self.options("ally")
            if allies:
                return self.A("ally", allies[0])
        goal = a if precious else self._hero_goal(h)
        step = self._closer(h, goal)
        if step is not None and (s.mp[h] > 0 or s.reserve[h] > 2) \
                and not self._pays_into_enemies(h, step, goal):
            return self.A("move", step)
        return self.A("done")

    HANDLERS: ClassVar[dict[type[F.MiniFrame], str]] = {
        **Tactics.HANDLERS, F.StanceChoice: "_stance", F.Guard: "_guard", F.AllyGuard: "_ally_guard",
        F.AttackGems: "_atk_gems", F.AttackWeapon: "_atk_weapon", F.ManipGems: "_manip_gems",
        F.Claim: "_claim", F.Catch: "_catch", F.MustDrop: "_must_drop", F.Circular: "_circular",
        F.SpellTarget: "_spell_target", F.AllyAct: "_ally_act", F.Rocks: "_rocks", F.Act: "_act"}
