"""The decisions of setup, the Resource and Main Phases and the moving of tokens, as frames on
the engine's stack (engine/flow.py; rulebook: Setup, 1. Resource Phase, 2. Main Phase, Move
Symbol, Scry Symbol, Sorcery Symbol, Trade Symbol, Cycle); frames_resolve.py holds the others.

A decision's class says which actions are open (``choices``), what one of them does
(``choose``) and the sentence the view asks it with (``sentence``); the actions every decision
shares come from :class:`~.stack.Ask`. ``kind`` is the decision's public machine name
(``decision()``, the view, the transcripts); ``key`` the short name the encoder orders its
one-hot by and the scripted agents read.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine.core import Mask
from ..engine.flow import Frame
from ..engine.serialize import serializable
from . import words as W
from .actions import OFF
from .content import ALLY
from .stack import DONE, FATE, KINGDOM, SLOT, YES, Ask, C, ask, bad, check_fields, clear, mark, push


@serializable
@dataclass(frozen=True, slots=True)
class Side(Ask):
    """Setup: the side of one's Character card played."""
    key: ClassVar[str] = "side"
    kind: ClassVar[str] = "choose_character_side"

    def choices(self, s: Any, m: Mask) -> None:
        m[SLOT] = m[SLOT + 1] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.side[self.actor] = i
        clear(s)

    def sentence(self, s: Any) -> str:
        return "choose the side of your Character card to play this game."


