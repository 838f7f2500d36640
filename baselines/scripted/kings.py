"""A scripted Kings of Hyboria player: expands toward weak neighbours, recruits wherever it
can, keeps its King out of losing battles with his Heroes, Wizards and a guard beside him
(heirs, and three Heroes spare the King his own Hero Phase roll), spends Divinations on its
own bad rolls.
It reads the public `state` (Kings of Hyboria has no hidden information)."""
from __future__ import annotations

from collections.abc import Callable
from operator import mul
from typing import Any, cast

import numpy as np

from baselines.agent import Agent
from conan_envs.kings import content as C
from conan_envs.kings.actions import COUNT0, DONE, PLAYER0, REGION0, REROLL, RESULT0, UNIT0

A, E, H, W, M, S, K, F = (int(t) for t in C.Unit)
# expected casualties a unit inflicts per round (1D10 >= Attack), plus one for the hit it absorbs
POWER = [1 + a * (11 - r) / 10 if r else 1 for r, a in zip(C.ATTACK, C.ATTACKS)]
VALUE = {A: 1, S: 2, F: 2, E: 3, M: 5, W: 6, H: 7, K: 100}  # what a loss costs
BAD_HERO = {"untimely_end", "carousing"}
BAD_WIZARD = {"frivolous_pursuits", "sacrifice"}
TARGET_ORDER = (K, H, W, M, E, S, A, F)
START_SLACK = 1.0  # how far below the best start region a start may score
ATTACK_MARGIN = 1.5  # attack where the force moving exceeds this times the enemy power
GUARD = 2  # units kept beside the King besides his Heroes and Wizards


