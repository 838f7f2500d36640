"""The records of the miniatures game's pending decisions (rulebook "Game Play": the heroes'
turn and the Overlord's; "Rerolls", "Guard", "Area Attacks", "Casting a Spell", "Manipulation")
and of what a roll or an attack is resolving.

A decision is a frame on the state's stack: one typed record per kind (`Kind`), naming the
player asked and what the choice is about. A roll, an attack or a manipulation carries a
`Resolution` from one step to the next; the step that comes next is named by a `Then`
(the rules modules' continuations, dispatched by the table in kinds.py).

Every record is a dataclass with slots, registered with `serializable` so that snapshots
(`State.snapshot`) keep it; they hold only plain data.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar

from conan_envs.engine.core import copy_data
from conan_envs.engine.serialize import serializable

from .constants import Side

# a character: ("h", hero), ("u", model: a unit or an ally) or ("y", -1): the captive
Who = tuple[str, int]
CAPTIVE: Who = ("y", -1)


class Kind(StrEnum):
    """The decisions (the value is the short name `State.decision()` returns)."""

    HIDE = "hide"
    STANCE = "stance"
    ACT = "act"
    ATK_GEMS = "atk_gems"
    ATK_WEAPON = "atk_weapon"
    REROLL = "reroll"
    SACRIFICE = "sacrifice"
    CIRCULAR = "circular"
    AREA_ORDER = "area_order"
    BEYOND = "beyond"
    GUARD = "guard"
    OV_GUARD = "ov_guard"
    ALLY_GUARD = "ally_guard"
    MANIP_GEMS = "manip_gems"
    THROW_AREA = "throw_area"
    CLAIM = "claim"
    CATCH = "catch"
    MUST_DROP = "must_drop"
    SPELL_TARGET = "spell_target"
    ALLY_ACT = "ally_act"
    OV_TURN = "ov_turn"
    UNIT = "unit"
    EVENT = "event"
    UNIT_SPELL = "unit_spell"
    FREE = "free"
    ROCKS = "rocks"
    REINFORCE = "reinforce"
    REINFORCE_AREA = "reinforce_area"
    HASTE = "haste"


class Then(StrEnum):
    """What happens once a roll is final or an attack resolved: a continuation of the rules
    (kinds.CONT maps each to its function)."""

    NOTHING = "nothing"
    HERO_FELL = "hero_fell"
    HERO_LEAP_ROLLED = "hero_leap_rolled"
    HERO_ATTACK_ROLL = "hero_attack_roll"
    HERO_ATTACK_ROLLED = "hero_attack_rolled"
    HERO_ATTACK_DONE = "hero_attack_done"
    DEFEND_NOW = "defend_now"
    DEFENSE_ROLLED = "defense_rolled"
    AREA_NEXT = "area_next"
    BEYOND_ROLLED = "beyond_rolled"
    MANIP_ROLLED = "manip_rolled"
    ORB_ROLLED = "orb_rolled"
    UNIT_ATTACK_ROLL = "unit_attack_roll"
    UNIT_ATTACK_ROLLED = "unit_attack_rolled"
    UNIT_ATTACK_DONE = "unit_attack_done"
    UNIT_LEAP_ROLLED = "unit_leap_rolled"
    UNIT_FELL = "unit_fell"
    UNIT_SPELL_ROLLED = "unit_spell_rolled"
    ROCKS_FELL = "rocks_fell"
    BARRICADE_HIT = "barricade_hit"
    INCANTED = "incanted"
    SPELL_ROLLED = "spell_rolled"
    KISS_DONE = "kiss_done"
    ALLY_ATTACK_ROLL = "ally_attack_roll"
    ALLY_ATTACK_ROLLED = "ally_attack_rolled"
    ALLY_LEAP_ROLLED = "ally_leap_rolled"


class _Copy:
    """A quick deep copy for `State.clone` (the engine's copy_data falls back to deepcopy)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]]

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        new = object.__new__(type(self))
        for name in type(self).__match_args__:
            setattr(new, name, copy_data(getattr(self, name)))
        return new


@serializable
@dataclass(slots=True)
class Payer(_Copy):
    """Who pays for paid rerolls (rulebook "Rerolls")."""

    side: str            # "hero" (gems from a Reserve), "overlord" (the Reroll benefit), "nobody"
    hero: int = -1       # the paying hero (side "hero")
    ally: bool = False   # a leader rerolling an ally's die: the gem goes on the ally tile


@serializable
@dataclass(slots=True)
class Resolution(_Copy):
    """What a roll, an attack or a manipulation is resolving, carried from step to step (a
    field left at its default does not apply)."""

    hero: int | None = None        # the hero acting (attacking, casting, manipulating, leaping)
    model: int | None = None       # the model acting (a unit or an ally)
    side: Side = Side.HEROES       # the attacker's side (who is blamed for the captive's death)
    kind: str | None = None        # the attack: "melee" or "ranged" (heroes', units', allies')
    target: Who | None = None      # the character attacked
    gems: int | None = None        # gems the attacking hero spent on the attack
    weapon: int = -1               # the object attacked with (-1: unarmed or none)
    spell: int | None = None       # the spell cast
    area: int = -1                 # the area struck (area attacks, rocks) or thrown to
    to: int = -1                   # the area a leap, a throw or a lock leads to
    difficulty: int | None = None  # a leap's difficulty
    why: str | None = None         # a manipulation: "chest", "door" or "throw"
    object: int = -1               # the object thrown
    bar: int | None = None         # the barricade attacked (The Final Ritual)
    volley: bool = False           # the Overlord's volley event: ranged attacks only
    faces: Sequence[int] = ()      # the final roll's faces
    power: int | None = None       # the attack power (final once the defence starts)
    atk_kind: str | None = None    # the attack as defended: melee, ranged, area or spell
    then: Then | None = None       # what follows the defence
    noguard: bool = False          # a sacrificed model does not Guard
    defense: int | None = None     # the defence power
    dmg: int | None = None         # the damage dealt
    life_before: int | None = None   # the target's life before the damage
    killed: bool = False           # the target died
    queue: list[Who] | None = None   # an area attack: the characters still to strike
    area_power: int | None = None  # an area attack's power
    final: Then | None = None      # what follows the whole area attack


def copy_resolution(c: Resolution, **changes: Any) -> Resolution:
    """A shallow copy of `c` with `changes` (Circular Strike carries on a kill's context)."""
    return replace(c, **changes)


@dataclass(slots=True)
class Frame(_Copy):
    """A pending decision: the player asked (a role index)."""

    KIND: ClassVar[Kind]
    player: int


@serializable
@dataclass(slots=True)
class Hide(Frame):
    """The Overlord hides Yselda in a hut (In the Clutches of the Picts)."""

    KIND = Kind.HIDE


@serializable
@dataclass(slots=True)
class StanceChoice(Frame):
    """A hero picks a stance (Stance phase)."""

    KIND = Kind.STANCE


@serializable
@dataclass(slots=True)
class Act(Frame):
    """The hero whose turn it is acts, hands the turn on, or stops (Action phase)."""

    KIND = Kind.ACT


@serializable
@dataclass(slots=True)
class AttackGems(Frame):
    """A hero's attack: the gems spent on it."""

    KIND = Kind.ATK_GEMS
    kind: str            # "melee" or "ranged"
    target_model: int    # the model attacked


@serializable
@dataclass(slots=True)
class AttackWeapon(Frame):
    """A hero's attack: the weapon (or unarmed), once the gems are spent."""

    KIND = Kind.ATK_WEAPON
    kind: str            # "melee" or "ranged"
    target_model: int    # the model attacked
    gems: int            # gems spent on the attack


@serializable
@dataclass(slots=True)
class Reroll(Frame):
    """A roll to reroll or keep (rulebook "Rerolls")."""

    KIND = Kind.REROLL
    payer: Payer               # who pays for paid rerolls
    dice: list[int]            # each die's colour
    faces: list[int]           # each die's symbols
    free: list[int]            # free rerolls left, per colour (marked dice)
    support: int               # Support's free rerolls left
    then: Then                 # what follows the final roll
    context: Resolution        # what the roll resolves


@serializable
@dataclass(slots=True)
class Sacrifice(Frame):
    """A friend of the target with Sacrifice may take the attack."""

    KIND = Kind.SACRIFICE
    cands: list[int]           # the models able to
    then: Then                 # what follows (the defence)
    context: Resolution        # the attack


@serializable
@dataclass(slots=True)
class Circular(Frame):
    """Circular Strike: carry the leftover damage to another enemy in the area."""

    KIND = Kind.CIRCULAR
    left: int                  # leftover damage
    context: Resolution        # the attack that killed
    cands: list[int]           # models to strike
    heroes: list[int] = field(default_factory=list)   # heroes to strike (a unit's strike)


@serializable
@dataclass(slots=True)
class AreaOrder(Frame):
    """The attacker picks the next character an area attack strikes."""

    KIND = Kind.AREA_ORDER
    context: Resolution        # the area attack (its queue)


@serializable
@dataclass(slots=True)
class Beyond(Frame):
    """Attack From Beyond: a dying hero's free strike."""

    KIND = Kind.BEYOND
    cands: list[int]           # the models in reach


@serializable
@dataclass(slots=True)
class Guard(Frame):
    """A hero attacked: gems on Guard (or a reaction spell), then parry or dodge."""

    KIND = Kind.GUARD
    context: Resolution        # the attack
    gems: int | None = None    # gems on Guard, once chosen


@serializable
@dataclass(slots=True)
class OverlordGuard(Frame):
    """The Overlord's gems on the Guard of one of his models."""

    KIND = Kind.OV_GUARD
    context: Resolution        # the attack


@serializable
@dataclass(slots=True)
class AllyGuard(Frame):
    """The leader's gems on an ally's Guard."""

    KIND = Kind.ALLY_GUARD
    context: Resolution        # the attack


@serializable
@dataclass(slots=True)
class ManipGems(Frame):
    """A complex Manipulation: the gems spent on it."""

    KIND = Kind.MANIP_GEMS
    why: str                   # "chest", "door" or "throw"
    to: int = -1               # the door's or the throw's area
    object: int = -1           # the object thrown


@serializable
@dataclass(slots=True)
class ThrowArea(Frame):
    """Throwing an object: the area aimed at."""

    KIND = Kind.THROW_AREA
    object: int                # the object thrown


@serializable
@dataclass(slots=True)
class Claim(Frame):
    """A chest's card: claim it or leave it."""

    KIND = Kind.CLAIM
    object: int                # the card found


@serializable
@dataclass(slots=True)
class Catch(Frame):
    """An object lands: a hero there may catch it."""

    KIND = Kind.CATCH
    object: int                # the object
    area: int                  # where it landed
    asked: list[int]           # heroes asked so far


@serializable
@dataclass(slots=True)
class MustDrop(Frame):
    """Over the maximum encumbrance: drop an object."""

    KIND = Kind.MUST_DROP


@serializable
@dataclass(slots=True)
class SpellTarget(Frame):
    """A spell's target (Gift of Life and Mind Control take two steps)."""

    KIND = Kind.SPELL_TARGET
    spell: int                        # the spell
    target_hero: int | None = None    # Gift of Life: the hero receiving gems, once chosen
    target_model: int | None = None   # Mind Control: the model moved, once chosen
    steps: int = 0                    # Mind Control: areas moved so far


@serializable
@dataclass(slots=True)
class AllyAct(Frame):
    """An activated ally moves and attacks."""

    KIND = Kind.ALLY_ACT
    model: int                 # the ally
    mp: int                    # movement points left
    bought: int                # movement points bought with gems
    attacked: bool             # it has attacked


@serializable
@dataclass(slots=True)
class OverlordTurn(Frame):
    """The Overlord activates River tiles or ends the turn."""

    KIND = Kind.OV_TURN
    activations: int           # activations so far
    activated: list[int]       # tiles activated


@serializable
@dataclass(slots=True)
class Unit(Frame):
    """A group activation: each model in turn moves and attacks."""

    KIND = Kind.UNIT
    tile: int                  # the tile activated (-1: the volley)
    queue: list[int]           # models still to act
    volley: bool = False       # the volley event: one ranged attack each, no movement
    haste: bool = False        # Bestial Haste: 2 movement points, no attack
    model: int = -1            # the model acting
    mp: int = 0                # its movement points left
    bought: int = 0            # movement points bought with gems
    attacked: bool = False     # it has attacked
    held: bool = False         # Set's Possession: it cannot move
    hit: str | None = None     # the group hits only "barricade"s or only "character"s
    cast: list[int] = field(default_factory=list)   # spells cast this activation


@serializable
@dataclass(slots=True)
class Event(Frame):
    """The Overlord picks the event."""

    KIND = Kind.EVENT


@serializable
@dataclass(slots=True)
class UnitSpell(Frame):
    """A spell cast by a model: the hero targeted."""

    KIND = Kind.UNIT_SPELL
    model: int                 # the caster
    spell: int                 # the spell


@serializable
@dataclass(slots=True)
class Free(Frame):
    """The Overlord frees a petrified monster."""

    KIND = Kind.FREE


@serializable
@dataclass(slots=True)
class Rocks(Frame):
    """Rocks fall: the area struck."""

    KIND = Kind.ROCKS


@serializable
@dataclass(slots=True)
class Reinforce(Frame):
    """Reinforcements: a tile to bring back, or stop."""

    KIND = Kind.REINFORCE
    pts: int                   # reinforcement points left


@serializable
@dataclass(slots=True)
class ReinforceArea(Frame):
    """Reinforcements: the area the model comes back in."""

    KIND = Kind.REINFORCE_AREA
    tile: int                  # the tile reinforced


@serializable
@dataclass(slots=True)
class Haste(Frame):
    """Bestial Haste: the returned group that moves now."""

    KIND = Kind.HASTE
    groups: dict[str, list[int]]   # tile (as a string) -> models returned


FRAME_TYPES: tuple[type[Frame], ...] = (
    Hide, StanceChoice, Act, AttackGems, AttackWeapon, Reroll, Sacrifice, Circular, AreaOrder,
    Beyond, Guard, OverlordGuard, AllyGuard, ManipGems, ThrowArea, Claim, Catch, MustDrop,
    SpellTarget, AllyAct, OverlordTurn, Unit, Event, UnitSpell, Free, Rocks, Reinforce,
    ReinforceArea, Haste)
