"""The miniatures game's decisions as frames on the engine's stack (engine/flow.py; rulebook
"Game Play": the heroes' turn and the Overlord's; "Rerolls", "Guard", "Area Attacks",
"Casting a Spell", "Manipulation", "Activating Allies", "Reinforcements").

One frozen frame class per kind of decision (the Overlord's are in overlord_frames.py, re-exported
here): who decides (``actor``, a role index), its
``kind`` (the short name `State.decision()` returns), its ``view_kind`` (the view's name), its
parameters as typed fields, and what the kind does: ``mask`` and ``apply`` call the rule of the
module named in the class's docstring (through the state, which sits above the rules
modules), ``sentence`` is the view's prompt, ``facts`` (or ``record``) the decision's record that
the encoder encodes and the view names. A frame under the top one is where play returns.
A ``FORCED`` decision is taken by the run loop when one action only is legal.

The continuations a roll or an attack resumes are frames too (steps.py); a `Reroll` sits on
its continuation, which the run loop takes once the roll is final. The records the frames
carry (`Resolution`, `Payer`) and the base classes are in records.py.

Frames are frozen: the rules replace a frame that moves on (``state.replace``) instead of
changing it; a list field is never changed in place (the rules build a new one).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from conan_envs.engine.core import Mask
from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from .constants import ROLL_PURPOSE
from .overlord_frames import (
    Event,
    Free,
    Haste,
    Hide,
    OverlordTurn,
    Reinforce,
    ReinforceArea,
    Rocks,
    Unit,
    UnitSpell,
)
from .records import (
    CAPTIVE,
    Cont,
    Kind,
    MiniFrame,
    Payer,
    Resolution,
    Who,
    copy_resolution,
    resolution_facts,
)
from .steps import CONT_TYPES

_TARGET = "target"


def _target(ctx: dict[str, Any]) -> Any:
    return ctx.get(_TARGET, "")


def _attacker(ctx: dict[str, Any]) -> Any:
    return ctx.get("attacker", ctx.get("character", ""))


@serializable
@dataclass(frozen=True, slots=True)
class StanceChoice(MiniFrame):
    """A hero picks a stance (Stance phase; heroes_turn.py)."""

    kind: ClassVar[str] = Kind.STANCE.value
    view_kind: ClassVar[str] = "stance"

    def mask(self, state: Any, mask: Mask) -> None:
        state.stance_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.stance_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: choose your stance for this turn (aggressive or cautious)."


@serializable
@dataclass(frozen=True, slots=True)
class Act(MiniFrame):
    """The hero whose turn it is acts, hands the turn on, or stops (Action phase;
    heroes_turn.py)."""

    kind: ClassVar[str] = Kind.ACT.value
    view_kind: ClassVar[str] = "action"
    FORCED: ClassVar[bool] = True

    def mask(self, state: Any, mask: Mask) -> None:
        state.act_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.act_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"{who}: take an action, hand the turn to another hero, or stop acting this "
                f"phase ({state.mp[self.actor]} free movement points left).")


@serializable
@dataclass(frozen=True, slots=True)
class AttackGems(MiniFrame):
    """A hero's attack: the gems spent on it (combat.py)."""

    kind: ClassVar[str] = Kind.ATK_GEMS.value
    view_kind: ClassVar[str] = "attack_gems"
    attack: str                # "melee" or "ranged"
    target_model: int          # the model attacked

    def mask(self, state: Any, mask: Mask) -> None:
        state.atk_gems_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.atk_gems_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: how many gems on the {ctx['attack']} attack on {_target(ctx)}?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["by"] = ["hero", self.actor]
        rec["target"] = ["model", self.target_model]
        rec["attack"] = self.attack


@serializable
@dataclass(frozen=True, slots=True)
class AttackWeapon(MiniFrame):
    """A hero's attack: the weapon (or unarmed), once the gems are spent (combat.py)."""

    kind: ClassVar[str] = Kind.ATK_WEAPON.value
    view_kind: ClassVar[str] = "attack_weapon"
    attack: str                # "melee" or "ranged"
    target_model: int          # the model attacked
    gems: int                  # gems spent on the attack

    def mask(self, state: Any, mask: Mask) -> None:
        state.atk_weapon_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.atk_weapon_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"{who}: which weapon for the {ctx['attack']} attack on {_target(ctx)} "
                f"({ctx['gems']} gems)?")

    def facts(self, rec: dict[str, Any]) -> None:
        rec["by"] = ["hero", self.actor]
        rec["target"] = ["model", self.target_model]
        rec["attack"] = self.attack
        rec["gems"] = self.gems


