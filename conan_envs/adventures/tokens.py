"""Moving character, Challenge and Fate tokens and revealing Challenge tokens (rulebook: Move
Symbol, Fate tokens pickup, Scry Symbol, Sorcery Symbol, Trade Symbol, Glossary: Challenge
Tokens and their nine kinds)."""
from __future__ import annotations

from .actions import TOKEN_TYPE_OF
from .content import ALLY, CONAN, FOE, content
from .dicepool import ACTIVE, TRACK, dice_in
from .flow import ask, decision, push, task
from .gains import FATE_HANDLERS, draw_challenge, gain_fate, gain_gold, gain_vp, pick_fate
from .text import name_of
from .words import TOKEN_NAMES

C = content()
FATE_ANY, AMBUSH, EXTRA, FIGHT, GOLDT, KINGDOMT, LOSE_FATE, TEMPLE, VPT = range(9)  # CT_KINDS


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
    push(s, ["enter", who, dest, actor, origin, facer])


@task("enter")
def _enter(s, who, k, actor, origin, facer):
    ally_moves_conan = who == 0 and s.rk[actor] == ALLY
    gainer = actor if (actor == who or ally_moves_conan) else who
    if facer < 0:
        facer = actor if ally_moves_conan else who
    steps = []
    if ally_moves_conan:
        if any(C.adv_kingdom[a] == k for a in s.adv_face if a >= 0):
            steps.append(["fate_local", actor, k])
        if any(C.adv_kingdom[a] == origin for a in s.adv_face if a >= 0):
            steps.append(["fate_local", 0, k])
    for f in range(8):  # face-up Fate tokens there go to the player who moved in
        s.fate[gainer][f] += s.fate_board[k][f]
        s.fate_board[k][f] = 0
    for _ in s.temple[k]:
        if who == 0:
            steps.append(["lose_fate", gainer])
        else:
            steps.append(["temple_vp", who])
    if s.temple[k] and who == 0:
        steps.append(["offer_temple", facer, k])
    if s.ct_board[k] >= 0:
        if who == 0:
            steps.append(["reveal", k, gainer, facer])
        else:
            steps.append(["foe_may_reveal", who, k])
    if who == 0:
        attacker = actor if ally_moves_conan else 0
        if facer >= 0 and s.rk[facer] == ALLY:
            attacker = facer
        for f in foes_at(s, k):
            steps.append(["duel", attacker, f, k, attacker])
    else:
        if s.loc[0] == k:
            a = actor if actor in (who, 0) else who
            steps.append(["duel", a, 0 if a == who else who, k, a])
        for f in foes_at(s, k, but=who):
            a = actor if actor in (who, f) else who
            steps.append(["duel", a, f if a == who else who, k, a])
    push(s, *steps)


@task("temple_vp")
def _temple_vp(s, p):
    gain_vp(s, p, 2)


@task("offer_temple")
def _offer_temple(s, p, k):
    if s.temple[k] and s.loc[0] == k and dice_in(s, p, ACTIVE):
        ask(s, "fight_temple", p, kingdom=k)


def _mask_yes_done(s, mask, off):
    mask[off["yes"]] = mask[off["done"]] = True


@decision("fight_temple", _mask_yes_done)
def _apply_fight_temple(s, seg, i):
    p, k = s.dec["p"], s.dec["kingdom"]
    s.dec = None
    if seg == "yes":
        push(s, ["fight", p, 2, 0, k, -1])


@task("foe_may_reveal")
def _foe_may_reveal(s, p, k):
    if s.ct_board[k] >= 0 and s.loc[p] == k:
        ask(s, "reveal_choice", p, kingdom=k)


@decision("reveal_choice", _mask_yes_done)
def _apply_reveal_choice(s, seg, i):
    p, k = s.dec["p"], s.dec["kingdom"]
    s.dec = None
    if seg == "yes":
        push(s, ["reveal", k, p, p])


