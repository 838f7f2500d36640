"""The first observation encoder, frozen as the reference for test_encode.py: the lean encoder in
conan_envs/adventures/encode.py must give exactly these vectors. Slow (index/value gathering in
dicts and lists); do not use outside tests."""
from __future__ import annotations

import numpy as np

from conan_envs.adventures.actions import TOKEN_TYPE_OF, TOKEN_TYPES
from conan_envs.adventures.content import content
from conan_envs.adventures.dicepool import MAX_DICE
from conan_envs.adventures.flow import DECISIONS
from conan_envs.adventures.tokens import EXTRA, KINGDOMT, peeked

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
            + len(C.adventures) + len(C.encounters) + len(C.events)
            + 4 * (len(C.adventures) + len(C.encounters)))


def _dec_index(kind):
    global DEC_KINDS
    if DEC_KINDS is None:
        DEC_KINDS = {k: i for i, k in enumerate(sorted(DECISIONS))}
    return DEC_KINDS[kind]


SIZE = None
NA, NE, NEV = len(C.adventures), len(C.encounters), len(C.events)
DT_SCALE = [t / len(C.dtypes) for t in range(len(C.dtypes))]


def encode(s, role):
    """Indices and values are gathered in Python lists and written into the array once."""
    global SIZE
    if SIZE is None:
        SIZE = obs_size()
    iv = {}  # index -> value (sums where a slot counts several things)
    ones = [role, 4 + s.n - 2, 7 + PHASES.index(s.phase)]
    o = 7 + len(PHASES)
    d = s.dec
    if d is not None:
        ones.append(o + _dec_index(d["k"]))
        ones.append(o + 64 + d["p"])
        r = d.get("roller")
        if r is not None:
            ones.append(o + 68 + r)
    o += 72
    known = s.ct_known[role]
    for p in range(s.n):
        ones.append(o)
        iv[o + 1] = min(s.vp[p], 60) / 60
        iv[o + 2] = min(s.gold[p], 20) / 20
        for f, c in enumerate(s.fate[p]):
            if c:
                iv[o + 3 + f] = c / 4
        ones += [o + 11 + g for g in s.gods[p]]
        q = o + 19
        ones.append(q + s.loc[p] if s.loc[p] >= 0 else q + NK)
        q += NK + 1
        iv[q] = s.plot[p] / 10
        a = s.ach[p]
        iv[q + 1], iv[q + 2], iv[q + 3] = a[0] / C.ach_len, a[1] / C.ach_len, a[2] / C.ach_len
        iv[q + 4] = min(len(s.ct_hand[p]), 10) / 10
        q += 5
        if p == role:
            for t in s.ct_hand[p]:
                j = q + TOKEN_TYPE_OF[t]
                iv[j] = iv.get(j, 0) + 0.25
        q += NT
        for t in s.ct_card[p]:
            kind = C.ct[t][0]
            if kind in (EXTRA, KINGDOMT):
                j = q + (kind == KINGDOMT)
                iv[j] = iv.get(j, 0) + 0.25
        q += 2
        z, f, dt = s.zone[p], s.face[p], s.dtype[p]
        for i in range(len(z)):
            b = q + i * PER_DIE
            ones += (b, b + 1 + z[i], b + 8 + f[i])
            iv[b + 8 + NF] = DT_SCALE[dt[i]]
        o += PER_PLAYER
    o += (4 - s.n) * PER_PLAYER
    for k in range(NK):
        t = s.ct_board[k]
        if t >= 0:
            ones.append(o)
            if t in known:
                ones.append(o + 1 + TOKEN_TYPE_OF[t])
        if s.temple[k]:
            iv[o + 1 + NT] = len(s.temple[k]) / 2
        for f, c in enumerate(s.fate_board[k]):
            if c:
                iv[o + 2 + NT + f] = c / 4
        o += PER_KINGDOM
    for g in range(8):
        if s.god_supply[g]:
            ones.append(o + g)
        if s.god_gold[g]:
            iv[o + 8 + g] = min(s.god_gold[g], 5) / 5
        iv[o + 16 + g] = s.fate_supply[g] / 4
    o += 24
    for a in s.adv_face:
        if a >= 0:
            ones.append(o + C.adv_kingdom[a])
            for x in C.adv_needs[a]:
                j = o + NK + min(x, 8)
                iv[j] = iv.get(j, 0) + 0.2
        o += NK + 9
    for e in s.enc_face:
        if e >= 0:
            ones.append(o + e)
        o += 26
    if s.ev_cur >= 0:
        ones.append(o + s.ev_cur)
    o += NEV
    ones.append(o + s.dirn)
    o += 2
    for slot in range(4):
        p = s.track_p[slot]
        if p >= 0:
            ones += (o + p, o + 4 + s.face[p][s.track_d[slot]])
        o += 4 + NF
    if s.plot[role] < len(s.plot_spaces):
        c = s.plot_cards[s.plot_spaces[s.plot[role]] - 1]
        for x in C.plot_req[c]:
            iv[o + x] = iv.get(o + x, 0) + 0.5
        for x in C.plot_bonus[c]:
            iv[o + 12 + x] = iv.get(o + 12 + x, 0) + 0.5
    o += 24
    for t in known:  # tokens this role has seen and that are still hidden from others
        j = o + TOKEN_TYPE_OF[t]
        iv[j] = iv.get(j, 0) + 0.25
    o += NT
    for p in range(s.n):
        if s.hits[p]:
            iv[o + p] = min(s.hits[p], 8) / 8
    o += 4
    iv[o] = min(s.turn, 40) / 40
    iv[o + 1] = float(s.end_triggered)
    o += 2
    for deck, size in enumerate((NA, NE, NEV)):
        card = peeked(s, role, deck)  # the top card this role scried, while still on top
        if card >= 0:
            ones.append(o + card)
        o += size
    if d is not None and d["p"] == role:  # cards shown to the decider alone
        if d["k"] == "keep_card":
            for j, card in enumerate(d["drawn"]):
                ones.append(o + j * (NA + NE) + (card if d["which"] == "adventure" else NA + card))
        elif d["k"] == "adv_reward":
            for j, card in enumerate(d["cards"]):
                ones.append(o + j * (NA + NE) + card)
    v = np.zeros(SIZE, dtype=np.float32)
    if iv:
        v[list(iv)] = list(iv.values())
    v[ones] = 1
    np.minimum(v, 1, out=v)
    return v
