"""Observation encoder per role (DESIGN.md "Observations"): the public board, the role's own
Challenge-token supply and the tokens it has seen; for others only counts. Values in [0, 1].

The layout is fixed at import. What depends only on the player count and the role (role and
player-count one-hots, player presence) lives in a cached template; what depends only on a card
(an Adventure's kingdom and needs, a Plot card's symbols) is precomputed per card. Each call
copies the template, writes card blocks by slice and single values through a memoryview (the
cheapest element write from Python); values are clipped to 1 as they are written.
"""
from __future__ import annotations

import numpy as np

from .actions import TOKEN_TYPE_OF, TOKEN_TYPES
from .content import content
from .dicepool import MAX_DICE
from .flow import DECISIONS
from .tokens import EXTRA, KINGDOMT, peeked

C = content()
NK = len(C.kingdoms)
NF = len(C.faces)
NT = len(TOKEN_TYPES)
NA, NE, NEV = len(C.adventures), len(C.encounters), len(C.events)
PHASES = ("setup", "resource", "plot", "main", "encounter", "adventure", "end", "over")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
PER_DIE = 1 + 7 + NF + 1
PER_PLAYER = 1 + 1 + 1 + 8 + 8 + (NK + 1) + 1 + 3 + 1 + NT + 1 + 1 + MAX_DICE * PER_DIE
PER_KINGDOM = 1 + NT + 1 + 8
HEAD = 4 + 3 + len(PHASES) + 64 + 4 + 4

# ---- layout -------------------------------------------------------------------------------
DEC = 7 + len(PHASES)                    # decision kind (64), decider (4), roller (4)
PLAYERS = HEAD
P_GODS = 11                              # offsets inside a player block
P_LOC = 19
P_PLOT = P_LOC + NK + 1                  # plot, 3 achievement tracks, hand size
P_HAND = P_PLOT + 5
P_CARD = P_HAND + NT
P_DICE = P_CARD + 2
KINGDOMS = PLAYERS + 4 * PER_PLAYER
GODS = KINGDOMS + NK * PER_KINGDOM       # supply (8), gold on gods (8), Fate supply (8)
ADV = GODS + 24                          # 3 face-up Adventures
ENC = ADV + 3 * (NK + 9)                 # 3 face-up Encounters
EVENT = ENC + 3 * 26
DIRN = EVENT + NEV
TRACKS = DIRN + 2                        # 4 encounter-track slots: owner (4), face (NF)
PLOT = TRACKS + 4 * (4 + NF)             # the role's next Plot card: required (12), bonus (12)
KNOWN = PLOT + 24
HITS = KNOWN + NT
TURN = HITS + 4
PEEK = TURN + 2                          # scried top cards of the three decks
SHOWN = PEEK + NA + NE + NEV             # up to 4 cards shown to the decider alone
SIZE = SHOWN + 4 * (NA + NE)

P_BASE = np.array([PLAYERS + p * PER_PLAYER for p in range(4)])
DT_SCALE = [t / len(C.dtypes) for t in range(len(C.dtypes))]
TOKEN_KIND = [C.ct[t][0] for t in range(len(C.ct))]
K_BASE = [KINGDOMS + k * PER_KINGDOM for k in range(NK)]
ZERO8 = [0] * 8
NO_PEEK = [-1, -1, -1]
ACH_SCALE = [min(i / C.ach_len, 1) for i in range(C.ach_len + 1)]


def obs_size(game=None):
    return SIZE


def _adventure_block(a):
    blk = np.zeros(NK + 9, dtype=np.float32)
    sums = {}
    for x in C.adv_needs[a]:
        sums[NK + min(x, 8)] = sums.get(NK + min(x, 8), 0) + 0.2
    if sums:
        blk[list(sums)] = list(sums.values())
    blk[C.adv_kingdom[a]] = 1
    return np.minimum(blk, 1)


def _plot_block(c):
    blk = np.zeros(24, dtype=np.float32)
    sums = {}
    for x in C.plot_req[c]:
        sums[x] = sums.get(x, 0) + 0.5
    for x in C.plot_bonus[c]:
        sums[12 + x] = sums.get(12 + x, 0) + 0.5
    if sums:
        blk[list(sums)] = list(sums.values())
    return np.minimum(blk, 1)


ADV_BLOCK = [memoryview(_adventure_block(a)) for a in range(NA)]
PLOT_BLOCK = [memoryview(_plot_block(c)) for c in range(len(C.plots))]
_DEC_INDEX = {}
_TEMPLATES = {}


def _template(n, role):
    v = np.zeros(SIZE, dtype=np.float32)
    v[role] = 1
    v[4 + n - 2] = 1
    v[P_BASE[:n]] = 1
    return v


