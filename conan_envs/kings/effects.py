"""Rulebook "HEROIC ACTIONS TABLE" and "WIZARD MAGIC TABLE": every entry's effect for the
Hero and Wizard Phases. Targets in an adjacent territory are chosen by the roller
(`target_region`, then `target_unit` when more than one type fits)."""
from __future__ import annotations

from collections.abc import Sequence

from . import content as C
from .actions import COUNT0, DONE, PLAYER0, REGION0, RESULT0, UNIT0
from .decisions import Adventure as AdventureAsk
from .decisions import AncientLore, Piracy, Sacrifice, TargetRegion, TargetUnit, Training, Transmutation
from .fields import KingsFields, Task
from .frames import BEARER_ROLL, CURSE_ROLL, NO_CONTEXT, ROLLED_BY, Ask, RollContext

A, E, H, W, M, S, K, F = (int(t) for t in C.Unit)  # C.Unit's values
T = C.NUM_TYPES
CONVERTIBLE = (A, E, H, W, M, S)  # a King or a Fortification cannot change sides (rulings)

# effect -> (unit types it hits in the adjacent region or None for the region itself,
#            land regions only, what happens)
TARGETED = {
    "assassination": ((H, W, K), False, "kill"),
    "hunter_killer_demon": ((H, W, K), False, "kill"),
    "plague": ((A, E), False, "kill"),
    "earthquake": ((A, F), False, "kill"),
    "adventure": ((M,), False, "kill"),
    "convert": (CONVERTIBLE, False, "take"),
    "mind_control": (CONVERTIBLE, False, "take"),
    "foment_rebellion": (None, True, "army"),
    "raiding": (None, True, "raid"),
    "storms": (None, False, "storm"),
    "great_curse": (None, False, "curse"),
}
RECRUITS = {"bind_monster": M, "summon_greater_demon": H, "demon_horde": E, "necromancy": A}
# the effects that last the turn (shown in the observation's and the view's turn block)
TURN_LONG = frozenset(("forced_march", "demonic_steeds", "recruit", "long_journey",
                       "battle_plan"))
# what a targeted effect found nowhere next door (logged: the effect does nothing)
NO_TARGET = {
    "assassination": "no enemy Hero, Wizard or King", "hunter_killer_demon": "no enemy Hero, "
    "Wizard or King", "plague": "no enemy Army or Elite", "earthquake": "no enemy Army or "
    "Fortification", "convert": "no enemy unit that can change sides", "mind_control": "no "
    "enemy unit that can change sides", "foment_rebellion": "no land region (or no Army "
    "counter left)", "raiding": "no land region", "storms": "no region",
    "great_curse": "no region"}


# the decision that picks the fellow unit of each effect that needs one
FELLOW_ASKS: dict[str, type[Ask]] = {"transmutation": Transmutation, "sacrifice": Sacrifice}


def effect_title(eff: str) -> str:
    return {"forge_artifact": "Forge/Discover Artifact"}.get(eff, eff.replace("_", " ").title())