@serializable
@dataclass(frozen=True, slots=True)
class Reroll(MiniFrame):
    """A roll to reroll or keep (rulebook "Rerolls"; rolls.py). It sits on its continuation
    (`then` carrying `context`), which takes the final roll."""

    kind: ClassVar[str] = Kind.REROLL.value
    view_kind: ClassVar[str] = "reroll"
    payer: Payer               # who pays for paid rerolls
    dice: list[int]            # each die's colour
    faces: list[int]           # each die's symbols
    free: list[int]            # free rerolls left, per colour (marked dice)
    support: int               # Support's free rerolls left
    then: Cont                 # what follows the final roll
    context: Resolution        # what the roll resolves

    def mask(self, state: Any, mask: Mask) -> None:
        state.reroll_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.reroll_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        roll = ctx["roll"]
        dice = ", ".join(f"{d['colour']} {d['symbols']}" for d in roll["dice"])
        return (f"{who}: reroll a die of the {ctx['purpose']} roll ({dice}: {roll['total']} "
                f"symbols), or keep the roll?")

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        state.check_frame(self)
        if type(below) is not type(self.then) or below.context is None:
            raise CorruptStateError("saved miniatures state: field stack: a reroll does not "
                                    "sit on its continuation")

    def facts(self, rec: dict[str, Any]) -> None:
        rec["roll"] = {"dice": self.dice, "faces": self.faces, "free": self.free,
                       "support": self.support, "payer": self.payer}
        rec["purpose"] = ROLL_PURPOSE[self.then.kind]
        resolution_facts(rec, self.context)


@serializable
@dataclass(frozen=True, slots=True)
class Sacrifice(MiniFrame):
    """A friend of the target with Sacrifice may take the attack (combat.py)."""

    kind: ClassVar[str] = Kind.SACRIFICE.value
    view_kind: ClassVar[str] = "sacrifice"
    cands: list[int]           # the models able to
    then: Cont                 # what follows (the defence)
    context: Resolution        # the attack

    def mask(self, state: Any, mask: Mask) -> None:
        state.sacrifice_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.sacrifice_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"{who}: {_attacker(ctx)} attacks {_target(ctx)}; may a model with Sacrifice "
                f"take the attack instead?")

    def facts(self, rec: dict[str, Any]) -> None:
        resolution_facts(rec, self.context)


@serializable
@dataclass(frozen=True, slots=True)
class Circular(MiniFrame):
    """Circular Strike: carry the leftover damage to another enemy in the area (combat.py)."""

    kind: ClassVar[str] = Kind.CIRCULAR.value
    view_kind: ClassVar[str] = "circular_strike"
    left: int                  # leftover damage
    context: Resolution        # the attack that killed
    cands: list[int]           # models to strike
    heroes: list[int] = field(default_factory=list)   # heroes to strike (a unit's strike)

    def mask(self, state: Any, mask: Mask) -> None:
        state.circular_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.circular_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"{who}: Circular Strike: carry {ctx['left']} leftover damage to another enemy "
                f"here?")

    def facts(self, rec: dict[str, Any]) -> None:
        resolution_facts(rec, self.context)
        rec["left"] = self.left


@serializable
@dataclass(frozen=True, slots=True)
class AreaOrder(MiniFrame):
    """The attacker picks the next character an area attack strikes (combat.py)."""

    kind: ClassVar[str] = Kind.AREA_ORDER.value
    view_kind: ClassVar[str] = "area_attack_order"
    context: Resolution        # the area attack (its queue)

    def mask(self, state: Any, mask: Mask) -> None:
        state.area_order_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.area_order_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"{who}: the area attack (power {ctx['power']}) on {ctx['area']} still strikes "
                f"{', '.join(ctx['targets_left'])}: which attack do you resolve next?")

    def record(self, state: Any) -> dict[str, Any]:
        nm = state.game.num_models
        ac = self.context
        return {"kind": self.kind, "by": ["hero", self.actor], "attack": "area",
                "power": ac.area_power, "area": ac.area, "area_targets": sorted(
                    t[1] if t[0] == "h" else 4 + t[1] if t[0] == "u" else 4 + nm
                    for t in ac.queue or ())}


