"""What one player sees (rulebook, "Hidden information" of each Game Phase): the view of
`State.view(role)` and the pending decision, in the game's words.

The view holds the public table (Heroes with their numbers, DP, hand sizes, Adventures with
their piles, Allies, Magic items, the discard pile, the wager and the offer on the table),
the player's own hand and face-down cards, the face-down Challenges it knows, and nothing
else of others' hidden cards. Copies of a card are alike, so cards are named by face.
Every entry of the view is carried by the observation (encode.py) and back.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conan_envs.engine.view import Decision

from . import content as C
from .base import Table
from .diplomacy import goods_words, offer_words
from .hidden import cards_revealed
from .records import PHASE_WORDS, Offer, Wager, terms_words
from .shares import share_words
from .wager import side_total

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
        "offer": offer_view(s) if s.offer is not None else None,
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


def offer_view(s: Table) -> dict[str, Any]:

    off = s.offer
    assert off is not None  # with an offer on the table
    return {"kind": off.kind, "from": s.game.roles[off.by], "to": s.game.roles[off.to],
            "counter_offer": off.counter, "gives": goods_words(off.give),
            "asks": goods_words(off.get),
            "alliance_terms": terms_words(off.terms) if off.terms >= 0 else None,
            "terms": offer_words(s, off)}


def _wager(s: Table) -> Wager:
    w = s.w
    assert w is not None  # asked only during a wager
    return w


def _offer(s: Table) -> Offer:
    off = s.offer
    assert off is not None  # asked only with an offer on the table
    return off


# ---- the pending decision ----------------------------------------------------------------------
def decision(s: Table, r: int) -> Decision:
    roles = s.game.roles
    if s.winner != -1:
        what = "a draw" if s.winner == -2 else f"{roles[s.winner]} wins"
        return Decision("game_over", None, f"The game is over: {what}.", {})
    p = s.actor
    actor = roles[p]
    dec = s.dec
    kind = s.prompt if dec == "ability" else dec
    ctx: dict[str, Any] = {}
    w = s.w
    if w is not None:
        ctx["wagered"] = {roles[w.hero]: w.bets[0], roles[w.opp]: w.bets[1]}
        ctx["wager"] = ("Duel between " if w.kind == "duel" else "") + (
            f"{roles[w.hero]} and {roles[w.opp]}" if w.kind == "duel"
            else f"{roles[w.hero]} facing {C.WORDS[C.CH0 + w.chal]}")
    if s.offer is not None:
        ctx["offer"] = offer_view(s)
    if kind == "setup_challenge" and r != p:  # the drawn Challenge is the actor's secret
        prompt = f"Setup: {actor} places their first Challenge face down."
    else:
        prompt = PROMPTS[kind](s, p, ctx)
    return Decision(kind, actor, prompt, ctx)


def _hero_action(s: Table, p: int, ctx: dict[str, Any]) -> str:
    if s.must_enter[p]:
        return "Your Hero was expelled: enter another Adventure card (or pass if none is open)."
    where = C.NAME[C.AD0 + s.pos[p]] if s.pos[p] >= 0 else "no Adventure card"
    ctx["adventure"] = where
    return (f"Hero Turn (your Hero is on {where}): move, face a Challenge, duel a Hero, "
            "complete the Adventure, or pass.")


def _bet_reply(s: Table, p: int, ctx: dict[str, Any]) -> str:
    w = s.w
    assert w is not None  # during a wager
    side = 0 if p == w.hero else 1
    lose = w.bets[side] or 1
    ctx["to_match"] = w.cur
    return (f"The wager stands at {w.cur} DP: match it, raise, or withdraw "
            f"(paying {lose} DP).")


def _resolution(s: Table, p: int, ctx: dict[str, Any]) -> str:
    w = s.w
    assert w is not None  # during a wager
    ctx["attribute"] = ATTRS[w.attr]
    if w.kind == "duel":
        return (f"Resolution ({ATTRS[w.attr]}): play a card face down on either Hero, "
                "or pass; when all pass in a row the cards are revealed.")
    return (f"Resolution ({ATTRS[w.attr]} against "
            f"{C.CH_VALUE[w.chal][w.attr]}): play a card face down (any card may be a "
            "bluff), or pass; when all pass in a row the cards are revealed.")


def _rage_fury(s: Table, p: int, ctx: dict[str, Any]) -> str:

    w = s.w
    assert w is not None  # during a wager
    ctx["hero_total"] = side_total(s, 0)
    ctx["against"] = side_total(s, 1) if w.kind == "duel" else C.CH_VALUE[w.chal][w.attr]
    what = "Rage (use your Strength)" if s.prompt == "rage" else "Fury (+2)"
    return (f"You are losing, {ctx['hero_total']} against {ctx['against']}: use {what}, "
            "once per game?")


def _sermon_break(s: Table, p: int, ctx: dict[str, Any]) -> str:
    share = s.pend
    assert share is not None  # asked only with a share owed
    q, t, items = share.receiver, share.dp, share.items
    ctx["share_owed"] = t
    ctx["magic_items_owed"] = [C.WORDS[it] for it in items]
    ctx["partner"] = s.game.roles[q]
    return (f"You owe {s.game.roles[q]} {share_words(t, items)} under your Alliance: use Sermon "
            "to break the Alliance and keep it all, once per game?")


def _answer(s: Table, p: int, ctx: dict[str, Any]) -> str:
    off = s.offer
    assert off is not None  # with an offer on the table
    more = "" if off.counter else ", or make a counter-offer"
    return (f"{s.game.roles[off.by]} offers you {ctx['offer']['terms']}: accept or reject "
            f"(reject: nothing is exchanged){more}?")


# decision kind (or ability asked) -> its prompt in words, filling the context it names
PROMPTS: dict[str, Callable[[Table, int, dict[str, Any]], str]] = {
    "swap_offer": lambda s, p, ctx: "Setup: offer another player to swap Heroes, or keep yours?",
    "swap_answer": lambda s, p, ctx: (f"{s.game.roles[_offer(s).by]} offers to swap their "
                                      f"{C.NAME[C.H0 + s.hero[_offer(s).by]]} for your "
                                      f"{C.NAME[C.H0 + s.hero[p]]}: accept or reject?"),
    "setup_challenge": lambda s, p, ctx: (f"Setup: place your first Challenge, "
                                          f"{C.WORDS[s.hand[p][0]]}, face down on another "
                                          "player's Adventure."),
    "setup_hero": lambda s, p, ctx: "Setup: place your Hero on an Adventure card.",
    "card_play": lambda s, p, ctx: ("Card Turn: play an Adventure, a Challenge or a Special "
                                    "card, or pass" + (" (the Card Turn's mandatory first "
                                                       "round of plays: a pass does not end "
                                                       "it)." if s.first_round
                                                       else " (the Card Turn's first round of "
                                                       "plays is over: a pass ends it).")),
    "hero_action": _hero_action,
    "antagonist": lambda s, p, ctx: (f"{C.NAME[C.CH0 + _wager(s).chal]} is an antagonist: fight it, "
                                     f"or recruit it as your Ally for "
                                     f"{C.ALLY_COST[_wager(s).chal]} DP?"),
    "bet_open": lambda s, p, ctx: "Open the wager: how many DP do you stake?",
    "bet_reply": _bet_reply,
    "attribute": lambda s, p, ctx: (f"Choose the attribute, and whose, to face "
                                    f"{C.WORDS[C.CH0 + _wager(s).chal]} with."),
    "duel_attribute": lambda s, p, ctx: ("You were challenged to a Duel: choose the attribute "
                                         "it is fought with."),
    "resolution": _resolution,
    "diplomacy": lambda s, p, ctx: "Diplomacy Turn: propose a Deal or an Alliance, or pass.",
    "deal_build": lambda s, p, ctx: (f"Your Deal so far: {ctx['offer']['terms']}. Add what you "
                                     "give or ask for, state the offer, or pass to withdraw it."),
    "alliance_terms": lambda s, p, ctx: ("State the terms of your Alliance (or pass to withdraw "
                                         "it): each gain's share, losses, Magic items."),
    "answer": _answer,
    "raider": lambda s, p, ctx: "Draw Turn: use Raider (draw three cards instead of one), once per game?",
    "pillage": lambda s, p, ctx: "Use Pillage (take one more random Magic item), once per game?",
    "mercenary": lambda s, p, ctx: (f"Use the Brotherhood of Mercenaries (the Ally costs nothing "
                                    f"instead of {C.ALLY_COST[_wager(s).chal]} DP), once per game?"),
    "rage": _rage_fury,
    "fury": _rage_fury,
    "sermon_break": _sermon_break,
    "veto": lambda s, p, ctx: (f"{s.game.roles[_offer(s).by]} and {s.game.roles[_offer(s).to]} "
                               f"agreed on {ctx['offer']['terms']}: use Sermon to prevent it "
                               "(both lose this Diplomacy Turn), once per game?"),
    "deal_break": lambda s, p, ctx: (f"The Deal {ctx['offer']['terms']} was accepted: use Sermon "
                                     "to break it (take your side, give nothing), once per game?"),
}
