"""Observation encoder per role (DESIGN.md "Observations"): the public board, the role's own
Challenge-token supply and the tokens it has seen; for others only counts. Values in [0, 1].

The layout is fixed at import. What depends only on the player count and the role (role and
player-count one-hots, player presence) lives in a cached template; what depends only on a card
(an Adventure's kingdom and needs, a Plot card's symbols) is precomputed per card. Each call
copies the template and writes the changing blocks with slices and fancy indexing; Python loops
run only over the few things present (tokens held, dice, face-up cards).
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

P_SCALAR_COLS = np.array([1, 2, *range(3, 11), P_PLOT, P_PLOT + 1, P_PLOT + 2, P_PLOT + 3,
                          P_PLOT + 4])
P_BASE = np.array([PLAYERS + p * PER_PLAYER for p in range(4)])
K_BASE = KINGDOMS + np.arange(NK) * PER_KINGDOM
K_FATE = (K_BASE[:, None] + 2 + NT + np.arange(8)).ravel()
K_TEMPLE = K_BASE + 1 + NT
DT_SCALE = np.array([t / len(C.dtypes) for t in range(len(C.dtypes))])
DIE_OFF = np.arange(MAX_DICE) * PER_DIE
TOKEN_KIND = [C.ct[t][0] for t in range(len(C.ct))]


def obs_size(game=None):
    return SIZE


def _adventure_block(a):
    blk = np.zeros(NK + 9, dtype=np.float32)
    sums = {}
    for x in C.adv_needs[a]:
        sums[NK + min(x, 8)] = sums.get(NK + min(x, 8), 0) + 0.2
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


ADV_BLOCK = [_adventure_block(a) for a in range(NA)]
PLOT_BLOCK = [_plot_block(c) for c in range(len(C.plots))]
_DEC_INDEX = {}
_TEMPLATES = {}
_DIE_INDEX = {}


def _template(n, role):
    v = np.zeros(SIZE, dtype=np.float32)
    v[role] = 1
    v[4 + n - 2] = 1
    v[P_BASE[:n]] = 1
    return v


def _die_index(lengths):
    """Base index of every die of every player, for the players' current dice counts."""
    return np.concatenate([P_BASE[p] + P_DICE + DIE_OFF[:m] for p, m in enumerate(lengths)])


