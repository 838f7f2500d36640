"""Moving character, Challenge and Fate tokens and revealing Challenge tokens (rulebook: Move
Symbol, Fate tokens pickup, Scry Symbol, Sorcery Symbol, Trade Symbol, Glossary: Challenge
Tokens and their nine kinds)."""
from __future__ import annotations

from enum import IntEnum
from typing import Any

from ..engine.flow import Frame
from . import steps as S
from . import steps_resolve as SR
from .actions import OFF, TOKEN_TYPE_OF
from .content import ALLY, CONAN, FOE, content
from .dicepool import ACTIVE, dice_in
from .frames import CtSource, FateSource, MoveTo, PlaceToken, PlaceWhere, ScryMove
from .frames_resolve import Ambush, AmbushDie, FightTemple, RevealChoice
from .gains import draw_challenge, gain_gold, gain_vp
from .stack import ask, clear, push
from .text import name_of
from .words import TOKEN_NAMES

C = content()


class TokenKind(IntEnum):
    """The nine kinds of Challenge tokens (Glossary: Challenge Tokens), in the order of
    CT_KINDS."""
    FATE_ANY = 0
    AMBUSH = 1
    EXTRA = 2
    FIGHT = 3
    GOLDT = 4
    KINGDOMT = 5
    LOSE_FATE = 6
    TEMPLE = 7
    VPT = 8


FATE_ANY, AMBUSH, EXTRA, FIGHT, GOLDT, KINGDOMT, LOSE_FATE, TEMPLE, VPT = TokenKind


def occupied(s, k):
    return k in character_kingdoms(s)


def character_kingdoms(s):
    """The kingdoms holding a Character token (Conan's, the Foes'; an Ally has none)."""
    return {s.loc[p] for p in range(s.n) if s.rk[p] != ALLY}


def foes_at(s, k, but=-1):
    return [p for p in s.order if s.rk[p] == FOE and s.loc[p] == k and p != but]


# ---- characters -------------------------------------------------------------------------
def move_character(s, who, dest, actor, facer=-1):
    """Move `who`'s token (Conan or a Foe) into `dest`; `actor` is the player who moved it."""
    origin = s.loc[who]
    s.loc[who] = dest
    s.log_event(f"{name_of(s, actor)} moves to {C.kingdoms[dest]}" if actor == who else
                f"{name_of(s, actor)} moves {name_of(s, who)} to {C.kingdoms[dest]}")
    s.rolled_here[who] = False
    if who == 0:
        for p in range(s.n):
            if s.rk[p] == ALLY:
                s.rolled_here[p] = False
    push(s, S.Enter(who, dest, actor, origin, facer))


def enter(s, who, k, actor, origin, facer):
    ally_moves_conan = who == 0 and s.rk[actor] == ALLY
    gainer = actor if (actor == who or ally_moves_conan) else who
    if facer < 0:
        facer = actor if ally_moves_conan else who
    steps: list[Frame[Any]] = []
    if ally_moves_conan:
        if any(C.adv_kingdom[a] == k for a in s.adv_face if a >= 0):
            steps.append(S.FateLocal(actor, k))
        if any(C.adv_kingdom[a] == origin for a in s.adv_face if a >= 0):
            steps.append(S.FateLocal(0, k))
    for f in range(8):  # face-up Fate tokens there go to the player who moved in
        s.fate[gainer][f] += s.fate_board[k][f]
        s.fate_board[k][f] = 0
    for _ in s.temple[k]:
        if who == 0:
            steps.append(S.LoseFate(gainer))
        else:
            steps.append(S.TempleVp(who))
    if s.temple[k] and who == 0:
        steps.append(S.OfferTemple(facer, k))
    if s.ct_board[k] >= 0:
        if who == 0:
            steps.append(S.Reveal(k, gainer, facer))
        else:
            steps.append(S.FoeMayReveal(who, k))
    if who == 0:
        attacker = actor if ally_moves_conan else 0
        if facer >= 0 and s.rk[facer] == ALLY:
            attacker = facer
        for f in foes_at(s, k):
            steps.append(SR.Duel(attacker, f, k, attacker))
    else:
        if s.loc[0] == k:
            a = actor if actor in (who, 0) else who
            steps.append(SR.Duel(a, 0 if a == who else who, k, a))
        for f in foes_at(s, k, but=who):
            a = actor if actor in (who, f) else who
            steps.append(SR.Duel(a, f if a == who else who, k, a))
    push(s, *steps)


def offer_temple(s, p, k):
    if s.temple[k] and s.loc[0] == k and dice_in(s, p, ACTIVE):
        ask(s, FightTemple(p, k))


