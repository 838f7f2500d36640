"""1. Resource Phase (rulebook: Reveal Event, Gain Resources, God tokens, buying dice, Advance
the Plot, Using Wilds to Advance the Plot) and the start of each round."""
from __future__ import annotations

from dataclasses import replace

from . import steps as S
from . import steps_resolve as SR
from .actions import OFF
from .cards import draw
from .content import ALLY, CONAN, FOE, GODS, ROLE_KINDS, content
from .dicepool import ACTIVE, ASIDE, FAILED, MAX_DICE, covered, dice_in, mface, reset, roll
from .frames import BUYS, FIRST_PLOT_ROLLS, GOD_GAINS
from .gains import draw_challenge, gain_fate, gain_vp
from .modifiers import plot_characters
from .stack import ask, clear, push
from .text import name_of

C = content()


def turn_order(s, dirn):
    """Green (clockwise): from the player on Conan's left; red: from the one on his right.
    Seats run clockwise in role order (Conan, Foe, Ally, second Foe); Conan is last."""
    n = s.n
    return list(range(1, n)) + [0] if dirn == 0 else list(range(n - 1, 0, -1)) + [0]


def new_round(s):
    s.phase = "resource"
    for p in range(s.n):
        z = s.zone[p]
        for i in range(len(z)):
            z[i] = ACTIVE
        s.gained[p] = 0
        s.ach_used[p] = [False, False, False]
        s.rolled_here[p] = False
        s.last_spent[p] = -1
        s.ability_used[p] = False
        s.held[p] = -1
    s.track_p = [-1] * 4
    s.track_d = [-1] * 4
    push(s, S.EVENT, S.GODS, S.BUY_ALL, S.PLOT_PHASE, S.MAIN_PHASE, SR.ENCOUNTER_PHASE,
         SR.ADVENTURE_PHASE, SR.END_ROUND)


def event(s):
    if s.ev_cur >= 0:
        s.ev_discard.append(s.ev_cur)
    s.ev_cur = draw(s, s.ev_deck, s.ev_discard)
    e = s.ev_cur
    s.log_event(f"Round {s.turn + 1}: {C.events[e]['name']} is revealed; play goes "
                f"{'clockwise' if C.events[e]['direction'] == 'cw' else 'counter-clockwise'}")
    occupied = {s.loc[p] for p in range(s.n) if s.loc[p] >= 0}
    for k in C.event_ct[e]:
        if s.ct_board[k] < 0 and k not in occupied:
            t = draw_challenge(s, 0, quiet=True)
            if t >= 0:
                # straight from the supply to the board: nobody has seen it
                s.log_event(f"a face-down Challenge token is placed in {C.kingdoms[k]}")
                s.ct_hand[0].remove(t)
                s.ct_known[0].discard(t)
                s.ct_board[k] = t
    for k, f in C.event_fate[e]:
        if s.fate_supply[f] == 0:
            continue
        takers = [p for p in s.order if s.rk[p] != ALLY and s.loc[p] == k]
        if takers:
            gain_fate(s, takers[0], f)  # Allies do not gain Fate tokens this way
        else:
            s.fate_supply[f] -= 1
            s.fate_board[k][f] += 1
    s.dirn = 0 if C.events[e]["direction"] == "cw" else 1
    s.order = turn_order(s, s.dirn)


def gods(s):
    """From the lowest score up (ties in turn order), each chooses a God token."""
    rank = sorted(s.order, key=lambda p: (s.vp[p], s.order.index(p)))
    push(s, *[S.GOD_CHOICES[p] for p in rank], S.GOD_GOLD)


def god_choice(s, p):
    if len(s.gods[p]) < 3 and any(s.god_supply):
        ask(s, GOD_GAINS[p])


def god_gold(s):
    for g in range(8):
        if s.god_supply[g]:
            s.god_gold[g] += 1


def take_god(s, p, g):
    s.log_event(f"{name_of(s, p)} takes the God token {GODS[g].capitalize()}"
                + (f" and the {s.god_gold[g]} Gold on it" if s.god_gold[g] else ""))
    s.god_supply[g] = False
    s.gods[p].append(g)
    s.gold[p] += s.god_gold[g]
    s.god_gold[g] = 0


def mask_god(s, d, mask):
    for g in range(8):
        if s.god_supply[g]:
            mask[OFF["god"] + g] = True


# ---- buying dice ------------------------------------------------------------------------
# The primary and general die types each kind of character buys (None: it has no primary)
BUY_TYPES: dict[int, tuple[str | None, str]] = {
    CONAN: ("conan_primary", "conan_general"), FOE: (None, "foe_general"),
    ALLY: ("ally_primary", "ally_general")}


def buy_types(s, p):
    kind = s.rk[p]
    if kind == FOE and C.characters[FOE][s.char[p]].get("ohala"):
        names = ("ally_primary", "ally_general")  # Ohala, the only Foe who uses Ally dice
        return [C.dtypes.index(t) for t in names]
    return [C.dtypes.index(t) if t else -1 for t in BUY_TYPES[kind]]


def available(s, t):
    return C.dcount[t] - sum(row.count(t) for row in s.dtype)


def price(s, p):
    if s.gained[p] < s.free_dice[p]:
        return 0
    kind = s.rk[p]
    if kind == CONAN:
        return 3
    if kind == ALLY:
        return 2
    return min(s.gained[p] + 1, 3)


