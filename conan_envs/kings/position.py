"""A position builder for Kings of Hyboria: an empty map, units placed by hand, tokens given,
and a turn begun at any phase (for tests, puzzles and tutorials; the rulebook's "SET UP"
is in setup.py). Everything goes through the same bookkeeping as play (`add`, `set_storm`,
...), so a built position is as consistent as a played one."""
from __future__ import annotations

from . import content as C

PHASE_STARTS = ("fate", "hero", "wizard", "recruit", "move", "battle", "plunder")


def _region(r):
    return C.RINDEX[r] if isinstance(r, str) else r


def _unit(t):
    return C.UNIT_KEYS.index(t) if isinstance(t, str) else t


class PositionBuilder:
    @classmethod
    def empty(cls, game, order=None, seed=0, phasing=None):
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
        s.ask = s.pending_roll = s.battle = None
        s.task, s.queue = {}, []
        s.phase = "fate"
        s._reset_turn()
        s._mask = None
        return s

    def place(self, region, owner, unit, k=1):
        """Put k units (a type index or key: "army", ..., "fort") of `owner` (a player
        index, or n for the neutral armies) in `region` (a name or index); k < 0 removes."""
        self.add(_region(region), owner, _unit(unit), k)
        self._mask = None

    def give(self, player, gold=None, divinations=None, relics=None):
        """Set a player's Gold, Divination and Relic tokens."""
        for field, value in (("gold", gold), ("div", divinations), ("relics", relics)):
            if value is not None:
                if value < 0:
                    raise ValueError(f"{field} cannot be negative")
                getattr(self, field)[player] = int(value)

    def begin(self, phase, rolls=None):
        """Start the phasing player's turn at `phase` and play on to the first decision.
        `rolls`: for the Hero or Wizard Phase, the rolls to make, as (region, unit type)."""
        if phase not in PHASE_STARTS:
            raise ValueError(f"phase {phase!r} is not one of {PHASE_STARTS}")
        self.phase = phase
        self.ask = None
        if rolls is not None:
            self.queue = [[_region(r), _unit(t)] for r, t in rolls]
        if phase == "recruit":
            self.task = {"done": False}
            me = self.me()
            for c, regions in enumerate(C.COUNTRY_REGIONS):
                self.country_roll[c] = int(all(self.controls(me, r) for r in regions))
        elif phase == "move":
            self.task = {"done": False}
        self._mask = None
        self._run()
        return self
