"""Observation encoder per role (DESIGN.md "Observations"): everything in the role's view except
the log, as named blocks of floats in [0, 1] (`observation_blocks`, the env card's table).

The public board; each player's character, ability side, tokens, cards and dice; the role's own
Challenge-token supply and the tokens it has seen; cards shown to it alone; what is being
resolved (the Adventure attempted, the Encounter faced, a Fight, a Duel) and the pending
decision's particulars (`view.decision_record`). Counts are scaled and capped at 1.

The layout is fixed at import. Each call copies a cached template (role and player-count
one-hots, player presence), writes card blocks by slice and single values through a memoryview
(the cheapest element write from Python).
"""
from __future__ import annotations

import numpy as np

from .actions import TOKEN_TYPE_OF, TOKEN_TYPES
from .content import content
from .dicepool import MAX_DICE
from .flow import DECISIONS
from .tokens import peeked
from .view import WHY_INDEX, WHYS, decision_record

C = content()
NK = len(C.kingdoms)
NF = len(C.faces)
NT = len(TOKEN_TYPES)
ND = len(C.dtypes)
NA, NE, NEV, NP = len(C.adventures), len(C.encounters), len(C.events), len(C.plots)
NCHAR = max(len(v) for v in C.characters.values())
ENC_NEEDS = max(len(n) for n in C.enc_needs)
PHASES = ("setup", "resource", "plot", "main", "encounter", "adventure", "end", "over")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
KINDS = 64  # room for the decision kinds (sorted internal names)
PER_DIE = 1 + 7 + NF + ND + 1            # present, zone, face, die type, set for the next phase
PER_PLAYER_LAYOUT = (
    ("present", 1), ("victory_points", 1), ("gold", 1), ("fate", 8), ("gods", 8),
    ("kingdom", NK + 1), ("plot", 1), ("achievements", 3), ("supply_size", 1),
    ("face_up_tokens", 2), ("character", NCHAR), ("side", 1), ("ability_used", 1),
    ("adventure_cards", NA), ("known_supply", NT), ("dice_gained", 1), ("free_dice", 1),
    ("kingdom_die_rolled", 1), ("hits", 1), ("dice", MAX_DICE * PER_DIE),
)
PER_PLAYER = sum(n for _, n in PER_PLAYER_LAYOUT)
PER_KINGDOM = 1 + NT + 1 + 8             # token, its type if seen, temples, Fate tokens
CONTEXT_LAYOUT = (
    ("why", len(WHYS)), ("kingdom", NK), ("player", 4), ("dice", MAX_DICE), ("fate", 8),
    ("rolls", 1), ("pushed", 1), ("points", 1), ("slot", 4), ("which", 2), ("card", NA),
    ("rolled", MAX_DICE), ("token", NT),
)
LAYOUT = (
    ("role", 4), ("player_count", 3), ("phase", len(PHASES)), ("decision_kind", KINDS),
    ("actor", 4), ("round", 2), ("event", NEV), ("direction", 2), ("plot_cards", NP),
    ("decks", 4),
    *((f"player_{p}", PER_PLAYER) for p in range(4)),
    ("kingdoms", NK * PER_KINGDOM), ("supply", 24), ("adventures", 3 * (NA + NK + 9)),
    ("encounters", 3 * NE), ("encounter_track", 4 * (4 + NF)), ("next_plot_card", 24),
    ("scried", NA + NE + NEV), ("shown", 4 * (NA + NE)), ("adventure_attempt", NA + 1),
    ("encounter_faced", 3 + ENC_NEEDS + 4 + 1), ("fight", 4 + 1 + 1 + NK + 1),
    ("duel", 4 + 4 + NK + 2), ("context", sum(n for _, n in CONTEXT_LAYOUT)),
)


def _offsets(layout, start=0):
    out, o = {}, start
    for name, n in layout:
        out[name] = o
        o += n
    return out, o


O, SIZE = _offsets(LAYOUT)
PO, _ = _offsets(PER_PLAYER_LAYOUT)
CO, _ = _offsets(CONTEXT_LAYOUT, O["context"])
P_BASE = [O[f"player_{p}"] for p in range(4)]
K_BASE = [O["kingdoms"] + k * PER_KINGDOM for k in range(NK)]
TOKEN_KIND = [C.ct[t][0] for t in range(len(C.ct))]
ZERO8 = [0] * 8
NO_PEEK = [-1, -1, -1]
ACH_SCALE = [min(i / C.ach_len, 1) for i in range(C.ach_len + 1)]
DECK_SCALE = (NA, NE, NEV, len(C.ct))
KIND_INDEX = {}


def observation_blocks(game=None, role=0) -> list[tuple[str, int]]:
    """The named blocks of the observation, in order; their sizes sum to its length."""
    return list(LAYOUT)


def obs_size(game=None):
    return SIZE


