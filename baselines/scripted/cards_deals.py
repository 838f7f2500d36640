"""The scripted card player's deal policy (rulebook, "3. Diplomacy Turn": Deals and Alliances).

Goods are valued for a given player from what everyone sees: DP at face value (more when the
player is close to defeat), a card by its use to that player's Hero (a Resolution card by its
modifier on the Hero's strong attributes, an Adventure or a Challenge by the DP it brings when
played), a Magic item by its bonuses on the Hero's attributes. A random card of a hand is
worth the average card. A Deal is proposed when both sides gain by these values; an offer is
accepted when it gains the player something and does not bring the other player within reach
of victory; a near miss is answered with a counter-offer asking a little more DP (or giving a little
less), never one that gives nothing in return: then the offer is declined.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from conan_envs.cards import content as C
from conan_envs.cards.records import SHARES, TERMS, Goods, Offer

RANDOM_CARD = 0.8   # a card drawn blind from a hand
ACCEPT_MARGIN = 0.25  # what an offer must gain to be accepted
NEAR_WIN = 4        # DP short of the target under which no one is fed

Plan = list[tuple[str, int]]  # the steps of an offer: (segment, index)
Legal = dict[str, list[tuple[int, int]]]  # segment -> [(index, action)]


def attrs(s: Any, p: int) -> list[int]:
    """The Hero's attributes with its Magic items."""
    base = list(C.HERO_ATTR[s.hero[p]])
    for it in s.items[p]:
        for a, b in enumerate(C.ITEM_BONUS[it - C.MG0]):
            base[a] += b
    return base


def card_value(s: Any, p: int, card: int) -> float:
    kind = C.KIND[card]
    if kind == C.ADVENTURE:
        return 1.5
    if kind == C.CHALLENGE:
        return 1.2
    if kind == C.TIMED:
        return 1.0
    if kind == C.RESOLUTION:
        mod, att = C.RES_MOD[card], C.RES_ATTR[card]
        if mod < 0:
            return 0.4 * -mod  # only of use against others
        if att == C.ANY:
            return 0.7 * mod
        at = attrs(s, p)
        strong = sorted(range(3), key=lambda a: -at[a])[:2]
        return (0.7 if att in strong else 0.25) * mod
    return item_value(s, p, card)


def item_value(s: Any, p: int, item: int) -> float:
    at = attrs(s, p)
    best = max(range(3), key=lambda a: at[a])
    value: float = sum((1.2 if a == best else 0.6) * b for a, b in enumerate(C.ITEM_BONUS[item - C.MG0]))
    return value


def dp_value(s: Any, p: int, x: int) -> float:
    return x * (1.5 if s.dp[p] <= 5 else 1.0)


def goods_value(s: Any, p: int, goods: Goods, holder: int) -> float:
    """What `goods`, now held by `holder`, are worth to p."""
    v: float = dp_value(s, p, goods.dp) + RANDOM_CARD * goods.random_cards
    v += sum(card_value(s, p, C.FACE_CARD[f]) for f in goods.cards)
    v += sum(item_value(s, p, it) for it in goods.items)
    return v


def near_win(s: Any, q: int, extra: int) -> bool:
    return not s.game.vod and s.dp[q] + extra >= s.game.target - NEAR_WIN


# ---- proposing -------------------------------------------------------------------------------
def propose(s: Any, me: int, L: Legal) -> tuple[str, int, Plan] | None:
    """(segment, player, plan) of the best offer to make, or None."""
    best, best_gain = None, 0.3
    for q, _ in L.get("deal", []):
        for plan, gain in _deal_ideas(s, me, q):
            if gain > best_gain:
                best, best_gain = ("deal", q, plan), gain
    for q, _ in L.get("alliance", []):
        a = s.pos[me]
        if s.piles[a] and not near_win(s, q, 0) and s.dp[q] <= s.dp[me] + 5:
            keep = 4 if s.dp[q] > s.dp[me] else 3
            t = TERMS.index((keep, True, 0))
            if best is None:
                best = ("alliance", q, [("terms", t)])
    return best


