"""2. Main Phase (rulebook: Main Phase, Perform an Action, the die symbols' actions, Deploy,
Unlock Encounters, Advance on the Plot Track (Multiple Dice), Pass, Free Action - Roll Kingdom
Die, and using face-up Challenge tokens as free actions)."""
from __future__ import annotations

from . import kingdoms, tokens
from . import steps as S
from . import steps_resolve as SR
from .actions import (
    NV,
    OFF,
    V_GOLD,
    V_KINGDOM,
    V_MOVE,
    V_MOVE_CT,
    V_MOVE_FATE,
    V_PASS,
    V_PIRATE_ADV,
    V_SAIL,
    V_SCRY,
    V_SKULL,
    V_SORC_CYCLE,
    V_SORC_PLACE,
    V_TEMPLE,
    V_THIEF_ADV,
    V_THIEVERY,
    V_TRADE,
    V_TRADE_CYCLE,
    V_TRIBUTE,
    V_UNLOCK,
    V_WARRIOR_ADV,
    VERBS,
)
from .content import (
    ALLY,
    CHALLENGE,
    CHAR,
    CONAN,
    FOE,
    GOLD,
    KINGDOM,
    MOVE,
    PIRATE,
    SCRY,
    SORCERY,
    THIEF,
    TRADE,
    WARRIOR,
    content,
)
from .dicepool import ACTIVE, POOL, SPENT, TRACK, dice_in, face_can, mface, reset, roll
from .frames import (
    MAIN_POSTS,
    MAINS,
    CtSource,
    CycleSlot,
    FateSource,
    God,
    Main,
    MoveTo,
    PickFate,
    SecondMoveDie,
    UnlockSlot,
)
from .frames import Scry as ScryAsk
from .gains import gain_gold, where
from .resource import advance_plot
from .stack import ask, clear, push
from .text import name_of
from .words import VERB_WORDS

C = content()

VERB_SYM = {V_MOVE: MOVE, V_MOVE_CT: MOVE, V_MOVE_FATE: MOVE, V_KINGDOM: KINGDOM,
            V_TRIBUTE: KINGDOM, V_SAIL: PIRATE, V_PIRATE_ADV: PIRATE, V_SCRY: SCRY,
            V_SORC_PLACE: SORCERY, V_SORC_CYCLE: SORCERY, V_TRADE: TRADE, V_TRADE_CYCLE: TRADE,
            V_THIEVERY: THIEF, V_THIEF_ADV: THIEF, V_WARRIOR_ADV: WARRIOR, V_TEMPLE: WARRIOR,
            V_GOLD: GOLD, V_SKULL: CHALLENGE}
ROLE_VERBS = {  # who may take an action at all (any role may use any symbol it shows)
    CONAN: set(range(NV)) - {V_MOVE_CT},
    ALLY: set(range(NV)) - {V_MOVE_FATE, V_TRADE_CYCLE},
    FOE: set(range(NV)) - {V_MOVE_FATE, V_TRADE_CYCLE, V_PIRATE_ADV, V_THIEF_ADV, V_WARRIOR_ADV,
                           V_TEMPLE},
}
# Deploy: what a Character result may do, per role (rulebook: Kingdom Symbol, Deploy Die)
DEPLOY = {
    CONAN: {V_KINGDOM, V_TRIBUTE, V_MOVE, V_MOVE_FATE, V_SAIL, V_THIEVERY, V_TRADE,
            V_TRADE_CYCLE, V_TEMPLE},
    ALLY: {V_KINGDOM, V_TRIBUTE, V_MOVE, V_MOVE_CT, V_SAIL, V_SCRY, V_THIEVERY, V_TRADE,
           V_TEMPLE},
    FOE: {V_KINGDOM, V_TRIBUTE, V_MOVE, V_MOVE_CT, V_SAIL, V_SORC_PLACE, V_SORC_CYCLE,
          V_THIEVERY, V_TRADE},
}


