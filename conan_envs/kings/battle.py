"""Rulebook "BATTLE PHASE": wherever the phasing player's units share a region with
another side, a battle of rounds is fought. Each round: the Hero Battle Action Segment
(each Hero, the King included, rolls 1D6 on the Heroic Battle Actions Table), the Wizard
Battle Spell Segment (each Wizard rolls 1D20), the Attack Segment (initiative order, ties
simultaneous; 1D10 >= Attack Rating inflicts a casualty; a Monster attacks twice; the side
hit chooses its casualties, Fortifications first), then one side may retreat to an
adjacent region it controls. Rounds go on until one side is left.

Side 0 is the attacker (the phasing player), side 1 the defender (the other owner with
most units there; with more than two sides, the battles are fought one after the other).
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from ..engine.flow import AUTO
from . import content as C
from .actions import DONE, REGION0, UNIT0
from .decisions import BattleTarget, Casualty, Restore, Retreat, TerrorRetreat
from .encode import STAGES
from .fields import Battle, KingsFields, Task
from .frames import ATTACK_ROLL, PLUNDER, SIDE_ROLL, RollContext

R, T = C.NUM_REGIONS, C.NUM_TYPES
A, E, H, W, M, S, K, F = (int(t) for t in C.Unit)  # C.Unit's values
_ATTACKERS = range(F)  # every unit type but the Fortification (numbered last)
ROUND_CAP = 50  # a battle still undecided after this many rounds: the attacker is lost
# the unit types that attack at each Initiative Rating (Fortifications never attack)
_AT_INITIATIVE = {i: tuple(t for t in range(F) if C.INITIATIVE[t] == i)
                  for i in set(C.INITIATIVE[:F])}


def _zeros() -> list[list[int]]:
    return [[0] * T, [0] * T]


_NONE = _zeros()  # (compared with, never changed)
PLANNED = 2  # in the Hero Battle Action Segment's queue: a Battle Plan's extra roll


class BattleRules(KingsFields):
    # ---- sides ---------------------------------------------------------------------------
    def cnt(self, s: int, t: int) -> int:
        """Units of type t fighting for side s this round (possessed ones change sides)."""
        bt = self.battle
        assert bt is not None
        return self.at(bt.region, bt.owners[s], t) - bt.possessed[1 - s][t] + bt.possessed[s][t]

    def counts(self, s: int) -> list[int]:
        """cnt(s, t) for every type at once."""
        bt = self.battle
        assert bt is not None
        i = (bt.region * self.O + bt.owners[s]) * T
        row = self.u[i:i + T]
        if bt.possessed != _NONE:
            mine, theirs = bt.possessed[s], bt.possessed[1 - s]
            row = [row[t] - theirs[t] + mine[t] for t in range(T)]
        return row

    def side_total(self, s: int) -> int:
        bt = self.battle
        assert bt is not None
        return (self.tot[bt.region * self.O + bt.owners[s]] - sum(bt.possessed[1 - s])
                + sum(bt.possessed[s]))

    def remove(self, s: int, t: int, targeted: bool = False) -> None:
        """A casualty of type t on side s: possessed units first, then units raised for this
        battle (they vanish and are not 'killed'), then the side's own. `targeted`: the
        enemy picked it (Slay, Death), so it is a unit with a token if there is one."""
        bt = self.battle
        assert bt is not None
        r = bt.region
        if bt.possessed[s][t]:
            bt.possessed[s][t] -= 1
            self.lose_marked_first(r, bt.owners[1 - s], t)
            self.kill(r, bt.owners[1 - s], t)
            bt.killed[1 - s][t] += 1
            return
        if targeted and not bt.raised[s][t]:
            self.lose_marked_first(r, bt.owners[s], t)
        self.kill(r, bt.owners[s], t)
        if bt.raised[s][t]:
            bt.raised[s][t] -= 1
        else:
            bt.killed[s][t] += 1

    # ---- the battle loop ------------------------------------------------------------------
    def _next_battle(self) -> tuple[int, int] | None:
        """The first region where the phasing player meets another side, and the defender:
        the other owner with most units there (the first of them on a tie)."""
        me, O, tot = self.me(), self.O, self.tot
        for r in self.occupied(me):
            row = tot[r * O:(r + 1) * O]
            if sum(row) > row[me]:
                row[me] = 0
                return r, row.index(max(row))
        return None

    def _step_battle(self) -> None:
        bt = self.battle
        if bt is None:
            found = self._next_battle()
            if found is None:
                self.drown()
                self.task = Task()
                self.replace(PLUNDER)
                return
            r, dfn = found
            me = self.me()
            self.battle = bt = Battle(r, [me, dfn])
            self.log_event(f"Battle in {C.REGIONS[r]}: {self.game.roles[me]} attacks "
                           f"{self.owner_name(dfn)}")
            self._start_round()
        tot, here = self.tot, bt.region * self.O
        attacker, defender = bt.owners
        stack = self.stack
        while stack[-1].actor == AUTO:  # the stages, until one asks or the battle is over
            # (_both_present, inline: asked before every stage)
            if not (tot[here + attacker] and tot[here + defender]) \
                    and not any(bt.hits):  # simultaneous hits still land
                self._end_battle()
                return
            _STAGES[bt.stage](self)

    def _both_present(self) -> bool:
        bt, O = self.fight(), self.O
        r = bt.region
        return self.tot[r * O + bt.owners[0]] > 0 and self.tot[r * O + bt.owners[1]] > 0

    def _start_round(self) -> None:
        bt = self.battle
        assert bt is not None
        q = []
        for s in (0, 1):
            o = bt.owners[s]
            if o < self.n:
                row = self.counts(s)
                q += [s] * (row[H] + row[K])
        # Battle Plan: each Hero (or the King) holding one "may make 1 extra roll" (side 0,
        # the phasing player's, is the only one that can hold one)
        q += [PLANNED] * self._planned()
        bt.queue = q
        bt.stage = "heroes"
        self.log_event(f"Battle in {C.REGIONS[bt.region]}, round {bt.round}")

    def _planned(self) -> int:
        """The attacker's Heroes and King in the battle that hold a Battle Plan."""
        bt = self.fight()
        r, me = bt.region, bt.owners[0]
        return self.marked(r, me, H) + self.marked(r, me, K)

    def _bt_heroes(self) -> None:
        bt = self.battle
        assert bt is not None
        while bt.queue:
            s = bt.queue.pop(0)
            if s == PLANNED:  # one holder left for each Battle Plan roll still queued
                if self._planned() > bt.queue.count(PLANNED):
                    self._roll("action", 6, SIDE_ROLL[0])
                    return
                continue
            row = self.counts(s)
            if row[H] + row[K]:
                self._roll("action", 6, SIDE_ROLL[s])
                return
        bt.queue = [s for s in (0, 1) for _ in range(self.cnt(s, W))]
        bt.stage = "wizards"

    def _bt_wizards(self) -> None:
        bt = self.battle
        assert bt is not None
        while bt.queue:
            s = bt.queue.pop(0)
            if self.cnt(s, W):
                self._roll("spell", 20, SIDE_ROLL[s])
                return
        levels = set()
        for s in (0, 1):
            bonus = bt.initiative[s]
            for t in compress(_ATTACKERS, self.counts(s)):
                levels.add(C.INITIATIVE[t] + bonus)
        bt.levels = sorted(levels, reverse=True)
        bt.stage = "attack"

    def _bt_attack(self) -> None:
        bt = self.battle
        assert bt is not None
        queue = bt.queue
        # the dice of this initiative step (units fall only once all are rolled)
        if queue and not self._rerollers():  # nobody may reroll: each die settles at once
            while queue:
                s, t = queue.pop()
                self._attack_hits(s, t, self._die(10))
        while queue:
            s, t = queue.pop()
            self._roll("attack", 10, ATTACK_ROLL[s][t])
            if self.asked():  # a reroll is offered
                return
        if bt.rolled:
            self._log_attacks()
        for s in (0, 1):  # casualties of this initiative step, all at once
            while bt.hits[s] > 0:
                if self.side_total(s) <= 0:
                    bt.hits[s] = 0
                    break
                row = self.counts(s)
                types = [t for t in range(T) if row[t] > 0]
                if F in types:  # "Fortifications are lost first"
                    types = [F]
                if len(types) > 1 and bt.owners[s] < self.n:
                    bt.side = s
                    self._ask(Casualty, bt.owners[s], [UNIT0 + t for t in types])
                    return
                self.remove(s, types[0])
                bt.lost[s][types[0]] += 1
                bt.hits[s] -= 1
        if bt.lost != _NONE:
            self._log_losses()
        if not self._both_present():
            return
        if bt.levels:
            level = bt.level = bt.levels.pop(0)
            q = []
            for s in (0, 1):
                row, immob = self.counts(s), bt.immobilized[s]
                for t in _AT_INITIATIVE.get(level - bt.initiative[s], ()):
                    k = row[t] - immob[t]
                    if k > 0:
                        q += [[s, t]] * (k * C.ATTACKS[t])
            q.reverse()  # popped from the end: the attacker's rolls first
            bt.queue = q
            return
        # the round ends: possession and this round's modifiers lapse
        bt.possessed, bt.immobilized = _zeros(), _zeros()
        bt.initiative, bt.attack_bonus, bt.charge, bt.confusion = [0, 0], [0, 0], [0, 0], [0, 0]
        bt.queue = [0, 1]
        bt.stage = "retreat"

    def _rolled_attack(self, v: int, ctx: RollContext) -> None:
        self._attack_hits(ctx.side, ctx.unit, v)

    def _attack_hits(self, s: int, t: int, v: int) -> None:
        """Side s's unit of type t rolled v on its attack die."""
        bt = self.battle
        assert bt is not None
        mod = bt.attack_bonus[s] + (2 * bt.charge[s] if t in (A, E) else 0)
        bt.rolled.append([s, t, v])
        if v + mod >= C.ATTACK[t]:
            bt.hits[1 - s] += 1

    def _log_attacks(self) -> None:
        """One line per side and unit type for the initiative step's attack dice."""
        bt = self.battle
        assert bt is not None
        groups: dict[tuple[int, int], list[int]] = {}
        for s, t, v in bt.rolled:
            groups.setdefault((s, t), []).append(v)
        parts = []
        for (s, t), dice in sorted(groups.items()):
            mod = bt.attack_bonus[s] + (2 * bt.charge[s] if t in (A, E) else 0)
            hits = sum(v + mod >= C.ATTACK[t] for v in dice)
            parts.append(f"{self.owner_name(bt.owners[s])}'s {C.UNIT_NAMES[t]} roll "
                         f"{', '.join(map(str, dice))} (need {C.ATTACK[t]}"
                         f"{f', modifier {mod:+d}' if mod else ''}): "
                         f"{hits} hit{'' if hits == 1 else 's'}")
        bt.rolled = []
        self.log_event(f"Attacks at initiative {bt.level}: " + "; ".join(parts))

    def _log_losses(self) -> None:
        bt = self.battle
        assert bt is not None
        self.log_event("Casualties: " + "; ".join(
            f"{self.owner_name(bt.owners[s])} loses "
            + ", ".join(f"{k} {C.UNIT_NAMES[t]}" for t, k in enumerate(bt.lost[s]) if k)
            for s in (0, 1) if any(bt.lost[s])))
        bt.lost = _zeros()

    def _on_casualty(self, a: int) -> None:
        bt = self.fight()
        s = bt.side
        self.remove(s, a - UNIT0)
        bt.lost[s][a - UNIT0] += 1
        bt.hits[s] -= 1

    # ---- retreat ------------------------------------------------------------------------
    def retreat_regions(self, s: int) -> list[int]:
        bt = self.battle
        assert bt is not None
        r, o = bt.region, bt.owners[s]
        if o >= self.n or self.storm[r]:
            return []  # neutral armies never move; nothing leaves a Storm
        return [d for d in C.NEIGHBORS[r]
                if not self.storm[d] and (C.IS_SEA[r] or not C.IS_SEA[d]) and self.controls(o, d)]

    def _bt_retreat(self) -> None:
        bt = self.battle
        assert bt is not None
        while bt.queue:
            s = bt.queue.pop(0)
            dests = self.retreat_regions(s)
            if dests:
                bt.side = s
                self._ask(Retreat, bt.owners[s], [DONE] + [REGION0 + d for d in dests])
                return
        bt.round += 1
        if bt.round > ROUND_CAP:
            r, o = bt.region, bt.owners[0]
            for t in range(T):
                while self.at(r, o, t):
                    self.kill(r, o, t)
            return
        self._start_round()

    def _on_retreat(self, a: int) -> None:
        if a != DONE:
            bt = self.fight()
            bt.queue = []
            self._retreat(bt.side, a - REGION0)

    def _on_terror_retreat(self, a: int) -> None:
        self._retreat(self.fight().side, a - REGION0)

    def _retreat(self, s: int, d: int) -> None:
        """The side leaves for d; its Fortifications and units raised for the battle stay
        behind and are lost."""
        bt = self.battle
        assert bt is not None
        r, o = bt.region, bt.owners[s]
        self.log_event(f"{self.owner_name(o)} retreats from {C.REGIONS[r]} to {C.REGIONS[d]}")
        bt.possessed = _zeros()
        self.shift_all_marks(r, d, o)  # Relics and Battle Plans go with their units
        for t in range(T):
            k = self.at(r, o, t)
            gone = bt.raised[s][t] if t != F else k
            for _ in range(gone if gone < k else k):
                self.kill(r, o, t)
            bt.raised[s][t] = 0
            k = self.at(r, o, t)
            if k:
                self.add(r, o, t, -k)
                self.add(d, o, t, k)
        bt.queue = []

    def _end_battle(self) -> None:
        bt = self.battle
        assert bt is not None
        r = bt.region
        for s in (0, 1):
            if any(bt.raised[s]):
                o = bt.owners[s]
                for t in range(T):
                    for _ in range(min(bt.raised[s][t], self.at(r, o, t))):
                        self.kill(r, o, t)
        if not self.tot[r * self.O + bt.owners[1]]:
            self.plunder += 1  # the defender was driven out or destroyed
        winner = [o for o in bt.owners if self.tot[r * self.O + o]]
        losses = "; ".join(
            f"{self.owner_name(bt.owners[s])} lost "
            + ", ".join(f"{k} {C.UNIT_NAMES[t]}" for t, k in enumerate(bt.killed[s]) if k)
            for s in (0, 1) if any(bt.killed[s]))
        self.log_event(f"The battle in {C.REGIONS[r]} ends after round {bt.round}: "
                       + (f"{self.owner_name(winner[0])} holds the field" if winner
                          else "nobody is left") + (f" ({losses})" if losses else ""))
        self.battle = None
        self.drown()

    # ---- the Heroic Battle Actions and Wizard Battle Spells tables ---------------------------
    def _rolled_action(self, v: int, ctx: RollContext) -> None:
        self._battle_effect(C.BATTLE_ACTIONS[v], ctx.side)

    def _rolled_spell(self, v: int, ctx: RollContext) -> None:
        self._battle_effect(C.BATTLE_SPELLS[v], ctx.side)

    def _battle_effect(self, eff: str, s: int) -> None:
        bt = self.battle
        assert bt is not None
        e = 1 - s
        o = bt.owners[s]
        if eff in ("ambush", "illusions"):
            bt.initiative[s] += 5
        elif eff == "direct_forces":
            bt.initiative[s] += 1
            bt.attack_bonus[s] += 1
        elif eff == "outflank":
            bt.attack_bonus[e] -= 1
        elif eff == "weakness":
            bt.attack_bonus[e] -= 2
        elif eff == "strength":
            bt.attack_bonus[s] += 1
        elif eff == "lead_charge":
            bt.charge[s] += 1
        elif eff == "confusion":
            bt.confusion[s] += 1
        elif eff in ("slay", "death"):
            row = self.counts(e)
            self._battle_target(eff, s, [t for t in range(T) if row[t] > 0])
        elif eff == "possession":
            own = bt.owners[e]
            self._battle_target(eff, s, [t for t in (A, E, H, W, M, S) if
                                         self.at(bt.region, own, t) - bt.possessed[s][t] > 0])
        elif eff == "immobilize":
            row, immob = self.counts(e), bt.immobilized[e]
            self._battle_target(eff, s, [t for t in range(T) if C.ATTACKS[t] and
                                         row[t] - immob[t] > 0])
        elif eff in ("rally", "restoration"):
            kinds = (A, E) if eff == "rally" else range(T)
            types = [t for t in kinds if bt.killed[s][t] and self.can_recruit(o, t)]
            bt.side, bt.effect = s, eff
            if len(types) == 1:
                self._restore(types[0])
            elif types:
                self._ask(Restore, o, [UNIT0 + t for t in types])
        elif eff in ("summon_demon", "raise_dead", "transmute"):
            t = {"summon_demon": H, "raise_dead": A, "transmute": M}[eff]
            if self.can_recruit(o, t):
                self.add(bt.region, o, t)
                bt.raised[s][t] += 1
        elif eff == "terror":  # "Opponent Must retreat immediately"
            dests = self.retreat_regions(e)
            bt.side = e
            if len(dests) == 1:
                self._retreat(e, dests[0])
            elif dests:
                self._ask(TerrorRetreat, bt.owners[e], [REGION0 + d for d in dests])
        # preparations: nothing

    def _battle_target(self, eff: str, s: int, types: Sequence[int]) -> None:
        bt = self.battle
        assert bt is not None
        bt.side, bt.effect = s, eff
        if len(types) == 1:
            self._hit_target(types[0])
        elif types:
            self._ask(BattleTarget, bt.owners[s], [UNIT0 + t for t in types])

    def _on_battle_target(self, a: int) -> None:
        self._hit_target(a - UNIT0)

    def _hit_target(self, t: int) -> None:
        bt = self.battle
        assert bt is not None
        s, eff = bt.side, bt.effect
        self.log_event(f"{eff.title()}: {self.owner_name(bt.owners[s])} strikes "
                       f"{self.owner_name(bt.owners[1 - s])}'s {C.UNIT_NAMES[t]}")
        if eff == "possession":
            bt.possessed[s][t] += 1
        elif eff == "immobilize":
            bt.immobilized[1 - s][t] += 1
        else:
            self.remove(1 - s, t, targeted=True)

    def _on_restore(self, a: int) -> None:
        self._restore(a - UNIT0)

    def _restore(self, t: int) -> None:
        bt = self.battle
        assert bt is not None
        s = bt.side
        bt.killed[s][t] -= 1
        self.add(bt.region, bt.owners[s], t)
        if t == K:
            self.king_dead[bt.owners[s]] = False


# the rule of each battle stage (STAGES: the record's `stage`)
_STAGES = {"heroes": BattleRules._bt_heroes, "wizards": BattleRules._bt_wizards,
           "attack": BattleRules._bt_attack, "retreat": BattleRules._bt_retreat}
assert tuple(_STAGES) == STAGES