def _deal_ideas(s: Any, me: int, q: int) -> Iterator[tuple[Plan, float]]:
    """Sell my least useful card for DP; buy an item I need more than its owner. The price
    opens at the other side's value (it leaves that side little gain, so it may counter)."""
    if s.hand[me] and s.dp[q] > 3 and not near_win(s, me, 0):
        card = min(s.hand[me], key=lambda c: card_value(s, me, c) - card_value(s, q, c))
        mine, theirs = card_value(s, me, card), card_value(s, q, card)
        price = max(1, math.floor(theirs))
        if theirs - mine >= 0.5 and price - mine > 0 and price < s.dp[q]:
            yield [("give_card", C.FACE[card] - C.HAND_FACE0), ("ask_dp", price - 1)], price - mine
    for it in s.items[q]:
        mine, theirs = item_value(s, me, it), item_value(s, q, it)
        price = max(1, math.ceil(theirs))
        if mine - price > 0 and s.dp[me] > price + 3 and not near_win(s, q, price):
            yield [("ask_item", it - C.MG0), ("give_dp", price - 1)], mine - price


# ---- answering -----------------------------------------------------------------------------
def judge(s: Any, me: int, can_accept: bool, can_counter: bool) -> tuple[str, Plan]:
    """("accept" | "counter" | "pass", plan of the counter-offer) for the offer on the table."""
    off = s.offer_on_table
    assert off is not None  # asked only with an offer on the table
    q = off.by
    if off.kind == "alliance":
        keep = TERMS[off.terms][0]
        ok = keep >= 3 and not near_win(s, q, 0)
        if ok and can_accept:
            return "accept", []
        if can_counter and not near_win(s, q, 0):
            return "counter", [("terms", TERMS.index((max(SHARES), True, 0)))]
        return "pass", []
    got = goods_value(s, me, off.give, q)
    paid = goods_value(s, me, off.get, me)
    gain = got - paid
    feeds = near_win(s, q, off.get.dp)
    if can_accept and gain >= ACCEPT_MARGIN and not feeds:
        return "accept", []
    if can_counter and not feeds and -3 <= gain < ACCEPT_MARGIN:
        plan = _counter_plan(s, me, off, gain)
        if plan is not None:
            return "counter", plan
    return "pass", []


GIVES = ("give_dp", "give_cards", "give_card", "give_item")
ASKS = ("ask_dp", "ask_cards", "ask_card", "ask_item")


def _counter_plan(s: Any, me: int, off: Offer, gain: float) -> Plan | None:
    """The same goods the other way round, with the DP moved by what the deal lacks; None
    when that leaves nothing on one side: a counter-offer gives something for what it asks
    (asking the goods "for nothing" is no counter-offer), so the offer is declined instead."""
    q = off.by
    short = math.ceil(ACCEPT_MARGIN - gain)
    give, get = off.get, off.give  # from my side now
    plan: Plan = []
    give_dp = max(0, give.dp - short)
    ask_dp = get.dp + max(0, short - give.dp)
    if give_dp:
        plan.append(("give_dp", give_dp - 1))
    if ask_dp and ask_dp <= s.dp[q]:
        plan.append(("ask_dp", ask_dp - 1))
    if give.random_cards:
        plan.append(("give_cards", give.random_cards - 1))
    if get.random_cards:
        plan.append(("ask_cards", get.random_cards - 1))
    plan += [("give_card", f - C.HAND_FACE0) for f in give.cards]
    plan += [("ask_card", f - C.HAND_FACE0) for f in get.cards]
    plan += [("give_item", it - C.MG0) for it in give.items]
    plan += [("ask_item", it - C.MG0) for it in get.items]
    if not any(seg in GIVES for seg, _ in plan) or not any(seg in ASKS for seg, _ in plan):
        return None
    return plan
