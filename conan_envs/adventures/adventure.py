"""3. Triggered Phase - Adventures (rulebook: Resolving Adventures, Adventure Cards, Completing
an Adventure, Adventures Example; Zath; the team game's card gift)."""
from __future__ import annotations

from typing import Any

from ..engine.flow import Frame
from . import steps_resolve as SR
from .actions import OFF
from .cards import refill_adventures
from .content import ALLY, FOE, ZATH, content
from .dicepool import ACTIVE, ASIDE, SPENT, TRACK, WOUND, covered, match, mface, roll, wild_can
from .frames_resolve import AdvChoose, AdvGift, AdvWild, Zath
from .gains import gain_vp
from .modifiers import maybe_adjust, partner
from .resource import advance_plot
from .stack import ask, clear, push
from .text import face_name, name_of

C = content()


def adventure_phase(s):
    s.phase = "adventure"
    k = s.loc[0]
    slots = [j for j in range(3) if s.adv_face[j] >= 0 and C.adv_kingdom[s.adv_face[j]] == k]
    if not slots:  # no Adventure attempted: every Foe advances on the Plot (points only)
        for p in s.order:
            if s.rk[p] == FOE and s.plot[p] < len(s.plot_spaces):
                advance_plot(s, p)
        return
    j = slots[0]
    s.adv = {"slot": j, "card": s.adv_face[j], "applied": [], "done": False}
    s.track_p = [-1] * 4
    s.track_d = [-1] * 4
    for p in range(s.n):  # dice on the Encounter track join their owners' pools
        z = s.zone[p]
        for i in range(len(z)):
            if z[i] == TRACK:
                z[i] = ACTIVE
    steps: list[Frame[Any]] = []
    for attempt in (1, 2):
        for p in s.order:  # Conan is last in turn order
            steps.append(SR.AdvRoll(p, attempt))
        for p in s.order:
            steps.append(SR.AdvUnchosen(p))
    push(s, *steps, SR.ADV_END)


def applied_dice(s):
    return [(s.face[p][d], False) for p, d in s.adv["applied"]]


def needs(s):
    return [(x, False) for x in C.adv_needs[s.adv["card"]]]


def helps(s, p, d):
    have = applied_dice(s)
    return covered(have + [(mface(s, p, s.face[p][d]), False)], needs(s)) > covered(have, needs(s))


def complete(s):
    return covered(applied_dice(s), needs(s)) == len(C.adv_needs[s.adv["card"]])


def adv_roll(s, p, attempt):
    if s.adv["done"]:
        return
    z = s.zone[p]
    if attempt == 1:  # Reset
        dice = [i for i in range(len(z)) if z[i] != WOUND]
    else:  # roll the unchosen dice again
        dice = [i for i in range(len(z)) if z[i] in (ACTIVE, SPENT)]
    for i in dice:
        z[i] = ACTIVE
    roll(s, p, dice)
    s.just_rolled = [p, dice]
    push(s, SR.AdvChooseStep(p))
    maybe_adjust(s, p, dice, "adventure")


def adv_choose(s, p):
    s.just_rolled = None
    if not s.adv["done"] and any(helps(s, p, d) for d in _active(s, p)):
        ask(s, AdvChoose(0, p))


def _active(s, p):
    z = s.zone[p]
    return [i for i in range(len(z)) if z[i] == ACTIVE]


def mask_choose(s, p, mask):
    for d in _active(s, p):
        if helps(s, p, d):
            mask[OFF["die"] + d] = True
    mask[OFF["done"]] = True


def apply_choose(s, p, seg, i):
    """Conan applies the roller's results he wants; placing the final one, he completes it.
    "If Conan chooses a Wild, he must specify which symbol it is being used for"."""
    if seg == "done":
        clear(s)
        return
    if C.faces[s.face[p][i]][0] == "wild":
        syms = wild_symbols(s, p)
        if len(syms) > 1:
            ask(s, AdvWild(0, p, i, tuple(syms)))
            return
        s.face[p][i] = syms[0]
    chosen(s, p, i)


def wild_symbols(s, p):
    """The symbols p's Wild applied now would fill: each a need still open and a result on
    p's character's dice (Active Dice: "The Wild symbol can be used for any results on a
    character's dice")."""
    have = applied_dice(s)
    nd = needs(s)
    base = covered(have, nd)
    can = wild_can(s, p)
    return [x for x in sorted(set(C.adv_needs[s.adv["card"]]))
            if (can >> x) & 1 and covered(have + [(x, False)], nd) > base]


