"""A position builder for Kings of Hyboria: an empty map, units placed by hand, tokens given,
dice loaded, and a turn begun at any phase (for tests, puzzles and tutorials; the rulebook's "SET UP"
is in setup.py). Everything goes through the same bookkeeping as play (`add`, `set_storm`,
...), so a built position is as consistent as a played one."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..engine import checks
from . import content as C
from .fields import KingsFields, Task
from .frames import FATE, PHASE_FRAMES

PHASE_STARTS = ("fate", "hero", "wizard", "recruit", "move", "battle", "plunder")


def _region(r: int | str) -> int:
    return C.RINDEX[r] if isinstance(r, str) else r


def _unit(t: int | str) -> int:
    return C.UNIT_KEYS.index(t) if isinstance(t, str) else t


class PositionBuilder(KingsFields):
    @classmethod
    def empty(cls, game: Any, order: Sequence[int] | None = None, seed: int | None = 0,
              phasing: int | None = None) -> Any:
        """An empty map (no units, no neutral armies) with turn order `order` (default
        0, 1, ...): the turn of player `phasing` (default the first in `order`; a later
        player's turn is later in the same round), no decision pending until `begin`."""
        s = cls(game, seed)
        n = game.num_players
        for i, k in enumerate(s.u):
            if k:
                r, rest = divmod(i, s.O * C.NUM_TYPES)
                o, t = divmod(rest, C.NUM_TYPES)
                s.add(r, o, t, -k)
        s.order = list(range(n)) if order is None else [int(p) for p in order]
        if sorted(s.order) != list(range(n)):
            raise ValueError(f"order {order!r} is not a turn order of {n} players")
        if phasing is None:
            s.act = 0
        elif type(phasing) is int and 0 <= phasing < n:
            s.act = s.order.index(phasing)
        else:
            raise ValueError(f"phasing {phasing!r} is not one of the {n} players")
        s.battle = None
        s.task, s.queue = Task(), []
        s.stack[:] = [FATE]
        s._reset_turn()
        return s.edited()

    def place(self, region: int | str, owner: int, unit: int | str, k: int = 1) -> None:
        """Put k units (a type index or key: "army", ..., "fort") of `owner` (a player
        index, or n for the neutral armies) in `region` (a name or index); k < 0 removes."""
        self.add(_region(region), owner, _unit(unit), k)
        self.edited()

    def give(self, player: int, gold: int | None = None, divinations: int | None = None,
             relics: int | None = None) -> None:
        """Set a player's Gold and Divination tokens (counts of 0 or more; None leaves that
        token as it is). Relics belong to Wizards: `give_relic(region, player)`."""
        checks.player(player, self.n)
        if relics is not None:
            raise ValueError("a Relic belongs to a Wizard: give it with give_relic(region, player)")
        for field, value in (("gold", gold), ("div", divinations)):
            if value is not None:
                getattr(self, field)[player] = checks.count(field, value)
        self.edited()

    def give_relic(self, region: int | str, player: int, k: int = 1) -> None:
        """Give k more of `player`'s Wizards in `region` a Relic token each ("Wizard gets
        Relic Token"); there must be that many Wizards there without one."""
        checks.player(player, self.n)
        r, k = _region(region), checks.count("k", k)
        free = self.at(r, player, C.WIZARD) - self.relic[r * self.n + player]
        if k > free:
            raise ValueError(f"player {player} has {free} Wizard(s) without a Relic in "
                             f"{C.REGIONS[r]}, not {k}")
        self.add_relic(r, player, k)
        self.edited()

    def load_dice(self, dice: Callable[[int], int] | None) -> KingsFields:
        """Roll every die from now on with `dice` instead of the state's generator, for
        positions that need given rolls: `dice(sides)` is called for each roll (sides 3, 6,
        10, 12 or 20, Divination rerolls included) and returns the result, an int from 1 to
        sides (anything else raises ValueError when rolled). `None` goes back to the
        generator. A state with loaded dice plays on in place: its clones roll the same
        dice, and it cannot be saved."""
        if dice is None:
            self.__dict__.pop("_die", None)
            return self
        if not callable(dice):
            raise ValueError(f"dice {dice!r} is not a function of the die's sides")

        def loaded(sides: int) -> int:
            v = dice(sides)
            if type(v) is not int or not 1 <= v <= sides:
                raise ValueError(f"the loaded dice rolled {v!r} on a D{sides}")
            return v

        self._die = loaded  # type: ignore[method-assign]  # (state.py's `_die` rolls every die)
        return self

    def begin(self, phase: str, rolls: Iterable[tuple[int | str, int | str]] | None = None) -> KingsFields:
        """Start the phasing player's turn at `phase` and play on to the first decision.
        `rolls`: for the Hero or Wizard Phase, the rolls to make, as (region, unit type)."""
        if phase not in PHASE_STARTS:
            raise ValueError(f"phase {phase!r} is not one of {PHASE_STARTS}")
        self.stack[:] = [PHASE_FRAMES[phase]]
        if rolls is not None:
            self.queue = [[_region(r), _unit(t)] for r, t in rolls]
        if phase == "recruit":
            self.task = Task()
            me = self.me()
            for c, regions in enumerate(C.COUNTRY_REGIONS):
                self.country_roll[c] = int(all(self.controls(me, r) for r in regions))
        elif phase == "move":
            self.task = Task()
        self.edited()
        self.advance()
        return self