@serializable
@dataclass(frozen=True, slots=True)
class Beyond(MiniFrame):
    """Attack From Beyond: a dying hero's free strike (combat.py)."""

    kind: ClassVar[str] = Kind.BEYOND.value
    view_kind: ClassVar[str] = "attack_from_beyond"
    cands: list[int]           # the models in reach

    def mask(self, state: Any, mask: Mask) -> None:
        state.beyond_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.beyond_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: Attack From Beyond: strike an enemy in your area as you die?"


@dataclass(frozen=True, slots=True)
class _Guarding(MiniFrame):
    """The three Guard decisions' sentence."""

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        what = "you" if self.kind == "guard" else _target(ctx)
        return (f"{who}: {_attacker(ctx)} attacks {what} ({ctx.get('attack')}) with power "
                f"{ctx.get('power')}; how many gems on Guard?")

    def facts(self, rec: dict[str, Any]) -> None:
        resolution_facts(rec, self.context)  # type: ignore[attr-defined]


@serializable
@dataclass(frozen=True, slots=True)
class Guard(_Guarding):
    """A hero attacked: gems on Guard (or a reaction spell), then parry or dodge (combat.py)."""

    kind: ClassVar[str] = Kind.GUARD.value
    view_kind: ClassVar[str] = "guard"
    FORCED: ClassVar[bool] = True
    context: Resolution        # the attack
    gems: int | None = None    # gems on Guard, once chosen

    def mask(self, state: Any, mask: Mask) -> None:
        state.guard_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.guard_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        if self.gems is not None:
            return (f"{who}: {_attacker(ctx)} attacks you with power {ctx.get('power')}; parry "
                    f"with which item ({self.gems} gems on Guard), or dodge?")
        return _Guarding.sentence(self, state, who, ctx)

    def facts(self, rec: dict[str, Any]) -> None:
        resolution_facts(rec, self.context)
        if self.gems is not None:
            rec["gems"] = self.gems


@serializable
@dataclass(frozen=True, slots=True)
class OverlordGuard(_Guarding):
    """The Overlord's gems on the Guard of one of his models (combat.py)."""

    kind: ClassVar[str] = Kind.OV_GUARD.value
    view_kind: ClassVar[str] = "overlord_guard"
    context: Resolution        # the attack

    def mask(self, state: Any, mask: Mask) -> None:
        state.ov_guard_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.ov_guard_apply(self, *state.game.codec.decode(action))


@serializable
@dataclass(frozen=True, slots=True)
class AllyGuard(_Guarding):
    """The leader's gems on an ally's Guard (combat.py)."""

    kind: ClassVar[str] = Kind.ALLY_GUARD.value
    view_kind: ClassVar[str] = "ally_guard"
    context: Resolution        # the attack

    def mask(self, state: Any, mask: Mask) -> None:
        state.ally_guard_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.ally_guard_apply(self, *state.game.codec.decode(action))


@serializable
@dataclass(frozen=True, slots=True)
class ManipGems(MiniFrame):
    """A complex Manipulation: the gems spent on it (manipulation.py)."""

    kind: ClassVar[str] = Kind.MANIP_GEMS.value
    view_kind: ClassVar[str] = "manipulation_gems"
    why: str                   # "chest", "door" or "throw"
    to: int = -1               # the door's or the throw's area
    object: int = -1           # the object thrown

    def mask(self, state: Any, mask: Mask) -> None:
        state.manip_gems_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.manip_gems_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        what = {"chest": "open the chest",
                "door": f"pick the lock of the door to {ctx.get('area')}",
                "throw": f"throw {ctx.get('object')} to {ctx.get('area')}"}[ctx["why"]]
        return f"{who}: how many gems on the Manipulation to {what}?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["why"] = self.why
        if self.to >= 0:
            rec["area"] = self.to
        if self.object >= 0:
            rec["object"] = self.object


@serializable
@dataclass(frozen=True, slots=True)
class ThrowArea(MiniFrame):
    """Throwing an object: the area aimed at (manipulation.py)."""

    kind: ClassVar[str] = Kind.THROW_AREA.value
    view_kind: ClassVar[str] = "throw_area"
    object: int                # the object thrown

    def mask(self, state: Any, mask: Mask) -> None:
        state.throw_area_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.throw_area_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: throw {ctx['object']} to which area?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["object"] = self.object


@serializable
@dataclass(frozen=True, slots=True)
class Claim(MiniFrame):
    """A chest's card: claim it or leave it (manipulation.py)."""

    kind: ClassVar[str] = Kind.CLAIM.value
    view_kind: ClassVar[str] = "claim_card"
    object: int                # the card found

    def mask(self, state: Any, mask: Mask) -> None:
        state.claim_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.claim_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: the chest holds {ctx['object']}: claim it, or leave it in the area?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["object"] = self.object