class ScriptedAgent(Agent):
    name = "scripted"

    def __init__(self, env_id: str = "kings_v2", role: int | str = 0, seed: int | None = None,
                 **config: Any) -> None:
        self.role = role if isinstance(role, int) else int(str(role).rsplit("_", 1)[-1])
        self.rng = np.random.default_rng(seed)
        self.plan: tuple[int, int] | None = None

    def reset(self) -> None:
        self.plan = None

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        allowed = np.flatnonzero(action_mask)
        if state is None or state.is_terminal():
            return int(allowed[self.rng.integers(allowed.size)])
        legal: list[int] = allowed.tolist()
        decision = state.decision()
        choose = CHOOSERS.get(decision)  # the rule for this decision kind
        a = choose(self, state, legal) if choose else None
        return int(a if a is not None and a in legal else legal[0])

    # ---- helpers ------------------------------------------------------------------------
    def power(self, state: Any, r: int, o: int) -> float:
        i = (r * state.O + o) * C.NUM_TYPES
        return cast(float, sum(map(mul, state.u[i:i + C.NUM_TYPES], POWER)))

    def enemy_power(self, state: Any, r: int, me: int) -> float:
        return sum(self.power(state, r, o) for o in range(state.O) if o != me)

    @staticmethod
    def regions(legal: list[int]) -> list[int]:
        return [a - REGION0 for a in legal if REGION0 <= a < UNIT0]

    @staticmethod
    def units(legal: list[int]) -> list[int]:
        return [a - UNIT0 for a in legal if UNIT0 <= a < COUNT0]

    def _threat(self, state: Any, d: int, me: int) -> float:
        """How much harm to an enemy player a hit in region d does (neutrals count less)."""
        return cast(float, sum(state.tot[d * state.O + o] * (1 if o == state.n else 3)
                               for o in range(state.O) if o != me))

    # ---- set-up ---------------------------------------------------------------------------
    def _place_king(self, state: Any, legal: list[int]) -> int:
        def score(r: int) -> float:  # a whole country of one region with a rich recruit table, few borders
            c = C.COUNTRY_OF[r]
            good = sum(x not in (None, C.NOTHING) for x in C.RECRUIT[c])
            return good * 2 - len(C.COUNTRY_REGIONS[c]) - len(C.NEIGHBORS[r]) / 2
        # any start within a point of the best, by chance: a fixed favourite would hand it to
        # whoever places first (issue 14: Argos then Brythunia every game)
        regions = self.regions(legal)
        best = max(map(score, regions))
        good = [r for r in regions if score(r) >= best - START_SLACK]
        return REGION0 + good[self.rng.integers(len(good))]

    def _place_army(self, state: Any, legal: list[int]) -> int:
        me = self.role
        mine = [r for r in self.regions(legal) if state.at(r, me, K)]
        return REGION0 + mine[0] if mine else legal[0]

    # ---- dice -----------------------------------------------------------------------------
    def _divination(self, state: Any, legal: list[int]) -> int:
        roll, me = state.frame().roll, self.role  # the Divination frame's roll
        what, v, ctx = roll.what, roll.value, roll.ctx
        bad = False
        if what == "attack":
            bt = state.battle
            s = ctx.side
            hit = v >= C.ATTACK[ctx.unit] - bt.attack_bonus[s]
            bad = (bt.owners[s] == me and not hit) or (bt.owners[1 - s] == me and hit)
        elif what == "spell":  # 13-20: Preparations, nothing
            bad = state.battle.owners[ctx.side] == me and v >= 13
        elif state.me() == me:
            if what == "hero":
                bad = C.HEROIC_ACTIONS[v] in BAD_HERO
            elif what == "wizard":
                bad = C.WIZARD_MAGIC[v] in BAD_WIZARD
            elif what == "recruit":
                bad = C.RECRUIT[C.COUNTRY_OF[ctx.region]][v] == C.NOTHING
        return REROLL if bad else DONE

    # ---- Hero and Wizard Phases ----------------------------------------------------------
    def _target_region(self, state: Any, legal: list[int]) -> int:
        me = self.role
        eff = state.task.effect
        regions = self.regions(legal)
        if eff == "foment_rebellion":  # reinforce, or land an Army on an empty region
            return REGION0 + max(regions, key=lambda d: (state.controls(me, d),
                                                         -self.enemy_power(state, d, me)))
        return REGION0 + max(regions, key=lambda d: self._threat(state, d, me))

    def _target_unit(self, state: Any, legal: list[int]) -> int:
        units = self.units(legal)
        return UNIT0 + min(units, key=TARGET_ORDER.index)

    _battle_target = _target_unit

    def _adventure(self, state: Any, legal: list[int]) -> int:
        return legal[1] if len(legal) > 1 else DONE

    def _piracy(self, state: Any, legal: list[int]) -> int:
        victims = [a - PLAYER0 for a in legal if a >= PLAYER0]
        return PLAYER0 + max(victims, key=lambda p: state.gold[p]) if victims else DONE

    def _ancient_lore(self, state: Any, legal: list[int]) -> int:
        for v in (6, 5, 11, 7):  # Summon Greater Demon, Bind Monster, Prophecy, Demon Horde
            if RESULT0 + v - 1 in legal:
                return RESULT0 + v - 1
        return legal[0]

    def _training(self, state: Any, legal: list[int]) -> int:
        return max(legal)

    def _relic_roll(self, state: Any, legal: list[int]) -> int:
        return UNIT0 + W

    def _sacrifice(self, state: Any, legal: list[int]) -> int:
        return UNIT0 + min(self.units(legal), key=lambda t: VALUE[t])

    def _transmutation(self, state: Any, legal: list[int]) -> int:
        return UNIT0 + min(self.units(legal), key=lambda t: VALUE[t])

    # ---- Recruit Phase --------------------------------------------------------------------
    def _recruit(self, state: Any, legal: list[int]) -> int:
        regions = self.regions(legal)
        if not regions:
            return DONE
        me = self.role
        # free rolls first; Gold only where the borders are threatened
        free = [r for r in regions if state.bonus_recruit[r] or state.country_roll[C.COUNTRY_OF[r]]]
        if free:
            return REGION0 + free[0]
        return REGION0 + max(regions, key=lambda r: sum(self.enemy_power(state, d, me)
                                                        for d in C.NEIGHBORS[r]))

    # ---- Move Phase -----------------------------------------------------------------------
    def king_region(self, state: Any) -> int:
        me = self.role
        return cast(int, next((r for r in state.occupied(me) if state.at(r, me, K)), -1))

    def spare(self, state: Any, r: int, t: int) -> int:
        """How many units of type t may leave region r: Heroes and Wizards stay with the
        King (three Heroes beside him spare him the Hero Phase roll, and they are his heirs),
        and GUARD other units stay to crown if he falls."""
        me = self.role
        free: int = state.at(r, me, t) - state.moved[r * C.NUM_TYPES + t]
        if r != self.king_region(state):
            return free
        if t in (H, W, K, F):
            return 0
        others: int = sum(state.at(r, me, u) for u in (A, E, M)) - GUARD
        return max(0, min(free, others))

    def _move_from(self, state: Any, legal: list[int]) -> int:
        me = self.role
        best = 0.0
        plan: tuple[int, int] | None = None
        for r in self.regions(legal):
            force = sum(self.spare(state, r, t) * POWER[t] for t in (A, E, H, W, M))
            if force <= 0:
                continue
            for d in C.LAND_NEIGHBORS[r]:
                if state.storm[d] or state.controls(me, d):
                    continue
                enemy = self.enemy_power(state, d, me)
                margin = force - ATTACK_MARGIN * enemy
                if margin > best:
                    best, plan = margin, (r, d)
        if plan is None:
            self.plan = None
            return DONE
        self.plan = plan
        return REGION0 + plan[0]

    def _move_unit(self, state: Any, legal: list[int]) -> int:
        units = self.units(legal)
        r = state.task.source
        for t in (A, E, M, H, W):
            if t in units and (r < 0 or self.spare(state, r, t) > 0):
                return UNIT0 + t
        return legal[0]

    def _move_to(self, state: Any, legal: list[int]) -> int:
        if self.plan and REGION0 + self.plan[1] in legal:
            return REGION0 + self.plan[1]
        me = self.role  # fall back: the legal region I hold, else the weakest
        return REGION0 + min(self.regions(legal), key=lambda d: (not state.controls(me, d),
                                                                 self.enemy_power(state, d, me)))

    def _move_count(self, state: Any, legal: list[int]) -> int:
        task = state.task
        k = self.spare(state, task.source, task.unit)
        return COUNT0 + max(0, min(k, len(legal)) - 1)

    def _move_marked(self, state: Any, legal: list[int]) -> int:
        """Relics and Battle Plans go with the units that move (to the fight)."""
        return max(a for a in legal if a == DONE or COUNT0 <= a < RESULT0)

    def _embark(self, state: Any, legal: list[int]) -> int:
        return DONE

    # ---- Battle Phase ---------------------------------------------------------------------
    def _casualty(self, state: Any, legal: list[int]) -> int:
        return UNIT0 + min(self.units(legal), key=lambda t: VALUE[t])

    def _restore(self, state: Any, legal: list[int]) -> int:
        return UNIT0 + max(self.units(legal), key=lambda t: VALUE[t])

    def _retreat(self, state: Any, legal: list[int]) -> int:
        bt, me = state.battle, self.role
        s = bt.owners.index(me)
        mine = sum(state.cnt(s, t) * POWER[t] for t in range(C.NUM_TYPES))
        theirs = sum(state.cnt(1 - s, t) * POWER[t] for t in range(C.NUM_TYPES))
        king_here = state.cnt(s, K) > 0
        if mine < theirs or (king_here and mine < 1.5 * theirs):
            dests = self.regions(legal)
            return REGION0 + max(dests, key=lambda d: state.tot[d * state.O + me])
        return DONE

    def _terror_retreat(self, state: Any, legal: list[int]) -> int:
        me = self.role
        return REGION0 + max(self.regions(legal), key=lambda d: state.tot[d * state.O + me])

    def _new_king(self, state: Any, legal: list[int]) -> int:
        me = self.role
        return REGION0 + max(self.regions(legal), key=lambda r: state.tot[r * state.O + me])


