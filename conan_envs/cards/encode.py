"""Observation encoder (docs/architecture.md, "One view per role"; rulebook, "Hidden
information" of the Card, Hero and Diplomacy Turns). A player sees its own hand and the cards it
played face down, every face-up card, face-down Challenges it knows (its own; the Scout's on its
card; those seen with Seer's Vision), counts of others' hands and of the face-down cards they
played, DP, Loot still owed, the wager and the offer on the table. Players are listed relative
to the observer (itself first).

Hot path: the layout's offsets and a template (every Adventure "not in play") are computed
once, on the Game (`Layout`, layout.py). Each observation is a copy of the template (a float32
array), written through a memoryview with plain item assignments (cheaper than array or numpy
scalar writes, far cheaper than fancy indexing from lists)."""
from __future__ import annotations

from itertools import compress
from typing import Any

import numpy as np
import numpy.typing as npt

from . import content as C
from .base import Table
from .layout import GOODS_SIZE, SLOTS, Layout, blocks, layout, obs_size, observation_blocks
from .shares import SermonBreak

__all__ = ["Layout", "blocks", "layout", "obs_size", "observation_blocks", "observe"]

NADV, NCH = C.NUM_ADVENTURES, C.NUM_CHALLENGES
ADVENTURES = range(NADV)
OFFER_KINDS = {"deal": 0, "alliance": 1, "swap": 2}
MG0, SCOUT = C.MG0, C.SCOUT
HF, F0 = C.HAND_FACES, C.HAND_FACE0
FACE = C.FACE


