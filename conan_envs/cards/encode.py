"""Observation encoder (DESIGN.md, "Observations"; rulebook, "Hidden information" of the
Card, Hero and Diplomacy Turns). A player sees its own hand and the cards it played face down,
every face-up card, face-down Challenges it knows (its own; the Scout's on its card), counts of
others' hands and of the face-down cards they played, DP, the wager and the offer on the
table. Players are listed relative to the observer (itself first)."""
from __future__ import annotations

import functools

import numpy as np

from . import content as C
from .diplomacy import GOODS, SHARES
from .hidden import visible

NADV, NCH, NC = C.NUM_ADVENTURES, C.NUM_CHALLENGES, C.NUM_CARDS
SLOTS = C.MAX_DIFFICULTY
PHASES = ("setup_swap", "setup_challenge", "setup_hero", "card", "hero", "diplomacy", "draw")


@functools.lru_cache(maxsize=None)
def layout(n: int) -> dict:
    from .state import DECISION_NAMES, PROMPT_NAMES

    parts = [
        ("players", n * (86 + 2 * n)),
        ("hand", NC), ("facedown", 2 * NC), ("discard", NC),
        ("adventures", NADV * (4 + n + SLOTS * (35 + n))),
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


def observe(s, r: int) -> np.ndarray:
    n = s.game.n
    L = layout(n)
    v = np.zeros(L["size"], dtype=np.float32)
    target = s.game.target
    rel = [(p - r) % n for p in range(n)]
    w = s.w
    fd_count = [0] * n
    if w is not None:
        for p, _, _ in w["cards"]:
            fd_count[p] += 1
    # players
    P = 86 + 2 * n
    for p in range(n):
        b = L["players"] + rel[p] * P
        v[b] = s.alive[p]
        v[b + 1] = s.dp[p] / target
        v[b + 2] = len(s.hand[p]) / 20
        if s.hero[p] >= 0:
            v[b + 3 + s.hero[p]] = 1
        v[b + 13 + (s.pos[p] if s.pos[p] >= 0 else NADV)] = 1
        v[b + 34] = s.must_enter[p]
        v[b + 35] = s.used[p]
        v[b + 36 + (s.ally[p] if s.ally[p] >= 0 else NCH)] = 1
        v[b + 69 + (rel[s.partner[p]] if s.partner[p] >= 0 else n)] = 1
        k = b + 70 + n
        v[k] = s.keep[p] / 6
        v[k + 1] = s.offered[p]
        v[k + 2 + s.order.index(p)] = 1
        k += 2 + n
        for it in s.items[p]:
            v[k + it - C.MG0] = 1
        v[k + 12] = s.actor == p and s.winner == -1
        v[k + 13] = fd_count[p] / 5
    # own hand, own face-down cards, discard pile (face up)
    b = L["hand"]
    for c in s.hand[r]:
        v[b + c] = 1
    if w is not None:
        b = L["facedown"]
        for p, c, t in w["cards"]:
            if p == r:
                v[b + 2 * c + t] = 1
    b = L["discard"]
    for c in s.discard:
        v[b + c] = 1
    # adventures and the Challenge piles on them
    A = 4 + n + SLOTS * (35 + n)
    for a in range(NADV):
        b = L["adventures"] + a * A
        v[b + s.adv_state[a]] = 1
        if s.adv_owner[a] >= 0:
            v[b + 3 + rel[s.adv_owner[a]]] = 1
        st = s.stack[a]
        v[b + 3 + n] = len(st) / SLOTS
        for k, c in enumerate(st):
            e = b + 4 + n + k * (35 + n)
            v[e] = 1
            v[e + 1] = s.ch_up[c]
            if s.ch_placer[c] >= 0:
                v[e + 3 + rel[s.ch_placer[c]]] = 1
            if visible(s, r, a, c):
                v[e + 2] = 1
                v[e + 3 + n + c] = 1
    b = L["decks"]
    v[b] = len(s.deck) / 100
    v[b + 1] = len(s.magic_deck) / C.NUM_MAGIC
    if s.winner == -1:
        v[L["phase"] + L["phases"][s.phase]] = 1
        d = L["prompts"][s.prompt] if s.dec == "ability" else L["decisions"][s.dec]
        v[L["decision"] + d] = 1
        v[L["actor"] + rel[s.actor]] = 1
    if w is not None:
        b = L["wager"]
        v[b] = 1
        v[b + 1] = w["kind"] == "duel"
        v[b + 2 + rel[w["hero"]]] = 1
        v[b + 2 + n + rel[w["opp"]]] = 1
        k = b + 2 + 2 * n
        if w["chal"] >= 0:
            v[k + w["chal"]] = 1
        k += NCH
        v[k] = w["bets"][0] / target
        v[k + 1] = w["bets"][1] / target
        v[k + 2] = w["cur"] / target
        k += 3
        if w["attr"] >= 0:
            v[k + w["attr"]] = 1
            v[k + 3 + w["src"]] = 1
        k += 6
        v[k:k + 2] = w["rage"]
        v[k + 2:k + 4] = w["fury"]
        k += 4
        v[k] = r == w["hero"]
        v[k + 1] = r == w["opp"]
        for _, _, t in w["cards"]:
            v[k + 2 + t] += 0.2
    off = s.offer
    if off is not None:
        b = L["offer"]
        v[b] = 1
        v[b + 1 + ("deal", "alliance", "swap").index(off["kind"])] = 1
        k = b + 4
        v[k + rel[off["from"]]] = 1
        v[k + n + rel[off["to"]]] = 1
        k += 2 * n
        if off["give"] >= 0:
            v[k + off["give"]] = 1
        if off["get"] >= 0:
            v[k + len(GOODS) + off["get"]] = 1
        if off["share"] >= 0:
            v[k + 2 * len(GOODS) + off["share"]] = 1
    b = L["misc"]
    v[b] = s.first_round
    mt = s.game.max_turns
    v[b + 1] = s.turn / mt if mt else 0.0
    return v
