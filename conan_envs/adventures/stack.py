"""The discipline of the Adventures' stack of frames (engine/flow.py; rulebook: Round Overview,
Timing rule): the steps the rules take (steps.py, steps_resolve.py) lie below, and at most one
decision asked of a player (frames.py, frames_resolve.py) waits on top, as the rulebook asks
one player one thing at a time. ``ask``, ``clear`` and ``push`` keep that order; :class:`Ask`
is the base of every decision (the actions all decisions share: changing one's results with
Fate and God tokens, the Character ability, the team game's Gold gift); ``check_fields`` is
what a frame read back from a snapshot must satisfy; :class:`Bout` is a Duel under way.

Frames reach the rules through the state: ``s.rules`` is the namespace of the rules modules
(state.py), so the rules modules may import the frames they push while the frames import none
of them.
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
        """Set this decision's own legal actions in `m` (each decision class says which)."""
        raise TypeError(f"decision {self.key!r} does not say what it offers")

    def choose(self, s: Any, seg: str, i: int) -> None:
        """Play the action `i` of segment `seg`, one of this decision's own."""
        raise TypeError(f"decision {self.key!r} does not say how its actions are played")

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

    def sentence(self, s: Any) -> str:
        """The decision in one sentence of the game's words, naming its choices by the names of
        the actions offered (labels.action_name), never by "yes" or "done"."""
        return f"{self.kind}."

    def prompt(self, s: Any, role: int) -> tuple[str, dict[str, Any]]:
        text = self.sentence(s)
        return text[0].upper() + text[1:], s.rules.prompts.context(s, self, role)

    def check(self, s: Any, below: Frame[Any] | None) -> None:
        check_fields(self, s)
        opts = getattr(self, "opts", ())
        if opts:
            seg = self.options
            size = len(s.zone[self.actor]) if seg == "die" else CODEC.sizes[seg]
            if len(set(opts)) != len(opts) or not all(0 <= x < size for x in opts):
                bad(self, f"opts {list(opts)} are not distinct options of {seg!r} (0..{size - 1})")


def yes_done(m: Mask) -> None:
    m[YES] = m[DONE] = True


def mark(m: Mask, base: int, opts: tuple[int, ...] | list[int]) -> None:
    for x in opts:
        m[base + x] = True


DIE, KINGDOM, SLOT, FATE, SYMBOL = OFF["die"], OFF["kingdom"], OFF["slot"], OFF["fate"], OFF["symbol"]
