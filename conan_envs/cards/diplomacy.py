"""3. Diplomacy Turn (rulebook, "3. Diplomacy Turn", "Deals", "Alliances", Priest's "Sermon"):
in turn order each player may state one offer to another player, who accepts or rejects it.

Offer vocabulary (docs/rulings/cards.md):
  Deal      - "I give you <good>, you give me <good>", goods from GOODS (DP; cards from the
              giver's hand, random or of the giver's choice; a Magic item of the giver's,
              random or chosen), carried out at once (a chosen good is picked by its giver);
  Alliance  - between Heroes on the same Adventure card holding no Challenge of either
              player; the proposer declares which share of all gains on that card (Loot and
              wagers won) the one who gains keeps: SHARES sixths for the proposer, the rest
              for the partner.
A Priest not party to an accepted offer may veto it once per game (both lose the rest of this
Diplomacy Turn); a Priest party to a Deal may break it once per game (he takes his side and
gives nothing); a Priest in an Alliance may break it when he owes his partner a share."""
from __future__ import annotations

from . import content as C
from . import flow

GOODS = ("nothing", "1 DP", "2 DP", "3 DP", "5 DP", "1 random card", "2 random cards",
         "1 random magic item", "1 card of the giver's choice", "1 magic item of the giver's choice")
GOOD_DP = (0, 1, 2, 3, 5, 0, 0, 0, 0, 0)
GOOD_CARDS = (0, 0, 0, 0, 0, 1, 2, 0, 1, 0)
GOOD_ITEMS = (0, 0, 0, 0, 0, 0, 0, 1, 0, 1)
CHOSEN = (False,) * 8 + (True, True)
SHARES = (2, 3, 4)  # sixths of each gain that the proposer keeps


def can_give(s, p, g) -> bool:
    """A good is offered only if it can be delivered now (a DP giver keeps at least 1 DP)."""
    return (s.dp[p] > GOOD_DP[g] and len(s.hand[p]) >= GOOD_CARDS[g]
            and len(s.items[p]) >= GOOD_ITEMS[g])


def has_goods(s, p) -> bool:
    """any(can_give(s, p, g) for g in 1..): 1 DP needs 2 DP; a card or an item needs one."""
    d = s.dp[p]
    return d > 1 or (d > 0 and bool(s.hand[p] or s.items[p]))


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
        if q != p and s.alive[q]:
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
        flow.advance(s)
        return
    s.offer = {"kind": seg, "from": s.actor, "to": i, "give": -1, "get": -1, "share": -1}
    s.dec = "deal_give" if seg == "deal" else "alliance_share"


def mask_deal_give(s, m) -> None:
    p, q = s.offer["from"], s.offer["to"]
    o = s.game.o["give"]
    for g in range(1, len(GOODS)):
        m[o + g] = can_give(s, p, g)
    m[o] = has_goods(s, q)


def apply_deal_give(s, seg, i) -> None:
    s.offer["give"] = i
    s.dec = "deal_get"


def mask_deal_get(s, m) -> None:
    q = s.offer["to"]
    o = s.game.o["get"]
    for g in range(1, len(GOODS)):
        m[o + g] = can_give(s, q, g)
    m[o] = s.offer["give"] != 0


def apply_deal_get(s, seg, i) -> None:
    s.offer["get"] = i
    s.log_event(f"{s.game.roles[s.actor]} offers {s.game.roles[s.offer['to']]} a Deal: "
                f"{GOODS[s.offer['give']]} for {GOODS[i]}")
    s.dec, s.actor = "answer", s.offer["to"]


def mask_alliance_share(s, m) -> None:
    o = s.game.o["share"]
    m[o:o + len(SHARES)] = True


def apply_alliance_share(s, seg, i) -> None:
    s.offer["share"] = i
    s.log_event(f"{s.game.roles[s.actor]} offers {s.game.roles[s.offer['to']]} an Alliance: "
                f"whoever gains keeps {SHARES[i]}/6")
    s.dec, s.actor = "answer", s.offer["to"]


def mask_answer(s, m) -> None:
    m[0] = True
    m[s.game.o["accept"]] = True


def apply_answer(s, seg, i) -> None:
    s.log_event(f"{s.game.roles[s.actor]} {'rejects' if seg == 'pass' else 'accepts'} the offer")
    if seg == "pass":  # rejected
        s.offer = None
        flow.advance(s)
        return
    off = s.offer
    for r in s.order:
        if (s.alive[r] and r not in (off["from"], off["to"]) and s.hero[r] == C.PRIEST
                and not s.used[r]):
            s.prompt = "veto"
            s.dec, s.actor = "ability", r
            return
    carry_out(s)


