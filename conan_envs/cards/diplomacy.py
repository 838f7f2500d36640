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
it when he owes his partner a share."""
from __future__ import annotations

from itertools import compress

from . import content as C
from . import flow
from .hidden import cards_revealed

SHARES = (2, 3, 4)  # sixths of each gain that the gainer keeps
ITEM_RULES = ("the one who completes the card keeps them", "the proposer takes them",
              "the other ally takes them")
TERMS = tuple((k, losses, items) for k in SHARES for losses in (False, True)
              for items in range(len(ITEM_RULES)))
MAX_RANDOM = 3  # random cards one side may give in a Deal
# the action segments that add goods to a Deal: segment -> (side of the offer, kind of good)
DEAL_STEPS = {f"{verb}_{kind}": (side, kind) for verb, side in (("give", "give"), ("ask", "get"))
              for kind in ("dp", "cards", "card", "item")}
FACE = C.FACE
COPIES = C.FACE_COPIES
AD0, CH0 = C.AD0, C.CH0


def empty_goods() -> dict:
    return {"dp": 0, "random_cards": 0, "cards": [], "items": []}


def new_offer(kind, p, q, counter=False) -> dict:
    """An offer from p to q: what p gives ("give"), what p asks of q ("get"), Alliance terms."""
    return {"kind": kind, "from": p, "to": q, "give": empty_goods(), "get": empty_goods(),
            "terms": -1, "counter": counter}


def has_goods(s, p) -> bool:
    return s.dp[p] > 1 or bool(s.hand[p]) or bool(s.items[p])


def alliance_ok(s, p, q) -> bool:
    a = s.pos[p]
    if a < 0 or s.pos[q] != a or s.partner[p] >= 0 or s.partner[q] >= 0:
        return False
    return not any(s.ch_placer[c] in (p, q) for c in s.stack[a])


def begin(s, p) -> bool:
    if s.offered[p]:  # lost to a Priest's veto
        return False
    s.dec, s.actor = "diplomacy", p
    return any(_offers(s, p))


def _offers(s, p):
    mine = has_goods(s, p)
    for q in range(s.game.n):
        if q != p and s.alive[q] and not s.offered[q]:
            if mine or has_goods(s, q):
                yield "deal", q
            if alliance_ok(s, p, q):
                yield "alliance", q


def mask_diplomacy(s, m) -> None:
    o = s.game.o
    for kind, q in _offers(s, s.actor):
        m[o[kind] + q] = True
    m[0] = True


def apply_diplomacy(s, seg, i) -> None:
    if seg == "pass":
        s.log_event(f"{s.game.roles[s.actor]} makes no offer")
        flow.advance(s)
        return
    s.offer = new_offer(seg, s.actor, i)
    s.dec = "deal_build" if seg == "deal" else "alliance_terms"


# ---- building a Deal -------------------------------------------------------------------------
def mask_deal_build(s, m) -> None:
    off = s.offer
    p, q = off["from"], off["to"]
    give, get = off["give"], off["get"]
    o = s.game.o
    cap = s.game.max_bet
    dp = s.dp
    # (conditional expressions rather than min(): min is several times slower on two ints)
    if not give["dp"] and dp[p] > 1:  # a giver keeps at least 1 DP (not a defeat by Deal)
        k, x = o["give_dp"], dp[p] - 1
        m[k:k + (x if x < cap else cap)] = True
    if not get["dp"] and dp[q] > 1:
        k, x = o["ask_dp"], dp[q] - 1
        m[k:k + (x if x < cap else cap)] = True
    mine, theirs = s.hand[p], s.hand[q]
    named, asked = give["cards"], get["cards"]
    free = len(mine) - len(named)
    if not give["random_cards"] and free > 0:
        k = o["give_cards"]
        m[k:k + (free if free < MAX_RANDOM else MAX_RANDOM)] = True
    free_q = len(theirs) - len(asked)
    if not get["random_cards"] and free_q > 0:
        k = o["ask_cards"]
        m[k:k + (free_q if free_q < MAX_RANDOM else MAX_RANDOM)] = True
    if free > give["random_cards"]:
        k = o["give_card"] - C.HAND_FACE0
        for c in mine:
            f = FACE[c]
            if f not in named:
                m[k + f] = True
    if free_q > get["random_cards"]:
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
                if it not in goods["items"]:
                    m[k + it] = True
    if not _empty(give) or not _empty(get):
        m[o["propose"]] = True
    m[0] = True  # withdraw the offer


def mask_unseen_faces(s, p, m, k) -> None:
    """Clear in `m` (a card face f at k + f) every face all of whose copies player p sees
    outside the other players' hands: its own hand, the discard pile, the Adventures, the
    Challenges it knows, the Allies, its own cards in the Resolution (or all of them once
    revealed). Such a face cannot be in another hand, so a Deal does not ask for it ("offer
    only what the other player could hold": by the builder's knowledge, not the other hand).
    Adventures and Challenges are single cards; only the other faces need counting."""
    st, stack, up, known = s.adv_state, s.stack, s.ch_up, s.ch_known
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
    seen: dict = {}  # (a plain dict: a Counter costs twice as much here)
    get = seen.get
    for c in s.hand[p]:
        f = FACE[c]
        seen[f] = get(f, 0) + 1
    for c in s.discard:
        f = FACE[c]
        seen[f] = get(f, 0) + 1
    if s.w is not None:
        revealed = cards_revealed(s)
        for e in s.w["cards"]:
            if e[0] == p or revealed:
                f = FACE[e[1]]
                seen[f] = get(f, 0) + 1
    for f, x in seen.items():
        if x >= COPIES[f]:
            m[k + f] = False


def _empty(goods) -> bool:
    return not (goods["dp"] or goods["random_cards"] or goods["cards"] or goods["items"])


def apply_deal_build(s, seg, i) -> None:
    off = s.offer
    if seg == "pass":
        s.log_event(f"{s.game.roles[s.actor]} withdraws the offer")
        _close(s)
        return
    if seg == "propose":
        s.log_event(f"{s.game.roles[s.actor]} offers {s.game.roles[off['to']]} "
                    f"{offer_words(s, off)}")
        s.dec, s.actor = "answer", off["to"]
        return
    side, kind = DEAL_STEPS[seg]
    goods = off[side]
    if kind == "dp":
        goods["dp"] = i + 1
    elif kind == "cards":
        goods["random_cards"] = i + 1
    elif kind == "card":
        goods["cards"].append(C.HAND_FACE0 + i)
    else:
        goods["items"].append(C.MG0 + i)


def mask_alliance_terms(s, m) -> None:
    o = s.game.o["terms"]
    m[o:o + len(TERMS)] = True
    m[0] = True


def apply_alliance_terms(s, seg, i) -> None:
    off = s.offer
    if seg == "pass":
        s.log_event(f"{s.game.roles[s.actor]} withdraws the offer")
        _close(s)
        return
    off["terms"] = i
    s.log_event(f"{s.game.roles[s.actor]} offers {s.game.roles[off['to']]} {offer_words(s, off)}")
    s.dec, s.actor = "answer", off["to"]


# ---- the answer ------------------------------------------------------------------------------
def can_deliver(s, p, goods) -> bool:
    """Whether p holds everything of `goods` now."""
    if s.dp[p] <= goods["dp"] or len(s.hand[p]) < len(goods["cards"]) + goods["random_cards"]:
        return False
    if any(it not in s.items[p] for it in goods["items"]):
        return False
    held = [C.FACE[c] for c in s.hand[p]]
    for f in goods["cards"]:
        if f not in held:
            return False
        held.remove(f)
    return True


def mask_answer(s, m) -> None:
    off = s.offer
    o = s.game.o
    m[0] = True
    if off["kind"] == "alliance" or (can_deliver(s, off["to"], off["get"])
                                     and can_deliver(s, off["from"], off["give"])):
        m[o["accept"]] = True
    if not off["counter"]:
        m[o["counter"]] = True


def apply_answer(s, seg, i) -> None:
    off = s.offer
    who = s.game.roles[s.actor]
    if seg == "pass":
        s.log_event(f"{who} rejects the offer")
        _close(s)
        return
    if seg == "counter":
        s.log_event(f"{who} answers with a counter-offer")
        s.offer = new_offer(off["kind"], off["to"], off["from"], counter=True)
        s.dec = "deal_build" if off["kind"] == "deal" else "alliance_terms"
        return
    s.log_event(f"{who} accepts the offer")
    for r in s.order:
        if (s.alive[r] and r not in (off["from"], off["to"]) and s.hero[r] == C.PRIEST
                and not s.used[r]):
            s.prompt = "veto"
            s.dec, s.actor = "ability", r
            return
    carry_out(s)


def _close(s) -> None:
    """The offer is settled; the Diplomacy Turn goes on after the player whose turn it is."""
    s.offer = None
    flow.advance(s)


def prompt_veto(s, use: bool) -> None:
    if use:
        s.used[s.actor] = True
        s.log_event(f"{s.game.roles[s.actor]} uses Sermon: the offer is not carried out and both "
                    "players lose this Diplomacy Turn")
        s.offered[s.offer["from"]] = s.offered[s.offer["to"]] = True
        _close(s)
        return
    s.log_event(f"{s.game.roles[s.actor]} does not use Sermon: the offer is carried out")
    carry_out(s)


def carry_out(s) -> None:
    off = s.offer
    p, q = off["from"], off["to"]
    if off["kind"] == "alliance":
        keep, losses, items = TERMS[off["terms"]]
        s.partner[p], s.partner[q] = q, p
        s.keep[p] = s.keep[q] = keep
        s.share_losses[p] = s.share_losses[q] = losses
        s.items_to[p] = s.items_to[q] = (-1, p, q)[items]
        s.log_event(f"{s.game.roles[p]} and {s.game.roles[q]} are allied")
        _close(s)
        return
    for r in (p, q):
        if s.hero[r] == C.PRIEST and not s.used[r]:
            s.prompt = "deal_break"
            s.dec, s.actor = "ability", r
            return
    _deliver(s, (p, q))


def prompt_deal_break(s, use: bool) -> None:
    """The Priest takes what was agreed for him and, breaking it, gives nothing back."""
    off = s.offer
    r = s.actor
    if use:
        s.used[r] = True
        s.log_event(f"{s.game.roles[r]} uses Sermon: breaks the Deal and gives nothing")
    else:
        s.log_event(f"{s.game.roles[r]} keeps the Deal")
    _deliver(s, [x for x in (off["from"], off["to"]) if not (use and x == r)])


def _deliver(s, givers) -> None:
    off = s.offer
    for a in givers:
        if a == off["from"]:
            _hand_over(s, a, off["to"], off["give"])
        else:
            _hand_over(s, a, off["from"], off["get"])
    flow.check_defeat(s)
    _close(s)


def _hand_over(s, a, b, goods) -> None:
    roles = s.game.roles
    paid = flow.pay(s, a, b, goods["dp"])
    if paid:
        s.log_event(f"{roles[a]} gives {roles[b]} {paid} DP")
    for f in goods["cards"]:
        card = flow.take_face(s.hand[a], C.FACE_CARD[f])
        s.hand[b].append(card)
        s.log_event(f"{roles[a]} gives {roles[b]} {C.NAME[card]}")
    for _ in range(goods["random_cards"]):
        hand = s.hand[a]
        card = hand.pop(int(s.rng.integers(len(hand))))
        s.hand[b].append(card)
        s.log_event(f"{roles[a]} gives {roles[b]} a random card")
        s.log_event(f"The random card is {C.WORDS[card]}", to=(a, b))
    for item in goods["items"]:
        s.items[a].remove(item)
        s.items[b].append(item)
        s.log_event(f"{roles[a]} gives {roles[b]} {C.WORDS[item]}")


# ---- words -------------------------------------------------------------------------------------
def goods_words(goods) -> str:
    parts = []
    if goods["dp"]:
        parts.append(f"{goods['dp']} DP")
    if goods["random_cards"]:
        k = goods["random_cards"]
        parts.append(f"{k} random card{'s' if k > 1 else ''}")
    parts += [C.FACE_NAMES[f] for f in goods["cards"]]
    parts += [C.NAME[it] for it in goods["items"]]
    return ", ".join(parts) if parts else "nothing"


def terms_words(t: int) -> str:
    keep, losses, items = TERMS[t]
    return (f"whoever gains keeps {keep}/6 of each gain on the card (the other ally the rest); "
            f"wager losses {'shared the same way' if losses else 'not shared'}; Magic items of "
            f"the Loot: {ITEM_RULES[items]}")


def offer_words(s, off) -> str:
    """The offer on the table in words."""
    roles = s.game.roles
    a, b = roles[off["from"]], roles[off["to"]]
    counter = "a counter-offer: " if off["counter"] else ""
    if off["kind"] == "swap":
        return f"a Hero swap between {a} and {b}"
    if off["kind"] == "alliance":
        if off["terms"] < 0:
            return f"{counter}an Alliance between {a} and {b} (terms not yet stated)"
        return f"{counter}an Alliance between {a} and {b}: {terms_words(off['terms'])}"
    return (f"{counter}a Deal: {a} gives {goods_words(off['give'])}; "
            f"{b} gives {goods_words(off['get'])}")
