"""Fights and Duels (rulebook: Fights, Create the Warrior Pool, Resolve the Fight, Fighting a
Temple of Set, Wound, Duels, Settling Ties, Determine Rewards, Duel Example)."""
from __future__ import annotations

from .content import ALLY, FOE, content
from .dicepool import ACTIVE, POOL, SPENT, dice_in, roll
from .flow import ask, decision, push, task
from .gains import gain_vp
from .modifiers import maybe_adjust
from .text import face_name, name_of

C = content()


def token_of(s, p):
    return 0 if s.rk[p] == ALLY else p


def _pool_candidates(s, p):
    f = s.face[p]
    return [i for i in dice_in(s, p, ACTIVE) if C.face_pool[f[i]]]


# ---- the Warrior Pool -------------------------------------------------------------------
def _mask_pool(s, mask, off):
    p = s.dec["p"]
    for i in _pool_candidates(s, p):
        mask[off["die"] + i] = True
    if s.dec["ctx"] == "duel" or POOL in s.zone[p]:
        mask[off["yes"]] = True
    if s.dec["ctx"] == "fight":
        mask[off["done"]] = True  # ignore the Fight: it counts as a loss


@decision("pool", _mask_pool)
def _apply_pool(s, seg, i):
    d = s.dec
    p = d["p"]
    if seg == "die":
        s.zone[p][i] = POOL
        return
    s.dec = None
    pool = ", ".join(face_name(s.face[p][j]) for j in dice_in(s, p, POOL))
    if d["ctx"] == "duel":
        s.log_event(f"{name_of(s, p)}'s Warrior Pool: {pool or 'no dice'}")
        return
    if seg == "yes":
        s.log_event(f"{name_of(s, p)}'s Warrior Pool: {pool}")
        push(s, ["fight_roll", p, d["need"], d["vp"], d["temple"], d["token"], 0])
    else:
        s.log_event(f"{name_of(s, p)} ignores the Fight")
        _fight_lost(s, p, d["temple"])


# ---- Fights -----------------------------------------------------------------------------
@task("fight")
def _fight(s, p, need, vp, temple_k, token):
    """`temple_k` >= 0: a Temple of Set in that kingdom (2 hits, no penalty for losing)."""
    s.fight = {"player": p, "need": need, "vp": vp, "temple": temple_k}
    s.hits[p] = 0
    what = "a Temple of Set" if temple_k >= 0 else f"a Fight of {need} hits"
    s.log_event(f"{name_of(s, p)} faces {what}")
    if POOL in s.zone[p] or _pool_candidates(s, p):
        ask(s, "pool", p, ctx="fight", need=need, vp=vp, temple=temple_k, token=token)
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
        push(s, ["wound", p])


@task("fight_roll")
def _fight_roll(s, p, need, vp, temple_k, token, hits):
    dice = dice_in(s, p, POOL)
    roll(s, p, dice)
    s.just_rolled = [p, dice]
    push(s, ["fight_count", p, need, vp, temple_k, token, hits])
    maybe_adjust(s, p, dice, "fight")


@task("fight_count")
def _fight_count(s, p, need, vp, temple_k, token, hits):
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
        push(s, ["fight_roll", p, need, vp, temple_k, token, hits])


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


@task("duel")
def _duel(s, a, b, k, initiator):
    if s.loc[token_of(s, a)] != k or s.loc[token_of(s, b)] != k:
        return
    s.hits[a] = s.hits[b] = 0
    s.duel = {"attacker": a, "defender": b, "kingdom": k, "stopped": [0, 0]}
    s.log_event(f"{name_of(s, a)} duels {name_of(s, b)} in {C.kingdoms[k]}")
    push(s, ["fate_local", initiator, k], ["duel_pool", a], ["duel_pool", b],
         ["duel_roll", a, b, k, 0, 0, 0, 0])


@task("duel_pool")
def _duel_pool(s, p):
    if _pool_candidates(s, p):
        ask(s, "pool", p, ctx="duel")


@task("adjust_task")
def _adjust_task(s, p, dice):
    maybe_adjust(s, p, [d for d in dice if s.zone[p][d] == POOL], "duel")


@task("duel_roll")
def _duel_roll(s, a, b, k, ha, hb, sa, sb):
    steps = []
    for p, stopped in ((a, sa), (b, sb)):
        if not stopped:
            dice = dice_in(s, p, POOL)
            roll(s, p, dice)
            if dice:
                steps.append(["adjust_task", p, dice])
    push(s, *steps, ["duel_count", a, b, k, ha, hb, sa, sb])


@task("duel_count")
def _duel_count(s, a, b, k, ha, hb, sa, sb):
    if not sa:
        ha += _count(s, a)
    if not sb:
        hb += _count(s, b)
    s.hits[a], s.hits[b] = ha, hb
    _duel_next(s, a, b, k, ha, hb, sa, sb)


def _duel_next(s, a, b, k, ha, hb, sa, sb):
    s.duel["stopped"] = [sa, sb]
    la = not sa and POOL in s.zone[a]
    lb = not sb and POOL in s.zone[b]
    if not la and not lb:
        _duel_resolve(s, a, b, k, ha, hb)
        return
    w = judge(s, a, b, ha, hb)
    if (w == a and la) or (w == b and lb):  # the winner so far may stop rolling
        ask(s, "duel_go", w, duel=[a, b, k, ha, hb, sa, sb])
        return
    push(s, ["duel_roll", a, b, k, ha, hb, sa, sb])


def _mask_go(s, mask, off):
    mask[off["yes"]] = mask[off["done"]] = True


@decision("duel_go", _mask_go)
def _apply_go(s, seg, i):
    p = s.dec["p"]
    a, b, k, ha, hb, sa, sb = s.dec["duel"]
    s.dec = None
    if seg == "done":  # stop: the Warrior Pool returns to the Active dice
        _return_pool(s, p)
        if p == a:
            sa = 1
        else:
            sb = 1
        _duel_next(s, a, b, k, ha, hb, sa, sb)
    else:
        push(s, ["duel_roll", a, b, k, ha, hb, sa, sb])


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
    push(s, ["wound", loser], ["duel_push", w, tok, loser])


@task("duel_push")
def _duel_push(s, w, tok, loser):
    """The winner moves the loser's token (Conan's, if an Ally lost) to an adjacent Kingdom."""
    facer = loser if s.rk[loser] == ALLY else -1
    ask(s, "move_to", w, who=tok, opts=list(C.adj[s.loc[tok]]), why="push", facer=facer)
