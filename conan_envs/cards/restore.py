"""Checks on a cards_v2 state read back from JSON (issue "nothing a user loads runs code,
hangs, or silently plays other rules"): every field in range, sizes right, and the fields
consistent with each other (each card in exactly one place; Challenges where their
placer and pile say; partners paired; the decision one that the phase can ask). Any failure
is a CorruptStateError naming the field. The state has no derived fields (the legal mask is
never read from the file). Every rules loop is bounded on a state that passes: the turn
loops walk the turn order once, the Resolution loop stops once all participants pass."""
from __future__ import annotations

from typing import Any, NoReturn

from conan_envs.engine import CorruptStateError

from . import content as C
from .base import Table
from .records import (
    CONTINUATIONS,
    MAX_RANDOM,
    OFFER_DECISIONS,
    PHASES,
    PROMPT_NAMES,
    TERMS,
    WAGER_DECISIONS,
    AdventureState,
    FaceDownCard,
    Goods,
    LootOwed,
    Offer,
    Share,
    Side,
    Source,
    Wager,
)

NADV, NCH = C.NUM_ADVENTURES, C.NUM_CHALLENGES
PHASE_DECISIONS = {
    "setup_swap": {"swap_offer", "swap_answer"}, "setup_challenge": {"setup_challenge"},
    "setup_hero": {"setup_hero"}, "card": {"card_play"},
    "hero": {"hero_action", "antagonist", "bet_open", "bet_reply", "attribute",
             "duel_attribute", "resolution", "ability"},
    "diplomacy": {"diplomacy", "deal_build", "alliance_terms", "answer", "ability"},
    "draw": {"ability"},
}


def fail(field: str, why: str) -> NoReturn:
    raise CorruptStateError(f"saved cards_v2 state: field {field}: {why}")


def _int(v: Any, lo: int, hi: int, field: str) -> None:
    if type(v) is not int or not lo <= v <= hi:
        fail(field, f"{v!r} is not an integer from {lo} to {hi}")


def _list(v: Any, size: int | None, field: str) -> None:
    if type(v) is not list or (size is not None and len(v) != size):
        fail(field, f"expected a list of {size} entries")


def _bools(v: Any, size: int, field: str) -> None:
    _list(v, size, field)
    if any(type(x) is not bool for x in v):
        fail(field, "expected true/false entries")