def foe_may_reveal(s, p, k):
    if s.ct_board[k] >= 0 and s.loc[p] == k:
        ask(s, RevealChoice(p, k))


# ---- revealing Challenge tokens ---------------------------------------------------------
def reveal(s, k, revealer, facer):
    t = s.ct_board[k]
    if t < 0:
        return
    s.ct_board[k] = -1
    for q in range(s.n):
        s.ct_known[q].discard(t)
    s.log_event(f"{name_of(s, revealer)} reveals a {TOKEN_NAMES[TOKEN_TYPE_OF[t]]} Challenge "
                f"token in {C.kingdoms[k]}")
    resolve_token(s, t, k, revealer, facer)


def resolve_token(s, t, k, revealer, facer):
    kind, value = C.ct[t]
    if kind == FIGHT:
        s.ct_discard.append(t)  # removed after the fight, even an ignored one
        push(s, SR.Fight(facer, value, value, -1, t))
    elif kind == AMBUSH:
        s.ct_discard.append(t)
        push(s, S.AmbushStep(revealer))
    elif kind == GOLDT:
        s.ct_discard.append(t)
        gain_gold(s, revealer, value)
    elif kind in (EXTRA, KINGDOMT):
        s.ct_card[revealer].append(t)
        if kind == KINGDOMT:  # "When revealed (or when used later)": may be used at once
            push(s, S.KingdomTokenNow(revealer, t))
    elif kind == FATE_ANY:
        s.ct_discard.append(t)
        push(s, S.FateAny(revealer))
    elif kind == LOSE_FATE:
        s.ct_discard.append(t)
        push(s, S.LoseFate(revealer))
    elif kind == TEMPLE:
        s.temple[k].append(t)
        if s.rk[revealer] == FOE:
            gain_vp(s, revealer, 2)
        else:
            push(s, S.LoseFate(revealer), S.OfferTemple(revealer, k))
    elif kind == VPT:
        s.ct_discard.append(t)
        gain_vp(s, revealer, value)


def ambush(s, revealer):
    """The next Foe in turn order duels Conan or places an active die on the Encounter track."""
    i = s.order.index(revealer)
    foes = [q for q in s.order[i + 1:] + s.order[:i + 1] if s.rk[q] == FOE]
    if foes:
        ask(s, Ambush(foes[0]))


def mask_ambush(s, p, mask):
    mask[OFF["yes"]] = True
    if dice_in(s, p, ACTIVE):
        for slot in range(4):
            if s.track_p[slot] < 0:
                mask[OFF["slot"] + slot] = True


def apply_ambush(s, p, seg, i):
    clear(s)
    if seg == "yes":
        if s.loc[p] == s.loc[0]:
            push(s, SR.Duel(p, 0, s.loc[0], p))
        else:
            move_character(s, p, s.loc[0], actor=p)
    else:
        ask(s, AmbushDie(p, i))


# ---- moving Challenge tokens (Ally, Foe; Corinthia for anyone) ----------------------------
def movable_challenge_sources(s):
    board = s.ct_board
    return [k for k, t in enumerate(board) if t >= 0 and any(board[x] < 0 for x in C.adj[k])]


def ct_destinations(s, k):
    """Where the face-down Challenge token of `k` may move: the free adjacent kingdoms."""
    return tuple(x for x in C.adj[k] if s.ct_board[x] < 0)


def move_challenge(s, p, src, i):
    """`p` moves the face-down Challenge token of `src` into `i`."""
    t = s.ct_board[src]
    s.ct_board[src] = -1
    s.ct_board[i] = t
    if occupied(s, i):  # moved into a Kingdom with a Character token: revealed at once,
        # by the character there (the Ally, if the Ally moved it onto Conan)
        facer = (p if s.rk[p] == ALLY else 0) if s.loc[0] == i else foes_at(s, i)[0]
        push(s, S.Reveal(i, facer, facer))


# ---- moving Fate tokens (Conan; Corinthia for anyone) -------------------------------------
def move_fate(s, src, f, i):
    """A Fate token of kind `f` moves from `src` into `i`: a character there takes it."""
    s.fate_board[src][f] -= 1
    takers = ([0] if s.loc[0] == i else []) + foes_at(s, i)
    if takers:
        s.fate[takers[0]][f] += 1
    else:
        s.fate_board[i][f] += 1


# ---- Scry -----------------------------------------------------------------------------------
DECKS = ("adv_deck", "enc_deck", "ev_deck")


