"""Observation encoder (DESIGN.md, "Observations"; rulebook, "Hidden information" of the
Card, Hero and Diplomacy Turns). A player sees its own hand and the cards it played face down,
every face-up card, face-down Challenges it knows (its own; the Scout's on its card; those seen
with Seer's Vision), counts of others' hands and of the face-down cards they played, DP, Loot
still owed, the wager and the offer on the table. Players are listed relative to the observer
(itself first).

Hot path: the layout's offsets are computed once per player count (`Layout`, cached); each
observation gathers the indices of its ones and its other values in Python lists and writes
them into a fresh zero vector with two fancy-index assignments."""
from __future__ import annotations

import functools

import numpy as np

from . import content as C
from .diplomacy import GOODS, SHARES

NADV, NCH, NC = C.NUM_ADVENTURES, C.NUM_CHALLENGES, C.NUM_CARDS
SLOTS = C.MAX_DIFFICULTY
PHASES = ("setup_swap", "setup_challenge", "setup_hero", "card", "hero", "diplomacy", "draw")
OFFER_KINDS = {"deal": 0, "alliance": 1, "swap": 2}
MG0, SCOUT = C.MG0, C.SCOUT
NGOODS = len(GOODS)


@functools.lru_cache(maxsize=None)
def layout(n: int) -> dict:
    from .state import DECISION_NAMES, PROMPT_NAMES

    parts = [
        ("players", n * (88 + 2 * n)),
        ("hand", NC), ("facedown", 2 * NC), ("discard", NC),
        ("adventures", NADV * (5 + n + SLOTS * (35 + n))),
        ("decks", 2), ("phase", len(PHASES)), ("decision", len(DECISION_NAMES) + len(PROMPT_NAMES)),
        ("actor", n),
        ("wager", 2 + 2 * n + NCH + 3 + 6 + 4 + 4),
        ("offer", 4 + 2 * n + 2 * len(GOODS) + len(SHARES)),
        ("misc", 2),
    ]
    off, k = {}, 0
    for name, size in parts:
        off[name] = k
        k += size
    off["size"] = k
    off["decisions"] = {d: i for i, d in enumerate(DECISION_NAMES)}
    off["prompts"] = {d: len(DECISION_NAMES) + i for i, d in enumerate(PROMPT_NAMES)}
    off["phases"] = {d: i for i, d in enumerate(PHASES)}
    return off


def obs_size(n: int) -> int:
    return layout(n)["size"]


class Layout:
    """Every offset of the observation for n players, as plain ints."""

    def __init__(self, n: int):
        L = layout(n)
        self.n = n
        self.size = L["size"]
        self.P = 88 + 2 * n                    # one player's block
        self.A = 5 + n + SLOTS * (35 + n)      # one Adventure's block
        self.S = 35 + n                        # one Challenge slot
        self.players, self.hand, self.facedown = L["players"], L["hand"], L["facedown"]
        self.discard, self.adventures, self.decks = L["discard"], L["adventures"], L["decks"]
        self.wager, self.offer, self.misc = L["wager"], L["offer"], L["misc"]
        self.actor = L["actor"]
        ph, dec = L["phase"], L["decision"]
        self.phase_at = {k: ph + i for k, i in L["phases"].items()}
        self.decision_at = {k: dec + i for k, i in L["decisions"].items()}
        self.prompt_at = {k: dec + i for k, i in L["prompts"].items()}
        # rel[r][p]: where player p is listed for observer r
        self.rel = tuple(tuple((p - r) % n for p in range(n)) for r in range(n))
        # start of each Adventure's block, and of each of its Challenge slots
        self.adv_at = tuple(self.adventures + a * self.A for a in range(NADV))
        self.slot_at = tuple(tuple(b + 5 + n + k * self.S for k in range(SLOTS)) for b in self.adv_at)


@functools.lru_cache(maxsize=None)
def _layout_for(n: int) -> Layout:
    return Layout(n)


