"""The Adventures of Conan's pending decisions as frames on the engine's stack (engine/flow.py;
rulebook: Round Overview, Timing rule, and the phase sections each decision belongs to).

What is pending is a stack of frames: the steps the rules take without a choice (``AUTO``,
steps.py) and, on top, at most one decision asked of a player (this module). A decision's
class says which actions are open (``choices``) and what one of them does (``choose``); the
actions every decision shares (changing one's results with Fate and God tokens, the
Character ability, the team game's Gold gift) are added by :class:`Ask` itself.

Frames reach the rules through the state: ``s.rules`` is the namespace of the rules
functions (state.py), so the rules modules may import the frames they push while the
frames import none of them. ``kind`` is the decision's public machine name (``decision()``,
the view, the transcripts); ``key`` the short name the encoder orders its one-hot by.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, NoReturn

from ..engine.core import Mask
from ..engine.errors import CorruptStateError
from ..engine.flow import AUTO, Frame
from ..engine.serialize import serializable
from .actions import CODEC, OFF
from .content import content

C = content()

MOD_SEGMENTS = frozenset(("fate_die", "set_die", "bel_die", "ishtar_die", "ymir_die", "mitra",
                          "asura", "ability", "ibis"))
GIVE_GOLD = OFF["give_gold"]
YES, DONE = OFF["yes"], OFF["done"]


@dataclass(frozen=True, slots=True)
class Bout:
    """A Duel under way: attacker `a`, defender `b`, in kingdom `k`, their hits `ha`, `hb`
    and whether each stopped rolling (`sa`, `sb`: 0 or 1)."""
    a: int
    b: int
    k: int
    ha: int = 0
    hb: int = 0
    sa: int = 0
    sb: int = 0


serializable(Bout)


# ---- snapshot checks (what a frame read back from a snapshot must satisfy) -------------------
PLAYER_FIELDS = frozenset(("p", "who", "roller", "scorer", "a", "b", "w", "loser", "q",
                           "revealer", "tok", "initiator", "by"))
KINGDOM_FIELDS = frozenset(("k", "kingdom", "src", "origin"))
_SCALARS: dict[str, type] = {"int": int, "str": str, "bool": bool}


def bad(f: Frame[Any] | Bout, why: str) -> NoReturn:
    kind = f.kind if isinstance(f, Frame) else "duel"
    raise CorruptStateError(f"saved adventures_v2 state: field stack: {kind!r} frame: {why}")


def check_fields(f: Frame[Any] | Bout, s: Any) -> None:
    """The fields of frame `f` have their declared types; players and kingdoms are in range
    (a decision's options are checked by its class, ``Ask.check``)."""
    n, nk = s.n, len(C.kingdoms)
    for fl in fields(f):
        name, v, typ = fl.name, getattr(f, fl.name), str(fl.type)
        scalar = _SCALARS.get(typ)
        if scalar is not None:
            if type(v) is not scalar:
                bad(f, f"{name} is not {typ}")
        elif typ.startswith("tuple["):
            item = _SCALARS[typ[6:typ.index(",")]]
            if type(v) is not tuple or any(type(x) is not item for x in v) or len(v) > 64:
                bad(f, f"{name} is not a {typ}")
        elif typ == "Bout":
            if type(v) is not Bout:
                bad(f, f"{name} is not a Duel")
            check_fields(v, s)
            if v.a == v.b or not (0 <= v.k < nk and v.sa in (0, 1) and v.sb in (0, 1)
                                  and 0 <= v.ha <= 10_000 and 0 <= v.hb <= 10_000):
                bad(f, "not a Duel's players, kingdom, hits and stops")
        elif typ == "Ask":
            if not isinstance(v, Ask) or type(v) not in s.FRAME_TYPES:
                bad(f, f"{name} is not a decision")
            v.check(s, None)
        if name in PLAYER_FIELDS and not 0 <= v < n:
            bad(f, f"{name} {v} is not a player")
        if name in KINGDOM_FIELDS and not 0 <= v < nk and not (v == -1 and fl.default == -1):
            bad(f, f"{name} {v} is not a kingdom")
        if name in ("facer", "temple", "token", "ktype", "first", "die", "slot") and v < -1:
            bad(f, f"{name} {v} is out of range")


# ---- the stack: tasks below, at most one decision on top --------------------------------------
def asked(s: Any) -> bool:
    """Whether a decision waits on top of the stack."""
    stack = s.stack
    return bool(stack) and stack[-1].actor != AUTO


def ask(s: Any, d: Ask) -> None:
    """Ask decision `d` now, in place of the decision on top if there is one."""
    stack = s.stack
    if stack and stack[-1].actor != AUTO:
        stack[-1] = d
    else:
        stack.append(d)


def clear(s: Any) -> None:
    """The decision on top is answered: take it off the stack."""
    stack = s.stack
    if stack and stack[-1].actor != AUTO:
        stack.pop()


def push(s: Any, *steps: Frame[Any]) -> None:
    """Queue steps to run next, in the order given (under a decision waiting on top)."""
    stack = s.stack
    if stack and stack[-1].actor != AUTO:
        stack[-1:-1] = steps[::-1]
    else:
        stack.extend(steps[::-1])


# ---- decisions --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ask(Frame[Any]):
    """A decision asked of player ``actor``."""

    key: ClassVar[str] = ""
    kind: ClassVar[str] = "decision"
    options: ClassVar[str] = ""  # the action segment `opts` indexes ("die": the actor's dice)
    gold_sharing: ClassVar[bool] = False  # team game: Gold may be given to one's partner here
    own_turn: ClassVar[bool] = False  # taken on one's own turn (Asura, "At any time on your turn")

    def choices(self, s: Any, m: Mask) -> None:
        """Set this decision's own legal actions in `m`."""
        raise NotImplementedError

    def choose(self, s: Any, seg: str, i: int) -> None:
        """Play the action `i` of segment `seg`, one of this decision's own."""
        raise NotImplementedError

    def mask(self, s: Any, m: Mask) -> None:
        self.choices(s, m)
        s.rules.modifiers.add_modifiers(s, self, m)
        p = self.actor
        if (self.gold_sharing and s.game.config["team"] and s.gold[p] > 0
                and s.rules.modifiers.partner(s, p) >= 0):
            m[GIVE_GOLD] = True

    def apply(self, s: Any, action: int) -> None:
        seg, i = CODEC.decode(action)
        if seg == "give_gold":  # team game: Conan and the Ally share Gold freely
            p = self.actor
            s.gold[p] -= 1
            s.gold[s.rules.modifiers.partner(s, p)] += 1
        elif seg in MOD_SEGMENTS:
            s.rules.modifiers.apply(s, self, seg, i)
        else:
            self.choose(s, seg, i)
        if len(s.log_kdie) > 16:
            del s.log_kdie[:-8]

    def prompt(self, s: Any, role: int) -> tuple[str, dict[str, Any]]:
        return s.rules.prompts.prompt(s, self), s.rules.prompts.context(s, self, role)

    def check(self, s: Any, below: Frame[Any] | None) -> None:
        check_fields(self, s)
        opts = getattr(self, "opts", ())
        if opts:
            seg = self.options
            size = len(s.zone[self.actor]) if seg == "die" else CODEC.sizes[seg]
            if len(set(opts)) != len(opts) or not all(0 <= x < size for x in opts):
                bad(self, f"opts {list(opts)} are not distinct options of {seg!r} (0..{size - 1})")


def _yes_done(m: Mask) -> None:
    m[YES] = m[DONE] = True


def _opts(m: Mask, base: int, opts: tuple[int, ...] | list[int]) -> None:
    for x in opts:
        m[base + x] = True


DIE, KINGDOM, SLOT, FATE, SYMBOL = OFF["die"], OFF["kingdom"], OFF["slot"], OFF["fate"], OFF["symbol"]


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
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.move_character(s, self.who, i, actor=self.actor, facer=self.facer)


@serializable
@dataclass(frozen=True, slots=True)
class CtSource(Ask):
    """The face-down Challenge token to move (a kingdom of `opts`)."""
    key: ClassVar[str] = "ct_source"
    kind: ClassVar[str] = "challenge_token_to_move"
    options: ClassVar[str] = "kingdom"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        ask(s, CtDest(self.actor, i, s.rules.tokens.ct_destinations(s, i)))


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
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.move_challenge(s, self.actor, self.src, i)


@serializable
@dataclass(frozen=True, slots=True)
class FateSource(Ask):
    """The kingdom whose Fate token moves."""
    key: ClassVar[str] = "fate_source"
    kind: ClassVar[str] = "fate_token_to_move"
    options: ClassVar[str] = "kingdom"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.gains.fate_source(s, self.actor, i)


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
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.move_fate(s, self.src, self.fate, i)


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
        _opts(m, FATE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.gains.fate_done(s, self.actor, i, self.why, self.src)


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
        _opts(m, SLOT, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.main_phase.unlock(s, self.actor, self.die, i)


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
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.tokens.place_token(s, self.actor, self.token, i)


MAIN_DECISION_TYPES: tuple[type[Ask], ...] = (
    Side, God, Buy, Plot, Main, MainPost, SecondMoveDie, MoveTo, CtSource, CtDest, FateSource,
    FateDest, PickFate, PickTrack, CycleSlot, KeepCard, UnlockSlot, Scry, ScryMove, PlaceToken,
    PlaceWhere)
