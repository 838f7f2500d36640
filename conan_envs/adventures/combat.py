"""Fights and Duels (rulebook: Fights, Create the Warrior Pool, Resolve the Fight, Fighting a
Temple of Set, Wound, Duels, Settling Ties, Determine Rewards, Duel Example)."""
from __future__ import annotations

from dataclasses import replace

from . import steps as S
from . import steps_resolve as SR
from .actions import OFF
from .content import ALLY, FOE, content
from .dicepool import ACTIVE, POOL, SPENT, dice_in, roll
from .frames import MoveTo
from .frames_resolve import DuelGo, Pool
from .gains import gain_vp
from .modifiers import maybe_adjust
from .stack import Bout, ask, clear, push
from .text import face_name, name_of

C = content()


def token_of(s, p):
    return 0 if s.rk[p] == ALLY else p


def _pool_candidates(s, p):
    f = s.face[p]
    return [i for i in dice_in(s, p, ACTIVE) if C.face_pool[f[i]]]


# ---- the Warrior Pool -------------------------------------------------------------------
def mask_pool(s, d, mask):
    p = d.actor
    for i in _pool_candidates(s, p):
        mask[OFF["die"] + i] = True
    if d.ctx == "duel" or POOL in s.zone[p]:
        mask[OFF["yes"]] = True
    if d.ctx == "fight":
        mask[OFF["done"]] = True  # ignore the Fight: it counts as a loss


def apply_pool(s, d, seg, i):
    p = d.actor
    if seg == "die":
        s.zone[p][i] = POOL
        return
    clear(s)
    pool = ", ".join(face_name(s.face[p][j]) for j in dice_in(s, p, POOL))
    if d.ctx == "duel":
        s.log_event(f"{name_of(s, p)}'s Warrior Pool: {pool or 'no dice'}")
        return
    if seg == "yes":
        s.log_event(f"{name_of(s, p)}'s Warrior Pool: {pool}")
        push(s, SR.FightRoll(p, d.need, d.vp, d.temple, d.token, 0))
    else:
        s.log_event(f"{name_of(s, p)} ignores the Fight")
        _fight_lost(s, p, d.temple)


# ---- Fights -----------------------------------------------------------------------------
def fight(s, p, need, vp, temple_k, token):
    """`temple_k` >= 0: a Temple of Set in that kingdom (2 hits, no penalty for losing)."""
    s.fight = {"player": p, "need": need, "vp": vp, "temple": temple_k}
    s.hits[p] = 0
    what = "a Temple of Set" if temple_k >= 0 else f"a Fight of {need} hits"
    s.log_event(f"{name_of(s, p)} faces {what}")
    if POOL in s.zone[p] or _pool_candidates(s, p):
        ask(s, Pool(p, "fight", need, vp, temple_k, token))
    else:
        _fight_lost(s, p, temple_k)


def _fight_lost(s, p, temple_k):
    s.fight = None
    s.log_event(f"{name_of(s, p)} loses the Fight" + ("" if temple_k >= 0 else " and is wounded"))
    z = s.zone[p]
    for i in range(len(z)):
        if z[i] == POOL:
            z[i] = SPENT
    if temple_k < 0:
        push(s, S.WoundStep(p))


def fight_roll(s, p, need, vp, temple_k, token, hits):
    dice = dice_in(s, p, POOL)
    roll(s, p, dice)
    s.just_rolled = [p, dice]
    push(s, SR.FightCount(p, need, vp, temple_k, token, hits))
    maybe_adjust(s, p, dice, "fight")


def fight_count(s, p, need, vp, temple_k, token, hits):
    s.just_rolled = None
    hits += _count(s, p)
    s.hits[p] = hits
    if hits >= need:
        s.fight = None
        s.log_event(f"{name_of(s, p)} wins the Fight with {hits} hits ({vp} Victory points)")
        gain_vp(s, p, vp)
        _return_pool(s, p)
        if temple_k >= 0 and s.temple[temple_k]:
            s.ct_discard.append(s.temple[temple_k].pop())
    elif POOL not in s.zone[p]:
        _fight_lost(s, p, temple_k)
    else:
        push(s, SR.FightRoll(p, need, vp, temple_k, token, hits))