def check(s: Table) -> None:
    g = s.game
    n = g.n
    big = 10 ** 6
    for name in ("dp", "hero", "pos", "ally", "partner", "keep", "expelled_from", "items_to"):
        _list(getattr(s, name), n, name)
    for name in ("alive", "used", "must_enter", "offered", "share_losses"):
        _bools(getattr(s, name), n, name)
    for p in range(n):
        _int(s.dp[p], 0, big, f"dp[{p}]")
        _int(s.hero[p], 0, C.NUM_HEROES - 1, f"hero[{p}]")
        _int(s.pos[p], -1, NADV - 1, f"pos[{p}]")
        _int(s.ally[p], -1, NCH - 1, f"ally[{p}]")
        _int(s.partner[p], -1, n - 1, f"partner[{p}]")
        _int(s.keep[p], 1, 6, f"keep[{p}]")
        _int(s.expelled_from[p], -1, NADV - 1, f"expelled_from[{p}]")
        _int(s.items_to[p], -1, n - 1, f"items_to[{p}]")
        q = s.partner[p]
        if q >= 0 and (q == p or s.partner[q] != p or s.keep[q] != s.keep[p]
                       or s.items_to[q] != s.items_to[p]):
            fail(f"partner[{p}]", "an Alliance must pair two players on the same terms")
        if q < 0 and (s.keep[p] != 6 or s.items_to[p] != -1 or s.share_losses[p]):
            fail(f"keep[{p}]", "Alliance terms without an Alliance")
        if s.pos[p] >= 0 and s.adv_state[s.pos[p]] != 1:
            fail(f"pos[{p}]", "a Hero stands on an Adventure that is not in play")
        if s.alive[p] and s.dp[p] == 0 and s.pend is None and s.winner == -1:
            fail(f"dp[{p}]", "a living player with no DP (only while a Priest is asked)")
        if not s.alive[p] and (s.hand[p] or s.items[p] or s.pos[p] >= 0):
            fail(f"alive[{p}]", "a defeated player holds cards or stands on a card")
    if len(set(s.hero)) != n:
        fail("hero", "two players hold the same Hero")
    _list(s.order, n, "order")
    if sorted(s.order) != list(range(n)):
        fail("order", "not an order of the players")
    _list(s.adv_owner, NADV, "adv_owner")
    _list(s.adv_state, NADV, "adv_state")
    _list(s.piles, NADV, "piles")
    _list(s.ch_placer, NCH, "ch_placer")
    _bools(s.ch_up, NCH, "ch_up")
    _list(s.ch_known, NCH, "ch_known")
    for c in range(NCH):
        _int(s.ch_placer[c], -1, n - 1, f"ch_placer[{c}]")
        _int(s.ch_known[c], 0, (1 << n) - 1, f"ch_known[{c}]")
    for a in range(NADV):
        _int(s.adv_owner[a], -1, n - 1, f"adv_owner[{a}]")
        _int(s.adv_state[a], 0, max(AdventureState), f"adv_state[{a}]")
        pile = s.piles[a]
        _list(pile, None, f"piles[{a}]")
        if len(pile) > C.DIFFICULTY[a] or (pile and s.adv_state[a] != 1):
            fail(f"piles[{a}]", "more Challenges than the Difficulty, or on a card not in play")
        for c in pile:
            _int(c, 0, NCH - 1, f"piles[{a}]")
    # every card in exactly one place
    where = list(s.deck) + list(s.discard) + list(s.magic_deck)
    for p in range(n):
        _list(s.hand[p], None, f"hand[{p}]")
        _list(s.items[p], None, f"items[{p}]")
        where += s.hand[p] + s.items[p]
        for c in s.hand[p]:
            _int(c, C.CH0, C.MG0 - 1, f"hand[{p}]")
        for c in s.items[p]:
            _int(c, C.MG0, C.NUM_CARDS - 1, f"items[{p}]")
        if s.ally[p] >= 0:
            where.append(C.CH0 + s.ally[p])
    for a in range(NADV):
        if s.adv_state[a]:
            where.append(C.AD0 + a)
        where += [C.CH0 + c for c in s.piles[a]]
    w = s.w
    if w is not None:
        _check_wager(s, w)
        where += [e.card for e in w.cards]
    if any(type(c) is not int for c in where) or sorted(where) != list(range(C.CH0, C.NUM_CARDS)):
        fail("deck", "the cards are not each in exactly one place")
    for c in s.magic_deck:
        _int(c, C.MG0, C.NUM_CARDS - 1, "magic_deck")
    piled = {c for a in range(NADV) for c in s.piles[a]}
    for c in range(NCH):
        if (c in piled) != (s.ch_placer[c] >= 0):
            fail(f"ch_placer[{c}]", "a placer for a Challenge not on a pile, or none for one on it")
    _list(s.owed, None, "owed")
    for k, e in enumerate(s.owed):
        if type(e) is not LootOwed:
            fail(f"owed[{k}]", "not a record of Loot owed")
        _int(e.adv, 0, NADV - 1, f"owed[{k}].adv")
        _int(e.player, 0, n - 1, f"owed[{k}].player")
        _int(e.cards, 0, 9, f"owed[{k}].cards")
        _int(e.items, 0, 9, f"owed[{k}].items")
        if s.adv_state[e.adv] != 3:
            fail(f"owed[{k}]", "Loot owed on a card not waiting for it")
    # the decision
    if s.phase not in PHASES:
        fail("phase", f"{s.phase!r} is not a phase")
    _int(s.winner, -2, n - 1, "winner")
    _int(s.turn, 0, big, "turn")
    _int(s.acted, 0, s.turn, "acted")
    _int(s.idx, -1, n - 1, "idx")
    _int(s.actor, 0, n - 1, "actor")
    _int(s.cadv, -1, NADV - 1, "cadv")
    for name in ("first_round", "tie"):
        if type(getattr(s, name)) is not bool:
            fail(name, "expected true/false")
    if s.winner == -1:
        if s.dec not in PHASE_DECISIONS[s.phase]:
            fail("dec", f"{s.dec!r} is not a decision of the {s.phase} phase")
        if s.dec == "ability" and s.prompt not in PROMPT_NAMES:
            fail("prompt", f"{s.prompt!r} is not an ability asked about")
        if not s.alive[s.actor]:
            fail("actor", "a defeated player cannot act")
        if s.dec in WAGER_DECISIONS and w is None:
            fail("w", f"the {s.dec} decision needs a wager")
        if s.dec in OFFER_DECISIONS and s.offer is None:
            fail("offer", f"the {s.dec} decision needs an offer")
        if s.dec == "setup_challenge" and (len(s.hand[s.actor]) != 1
                                           or not C.is_challenge(s.hand[s.actor][0])):
            fail("hand", "the first Challenge must be the placing player's only card")
    if s.offer is not None:
        _check_offer(s, s.offer)
    if s.pend is not None:
        _check_share(s, s.pend)


