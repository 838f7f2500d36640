"""The steps of the rules that resolve what was triggered (``AUTO`` frames, see steps.py;
rulebook: Fights, Duels, 3. Triggered Phase - Encounters and Adventures, 4. End of Round
Phase).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine.serialize import serializable
from .stack import Bout
from .steps import Step


@serializable
@dataclass(frozen=True, slots=True)
class Fight(Step):
    """`p` faces a Fight of `need` hits for `vp` points (`temple`: a Temple of Set's kingdom,
    or -1; `token`: the Fight token, or -1)."""
    kind: ClassVar[str] = "fight"
    p: int
    need: int
    vp: int
    temple: int
    token: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.fight(s, self.p, self.need, self.vp, self.temple, self.token)


@dataclass(frozen=True, slots=True)
class _FightStep(Step):
    """A step of a Fight: player `p` needs `need` hits for `vp` points (`temple`, `token`:
    the Temple of Set or the Challenge token fought), `hits` so far."""
    p: int
    need: int
    vp: int
    temple: int
    token: int
    hits: int


@serializable
@dataclass(frozen=True, slots=True)
class FightRoll(_FightStep):
    """The Warrior Pool rolls (`hits` so far)."""
    kind: ClassVar[str] = "fight_roll"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.fight_roll(s, self.p, self.need, self.vp, self.temple, self.token, self.hits)


@serializable
@dataclass(frozen=True, slots=True)
class FightCount(_FightStep):
    """The Fight's hits are counted."""
    kind: ClassVar[str] = "fight_count"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.fight_count(s, self.p, self.need, self.vp, self.temple, self.token, self.hits)


@serializable
@dataclass(frozen=True, slots=True)
class Duel(Step):
    """`a` duels `b` in `k`."""
    kind: ClassVar[str] = "duel"
    a: int
    b: int
    k: int
    initiator: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.duel(s, self.a, self.b, self.k, self.initiator)


