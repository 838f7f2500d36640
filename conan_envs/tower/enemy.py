"""One enemy on the board (The Basics: Example Enemy Card; Dice Phase; Tokens; Taking Them
Down): its card, square, wounds, the dice slotted on its rows this round, its STUNNED/RATTLED
tokens and the per-round bonuses that initiative and Plot effects give it."""
from __future__ import annotations

from dataclasses import dataclass, field

from conan_envs.engine.serialize import serializable


@serializable
@dataclass(slots=True)
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

    def copy(self) -> "Enemy":
        return Enemy(self.card, self.square, self.life, self.wounds, self.dice[:],
                     self.tokens[:], self.token_active, self.done, self.free_blocks,
                     self.bonus_move, self.bonus_hits, self.auto_row)

    def __deepcopy__(self, memo):  # state clones copy enemies often
        return self.copy()