def prompt_veto(s, use: bool) -> None:
    if use:
        s.used[s.actor] = True
        s.log_event(f"{s.game.roles[s.actor]} uses Sermon: the offer is not carried out and both "
                    "players lose this Diplomacy Turn")
        s.offered[s.offer["from"]] = s.offered[s.offer["to"]] = True
        s.offer = None
        flow.advance(s)
        return
    carry_out(s)


def carry_out(s) -> None:
    off = s.offer
    p, q = off["from"], off["to"]
    if off["kind"] == "alliance":
        s.partner[p], s.partner[q] = q, p
        s.keep[p] = SHARES[off["share"]]
        s.keep[q] = 6 - s.keep[p]
        s.log_event(f"{s.game.roles[p]} and {s.game.roles[q]} are allied")
        s.offer = None
        flow.advance(s)
        return
    for r in (p, q):
        if s.hero[r] == C.PRIEST and not s.used[r]:
            s.prompt = "deal_break"
            s.dec, s.actor = "ability", r
            return
    _deliver(s, [p, q])


def prompt_deal_break(s, use: bool) -> None:
    """The Priest takes what was agreed for him and, breaking it, gives nothing back."""
    off = s.offer
    r = s.actor
    if use:
        s.used[r] = True
        s.log_event(f"{s.game.roles[r]} uses Sermon: breaks the Deal and gives nothing")
    givers = [x for x in (off["from"], off["to"]) if not (use and x == r)]
    _deliver(s, givers)


def _deliver(s, givers) -> None:
    """Random goods and DP move at once; a chosen good waits for its giver's choice."""
    off = s.offer
    off["due"] = givers
    for a in givers:
        g = off["give"] if a == off["from"] else off["get"]
        if not CHOSEN[g]:
            _exchange(s, a, _receiver(off, a), g)
    _next_choice(s)


def _receiver(off, a) -> int:
    return off["to"] if a == off["from"] else off["from"]


def _good_of(off, a) -> int:
    return off["give"] if a == off["from"] else off["get"]


def _next_choice(s) -> None:
    off = s.offer
    while off["due"]:
        a = off["due"][0]
        if CHOSEN[_good_of(off, a)]:
            s.dec, s.actor = "deal_choose", a
            return
        off["due"].pop(0)
    s.offer = None
    flow.check_defeat(s)
    flow.advance(s)


def mask_deal_choose(s, m) -> None:
    o = s.game.o["play"]
    p = s.actor
    if GOOD_ITEMS[_good_of(s.offer, p)]:
        for c in s.items[p]:
            m[o + c] = True
    else:
        for c in s.hand[p]:
            m[o + C.FACE_CARD[C.FACE[c]]] = True


def apply_deal_choose(s, seg, i) -> None:
    off = s.offer
    p = s.actor
    b = _receiver(off, p)
    if GOOD_ITEMS[_good_of(off, p)]:
        s.items[p].remove(i)
        s.items[b].append(i)
    else:
        i = flow.take_face(s.hand[p], i)
        s.hand[b].append(i)
    s.log_event(f"{s.game.roles[p]} hands over a {'Magic item' if i >= C.MG0 else 'card'}")
    s.log_event(f"{s.game.roles[p]} hands over {C.WORDS[i]}", to=(p, b))
    off["due"].pop(0)
    _next_choice(s)


def _exchange(s, a, b, g) -> None:
    if g == 0:
        return
    paid = flow.pay(s, a, b, GOOD_DP[g])
    if paid:
        s.log_event(f"{s.game.roles[a]} gives {s.game.roles[b]} {paid} DP")
    for _ in range(GOOD_CARDS[g]):
        hand = s.hand[a]
        card = hand.pop(int(s.rng.integers(len(hand))))
        s.hand[b].append(card)
        s.log_event(f"{s.game.roles[a]} gives {s.game.roles[b]} a random card")
        s.log_event(f"The random card is {C.WORDS[card]}", to=(a, b))
    if GOOD_ITEMS[g]:
        items = s.items[a]
        item = items.pop(int(s.rng.integers(len(items))))
        s.items[b].append(item)
        s.log_event(f"{s.game.roles[a]} gives {s.game.roles[b]} {C.WORDS[item]}")


def offer_words(s, off) -> str:
    """The offer on the table in words."""
    roles = s.game.roles
    a, b = roles[off["from"]], roles[off["to"]]
    if off["kind"] == "swap":
        return f"a Hero swap between {a} and {b}"
    if off["kind"] == "alliance":
        if off["share"] < 0:
            return f"an Alliance between {a} and {b} (terms not yet stated)"
        return (f"an Alliance between {a} and {b}: whoever gains keeps {SHARES[off['share']]}/6 "
                f"of each gain on the card and gives the other the rest")
    give = GOODS[off["give"]] if off["give"] >= 0 else "(not yet stated)"
    get = GOODS[off["get"]] if off["get"] >= 0 else "(not yet stated)"
    return f"a Deal: {a} gives {give}; {b} gives {get}"