class _FaceVerbs(dict):
    """(matching id, role kind) -> verbs that result allows, before the board is considered;
    a restricted Wild's entry (see dicepool.mface) is built the first time it is asked for."""

    def __missing__(self, key):
        f, kind = key
        can = C.match_can[f]
        vs = {V_PASS}
        for v, sym in VERB_SYM.items():
            if (can >> sym) & 1:
                vs.add(v)
        if (can >> CHAR) & 1:  # a Character result (or a Wild counted as one) may Deploy
            vs |= DEPLOY[kind]
        out = self[key] = frozenset(vs & ROLE_VERBS[kind])
        return out


FACE_VERBS = _FaceVerbs()
ACH_VERBS = {V_PIRATE_ADV: 0, V_THIEF_ADV: 1, V_WARRIOR_ADV: 2}


def move_capable(s, p, i):
    return (face_can(s, p, s.face[p][i]) >> MOVE) & 1 or C.face_char[s.face[p][i]]


def mover_token(s, p):
    """Whose token p's Move action moves: its own, or Conan's for an Ally."""
    return 0 if s.rk[p] == ALLY else p


def main_phase(s):
    s.phase = "main"
    for p in range(s.n):
        reset(s, p)
    push(s, S.MAIN_TURNS[0])


def main_turn(s, j):
    n = s.n
    for step in range(n):
        jj = (j + step) % n
        p = s.order[jj]
        if ACTIVE in s.zone[p]:
            s.last_spent[p] = -1
            ask(s, MAINS[p][jj])
            return


def free_actions(s, p, post):
    """The free actions open to p now: roll the Kingdom die, use face-up tokens."""
    out = []
    k = where(s, p)
    if s.gold[p] >= 1 and not s.rolled_here[p] and k >= 0:
        out.append("free_roll")
    kinds = {C.ct[t][0] for t in s.ct_card[p]}
    if post and tokens.EXTRA in kinds and s.last_spent[p] >= 0 and s.zone[p][s.last_spent[p]] == SPENT:
        out.append("use_extra_action")
    if tokens.KINGDOMT in kinds:
        out.append("use_kingdom_token")
    return out


UNLOCK_MASKS = tuple(sum(1 << x for x in slot) for slot in C.unlock_slots)


def _context(s, p):
    """Board facts the verbs of all p's dice share (computed at most once per mask)."""
    return {"free_slots": [slot for slot in range(4) if s.track_p[slot] < 0],
            "active": dice_in(s, p, ACTIVE)}


def _fact(ctx, key, fn):
    v = ctx.get(key)
    if v is None:
        v = ctx[key] = fn()
    return v


def movable_ct(s):
    return tokens.movable_challenge_sources(s)


def legal_verbs(s, p, i, ctx=None):
    """The actions die i of p can take on the board as it stands. They depend on the die's
    result only: the one check that looks at other dice (a second Move die to leave a vast
    kingdom) finds the same answer for any two dice showing the same result."""
    if ctx is None:
        ctx = _context(s, p)
    f = s.face[p][i]
    mf = mface(s, p, f)
    can = C.match_can[mf]
    kind = s.rk[p]
    out = []
    k = where(s, p)
    conan_k = s.loc[0]
    for v in FACE_VERBS[mf, kind]:
        if v in ACH_VERBS:
            if C.face_pure_char[f] or not (can >> VERB_SYM[v]) & 1:
                continue
            t = ACH_VERBS[v]
            if (VERB_SYM[v] not in C.kattrs[conan_k]) or s.ach[p][t] >= C.ach_len:
                continue
        elif v == V_MOVE:
            if C.vast[s.loc[mover_token(s, p)]] and not any(
                    j != i and move_capable(s, p, j) for j in ctx["active"]):
                continue
        elif v == V_MOVE_CT:
            if not _fact(ctx, "move_ct", lambda: bool(movable_ct(s))):
                continue
        elif v == V_MOVE_FATE:
            if not _fact(ctx, "move_fate", lambda: any(any(r) for r in s.fate_board)):
                continue
        elif v == V_TRIBUTE:
            if s.gold[p] < 1 or len(s.gods[p]) >= 3 or not any(s.god_supply):
                continue
        elif v == V_SAIL:
            if PIRATE not in C.kattrs[s.loc[mover_token(s, p)]]:
                continue
        elif v == V_SCRY:
            if not _fact(ctx, "scry", lambda: bool(tokens.scry_targets(s, p))):
                continue
        elif v == V_SORC_CYCLE:
            if all(e < 0 for e in s.enc_face):
                continue
        elif v == V_TRADE:
            if not any(s.fate[p]) or not any(s.fate_supply):
                continue
        elif v == V_TRADE_CYCLE:
            if all(a < 0 for a in s.adv_face):
                continue
        elif v == V_TEMPLE:
            if not s.temple[conan_k]:
                continue
        elif v == V_KINGDOM:
            if not kingdoms.effect_possible(s, p, k, spending=1):
                continue
        out.append(v)
    if not C.face_pure_char[f] and any(can & UNLOCK_MASKS[slot] for slot in ctx["free_slots"]):
        out.append(V_UNLOCK)
    return out


