"""What one player sees (rulebook, "Hidden information" of each Game Phase): the view of
`State.view(role)`, in the game's words (the pending decision's record is its frame's
`prompt`: frames.py).

The view holds the public table (Heroes with their numbers, DP, hand sizes, Adventures with
their piles, Allies, Magic items, the discard pile, the wager and the offer on the table),
the player's own hand and face-down cards, the face-down Challenges it knows, and nothing
else of others' hidden cards. Copies of a card are alike, so cards are named by face.
Every entry of the view is carried by the observation (encode.py) and back.
"""
from __future__ import annotations

from typing import Any

from . import content as C
from .base import Table
from .hidden import cards_revealed
from .records import PHASE_WORDS
from .resolution import side_total
from .words import offer_view

ATTRS = C.ATTRS
SOURCES = ("Hero", "Ally", "allied Hero")


def _by_face(cards: list[int]) -> list[dict[str, Any]]:
    """Cards as [{"card": words, "count": k}] by face, in face order (copies are alike)."""
    counts: dict[int, int] = {}
    for c in cards:
        f = C.FACE[c]
        counts[f] = counts.get(f, 0) + 1
    return [{"card": C.WORDS[C.FACE_CARD[f]], "count": k} for f, k in sorted(counts.items())]


def board(s: Table, r: int) -> dict[str, Any]:
    roles = s.game.roles
    n = s.game.n
    w = s.w
    revealed = cards_revealed(s)
    owed = {p: [0, 0] for p in range(n)}
    for loot in s.owed:
        owed[loot.player][0] += loot.cards
        owed[loot.player][1] += loot.items
    face_down = [0] * n
    if w is not None:
        for e in w.cards:
            face_down[e.player] += 1
    players = []
    for p in range(n):
        players.append({
            "player": roles[p],
            "hero": C.WORDS[C.H0 + s.hero[p]] if s.hero[p] >= 0 else None,
            "dp": s.dp[p],
            "cards_in_hand": len(s.hand[p]),
            "defeated": not s.alive[p],
            "turn_order": s.order.index(p) + 1,
            "adventure": C.NAME[C.AD0 + s.pos[p]] if s.pos[p] >= 0 else None,
            "expelled_from": (C.NAME[C.AD0 + s.expelled_from[p]]
                              if s.must_enter[p] and s.expelled_from[p] >= 0 else None),
            "must_enter": s.must_enter[p],
            "ability_used": s.used[p],
            "ally": C.WORDS[C.CH0 + s.ally[p]] if s.ally[p] >= 0 else None,
            "alliance": alliance_words(s, p),
            "lost_diplomacy_turn": s.offered[p],
            "magic_items": [C.WORDS[c] for c in sorted(s.items[p])],
            "loot_owed": {"cards": owed[p][0], "magic_items": owed[p][1]},
            "face_down_cards": face_down[p],
        })
    adventures = []
    scout = s.hero[r] == C.SCOUT and s.alive[r]
    for a in range(C.NUM_ADVENTURES):
        st = s.adv_state[a]
        if not st:
            continue
        pile = []
        for k, c in enumerate(s.piles[a]):
            known = s.ch_up[c] or bool(s.ch_known[c] >> r & 1) or (scout and s.pos[r] == a)
            pile.append({
                "position": k + 1,
                "placed_by": roles[s.ch_placer[c]] if s.ch_placer[c] >= 0 else None,
                "face_up": s.ch_up[c],
                "card": C.WORDS[C.CH0 + c] if known else None,
            })
        adventures.append({
            "adventure": C.WORDS[C.AD0 + a],
            "owner": roles[s.adv_owner[a]] if s.adv_owner[a] >= 0 else None,
            "status": ("in play", "completed", "completed, face up until its Loot is given")[st - 1],
            "heroes": [roles[p] for p in range(n) if s.pos[p] == a],
            "challenges": pile,
        })
    view = {
        "round": s.turn + 1,
        "phase": PHASE_WORDS[s.phase],
        "card_turn_first_round": s.first_round,
        "tie_at_target": s.tie,
        "target_dp": s.game.target,
        "winner": roles[s.winner] if s.winner >= 0 else ("draw" if s.winner == -2 else None),
        "players": players,
        "hand": _by_face(s.hand[r]),
        "adventures": adventures,
        "draw_deck": len(s.deck),
        "magic_item_deck": len(s.magic_deck),
        "discard_pile": _by_face(s.discard),
        "wager": wager_view(s, r, revealed) if w is not None else None,
        "offer": offer_view(s, s.offer) if s.offer is not None else None,
    }
    return view


def alliance_words(s: Table, p: int) -> dict[str, str] | None:
    q = s.partner[p]
    if q < 0:
        return None
    roles = s.game.roles
    to = s.items_to[p]
    return {"partner": roles[q], "keeps_of_each_gain": f"{s.keep[p]}/6",
            "wager_losses": "shared the same way" if s.share_losses[p] else "not shared",
            "loot_magic_items": ("kept by the one who completes the card" if to < 0
                                 else f"taken by {roles[to]}")}


def wager_view(s: Table, r: int, revealed: bool) -> dict[str, Any]:

    w = s.w
    assert w is not None  # during a wager
    roles = s.game.roles
    duel = w.kind == "duel"
    cards = []
    for e in w.cards:
        p, card, t = e.player, e.card, e.on
        entry = {"on": ("challenger" if t == 0 else "challenged") if duel else None,
                 "card": C.WORDS[card] if (revealed or p == r) else None}
        if not revealed:
            entry["player"] = roles[p]
        cards.append(entry)
    cards.sort(key=lambda e: (e.get("player") or "", e["on"] or "", e["card"] or ""))
    v = {
        "kind": "Duel" if duel else "Challenge",
        "hero": roles[w.hero],
        "opponent": roles[w.opp],
        "challenge": None if duel else C.WORDS[C.CH0 + w.chal],
        "adventure": C.NAME[C.AD0 + w.adv],
        "wagered": {roles[w.hero]: w.bets[0], roles[w.opp]: w.bets[1]},
        "to_match": w.cur,
        "attribute": ATTRS[w.attr] if w.attr >= 0 else None,
        "source": (SOURCES[w.src] if w.attr >= 0 and not duel else None),
        "rage": [roles[w.hero]] * w.rage[0] + [roles[w.opp]] * w.rage[1],
        "fury": [roles[w.hero]] * w.fury[0] + [roles[w.opp]] * w.fury[1],
        "cards_revealed": revealed,
        "cards": cards,
    }
    if revealed:
        v["hero_total"] = side_total(s, 0)
        v["against"] = side_total(s, 1) if duel else C.CH_VALUE[w.chal][w.attr]
    return v