# ---- revealing Challenge tokens ---------------------------------------------------------
@task("reveal")
def _reveal(s, k, revealer, facer):
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
        push(s, ["fight", facer, value, value, -1, t])
    elif kind == AMBUSH:
        s.ct_discard.append(t)
        push(s, ["ambush", revealer])
    elif kind == GOLDT:
        s.ct_discard.append(t)
        gain_gold(s, revealer, value)
    elif kind in (EXTRA, KINGDOMT):
        s.ct_card[revealer].append(t)
        if kind == KINGDOMT:  # "When revealed (or when used later)": may be used at once
            push(s, ["kingdom_token_now", revealer, t])
    elif kind == FATE_ANY:
        s.ct_discard.append(t)
        push(s, ["fate_any", revealer])
    elif kind == LOSE_FATE:
        s.ct_discard.append(t)
        push(s, ["lose_fate", revealer])
    elif kind == TEMPLE:
        s.temple[k].append(t)
        if s.rk[revealer] == FOE:
            gain_vp(s, revealer, 2)
        else:
            push(s, ["lose_fate", revealer], ["offer_temple", revealer, k])
    elif kind == VPT:
        s.ct_discard.append(t)
        gain_vp(s, revealer, value)


@task("ambush")
def _ambush(s, revealer):
    """The next Foe in turn order duels Conan or places an active die on the Encounter track."""
    i = s.order.index(revealer)
    foes = [q for q in s.order[i + 1:] + s.order[:i + 1] if s.rk[q] == FOE]
    if foes:
        ask(s, "ambush", foes[0])


def _mask_ambush(s, mask, off):
    p = s.dec["p"]
    mask[off["yes"]] = True
    if dice_in(s, p, ACTIVE):
        for slot in range(4):
            if s.track_p[slot] < 0:
                mask[off["slot"] + slot] = True


@decision("ambush", _mask_ambush)
def _apply_ambush(s, seg, i):
    p = s.dec["p"]
    s.dec = None
    if seg == "yes":
        if s.loc[p] == s.loc[0]:
            push(s, ["duel", p, 0, s.loc[0], p])
        else:
            move_character(s, p, s.loc[0], actor=p)
    else:
        ask(s, "ambush_die", p, slot=i)


def _mask_ambush_die(s, mask, off):
    for d in dice_in(s, s.dec["p"], ACTIVE):
        mask[off["die"] + d] = True


@decision("ambush_die", _mask_ambush_die)
def _apply_ambush_die(s, seg, i):
    p, slot = s.dec["p"], s.dec["slot"]
    s.dec = None
    s.zone[p][i] = TRACK
    s.track_p[slot] = p
    s.track_d[slot] = i


# ---- moving Challenge tokens (Ally, Foe; Corinthia for anyone) ----------------------------
def movable_challenge_sources(s):
    board = s.ct_board
    return [k for k, t in enumerate(board) if t >= 0 and any(board[x] < 0 for x in C.adj[k])]


def _mask_kingdoms(s, mask, off):
    for k in s.dec["opts"]:
        mask[off["kingdom"] + k] = True


@decision("ct_source", _mask_kingdoms)
def _apply_ct_source(s, seg, i):
    p = s.dec["p"]
    ask(s, "ct_dest", p, src=i, opts=[x for x in C.adj[i] if s.ct_board[x] < 0])


@decision("ct_dest", _mask_kingdoms)
def _apply_ct_dest(s, seg, i):
    p, src = s.dec["p"], s.dec["src"]
    s.dec = None
    t = s.ct_board[src]
    s.ct_board[src] = -1
    s.ct_board[i] = t
    if occupied(s, i):  # moved into a Kingdom with a Character token: revealed at once,
        # by the character there (the Ally, if the Ally moved it onto Conan)
        facer = (p if s.rk[p] == ALLY else 0) if s.loc[0] == i else foes_at(s, i)[0]
        push(s, ["reveal", i, facer, facer])


# ---- moving Fate tokens (Conan; Corinthia for anyone) -------------------------------------
@decision("fate_source", _mask_kingdoms)
def _apply_fate_source(s, seg, i):
    p = s.dec["p"]
    kinds = [f for f in range(8) if s.fate_board[i][f]]
    s.dec = None
    pick_fate(s, p, kinds, "move_fate", src=i) if len(kinds) > 1 else \
        ask(s, "fate_dest", p, src=i, kind=kinds[0], opts=list(C.adj[i]))