def chosen(s, p, d):
    """Conan applied `p`'s die `d` (a Wild fixed to the symbol it is used for)."""
    _apply_die(s, p, d)
    s.log_event(f"Conan applies {name_of(s, p)}'s {face_name(s.face[p][d])} to "
                f"{C.adventures[s.adv['card']]['name']}")
    if complete(s):
        clear(s)
        _completed(s, 0)
    elif any(helps(s, p, x) for x in _active(s, p)):
        ask(s, AdvChoose(0, p))
    else:
        clear(s)


def _apply_die(s, p, d):
    s.zone[p][d] = ASIDE
    s.adv["applied"].append([p, d])


def adv_unchosen(s, p):
    """Each player in turn applies all its unchosen results that still fit (after changing
    results with Fate or God tokens, rerolls excepted)."""
    if s.adv["done"]:
        return
    push(s, SR.AdvUnchosenApply(p))
    dice = _active(s, p)
    if dice:
        maybe_adjust(s, p, dice, "unchosen")


def adv_unchosen_apply(s, p):
    """p applies every unchosen result that still fits, in the best way; a Wild is fixed to
    the symbol it fills."""
    if s.adv["done"]:
        return
    have = applied_dice(s)
    act = _active(s, p)
    nd = needs(s)
    got, assign = match(have + [(mface(s, p, s.face[p][d]), False) for d in act], nd)
    if got <= covered(have, nd):
        return
    for n, a in enumerate(assign):
        if a >= len(have):
            d = act[a - len(have)]
            if C.faces[s.face[p][d]][0] == "wild":
                s.face[p][d] = nd[n][0]
            _apply_die(s, p, d)
    s.log_event(f"{name_of(s, p)} applies unchosen results to "
                f"{C.adventures[s.adv['card']]['name']}")
    if complete(s):
        _completed(s, p)


def _completed(s, p):
    """The player who applied the final die takes the card; points per die applied."""
    a = s.adv["card"]
    s.adv["done"] = True
    s.log_event(f"{name_of(s, p)} completes the Adventure {C.adventures[a]['name']}")
    s.adv_face[s.adv["slot"]] = -1
    s.adv_done += 1
    if s.game.config["longer_game"] and s.adv_done >= s.game.config["longer_game"]:
        s.end_triggered = True
    per = C.adventures[a]["vp_per_die"]
    counts = [0] * s.n
    for q, _ in s.adv["applied"]:
        counts[q] += 1
    scorers = [q for q in s.order if counts[q]] if s.rk[p] != FOE else ([p] if counts[p] else [])
    steps: list[Frame[Any]] = [SR.AdvScore(q, per * counts[q]) for q in scorers]
    ally = next((q for q in range(s.n) if s.rk[q] == ALLY), -1)
    if s.game.config["team"] and p == 0 and ally >= 0 and counts[ally]:
        steps.append(SR.AdvGiftStep(a))
    else:
        s.adv_held[p].append(a)
    push(s, *steps)


def adv_score(s, q, points):
    """Zath may double them: the scorer's own, or (team game) its partner's."""
    mate = partner(s, q)
    holder = q if ZATH in s.gods[q] else mate if mate >= 0 and ZATH in s.gods[mate] else -1
    if holder >= 0:
        ask(s, Zath(holder, points, q))
    else:
        gain_vp(s, q, points)


def zath(s, holder, q, points, use):
    """Zath: double the points scored for one's dice on this Adventure."""
    if use:
        s.gods[holder].remove(ZATH)
        s.god_supply[ZATH] = True
        points *= 2
    gain_vp(s, q, points)


def adv_gift(s, a):
    """Team game: Conan may let the Ally, whose dice helped, take the Adventure card."""
    ask(s, AdvGift(0, a))


def adv_end(s):
    if not s.adv["done"]:
        s.log_event(f"nobody completes {C.adventures[s.adv['card']]['name']}: it is discarded")
        s.adv_discard.append(s.adv["card"])
        s.adv_face[s.adv["slot"]] = -1
    for p in range(s.n):
        z = s.zone[p]
        for i in range(len(z)):
            if z[i] == ASIDE:
                z[i] = SPENT
    s.adv = None
    refill_adventures(s)