def encode(s, role):
    n = s.n
    key = (n, role)
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        tpl = _TEMPLATES[key] = _template(n, role)
    v = tpl.copy()
    w = memoryview(v)  # element writes through a memoryview are the cheapest from Python
    w[7 + PHASE_INDEX[s.phase]] = 1
    d = s.dec
    if d is not None:
        if not _DEC_INDEX:
            _DEC_INDEX.update({k: i for i, k in enumerate(sorted(DECISIONS))})
        w[DEC + _DEC_INDEX[d["k"]]] = 1
        w[DEC + 64 + d["p"]] = 1
        r = d.get("roller")
        if r is not None:
            w[DEC + 68 + r] = 1
    known = s.ct_known[role]

    # players
    hand_of_role = s.ct_hand[role]
    for p in range(n):
        b = PLAYERS + p * PER_PLAYER
        x = s.vp[p]
        w[b + 1] = x / 60 if x < 60 else 1.0
        x = s.gold[p]
        w[b + 2] = x / 20 if x < 20 else 1.0
        fate = s.fate[p]
        if fate != ZERO8:
            for f in range(8):
                c = fate[f]
                if c:
                    w[b + 3 + f] = c / 4 if c < 4 else 1.0
        for g in s.gods[p]:
            w[b + 11 + g] = 1
        x = s.loc[p]
        w[b + P_LOC + (x if x >= 0 else NK)] = 1
        q = b + P_PLOT
        x = s.plot[p]
        w[q] = x / 10 if x < 10 else 1.0
        a = s.ach[p]
        w[q + 1] = ACH_SCALE[a[0]]
        w[q + 2] = ACH_SCALE[a[1]]
        w[q + 3] = ACH_SCALE[a[2]]
        x = len(s.ct_hand[p])
        if x:
            w[q + 4] = x / 10 if x < 10 else 1.0
        for t in s.ct_card[p]:
            kind = TOKEN_KIND[t]
            if kind == EXTRA or kind == KINGDOMT:
                j = b + P_CARD + (kind == KINGDOMT)
                x = w[j] + 0.25
                w[j] = x if x < 1 else 1.0
        b += P_DICE
        for z, f, dt in zip(s.zone[p], s.face[p], s.dtype[p]):
            w[b] = 1
            w[b + 1 + z] = 1
            w[b + 8 + f] = 1
            w[b + 8 + NF] = DT_SCALE[dt]
            b += PER_DIE
    b = PLAYERS + role * PER_PLAYER + P_HAND
    for t in hand_of_role:
        j = b + TOKEN_TYPE_OF[t]
        x = w[j] + 0.25
        w[j] = x if x < 1 else 1.0

    # kingdoms: Challenge tokens (type only where this role has seen it), temples, Fate tokens
    for b, t, x, row in zip(K_BASE, s.ct_board, s.temple, s.fate_board):
        if t >= 0:
            w[b] = 1
            if t in known:
                w[b + 1 + TOKEN_TYPE_OF[t]] = 1
        if x:
            w[b + 1 + NT] = 0.5 if len(x) == 1 else 1.0
        if row != ZERO8:
            b += 2 + NT
            for f in range(8):
                c = row[f]
                if c:
                    w[b + f] = c / 4 if c < 4 else 1.0

    # gods and the Fate supply
    for g, x in enumerate(s.god_supply):
        if x:
            w[GODS + g] = 1
    for g, c in enumerate(s.god_gold):
        if c:
            w[GODS + 8 + g] = c / 5 if c < 5 else 1.0
    for g, c in enumerate(s.fate_supply):
        if c:
            w[GODS + 16 + g] = c / 4 if c < 4 else 1.0

    # face-up cards, event, direction, encounter track, the role's next Plot card
    for i, a in enumerate(s.adv_face):
        if a >= 0:
            o = ADV + i * (NK + 9)
            w[o:o + NK + 9] = ADV_BLOCK[a]
    for i, e in enumerate(s.enc_face):
        if e >= 0:
            w[ENC + i * 26 + e] = 1
    if s.ev_cur >= 0:
        w[EVENT + s.ev_cur] = 1
    w[DIRN + s.dirn] = 1
    for slot in range(4):
        p = s.track_p[slot]
        if p >= 0:
            o = TRACKS + slot * (4 + NF)
            w[o + p] = 1
            w[o + 4 + s.face[p][s.track_d[slot]]] = 1
    if s.plot[role] < len(s.plot_spaces):
        w[PLOT:PLOT + 24] = PLOT_BLOCK[s.plot_cards[s.plot_spaces[s.plot[role]] - 1]]
    for t in known:  # tokens this role has seen and that are still hidden from others
        j = KNOWN + TOKEN_TYPE_OF[t]
        x = w[j] + 0.25
        w[j] = x if x < 1 else 1.0
    for p, h in enumerate(s.hits):
        if h:
            w[HITS + p] = h / 8 if h < 8 else 1.0
    x = s.turn
    w[TURN] = x / 40 if x < 40 else 1.0
    w[TURN + 1] = float(s.end_triggered)
    pk = s.peek[role]  # the top cards this role scried, while still on top
    if pk != NO_PEEK:
        o = PEEK
        for deck, size in enumerate((NA, NE, NEV)):
            card = peeked(s, role, deck)
            if card >= 0:
                w[o + card] = 1
            o += size
    if d is not None and d["p"] == role:  # cards shown to the decider alone
        if d["k"] == "keep_card":
            for j, card in enumerate(d["drawn"]):
                w[SHOWN + j * (NA + NE) + (card if d["which"] == "adventure" else NA + card)] = 1
        elif d["k"] == "adv_reward":
            for j, card in enumerate(d["cards"]):
                w[SHOWN + j * (NA + NE) + card] = 1
    return v