def observe(s: Table, r: int) -> npt.NDArray[np.float32]:
    g = s.game
    n = g.n
    K = g.layout
    obs = K.template.copy()
    # float32 items: typeshed types a memoryview's items as int, and numpy's stubs give ndarray
    # the buffer protocol only from Python 3.12
    v: Any = memoryview(obs)  # type: ignore[arg-type]
    target = g.target
    rel = K.rel[r]
    w = s.w
    cards = w.cards if w is not None else ()
    playing = s.winner == -1
    now = s.stack[-1] if playing else s.frame()  # the decision asked (GAME_OVER once over)
    # players
    pb = K.pbase[r]
    alive, dp, hand, hero, pos = s.alive, s.dp, s.hand, s.hero, s.pos
    must, used, ally, partner, keep, offered, items = (
        s.must_enter, s.used, s.ally, s.partner, s.keep, s.offered, s.items)
    o_keep, o_expelled = 70 + n, 88 + 2 * n
    expelled = s.expelled_from
    for p in range(n):
        b = pb[p]
        if alive[p]:
            v[b] = 1.0
        v[b + 1] = dp[p] / target
        v[b + 2] = len(hand[p]) / 20
        h = hero[p]
        if h >= 0:
            v[b + 3 + h] = 1.0
        x = pos[p]
        v[b + 13 + (x if x >= 0 else NADV)] = 1.0
        if must[p]:
            v[b + 34] = 1.0
            if expelled[p] >= 0:
                v[b + o_expelled + expelled[p]] = 1.0
        if used[p]:
            v[b + 35] = 1.0
        x = ally[p]
        v[b + 36 + (x if x >= 0 else NCH)] = 1.0
        x = partner[p]
        v[b + 69 + (rel[x] if x >= 0 else n)] = 1.0
        if keep[p] != 6:  # the template holds 6/6, no Alliance
            v[b + o_keep] = keep[p] / 6
        if offered[p]:
            v[b + o_keep + 1] = 1.0
        if items[p]:
            k = b + 72 + 2 * n - MG0
            for it in items[p]:
                v[k + it] = 1.0
    k = 72 + n
    for i, p in enumerate(s.order):  # turn order position
        v[pb[p] + k + i] = 1.0
    if playing:
        v[pb[now.actor] + 84 + 2 * n] = 1.0
    for e in cards:  # how many face-down cards each player has played
        v[pb[e.player] + 85 + 2 * n] += 0.2
    for loot in s.owed:  # Loot still owed (its Adventure stays face up)
        k = pb[loot.player] + 86 + 2 * n
        v[k] += loot.cards / 2
        v[k + 1] += loot.items
    # own hand, own face-down cards, discard pile (face up)
    at = K.hand_at
    for c in hand[r]:
        v[at[c]] += 1.0
    if cards:
        if now.kind == "rage" or now.kind == "fury":  # all cards revealed
            b = K.revealed
            for e in cards:
                v[b + 2 * FACE[e.card] + e.on] += 1.0
        else:
            b = K.facedown
            for e in cards:
                if e.player == r:
                    v[b + 2 * FACE[e.card] + e.on] += 1.0
    at = K.discard_at
    for c in s.discard:
        v[at[c]] += 1.0
    # Adventures and the Challenge piles on them
    adv_state, adv_owner, stack = s.adv_state, s.adv_owner, s.piles
    ch_up, ch_known, ch_placer = s.ch_up, s.ch_known, s.ch_placer
    scout_at = pos[r] if hero[r] == SCOUT and alive[r] else -1
    bit = 1 << r
    nn = 3 + n
    adv_at = K.adv_at
    for a in compress(ADVENTURES, adv_state):  # the others: the template's "not in play"
        st = adv_state[a]
        b = adv_at[a]
        v[b] = 0.0
        v[b + st] = 1.0
        if adv_owner[a] >= 0:
            v[b + 4 + rel[adv_owner[a]]] = 1.0
        pile = stack[a]
        if pile:
            v[b + 4 + n] = len(pile) / SLOTS
            slots = K.slot_at[a]
            for k, c in enumerate(pile):
                e = slots[k]
                v[e] = 1.0
                up = ch_up[c]
                if up:
                    v[e + 1] = 1.0
                if ch_placer[c] >= 0:
                    v[e + 3 + rel[ch_placer[c]]] = 1.0
                if up or ch_known[c] & bit or a == scout_at:
                    v[e + 2] = 1.0
                    v[e + nn + c] = 1.0
    b = K.decks
    v[b] = len(s.deck) / 100
    v[b + 1] = len(s.magic_deck) / C.NUM_MAGIC
    if playing:
        v[K.phase_at[s.phase]] = 1.0
        v[K.kind_at[now.kind]] = 1.0
        v[K.actor + rel[now.actor]] = 1.0
    if w is not None:
        b = K.wager
        v[b] = 1.0
        if w.kind == "duel":
            v[b + 1] = 1.0
        v[b + 2 + rel[w.hero]] = 1.0
        v[b + 2 + n + rel[w.opp]] = 1.0
        k = b + 2 + 2 * n
        if w.chal >= 0:
            v[k + w.chal] = 1.0
        k += NCH
        bets = w.bets
        v[k] = bets[0] / target
        v[k + 1] = bets[1] / target
        v[k + 2] = w.cur / target
        k += 3
        if w.attr >= 0:
            v[k + w.attr] = 1.0
            v[k + 3 + w.src] = 1.0
        k += 6
        rage, fury = w.rage, w.fury
        if rage[0]:
            v[k] = 1.0
        if rage[1]:
            v[k + 1] = 1.0
        if fury[0]:
            v[k + 2] = 1.0
        if fury[1]:
            v[k + 3] = 1.0
        k += 4
        if r == w.hero:
            v[k] = 1.0
        if r == w.opp:
            v[k + 1] = 1.0
        for e in cards:  # face-down cards on the challenger's / the challenged Hero
            v[k + 2 + e.on] += 0.2
    off = s.offer
    if off is not None:
        b = K.offer
        v[b] = 1.0
        v[b + 1 + OFFER_KINDS[off.kind]] = 1.0
        k = b + 4
        v[k + rel[off.by]] = 1.0
        v[k + n + rel[off.to]] = 1.0
        k += 2 * n
        if off.counter:
            v[k] = 1.0
        k += 1
        for goods in (off.give, off.get):
            v[k] = goods.dp / target
            v[k + 1] = goods.random_cards / 3
            for f in goods.cards:
                v[k + 2 - F0 + f] = 1.0
            for it in goods.items:
                v[k + 2 + HF - MG0 + it] = 1.0
            k += GOODS_SIZE
        if off.terms >= 0:
            v[k + off.terms] = 1.0
    b = K.misc
    if s.first_round:
        v[b] = 1.0
    v[b + 1] = s.turn / (g.max_turns or 100)
    if s.tie:
        v[b + 2] = 1.0
    b = K.terms
    if max(partner) >= 0:  # the Alliance's terms (the share kept is in the player's block)
        for p in range(n):
            if partner[p] >= 0:
                k = b + 4 * rel[p]
                if s.share_losses[p]:
                    v[k] = 1.0
                x = s.items_to[p]
                v[k + (1 if x < 0 else 2 if x == p else 3)] = 1.0
    if type(now) is SermonBreak:  # the Alliance share a Priest is asked about
        v[K.misc + 3] = now.dp / target
        k = b + 4 * n - MG0
        for it in now.items:
            v[k + it] = 1.0
    return obs
