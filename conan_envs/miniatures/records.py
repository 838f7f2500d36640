"""The records the miniatures game's frames carry (rulebook "Rerolls", "Guard", "Area Attacks",
"Casting a Spell", "Manipulation"): who pays for rerolls (`Payer`), what a roll, an attack or a
manipulation is resolving (`Resolution`), the decisions' machine names (`Kind`), and the base
classes of the frames (engine/flow.py): `MiniFrame` for a decision, `Cont` for a continuation,
the step of the rules a roll or an attack resumes once it is resolved.

Every record is a dataclass with slots, registered with `serializable` so that snapshots
(`State.snapshot`) keep it; they hold only plain data.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

from conan_envs.engine.core import copy_data
from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import AUTO, Frame
from conan_envs.engine.serialize import serializable

from .constants import ATTACKS, Side

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


_F = TypeVar("_F", bound=Frame[Any])
_set, _get = object.__setattr__, object.__getattribute__
# per frame class: a getter of all its fields at once, and each field's position
_FIELDS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


def evolve(fr: _F, **changes: Any) -> _F:
    """A copy of the frozen frame `fr` with `changes` (as ``dataclasses.replace``, several times
    quicker: the rules move a decision on with it on every step of an activation)."""
    cls = type(fr)
    known = _FIELDS.get(cls)
    if known is None:
        names = cls.__match_args__
        known = _FIELDS[cls] = (attrgetter(*names), {n: i for i, n in enumerate(names)})
    values = list(known[0](fr))
    where = known[1]
    for name, value in changes.items():
        values[where[name]] = value
    return cls(*values)


@dataclass(frozen=True, slots=True)
class MiniFrame(Frame[Any]):
    """A decision of the miniatures game (or a step the rules take without a choice).

    ``view_kind`` is the decision's name in the view (`view(role)["decision"]["kind"]`, read
    by the web board), ``kind`` the short one `State.decision()` returns. A ``FORCED``
    decision is taken by the run loop when a single action is legal (nothing to choose)."""

    kind: ClassVar[str] = "frame"
    view_kind: ClassVar[str] = "frame"
    FORCED: ClassVar[bool] = False

    def prompt(self, state: Any, role: int) -> tuple[str, dict[str, Any]]:
        g = state.game
        ctx: dict[str, Any] = state.decision_context(self)
        who = g.heroes[self.actor].name if 0 <= self.actor < g.num_heroes else "Overlord"
        return self.sentence(state, who, ctx), ctx

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        """The decision's sentence in the view, given its named context `ctx`."""
        return f"{who}: decide."

    def record(self, state: Any) -> dict[str, Any]:
        """The facts of this decision, as indices (`view.decision_record`: the encoder encodes
        them, the view names them, so the observation and the view carry the same facts)."""
        rec: dict[str, Any] = {"kind": self.kind}
        self.facts(rec)
        return rec

    def facts(self, rec: dict[str, Any]) -> None:
        """Add this decision's own facts to its record (default: none)."""

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        state.check_frame(self)


@dataclass(frozen=True, slots=True)
class Cont(MiniFrame):
    """A continuation: the step of the rules that follows once a roll is final or an attack
    resolved (its ``kind`` names it). A `Resolution` names its continuation with the
    parameterless instance (``context`` None); pushed under a roll's `Reroll` decision, or put
    in its place once the roll is final, it carries the `Resolution` and the run loop takes it
    (``run``: pop it, then ``go``)."""

    actor: int = AUTO
    context: Resolution | None = None

    def go(self, state: Any, c: Resolution) -> None:
        """Go on with the rules, given what was resolved (each continuation class says how)."""
        raise TypeError(f"continuation {self.kind!r} does not say how the rules go on")

    def run(self, state: Any) -> None:
        state.pop()
        c = self.context
        assert c is not None
        # a continuation on top was put there in this move, with a copy no other frame holds
        # (rolls._finish_roll): the run loop takes it at once, before any clone could share it
        self.go(state, c)

    def carrying(self, c: Resolution) -> Cont:
        """This continuation as a frame on the stack, carrying `c`."""
        return evolve(self, context=c)

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        if self.context is None:
            raise CorruptStateError(f"saved miniatures state: field stack: {self.kind} carries "
                                    "no roll context")
        state.check_frame(self)


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
    then: Cont | None = None       # what follows the defence
    noguard: bool = False          # a sacrificed model does not Guard
    defense: int | None = None     # the defence power
    dmg: int | None = None         # the damage dealt
    life_before: int | None = None   # the target's life before the damage
    killed: bool = False           # the target died
    queue: list[Who] | None = None   # an area attack: the characters still to strike
    area_power: int | None = None  # an area attack's power
    final: Cont | None = None      # what follows the whole area attack


def character(x: Who) -> list[Any]:
    """A target/actor as a record: ["hero", h], ["model", m], ["captive"]."""
    if x[0] == "h":
        return ["hero", x[1]]
    if x[0] == "u":
        return ["model", x[1]]
    return ["captive"]


def resolution_facts(rec: dict[str, Any], c: Resolution) -> None:
    """What a roll, an attack or a manipulation resolves, added to a decision's record."""
    if c.hero is not None:
        rec["by"] = ["hero", c.hero]
    elif c.model is not None:
        rec["by"] = ["model", c.model]
    if c.target is not None:
        rec["target"] = character(c.target)
    elif c.bar is not None:
        rec["target"] = ["barricade", c.bar]
    atk = c.atk_kind if c.atk_kind is not None else c.kind
    if atk in ATTACKS:
        rec["attack"] = atk
    if c.power is not None:
        rec["power"] = c.power
    if c.gems is not None:
        rec["attack_gems"] = c.gems
    if c.weapon >= 0:
        rec["weapon"] = c.weapon
    if c.spell is not None:
        rec["spell"] = c.spell
    if c.object >= 0:
        rec["object"] = c.object
    if c.area >= 0:
        rec["area"] = c.area
    if c.to >= 0:
        rec["area"] = c.to
    if c.why is not None:
        rec["why"] = c.why
    if c.difficulty is not None:
        rec["difficulty"] = c.difficulty
    if c.volley:
        rec["volley"] = True


def copy_resolution(c: Resolution, **changes: Any) -> Resolution:
    """A copy of `c` with `changes`. Frames are frozen and a clone of the state shares them, so
    the `Resolution` a frame carries is never changed in place: a rule that goes on with it
    takes a copy (its area attack's queue too, the one list the rules change in place)."""
    new = object.__new__(Resolution)
    for name in _RESOLUTION_FIELDS:
        _set(new, name, _get(c, name))
    for name, value in changes.items():
        _set(new, name, value)
    if new.queue is not None and "queue" not in changes:
        new.queue = list(new.queue)
    return new


_RESOLUTION_FIELDS: tuple[str, ...] = Resolution.__match_args__