def plot_dice_for_characters(s, p):
    """Character (or Wild) results to advance on the Plot, pure Character results first."""
    f = s.face[p]
    act = dice_in(s, p, ACTIVE)
    pure = [i for i in act if C.face_pure_char[f[i]]]
    split = [i for i in act if C.face_char[f[i]] and not C.face_pure_char[f[i]]]
    wild = [i for i in act if C.faces[f[i]][0] == "wild"]
    return pure + split + wild


def mask_main(s, d, mask):
    off = OFF
    p = d.actor
    ctx = _context(s, p)
    base = off["act"]
    face = s.face[p]
    # dice showing the same result take the same actions (see legal_verbs)
    verbs_of: dict[int, list[int]] = {}
    for i in ctx["active"]:
        verbs = verbs_of.get(face[i])
        if verbs is None:
            verbs = verbs_of[face[i]] = legal_verbs(s, p, i, ctx)
        for v in verbs:
            mask[base + i * NV + v] = True
    if s.plot[p] < len(s.plot_spaces) and len(plot_dice_for_characters(s, p)) >= \
            s.plot_spaces[s.plot[p]]:
        mask[off["plot_with_characters"]] = True
    for a in free_actions(s, p, post=False):
        mask[off[a]] = True


def apply_main(s, d, seg, i):
    p, j = d.actor, d.j
    clear(s)
    if seg in ("free_roll", "use_kingdom_token", "use_extra_action"):
        push(s, S.MAIN_REASKS[p][j])
        _free_action(s, p, seg)
        return
    push(s, S.MAIN_AFTERS[p][j])
    if seg == "plot_with_characters":
        dice = plot_dice_for_characters(s, p)[:s.plot_spaces[s.plot[p]]]
        for d in dice:
            s.zone[p][d] = SPENT
        advance_plot(s, p)
        return
    d, v = divmod(i, NV)
    s.zone[p][d] = SPENT
    s.last_spent[p] = d
    s.log_event(f"{name_of(s, p)} spends die {d} ({C.face_names[s.face[p][d]]}) to "
                f"{VERB_WORDS[VERBS[v]]}")
    perform(s, p, d, v)


def main_reask(s, p, j):
    if ACTIVE in s.zone[p]:
        ask(s, MAINS[p][j])
    else:
        push(s, S.MAIN_TURNS[(j + 1) % s.n])


def main_after(s, p, j):
    if free_actions(s, p, post=True):
        ask(s, MAIN_POSTS[p][j])
    else:
        push(s, S.MAIN_TURNS[(j + 1) % s.n])


def resume(s, d):
    """Return to a decision that a side effect (e.g. a cycle's keep-one choice) interrupted;
    a Main-phase turn whose dice were all used up meanwhile passes to the next player."""
    if type(d) is Main and ACTIVE not in s.zone[d.actor]:
        push(s, S.MAIN_AFTERS[d.actor][d.j])
        return
    ask(s, d)


def mask_post(s, d, mask):
    for a in free_actions(s, d.actor, post=True):
        mask[OFF[a]] = True
    mask[OFF["done"]] = True


def apply_post(s, d, seg, i):
    p, j = d.actor, d.j
    clear(s)
    if seg == "done":
        push(s, S.MAIN_TURNS[(j + 1) % s.n])
        return
    push(s, S.MAIN_AFTERS[p][j])
    _free_action(s, p, seg)


