"""Alliances: gains split as declared (rulebook, "Alliances", Priest's "Sermon"): the partner's
share of a wager won or of a completed Adventure's Loot (and, under terms that share losses, of
a wager lost), which a Priest may keep once by breaking the Alliance (the `sermon_break`
decision); then the wager or the completion ends (the step under that decision, `wager_end`
or `complete_end`, taken without a choice)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from conan_envs.engine.flow import AUTO, Frame
from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Table
from .frames import Decide, UseOrDecline, fail
from .records import Phase
from .words import share_words


# ---- what follows a share --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Resume(Frame[Table]):
    """A step taken without a choice once an Alliance share is settled: at once when no
    Priest is asked (`resume`, in place of the decision that owed the share), else when his
    `sermon_break` decision above it is taken (`run`, on top)."""

    kind: ClassVar[str] = "resume"

    def run(self, state: Table) -> None:
        self.resume(state)

    def resume(self, state: Table) -> None:
        """Take the step; the frame on top (this one, or the decision that owed the share)
        then goes."""
        raise TypeError(f"frame {self.kind!r} resumes nothing")


@serializable
@dataclass(frozen=True, slots=True)
class WagerEnd(Resume):
    """The wager or Duel is over ("Resolution"): Player Defeat is checked, play goes on."""

    kind: ClassVar[str] = "wager_end"

    def resume(self, state: Table) -> None:
        finish_wager(state)

    def check(self, state: Table, below: Frame[Any] | None) -> None:
        if below is not None or state.w is None:
            fail("stack", "the end of a wager returns to nothing and needs a wager")


@serializable
@dataclass(frozen=True, slots=True)
class CompleteEnd(Resume):
    """Completing an Adventure ends once its Loot is shared ("Completing an Adventure")."""

    adv: int  # the Adventure completed (adventure index)
    kind: ClassVar[str] = "complete_end"

    def resume(self, state: Table) -> None:
        finish_complete(state, self.adv)

    def check(self, state: Table, below: Frame[Any] | None) -> None:
        if below is not None or type(self.adv) is not int or not (
                0 <= self.adv < C.NUM_ADVENTURES):
            fail("stack", "the end of a completion returns to nothing and names its Adventure")


WAGER_END = WagerEnd(AUTO)


# ---- the share ---------------------------------------------------------------------------------
@serializable
@dataclass(frozen=True, slots=True)
class SermonBreak(UseOrDecline):
    """The Priest (`actor`) owes his partner a share: he may break the Alliance instead, once,
    and keep all of it ("Alliances", Priest's "Sermon")."""

    receiver: int  # his partner, who is owed the share
    dp: int  # DP owed
    items: tuple[int, ...]  # Magic items owed (card ids)
    kind: ClassVar[str] = "sermon_break"
    PHASES: ClassVar[frozenset[Phase]] = frozenset({"hero"})  # a wager won or lost, Loot
    USE: ClassVar[str] = "use Sermon: break the Alliance and keep it all"

    def use(self, state: Table, yes: bool) -> None:
        p = self.actor
        state.pop()  # the share is settled; the step under it follows
        if yes:
            state.used[p] = True
            table.end_alliance(state, p)
            state.log_event(f"{state.game.roles[p]} uses Sermon: breaks the Alliance and keeps "
                            f"{share_words(self.dp, self.items)}")
        else:
            pay_share(state, p, self.receiver, self.dp, self.items)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        q, t, items = self.receiver, self.dp, self.items
        ctx["share_owed"] = t
        ctx["magic_items_owed"] = [C.WORDS[it] for it in items]
        ctx["partner"] = state.game.roles[q]
        return (f"You owe {state.game.roles[q]} {share_words(t, items)} under your Alliance: "
                "use Sermon to break the Alliance and keep it all, once per game?")

    def pass_words(self, state: Table) -> str:
        return f"give {state.game.roles[self.receiver]} {share_words(self.dp, self.items)}"

    def check(self, state: Table, below: Frame[Any] | None) -> None:
        if not isinstance(below, Resume):
            fail("stack", "a share owed returns to the end of a wager or a completion")
        Decide.check(self, state, None)
        n = state.game.n
        if type(self.receiver) is not int or not 0 <= self.receiver < n:
            fail("stack", "a share owed to no player")
        if type(self.dp) is not int or not 0 <= self.dp <= 10 ** 6:
            fail("stack", f"a share of {self.dp!r} DP")
        if type(self.items) is not tuple or any(
                type(it) is not int or it not in state.items[self.actor] for it in self.items):
            fail("stack", "a share's Magic items must be held by the one who owes them")
        if not self.dp and not self.items:
            fail("stack", "a share owed must be DP or Magic items")


def share_gain(s: Table, p: int, amount: int, then: Resume, items: Sequence[int] = ()) -> None:
    """p passes its partner the declared share of a gain (rounded down: rounding favours the
    gainer), and the Loot's Magic items the terms give the partner."""
    q = s.partner[p]
    settle_share(s, p, q, amount * (6 - s.keep[p]) // 6 if q >= 0 else 0, then, items)


def share_loss(s: Table, p: int, amount: int, then: Resume) -> None:
    """Under terms that share losses, p's partner repays p its share of a wager lost on the
    card (rounded down)."""
    q = s.partner[p]
    t = amount * (6 - s.keep[p]) // 6 if q >= 0 and s.share_losses[p] else 0
    settle_share(s, q, p, t, then)


def settle_share(s: Table, payer: int, receiver: int, t: int, then: Resume,
                 items: Sequence[int] = ()) -> None:
    """The payer gives the receiver t DP and the Magic items; a Priest may break his Alliance
    instead, once, and keep all of it (asked over `then`, which follows)."""
    if t > 0 or items:
        if s.hero[payer] == C.PRIEST and not s.used[payer]:
            s.push(SermonBreak(payer, receiver, t, tuple(items)), then=then)
            return
        pay_share(s, payer, receiver, t, items)
    then.resume(s)


def pay_share(s: Table, p: int, q: int, t: int, items: Sequence[int] = ()) -> None:
    roles = s.game.roles
    if t:
        paid = table.pay(s, p, q, t)
        s.log_event(f"{roles[p]} gives {roles[q]} {paid} DP, their share under the Alliance")
    for it in items:
        s.items[p].remove(it)
        s.items[q].append(it)
        s.log_event(f"{roles[p]} gives {roles[q]} the Magic item {C.NAME[it]}, as the Alliance's "
                    "terms say")


def finish_wager(s: Table) -> None:
    """The wager or Duel is over ("Resolution"): Player Defeat is checked, play goes on."""
    s.w = None
    table.check_defeat(s)
    s.hand_on()


def finish_complete(s: Table, a: int) -> None:
    """Completing Adventure a: once all Loot effects are applied the card is placed face down
    (out of the game); while some remain it stays face up (adv_state 3), no longer an
    Adventure to enter."""
    s.adv_state[a] = 3 if any(e.adv == a for e in s.owed) else 2
    for q in range(s.game.n):
        if s.pos[q] == a:
            table.leave_adventure(s, q)
    table.check_defeat(s)
    s.hand_on()
