"""The Overlord's decisions as frames on the engine's stack (engine/flow.py; rulebook "The
Overlord's Turn": activating River tiles, the models' activations, the event tile, spells cast
by a tile, Reinforcements; In the Clutches of the Picts: Yselda hidden; The Final Ritual:
Bestial Haste). The other half of frames.py (which re-exports these), split for size; the same
shape: ``mask`` and ``apply`` call the rule of the module named in the class's docstring
through the state, ``sentence`` is the view's prompt, ``facts`` the decision's record.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from conan_envs.engine.core import Mask
from conan_envs.engine.errors import CorruptStateError
from conan_envs.engine.flow import Frame
from conan_envs.engine.serialize import serializable

from .records import Kind, MiniFrame


@serializable
@dataclass(frozen=True, slots=True)
class Hide(MiniFrame):
    """The Overlord hides Yselda in a hut (In the Clutches of the Picts; scenarios.py)."""

    kind: ClassVar[str] = Kind.HIDE.value
    view_kind: ClassVar[str] = "hide_yselda"

    def mask(self, state: Any, mask: Mask) -> None:
        state.hide_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.hide_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return "Overlord: choose in secret the hut where Yselda hides."




@serializable
@dataclass(frozen=True, slots=True)
class OverlordTurn(MiniFrame):
    """The Overlord activates River tiles or ends the turn (overlord.py)."""

    kind: ClassVar[str] = Kind.OV_TURN.value
    view_kind: ClassVar[str] = "overlord_turn"
    FORCED: ClassVar[bool] = True
    activations: int           # activations so far
    activated: list[int]       # tiles activated

    def mask(self, state: Any, mask: Mask) -> None:
        state.turn_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.turn_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"Overlord: activate a tile of the River ({ctx['activations']} of 2 activations "
                f"used), or end the turn.")

    def facts(self, rec: dict[str, Any]) -> None:
        rec["activations"] = self.activations
        rec["activated"] = self.activated


@serializable
@dataclass(frozen=True, slots=True)
class Unit(MiniFrame):
    """A group activation: each model in turn moves and attacks (overlord.py)."""

    kind: ClassVar[str] = Kind.UNIT.value
    view_kind: ClassVar[str] = "model_activation"
    FORCED: ClassVar[bool] = True
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

    def mask(self, state: Any, mask: Mask) -> None:
        state.unit_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.unit_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return (f"Overlord: {ctx['model']} ({ctx['movement_points']} movement points): move, "
                f"attack, buy movement, or end its activation.")

    def facts(self, rec: dict[str, Any]) -> None:
        rec["model"] = self.model
        rec["movement_points"] = self.mp
        rec["bought"] = self.bought
        if self.attacked:
            rec["attacked"] = True
        if self.tile >= 0:
            rec["tile"] = self.tile
        rec["queue"] = self.queue
        if self.held:
            rec["held"] = True
        if self.volley:
            rec["volley"] = True
        if self.haste:
            rec["haste"] = True
        if self.hit:
            rec["hit_" + self.hit] = True
        if self.cast:
            rec["cast"] = self.cast


@serializable
@dataclass(frozen=True, slots=True)
class Event(MiniFrame):
    """The Overlord picks the event (overlord.py)."""

    kind: ClassVar[str] = Kind.EVENT.value
    view_kind: ClassVar[str] = "event"
    FORCED: ClassVar[bool] = True

    def mask(self, state: Any, mask: Mask) -> None:
        state.event_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.event_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return "Overlord: choose the event."


@serializable
@dataclass(frozen=True, slots=True)
class UnitSpell(MiniFrame):
    """A spell cast by a model: the hero targeted (overlord.py)."""

    kind: ClassVar[str] = Kind.UNIT_SPELL.value
    view_kind: ClassVar[str] = "overlord_spell_target"
    FORCED: ClassVar[bool] = True
    model: int                 # the caster
    spell: int                 # the spell

    def mask(self, state: Any, mask: Mask) -> None:
        state.unit_spell_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.unit_spell_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"Overlord: {ctx['model']} casts {ctx['spell']}: on which hero?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["spell"] = self.spell
        rec["model"] = self.model


@serializable
@dataclass(frozen=True, slots=True)
class Free(MiniFrame):
    """The Overlord frees a petrified monster (overlord.py)."""

    kind: ClassVar[str] = Kind.FREE.value
    view_kind: ClassVar[str] = "free_statue"
    FORCED: ClassVar[bool] = True

    def mask(self, state: Any, mask: Mask) -> None:
        state.free_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.free_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return "Overlord: free which petrified monster?"


@serializable
@dataclass(frozen=True, slots=True)
class Rocks(MiniFrame):
    """Rocks fall: the area struck (overlord.py)."""

    kind: ClassVar[str] = Kind.ROCKS.value
    view_kind: ClassVar[str] = "rocks_fall"

    def mask(self, state: Any, mask: Mask) -> None:
        state.rocks_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.rocks_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return "Overlord: rocks fall on which area?"


@serializable
@dataclass(frozen=True, slots=True)
class Reinforce(MiniFrame):
    """Reinforcements: a tile to bring back, or stop (overlord.py)."""

    kind: ClassVar[str] = Kind.REINFORCE.value
    view_kind: ClassVar[str] = "reinforce"
    FORCED: ClassVar[bool] = True
    pts: int                   # reinforcement points left

    def mask(self, state: Any, mask: Mask) -> None:
        state.reinforce_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.reinforce_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"Overlord: {ctx['points']} reinforcement points left: bring back a tile, or stop."

    def facts(self, rec: dict[str, Any]) -> None:
        rec["points"] = self.pts


@serializable
@dataclass(frozen=True, slots=True)
class ReinforceArea(MiniFrame):
    """Reinforcements: the area the model comes back in (overlord.py); it returns to its
    `Reinforce`."""

    kind: ClassVar[str] = Kind.REINFORCE_AREA.value
    view_kind: ClassVar[str] = "reinforce_area"
    tile: int                  # the tile reinforced

    def mask(self, state: Any, mask: Mask) -> None:
        state.reinforce_area_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.reinforce_area_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return f"Overlord: place the {ctx['tile']} model in which reinforcement area?"

    def check(self, state: Any, below: Frame[Any] | None) -> None:
        if type(below) is not Reinforce:
            raise CorruptStateError("saved miniatures state: field stack: a reinforcement area "
                                    "is chosen for no reinforcement")
        state.check_frame(self)

    def facts(self, rec: dict[str, Any]) -> None:
        rec["tile"] = self.tile


@serializable
@dataclass(frozen=True, slots=True)
class Haste(MiniFrame):
    """Bestial Haste: the returned group that moves now (The Final Ritual; overlord.py)."""

    kind: ClassVar[str] = Kind.HASTE.value
    view_kind: ClassVar[str] = "bestial_haste"
    FORCED: ClassVar[bool] = True
    groups: dict[str, list[int]]   # tile (as a string) -> models returned

    def mask(self, state: Any, mask: Mask) -> None:
        state.haste_mask(self, mask, state.game.codec)

    def apply(self, state: Any, action: int) -> None:
        state.haste_apply(self, *state.game.codec.decode(action))

    def sentence(self, state: Any, who: str, ctx: dict[str, Any]) -> str:
        return "Overlord: Bestial Haste: which returned group moves now (up to 2 points)?"

    def facts(self, rec: dict[str, Any]) -> None:
        rec["groups"] = sorted(int(t) for t in self.groups)
