"""The frames of Conan's attack being resolved (Conflict Begins; The Slots in Detail; Taking
Them Down; Tokens): Conan chooses the enemy for the next wound (Target) or the adjacent enemy his
attack also STUNS (StunTarget), and in Battle Mode Yara chooses how her minion blocks the blow it
is dealt (YaraBlock). Each carries the attack's record (enemy.Attack) and lies on the frame play
resumes at once the attack is over; the rules (attack.py) resume the attack from a copy of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.core import Mask
from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from .decisions import ConanChoice, YaraChoice
from .enemy import Attack, Blow
from .frames import TowerFrame, need

MAX_PENDING = 60     # hits or tokens one attack can deal


def _check_attack(state: Any, a: Any) -> None:
    """An attack record read back: its sizes and indexes in range."""
    need(isinstance(a, Attack), "stack", "an attack frame without its attack record")
    n = len(state.enemies)
    need(0 <= a.wounds <= MAX_PENDING and 0 <= a.hits_back <= MAX_PENDING
         and 1 <= a.max_targets <= 6 and 1 <= a.reach <= 3 and 0 <= a.step <= 4 and 0 <= a.after <= 4
         and len(a.blows) <= 4 * MAX_PENDING and all(0 <= t < n for t in a.targets)
         and len(a.targets) == len(a.dealt) and -1 <= a.attacker < n
         and all(t in ("S", "R", "P") for t in a.conan_tokens), "attack")
    need(len(a.riposters) <= MAX_PENDING and all(type(t) is int and 0 <= t < n for t in a.riposters),
         "attack.riposters")
    for b in a.blows:
        need(isinstance(b, Blow) and 0 <= b.target < n and 0 <= b.left <= MAX_PENDING
             and b.token in ("", "S", "R") and 0 <= b.hits_back <= MAX_PENDING, "attack.blows")


@serializable
@dataclass(frozen=True, slots=True)
class Target(ConanChoice):
    """Conan chooses the enemy for the next wound of his attack."""
    kind: ClassVar[str] = "target"
    nested: ClassVar[bool] = True
    attack: Attack

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_target(mask, state.game.codec.offsets, self.attack)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        a = state._attack_view()
        return f"Choose the enemy for the next of {a['wounds_to_assign']} wound(s).", a

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _check_attack(state, self.attack)


@serializable
@dataclass(frozen=True, slots=True)
class StunTarget(ConanChoice):
    """Conan chooses the adjacent enemy his attack also STUNS."""
    kind: ClassVar[str] = "stun_target"
    nested: ClassVar[bool] = True
    attack: Attack

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_stun_target(mask, state.game.codec.offsets, self.attack)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        return "Choose the adjacent enemy to be STUNNED.", state._attack_view()

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _check_attack(state, self.attack)


@serializable
@dataclass(frozen=True, slots=True)
class YaraBlock(YaraChoice):
    """Yara may burn her minion's die to block the first blow of Conan's attack."""
    kind: ClassVar[str] = "yara_block"
    nested: ClassVar[bool] = True
    done_means: ClassVar[str | None] = "let the rest land"
    attack: Attack

    def mask(self, state: Any, mask: Mask) -> None:
        state._mask_yara_block(mask, state.game.codec.offsets, self.attack)

    def ask(self, state: Any) -> tuple[str, dict[str, Any]]:
        b = state._attack_view()["blow"]
        what = b["token"] or f"{b['wounds']} wound(s)"
        return f"{b['enemy']} is dealt {what}: burn a die to block?", b

    def done(self, state: Any) -> None:
        state._yara_block_done()

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        TowerFrame.check(self, state, below)
        _check_attack(state, self.attack)
        need(bool(self.attack.blows), "attack", "Yara blocks no blow")


# the frames that carry Conan's attack being resolved (on top of the frame play resumes at)
ATTACK_FRAMES = (Target, StunTarget, YaraBlock)
