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
from .content import ALLY, content
from .dicepool import ACTIVE, dice_in

C = content()

MOD_SEGMENTS = frozenset(("fate_die", "set_die", "bel_die", "ishtar_die", "ymir_die", "mitra",
                          "asura", "ability", "ibis"))
GIVE_GOLD = OFF["give_gold"]
YES, DONE = OFF["yes"], OFF["done"]


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
            if type(v) not in DECISION_TYPES:
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


@serializable
@dataclass(frozen=True, slots=True)
class FightTemple(Ask):
    """Fight the Temple of Set in `kingdom`, or not."""
    key: ClassVar[str] = "fight_temple"
    kind: ClassVar[str] = "fight_temple_of_set"
    kingdom: int

    def choices(self, s: Any, m: Mask) -> None:
        _yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg == "yes":
            push(s, s.rules.steps.Fight(self.actor, 2, 0, self.kingdom, -1))


@serializable
@dataclass(frozen=True, slots=True)
class RevealChoice(Ask):
    """A Foe entering `kingdom` may reveal its Challenge token."""
    key: ClassVar[str] = "reveal_choice"
    kind: ClassVar[str] = "reveal_challenge_token"
    kingdom: int

    def choices(self, s: Any, m: Mask) -> None:
        _yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg == "yes":
            push(s, s.rules.steps.Reveal(self.kingdom, self.actor, self.actor))


@serializable
@dataclass(frozen=True, slots=True)
class Ambush(Ask):
    """Ambush: duel Conan, or place a die on a free Encounter-track space."""
    key: ClassVar[str] = "ambush"
    kind: ClassVar[str] = "ambush"

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.tokens.mask_ambush(s, self.actor, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.tokens.apply_ambush(s, self.actor, seg, i)


@serializable
@dataclass(frozen=True, slots=True)
class AmbushDie(Ask):
    """Ambush: the active die to place on Encounter-track space `slot`."""
    key: ClassVar[str] = "ambush_die"
    kind: ClassVar[str] = "ambush_die"
    slot: int

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, DIE, dice_in(s, self.actor, ACTIVE))

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.main_phase.unlock(s, self.actor, i, self.slot)