def _check_share(s: Table, share: Any) -> None:
    n = s.game.n
    if type(share) is not Share:
        fail("pend", "not a share record")
    _int(share.payer, 0, n - 1, "pend.payer")
    _int(share.receiver, 0, n - 1, "pend.receiver")
    _int(share.dp, 0, 10 ** 6, "pend.dp")
    if share.then not in CONTINUATIONS:
        fail("pend.then", "unknown continuation")
    if type(share.items) is not list or any(
            type(it) is not int or it not in s.items[share.payer] for it in share.items):
        fail("pend.items", "a share's Magic items must be held by the one who owes them")
    if not share.dp and not share.items:
        fail("pend", "a share owed must be DP or Magic items")


def _check_wager(s: Table, w: Any) -> None:
    n = s.game.n
    if type(w) is not Wager:
        fail("w", "not a wager record")
    if w.kind not in ("challenge", "duel"):
        fail("w.kind", f"{w.kind!r}")
    _int(w.hero, 0, n - 1, "w.hero")
    _int(w.opp, 0, n - 1, "w.opp")
    _int(w.adv, 0, NADV - 1, "w.adv")
    _int(w.chal, -1 if w.kind == "duel" else 0, NCH - 1, "w.chal")
    _int(w.cur, 0, s.game.max_bet, "w.cur")
    _int(w.attr, -1, 2, "w.attr")
    _int(w.src, 0, max(Source), "w.src")
    _int(w.side, 0, max(Side), "w.side")
    _list(w.bets, 2, "w.bets")
    for b in w.bets:
        _int(b, 0, s.game.max_bet, "w.bets")
    _list(w.parts, None, "w.parts")
    if not 2 <= len(w.parts) <= 3 or len(set(w.parts)) != len(w.parts):
        fail("w.parts", "two or three different players")
    for p in w.parts:
        _int(p, 0, n - 1, "w.parts")
    _int(w.turn, 0, 10 ** 6, "w.turn")
    _int(w.passes, 0, len(w.parts), "w.passes")
    _bools(w.rage, 2, "w.rage")
    _bools(w.fury, 2, "w.fury")
    _list(w.declined, None, "w.declined")
    for d in w.declined:
        _list(d, 2, "w.declined")
        if d[0] not in ("rage", "fury"):
            fail("w.declined", f"{d[0]!r} is not Rage or Fury")
        _int(d[1], 0, max(Side), "w.declined")
    _list(w.cards, None, "w.cards")
    for e in w.cards:
        if type(e) is not FaceDownCard:
            fail("w.cards", "not a record of a face-down card")
        if e.player not in w.parts:
            fail("w.cards", "a card played by someone outside the wager")
        _int(e.card, C.CH0, C.MG0 - 1, "w.cards")
        _int(e.on, 0, max(Side), "w.cards")
    if w.kind == "challenge" and s.pend is None and w.chal not in s.piles[w.adv]:
        fail("w.chal", "the Challenge faced is not on the card")


def _check_offer(s: Table, off: Any) -> None:
    n = s.game.n
    if type(off) is not Offer:
        fail("offer", "not an offer record")
    if off.kind not in ("deal", "alliance", "swap"):
        fail("offer.kind", f"{off.kind!r}")
    _int(off.by, 0, n - 1, "offer.by")
    _int(off.to, 0, n - 1, "offer.to")
    if off.by == off.to:
        fail("offer.to", "an offer to oneself")
    _int(off.terms, -1, len(TERMS) - 1, "offer.terms")
    if type(off.counter) is not bool:
        fail("offer.counter", "expected true/false")
    for side in ("give", "get"):
        goods = off.give if side == "give" else off.get
        if type(goods) is not Goods:
            fail(f"offer.{side}", "not a record of goods")
        _int(goods.dp, 0, s.game.max_bet, f"offer.{side}.dp")
        _int(goods.random_cards, 0, MAX_RANDOM, f"offer.{side}.random_cards")
        _list(goods.cards, None, f"offer.{side}.cards")
        _list(goods.items, None, f"offer.{side}.items")
        for f in goods.cards:
            _int(f, C.HAND_FACE0, C.HAND_FACE0 + C.HAND_FACES - 1, f"offer.{side}.cards")
        for it in goods.items:
            _int(it, C.MG0, C.NUM_CARDS - 1, f"offer.{side}.items")
        if len(set(goods.cards)) != len(goods.cards) or \
                len(set(goods.items)) != len(goods.items):
            fail(f"offer.{side}", "a good named twice")
