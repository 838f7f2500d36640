"""Alliances: gains split as declared (rulebook, "Alliances", Priest's "Sermon"): the partner's
share of a wager won or of a completed Adventure's Loot (and, under terms that share losses, of
a wager lost), which a Priest may keep once by breaking the Alliance; then the wager or the
completion ends (the continuations named in `Share.then`)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from . import content as C
from . import table
from .base import Table
from .records import Continuation, Share


def share_gain(s: Table, p: int, amount: int, then: Continuation, items: Sequence[int] = ()) -> None:
    """p passes its partner the declared share of a gain (rounded down: rounding favours the
    gainer), and the Loot's Magic items the terms give the partner."""
    q = s.partner[p]
    settle_share(s, p, q, amount * (6 - s.keep[p]) // 6 if q >= 0 else 0, then, items)


def share_loss(s: Table, p: int, amount: int, then: Continuation) -> None:
    """Under terms that share losses, p's partner repays p its share of a wager lost on the
    card (rounded down)."""
    q = s.partner[p]
    t = amount * (6 - s.keep[p]) // 6 if q >= 0 and s.share_losses[p] else 0
    settle_share(s, q, p, t, then)


def settle_share(s: Table, payer: int, receiver: int, t: int, then: Continuation,
                 items: Sequence[int] = ()) -> None:
    """The payer gives the receiver t DP and the Magic items; a Priest may break his Alliance
    instead, once, and keep all of it."""
    if t > 0 or items:
        s.pend = Share(payer, receiver, t, then, list(items))
        if s.hero[payer] == C.PRIEST and not s.used[payer]:
            s.prompt = "sermon_break"
            s.dec, s.actor = "ability", payer
            return
        pay_share(s, payer, receiver, t, items)
    s.pend = None
    CONTINUE[then](s)


def prompt_sermon_break(s: Table, use: bool) -> None:
    share = s.pend
    assert share is not None  # asked only with a share owed
    p, q, t, items = share.payer, share.receiver, share.dp, share.items
    s.pend = None
    if use:
        s.used[p] = True
        table.end_alliance(s, p)
        s.log_event(f"{s.game.roles[p]} uses Sermon: breaks the Alliance and keeps "
                    f"{share_words(t, items)}")
    else:
        pay_share(s, p, q, t, items)
    CONTINUE[share.then](s)


def share_words(t: int, items: Sequence[int]) -> str:
    """'the 2 DP and Amulet of ...' : a share owed under an Alliance, in words."""
    parts = [f"the {t} DP"] if t else []
    parts += [C.NAME[it] for it in items]
    return " and ".join(parts)


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


# ---- the continuations -------------------------------------------------------------------------
def finish_wager(s: Table) -> None:
    """The wager or Duel is over ("Resolution"): Player Defeat is checked, play goes on."""
    s.w = None
    table.check_defeat(s)
    s.advance()


def finish_complete(s: Table) -> None:
    """Completing an Adventure: once all Loot effects are applied the card is placed face down
    (out of the game); while some remain it stays face up (adv_state 3), no longer an
    Adventure to enter."""
    a = s.cadv
    s.cadv = -1
    s.adv_state[a] = 3 if any(e.adv == a for e in s.owed) else 2
    for q in range(s.game.n):
        if s.pos[q] == a:
            table.leave_adventure(s, q)
    table.check_defeat(s)
    s.advance()


# Share.then -> what follows once the share is settled
CONTINUE: dict[str, Callable[[Table], None]] = {"wager_end": finish_wager,
                                                 "complete_end": finish_complete}