class EffectRules(KingsFields):
    # ---- rolls ----------------------------------------------------------------------------
    def _rolled_hero(self, v: int, ctx: RollContext) -> None:
        self._effect(C.HEROIC_ACTIONS[v], ctx.region, ctx.unit)

    def _rolled_wizard(self, v: int, ctx: RollContext) -> None:
        self._effect(C.WIZARD_MAGIC[v], ctx.region, ctx.unit, ctx.relic)

    def _rolled_curse(self, v: int, ctx: RollContext) -> None:
        self.set_curse(ctx.target, self.curse[ctx.target] + v)

    def _rolled_prophecy(self, v: int, ctx: RollContext) -> None:
        self.div[self.me()] += v

    # ---- targets ---------------------------------------------------------------------------
    def _victim_types(self, d: int, types: Sequence[int], take: bool) -> list[tuple[int, int]]:
        """(owner, type) choices among the other owners' units in region d."""
        me, O, u = self.me(), self.O, self.u
        out, seen = [], set()
        for o in range(O):
            if o == me or not self.tot[d * O + o]:
                continue
            row = u[(d * O + o) * T:(d * O + o + 1) * T]
            for t in types:
                if t not in seen and row[t] and (not take or self.can_recruit(me, t)):
                    out.append((o, t))
                    seen.add(t)
        return out

    def _target_regions(self, r: int, eff: str) -> list[int]:
        types, land_only, what = TARGETED[eff]
        out = []
        for d in C.NEIGHBORS[r]:
            if land_only and C.IS_SEA[d]:
                continue
            if what == "army" and not self.can_recruit(self.me(), A):
                continue
            if types is None or self._victim_types(d, types, what == "take"):
                out.append(d)
        return out

    def _on_target_region(self, a: int) -> None:
        d = a - REGION0
        eff = self.task.effect
        types, _, what = TARGETED[eff]
        if types is None:
            self._region_effect(what, d)
            return
        choices = self._victim_types(d, types, what == "take")
        if len(choices) == 1:
            self._unit_effect(what, d, *choices[0])
        else:
            self.task.target = d
            self._ask(TargetUnit, self.me(), [UNIT0 + t for _, t in choices])

    def _on_target_unit(self, a: int) -> None:
        d, t = self.task.target, a - UNIT0
        eff = self.task.effect
        types, _, what = TARGETED[eff]
        assert types is not None  # (a unit is asked of an effect that strikes units)
        o = next(o for o, t2 in self._victim_types(d, types, what == "take") if t2 == t)
        self._unit_effect(what, d, o, t)

    def _unit_effect(self, what: str, d: int, o: int, t: int) -> None:
        marked = self.marked(d, o, t) > 0  # the striker picks the Relic bearer first
        self.log_event(f"{self.task.effect.replace('_', ' ').title()}: "
                       f"{'kills' if what == 'kill' else 'takes'} {self.owner_name(o)}'s "
                       f"{C.UNIT_NAMES[t]}{' bearing a Relic' if marked and t == W else ''} "
                       f"in {C.REGIONS[d]}")
        if what == "kill":
            self.lose_marked_first(d, o, t)
            self.kill(d, o, t, self.task.effect)
        else:  # "take": Convert, Mind Control (a Relic goes with its Wizard)
            self.take_marked_first(d, o, t, self.me())
            self.add(d, o, t, -1)
            self.add(d, self.me(), t)

    def _region_effect(self, what: str, d: int) -> None:
        self.log_event(f"{self.game.roles[self.me()]}'s "
                       f"{self.task.effect.replace('_', ' ').title()} strikes {C.REGIONS[d]}")
        if what == "army":
            self.add(d, self.me(), A)
        elif what == "raid":
            self.set_raid(d, self.me())
        elif what == "storm":
            self.set_storm(d, self.storm[d] + 1)
        else:  # Great Curse: 1D6 Curse Tokens
            self._roll("curse", 6, CURSE_ROLL[d])

    # ---- the tables ---------------------------------------------------------------------
    def _effect(self, eff: str, r: int, t: int, bearer: bool = False) -> None:
        """Effect `eff` rolled in region r by a unit of type t (`bearer`: a Wizard bearing
        a Relic)."""
        me = self.me()
        if eff in TURN_LONG:
            self.tokens_changed()
        if eff in TARGETED:
            regions = self._target_regions(r, eff)
            if eff == "adventure":  # "Kill Monster in adjacent Territory or Gain 1 Gold"
                if regions:
                    self.task = Task(effect=eff, region=r)
                    self._ask(AdventureAsk, me, [DONE] + [REGION0 + d for d in regions])
                else:
                    self._gain_gold("Adventure: no Monster in an adjacent territory")
            elif regions:
                self.task = Task(effect=eff, region=r)
                self._ask(TargetRegion, me, [REGION0 + d for d in regions])
            else:
                self.log_event(f"{effect_title(eff)}: {NO_TARGET[eff]} next to "
                               f"{C.REGIONS[r]}; nothing happens")
            return
        if eff in RECRUITS:
            u = RECRUITS[eff]
            if self.can_recruit(me, u):
                self.add(r, me, u)
        elif eff == "training":  # "Turn up to 2 fellow armies into elite units"
            k = min(2, self.at(r, me, A), C.CHITS[E] - self.pool[me * 8 + E])
            if k > 0:
                self.task = Task(region=r)
                self._ask(Training, me, [DONE] + [COUNT0 + i for i in range(k)])
        elif eff == "forced_march":
            self.stack_bonus[r] += 1
        elif eff == "demonic_steeds":
            self.stack_bonus[r] += 2
        elif eff == "recruit":
            self.bonus_recruit[r] += 1
        elif eff == "long_journey":
            if t == K:
                self.king_journey = True
            else:
                self.journey[r] += 1
        elif eff == "fortify":  # on land only (rulings)
            if self.can_recruit(me, F) and not C.IS_SEA[r]:
                self.add(r, me, F)
        elif eff == "piracy":  # gain 1 Gold, or steal one of an opponent's
            victims = [p for p in range(self.n) if p != me and self.gold[p] > 0]
            if victims:
                self._ask(Piracy, me, [DONE] + [PLAYER0 + p for p in victims])
            else:
                self._gain_gold("Piracy: nobody has Gold to steal")
        elif eff == "battle_plan":  # the Hero (or King) that rolled it holds it this turn
            if t == K:
                self.king_plan = True
            else:
                self.plan[r] += 1
        elif eff == "untimely_end":
            self.kill(r, me, t, "untimely_end")
        elif eff in ("consumed_by_demons", "insanity"):  # the rolling Wizard, Relic and all
            if bearer:
                self.lose_marked_first(r, me, W)
            self.kill(r, me, W)
        elif eff == "forge_artifact":  # "Wizard gets Relic Token": the rolling Wizard
            if bearer:
                self.log_event("Forge/Discover Artifact: this Wizard already bears a Relic")
            else:
                self.add_relic(r, me, 1)
        elif eff == "prophecy":
            self._roll("prophecy", 3, NO_CONTEXT)
        elif eff == "magical_riches":
            self.gold[me] += 1
        elif eff == "transmutation":  # a fellow unit becomes a Monster
            types = self._fellows(r, (A, E, H, W, S)) if self.can_recruit(me, M) else []
            self._choose_fellow("transmutation", r, types, bearer)
        elif eff == "sacrifice":  # destroy a fellow unit, then roll again
            self._choose_fellow("sacrifice", r, self._fellows(r, (A, E, H, W, M, S, F)), bearer)
        elif eff == "ancient_lore":
            self.task = Task(region=r, relic=bearer)
            self._ask(AncientLore, me, [RESULT0 + v - 1 for v in range(1, 20)])
        # carousing, frivolous_pursuits: nothing

    def _gain_gold(self, why: str) -> None:
        me = self.me()
        self.gold[me] += 1
        self.log_event(f"{why}: {self.game.roles[me]} gains 1 Gold (now {self.gold[me]})")

    def _fellows(self, r: int, types: Sequence[int]) -> list[int]:
        me = self.me()
        return [t for t in types if self.at(r, me, t) > (1 if t == W else 0)]

    def _choose_fellow(self, eff: str, r: int, types: Sequence[int], bearer: bool) -> None:
        if not types:
            self.log_event(f"{effect_title(eff)}: no fellow unit in {C.REGIONS[r]}; "
                           "nothing happens")
            return
        self.task = Task(effect=eff, region=r, relic=bearer)
        if len(types) == 1:
            self._fellow_effect(types[0])
        else:
            self._ask(FELLOW_ASKS[eff], self.me(), [UNIT0 + t for t in types])

    def _fellow_effect(self, t: int) -> None:
        r, me, bearer = self.task.region, self.me(), self.task.relic
        if t == W:  # a fellow Wizard: a plain one if any (the rolling Wizard stays)
            plain = self.at(r, me, W) - self.marked(r, me, W) - (0 if bearer else 1)
            if plain <= 0:
                self.lose_marked_first(r, me, W)
        self.log_event(f"{effect_title(self.task.effect)}: {self.game.roles[me]}'s "
                       f"{C.UNIT_NAMES[t]} in {C.REGIONS[r]}"
                       + (" becomes a Monster" if self.task.effect == "transmutation"
                          else " is destroyed; the Wizard rolls again"))
        if self.task.effect == "transmutation":
            self.add(r, me, t, -1)
            self.add(r, me, M)
        else:
            self.kill(r, me, t)
            self._roll("wizard", 20, BEARER_ROLL[r] if bearer else ROLLED_BY[r][W])

    def _on_transmutation(self, a: int) -> None:
        self._fellow_effect(a - UNIT0)

    def _on_sacrifice(self, a: int) -> None:
        self._fellow_effect(a - UNIT0)

    def _on_training(self, a: int) -> None:
        if a != DONE:
            k, r, me = a - COUNT0 + 1, self.task.region, self.me()
            self.add(r, me, A, -k)
            self.add(r, me, E, k)

    def _on_adventure(self, a: int) -> None:
        if a == DONE:
            self._gain_gold("Adventure")
        else:
            self._on_target_region(a)

    def _on_piracy(self, a: int) -> None:
        if a != DONE:
            self.gold[a - PLAYER0] -= 1
            self._gain_gold(f"Piracy robs {self.game.roles[a - PLAYER0]}")
        else:
            self._gain_gold("Piracy")

    def _on_ancient_lore(self, a: int) -> None:
        self._effect(C.WIZARD_MAGIC[a - RESULT0 + 1], self.task.region, W, self.task.relic)