def observe(s, r: int) -> np.ndarray:
    g = s.game
    n = g.n
    K = _layout_for(n)
    ones = []          # indices set to 1
    at, val = [], []   # other values
    one, put, add = ones.append, at.append, val.append
    target = g.target
    rel = K.rel[r]
    w = s.w
    cards = w["cards"] if w is not None else ()
    playing = s.winner == -1
    # players
    P = K.P
    order = s.order
    fd_count = [0] * n
    for e in cards:
        fd_count[e[0]] += 1
    alive, dp, hand, hero, pos = s.alive, s.dp, s.hand, s.hero, s.pos
    for p in range(n):
        b = K.players + rel[p] * P
        if alive[p]:
            one(b)
        put(b + 1)
        add(dp[p] / target)
        put(b + 2)
        add(len(hand[p]) / 20)
        if hero[p] >= 0:
            one(b + 3 + hero[p])
        one(b + 13 + (pos[p] if pos[p] >= 0 else NADV))
        if s.must_enter[p]:
            one(b + 34)
        if s.used[p]:
            one(b + 35)
        ally = s.ally[p]
        one(b + 36 + (ally if ally >= 0 else NCH))
        q = s.partner[p]
        one(b + 69 + (rel[q] if q >= 0 else n))
        k = b + 70 + n
        put(k)
        add(s.keep[p] / 6)
        if s.offered[p]:
            one(k + 1)
        one(k + 2 + order.index(p))
        k += 2 + n
        for it in s.items[p]:
            one(k + it - MG0)
        if playing and s.actor == p:
            one(k + 12)
        if fd_count[p]:
            put(k + 13)
            add(fd_count[p] / 5)
    if s.owed:  # Loot still owed (its Adventure stays face up), summed per player
        owed = [0] * (2 * n)
        for _, p, c_owed, i_owed in s.owed:
            owed[2 * p] += c_owed
            owed[2 * p + 1] += i_owed
        for p in range(n):
            if owed[2 * p] or owed[2 * p + 1]:
                k = K.players + rel[p] * P + 86 + 2 * n
                at.extend((k, k + 1))
                val.extend((owed[2 * p] / 2, owed[2 * p + 1]))
    # own hand, own face-down cards, discard pile (face up)
    b = K.hand
    ones.extend([b + c for c in hand[r]])
    b = K.facedown
    for e in cards:
        if e[0] == r:
            one(b + 2 * e[1] + e[2])
    b = K.discard
    ones.extend([b + c for c in s.discard])
    # Adventures and the Challenge piles on them
    adv_state, adv_owner, stack = s.adv_state, s.adv_owner, s.stack
    ch_up, ch_known, ch_placer = s.ch_up, s.ch_known, s.ch_placer
    scout_at = pos[r] if hero[r] == SCOUT and alive[r] else -1
    bit = 1 << r
    nn = 3 + n
    for a in range(NADV):
        b = K.adv_at[a]
        one(b + adv_state[a])
        if adv_owner[a] >= 0:
            one(b + 4 + rel[adv_owner[a]])
        st = stack[a]
        if st:
            put(b + 4 + n)
            add(len(st) / SLOTS)
            slots = K.slot_at[a]
            for k, c in enumerate(st):
                e = slots[k]
                one(e)
                up = ch_up[c]
                if up:
                    one(e + 1)
                if ch_placer[c] >= 0:
                    one(e + 3 + rel[ch_placer[c]])
                if up or ch_known[c] & bit or a == scout_at:
                    one(e + 2)
                    one(e + nn + c)
    b = K.decks
    put(b)
    add(len(s.deck) / 100)
    put(b + 1)
    add(len(s.magic_deck) / C.NUM_MAGIC)
    if playing:
        one(K.phase_at[s.phase])
        one(K.prompt_at[s.prompt] if s.dec == "ability" else K.decision_at[s.dec])
        one(K.actor + rel[s.actor])
    if w is not None:
        b = K.wager
        one(b)
        if w["kind"] == "duel":
            one(b + 1)
        one(b + 2 + rel[w["hero"]])
        one(b + 2 + n + rel[w["opp"]])
        k = b + 2 + 2 * n
        if w["chal"] >= 0:
            one(k + w["chal"])
        k += NCH
        bets = w["bets"]
        at.extend((k, k + 1, k + 2))
        val.extend((bets[0] / target, bets[1] / target, w["cur"] / target))
        k += 3
        if w["attr"] >= 0:
            one(k + w["attr"])
            one(k + 3 + w["src"])
        k += 6
        rage, fury = w["rage"], w["fury"]
        if rage[0]:
            one(k)
        if rage[1]:
            one(k + 1)
        if fury[0]:
            one(k + 2)
        if fury[1]:
            one(k + 3)
        k += 4
        if r == w["hero"]:
            one(k)
        if r == w["opp"]:
            one(k + 1)
        if cards:
            on = [0, 0]
            for e in cards:
                on[e[2]] += 1
            at.extend((k + 2, k + 3))
            val.extend((on[0] * 0.2, on[1] * 0.2))
    off = s.offer
    if off is not None:
        b = K.offer
        one(b)
        one(b + 1 + OFFER_KINDS[off["kind"]])
        k = b + 4
        one(k + rel[off["from"]])
        one(k + n + rel[off["to"]])
        k += 2 * n
        if off["give"] >= 0:
            one(k + off["give"])
        if off["get"] >= 0:
            one(k + NGOODS + off["get"])
        if off["share"] >= 0:
            one(k + 2 * NGOODS + off["share"])
    b = K.misc
    if s.first_round:
        one(b)
    mt = g.max_turns
    if mt:
        put(b + 1)
        add(s.turn / mt)
    v = np.zeros(K.size, dtype=np.float32)
    v[ones] = 1.0
    v[at] = val
    return v
