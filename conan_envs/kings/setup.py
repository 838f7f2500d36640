"""Rulebook "SET UP": turn order is random; each player places 1 King and 1 Army (a
decision each, in turn order); then 1 neutral Army goes on every unoccupied land region."""
from __future__ import annotations

from collections.abc import Iterable

from . import content as C
from .actions import REGION0
from .decisions import PlaceArmy, PlaceKing
from .fields import KingsFields, Task
from .frames import FATE


class SetupRules(KingsFields):
    def _start_setup(self) -> None:
        self.task = Task()

    def _step_setup(self) -> None:
        k = self.task.placing
        if k < 2 * self.n:
            p = self.order[k // 2]
            if k % 2 == 0:  # the King: a land region no other player holds
                taken = self._held_by(range(self.n))
                self._ask(PlaceKing, p, [REGION0 + r for r in C.LAND if r not in taken])
            else:  # the Army: any land region no other player holds
                taken = self._held_by([o for o in range(self.O) if o != p])
                self._ask(PlaceArmy, p, [REGION0 + r for r in C.LAND if r not in taken])
            return
        taken = self._held_by(range(self.O))
        for r in C.LAND:
            if r not in taken:
                self.add(r, self.n, C.ARMY)
        self.task = Task()
        self.replace(FATE)

    def _held_by(self, owners: Iterable[int]) -> set[int]:
        """The regions where any of `owners` has units (few, while setting up)."""
        return {r for o in owners for r in self.occupied(o)}

    def _on_place_king(self, a: int) -> None:
        p = self.ask_player()
        self.add(a - REGION0, p, C.KING)
        self.log_event(f"{self.game.roles[p]} places his King in {C.REGIONS[a - REGION0]}")
        self.task.placing += 1

    def _on_place_army(self, a: int) -> None:
        p = self.ask_player()
        self.add(a - REGION0, p, C.ARMY)
        self.log_event(f"{self.game.roles[p]} places his Army in {C.REGIONS[a - REGION0]}")
        self.task.placing += 1

    def ask_player(self) -> int:
        return self.order[self.task.placing // 2]