def _free_action(s, p, seg):
    name = name_of(s, p)
    if seg == "free_roll":
        s.log_event(f"{name} pays 1 Gold to roll the Kingdom die of {C.kingdoms[where(s, p)]}")
        s.gold[p] -= 1
        s.rolled_here[p] = True
        push(s, S.RollKdie(p, where(s, p), -1))
    elif seg == "use_extra_action":
        t = next(t for t in s.ct_card[p] if C.ct[t][0] == tokens.EXTRA)
        s.ct_card[p].remove(t)
        s.ct_discard.append(t)
        d = s.last_spent[p]
        s.log_event(f"{name} uses the Extra Action token: die {d} is rerolled and goes back to "
                    f"the Active Pool")
        s.zone[p][d] = ACTIVE
        roll(s, p, [d])
        s.last_spent[p] = -1
    else:
        t = next(t for t in s.ct_card[p] if C.ct[t][0] == tokens.KINGDOMT)
        s.log_event(f"{name} uses the Kingdom token in {C.kingdoms[where(s, p)]}")
        s.ct_card[p].remove(t)
        s.ct_discard.append(t)
        kingdoms.effect_or_roll(s, p)


def perform(s, p, d, v):
    """Carry out the action of die d (already spent)."""
    k = where(s, p)
    if v == V_MOVE:
        who = mover_token(s, p)
        if C.vast[s.loc[who]]:
            ask(s, SecondMoveDie(p, d))
        else:
            ask(s, MoveTo(p, who, tuple(C.adj[s.loc[who]]), "move"))
    elif v == V_MOVE_CT:
        ask(s, CtSource(p, tuple(tokens.movable_challenge_sources(s))))
    elif v == V_MOVE_FATE:
        ask(s, FateSource(p, tuple(x for x in range(len(C.kingdoms)) if any(s.fate_board[x]))))
    elif v == V_KINGDOM:
        kingdoms.trigger(s, p, k)
    elif v == V_TRIBUTE:
        s.gold[p] -= 1
        ask(s, God(p, "tribute"))
    elif v == V_SAIL:
        who = mover_token(s, p)
        ask(s, MoveTo(p, who, tuple(x for x in C.pirate_kingdoms if x != s.loc[who]), "sail"))
    elif v in ACH_VERBS:
        push(s, S.AchAdv(p, ACH_VERBS[v], 1))
    elif v == V_SCRY:
        ask(s, ScryAsk(p, tuple(tokens.scry_targets(s, p))))
    elif v in (V_SORC_PLACE, V_SKULL):
        tokens.start_place(s, p)
    elif v == V_SORC_CYCLE:
        ask(s, CycleSlot(p, "encounter"))
    elif v == V_TRADE:
        ask(s, PickFate(p, "trade_give", tuple(x for x in range(8) if s.fate[p][x])))
    elif v == V_TRADE_CYCLE:
        ask(s, CycleSlot(p, "adventure"))
    elif v == V_THIEVERY:
        gain_gold(s, p, 1)
    elif v == V_GOLD:
        gain_gold(s, p, 2)
    elif v == V_TEMPLE:
        s.zone[p][d] = POOL
        push(s, SR.Fight(p, 2, 0, s.loc[0], -1))
    elif v == V_UNLOCK:
        can = face_can(s, p, s.face[p][d])
        opts = [slot for slot in range(4) if s.track_p[slot] < 0 and can & UNLOCK_MASKS[slot]]
        if len(opts) == 1:
            unlock(s, p, d, opts[0])
        else:
            ask(s, UnlockSlot(p, d, tuple(opts)))


def unlock(s, p, d, slot):
    s.zone[p][d] = TRACK
    s.track_p[slot] = p
    s.track_d[slot] = d


def mask_second(s, d, mask):
    p = d.actor
    for i in dice_in(s, p, ACTIVE):
        if move_capable(s, p, i):
            mask[OFF["die"] + i] = True


def apply_second(s, d, i):
    """Leaving the Eastern Desert or Hyperborea takes two Move dice in one action."""
    p = d.actor
    s.zone[p][i] = SPENT
    who = mover_token(s, p)
    ask(s, MoveTo(p, who, tuple(C.adj[s.loc[who]]), "move"))
