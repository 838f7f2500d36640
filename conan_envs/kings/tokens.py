"""Tokens that belong to one counter, not to its player: the Relic (rulebook "WIZARD MAGIC
TABLE": "Forge/Discover Artifact — Wizard gets Relic Token"; notes: "A Wizard with a Relic
Token may roll an extra time on this table") and the Battle Plan (rulebook "HEROIC ACTIONS
TABLE": "Battle Plan — Hero may make 1 extra roll on the Battle Action Table").

Counters of one type are otherwise identical, so the state keeps, per region, how many of a
player's Wizards bear a Relic (`relic`, for the whole game) and how many of the phasing
player's Heroes hold a Battle Plan (`plan`, for his turn; the King's is `king_plan`). The
marked counters follow their units (moves, retreats, Convert and Mind Control) and leave
the game with them. Which counter a removal takes (docs/rulings/kings.md, "Tokens on
counters"): where the owner chooses (casualties, Sacrifice, Transmutation, the sea) a
plain counter goes first; where an enemy chooses its target (Assassination, Hunter Killer
Demon, Slay, Death, Convert, Mind Control) the marked counter goes first; a Wizard's own
roll (Insanity, Consumed by Demons) destroys that Wizard.
"""
from __future__ import annotations

from . import content as C
from .fields import KingsFields

W, H, K = C.WIZARD, C.HERO, C.KING


class TokenRules(KingsFields):
    # ---- reading ------------------------------------------------------------------------
    def marked(self, r: int, o: int, t: int) -> int:
        """Units of type t of owner o in region r that carry their token (a Relic for a
        Wizard, a Battle Plan for a Hero or the King)."""
        if o >= self.n:
            return 0
        if t == W:
            return self.relic[r * self.n + o]
        if o != self.me():
            return 0  # the Battle Plan is the phasing player's, for his turn
        if t == H:
            return self.plan[r]
        if t == K:
            return int(self.king_plan and self.at(r, o, K) > 0)
        return 0

    def moved_marked(self, r: int, t: int) -> int:
        """The phasing player's marked units of type t that moved into r this Move Phase."""
        if t == W:
            return self.moved_relic[r]
        if t == H:
            return self.moved_plan[r]
        return 0

    # ---- writing ------------------------------------------------------------------------
    def add_relic(self, r: int, p: int, k: int) -> None:
        self.relic[r * self.n + p] += k
        self.relics[p] += k
        self.tokens_changed()

    def _clamp_marks(self, r: int, o: int, t: int) -> None:
        """A unit of type t of owner o left region r by its owner's choice: the plain
        counters went first, so the marked ones are lost only when no plain one was left."""
        if o >= self.n:
            return  # (the neutral armies are Armies only)
        left = self.u[(r * self.O + o) * C.NUM_TYPES + t]
        if t == W:
            i = r * self.n + o
            if self.relic[i] > left:
                self.relics[o] -= self.relic[i] - left
                self.relic[i] = left
                self.tokens_changed()
        elif o == self.me():
            if self.plan[r] > left:
                self.plan[r] = left
                self.tokens_changed()
            if self.journey[r] > left - self.plan[r]:  # (a Hero holds one or the other)
                self.journey[r] = max(0, left - self.plan[r])
                self.tokens_changed()

    def lose_marked_first(self, r: int, o: int, t: int) -> None:
        """An enemy's choice (or the Wizard's own roll) takes a marked unit of type t, if
        there is one, before it is removed."""
        if not self.marked(r, o, t):
            return
        if t == W:
            self.add_relic(r, o, -1)
        elif t == H:
            self.plan[r] -= 1
        else:
            self.king_plan = False
        self.tokens_changed()

    def take_marked_first(self, r: int, o: int, t: int, taker: int) -> None:
        """Convert, Mind Control: the taker takes a marked Wizard first, Relic and all."""
        if t == W and self.marked(r, o, W):
            self.add_relic(r, o, -1)
            if taker < self.n:
                self.add_relic(r, taker, 1)

    def shift_marks(self, r: int, d: int, o: int, t: int, k: int, moved: bool = False) -> None:
        """k marked units of type t of owner o go from r to d with their units (`moved`: by
        a move order, which notes them as moved)."""
        if not k:
            return
        if t == W:
            self.add_relic(r, o, -k)
            self.add_relic(d, o, k)
            if moved:
                self.moved_relic[d] += k
        elif t == H:
            self.plan[r] -= k
            self.plan[d] += k
            if moved:
                self.moved_plan[d] += k
            self.tokens_changed()

    def shift_all_marks(self, r: int, d: int, o: int) -> None:
        """All of o's units leave r for d (a retreat): their tokens go along."""
        if o >= self.n:
            return
        self.shift_marks(r, d, o, W, self.relic[r * self.n + o])
        if o == self.me():
            self.shift_marks(r, d, o, H, self.plan[r])
