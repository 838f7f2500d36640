"""One enemy on the board (The Basics: Example Enemy Card; Dice Phase; Tokens; Taking Them
Down): its card, square, wounds, the dice slotted on its rows this round, its STUNNED/RATTLED
tokens and the per-round bonuses that initiative and Plot effects give it; and the records of
blows between Conan and the enemies: a blow waiting to land, Conan's attack being resolved,
what is being dealt to Conan."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from conan_envs.engine.serialize import serializable


@serializable
@dataclass(slots=True, eq=False)
class Enemy:
    card: int                   # index into the enemy cards (content "cards")
    square: int                 # -1 once slain
    life: int                   # wounds that slay it (the card's)
    wounds: int = 0
    dice: list[int] = field(default_factory=list)    # dice slotted per row of its card this round
    tokens: list[str] = field(default_factory=list)  # "S" STUNNED / "R" RATTLED, oldest first
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

    def __deepcopy__(self, memo: dict[int, Any]) -> Enemy:  # state clones copy enemies often
        return self.copy()

    def __eq__(self, o: object) -> bool:  # the fields changing most often first (the encoder compares often)
        return (type(o) is Enemy and self.dice == o.dice and self.square == o.square
                and self.wounds == o.wounds and self.tokens == o.tokens and self.done == o.done
                and self.token_active == o.token_active and self.card == o.card
                and self.life == o.life and self.free_blocks == o.free_blocks
                and self.bonus_move == o.bonus_move and self.bonus_hits == o.bonus_hits
                and self.auto_row == o.auto_row)

    __hash__ = None  # type: ignore[assignment]  # compared by value, so not hashable


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

    def __deepcopy__(self, memo: dict[int, Any]) -> Blow:
        return self.copy()


class Step(IntEnum):
    """Where Conan's attack stands (Taking Them Down): wounds being assigned to targets, the
    assigned wounds turned into blows, the blows landing (each may be blocked), an extra STUN
    on another adjacent enemy, then what comes back at Conan."""
    ASSIGN = 0
    RESOLVE = 1
    BLOWS = 2
    STUN = 3
    HITS = 4


@serializable
@dataclass(slots=True)
class Attack:
    """Conan's attack (or the wounds and tokens of an effect) being resolved: the record an
    attack frame carries (attack_frames.py: Target, StunTarget, YaraBlock). A frame is shared by the
    copies of a state, so its record is never changed in place: the rules resume an attack
    from ``copy()`` of the frame's record and hand the next frame the copy."""
    wounds: int = 0             # wounds still to assign
    max_targets: int = 1        # enemies the wounds may be shared among
    targets: list[int] = field(default_factory=list)    # enemies struck, in order
    dealt: list[int] = field(default_factory=list)      # wounds assigned to each target
    stun: int = 0               # also STUN another adjacent enemy
    rattle: int = 0             # RATTLE the first target
    stun_only: bool = False     # the target is STUNNED instead of wounded
    attacker: int = -1          # a RIPOSTE: the enemy it strikes back at
    reach: int = 1              # the range of the attack (3 for a thrown item)
    riposte: bool = True        # the enemies' RIPOSTE dice may block its wounds
    hits_back: int = 0          # RIPOSTE hits coming back at Conan
    step: Step = Step.ASSIGN    # where the attack stands
    unblock: bool = False       # no block stops its wounds (the Elephant's Heart)
    blows: list[Blow] = field(default_factory=list)     # blows waiting to land, in order
    after: Step = Step.STUN     # the step once the blows have landed
    conan_tokens: list[str] = field(default_factory=list)  # tokens dealt to Conan at the end
    riposters: list[int] = field(default_factory=list)  # enemies whose RIPOSTE struck Conan

    def copy(self) -> Attack:
        return Attack(self.wounds, self.max_targets, self.targets[:], self.dealt[:], self.stun,
                      self.rattle, self.stun_only, self.attacker, self.reach, self.riposte,
                      self.hits_back, self.step, self.unblock, [b.copy() for b in self.blows],
                      self.after, self.conan_tokens[:], self.riposters[:])

    def __deepcopy__(self, memo: dict[int, Any]) -> Attack:
        return self.copy()


@serializable
@dataclass(slots=True)
class Incoming:
    """What is being dealt to Conan (Enemy Attacks in Battle Mode; Tokens): hits and tokens he
    may still BLOCK, the attacker (-1: none) and whether a RIPOSTE may answer."""
    hits: int = 0
    tokens: list[str] = field(default_factory=list)    # "S", "R", "P"
    attacker: int = -1
    riposte: bool = False

    def copy(self) -> Incoming:
        return Incoming(self.hits, self.tokens[:], self.attacker, self.riposte)

    def __deepcopy__(self, memo: dict[int, Any]) -> Incoming:
        return self.copy()
