"""3. Triggered Phase - Encounters (rulebook: Unlock Encounters, Encounter Dice, Assigning
Automatic Successes from the Encounter Track, Resolving Encounters, Gain Rewards, Encounters
Example)."""
from __future__ import annotations

from . import steps as S
from . import steps_resolve as SR
from .content import ALLY, CONAN, FOE, W2, content
from .dicepool import ACTIVE, ASIDE, SPENT, TRACK, WOUND, is_primary, match, mface, roll, wild_can
from .frames_resolve import EncAside
from .modifiers import maybe_adjust
from .stack import ask, push
from .text import name_of

C = content()


def unlocked(s):
    return sum(1 for p in s.track_p if p >= 0) >= s.n


def encounter_phase(s):
    s.phase = "encounter"
    if not unlocked(s):
        return
    k = s.loc[0]
    slots = [j for j in range(3) if s.enc_face[j] >= 0 and C.encounter_matches(s.enc_face[j], k)]
    push(s, *[SR.Encounter(j) for j in slots], SR.ENC_REFILL)


def encounter(s, j):
    """Conan first, then the others in turn order, until someone defeats it."""
    e = s.enc_face[j]
    s.enc = {"slot": j, "card": e, "left": list(range(len(C.enc_needs[e]))), "failed": [],
             "done": False}
    order = [0] + [p for p in s.order if p != 0]
    push(s, *[SR.EncAttempt(p) for p in order], SR.ENC_END)


def foe_dice_on_track(s):
    return sum(1 for p in s.track_p if p >= 0 and s.rk[p] == FOE)


def _aside_options(s, p):
    z = s.zone[p]
    return [i for i in range(len(z)) if z[i] not in (WOUND, ASIDE)]


def enc_attempt(s, p):
    if s.enc["done"]:
        return
    push(s, SR.EncRoll(p))
    if s.rk[p] in (CONAN, ALLY):
        for _ in range(foe_dice_on_track(s)):
            push(s, SR.EncAsideStep(p))


def enc_aside(s, p):
    """For each Foe die on the track, Conan and an Ally set aside one die before rolling."""
    opts = _aside_options(s, p)
    if len(opts) == 1:
        set_aside(s, p, opts[0])
    elif opts:
        ask(s, EncAside(p, tuple(opts)))


def set_aside(s, p, d):
    if s.zone[p][d] == TRACK:
        _off_track(s, p, d)
    s.zone[p][d] = ASIDE


def _off_track(s, p, d):
    for slot in range(4):
        if s.track_p[slot] == p and s.track_d[slot] == d:
            s.track_p[slot] = s.track_d[slot] = -1


def needs_left(s):
    e = s.enc["card"]
    out = []
    for n in s.enc["left"]:
        sym, prim, dbl = C.enc_needs[e][n]
        out.append((W2 if dbl else sym, prim))
    return out


def _track_dice(s, p):
    return [s.track_d[slot] for slot in range(4) if s.track_p[slot] == p]


def track_face(s, p, d):
    """The matching id of a die on the Encounter track: its face, or for a Wild either symbol
    of its space ("can be used for either symbol as an automatic success, though not both")
    that is a result on p's character's dice (Active Dice)."""
    f = s.face[p][d]
    if C.faces[f][0] == "wild":
        for slot in range(4):
            if s.track_p[slot] == p and s.track_d[slot] == d:
                return C.match_id(C.face_can[C.track_wild[slot]] & wild_can(s, p), False)
    return f


def enc_roll(s, p):
    needs = needs_left(s)
    syms = 0
    for sym, _ in needs:
        syms |= 1 << (6 if sym == W2 else sym)
    for d in _track_dice(s, p):  # a track die that can match nothing is rolled instead
        if not C.match_can[track_face(s, p, d)] & syms:
            _off_track(s, p, d)
            s.zone[p][d] = ACTIVE
    z = s.zone[p]
    dice = [i for i in range(len(z)) if z[i] not in (WOUND, TRACK, ASIDE)]
    for i in dice:
        z[i] = ACTIVE
    roll(s, p, dice)
    s.just_rolled = [p, dice]
    push(s, SR.EncApply(p))
    maybe_adjust(s, p, dice, "encounter")


def enc_apply(s, p):
    """Rolled results and the player's Encounter-track dice are matched together ("Apply all
    matching results shown on the dice (and still on the Encounter track belonging to that
    player)"); on a failure the rolled results that match stay applied for the players after,
    the track's automatic successes do not."""
    s.just_rolled = None
    needs = needs_left(s)
    conan = p == 0
    rolled = [i for i, z in enumerate(s.zone[p]) if z == ACTIVE]
    track = _track_dice(s, p)
    dice = [(mface(s, p, s.face[p][i]), is_primary(s, p, i)) for i in rolled]
    tdice = [(track_face(s, p, i), is_primary(s, p, i)) for i in track]
    got, assign = match(dice + tdice, needs, conan)
    e = s.enc["card"]
    who = name_of(s, p)
    if got == len(needs):
        s.enc["done"] = True
        s.log_event(f"{who} defeats the Encounter {C.encounters[e]['name']}")
        steps = [S.Reward(p, tuple(C.encounters[e]["reward"]))]
        steps += [S.Reward(q, tuple(C.encounters[e]["penalty"])) for q in s.enc["failed"]]
        push(s, *steps)
        everything = rolled + track
        for a in assign:
            if a < 0:
                continue
            i = everything[a]
            if a >= len(rolled):
                _off_track(s, p, i)
            s.zone[p][i] = SPENT
        return
    got, assign = match(dice, needs, conan)
    s.enc["left"] = [n for n, a in zip(s.enc["left"], assign) if a < 0]
    s.enc["failed"].append(p)
    s.log_event(f"{who} fails the Encounter {C.encounters[e]['name']}; "
                f"{got} rolled result(s) stay applied")
    for i in rolled:
        s.zone[p][i] = SPENT


def enc_end(s):
    j = s.enc["slot"]
    s.enc_discard.append(s.enc_face[j])
    s.enc_face[j] = -1
    for p in range(s.n):
        z = s.zone[p]
        for i in range(len(z)):
            if z[i] == ASIDE:
                z[i] = ACTIVE
    s.enc = None
