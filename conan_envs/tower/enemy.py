"""One enemy on the board (The Basics: Example Enemy Card; Dice Phase; Tokens; Taking Them
Down): its card, square, wounds, the dice slotted on its rows this round, its STUNNED/RATTLED
tokens and the per-round bonuses that initiative and Plot effects give it."""
from __future__ import annotations

from dataclasses import dataclass, field

from conan_envs.engine.serialize import serializable


@serializable
@dataclass(slots=True, eq=False)
class Enemy:
    card: int                   # index into the enemy cards (content "cards")
    square: int                 # -1 once slain
    life: int                   # wounds that slay it (the card's)
    wounds: int = 0
    dice: list = field(default_factory=list)    # dice slotted per row of its card this round
    tokens: list = field(default_factory=list)  # "S" STUNNED / "R" RATTLED, oldest first
    token_active: bool = False  # the oldest token acts this round
    done: bool = False          # activated this round
    free_blocks: int = 0        # blocks given by initiative/Plot effects this round
    bonus_move: int = 0         # movement points given this round
    bonus_hits: int = 0         # hits added to its next attack this round
    auto_row: int = -1          # solo: the row of the die set automatically this round

    @property
    def alive(self) -> bool:
        return self.wounds < self.life

    def copy(self) -> Enemy:
        return Enemy(self.card, self.square, self.life, self.wounds, self.dice[:],
                     self.tokens[:], self.token_active, self.done, self.free_blocks,
                     self.bonus_move, self.bonus_hits, self.auto_row)

    def __deepcopy__(self, memo):  # state clones copy enemies often
        return self.copy()

    def __eq__(self, o):  # the fields that change most often first (the encoder compares often)
        return (type(o) is Enemy and self.dice == o.dice and self.square == o.square
                and self.wounds == o.wounds and self.tokens == o.tokens and self.done == o.done
                and self.token_active == o.token_active and self.card == o.card
                and self.life == o.life and self.free_blocks == o.free_blocks
                and self.bonus_move == o.bonus_move and self.bonus_hits == o.bonus_hits
                and self.auto_row == o.auto_row)

    __hash__ = None


@serializable
@dataclass(slots=True)
class Blow:
    """One wound or token Conan deals an enemy, waiting to land (Taking Them Down): the enemy
    may block it first."""
    target: int                 # the enemy's index
    left: int                   # wounds (or 1 for a token) still to land
    token: str = ""             # "S"/"R" for a token, "" for wounds
    riposte_ok: bool = False    # the enemy's RIPOSTE dice may block it
    unblockable: bool = False   # no block stops it (the Elephant's Heart)
    auto_done: bool = False     # height advantage and free blocks already applied
    hits_back: int = 0          # riposte hits the enemy's blocks strike back at Conan

    def copy(self) -> Blow:
        return Blow(self.target, self.left, self.token, self.riposte_ok, self.unblockable,
                    self.auto_done, self.hits_back)

    def __deepcopy__(self, memo):
        return self.copy()
