"""Rulebook "TURN SEQUENCE": the Fate, Hero, Wizard and Recruit Phases of a player's turn
(the Move, Battle and Plunder Phases are in move.py, battle.py, plunder.py)."""
from __future__ import annotations

from itertools import compress

from . import content as C
from .actions import DONE, REGION0, UNIT0
from .decisions import Recruit, RelicRoll
from .effects import EffectRules
from .fields import Task
from .frames import BEARER_ROLL, HERO, MOVE, RECRUIT, RECRUIT_ROLL, ROLLED_BY, WIZARD, RollContext

R, T = C.NUM_REGIONS, C.NUM_TYPES
_REGIONS = range(R)
BEARER, RELIC_ROLL = -2, -1  # Wizard Phase rolls: a Relic bearer's own roll, its extra roll


class PhaseRules(EffectRules):
    # ---- FATE PHASE: storms and curses decay -----------------------------------------
    def _step_fate(self) -> None:
        me = self.me()
        storm, curse, raided = self.storm, self.curse, self.raided
        if any(storm):
            for r in list(compress(_REGIONS, storm)):
                self.set_storm(r, storm[r] - 1)
        if any(curse):
            for r in list(compress(_REGIONS, curse)):
                self.set_curse(r, curse[r] - 1)
        if me in raided:
            for r in _REGIONS:
                if raided[r] == me:
                    self.set_raid(r, -1)
        # HERO PHASE: "Each Hero rolls once ... Max three rolls per region"; the King is a Hero
        q, u, O = [], self.u, self.O
        for r in self.occupied(me):
            i = (r * O + me) * T
            h = u[i + C.HERO]
            q += [[r, C.HERO]] * (h if h < 3 else 3)
            if h < 3 and u[i + C.KING]:
                q.append([r, C.KING])
        self.queue = q
        self.replace(HERO)

    def _step_hero(self) -> None:
        me = self.me()
        while self.queue:
            r, t = self.queue.pop(0)
            if self.at(r, me, t):
                self._roll("hero", 20, ROLLED_BY[r][t])
                return
        self.drown()
        # WIZARD PHASE: each Wizard rolls once, the Relic bearers first (-2); then each
        # bearer "may roll an extra time" (-1), within the three rolls of the region
        q, u, O, n = [], self.u, self.O, self.n
        for r in self.occupied(me):
            w = u[(r * O + me) * T + C.WIZARD]
            if not w:
                continue
            b = self.relic[r * n + me]
            k = w if w < 3 else 3
            q += [[r, BEARER]] * min(b, k) + [[r, C.WIZARD]] * (k - min(b, k))
            q += [[r, RELIC_ROLL]] * min(b, 3 - k)
        self.queue = q
        self.replace(WIZARD)

    def _step_wizard(self) -> None:
        me = self.me()
        while self.queue:
            r, t = self.queue.pop(0)
            bearers = self.relic[r * self.n + me]
            if t == C.WIZARD:  # a plain Wizard's roll (one lost before it rolls does not)
                if self.at(r, me, C.WIZARD) > bearers:
                    self._roll("wizard", 20, ROLLED_BY[r][C.WIZARD])
                    return
            elif bearers > self.queue.count([r, t]):  # a bearer left for this roll
                if t == RELIC_ROLL:
                    self.task = Task(region=r)
                    self._ask(RelicRoll, me, [DONE, UNIT0 + C.WIZARD])
                else:
                    self._roll("wizard", 20, BEARER_ROLL[r])
                return
        self.drown()
        # RECRUIT PHASE: one roll per country completely controlled
        held = list(compress(_REGIONS, self.controlled(me)))
        count = [0] * len(C.COUNTRIES)  # held regions per country
        for r in held:
            c = C.COUNTRY_OF[r]
            if c >= 0:
                count[c] += 1
                self.country_roll[c] = int(count[c] == C.COUNTRY_SIZES[c])
        self.task = Task(eligible=self._recruit_eligible(me, held))
        self.tokens_changed()  # the country rolls owed
        self.replace(RECRUIT)

    def _on_relic_roll(self, a: int) -> None:
        if a != DONE:
            self._roll("wizard", 20, BEARER_ROLL[self.task.region])

    # ---- RECRUIT PHASE ------------------------------------------------------------------
    def recruit_regions(self, p: int, eligible: list[int] | None = None) -> list[int]:
        """Regions where p may make a recruit roll now. `eligible`: the regions that pass
        the conditions that cannot change during the Recruit Phase."""
        if eligible is None:
            eligible = self._recruit_eligible(p)
        rolls, bonus, country, country_of = (self.rolls, self.bonus_recruit, self.country_roll,
                                             C.COUNTRY_OF)
        if self.gold[p] > 0:  # Gold pays for a roll anywhere
            return [r for r in eligible if rolls[r] < 3]
        return [r for r in eligible if rolls[r] < 3 and (bonus[r] or country[country_of[r]])]

    def _recruit_eligible(self, p: int, held: list[int] | None = None) -> list[int]:
        """Controlled land regions free of Storms, Curses and raids (`held`: the regions p
        controls, when known)."""
        if held is None:
            held = [r for r in self.occupied(p) if self.controls(p, r)]
        storm, curse, raided = self.storm, self.curse, self.raided
        return [r for r in held
                if not C.IS_SEA[r] and not storm[r] and not curse[r] and raided[r] < 0]

    def _step_recruit(self) -> None:
        me = self.me()
        ctx = self.task
        if ctx.eligible is None:  # fixed for the phase: recruiting changes no control
            ctx.eligible = self._recruit_eligible(me)
        regions = [] if ctx.done else self.recruit_regions(me, ctx.eligible)
        if regions:
            self._ask(Recruit, me, [DONE] + [REGION0 + r for r in regions])
            return
        if any(self.country_roll):  # a country roll not made is lost with the phase
            self.country_roll = [0] * len(C.COUNTRIES)
            self.tokens_changed()
        self.task = Task()
        self.replace(MOVE)

    def _on_recruit(self, a: int) -> None:
        if a == DONE:
            self.task.done = True
            return
        r, me = a - REGION0, self.me()
        c = C.COUNTRY_OF[r]
        if self.bonus_recruit[r]:  # the free rolls are used before Gold is spent
            self.bonus_recruit[r] -= 1
        elif self.country_roll[c]:
            self.country_roll[c] = 0
        else:
            self.gold[me] -= 1
        self.rolls[r] += 1
        self.tokens_changed()
        self._roll("recruit", 12, RECRUIT_ROLL[r])

    def _rolled_recruit(self, v: int, ctx: RollContext) -> None:
        r, me = ctx.region, self.me()
        res = C.RECRUIT[C.COUNTRY_OF[r]][v]
        assert res is not None  # (every result 1-12 of a Recruit Table is given)
        if res == C.GOLD:
            self.gold[me] += 1
        elif res == C.NOTHING:
            pass
        elif res == C.SHIP and not C.COASTAL[r]:
            pass  # ships raised away from any coast are lost (rulings)
        elif self.can_recruit(me, res):
            self.add(r, me, res)
