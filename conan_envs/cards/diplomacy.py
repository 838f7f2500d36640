"""3. Diplomacy Turn (rulebook, "3. Diplomacy Turn", "Deals", "Alliances", Priest's "Sermon"):
in turn order each player may state one offer to another player, who accepts it, rejects it
or answers once with a counter-offer, which the first player accepts or rejects.

An offer is built in steps, each a masked action (docs/rulings/cards.md, "Diplomacy"):
  Deal     - goods each way, any of: an amount of DP (1 up to all the giver holds but 1), 1-3 random
             cards from the giver's hand, named cards (by face) and named Magic items; then
             "state the offer". Carried out at once when accepted. A named card asked for can be
             handed over only if the other player holds it: accepting needs everything asked.
  Alliance - between Heroes on the same Adventure card holding no Challenge of either player;
             the terms: the share of each gain on that card (Loot, wagers won) the gainer keeps
             (SHARES sixths, the partner gets the rest), whether wager losses there are shared
             the same way, and who takes the Magic items of the Loot.
A Priest not party to an accepted offer may veto it once per game (both players lose the rest
of this Diplomacy Turn: they make no offer and receive none); a Priest party to a Deal may
break it once per game (he takes his side and gives nothing); a Priest in an Alliance may break
it when he owes his partner a share. The decisions (frames.py): `diplomacy`, `deal_build`,
`alliance_terms`, `answer`, and the Priest's `veto` and `deal_break`."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar

from conan_envs.engine.serialize import serializable

from . import content as C
from . import table
from .base import Mask, Table
from .frames import Decide, Need, UseOrDecline, each_player
from .hidden import cards_revealed
from .records import MAX_RANDOM, TERMS, Goods, Offer, OfferKind, Phase, new_offer
from .words import offer_words

# the action segments that add goods to a Deal: segment -> (side of the offer, kind of good)
DEAL_STEPS = {f"{verb}_{kind}": (side, kind) for verb, side in (("give", "give"), ("ask", "get"))
              for kind in ("dp", "cards", "card", "item")}
FACE = C.FACE
COPIES = C.FACE_COPIES
AD0, CH0 = C.AD0, C.CH0
DIPLOMACY_TURN: frozenset[Phase] = frozenset({"diplomacy"})


@dataclass(frozen=True, slots=True)
class OnOffer(Decide):
    """A decision about the offer on the table (the record `Table.offer`)."""

    PHASES: ClassVar[frozenset[Phase]] = DIPLOMACY_TURN
    NEEDS: ClassVar[Need] = "offer"


def _offer(s: Table) -> Offer:
    off = s.offer
    assert off is not None  # asked only with an offer on the table
    return off


def has_goods(s: Table, p: int) -> bool:
    return s.dp[p] > 1 or bool(s.hand[p]) or bool(s.items[p])


def alliance_ok(s: Table, p: int, q: int) -> bool:
    a = s.pos[p]
    if a < 0 or s.pos[q] != a or s.partner[p] >= 0 or s.partner[q] >= 0:
        return False
    return not any(s.ch_placer[c] in (p, q) for c in s.piles[a])


def begin(s: Table, p: int) -> bool:
    if s.offered[p]:  # lost to a Priest's veto
        return False
    if not any(_offers(s, p)):
        return False
    s.ask(DIPLOMACY[p])
    return True


def _offers(s: Table, p: int) -> Iterator[tuple[OfferKind, int]]:
    mine = has_goods(s, p)
    for q in range(s.game.n):
        if q != p and s.alive[q] and not s.offered[q]:
            if mine or has_goods(s, q):
                yield "deal", q
            if alliance_ok(s, p, q):
                yield "alliance", q


@serializable
@dataclass(frozen=True, slots=True)
class Diplomacy(Decide):
    """Propose a Deal or an Alliance to another player, or pass."""

    kind: ClassVar[str] = "diplomacy"
    PHASES: ClassVar[frozenset[Phase]] = DIPLOMACY_TURN

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o
        for kind, q in _offers(state, self.actor):
            mask[o[kind] + q] = True
        mask[0] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        p = self.actor
        if seg == "pass":
            state.log_event(f"{state.game.roles[p]} makes no offer")
            state.hand_on()
            return
        state.offer = new_offer("deal" if seg == "deal" else "alliance", p, i)
        state.ask(DEAL_BUILD[p] if seg == "deal" else ALLIANCE_TERMS[p])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return "Diplomacy Turn: propose a Deal or an Alliance, or pass."


DIPLOMACY = each_player(Diplomacy)


# ---- building a Deal -------------------------------------------------------------------------
@serializable
@dataclass(frozen=True, slots=True)
class DealBuild(OnOffer):
    """Add a good to the Deal (given or asked for), state it, or withdraw it."""

    kind: ClassVar[str] = "deal_build"
    PASS: ClassVar[str] = "withdraw the offer"

    def mask(self, state: Table, mask: Mask) -> None:
        s, m = state, mask
        off = _offer(s)
        p, q = off.by, off.to
        give, get = off.give, off.get
        o = s.game.o
        cap = s.game.max_bet
        dp = s.dp
        # (conditional expressions rather than min(): min is several times slower on two ints)
        if not give.dp and dp[p] > 1:  # a giver keeps at least 1 DP (not a defeat by Deal)
            k, x = o["give_dp"], dp[p] - 1
            m[k:k + (x if x < cap else cap)] = True
        if not get.dp and dp[q] > 1:
            k, x = o["ask_dp"], dp[q] - 1
            m[k:k + (x if x < cap else cap)] = True
        mine, theirs = s.hand[p], s.hand[q]
        named, asked = give.cards, get.cards
        free = len(mine) - len(named)
        if not give.random_cards and free > 0:
            k = o["give_cards"]
            m[k:k + (free if free < MAX_RANDOM else MAX_RANDOM)] = True
        free_q = len(theirs) - len(asked)
        if not get.random_cards and free_q > 0:
            k = o["ask_cards"]
            m[k:k + (free_q if free_q < MAX_RANDOM else MAX_RANDOM)] = True
        if free > give.random_cards:
            k = o["give_card"] - C.HAND_FACE0
            for c in mine:
                f = FACE[c]
                if f not in named:
                    m[k + f] = True
        if free_q > get.random_cards:
            k = o["ask_card"]
            m[k:k + C.HAND_FACES] = True
            k -= C.HAND_FACE0
            mask_unseen_faces(s, p, m, k)
            for f in asked:
                m[k + f] = False
        for who, goods, seg in ((p, give, "give_item"), (q, get, "ask_item")):
            if s.items[who]:
                k = o[seg] - C.MG0
                for it in s.items[who]:
                    if it not in goods.items:
                        m[k + it] = True
        if not give.empty() or not get.empty():
            m[o["propose"]] = True
        m[0] = True  # withdraw the offer

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        off = _offer(s)
        if seg == "pass":
            s.log_event(f"{s.game.roles[p]} withdraws the offer")
            _close(s)
            return
        if seg == "propose":
            s.log_event(f"{s.game.roles[p]} offers {s.game.roles[off.to]} {offer_words(s, off)}")
            s.ask(ANSWER[off.to])
            return
        side, kind = DEAL_STEPS[seg]
        goods = off.give if side == "give" else off.get
        if kind == "dp":
            goods.dp = i + 1
        elif kind == "cards":
            goods.random_cards = i + 1
        elif kind == "card":
            goods.cards.append(C.HAND_FACE0 + i)
        else:
            goods.items.append(C.MG0 + i)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return (f"Your Deal so far: {ctx['offer']['terms']}. Add what you give or ask for, "
                "state the offer, or pass to withdraw it.")


DEAL_BUILD = each_player(DealBuild)


def mask_unseen_faces(s: Table, p: int, m: Mask, k: int) -> None:
    """Clear in `m` (a card face f at k + f) every face all of whose copies player p sees
    outside the other players' hands: its own hand, the discard pile, the Adventures, the
    Challenges it knows, the Allies, its own cards in the Resolution (or all of them once
    revealed). Such a face cannot be in another hand, so a Deal does not ask for it ("offer
    only what the other player could hold": by the builder's knowledge, not the other hand).
    Adventures and Challenges are single cards; only the other faces need counting."""
    st, stack, up, known = s.adv_state, s.piles, s.ch_up, s.ch_known
    bit = 1 << p
    scout_at = s.pos[p] if s.hero[p] == C.SCOUT and s.alive[p] else -1
    for a in compress(C.ADVENTURES, st):
        m[k + FACE[AD0 + a]] = False
        for c in stack[a]:
            if up[c] or known[c] & bit or a == scout_at:
                m[k + FACE[CH0 + c]] = False
    for c in s.ally:
        if c >= 0:
            m[k + FACE[CH0 + c]] = False
    seen: dict[int, int] = {}  # (a plain dict: a Counter costs twice as much here)
    get = seen.get
    for c in s.hand[p]:
        f = FACE[c]
        seen[f] = get(f, 0) + 1
    for c in s.discard:
        f = FACE[c]
        seen[f] = get(f, 0) + 1
    if s.w is not None:
        revealed = cards_revealed(s)
        for e in s.w.cards:
            if e.player == p or revealed:
                f = FACE[e.card]
                seen[f] = get(f, 0) + 1
    for f, x in seen.items():
        if x >= COPIES[f]:
            m[k + f] = False


@serializable
@dataclass(frozen=True, slots=True)
class AllianceTerms(OnOffer):
    """State the terms of the Alliance offered, or withdraw it."""

    kind: ClassVar[str] = "alliance_terms"
    PASS: ClassVar[str] = "withdraw the offer"

    def mask(self, state: Table, mask: Mask) -> None:
        o = state.game.o["terms"]
        mask[o:o + len(TERMS)] = True
        mask[0] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s, p = state, self.actor
        off = _offer(s)
        if seg == "pass":
            s.log_event(f"{s.game.roles[p]} withdraws the offer")
            _close(s)
            return
        off.terms = i
        s.log_event(f"{s.game.roles[p]} offers {s.game.roles[off.to]} {offer_words(s, off)}")
        s.ask(ANSWER[off.to])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return ("State the terms of your Alliance (or pass to withdraw it): each gain's share, "
                "losses, Magic items.")


ALLIANCE_TERMS = each_player(AllianceTerms)


# ---- the answer ------------------------------------------------------------------------------
def can_deliver(s: Table, p: int, goods: Goods) -> bool:
    """Whether p holds everything of `goods` now."""
    if s.dp[p] <= goods.dp or len(s.hand[p]) < len(goods.cards) + goods.random_cards:
        return False
    if any(it not in s.items[p] for it in goods.items):
        return False
    held = [C.FACE[c] for c in s.hand[p]]
    for f in goods.cards:
        if f not in held:
            return False
        held.remove(f)
    return True


@serializable
@dataclass(frozen=True, slots=True)
class Answer(OnOffer):
    """Accept the offer, reject it, or answer once with a counter-offer."""

    kind: ClassVar[str] = "answer"
    PASS: ClassVar[str] = "reject"

    def mask(self, state: Table, mask: Mask) -> None:
        s = state
        off = _offer(s)
        o = s.game.o
        mask[0] = True
        if off.kind == "alliance" or (can_deliver(s, off.to, off.get)
                                         and can_deliver(s, off.by, off.give)):
            mask[o["accept"]] = True
        if not off.counter:
            mask[o["counter"]] = True

    def play(self, state: Table, seg: str, i: int) -> None:
        s = state
        off = _offer(s)
        who = s.game.roles[self.actor]
        if seg == "pass":
            s.log_event(f"{who} rejects the offer")
            _close(s)
            return
        if seg == "counter":
            s.log_event(f"{who} answers with a counter-offer")
            s.offer = new_offer(off.kind, off.to, off.by, counter=True)
            s.ask(DEAL_BUILD[self.actor] if off.kind == "deal" else ALLIANCE_TERMS[self.actor])
            return
        s.log_event(f"{who} accepts the offer")
        for r in s.order:
            if (s.alive[r] and r not in (off.by, off.to) and s.hero[r] == C.PRIEST
                    and not s.used[r]):
                s.ask(VETO[r])
                return
        carry_out(s)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        off = _offer(state)
        more = "" if off.counter else ", or make a counter-offer"
        return (f"{state.game.roles[off.by]} offers you {ctx['offer']['terms']}: accept or "
                f"reject (reject: nothing is exchanged){more}?")


ANSWER = each_player(Answer)


def _close(s: Table) -> None:
    """The offer is settled; the Diplomacy Turn goes on after the player whose turn it is."""
    s.offer = None
    s.hand_on()


@serializable
@dataclass(frozen=True, slots=True)
class Veto(UseOrDecline):
    """A Priest not party to an accepted offer may prevent it, once per game (Sermon)."""

    kind: ClassVar[str] = "veto"
    PHASES: ClassVar[frozenset[Phase]] = DIPLOMACY_TURN
    NEEDS: ClassVar[Need] = "offer"
    USE: ClassVar[str] = "use Sermon: prevent it"
    DECLINE: ClassVar[str] = "let it be carried out"

    def use(self, state: Table, yes: bool) -> None:
        s, r = state, self.actor
        if yes:
            s.used[r] = True
            s.log_event(f"{s.game.roles[r]} uses Sermon: the offer is not carried out and both "
                        "players lose this Diplomacy Turn")
            off = _offer(s)
            s.offered[off.by] = s.offered[off.to] = True
            _close(s)
            return
        s.log_event(f"{s.game.roles[r]} does not use Sermon: the offer is carried out")
        carry_out(s)

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        off = _offer(state)
        roles = state.game.roles
        return (f"{roles[off.by]} and {roles[off.to]} agreed on {ctx['offer']['terms']}: use "
                "Sermon to prevent it (both lose this Diplomacy Turn), once per game?")


VETO = each_player(Veto)


def carry_out(s: Table) -> None:
    off = s.offer
    assert off is not None  # with an offer on the table
    p, q = off.by, off.to
    if off.kind == "alliance":
        keep, losses, items = TERMS[off.terms]
        s.partner[p], s.partner[q] = q, p
        s.keep[p] = s.keep[q] = keep
        s.share_losses[p] = s.share_losses[q] = losses
        s.items_to[p] = s.items_to[q] = (-1, p, q)[items]
        s.log_event(f"{s.game.roles[p]} and {s.game.roles[q]} are allied")
        _close(s)
        return
    for r in (p, q):
        if s.hero[r] == C.PRIEST and not s.used[r]:
            s.ask(DEAL_BREAK[r])
            return
    _deliver(s, (p, q))


@serializable
@dataclass(frozen=True, slots=True)
class DealBreak(UseOrDecline):
    """A Priest party to an accepted Deal may break it once per game (Sermon): he takes what
    was agreed for him and gives nothing back."""

    kind: ClassVar[str] = "deal_break"
    PHASES: ClassVar[frozenset[Phase]] = DIPLOMACY_TURN
    NEEDS: ClassVar[Need] = "offer"
    USE: ClassVar[str] = "use Sermon: break the Deal, giving nothing"
    DECLINE: ClassVar[str] = "keep the Deal"

    def use(self, state: Table, yes: bool) -> None:
        s, r = state, self.actor
        off = _offer(s)
        if yes:
            s.used[r] = True
            s.log_event(f"{s.game.roles[r]} uses Sermon: breaks the Deal and gives nothing")
        else:
            s.log_event(f"{s.game.roles[r]} keeps the Deal")
        _deliver(s, [x for x in (off.by, off.to) if not (yes and x == r)])

    def ask(self, state: Table, ctx: dict[str, Any]) -> str:
        return (f"The Deal {ctx['offer']['terms']} was accepted: use Sermon to break it (take "
                "your side, give nothing), once per game?")


DEAL_BREAK = each_player(DealBreak)


def _deliver(s: Table, givers: Sequence[int]) -> None:
    off = s.offer
    assert off is not None  # with an offer on the table
    for a in givers:
        if a == off.by:
            _hand_over(s, a, off.to, off.give)
        else:
            _hand_over(s, a, off.by, off.get)
    table.check_defeat(s)
    _close(s)


def _hand_over(s: Table, a: int, b: int, goods: Goods) -> None:
    roles = s.game.roles
    paid = table.pay(s, a, b, goods.dp)
    if paid:
        s.log_event(f"{roles[a]} gives {roles[b]} {paid} DP")
    for f in goods.cards:
        card = table.take_face(s.hand[a], C.FACE_CARD[f])
        s.hand[b].append(card)
        s.log_event(f"{roles[a]} gives {roles[b]} {C.NAME[card]}")
    for _ in range(goods.random_cards):
        hand = s.hand[a]
        card = hand.pop(int(s.rng.integers(len(hand))))
        s.hand[b].append(card)
        s.log_event(f"{roles[a]} gives {roles[b]} a random card")
        s.log_event(f"The random card is {C.WORDS[card]}", to=(a, b))
    for item in goods.items:
        s.items[a].remove(item)
        s.items[b].append(item)
        s.log_event(f"{roles[a]} gives {roles[b]} {C.WORDS[item]}")
