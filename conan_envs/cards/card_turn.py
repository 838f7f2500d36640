"""1. Card Turn (rulebook, "1. Card Turn", "How and When to Play Cards", "Limitations on
Challenge Cards"): a mandatory first round, then open rounds until someone passes; Adventure
cards face up in front of their player (+1 DP), Challenge cards face down on others'
Adventures with room (+1 DP). Resolution cards wait for the Hero Turn; Magic items never
reach a hand (they form their own deck), so nothing else is played here."""
from __future__ import annotations

from . import content as C
from . import flow
from .setup import put_challenge

NADV = C.NUM_ADVENTURES


def challenge_targets(s, p) -> list:
    """Difficulty greater than the Challenges on it; not one's own; not where one's Hero is."""
    pos = s.pos[p]
    st, own, stack = s.adv_state, s.adv_owner, s.stack
    return [a for a in range(NADV) if st[a] == 1 and own[a] != p and a != pos
            and len(stack[a]) < C.DIFFICULTY[a]]


def has_play(s, p) -> bool:
    targets = None
    for card in s.hand[p]:
        if C.AD0 <= card < C.RS0:
            return True
        if C.CH0 <= card < C.AD0:
            if targets is None:
                targets = challenge_targets(s, p)
            if targets:
                return True
    return False


def advance(s) -> None:
    """Next player in turn order; after the first round any pass (or having nothing to play)
    ends the Card Turn."""
    order = s.order
    while s.winner < 0:
        s.idx += 1
        if s.idx >= len(order):
            s.first_round = False
            s.idx = 0
        p = order[s.idx]
        if not s.alive[p]:
            continue
        if has_play(s, p):
            s.dec, s.actor = "card_play", p
            return
        if not s.first_round:
            flow.end_phase(s)
            return


def mask_card_play(s, m) -> None:
    p = s.actor
    o = s.game.o
    op, opl = o["play"], o["place"]
    targets = None
    for card in s.hand[p]:
        if C.AD0 <= card < C.RS0:
            m[op + card] = True
        elif C.CH0 <= card < C.AD0:
            if targets is None:
                targets = challenge_targets(s, p)
            base = opl + (card - C.CH0) * NADV
            for a in targets:
                m[base + a] = True
    m[0] = True


def apply_card_play(s, seg, i) -> None:
    p = s.actor
    if seg == "pass":
        if s.first_round:
            advance(s)
        else:
            flow.end_phase(s)
        return
    if seg == "play":  # an Adventure card, face up in front of its player
        s.hand[p].remove(i)
        a = i - C.AD0
        s.adv_state[a] = 1
        s.adv_owner[a] = p
    else:  # "place": a Challenge card face down on an Adventure
        c, a = divmod(i, NADV)
        s.hand[p].remove(C.CH0 + c)
        put_challenge(s, p, c, a)
    s.dp[p] += 1
    advance(s)
