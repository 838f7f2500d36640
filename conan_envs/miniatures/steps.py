"""The continuations of the miniatures game (rulebook "Rerolls", "Attacking with a Hero",
"Defending with a Hero", "Area Attacks", "Leap", "Falling", "Casting a Spell",
"Manipulation"): what the rules do once a roll is final or an attack resolved. One frame class
per continuation (`records.Cont`), its ``kind`` the rule's name; ``go`` takes the step (a rule
of the module named beside it, through the state), given the `Resolution`.

A rule names what follows with the parameterless instance below (``DEFENSE_ROLLED``...); a
roll that offers a `Reroll` pushes its continuation under the decision, carrying the roll's
`Resolution`, and the run loop takes it once the roll is final.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.serialize import serializable

from .records import Cont, Resolution


@serializable
@dataclass(frozen=True, slots=True)
class Nothing(Cont):
    """Goes on with combat.nothing."""

    kind: ClassVar[str] = "nothing"

    def go(self, state: Any, c: Resolution) -> None:
        state.nothing(c)

@serializable
@dataclass(frozen=True, slots=True)
class HeroFell(Cont):
    """Goes on with heroes_turn.hero_fell."""

    kind: ClassVar[str] = "hero_fell"

    def go(self, state: Any, c: Resolution) -> None:
        state.hero_fell(c)

@serializable
@dataclass(frozen=True, slots=True)
class HeroLeapRolled(Cont):
    """Goes on with heroes_turn.hero_leap_rolled."""

    kind: ClassVar[str] = "hero_leap_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.hero_leap_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class HeroAttackRoll(Cont):
    """Goes on with combat.hero_attack_roll."""

    kind: ClassVar[str] = "hero_attack_roll"

    def go(self, state: Any, c: Resolution) -> None:
        state.hero_attack_roll(c)

@serializable
@dataclass(frozen=True, slots=True)
class HeroAttackRolled(Cont):
    """Goes on with combat.hero_attack_rolled."""

    kind: ClassVar[str] = "hero_attack_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.hero_attack_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class HeroAttackDone(Cont):
    """Goes on with combat.hero_attack_done."""

    kind: ClassVar[str] = "hero_attack_done"

    def go(self, state: Any, c: Resolution) -> None:
        state.hero_attack_done(c)

@serializable
@dataclass(frozen=True, slots=True)
class DefendNow(Cont):
    """Goes on with combat.defend_now."""

    kind: ClassVar[str] = "defend_now"

    def go(self, state: Any, c: Resolution) -> None:
        state.defend_now(c)

@serializable
@dataclass(frozen=True, slots=True)
class DefenseRolled(Cont):
    """Goes on with combat.defense_rolled."""

    kind: ClassVar[str] = "defense_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.defense_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class AreaNext(Cont):
    """Goes on with combat.area_next."""

    kind: ClassVar[str] = "area_next"

    def go(self, state: Any, c: Resolution) -> None:
        state.area_next(c)

@serializable
@dataclass(frozen=True, slots=True)
class BeyondRolled(Cont):
    """Goes on with combat.beyond_rolled."""

    kind: ClassVar[str] = "beyond_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.beyond_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class ManipRolled(Cont):
    """Goes on with manipulation.manip_rolled."""

    kind: ClassVar[str] = "manip_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.manip_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class OrbRolled(Cont):
    """Goes on with manipulation.orb_rolled."""

    kind: ClassVar[str] = "orb_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.orb_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class UnitAttackRoll(Cont):
    """Goes on with overlord.unit_attack_roll."""

    kind: ClassVar[str] = "unit_attack_roll"

    def go(self, state: Any, c: Resolution) -> None:
        state.unit_attack_roll(c)

@serializable
@dataclass(frozen=True, slots=True)
class UnitAttackRolled(Cont):
    """Goes on with overlord.unit_attack_rolled."""

    kind: ClassVar[str] = "unit_attack_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.unit_attack_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class UnitAttackDone(Cont):
    """Goes on with overlord.unit_attack_done."""

    kind: ClassVar[str] = "unit_attack_done"

    def go(self, state: Any, c: Resolution) -> None:
        state.unit_attack_done(c)

@serializable
@dataclass(frozen=True, slots=True)
class UnitLeapRolled(Cont):
    """Goes on with overlord.unit_leap_rolled."""

    kind: ClassVar[str] = "unit_leap_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.unit_leap_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class UnitFell(Cont):
    """Goes on with overlord.unit_fell."""

    kind: ClassVar[str] = "unit_fell"

    def go(self, state: Any, c: Resolution) -> None:
        state.unit_fell(c)

@serializable
@dataclass(frozen=True, slots=True)
class UnitSpellRolled(Cont):
    """Goes on with overlord.unit_spell_rolled."""

    kind: ClassVar[str] = "unit_spell_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.unit_spell_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class RocksFell(Cont):
    """Goes on with overlord.rocks_fell."""

    kind: ClassVar[str] = "rocks_fell"

    def go(self, state: Any, c: Resolution) -> None:
        state.rocks_fell(c)

@serializable
@dataclass(frozen=True, slots=True)
class BarricadeHit(Cont):
    """Goes on with ritual.barricade_hit."""

    kind: ClassVar[str] = "barricade_hit"

    def go(self, state: Any, c: Resolution) -> None:
        state.barricade_hit(c)

@serializable
@dataclass(frozen=True, slots=True)
class Incanted(Cont):
    """Goes on with ritual.incanted."""

    kind: ClassVar[str] = "incanted"

    def go(self, state: Any, c: Resolution) -> None:
        state.incanted(c)

@serializable
@dataclass(frozen=True, slots=True)
class SpellRolled(Cont):
    """Goes on with spells.spell_rolled."""

    kind: ClassVar[str] = "spell_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.spell_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class KissDone(Cont):
    """Goes on with spells.kiss_done."""

    kind: ClassVar[str] = "kiss_done"

    def go(self, state: Any, c: Resolution) -> None:
        state.kiss_done(c)

@serializable
@dataclass(frozen=True, slots=True)
class AllyAttackRoll(Cont):
    """Goes on with allies.ally_attack_roll."""

    kind: ClassVar[str] = "ally_attack_roll"

    def go(self, state: Any, c: Resolution) -> None:
        state.ally_attack_roll(c)

@serializable
@dataclass(frozen=True, slots=True)
class AllyAttackRolled(Cont):
    """Goes on with allies.ally_attack_rolled."""

    kind: ClassVar[str] = "ally_attack_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.ally_attack_rolled(c)

@serializable
@dataclass(frozen=True, slots=True)
class AllyLeapRolled(Cont):
    """Goes on with allies.ally_leap_rolled."""

    kind: ClassVar[str] = "ally_leap_rolled"

    def go(self, state: Any, c: Resolution) -> None:
        state.ally_leap_rolled(c)

NOTHING = Nothing()
HERO_FELL = HeroFell()
HERO_LEAP_ROLLED = HeroLeapRolled()
HERO_ATTACK_ROLL = HeroAttackRoll()
HERO_ATTACK_ROLLED = HeroAttackRolled()
HERO_ATTACK_DONE = HeroAttackDone()
DEFEND_NOW = DefendNow()
DEFENSE_ROLLED = DefenseRolled()
AREA_NEXT = AreaNext()
BEYOND_ROLLED = BeyondRolled()
MANIP_ROLLED = ManipRolled()
ORB_ROLLED = OrbRolled()
UNIT_ATTACK_ROLL = UnitAttackRoll()
UNIT_ATTACK_ROLLED = UnitAttackRolled()
UNIT_ATTACK_DONE = UnitAttackDone()
UNIT_LEAP_ROLLED = UnitLeapRolled()
UNIT_FELL = UnitFell()
UNIT_SPELL_ROLLED = UnitSpellRolled()
ROCKS_FELL = RocksFell()
BARRICADE_HIT = BarricadeHit()
INCANTED = Incanted()
SPELL_ROLLED = SpellRolled()
KISS_DONE = KissDone()
ALLY_ATTACK_ROLL = AllyAttackRoll()
ALLY_ATTACK_ROLLED = AllyAttackRolled()
ALLY_LEAP_ROLLED = AllyLeapRolled()

CONT_TYPES: tuple[type[Cont], ...] = (
    Nothing, HeroFell, HeroLeapRolled, HeroAttackRoll, HeroAttackRolled, HeroAttackDone,
    DefendNow, DefenseRolled, AreaNext, BeyondRolled, ManipRolled, OrbRolled, UnitAttackRoll,
    UnitAttackRolled, UnitAttackDone, UnitLeapRolled, UnitFell, UnitSpellRolled, RocksFell,
    BarricadeHit, Incanted, SpellRolled, KissDone, AllyAttackRoll, AllyAttackRolled,
    AllyLeapRolled)