def _adventure_block(a):
    blk = np.zeros(NA + NK + 9, dtype=np.float32)
    blk[a] = 1
    blk[NA + C.adv_kingdom[a]] = 1
    for x in C.adv_needs[a]:
        blk[NA + NK + min(x, 8)] += 0.2
    return np.minimum(blk, 1)


def _plot_block(c):
    blk = np.zeros(24, dtype=np.float32)
    for x in C.plot_req[c]:
        blk[x] += 0.5
    for x in C.plot_bonus[c]:
        blk[12 + x] += 0.5
    return np.minimum(blk, 1)


ADV_BLOCK = [memoryview(_adventure_block(a)) for a in range(NA)]
PLOT_BLOCK = [memoryview(_plot_block(c)) for c in range(NP)]
_TEMPLATES = {}


def _template(n, role):
    v = np.zeros(SIZE, dtype=np.float32)
    v[O["role"] + role] = 1
    v[O["player_count"] + n - 2] = 1
    for p in range(n):
        v[P_BASE[p] + PO["present"]] = 1
    return v


def _scaled(x, scale):
    x = x / scale
    return x if x < 1 else 1.0


def _encode_player(w, s, p, role, known):
    b = P_BASE[p]
    w[b + PO["victory_points"]] = _scaled(s.vp[p], 80)
    w[b + PO["gold"]] = _scaled(s.gold[p], 40)
    fate = s.fate[p]
    if fate != ZERO8:
        o = b + PO["fate"]
        for f in range(8):
            if fate[f]:
                w[o + f] = _scaled(fate[f], 4)
    for g in s.gods[p]:
        w[b + PO["gods"] + g] = 1
    x = s.loc[p]
    w[b + PO["kingdom"] + (x if x >= 0 else NK)] = 1
    w[b + PO["plot"]] = _scaled(s.plot[p], 10)
    a = s.ach[p]
    o = b + PO["achievements"]
    w[o], w[o + 1], w[o + 2] = ACH_SCALE[a[0]], ACH_SCALE[a[1]], ACH_SCALE[a[2]]
    hand = s.ct_hand[p]
    if hand:
        w[b + PO["supply_size"]] = _scaled(len(hand), 10)
        o = b + PO["known_supply"]
        for t in hand:
            if p == role or t in known:
                j = o + TOKEN_TYPE_OF[t]
                w[j] = min(w[j] + 0.2, 1.0)
    for t in s.ct_card[p]:
        j = b + PO["face_up_tokens"] + (TOKEN_KIND[t] == 5)  # Extra Action, Kingdom
        w[j] = min(w[j] + 0.25, 1.0)
    w[b + PO["character"] + s.char[p]] = 1
    w[b + PO["side"]] = s.side[p]
    w[b + PO["ability_used"]] = s.ability_used[p]
    for c in s.adv_held[p]:
        w[b + PO["adventure_cards"] + c] = 1
    w[b + PO["dice_gained"]] = _scaled(s.gained[p], 6)
    w[b + PO["free_dice"]] = _scaled(s.free_dice[p], 2)
    w[b + PO["kingdom_die_rolled"]] = s.rolled_here[p]
    w[b + PO["hits"]] = _scaled(s.hits[p], 10)
    o = b + PO["dice"]
    held = s.held[p]
    for i, (z, f, dt) in enumerate(zip(s.zone[p], s.face[p], s.dtype[p])):
        w[o] = 1
        w[o + 1 + z] = 1
        w[o + 8 + f] = 1
        w[o + 8 + NF + dt] = 1
        if i == held:
            w[o + 8 + NF + ND] = 1
        o += PER_DIE


def _encode_context(w, s, role):
    d = s.dec
    r = decision_record(s)
    if not r:
        return
    if "why" in r:
        w[CO["why"] + WHY_INDEX[r["why"]]] = 1
    if "kingdom" in r:
        w[CO["kingdom"] + r["kingdom"]] = 1
    if "player" in r:
        w[CO["player"] + r["player"]] = 1
    for i in r.get("dice", ()):
        w[CO["dice"] + i] = 1
    if "fate" in r:
        w[CO["fate"] + r["fate"]] = 1
    if "rolls" in r:
        w[CO["rolls"]] = r["rolls"] / 3
        w[CO["pushed"]] = float(r["pushed"])
    if "points" in r:
        w[CO["points"]] = _scaled(r["points"], 60)
    if "slot" in r:
        w[CO["slot"] + r["slot"]] = 1
    if "which" in r:
        w[CO["which"] + (r["which"] == "encounter")] = 1
    if "card" in r:
        w[CO["card"] + r["card"]] = 1
    for i in r.get("rolled", ()):
        w[CO["rolled"] + i] = 1
    if d["p"] == role:
        if "token" in r:
            w[CO["token"] + r["token"]] = 1
        if "drawn" in r:  # the two cards drawn for a cycle, seen by the cycling player only
            base = O["shown"]
            for j, card in enumerate(r["drawn"]):
                w[base + j * (NA + NE) + (card if r["which"] == "adventure" else NA + card)] = 1
    if "cards" in r:  # Adventure cards held: public
        base = O["shown"]
        for j, card in enumerate(r["cards"]):
            w[base + j * (NA + NE) + card] = 1