@serializable
@dataclass(frozen=True, slots=True)
class Pool(Ask):
    """Form the Warrior Pool for a Fight (`ctx` "fight": `need` hits for `vp` points, a
    Temple of Set in `temple` or -1, the Fight token `token` or -1) or a Duel ("duel")."""
    key: ClassVar[str] = "pool"
    kind: ClassVar[str] = "warrior_pool"
    ctx: str
    need: int = 0
    vp: int = 0
    temple: int = -1
    token: int = -1

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.combat.mask_pool(s, self, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.combat.apply_pool(s, self, seg, i)


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


@serializable
@dataclass(frozen=True, slots=True)
class DuelGo(Ask):
    """The Duel's leader keeps rolling, or stops."""
    key: ClassVar[str] = "duel_go"
    kind: ClassVar[str] = "duel_keep_rolling"
    duel: Bout

    def choices(self, s: Any, m: Mask) -> None:
        _yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.combat.duel_go(s, self.actor, self.duel, seg)


@serializable
@dataclass(frozen=True, slots=True)
class Adjust(Ask):
    """After a roll: change the results of `dice` (Fate and God tokens, the ability), or keep
    them (`why`: fight, duel, adventure, encounter, unchosen)."""
    key: ClassVar[str] = "adjust"
    kind: ClassVar[str] = "change_results"
    own_turn: ClassVar[bool] = True
    dice: tuple[int, ...]
    why: str

    def choices(self, s: Any, m: Mask) -> None:
        m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.just_rolled = None


@serializable
@dataclass(frozen=True, slots=True)
class EncAside(Ask):
    """Encounter: the die (of `opts`) set aside for a Foe die on the track."""
    key: ClassVar[str] = "enc_aside"
    kind: ClassVar[str] = "encounter_set_aside"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.encounters.set_aside(s, self.actor, i)


@serializable
@dataclass(frozen=True, slots=True)
class AdvChoose(Ask):
    """Conan applies `roller`'s results to the Adventure."""
    key: ClassVar[str] = "adv_choose"
    kind: ClassVar[str] = "choose_adventure_dice"
    roller: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.adventure.mask_choose(s, self.roller, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.adventure.apply_choose(s, self.roller, seg, i)


@serializable
@dataclass(frozen=True, slots=True)
class AdvWild(Ask):
    """The symbol of `opts` the Wild on `roller`'s die `die` is used for."""
    key: ClassVar[str] = "adv_wild"
    kind: ClassVar[str] = "wild_symbol"
    options: ClassVar[str] = "symbol"
    roller: int
    die: int
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, SYMBOL, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.face[self.roller][self.die] = i
        s.rules.adventure.chosen(s, self.roller, self.die)


@serializable
@dataclass(frozen=True, slots=True)
class Zath(Ask):
    """Zath may double the `points` `scorer` scores on an Adventure."""
    key: ClassVar[str] = "zath"
    kind: ClassVar[str] = "zath"
    points: int
    scorer: int

    def choices(self, s: Any, m: Mask) -> None:
        m[OFF["zath"]] = m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.adventure.zath(s, self.actor, self.scorer, self.points, seg == "zath")


@serializable
@dataclass(frozen=True, slots=True)
class AdvGift(Ask):
    """Team game: Conan may give Adventure card `card` to the Ally."""
    key: ClassVar[str] = "adv_gift"
    kind: ClassVar[str] = "give_adventure_card"
    card: int

    def choices(self, s: Any, m: Mask) -> None:
        _yes_done(m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        ally = next(q for q in range(s.n) if s.rk[q] == ALLY)
        s.adv_held[ally if seg == "yes" else 0].append(self.card)


@serializable
@dataclass(frozen=True, slots=True)
class AdvReward(Ask):
    """End of Round: the one Adventure card of `cards` whose reward is gained."""
    key: ClassVar[str] = "adv_reward"
    kind: ClassVar[str] = "adventure_reward"
    cards: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        for j in range(len(self.cards)):
            m[SLOT + j] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.end_round.adventure_reward(s, self.actor, self.cards[i])


@serializable
@dataclass(frozen=True, slots=True)
class Achieve(Ask):
    """End of Round: turn in Fate tokens on an Achievement track, or no more."""
    key: ClassVar[str] = "achieve"
    kind: ClassVar[str] = "achievements"

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, OFF["ach"], s.rules.end_round.achieve_options(s, self.actor))
        m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg != "done":
            s.rules.end_round.achieve(s, self.actor, i)


@serializable
@dataclass(frozen=True, slots=True)
class Wound(Ask):
    """The die (of `opts`) set aside for a wound."""
    key: ClassVar[str] = "wound"
    kind: ClassVar[str] = "wound"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.gains.wound_die(s, self.actor, i)
        clear(s)


@serializable
@dataclass(frozen=True, slots=True)
class SetDie(Ask):
    """Set a die: the die (of `opts`) whose result is kept for the next phase."""
    key: ClassVar[str] = "set_die"
    kind: ClassVar[str] = "set_a_die"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.held[self.actor] = i
        clear(s)


@serializable
@dataclass(frozen=True, slots=True)
class KingdomToken(Ask):
    """A Kingdom Challenge token in `kingdom`: its effect (slot 0) or its die (slot 1);
    `token` >= 0: just revealed, it may be kept face up instead ("done")."""
    key: ClassVar[str] = "kingdom_token"
    kind: ClassVar[str] = "kingdom_token"
    kingdom: int
    token: int = -1

    def choices(self, s: Any, m: Mask) -> None:
        m[SLOT] = s.rules.kingdoms.effect_possible(s, self.actor, self.kingdom)
        m[SLOT + 1] = True
        if self.token >= 0:
            m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        if seg != "done":
            s.rules.kingdoms.use_token(s, self.actor, self.kingdom, self.token, i)


@serializable
@dataclass(frozen=True, slots=True)
class CorinthiaSrc(Ask):
    """Corinthia: the kingdom (of `opts`) to move a token from."""
    key: ClassVar[str] = "corinthia_src"
    kind: ClassVar[str] = "corinthia_source"
    options: ClassVar[str] = "kingdom"
    opts: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, KINGDOM, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        ask(s, s.rules.kingdoms.corinthia_what(s, self.actor, i))


@serializable
@dataclass(frozen=True, slots=True)
class CorinthiaWhat(Ask):
    """Corinthia: move the Challenge token of `src` (`ct`: it can move) or a Fate token of
    one of `kinds`."""
    key: ClassVar[str] = "corinthia_what"
    kind: ClassVar[str] = "corinthia_token"
    src: int
    ct: bool
    kinds: tuple[int, ...]

    def choices(self, s: Any, m: Mask) -> None:
        if self.ct:
            m[YES] = True
        _opts(m, FATE, self.kinds)
        if not self.ct and not self.kinds:
            m[DONE] = True

    def choose(self, s: Any, seg: str, i: int) -> None:
        src = self.src
        if seg == "yes":
            ask(s, CtDest(self.actor, src, s.rules.tokens.ct_destinations(s, src)))
        elif seg == "fate":
            ask(s, FateDest(self.actor, src, i, tuple(C.adj[src])))
        else:
            clear(s)


@serializable
@dataclass(frozen=True, slots=True)
class FocusDie(Ask):
    """Hyperborea: the active die to turn to another result."""
    key: ClassVar[str] = "focus_die"
    kind: ClassVar[str] = "focus_die"

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, DIE, dice_in(s, self.actor, ACTIVE))

    def choose(self, s: Any, seg: str, i: int) -> None:
        ask(s, FocusFace(self.actor, i))


@serializable
@dataclass(frozen=True, slots=True)
class FocusFace(Ask):
    """Hyperborea: the result die `die` turns to (a face of that die other than Wild)."""
    key: ClassVar[str] = "focus_face"
    kind: ClassVar[str] = "focus_result"
    die: int

    def choices(self, s: Any, m: Mask) -> None:
        s.rules.kingdoms.mask_focus_face(s, self.actor, self.die, m)

    def choose(self, s: Any, seg: str, i: int) -> None:
        clear(s)
        s.rules.kingdoms.focus(s, self.actor, self.die, i)


@serializable
@dataclass(frozen=True, slots=True)
class AbilityDie(Ask):
    """A dice ability (`what`: reroll or warrior) on a die of `opts`; then back to `back`,
    the decision it was used in."""
    key: ClassVar[str] = "ability_die"
    kind: ClassVar[str] = "ability_die"
    options: ClassVar[str] = "die"
    opts: tuple[int, ...]
    back: Ask
    what: str

    def choices(self, s: Any, m: Mask) -> None:
        _opts(m, DIE, self.opts)

    def choose(self, s: Any, seg: str, i: int) -> None:
        s.rules.abilities.ability_die(s, self.actor, self.what, i)
        ask(s, self.back)


DECISION_TYPES: tuple[type[Ask], ...] = (
    Side, God, Buy, Plot, Main, MainPost, SecondMoveDie, MoveTo, CtSource, CtDest, FateSource,
    FateDest, PickFate, PickTrack, CycleSlot, KeepCard, UnlockSlot, Scry, ScryMove, PlaceToken,
    PlaceWhere, FightTemple, RevealChoice, Ambush, AmbushDie, Pool, DuelGo, Adjust, EncAside,
    AdvChoose, AdvWild, Zath, AdvGift, AdvReward, Achieve, Wound, SetDie, KingdomToken,
    CorinthiaSrc, CorinthiaWhat, FocusDie, FocusFace, AbilityDie)
# The decision kinds' one-hot order in the observation: their short names, sorted.
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(sorted(t.key for t in DECISION_TYPES))}
BY_KEY: dict[str, type[Ask]] = {t.key: t for t in DECISION_TYPES}
