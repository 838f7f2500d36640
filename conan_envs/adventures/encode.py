"""Observation encoder per role (DESIGN.md "Observations"): the public board, the role's own
Challenge-token supply and the tokens it has seen; for others only counts. Values in [0, 1]."""
from __future__ import annotations

import numpy as np

from .actions import TOKEN_TYPE_OF, TOKEN_TYPES
from .content import content
from .dicepool import MAX_DICE
from .flow import DECISIONS
from .tokens import peeked

C = content()
NK = len(C.kingdoms)
NF = len(C.faces)
NT = len(TOKEN_TYPES)
PHASES = ("setup", "resource", "plot", "main", "encounter", "adventure", "end", "over")
DEC_KINDS = None
PER_DIE = 1 + 7 + NF + 1
PER_PLAYER = 1 + 1 + 1 + 8 + 8 + (NK + 1) + 1 + 3 + 1 + NT + 1 + 1 + MAX_DICE * PER_DIE
PER_KINGDOM = 1 + NT + 1 + 8
HEAD = 4 + 3 + len(PHASES) + 64 + 4 + 4


def obs_size(game=None):
    return (HEAD + 4 * PER_PLAYER + NK * PER_KINGDOM + 8 + 8 + 8 + 3 * (NK + 9) + 3 * 26
            + len(C.events) + 2 + 4 * (4 + NF) + 24 + NT + 4 + 2
            + len(C.adventures) + len(C.encounters) + len(C.events))


def _dec_index(kind):
    global DEC_KINDS
    if DEC_KINDS is None:
        DEC_KINDS = {k: i for i, k in enumerate(sorted(DECISIONS))}
    return DEC_KINDS[kind]


def encode(s, role):
    v = np.zeros(obs_size(), dtype=np.float32)
    o = 0
    v[o + role] = 1
    o += 4
    v[o + s.n - 2] = 1
    o += 3
    v[o + PHASES.index(s.phase)] = 1
    o += len(PHASES)
    if s.dec is not None:
        v[o + _dec_index(s.dec["k"])] = 1
    o += 64
    if s.dec is not None:
        v[o + s.dec["p"]] = 1
        r = s.dec.get("roller")
        if r is not None:
            v[o + 4 + r] = 1
    o += 8
    known = s.ct_known[role]
    for p in range(4):
        if p < s.n:
            v[o] = 1
            v[o + 1] = min(s.vp[p], 60) / 60
            v[o + 2] = min(s.gold[p], 20) / 20
            for f in range(8):
                v[o + 3 + f] = s.fate[p][f] / 4
            for g in s.gods[p]:
                v[o + 11 + g] = 1
            q = o + 19
            if s.loc[p] >= 0:
                v[q + s.loc[p]] = 1
            else:
                v[q + NK] = 1
            q += NK + 1
            v[q] = s.plot[p] / 10
            for t in range(3):
                v[q + 1 + t] = s.ach[p][t] / C.ach_len
            v[q + 4] = min(len(s.ct_hand[p]), 10) / 10
            q += 5
            if p == role:
                for t in s.ct_hand[p]:
                    v[q + TOKEN_TYPE_OF[t]] += 0.25
            q += NT
            for t in s.ct_card[p]:
                v[q] += 0.25 if C.ct[t][0] == 2 else 0
                v[q + 1] += 0.25 if C.ct[t][0] == 5 else 0
            q += 2
            z, f = s.zone[p], s.face[p]
            for i in range(len(z)):
                b = q + i * PER_DIE
                v[b] = 1
                v[b + 1 + z[i]] = 1
                v[b + 8 + f[i]] = 1
                v[b + 8 + NF] = s.dtype[p][i] / len(C.dtypes)
        o += PER_PLAYER
    for k in range(NK):
        t = s.ct_board[k]
        if t >= 0:
            v[o] = 1
            if t in known:
                v[o + 1 + TOKEN_TYPE_OF[t]] = 1
        v[o + 1 + NT] = len(s.temple[k]) / 2
        for f in range(8):
            v[o + 2 + NT + f] = s.fate_board[k][f] / 4
        o += PER_KINGDOM
    for g in range(8):
        v[o + g] = s.god_supply[g]
        v[o + 8 + g] = min(s.god_gold[g], 5) / 5
        v[o + 16 + g] = s.fate_supply[g] / 4
    o += 24
    for a in s.adv_face:
        if a >= 0:
            v[o + C.adv_kingdom[a]] = 1
            for x in C.adv_needs[a]:
                v[o + NK + min(x, 8)] += 0.2
        o += NK + 9
    for e in s.enc_face:
        if e >= 0:
            v[o + e] = 1
        o += 26
    if s.ev_cur >= 0:
        v[o + s.ev_cur] = 1
    o += len(C.events)
    v[o + s.dirn] = 1
    o += 2
    for slot in range(4):
        p = s.track_p[slot]
        if p >= 0:
            v[o + p] = 1
            v[o + 4 + s.face[p][s.track_d[slot]]] = 1
        o += 4 + NF
    if s.plot[role] < len(s.plot_spaces):
        c = s.plot_cards[s.plot_spaces[s.plot[role]] - 1]
        for x in C.plot_req[c]:
            v[o + x] += 0.5
        for x in C.plot_bonus[c]:
            v[o + 12 + x] += 0.5
    o += 24
    for t in known:  # tokens this role has seen and that are still hidden from others
        v[o + TOKEN_TYPE_OF[t]] = min(v[o + TOKEN_TYPE_OF[t]] + 0.25, 1)
    o += NT
    for p in range(s.n):
        v[o + p] = min(s.hits[p], 8) / 8
    o += 4
    v[o] = min(s.turn, 40) / 40
    v[o + 1] = float(s.end_triggered)
    o += 2
    for d, size in enumerate((len(C.adventures), len(C.encounters), len(C.events))):
        card = peeked(s, role, d)  # the top card this role scried, while still on top
        if card >= 0:
            v[o + card] = 1
        o += size
    np.minimum(v, 1, out=v)
    return v
