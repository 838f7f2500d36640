"""Rulebook "PLUNDER PHASE": the attacker gains 1 Gold for each battle whose defender was
driven out or destroyed; a player whose King was killed crowns one of his Heroes (his
choice of which), and all his units not stacked with the new King are discarded, Armies
becoming neutral. With no Hero left (designed, option `pretender`) a unit of the stack he
picks is crowned instead; a player with nobody to crown is out of the game (same fate for
his units; his Gold, Divinations and Relics are discarded and his raids end).
Then the turn passes, and the game may end (see KingsGame: the victory option)."""
from __future__ import annotations

from . import content as C
from .actions import REGION0
from .decisions import NewKing
from .fields import KingsFields, Task
from .frames import FATE

R, T = C.NUM_REGIONS, C.NUM_TYPES
# with no Hero to crown (option `pretender`), the unit crowned instead, cheapest first
PRETENDERS = (C.ARMY, C.ELITE, C.WIZARD, C.MONSTER)


class PlunderRules(KingsFields):
    def _step_plunder(self) -> None:
        me = self.me()
        if self.plunder:
            self.log_event(f"{self.game.roles[me]} gains {self.plunder} Gold in plunder")
            self.gold[me] += self.plunder
            self.plunder = 0
        for k in range(self.n):
            p = self.order[(self.act + k) % self.n]
            if not self.king_dead[p]:
                continue
            heirs = self.heirs(p)
            if len(heirs) > 1:
                self.task = Task(heir=p)
                self._ask(NewKing, p, [REGION0 + r for r in heirs])
                return
            self.succession(p, heirs[0] if heirs else -1)
        self._end_turn()

    def heirs(self, p: int) -> list[int]:
        """Regions where p may crown a new King: his Heroes' ("one of your other Heroes
        becomes the new king"); with no Hero left and the `pretender` option, any region of
        his holding a unit that can be crowned (designed: the rulebook is silent)."""
        heirs = [r for r in self.occupied(p) if self.at(r, p, C.HERO)]
        if not heirs and self.game.config["pretender"]:
            heirs = [r for r in self.occupied(p) if any(self.at(r, p, t) for t in PRETENDERS)]
        return heirs

    def _on_new_king(self, a: int) -> None:
        self.succession(self.task.heir, a - REGION0)

    def crowned(self, p: int, k: int) -> int:
        """The unit crowned if p picks region k: a Hero, else a pretender (the first of
        PRETENDERS there)."""
        return next(t for t in (C.HERO,) + PRETENDERS if self.at(k, p, t))

    def succession(self, p: int, k: int) -> None:
        """A Hero in region k becomes King, else a pretender (the first of PRETENDERS there);
        k = -1: nobody to crown, the player is out."""
        self.king_dead[p] = False
        if k >= 0:
            t = self.crowned(p, k)
            self.add(k, p, t, -1)
            self.add(k, p, C.KING, 1)
            self.log_event(f"{self.game.roles[p]} crowns a new King ({C.UNIT_NAMES[t]}) in "
                           f"{C.REGIONS[k]}; all his units elsewhere are lost")
        else:  # out of the game: his counters leave it with him, his raids end
            self.alive[p] = False
            self.last_fall = self.slain_by[p]
            self.log_event(f"{self.game.roles[p]} has no Hero to crown and is out of the game")
            self.gold[p] = self.div[p] = 0  # (his Relics go with his Wizards, below)
            for r in range(R):
                if self.raided[r] == p:
                    self.set_raid(r, -1)
        neutral = self.n
        for r in self.occupied(p):
            if r == k:
                continue
            for t in range(T):
                c = self.at(r, p, t)
                if c:
                    self.add(r, p, t, -c)
                    if t == C.ARMY:
                        self.add(r, neutral, C.ARMY, c)

    def _end_turn(self) -> None:
        self.task = Task()
        living = [p for p in range(self.n) if self.alive[p]]
        this_round = self.turn + 1
        if len(living) <= 1:
            self._finish(living, "last_king", this_round)
            return
        config = self.game.config
        me = self.me()
        goal = config["conquest"]
        # (whole countries are counted only if he occupies as many regions as the goal)
        if goal and len(self.occupied(me)) >= goal and self.countries_of(me) >= goal:
            self._finish([me], "conquest", this_round)
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
        if config["victory"] == "most_countries" and cap is not None and self.turn >= cap:
            self._finish(self.leaders(), "most_countries", this_round)
            return
        self.replace(FATE)

    def leaders(self) -> list[int]:
        """Living players with the most whole countries (then most regions) controlled."""
        best, out = None, []
        for p in range(self.n):
            if not self.alive[p]:
                continue
            held = self.controlled(p)
            key = (self.countries_of(p, held), sum(held))
            if best is None or key > best:
                best, out = key, [p]
            elif key == best:
                out.append(p)
        return out

    def _finish(self, winners: list[int], cause: str, this_round: int) -> None:
        """A sole winner +1, everyone else -1; tied leaders 0 (all 0 if nobody is left).
        `cause`: "conquest" (the countries goal reached), "most_countries" (the round
        limit), or "last_king" (one player left; `end_cause` then names what slew the
        last King to fall: "last_king:battle", "last_king:untimely_end", ...)."""
        if not winners:
            self.result = [0.0] * self.n
        else:
            self.result = [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0
                           for p in range(self.n)]
        if cause == "last_king":
            cause += ":" + (self.last_fall or "none")
        self.end_cause = cause
        self.final_round = this_round
        names = [self.game.roles[p] for p in winners]
        self.log_event(f"Game over in round {this_round} ({cause.replace('_', ' ')}): "
                       + (f"{' and '.join(names)} {'wins' if len(names) == 1 else 'tie'}"
                          if names else "no King is left"))
        self.stack.clear()  # no decision: the game is over (KingsState._interrupt)
