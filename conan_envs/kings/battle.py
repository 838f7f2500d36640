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

from . import content as C
from .actions import DONE, REGION0, UNIT0

R, T = C.NUM_REGIONS, C.NUM_TYPES
A, E, H, W, M, S, K, F = range(8)
ROUND_CAP = 50  # a battle still undecided after this many rounds: the attacker is lost


def _zeros():
    return [[0] * T, [0] * T]


class BattleRules:
    # ---- sides ---------------------------------------------------------------------------
    def cnt(self, s, t):
        """Units of type t fighting for side s this round (possessed ones change sides)."""
        bt = self.bt
        return self.at(bt["r"], bt["own"][s], t) - bt["poss"][1 - s][t] + bt["poss"][s][t]

    def counts(self, s):
        """cnt(s, t) for every type at once."""
        bt = self.bt
        i = (bt["r"] * self.O + bt["own"][s]) * T
        row = self.u[i:i + T]
        if any(bt["poss"][0]) or any(bt["poss"][1]):
            mine, theirs = bt["poss"][s], bt["poss"][1 - s]
            row = [row[t] - theirs[t] + mine[t] for t in range(T)]
        return row

    def side_total(self, s):
        bt = self.bt
        return (self.tot[bt["r"] * self.O + bt["own"][s]] - sum(bt["poss"][1 - s])
                + sum(bt["poss"][s]))

    def remove(self, s, t):
        """A casualty of type t on side s: possessed units first, then units raised for this
        battle (they vanish and are not 'killed'), then the side's own."""
        bt = self.bt
        r = bt["r"]
        if bt["poss"][s][t]:
            bt["poss"][s][t] -= 1
            self.kill(r, bt["own"][1 - s], t)
            bt["killed"][1 - s][t] += 1
            return
        self.kill(r, bt["own"][s], t)
        if bt["temp"][s][t]:
            bt["temp"][s][t] -= 1
        else:
            bt["killed"][s][t] += 1

    # ---- the battle loop ------------------------------------------------------------------
    def _next_battle(self):
        me, O = self.me(), self.O
        for r in self.occupied(me):
            if self.enemies_in(me, r):
                best, dfn = 0, -1
                for o in range(O):
                    if o != me and self.tot[r * O + o] > best:
                        best, dfn = self.tot[r * O + o], o
                return r, dfn
        return None, None

    def _step_battle(self):
        bt = self.bt
        if bt is None:
            r, dfn = self._next_battle()
            if r is None:
                self.drown()
                self.ctx = {}
                self.phase = "plunder"
                return
            self.bt = bt = {"r": r, "own": [self.me(), dfn], "round": 1, "stage": "heroes",
                            "q": [], "killed": _zeros(), "temp": _zeros(), "poss": _zeros(),
                            "immob": _zeros(), "init": [0, 0], "plus": [0, 0],
                            "charge": [0, 0], "conf": [0, 0], "hits": [0, 0], "levels": [],
                            "rs": 0, "eff": ""}
            self._start_round()
        if not self._both_present() and not any(bt["hits"]):  # simultaneous hits still land
            self._end_battle()
            return
        getattr(self, "_bt_" + bt["stage"])()

    def _both_present(self):
        bt, O = self.bt, self.O
        r = bt["r"]
        return self.tot[r * O + bt["own"][0]] > 0 and self.tot[r * O + bt["own"][1]] > 0

    def _start_round(self):
        bt = self.bt
        q = []
        for s in (0, 1):
            o = bt["own"][s]
            if o < self.n:
                k = self.cnt(s, H) + self.cnt(s, K)
                q += [s] * (k + min(k, self.battle_plan[o]))  # Battle Plan: 1 extra roll
        bt["q"] = q
        bt["stage"] = "heroes"

    def _bt_heroes(self):
        bt = self.bt
        while bt["q"]:
            s = bt["q"].pop(0)
            if self.cnt(s, H) + self.cnt(s, K):
                self._roll("action", 6, {"s": s})
                return
        bt["q"] = [s for s in (0, 1) for _ in range(self.cnt(s, W))]
        bt["stage"] = "wizards"

    def _bt_wizards(self):
        bt = self.bt
        while bt["q"]:
            s = bt["q"].pop(0)
            if self.cnt(s, W):
                self._roll("spell", 20, {"s": s})
                return
        levels = set()
        for s in (0, 1):
            row = self.counts(s)
            for t in range(7):
                if row[t]:
                    levels.add(C.INITIATIVE[t] + bt["init"][s])
        bt["levels"] = sorted(levels, reverse=True)
        bt["stage"] = "attack"

    def _bt_attack(self):
        bt = self.bt
        if bt["q"]:
            s, t = bt["q"].pop()
            self._roll("attack", 10, {"s": s, "t": t})
            return
        for s in (0, 1):  # casualties of this initiative step, all at once
            while bt["hits"][s] > 0:
                if self.side_total(s) <= 0:
                    bt["hits"][s] = 0
                    break
                row = self.counts(s)
                types = [t for t in range(T) if row[t] > 0]
                if F in types:  # "Fortifications are lost first"
                    types = [F]
                if len(types) > 1 and bt["own"][s] < self.n:
                    bt["rs"] = s
                    self._ask("casualty", bt["own"][s], [UNIT0 + t for t in types])
                    return
                self.remove(s, types[0])
                bt["hits"][s] -= 1
        if not self._both_present():
            return
        if bt["levels"]:
            level = bt["levels"].pop(0)
            q = []
            for s in (0, 1):
                row, immob, init = self.counts(s), bt["immob"][s], bt["init"][s]
                for t in range(7):  # Fortifications never attack
                    if C.INITIATIVE[t] + init == level:
                        k = row[t] - immob[t]
                        if k > 0:
                            q += [[s, t]] * (k * C.ATTACKS[t])
            q.reverse()  # popped from the end: the attacker's rolls first
            bt["q"] = q
            return
        # the round ends: possession and this round's modifiers lapse
        bt["poss"], bt["immob"] = _zeros(), _zeros()
        bt["init"], bt["plus"], bt["charge"], bt["conf"] = [0, 0], [0, 0], [0, 0], [0, 0]
        bt["q"] = [0, 1]
        bt["stage"] = "retreat"

    def _rolled_attack(self, v, ctx):
        bt = self.bt
        s, t = ctx["s"], ctx["t"]
        mod = bt["plus"][s] + (2 * bt["charge"][s] if t in (A, E) else 0)
        if v + mod >= C.ATTACK[t]:
            bt["hits"][1 - s] += 1

    def _on_casualty(self, a):
        s = self.bt["rs"]
        self.remove(s, a - UNIT0)
        self.bt["hits"][s] -= 1

    # ---- retreat ------------------------------------------------------------------------
    def retreat_regions(self, s):
        bt = self.bt
        r, o = bt["r"], bt["own"][s]
        if o >= self.n or self.storm[r]:
            return []  # neutral armies never move; nothing leaves a Storm
        return [d for d in C.NEIGHBORS[r]
                if not self.storm[d] and (C.IS_SEA[r] or not C.IS_SEA[d]) and self.controls(o, d)]

    def _bt_retreat(self):
        bt = self.bt
        while bt["q"]:
            s = bt["q"].pop(0)
            dests = self.retreat_regions(s)
            if dests:
                bt["rs"] = s
                self._ask("retreat", bt["own"][s], [DONE] + [REGION0 + d for d in dests])
                return
        bt["round"] += 1
        if bt["round"] > ROUND_CAP:
            r, o = bt["r"], bt["own"][0]
            for t in range(T):
                while self.at(r, o, t):
                    self.kill(r, o, t)
            return
        self._start_round()

    def _on_retreat(self, a):
        if a != DONE:
            self.bt["q"] = []
            self._retreat(self.bt["rs"], a - REGION0)

    def _on_terror_retreat(self, a):
        self._retreat(self.bt["rs"], a - REGION0)

    def _retreat(self, s, d):
        """The side leaves for d; its Fortifications and units raised for the battle stay
        behind and are lost."""
        bt = self.bt
        r, o = bt["r"], bt["own"][s]
        bt["poss"] = _zeros()
        for t in range(T):
            k = self.at(r, o, t)
            gone = bt["temp"][s][t] if t != F else k
            for _ in range(min(gone, k)):
                self.kill(r, o, t)
            bt["temp"][s][t] = 0
            k = self.at(r, o, t)
            if k:
                self.add(r, o, t, -k)
                self.add(d, o, t, k)
        bt["q"] = []

    def _end_battle(self):
        bt = self.bt
        r = bt["r"]
        for s in (0, 1):
            if any(bt["temp"][s]):
                o = bt["own"][s]
                for t in range(T):
                    for _ in range(min(bt["temp"][s][t], self.at(r, o, t))):
                        self.kill(r, o, t)
        if not self.tot[r * self.O + bt["own"][1]]:
            self.plunder += 1  # the defender was driven out or destroyed
        self.bt = None
        self.drown()

    # ---- the Heroic Battle Actions and Wizard Battle Spells tables ---------------------------
    def _rolled_action(self, v, ctx):
        self._battle_effect(C.BATTLE_ACTIONS[v], ctx["s"])

    def _rolled_spell(self, v, ctx):
        self._battle_effect(C.BATTLE_SPELLS[v], ctx["s"])

    def _battle_effect(self, eff, s):
        bt = self.bt
        e = 1 - s
        o = bt["own"][s]
        if eff in ("ambush", "illusions"):
            bt["init"][s] += 5
        elif eff == "direct_forces":
            bt["init"][s] += 1
            bt["plus"][s] += 1
        elif eff == "outflank":
            bt["plus"][e] -= 1
        elif eff == "weakness":
            bt["plus"][e] -= 2
        elif eff == "strength":
            bt["plus"][s] += 1
        elif eff == "lead_charge":
            bt["charge"][s] += 1
        elif eff == "confusion":
            bt["conf"][s] += 1
        elif eff in ("slay", "death"):
            self._battle_target(eff, s, [t for t in range(T) if self.cnt(e, t) > 0])
        elif eff == "possession":
            own = bt["own"][e]
            self._battle_target(eff, s, [t for t in (A, E, H, W, M, S) if
                                         self.at(bt["r"], own, t) - bt["poss"][s][t] > 0])
        elif eff == "immobilize":
            self._battle_target(eff, s, [t for t in range(T) if C.ATTACKS[t] and
                                         self.cnt(e, t) - bt["immob"][e][t] > 0])
        elif eff in ("rally", "restoration"):
            kinds = (A, E) if eff == "rally" else range(T)
            types = [t for t in kinds if bt["killed"][s][t] and self.can_recruit(o, t)]
            bt["rs"], bt["eff"] = s, eff
            if len(types) == 1:
                self._restore(types[0])
            elif types:
                self._ask("restore", o, [UNIT0 + t for t in types])
        elif eff in ("summon_demon", "raise_dead", "transmute"):
            t = {"summon_demon": H, "raise_dead": A, "transmute": M}[eff]
            if self.can_recruit(o, t):
                self.add(bt["r"], o, t)
                bt["temp"][s][t] += 1
        elif eff == "terror":  # "Opponent Must retreat immediately"
            dests = self.retreat_regions(e)
            bt["rs"] = e
            if len(dests) == 1:
                self._retreat(e, dests[0])
            elif dests:
                self._ask("terror_retreat", bt["own"][e], [REGION0 + d for d in dests])
        # preparations: nothing

    def _battle_target(self, eff, s, types):
        bt = self.bt
        bt["rs"], bt["eff"] = s, eff
        if len(types) == 1:
            self._hit_target(types[0])
        elif types:
            self._ask("battle_target", bt["own"][s], [UNIT0 + t for t in types])

    def _on_battle_target(self, a):
        self._hit_target(a - UNIT0)

    def _hit_target(self, t):
        bt = self.bt
        s, eff = bt["rs"], bt["eff"]
        if eff == "possession":
            bt["poss"][s][t] += 1
        elif eff == "immobilize":
            bt["immob"][1 - s][t] += 1
        else:
            self.remove(1 - s, t)

    def _on_restore(self, a):
        self._restore(a - UNIT0)

    def _restore(self, t):
        bt = self.bt
        s = bt["rs"]
        bt["killed"][s][t] -= 1
        self.add(bt["r"], bt["own"][s], t)
        if t == K:
            self.king_dead[bt["own"][s]] = False