@serializable
@dataclass(frozen=True, slots=True)
class DuelPool(Step):
    """`p` forms its Warrior Pool for the Duel."""
    kind: ClassVar[str] = "duel_pool"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.duel_pool(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class AdjustStep(Step):
    """After a Duel roll: `p` may change those of `dice` still in its pool."""
    kind: ClassVar[str] = "adjust_task"
    p: int
    dice: tuple[int, ...]

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.adjust_pool(s, self.p, self.dice)


@serializable
@dataclass(frozen=True, slots=True)
class DuelRoll(Step):
    """Both Warrior Pools roll (those that did not stop)."""
    kind: ClassVar[str] = "duel_roll"
    duel: Bout

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.duel_roll(s, self.duel)


@serializable
@dataclass(frozen=True, slots=True)
class DuelCount(Step):
    """The Duel's hits are counted."""
    kind: ClassVar[str] = "duel_count"
    duel: Bout

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.duel_count(s, self.duel)


@serializable
@dataclass(frozen=True, slots=True)
class DuelPush(Step):
    """The winner pushes the loser's token."""
    kind: ClassVar[str] = "duel_push"
    w: int
    tok: int
    loser: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.combat.duel_push(s, self.w, self.tok, self.loser)


@serializable
@dataclass(frozen=True, slots=True)
class EncounterPhase(Step):
    """3. Triggered Phase: Encounters, if unlocked."""
    kind: ClassVar[str] = "encounter_phase"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.encounter_phase(s)


@serializable
@dataclass(frozen=True, slots=True)
class EncRefill(Step):
    """The Encounters are refilled."""
    kind: ClassVar[str] = "enc_refill"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.cards.refill_encounters(s)


@serializable
@dataclass(frozen=True, slots=True)
class Encounter(Step):
    """The face-up Encounter in slot `j` is faced."""
    kind: ClassVar[str] = "encounter"
    j: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.encounter(s, self.j)


@serializable
@dataclass(frozen=True, slots=True)
class EncAttempt(Step):
    """`p` attempts the Encounter."""
    kind: ClassVar[str] = "enc_attempt"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.enc_attempt(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class EncAsideStep(Step):
    """`p` sets a die aside for a Foe die on the track."""
    kind: ClassVar[str] = "enc_aside"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.enc_aside(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class EncRoll(Step):
    """`p` rolls for the Encounter."""
    kind: ClassVar[str] = "enc_roll"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.enc_roll(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class EncApply(Step):
    """`p`'s results are matched to the Encounter."""
    kind: ClassVar[str] = "enc_apply"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.enc_apply(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class EncEnd(Step):
    """The Encounter faced is discarded."""
    kind: ClassVar[str] = "enc_end"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.encounters.enc_end(s)


@serializable
@dataclass(frozen=True, slots=True)
class AdventurePhase(Step):
    """3. Triggered Phase: the Adventure in Conan's kingdom."""
    kind: ClassVar[str] = "adventure_phase"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adventure_phase(s)


@serializable
@dataclass(frozen=True, slots=True)
class AdvRoll(Step):
    """`p` rolls for the Adventure (attempt 1 or 2)."""
    kind: ClassVar[str] = "adv_roll"
    p: int
    attempt: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_roll(s, self.p, self.attempt)


@serializable
@dataclass(frozen=True, slots=True)
class AdvChooseStep(Step):
    """Conan may apply `p`'s results."""
    kind: ClassVar[str] = "adv_choose"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_choose(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class AdvUnchosen(Step):
    """`p` may change its unchosen results."""
    kind: ClassVar[str] = "adv_unchosen"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_unchosen(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class AdvUnchosenApply(Step):
    """`p` applies its unchosen results."""
    kind: ClassVar[str] = "adv_unchosen_apply"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_unchosen_apply(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class AdvScore(Step):
    """`q` scores `points` for its dice on the Adventure."""
    kind: ClassVar[str] = "adv_score"
    q: int
    points: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_score(s, self.q, self.points)


@serializable
@dataclass(frozen=True, slots=True)
class AdvGiftStep(Step):
    """Team game: Conan may give the Ally the card."""
    kind: ClassVar[str] = "adv_gift"
    card: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_gift(s, self.card)


@serializable
@dataclass(frozen=True, slots=True)
class AdvEnd(Step):
    """The Adventure attempt ends."""
    kind: ClassVar[str] = "adv_end"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.adventure.adv_end(s)


@serializable
@dataclass(frozen=True, slots=True)
class EndRound(Step):
    """4. End of Round Phase."""
    kind: ClassVar[str] = "end_round"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.end_round.end_round(s)


@serializable
@dataclass(frozen=True, slots=True)
class EorPlayer(Step):
    """`p`'s Adventure reward and Achievements."""
    kind: ClassVar[str] = "eor_player"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.end_round.eor_player(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class AchieveStep(Step):
    """`p` may turn in Fate tokens for Achievements."""
    kind: ClassVar[str] = "achieve"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.end_round.achieve_step(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class EorFinal(Step):
    """The end of the round: the game may end."""
    kind: ClassVar[str] = "eor_final"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.end_round.eor_final(s)


ENCOUNTER_PHASE = EncounterPhase()
ENC_REFILL = EncRefill()
ENC_END = EncEnd()
ADVENTURE_PHASE = AdventurePhase()
ADV_END = AdvEnd()
END_ROUND = EndRound()
EOR_FINAL = EorFinal()
# The steps every round repeats, made once per player (frames are immutable).
EOR_PLAYERS = tuple(EorPlayer(p) for p in range(4))
ACHIEVE_STEPS = tuple(AchieveStep(p) for p in range(4))

RESOLVE_STEP_TYPES: tuple[type[Step], ...] = (
    Fight, FightRoll, FightCount, Duel, DuelPool, AdjustStep, DuelRoll, DuelCount, DuelPush,
    EncounterPhase, EncRefill, Encounter, EncAttempt, EncAsideStep, EncRoll, EncApply, EncEnd,
    AdventurePhase, AdvRoll, AdvChooseStep, AdvUnchosen, AdvUnchosenApply, AdvScore,
    AdvGiftStep, AdvEnd, EndRound, EorPlayer, AchieveStep, EorFinal)
