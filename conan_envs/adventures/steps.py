"""The steps the rules take without a choice (``AUTO`` frames on the engine's stack; rulebook:
Round Overview and each phase's section): a phase begins, a player's turn comes, dice are
rolled and counted, a reward is gained. Each step is taken off the stack, then runs its rule
(through ``s.rules``, see frames.py); the rule may push further steps or ask a decision.
A step without parameters is one shared instance (``ROUND``...). This module: setup, the
Resource and Main Phases, moving and revealing, gains; steps_resolve.py: Fights, Duels,
Encounters, the Adventure and the End of Round.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..engine.flow import AUTO, Frame
from ..engine.serialize import serializable
from .stack import Ask, check_fields


@dataclass(frozen=True, slots=True)
class Step(Frame[Any]):
    """A step of the rules; its parameters are its fields (``actor`` is always AUTO)."""

    actor: int = field(default=AUTO, kw_only=True)
    kind: ClassVar[str] = "step"

    def check(self, s: Any, below: Frame[Any] | None) -> None:
        check_fields(self, s)


@serializable
@dataclass(frozen=True, slots=True)
class ChooseSides(Step):
    """Setup: each player chooses the side of its Character card."""
    kind: ClassVar[str] = "choose_sides"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.abilities.choose_sides(s)


@serializable
@dataclass(frozen=True, slots=True)
class ChooseSide(Step):
    """Player `p` chooses its side."""
    kind: ClassVar[str] = "choose_side"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.abilities.choose_side(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class Round(Step):
    """A new round: the phases in order (Round Overview)."""
    kind: ClassVar[str] = "round"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.new_round(s)


@serializable
@dataclass(frozen=True, slots=True)
class Event(Step):
    """Reveal Event."""
    kind: ClassVar[str] = "event"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.event(s)


@serializable
@dataclass(frozen=True, slots=True)
class Gods(Step):
    """God tokens, from the lowest score up."""
    kind: ClassVar[str] = "gods"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.gods(s)


@serializable
@dataclass(frozen=True, slots=True)
class GodChoice(Step):
    """Player `p` chooses a God token."""
    kind: ClassVar[str] = "god_choice"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.god_choice(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class GodGold(Step):
    """1 Gold on each God token left in the supply."""
    kind: ClassVar[str] = "god_gold"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.god_gold(s)


@serializable
@dataclass(frozen=True, slots=True)
class BuyAll(Step):
    """Buying dice, in turn order."""
    kind: ClassVar[str] = "buy_all"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.buy_all(s)


@serializable
@dataclass(frozen=True, slots=True)
class BuyStep(Step):
    """Player `p` may buy dice."""
    kind: ClassVar[str] = "buy"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.buy(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class PlotPhase(Step):
    """Advance the Plot, in turn order."""
    kind: ClassVar[str] = "plot_phase"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.plot_phase(s)


@serializable
@dataclass(frozen=True, slots=True)
class PlotAttempt(Step):
    """Player `p`'s Plot roll."""
    kind: ClassVar[str] = "plot_attempt"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.resource.plot_attempt(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class MainPhase(Step):
    """2. Main Phase: every player's dice reset."""
    kind: ClassVar[str] = "main_phase"

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.main_phase.main_phase(s)


@serializable
@dataclass(frozen=True, slots=True)
class MainTurn(Step):
    """The next Main-phase turn from turn-order index `j`."""
    kind: ClassVar[str] = "main_turn"
    j: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.main_phase.main_turn(s, self.j)


@serializable
@dataclass(frozen=True, slots=True)
class MainReask(Step):
    """After a free action: `p` acts again, if it has active dice."""
    kind: ClassVar[str] = "main_reask"
    p: int
    j: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.main_phase.main_reask(s, self.p, self.j)


@serializable
@dataclass(frozen=True, slots=True)
class MainAfter(Step):
    """After `p`'s action: free actions, or the next turn."""
    kind: ClassVar[str] = "main_after"
    p: int
    j: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.main_phase.main_after(s, self.p, self.j)


@serializable
@dataclass(frozen=True, slots=True)
class Enter(Step):
    """`who`'s token entered kingdom `k` from `origin`, moved by `by`: what is there is faced."""
    kind: ClassVar[str] = "enter"
    who: int
    k: int
    by: int
    origin: int
    facer: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.tokens.enter(s, self.who, self.k, self.by, self.origin, self.facer)


@serializable
@dataclass(frozen=True, slots=True)
class TempleVp(Step):
    """A Foe entering a Temple of Set scores 2."""
    kind: ClassVar[str] = "temple_vp"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.gain_vp(s, self.p, 2)


@serializable
@dataclass(frozen=True, slots=True)
class OfferTemple(Step):
    """`p` may fight the Temple of Set in `k`."""
    kind: ClassVar[str] = "offer_temple"
    p: int
    k: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.tokens.offer_temple(s, self.p, self.k)


@serializable
@dataclass(frozen=True, slots=True)
class FoeMayReveal(Step):
    """Foe `p` may reveal the Challenge token in `k`."""
    kind: ClassVar[str] = "foe_may_reveal"
    p: int
    k: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.tokens.foe_may_reveal(s, self.p, self.k)


@serializable
@dataclass(frozen=True, slots=True)
class Reveal(Step):
    """The Challenge token in `k` is revealed."""
    kind: ClassVar[str] = "reveal"
    k: int
    revealer: int
    facer: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.tokens.reveal(s, self.k, self.revealer, self.facer)


@serializable
@dataclass(frozen=True, slots=True)
class AmbushStep(Step):
    """Ambush: the next Foe in turn order after `revealer` acts."""
    kind: ClassVar[str] = "ambush"
    revealer: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.tokens.ambush(s, self.revealer)


@serializable
@dataclass(frozen=True, slots=True)
class Resume(Step):
    """Back to decision `back`, which a side effect interrupted."""
    kind: ClassVar[str] = "resume"
    back: Ask

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.main_phase.resume(s, self.back)


@serializable
@dataclass(frozen=True, slots=True)
class TrackReward(Step):
    """A reward space reached on a track."""
    kind: ClassVar[str] = "track_reward"
    p: int
    what: str

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.track_reward(s, self.p, self.what)


@serializable
@dataclass(frozen=True, slots=True)
class FateLocal(Step):
    """`p` gains a Fate token local to `k`."""
    kind: ClassVar[str] = "fate_local"
    p: int
    k: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.fate_local(s, self.p, self.k)


@serializable
@dataclass(frozen=True, slots=True)
class FateAny(Step):
    """`p` gains any Fate token."""
    kind: ClassVar[str] = "fate_any"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.fate_any(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class LoseFate(Step):
    """`p` loses a Fate token."""
    kind: ClassVar[str] = "lose_fate"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.lose_fate(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class RollKdie(Step):
    """`p` rolls the Kingdom die of `k` (`ktype`: one type, or -1 for the kingdom's)."""
    kind: ClassVar[str] = "roll_kdie"
    p: int
    k: int
    ktype: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.roll_kdie(s, self.p, self.k, self.ktype)


@serializable
@dataclass(frozen=True, slots=True)
class Reward(Step):
    """`p` gains the reward words `items`, in order."""
    kind: ClassVar[str] = "reward"
    p: int
    items: tuple[str, ...]

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.reward(s, self.p, self.items)


@serializable
@dataclass(frozen=True, slots=True)
class Reward1(Step):
    """`p` gains one reward word."""
    kind: ClassVar[str] = "reward1"
    p: int
    item: str

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.reward1(s, self.p, self.item)


@serializable
@dataclass(frozen=True, slots=True)
class AchAdv(Step):
    """`p` advances `steps` on Achievement track `t`."""
    kind: ClassVar[str] = "ach_adv"
    p: int
    t: int
    steps: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.ach_adv(s, self.p, self.t, self.steps)


@serializable
@dataclass(frozen=True, slots=True)
class SetDieStep(Step):
    """Set a die: `p` keeps one result for the next phase."""
    kind: ClassVar[str] = "set_die"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.set_die(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class WoundStep(Step):
    """`p` is wounded."""
    kind: ClassVar[str] = "wound"
    p: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.gains.wound(s, self.p)


@serializable
@dataclass(frozen=True, slots=True)
class KingdomTokenNow(Step):
    """A Kingdom token `t` just revealed may be used at once."""
    kind: ClassVar[str] = "kingdom_token_now"
    p: int
    t: int

    def run(self, s: Any) -> None:
        s.stack.pop()
        s.rules.kingdoms.kingdom_token_now(s, self.p, self.t)


CHOOSE_SIDES = ChooseSides()
ROUND = Round()
EVENT = Event()
GODS = Gods()
GOD_GOLD = GodGold()
BUY_ALL = BuyAll()
PLOT_PHASE = PlotPhase()
MAIN_PHASE = MainPhase()
# The steps the rounds repeat most, made once (frames are immutable): by player, turn index.
P4 = range(4)
MAIN_TURNS = tuple(MainTurn(j) for j in P4)
MAIN_AFTERS = tuple(tuple(MainAfter(p, j) for j in P4) for p in P4)
MAIN_REASKS = tuple(tuple(MainReask(p, j) for j in P4) for p in P4)
BUY_STEPS = tuple(BuyStep(p) for p in P4)
GOD_CHOICES = tuple(GodChoice(p) for p in P4)
PLOT_ATTEMPTS = tuple(PlotAttempt(p) for p in P4)

STEP_TYPES: tuple[type[Step], ...] = (
    ChooseSides, ChooseSide, Round, Event, Gods, GodChoice, GodGold, BuyAll, BuyStep, PlotPhase,
    PlotAttempt, MainPhase, MainTurn, MainReask, MainAfter, Enter, TempleVp, OfferTemple,
    FoeMayReveal, Reveal, AmbushStep, Resume, TrackReward, FateLocal, FateAny, LoseFate,
    RollKdie, Reward, Reward1, AchAdv, SetDieStep, WoundStep, KingdomTokenNow)