# how the scripted player chooses at each decision kind (the frames' `kind`)
CHOOSERS: dict[str, Callable[[ScriptedAgent, Any, list[int]], int]] = {
    "place_king": ScriptedAgent._place_king, "place_army": ScriptedAgent._place_army,
    "divination": ScriptedAgent._divination, "target_region": ScriptedAgent._target_region,
    "target_unit": ScriptedAgent._target_unit, "battle_target": ScriptedAgent._battle_target,
    "adventure": ScriptedAgent._adventure, "piracy": ScriptedAgent._piracy,
    "ancient_lore": ScriptedAgent._ancient_lore, "training": ScriptedAgent._training,
    "relic_roll": ScriptedAgent._relic_roll, "sacrifice": ScriptedAgent._sacrifice,
    "transmutation": ScriptedAgent._transmutation, "recruit": ScriptedAgent._recruit,
    "move_from": ScriptedAgent._move_from, "move_unit": ScriptedAgent._move_unit,
    "move_to": ScriptedAgent._move_to, "move_count": ScriptedAgent._move_count,
    "move_marked": ScriptedAgent._move_marked, "embark": ScriptedAgent._embark,
    "casualty": ScriptedAgent._casualty, "restore": ScriptedAgent._restore,
    "retreat": ScriptedAgent._retreat, "terror_retreat": ScriptedAgent._terror_retreat,
    "new_king": ScriptedAgent._new_king,
}