def can_buy(s, p, t):
    if t < 0 or available(s, t) <= 0 or len(s.dtype[p]) >= MAX_DICE:
        return False
    if s.rk[p] == FOE and s.n == 4:
        first_foe = next(q for q in s.order if s.rk[q] == FOE)
        if p == first_foe and s.gained[p] >= 2:
            return False
    return s.gold[p] >= price(s, p)


def buy_all(s):
    for p in range(s.n):
        mid = any(v >= C.ach_mid for v in s.ach[p])
        ch3 = s.plot[p] > 0 and s.plot_spaces[s.plot[p] - 1] >= 3
        s.free_dice[p] = int(mid) + int(ch3)
    push(s, *[S.BUY_STEPS[p] for p in s.order])


def buy(s, p):
    if any(can_buy(s, p, t) for t in buy_types(s, p)):
        ask(s, BUYS[p])


def mask_buy(s, d, mask):
    p = d.actor
    for j, t in enumerate(buy_types(s, p)):
        if can_buy(s, p, t):
            mask[OFF["buy"] + j] = True
    mask[OFF["done"]] = True


def apply_buy(s, d, seg, i):
    p = d.actor
    clear(s)
    if seg == "buy":
        t = buy_types(s, p)[i]
        s.log_event(f"{name_of(s, p)} gains a {('primary', 'general')[i]} die for "
                    f"{price(s, p)} Gold")
        s.gold[p] -= price(s, p)
        s.gained[p] += 1
        s.dtype[p].append(t)
        s.face[p].append(0)
        s.zone[p].append(ACTIVE)
        push(s, S.BUY_STEPS[p])


# ---- Advance the Plot -------------------------------------------------------------------
def plot_card(s, p):
    return s.plot_cards[s.plot_spaces[s.plot[p]] - 1]


def plot_phase(s):
    s.phase = "plot"
    push(s, *[S.PLOT_ATTEMPTS[p] for p in s.order])


def plot_attempt(s, p):
    if s.plot[p] >= len(s.plot_spaces):
        return
    idx = reset(s, p)
    s.just_rolled = [p, idx]
    ask(s, FIRST_PLOT_ROLLS[p])


def plot_dice(s, p, zone):
    f = s.face[p]
    return [(mface(s, p, f[i]), False) for i in dice_in(s, p, zone)]


def plot_needs(s, p, bonus=True):
    c = plot_card(s, p)
    needs = [(x, False) for x in C.plot_req[c]]
    if bonus:
        needs += [(x, False) for x in C.plot_bonus[c]]
    return needs


def mask_plot(s, d, mask):
    off = OFF
    p = d.actor
    needs = plot_needs(s, p)
    aside = plot_dice(s, p, ASIDE)
    base = covered(aside, needs)
    f = s.face[p]
    helps: dict[int, bool] = {}  # by result: whether setting aside a die showing it covers one more need
    for i in dice_in(s, p, ACTIVE):
        x = helps.get(f[i])
        if x is None:
            x = helps[f[i]] = (not C.face_pure_char[f[i]]
                               and covered(aside + [(mface(s, p, f[i]), False)], needs) > base)
        if x:
            mask[off["die"] + i] = True
    if d.rolls < 3 and dice_in(s, p, ACTIVE):
        mask[off["yes"]] = True
    mask[off["done"]] = True


def apply_plot(s, d, seg, i):
    p = d.actor
    if seg == "die":
        s.zone[p][i] = ASIDE
        s.just_rolled = None
        return
    if seg == "yes":
        req = plot_needs(s, p, bonus=False)
        if covered(plot_dice(s, p, ASIDE), req) == len(req):
            d = replace(d, pushed=True)  # rolling on for the bonus: 3+ Characters now fail it all
        z, f = s.zone[p], s.face[p]
        for j in range(len(z)):
            if z[j] == ACTIVE and C.face_char[f[j]]:
                z[j] = FAILED
        if z.count(FAILED) >= 3:
            clear(s)  # three Character results: the attempt fails
            s.just_rolled = None
            s.log_event(f"{name_of(s, p)} fails the Plot roll (3 Character results)")
            return
        idx = dice_in(s, p, ACTIVE)
        roll(s, p, idx)
        s.just_rolled = [p, idx]
        ask(s, replace(d, rolls=d.rolls + 1))
        return
    pushed = d.pushed
    clear(s)
    s.just_rolled = None
    aside = plot_dice(s, p, ASIDE)
    req = plot_needs(s, p, bonus=False)
    who = name_of(s, p)
    if pushed and plot_characters(s, p) >= 3:
        s.log_event(f"{who} pushed for the bonus and rolled 3+ Characters: the Plot roll fails")
        return
    if covered(aside, req) < len(req):
        s.log_event(f"{who} fails the Plot roll")
        return
    c = plot_card(s, p)
    bonus = covered(aside, plot_needs(s, p)) == len(plot_needs(s, p))
    # pushed last-first: chapter points (and their track rewards), plot rewards, event bonus
    if bonus:
        push(s, S.Reward(p, tuple(C.events[s.ev_cur]["plot_bonus"])))
    push(s, S.Reward(p, tuple(C.plots[c]["rewards"][ROLE_KINDS[s.rk[p]]])))
    advance_plot(s, p)


def advance_plot(s, p):
    """Move the marker one space and score the chapter number moved to."""
    chapter = s.plot_spaces[s.plot[p]]
    s.plot[p] += 1
    s.log_event(f"{name_of(s, p)} advances on the Plot to chapter {chapter} "
                f"({chapter} Victory points)")
    gain_vp(s, p, chapter)
    if s.plot[p] >= len(s.plot_spaces):
        s.end_triggered = True