@serializable
@dataclass(frozen=True, slots=True)
class Catch(MiniFrame):
    """An object lands: a hero there may catch it (manipulation.py)."""

    kind: ClassVar[str] = Kind.CATCH.value
    view_kind: ClassVar[str] = "catch"
    object: int                # the object
    area: int                  # where it landed
    asked: list[int]           # heroes asked so far

    def mask(self, state: Any, mask: Mask) -> None:
        state.catch_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.catch_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: {ctx['object']} lands in {ctx['area']}: catch it?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["object"] = self.object
        rec["area"] = self.area
        rec["asked"] = self.asked


@serializable
@dataclass(frozen=True, slots=True)
class MustDrop(MiniFrame):
    """Over the maximum encumbrance: drop an object (manipulation.py)."""

    kind: ClassVar[str] = Kind.MUST_DROP.value
    view_kind: ClassVar[str] = "must_drop"
    FORCED: ClassVar[bool] = True

    def mask(self, state: Any, mask: Mask) -> None:
        state.must_drop_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.must_drop_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: you carry more than your maximum encumbrance: drop an object."


@serializable
@dataclass(frozen=True, slots=True)
class SpellTarget(MiniFrame):
    """A spell's target; Gift of Life and Mind Control take two steps (spells.py)."""

    kind: ClassVar[str] = Kind.SPELL_TARGET.value
    view_kind: ClassVar[str] = "spell_target"
    spell: int                        # the spell
    target_hero: int | None = None    # Gift of Life: the hero receiving gems, once chosen
    target_model: int | None = None   # Mind Control: the model moved, once chosen
    steps: int = 0                    # Mind Control: areas moved so far

    def mask(self, state: Any, mask: Mask) -> None:
        state.target_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.target_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"{who}: choose where or on whom to cast {ctx['spell']}."

    def facts(self, rec: dict[str, Any]) -> None:
        rec["spell"] = self.spell
        if self.target_hero is not None:
            rec["target"] = ["hero", self.target_hero]
        if self.target_model is not None:
            rec["target"] = ["model", self.target_model]
            rec["steps"] = self.steps


@serializable
@dataclass(frozen=True, slots=True)
class AllyAct(MiniFrame):
    """An activated ally moves and attacks (allies.py)."""

    kind: ClassVar[str] = Kind.ALLY_ACT.value
    view_kind: ClassVar[str] = "ally_activation"
    FORCED: ClassVar[bool] = True
    model: int                 # the ally
    mp: int                    # movement points left
    bought: int                # movement points bought with gems
    attacked: bool             # it has attacked

    def mask(self, state: Any, mask: Mask) -> None:
        state.ally_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.ally_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"{who}: {ctx['model']} ({ctx['movement_points']} movement points): move or "
                f"attack, or end its activation.")

    def facts(self, rec: dict[str, Any]) -> None:
        rec["model"] = self.model
        rec["movement_points"] = self.mp
        rec["bought"] = self.bought
        if self.attacked:
            rec["attacked"] = True


__all__ = [  # the decisions, and the records they carry (re-exported from records.py)
    "CAPTIVE", "DECISION_TYPES", "FRAME_TYPES", "Act", "AllyAct", "AllyGuard", "AreaOrder",
    "AttackGems", "AttackWeapon", "Beyond", "Catch", "Circular", "Claim", "Cont", "Event",
    "Free", "Guard", "Haste", "Hide", "Kind", "ManipGems", "MiniFrame", "MustDrop",
    "OverlordGuard", "OverlordTurn", "Payer", "Reinforce", "ReinforceArea", "Reroll",
    "Resolution", "Rocks", "Sacrifice", "SpellTarget", "StanceChoice", "ThrowArea", "Unit",
    "UnitSpell", "Who", "copy_resolution"]

DECISION_TYPES: tuple[type[MiniFrame], ...] = (
    Hide, StanceChoice, Act, AttackGems, AttackWeapon, Reroll, Sacrifice, Circular, AreaOrder,
    Beyond, Guard, OverlordGuard, AllyGuard, ManipGems, ThrowArea, Claim, Catch, MustDrop,
    SpellTarget, AllyAct, OverlordTurn, Unit, Event, UnitSpell, Free, Rocks, Reinforce,
    ReinforceArea, Haste)
FRAME_TYPES: tuple[type[Frame[Any]], ...] = DECISION_TYPES + CONT_TYPES