@serializable
@dataclass(frozen=True, slots=True)
class God(Ask):
    """A God token: the Resource Phase's choice ("gain") or a Tribute ("tribute")."""
    key: ClassVar[str] = "god"
    kind: ClassVar[str] = "choose_god_token"
    why: str

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.resource.mask_god(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.resource.take_god(s, self.actor, i)

    def sentence(self, s: Any) -> str:
        return ("pay 1 Gold to take a God token." if self.why == "tribute"
                else "choose a God token (you gain the Gold on it).")


@serializable
@dataclass(frozen=True, slots=True)
class Buy(Ask):
    """Resource Phase: buy a die, or buy no more."""
    key: ClassVar[str] = "buy"
    kind: ClassVar[str] = "buy_dice"
    gold_sharing: ClassVar[bool] = True
    own_turn: ClassVar[bool] = True

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.resource.mask_buy(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.resource.apply_buy(s, self, seg, i)

    def sentence(self, s: Any) -> str:
        p = self.actor
        return f"buy a primary or general die for {s.rules.resource.price(s, p)} Gold, or buy no more dice."


@serializable
@dataclass(frozen=True, slots=True)
class Plot(Ask):
    """Advance the Plot: roll `rolls` of 3; `pushed`: rolling on for the bonus."""
    key: ClassVar[str] = "plot"
    kind: ClassVar[str] = "plot_roll"
    own_turn: ClassVar[bool] = True
    rolls: int
    pushed: bool = False

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.resource.mask_plot(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.resource.apply_plot(s, self, seg, i)

    def sentence(self, s: Any) -> str:
        p = self.actor
        c = s.rules.resource.plot_card(s, p)
        req = ", ".join(W.sym(x) for x in C.plot_req[c])
        bonus = ", ".join(W.sym(x) for x in C.plot_bonus[c]) or "none"
        tail = " (pushing for the bonus: 3 or more Characters fail it all)" if self.pushed else ""
        return (f"Plot roll {self.rolls} of 3, needing {req} (bonus {bonus}); set aside "
                f"a die, roll again, or stop rolling (advancing if the required results "
                f"are set aside){tail}.")


@serializable
@dataclass(frozen=True, slots=True)
class Main(Ask):
    """Main Phase: spend a die on an action, or take a free action (`j`: turn-order index)."""
    key: ClassVar[str] = "main"
    kind: ClassVar[str] = "main_action"
    gold_sharing: ClassVar[bool] = True
    own_turn: ClassVar[bool] = True
    j: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.main_phase.mask_main(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.main_phase.apply_main(s, self, seg, i)

    def sentence(self, s: Any) -> str:
        return "spend a die on an action, or take a free action."


@serializable
@dataclass(frozen=True, slots=True)
class MainPost(Ask):
    """Main Phase, after an action: a free action, or end the turn."""
    key: ClassVar[str] = "main_post"
    kind: ClassVar[str] = "free_actions"
    gold_sharing: ClassVar[bool] = True
    own_turn: ClassVar[bool] = True
    j: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.main_phase.mask_post(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.main_phase.apply_post(s, self, seg, i)

    def sentence(self, s: Any) -> str:
        return "take a free action, or end your turn."


@serializable
@dataclass(frozen=True, slots=True)
class SecondMoveDie(Ask):
    """Leaving a vast kingdom takes a second Move die (`first`: the die already spent)."""
    key: ClassVar[str] = "second_move_die"
    kind: ClassVar[str] = "second_move_die"
    first: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.main_phase.mask_second(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.main_phase.apply_second(s, self, i)

    def sentence(self, s: Any) -> str:
        p = self.actor
        return f"spend a second Move die to leave {C.kingdoms[s.loc[0 if s.rk[p] == ALLY else p]]}."


@serializable
@dataclass(frozen=True, slots=True)
class MoveTo(Ask):
    """Move `who`'s token to one of `opts` (`why`: move, sail, push, argos, border, ability;
    `facer`: who faces what is there, -1 for the rules' default)."""
    key: ClassVar[str] = "move_to"
    kind: ClassVar[str] = "choose_kingdom"
    options: ClassVar[str] = "kingdom"
    who: int
    opts: tuple[int, ...]
    why: str
    facer: int = -1

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.move_character(s, self.who, i, actor=self.actor, facer=self.facer)

    def sentence(self, s: Any) -> str:
        roles = s.game.roles
        mover = roles[self.who]
        why = {"push": f"push {mover} (the loser of the Duel)", "sail": f"sail {mover}",
               "argos": f"move {mover} (Argos)", "border": f"move {mover} (Border Kingdom)"}
        return f"choose the kingdom to {why.get(self.why, 'move ' + mover)} to."


@serializable
@dataclass(frozen=True, slots=True)
class CtSource(Ask):
    """The face-down Challenge token to move (a kingdom of `opts`)."""
    key: ClassVar[str] = "ct_source"
    kind: ClassVar[str] = "challenge_token_to_move"
    options: ClassVar[str] = "kingdom"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        ask(s, CtDest(self.actor, i, s.rules.tokens.ct_destinations(s, i)))

    def sentence(self, s: Any) -> str:
        return "choose the face-down Challenge token to move."


@serializable
@dataclass(frozen=True, slots=True)
class CtDest(Ask):
    """Where the Challenge token of `src` moves."""
    key: ClassVar[str] = "ct_dest"
    kind: ClassVar[str] = "challenge_token_destination"
    options: ClassVar[str] = "kingdom"
    src: int
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.move_challenge(s, self.actor, self.src, i)

    def sentence(self, s: Any) -> str:
        return f"choose where to move the Challenge token from {C.kingdoms[self.src]}."


@serializable
@dataclass(frozen=True, slots=True)
class FateSource(Ask):
    """The kingdom whose Fate token moves."""
    key: ClassVar[str] = "fate_source"
    kind: ClassVar[str] = "fate_token_to_move"
    options: ClassVar[str] = "kingdom"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.gains.fate_source(s, self.actor, i)

    def sentence(self, s: Any) -> str:
        return "choose the kingdom whose Fate token you move."


@serializable
@dataclass(frozen=True, slots=True)
class FateDest(Ask):
    """Where a `fate` Fate token of `src` moves."""
    key: ClassVar[str] = "fate_dest"
    kind: ClassVar[str] = "fate_token_destination"
    options: ClassVar[str] = "kingdom"
    src: int
    fate: int
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.move_fate(s, self.src, self.fate, i)

    def sentence(self, s: Any) -> str:
        return (f"choose where to move the {W.FATE_NAMES[self.fate]} Fate token from "
                f"{C.kingdoms[self.src]}.")


@serializable
@dataclass(frozen=True, slots=True)
class PickFate(Ask):
    """A Fate token kind of `opts`, for `why` (gain, lose, trade_give, trade_take, move_fate,
    aquilonia); `src`: the kingdom a moved token lies in (-1: none)."""
    key: ClassVar[str] = "pick_fate"
    kind: ClassVar[str] = "choose_fate_token"
    options: ClassVar[str] = "fate"
    why: str
    opts: tuple[int, ...]
    src: int = -1

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, FATE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.gains.fate_done(s, self.actor, i, self.why, self.src)

    def sentence(self, s: Any) -> str:
        what = {"gain": "to gain", "lose": "to lose", "trade_give": "to trade away",
                "trade_take": "to take in trade", "move_fate": "to move",
                "aquilonia": "to turn in for 2 Gold"}[self.why]
        return f"choose the Fate token {what}."


@serializable
@dataclass(frozen=True, slots=True)
class PickTrack(Ask):
    """An Achievement track of `opts` to advance on (an Adventure reward)."""
    key: ClassVar[str] = "pick_track"
    kind: ClassVar[str] = "choose_achievement_track"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        for t in self.opts:
            m[OFF["ach"] + 2 * t] = True

    def check(self, s: Any, below: Frame[Any] | None) -> None:
        check_fields(self, s)
        if not all(0 <= t < 3 for t in self.opts):
            bad(self, "opts are not Achievement tracks")

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        push(s, s.rules.steps.AchAdv(self.actor, i // 2, 1))

    def sentence(self, s: Any) -> str:
        return "choose the Achievement track to advance on."


@serializable
@dataclass(frozen=True, slots=True)
class CycleSlot(Ask):
    """The face-up card to cycle (`which`: adventure or encounter)."""
    key: ClassVar[str] = "cycle_slot"
    kind: ClassVar[str] = "card_to_cycle"
    which: str

    def choices(self, s: Any, m: Mask) -> None:
        faces = s.adv_face if self.which == "adventure" else s.enc_face
        for j in range(3):
            if faces[j] >= 0:
                m[SLOT + j] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.cards.start_cycle(s, self.actor, self.which, i)

    def sentence(self, s: Any) -> str:
        return f"choose the face-up {self.which.capitalize()} card to cycle."


@serializable
@dataclass(frozen=True, slots=True)
class KeepCard(Ask):
    """Cycle: keep one of the two cards `drawn` face up in `slot`, discard the other."""
    key: ClassVar[str] = "keep_card"
    kind: ClassVar[str] = "card_to_keep"
    which: str
    slot: int
    drawn: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        m[SLOT] = m[SLOT + 1] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        keep, other = self.drawn[i], self.drawn[1 - i]
        if self.which == "adventure":
            s.adv_face[self.slot] = keep
            s.adv_discard.append(other)
        else:
            s.enc_face[self.slot] = keep
            s.enc_discard.append(other)

    def sentence(self, s: Any) -> str:
        return f"keep one of the two {self.which.capitalize()} cards drawn (the other is discarded)."


@serializable
@dataclass(frozen=True, slots=True)
class UnlockSlot(Ask):
    """The Encounter-track space (of `opts`) die `die` unlocks."""
    key: ClassVar[str] = "unlock_slot"
    kind: ClassVar[str] = "unlock_space"
    options: ClassVar[str] = "slot"
    die: int
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, SLOT, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.main_phase.unlock(s, self.actor, self.die, i)

    def sentence(self, s: Any) -> str:
        return f"choose the Encounter-track space for die {self.die}."


@serializable
@dataclass(frozen=True, slots=True)
class Scry(Ask):
    """What to scry: a kingdom's token, 100+q a player's supply, 200+d a deck's top card."""
    key: ClassVar[str] = "scry"
    kind: ClassVar[str] = "scry_target"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        for x in self.opts:
            if x >= 200:
                m[SLOT + x - 200] = True
            elif x >= 100:
                m[OFF["player"] + x - 100] = True
            else:
                m[KINGDOM + x] = True

    def check(self, s: Any, below: Frame[Any] | None) -> None:
        check_fields(self, s)
        ok = (range(len(C.kingdoms)), range(100, 100 + s.n), range(200, 203))
        if not all(any(x in r for r in ok) for x in self.opts):
            bad(self, "opts are not scry targets")

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.scry(s, self.actor, seg, i)

    def sentence(self, s: Any) -> str:
        return "choose what to scry: a face-down token or the top card of a deck."


@serializable
@dataclass(frozen=True, slots=True)
class ScryMove(Ask):
    """After scrying: pay 1 Gold for a Movement action, or not."""
    key: ClassVar[str] = "scry_move"
    kind: ClassVar[str] = "scry_movement"

    def choices(self, s: Any, m: Mask) -> None:
        for x in s.rules.tokens.scry_moves(s, self.actor):
            m[YES if x == 0 else SLOT + x] = True
        m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.scry_move(s, self.actor, seg, i)

    def sentence(self, s: Any) -> str:
        p = self.actor
        offered = [("pay 1 Gold to move your character", "pay 1 Gold to move a Challenge token",
                    "pay 1 Gold to move a Fate token")[m] for m in s.rules.tokens.scry_moves(s, p)]
        return ", ".join(offered) + ", or no Movement."


@serializable
@dataclass(frozen=True, slots=True)
class PlaceToken(Ask):
    """The Challenge token (type) from one's supply to place face down."""
    key: ClassVar[str] = "place_token"
    kind: ClassVar[str] = "challenge_token_to_place"

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.tokens.mask_place_token(s, self.actor, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.tokens.pick_token(s, self.actor, i)

    def sentence(self, s: Any) -> str:
        return "choose the Challenge token from your supply to place face down."


@serializable
@dataclass(frozen=True, slots=True)
class PlaceWhere(Ask):
    """The kingdom of `opts` for Challenge token `token`."""
    key: ClassVar[str] = "place_where"
    kind: ClassVar[str] = "challenge_token_kingdom"
    options: ClassVar[str] = "kingdom"
    token: int
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        mark(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.place_token(s, self.actor, self.token, i)

    def sentence(self, s: Any) -> str:
        return "choose the kingdom for the face-down Challenge token."

# The decisions every round asks, made once (frames are immutable): by player, turn index.
MAINS = tuple(tuple(Main(p, j) for j in range(4)) for p in range(4))
MAIN_POSTS = tuple(tuple(MainPost(p, j) for j in range(4)) for p in range(4))
BUYS = tuple(Buy(p) for p in range(4))
FIRST_PLOT_ROLLS = tuple(Plot(p, 1) for p in range(4))
GOD_GAINS = tuple(God(p, "gain") for p in range(4))

MAIN_DECISION_TYPES: tuple[type[Ask], ...] = (
    Side, God, Buy, Plot, Main, MainPost, SecondMoveDie, MoveTo, CtSource, CtDest, FateSource,
    FateDest, PickFate, PickTrack, CycleSlot, KeepCard, UnlockSlot, Scry, ScryMove, PlaceToken,
    PlaceWhere)