def scry_targets(s, p):
    """Face-down tokens p has not seen: kingdoms (board), then 100+q for player q's supply,
    then 200+d for the top card of deck d (Adventure, Encounter, Event)."""
    known = s.ct_known[p]
    out = [k for k, t in enumerate(s.ct_board) if t >= 0 and t not in known]
    out += [100 + q for q in range(s.n) if q != p and any(t not in known for t in s.ct_hand[q])]
    out += [200 + d for d, name in enumerate(DECKS) if getattr(s, name)]
    return out


def peeked(s, p, d):
    """The card p saw on top of deck d, if it is still on top; else -1."""
    deck = getattr(s, DECKS[d])
    card = s.peek[p][d]
    return card if card >= 0 and deck and deck[-1] == card else -1


def scry(s, p, seg, i):
    """`p` scries a kingdom's token, the top card of deck `i` or a token of player `i`."""
    if seg == "kingdom":
        t = s.ct_board[i]
        s.ct_known[p].add(t)
        s.log_event(f"{name_of(s, p)} scries the token in {C.kingdoms[i]}")
        s.log_event(f"you see a {TOKEN_NAMES[TOKEN_TYPE_OF[t]]} token in {C.kingdoms[i]}", to=p)
    elif seg == "slot":
        card = s.peek[p][i] = getattr(s, DECKS[i])[-1]
        name = (C.adventures, C.encounters, C.events)[i][card]["name"]
        s.log_event(f"{name_of(s, p)} scries the top {('Adventure', 'Encounter', 'Event')[i]} card")
        s.log_event(f"you see {name} on top of the deck", to=p)
    else:
        unseen = [t for t in s.ct_hand[i] if t not in s.ct_known[p]]
        t = unseen[int(s.rng.integers(len(unseen)))]
        s.ct_known[p].add(t)
        s.log_event(f"{name_of(s, p)} scries a token in {name_of(s, i)}'s supply")
        s.log_event(f"you see a {TOKEN_NAMES[TOKEN_TYPE_OF[t]]} token in {name_of(s, i)}'s supply", to=p)
    if s.gold[p] >= 1 and scry_moves(s, p):
        ask(s, ScryMove(p))


def scry_moves(s, p):
    """The Movement actions p's character could take after peeking: 0 its character token
    (Conan's, for the Ally; one die cannot leave a vast kingdom), 1 a face-down Challenge token
    (Ally, Foe), 2 a Fate token (Conan)."""
    who = 0 if s.rk[p] == ALLY else p
    out = [] if C.vast[s.loc[who]] else [0]
    if s.rk[p] != CONAN and movable_challenge_sources(s):
        out.append(1)
    if s.rk[p] == CONAN and any(map(any, s.fate_board)):
        out.append(2)
    return out


def scry_move(s, p, seg, i):
    """After peeking, optionally pay 1 Gold for a normal Movement action, "used in any way
    that Character executes a Movement action": 'yes' moves the character, slot 1 a Challenge
    token, slot 2 a Fate token."""
    if seg == "done":
        return
    s.gold[p] -= 1
    if seg == "yes":
        who = 0 if s.rk[p] == ALLY else p
        ask(s, MoveTo(p, who, tuple(C.adj[s.loc[who]]), "move"))
    elif i == 1:
        ask(s, CtSource(p, tuple(movable_challenge_sources(s))))
    else:
        ask(s, FateSource(p, tuple(x for x in range(len(C.kingdoms)) if any(s.fate_board[x]))))


# ---- placing Challenge tokens (Sorcery, the Challenge-token result) ------------------------
def place_targets(s):
    taken = character_kingdoms(s)
    return [k for k, t in enumerate(s.ct_board) if t < 0 and k not in taken]


def start_place(s, p):
    """Draw a token into one's own supply, then place any token from it face down."""
    draw_challenge(s, p)
    if s.ct_hand[p] and place_targets(s):
        ask(s, PlaceToken(p))


def mask_place_token(s, p, mask):
    for t in s.ct_hand[p]:
        mask[OFF["token"] + TOKEN_TYPE_OF[t]] = True


def pick_token(s, p, i):
    """`p` chose a token of type `i` from its supply: now where it goes."""
    t = next(t for t in s.ct_hand[p] if TOKEN_TYPE_OF[t] == i)
    ask(s, PlaceWhere(p, t, tuple(place_targets(s))))


def place_token(s, p, t, i):
    """`p` places its token `t` face down in kingdom `i`."""
    s.ct_hand[p].remove(t)
    s.ct_board[i] = t
    s.log_event(f"{name_of(s, p)} places a face-down Challenge token in {C.kingdoms[i]}")
    s.log_event(f"you placed a {TOKEN_NAMES[TOKEN_TYPE_OF[t]]} token", to=p)