def _fate_move_kind(s, p, k, kw):
    ask(s, "fate_dest", p, src=kw["src"], kind=k, opts=list(C.adj[kw["src"]]))


FATE_HANDLERS["move_fate"] = _fate_move_kind


@decision("fate_dest", _mask_kingdoms)
def _apply_fate_dest(s, seg, i):
    src, f = s.dec["src"], s.dec["kind"]
    s.dec = None
    s.fate_board[src][f] -= 1
    takers = ([0] if s.loc[0] == i else []) + foes_at(s, i)
    if takers:
        s.fate[takers[0]][f] += 1
    else:
        s.fate_board[i][f] += 1


# ---- Trade: a held Fate token for any from the supply ---------------------------------------
def _trade_give(s, p, k, kw):
    s.fate[p][k] -= 1
    s.fate_supply[k] += 1
    opts = [f for f in range(8) if s.fate_supply[f] and f != k]
    if opts:
        pick_fate(s, p, opts, "trade_take")


def _trade_take(s, p, k, kw):
    gain_fate(s, p, k)


FATE_HANDLERS["trade_give"] = _trade_give
FATE_HANDLERS["trade_take"] = _trade_take


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


def _mask_scry(s, mask, off):
    for x in s.dec["opts"]:
        if x >= 200:
            mask[off["slot"] + x - 200] = True
        elif x >= 100:
            mask[off["player"] + x - 100] = True
        else:
            mask[off["kingdom"] + x] = True


@decision("scry", _mask_scry)
def _apply_scry(s, seg, i):
    p = s.dec["p"]
    s.dec = None
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
        ask(s, "scry_move", p)


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


def _mask_scry_move(s, mask, off):
    moves = scry_moves(s, s.dec["p"])
    for m in moves:
        mask[off["yes"] if m == 0 else off["slot"] + m] = True
    mask[off["done"]] = True


@decision("scry_move", _mask_scry_move)
def _apply_scry_move(s, seg, i):
    """After peeking, optionally pay 1 Gold for a normal Movement action, "used in any way
    that Character executes a Movement action": 'yes' moves the character, slot 1 a Challenge
    token, slot 2 a Fate token."""
    p = s.dec["p"]
    s.dec = None
    if seg == "done":
        return
    s.gold[p] -= 1
    if seg == "yes":
        who = 0 if s.rk[p] == ALLY else p
        ask(s, "move_to", p, who=who, opts=list(C.adj[s.loc[who]]), why="move")
    elif i == 1:
        ask(s, "ct_source", p, opts=movable_challenge_sources(s))
    else:
        ask(s, "fate_source", p, opts=[x for x in range(len(C.kingdoms)) if any(s.fate_board[x])])


# ---- placing Challenge tokens (Sorcery, the Challenge-token result) ------------------------
def place_targets(s):
    taken = character_kingdoms(s)
    return [k for k, t in enumerate(s.ct_board) if t < 0 and k not in taken]


def start_place(s, p):
    """Draw a token into one's own supply, then place any token from it face down."""
    draw_challenge(s, p)
    if s.ct_hand[p] and place_targets(s):
        ask(s, "place_token", p)


def _mask_place_token(s, mask, off):
    for t in s.ct_hand[s.dec["p"]]:
        mask[off["token"] + TOKEN_TYPE_OF[t]] = True


@decision("place_token", _mask_place_token)
def _apply_place_token(s, seg, i):
    p = s.dec["p"]
    t = next(t for t in s.ct_hand[p] if TOKEN_TYPE_OF[t] == i)
    ask(s, "place_where", p, token=t, opts=place_targets(s))


@decision("place_where", _mask_kingdoms)
def _apply_place_where(s, seg, i):
    p, t = s.dec["p"], s.dec["token"]
    s.dec = None
    s.ct_hand[p].remove(t)
    s.ct_board[i] = t
    s.log_event(f"{name_of(s, p)} places a face-down Challenge token in {C.kingdoms[i]}")
    s.log_event(f"you placed a {TOKEN_NAMES[TOKEN_TYPE_OF[t]]} token", to=p)