def encode(s, role):
    n = s.n
    key = (n, role)
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        tpl = _TEMPLATES[key] = _template(n, role)
    v = tpl.copy()
    ones = [DEC - len(PHASES) + PHASE_INDEX[s.phase]]
    d = s.dec
    if d is not None:
        if not _DEC_INDEX:
            _DEC_INDEX.update({k: i for i, k in enumerate(sorted(DECISIONS))})
        ones.append(DEC + _DEC_INDEX[d["k"]])
        ones.append(DEC + 64 + d["p"])
        r = d.get("roller")
        if r is not None:
            ones.append(DEC + 68 + r)
    known = s.ct_known[role]

    # players: scalars in one write, then one-hots, token counts and dice
    rows = []
    for p in range(n):
        a = s.ach[p]
        rows.append([min(s.vp[p], 60) / 60, min(s.gold[p], 20) / 20, *s.fate[p], s.plot[p] / 10,
                     a[0] / C.ach_len, a[1] / C.ach_len, a[2] / C.ach_len,
                     min(len(s.ct_hand[p]), 10) / 10])
        b = P_BASE[p]
        for g in s.gods[p]:
            ones.append(b + P_GODS + g)
        loc = s.loc[p]
        ones.append(b + P_LOC + (loc if loc >= 0 else NK))
    m = np.array(rows)
    m[:, 2:10] /= 4
    v[P_BASE[:n, None] + P_SCALAR_COLS] = m
    counts = {}
    for t in s.ct_hand[role]:
        j = P_BASE[role] + P_HAND + TOKEN_TYPE_OF[t]
        counts[j] = counts.get(j, 0) + 1
    for p in range(n):
        for t in s.ct_card[p]:
            kind = TOKEN_KIND[t]
            if kind == EXTRA or kind == KINGDOMT:
                j = P_BASE[p] + P_CARD + (kind == KINGDOMT)
                counts[j] = counts.get(j, 0) + 1
    lengths = tuple(len(z) for z in s.zone)
    di = _DIE_INDEX.get(lengths)
    if di is None:
        di = _DIE_INDEX[lengths] = _die_index(lengths)
    if di.size:
        zone = np.array(sum(s.zone, []))
        face = np.array(sum(s.face, []))
        v[di] = 1
        v[di + 1 + zone] = 1
        v[di + 8 + face] = 1
        v[di + 8 + NF] = DT_SCALE[sum(s.dtype, [])]

    # kingdoms: Challenge tokens (type only where this role has seen it), temples, Fate tokens
    for k, t in enumerate(s.ct_board):
        if t >= 0:
            ones.append(K_BASE[k])
            if t in known:
                ones.append(K_BASE[k] + 1 + TOKEN_TYPE_OF[t])
    temples = [(k, len(x)) for k, x in enumerate(s.temple) if x]
    if temples:
        ks, ls = zip(*temples)
        v[K_TEMPLE[list(ks)]] = np.array(ls) / 2
    fb = np.array(s.fate_board)
    if fb.any():
        v[K_FATE] = fb.ravel() / 4

    # gods and the Fate supply
    v[GODS:GODS + 8] = s.god_supply
    v[GODS + 8:GODS + 16] = np.minimum(s.god_gold, 5) / 5
    v[GODS + 16:GODS + 24] = np.array(s.fate_supply) / 4

    # face-up cards, event, direction, encounter track
    for i, a in enumerate(s.adv_face):
        if a >= 0:
            o = ADV + i * (NK + 9)
            v[o:o + NK + 9] = ADV_BLOCK[a]
    for i, e in enumerate(s.enc_face):
        if e >= 0:
            ones.append(ENC + i * 26 + e)
    if s.ev_cur >= 0:
        ones.append(EVENT + s.ev_cur)
    ones.append(DIRN + s.dirn)
    for slot in range(4):
        p = s.track_p[slot]
        if p >= 0:
            o = TRACKS + slot * (4 + NF)
            ones.append(o + p)
            ones.append(o + 4 + s.face[p][s.track_d[slot]])
    if s.plot[role] < len(s.plot_spaces):
        v[PLOT:PLOT + 24] = PLOT_BLOCK[s.plot_cards[s.plot_spaces[s.plot[role]] - 1]]
    for t in known:  # tokens this role has seen and that are still hidden from others
        j = KNOWN + TOKEN_TYPE_OF[t]
        counts[j] = counts.get(j, 0) + 1
    if counts:
        v[list(counts)] = np.array(list(counts.values())) * 0.25
    hits = s.hits
    if any(hits):
        v[HITS:HITS + n] = np.minimum(hits, 8) / 8
    v[TURN] = min(s.turn, 40) / 40
    v[TURN + 1] = float(s.end_triggered)
    o = PEEK
    for deck, size in enumerate((NA, NE, NEV)):
        card = peeked(s, role, deck)  # the top card this role scried, while still on top
        if card >= 0:
            ones.append(o + card)
        o += size
    if d is not None and d["p"] == role:  # cards shown to the decider alone
        if d["k"] == "keep_card":
            for j, card in enumerate(d["drawn"]):
                ones.append(SHOWN + j * (NA + NE) + (card if d["which"] == "adventure" else NA + card))
        elif d["k"] == "adv_reward":
            for j, card in enumerate(d["cards"]):
                ones.append(SHOWN + j * (NA + NE) + card)
    v[ones] = 1
    np.minimum(v, 1, out=v)
    return v