def _count(s, p):
    """Hits in the Warrior Pool; the misses go to the Spent pool."""
    z, f = s.zone[p], s.face[p]
    h = 0
    for i in range(len(z)):
        if z[i] == POOL:
            x = C.face_hits[f[i]]
            if x:
                h += x
            else:
                z[i] = SPENT
    return h


def _return_pool(s, p):
    z = s.zone[p]
    for i in range(len(z)):
        if z[i] == POOL:
            z[i] = ACTIVE


# ---- Duels ------------------------------------------------------------------------------
def judge(s, a, b, ha, hb):
    """The player who wins now; ties go to Conan or the Ally against a Foe; -1 for Foes' ties."""
    if ha != hb:
        return a if ha > hb else b
    if s.rk[a] != FOE:
        return a
    if s.rk[b] != FOE:
        return b
    return -1


def duel(s, a, b, k, initiator):
    if s.loc[token_of(s, a)] != k or s.loc[token_of(s, b)] != k:
        return
    s.hits[a] = s.hits[b] = 0
    s.duel = {"attacker": a, "defender": b, "kingdom": k, "stopped": [0, 0]}
    s.log_event(f"{name_of(s, a)} duels {name_of(s, b)} in {C.kingdoms[k]}")
    push(s, S.FateLocal(initiator, k), SR.DuelPool(a), SR.DuelPool(b), SR.DuelRoll(Bout(a, b, k)))


def duel_pool(s, p):
    if _pool_candidates(s, p):
        ask(s, Pool(p, "duel"))


def adjust_pool(s, p, dice):
    maybe_adjust(s, p, [d for d in dice if s.zone[p][d] == POOL], "duel")


def duel_roll(s, bout):
    steps = []
    for p, stopped in ((bout.a, bout.sa), (bout.b, bout.sb)):
        if not stopped:
            dice = dice_in(s, p, POOL)
            roll(s, p, dice)
            if dice:
                steps.append(SR.AdjustStep(p, tuple(dice)))
    push(s, *steps, SR.DuelCount(bout))


def duel_count(s, bout):
    a, b = bout.a, bout.b
    ha, hb = bout.ha, bout.hb
    if not bout.sa:
        ha += _count(s, a)
    if not bout.sb:
        hb += _count(s, b)
    s.hits[a], s.hits[b] = ha, hb
    _duel_next(s, replace(bout, ha=ha, hb=hb))


def _duel_next(s, bout):
    a, b, sa, sb = bout.a, bout.b, bout.sa, bout.sb
    s.duel["stopped"] = [sa, sb]
    la = not sa and POOL in s.zone[a]
    lb = not sb and POOL in s.zone[b]
    if not la and not lb:
        _duel_resolve(s, a, b, bout.k, bout.ha, bout.hb)
        return
    w = judge(s, a, b, bout.ha, bout.hb)
    if (w == a and la) or (w == b and lb):  # the winner so far may stop rolling
        ask(s, DuelGo(w, bout))
        return
    push(s, SR.DuelRoll(bout))


def duel_go(s, p, bout, seg):
    """The leader `p` keeps rolling ("yes") or stops ("done")."""
    if seg == "done":  # stop: the Warrior Pool returns to the Active dice
        _return_pool(s, p)
        _duel_next(s, replace(bout, sa=1) if p == bout.a else replace(bout, sb=1))
    else:
        push(s, SR.DuelRoll(bout))


def _duel_resolve(s, a, b, k, ha, hb):
    w = judge(s, a, b, ha, hb)
    s.duel = None
    if w < 0:
        s.log_event(f"the Duel ends in a tie, {ha} hits each")
        return  # two Foes tie: neither wins nor loses, both stay
    loser = b if w == a else a
    s.log_event(f"{name_of(s, w)} wins the Duel against {name_of(s, loser)}, {max(ha, hb)} hits to "
                f"{min(ha, hb)}")
    _return_pool(s, w)
    gain_vp(s, w, abs(ha - hb))
    s.ct_card[w].extend(s.ct_card[loser])
    s.ct_card[loser] = []
    tok = token_of(s, loser)
    push(s, S.WoundStep(loser), SR.DuelPush(w, tok, loser))


def duel_push(s, w, tok, loser):
    """The winner moves the loser's token (Conan's, if an Ally lost) to an adjacent Kingdom."""
    facer = loser if s.rk[loser] == ALLY else -1
    ask(s, MoveTo(w, tok, tuple(C.adj[s.loc[tok]]), "push", facer))
