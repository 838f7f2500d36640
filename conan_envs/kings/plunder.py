"""Rulebook "PLUNDER PHASE": the attacker gains 1 Gold for each battle whose defender was
driven out or destroyed; a player whose King was killed crowns one of his Heroes (his
choice of which), and all his units not stacked with the new King are discarded, Armies
becoming neutral. A player with no Hero left is out of the game (same fate for his units;
his Gold, Divinations and Relics are discarded and his raids end).
Then the turn passes, and the game may end (see KingsGame: the victory option)."""
from __future__ import annotations

from . import content as C
from .actions import REGION0

R, T = C.NUM_REGIONS, C.NUM_TYPES


class PlunderRules:
    def _step_plunder(self):
        me = self.me()
        if self.plunder:
            self.gold[me] += self.plunder
            self.plunder = 0
        for k in range(self.n):
            p = self.order[(self.act + k) % self.n]
            if not self.king_dead[p]:
                continue
            heirs = [r for r in range(R) if self.at(r, p, C.HERO)]
            if len(heirs) > 1:
                self.task = {"heir": p}
                self._ask("new_king", p, [REGION0 + r for r in heirs])
                return
            self.succession(p, heirs[0] if heirs else -1)
        self._end_turn()

    def _on_new_king(self, a):
        self.succession(self.task["heir"], a - REGION0)

    def succession(self, p, k):
        """Hero in region k becomes King (k = -1: no Hero, the player is out)."""
        self.king_dead[p] = False
        if k >= 0:
            self.add(k, p, C.HERO, -1)
            self.add(k, p, C.KING, 1)
        else:  # out of the game: his counters leave it with him, his raids end
            self.alive[p] = False
            self.gold[p] = self.div[p] = self.relics[p] = 0
            for r in range(R):
                if self.raided[r] == p:
                    self.set_raid(r, -1)
        neutral = self.n
        for r in range(R):
            if r == k or not self.tot[r * self.O + p]:
                continue
            for t in range(T):
                c = self.at(r, p, t)
                if c:
                    self.add(r, p, t, -c)
                    if t == C.ARMY:
                        self.add(r, neutral, C.ARMY, c)

    def _end_turn(self):
        self.task = {}
        living = [p for p in range(self.n) if self.alive[p]]
        if len(living) <= 1:
            self._finish(living)
            return
        n = self.n
        k = 1
        while not self.alive[self.order[(self.act + k) % n]]:
            k += 1
        if self.act + k >= n:
            self.turn += 1
        self.act = (self.act + k) % n
        self._reset_turn()
        cap = self.game.max_turns
        if self.game.config["victory"] == "most_countries" and cap is not None and self.turn >= cap:
            self._finish(self.leaders())
            return
        self.phase = "fate"

    def leaders(self):
        """Living players with the most whole countries (then most regions) controlled."""
        best, out = None, []
        for p in range(self.n):
            if not self.alive[p]:
                continue
            key = (self.countries_of(p), sum(self.controls(p, r) for r in range(R)))
            if best is None or key > best:
                best, out = key, [p]
            elif key == best:
                out.append(p)
        return out

    def _finish(self, winners):
        """A sole winner +1, everyone else -1; tied leaders 0 (all 0 if nobody is left)."""
        if not winners:
            self.result = [0.0] * self.n
        else:
            self.result = [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0
                           for p in range(self.n)]
        self.phase = "over"
        self.ask = None
