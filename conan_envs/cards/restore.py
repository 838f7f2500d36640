"""Checks on a cards_v2 snapshot read back within the process (`Game.state_from_snapshot`;
a user's save is an action history, replayed through the rules): every field in range, sizes
right, and the fields consistent with each other (each card in exactly one place; Challenges
where their placer and pile say; partners paired). The decision asked is the stack's, checked
by the engine (`FlowState._check_stack`) and each frame's `check` (frames.py: the phase that
asks it, a living actor, the wager or offer it reads). Any failure is a CorruptStateError
naming the field. Every rules loop is bounded on a state that passes: the turn loops walk the
turn order once, the Resolution loop stops once all participants pass."""
from __future__ import annotations

from typing import Any

from . import content as C
from .base import Table
from .frames import fail
from .records import (
    MAX_RANDOM,
    PHASES,
    TERMS,
    AdventureState,
    FaceDownCard,
    Goods,
    LootOwed,
    Offer,
    Side,
    Source,
    Wager,
)

NADV, NCH = C.NUM_ADVENTURES, C.NUM_CHALLENGES


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
    asking_priest = s.winner == -1 and s.decision() == "sermon_break"
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
        if s.alive[p] and s.dp[p] == 0 and not asking_priest and s.winner == -1:
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
    # the turn
    if s.phase not in PHASES:
        fail("phase", f"{s.phase!r} is not a phase")
    _int(s.winner, -2, n - 1, "winner")
    _int(s.turn, 0, big, "turn")
    _int(s.acted, 0, s.turn, "acted")
    _int(s.idx, -1, n - 1, "idx")
    for name in ("first_round", "tie"):
        if type(getattr(s, name)) is not bool:
            fail(name, "expected true/false")
    if s.offer is not None:
        _check_offer(s, s.offer)


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
    if (w.kind == "challenge" and not (s.winner == -1 and s.decision() == "sermon_break")
            and w.chal not in s.piles[w.adv]):
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