def encode(s, role):
    n = s.n
    key = (n, role)
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        tpl = _TEMPLATES[key] = _template(n, role)
    v = tpl.copy()
    w = memoryview(v)  # element writes through a memoryview are the cheapest from Python
    w[O["phase"] + PHASE_INDEX[s.phase]] = 1
    d = s.dec
    if d is not None and not s.over:
        if not KIND_INDEX:
            KIND_INDEX.update({k: i for i, k in enumerate(sorted(DECISIONS))})
        w[O["decision_kind"] + KIND_INDEX[d["k"]]] = 1
        w[O["actor"] + d["p"]] = 1
    w[O["round"]] = _scaled(s.turn, 40)
    w[O["round"] + 1] = float(s.end_triggered)
    if s.ev_cur >= 0:
        w[O["event"] + s.ev_cur] = 1
    w[O["direction"] + s.dirn] = 1
    for c in s.plot_cards:
        w[O["plot_cards"] + c] = 1
    o = O["decks"]
    for j, size in enumerate((len(s.adv_deck), len(s.enc_deck), len(s.ev_deck),
                              len(s.ct_supply))):
        w[o + j] = size / DECK_SCALE[j]
    known = s.ct_known[role]
    for p in range(n):
        _encode_player(w, s, p, role, known)

    # kingdoms: Challenge tokens (type only where this role has seen it), temples, Fate tokens
    for b, t, x, row in zip(K_BASE, s.ct_board, s.temple, s.fate_board):
        if t >= 0:
            w[b] = 1
            if t in known:
                w[b + 1 + TOKEN_TYPE_OF[t]] = 1
        if x:
            w[b + 1 + NT] = _scaled(len(x), 4)
        if row != ZERO8:
            b += 2 + NT
            for f in range(8):
                if row[f]:
                    w[b + f] = _scaled(row[f], 4)

    o = O["supply"]  # gods in the supply, Gold on them, the Fate supply
    for g in range(8):
        if s.god_supply[g]:
            w[o + g] = 1
        if s.god_gold[g]:
            w[o + 8 + g] = _scaled(s.god_gold[g], 10)
        if s.fate_supply[g]:
            w[o + 16 + g] = _scaled(s.fate_supply[g], 4)

    for i, a in enumerate(s.adv_face):
        if a >= 0:
            o = O["adventures"] + i * (NA + NK + 9)
            w[o:o + NA + NK + 9] = ADV_BLOCK[a]
    for i, e in enumerate(s.enc_face):
        if e >= 0:
            w[O["encounters"] + i * NE + e] = 1
    for slot in range(4):
        p = s.track_p[slot]
        if p >= 0:
            o = O["encounter_track"] + slot * (4 + NF)
            w[o + p] = 1
            w[o + 4 + s.face[p][s.track_d[slot]]] = 1
    if s.plot[role] < len(s.plot_spaces):
        o = O["next_plot_card"]
        w[o:o + 24] = PLOT_BLOCK[s.plot_cards[s.plot_spaces[s.plot[role]] - 1]]
    if s.peek[role] != NO_PEEK:  # the top cards this role scried, while still on top
        o = O["scried"]
        for deck, size in enumerate((NA, NE, NEV)):
            card = peeked(s, role, deck)
            if card >= 0:
                w[o + card] = 1
            o += size

    # what is being resolved
    if s.adv is not None:
        w[O["adventure_attempt"] + s.adv["card"]] = 1
        w[O["adventure_attempt"] + NA] = float(s.adv["done"])
    if s.enc is not None:
        o = O["encounter_faced"]
        w[o + s.enc["slot"]] = 1
        for i in s.enc["left"]:
            w[o + 3 + i] = 1
        for p in s.enc["failed"]:
            w[o + 3 + ENC_NEEDS + p] = 1
        w[o + 3 + ENC_NEEDS + 4] = float(s.enc["done"])
    f = s.fight
    if f is not None:
        o = O["fight"]
        w[o + f["player"]] = 1
        w[o + 4] = _scaled(f["need"], 10)
        w[o + 5] = _scaled(f["vp"], 10)
        w[o + 6 + (f["temple"] if f["temple"] >= 0 else NK)] = 1
    du = s.duel
    if du is not None:
        o = O["duel"]
        w[o + du["attacker"]] = 1
        w[o + 4 + du["defender"]] = 1
        w[o + 8 + du["kingdom"]] = 1
        w[o + 8 + NK] = du["stopped"][0]
        w[o + 9 + NK] = du["stopped"][1]
    if d is not None and not s.over:
        _encode_context(w, s, role)
    return v
