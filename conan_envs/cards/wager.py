"""Facing a Challenge and Duels (rulebook, "Facing a Challenge", "Wager", "Resolution",
"Antagonists and Allies", "Duel: Several Heroes on the Same Adventure Card"), with the Hero
abilities that act inside them (Barbarian's Rage, Mercenary's Brotherhood, Amazon's Fury),
and the Alliance split of wager gains ("Alliances")."""
from __future__ import annotations

from . import content as C
from . import table
from .base import Mask, Table
from .records import Ability, FaceDownCard, Wager, new_wager
from .shares import finish_wager, share_gain, share_loss

ANY = C.ANY
FURY_BONUS = 2  # designed: the Amazon's Fury adds 2 to the attribute used
# the abilities that may turn a Resolution's result, and the Hero who holds each
RAGE_FURY: tuple[tuple[Ability, int], ...] = (("rage", C.BARBARIAN), ("fury", C.AMAZON))


# ---- starting ----------------------------------------------------------------------------------
def face(s: Table, p: int, c: int) -> None:
    """The Challenge is turned face up; an antagonist may be recruited instead of fought."""
    a = s.pos[p]
    s.ch_up[c] = True
    s.ch_known[c] = table.everyone(s)
    s.log_event(f"{s.game.roles[p]} faces {C.WORDS[C.CH0 + c]}, placed by "
                f"{s.game.roles[s.ch_placer[c]]}")
    parts = [p] + ([s.partner[p]] if s.partner[p] >= 0 else []) + [s.ch_placer[c]]
    s.w = new_wager("challenge", p, s.ch_placer[c], c, a, parts)
    cost = C.ALLY_COST[c]
    if cost > 0 and (s.dp[p] > cost or (s.hero[p] == C.MERCENARY and not s.used[p])):
        s.dec, s.actor = "antagonist", p
    else:
        s.dec, s.actor = "bet_open", p


def start_duel(s: Table, p: int, q: int) -> None:
    s.w = new_wager("duel", p, q, -1, s.pos[p], [p, q])
    s.dec, s.actor = "bet_open", p


def mask_antagonist(s: Table, m: Mask) -> None:
    o = s.game.o
    m[o["fight"]] = True
    m[o["recruit"]] = True


def apply_antagonist(s: Table, seg: str, i: int) -> None:
    p = s.actor
    w = s.w
    assert w is not None  # during a wager
    if seg == "fight":
        s.log_event(f"{s.game.roles[p]} fights {C.NAME[C.CH0 + w.chal]}")
        s.dec = "bet_open"
        return
    cost = C.ALLY_COST[w.chal]
    if s.hero[p] == C.MERCENARY and not s.used[p]:
        if s.dp[p] > cost:
            s.prompt = "mercenary"
            s.dec = "ability"
            return
        s.used[p] = True
        recruit(s, p, 0)
    else:
        recruit(s, p, cost)


def prompt_mercenary(s: Table, use: bool) -> None:
    """The Brotherhood of Mercenaries: once per game the ally costs nothing."""
    p = s.actor
    if use:
        s.used[p] = True
        s.log_event(f"{s.game.roles[p]} uses the Brotherhood of Mercenaries")
    w = s.w
    assert w is not None  # during a wager
    recruit(s, p, 0 if use else C.ALLY_COST[w.chal])


def recruit(s: Table, p: int, cost: int) -> None:
    """The antagonist becomes the Hero's Ally for its DP cost (paid to the reserve)."""
    w = s.w
    assert w is not None  # during a wager
    c = w.chal
    paid = table.pay(s, p, -1, cost)
    s.log_event(f"{s.game.roles[p]} recruits {C.NAME[C.CH0 + c]} as their Ally for {paid} DP")
    s.piles[w.adv].remove(c)
    s.ch_placer[c] = -1
    if s.ally[p] >= 0:
        s.discard.append(C.CH0 + s.ally[p])
    s.ally[p] = c
    s.w = None
    table.check_defeat(s)
    s.advance()


# ---- Wager -------------------------------------------------------------------------------------
def _cap(s: Table, p: int, q: int) -> int:
    """Never more than the opponent has at that moment, nor than one holds oneself."""
    cap = s.game.max_bet  # (comparisons rather than min(), several times slower on ints)
    for x in (s.dp[p], s.dp[q]):
        if x < cap:
            cap = x
    return cap


def _other(w: Wager, p: int) -> int:
    return w.opp if p == w.hero else w.hero


def mask_bet_open(s: Table, m: Mask) -> None:
    w = s.w
    assert w is not None  # during a wager
    o = s.game.o["bet"]
    m[o:o + _cap(s, w.hero, w.opp)] = True


def apply_bet_open(s: Table, seg: str, i: int) -> None:
    w = s.w
    assert w is not None  # during a wager
    w.bets[0] = w.cur = i + 1
    s.log_event(f"{s.game.roles[s.actor]} wagers {i + 1} DP")
    s.dec, s.actor = "bet_reply", w.opp


def mask_bet_reply(s: Table, m: Mask) -> None:
    w = s.w
    assert w is not None  # during a wager
    p = s.actor
    o = s.game.o
    m[o["withdraw"]] = True
    m[o["match"]] = True
    cap = _cap(s, p, _other(w, p))
    if cap > w.cur:
        m[o["bet"] + w.cur:o["bet"] + cap] = True


def apply_bet_reply(s: Table, seg: str, i: int) -> None:
    w = s.w
    assert w is not None  # during a wager
    p = s.actor
    side = 0 if p == w.hero else 1
    who = s.game.roles[p]
    if seg == "withdraw":  # loses what it wagered, or the minimum (1 DP) before wagering
        lost = w.bets[side] or 1
        w.bets[side] = lost
        s.log_event(f"{who} withdraws")
        conclude(s, side == 1, withdrawn=True)
    elif seg == "match":
        w.bets[side] = w.cur
        s.log_event(f"{who} matches {w.cur} DP")
        if w.kind == "duel":  # the challenged player picks the attribute
            s.dec, s.actor = "duel_attribute", w.opp
        else:
            s.dec, s.actor = "attribute", w.hero
    else:
        w.bets[side] = w.cur = i + 1
        s.log_event(f"{who} raises to {i + 1} DP")
        s.dec, s.actor = "bet_reply", _other(w, p)


# ---- the attribute -----------------------------------------------------------------------------
def mask_attribute(s: Table, m: Mask) -> None:
    """Sources: the Hero, its recruited Ally, an allied Hero; three attributes each."""
    p = s.actor
    o = s.game.o["attribute"]
    m[o:o + 3] = True
    if s.ally[p] >= 0:
        m[o + 3:o + 6] = True
    if s.partner[p] >= 0:
        m[o + 6:o + 9] = True


def apply_attribute(s: Table, seg: str, i: int) -> None:
    w = s.w
    assert w is not None  # during a wager
    w.src, w.attr = divmod(i, 3)
    s.log_event(f"{s.game.roles[s.actor]} uses the {C.ATTRS[w.attr]} of "
                f"{source_words(s, s.actor, w.src)}")
    next_card(s)


def source_words(s: Table, p: int, src: int) -> str:
    """Whose attribute a Challenge is faced with: the Hero, its Ally, the allied Hero."""
    if src == 0:
        return f"{s.game.roles[p]}'s {C.NAME[C.H0 + s.hero[p]]}"
    if src == 1:
        return f"{s.game.roles[p]}'s Ally {C.NAME[C.CH0 + s.ally[p]]}"
    q = s.partner[p]
    return f"{s.game.roles[q]}'s allied {C.NAME[C.H0 + s.hero[q]]}"


def mask_duel_attribute(s: Table, m: Mask) -> None:
    o = s.game.o["duel_attribute"]
    m[o:o + 3] = True


def apply_duel_attribute(s: Table, seg: str, i: int) -> None:
    w = s.w
    assert w is not None  # during a wager
    w.attr = i
    s.log_event(f"{s.game.roles[s.actor]} chooses {C.ATTRS[i]} for the Duel")
    next_card(s)


# ---- Resolution cards and bluffs, face down in alternation ---------------------------------------
def next_card(s: Table) -> None:
    """Turns go round the participants (Hero, its ally in an Alliance, the opponent) until all
    pass in a row; a player with no cards passes without being asked."""
    w = s.w
    assert w is not None  # during a wager
    parts = w.parts
    k = len(parts)
    while w.passes < k:
        p = parts[w.turn % k]
        if s.hand[p]:
            s.dec, s.actor = "resolution", p
            return
        w.passes += 1
        w.turn += 1
    if w.cards:
        s.log_event("The face-down cards are revealed: " + "; ".join(
            f"{s.game.roles[e.player]}'s {C.WORDS[e.card]}"
            + (f" on {s.game.roles[w.hero if e.on == 0 else w.opp]}" if w.kind == "duel" else "")
            for e in w.cards))
    after_reveal(s)


def mask_resolution(s: Table, m: Mask) -> None:
    o = s.game.o
    p = s.actor
    canon = C.CANON
    w = s.w
    assert w is not None  # during a wager
    if w.kind == "duel":
        op = o["play_on"]
        for card in s.hand[p]:
            k = op + 2 * canon[card]
            m[k] = True
            m[k + 1] = True
    else:
        op = o["play"]
        for card in s.hand[p]:
            m[op + canon[card]] = True
    m[0] = True


def apply_resolution(s: Table, seg: str, i: int) -> None:
    w = s.w
    assert w is not None  # during a wager
    p = s.actor
    if seg == "pass":
        w.passes += 1
        s.log_event(f"{s.game.roles[p]} passes (plays no more cards for now)")
    else:
        card, target = divmod(i, 2) if seg == "play_on" else (i, 0)
        card = table.take_face(s.hand[p], card)
        w.cards.append(FaceDownCard(p, card, target))
        w.passes = 0
        on = ""
        if w.kind == "duel":
            on = f" on {s.game.roles[w.hero if target == 0 else w.opp]}'s Hero"
        s.log_event(f"{s.game.roles[p]} plays a card face down{on}")
        s.log_event(f"You play {C.WORDS[card]} face down{on}", to=p)
    w.turn += 1
    next_card(s)


# ---- Success or failure --------------------------------------------------------------------------
def side_total(s: Table, side: int, seen_by: int = -1) -> int:
    """The attribute used by one side after Resolution cards and Magic items (and Rage, Fury):
    all the face-down cards counted, or (`seen_by` a player) only those that player played."""
    w = s.w
    assert w is not None  # asked only during a wager
    p = w.hero if side == 0 else w.opp
    att = w.attr
    if w.rage[side]:
        att = 0
        base = C.HERO_ATTR[s.hero[p]][0]
    elif w.kind == "duel" or w.src == 0:
        base = C.HERO_ATTR[s.hero[p]][att]
    elif w.src == 1:
        base = C.CH_VALUE[s.ally[p]][att]
    else:
        base = C.HERO_ATTR[s.hero[s.partner[p]]][att]
    total = base
    for e in w.cards:
        if e.on == side and (seen_by < 0 or e.player == seen_by):
            card = e.card
            ra = C.RES_ATTR[card]
            if ra == att or ra == ANY:
                total += C.RES_MOD[card]
    for it in s.items[p]:
        total += C.ITEM_BONUS[it - C.MG0][att]
    if w.fury[side]:
        total += FURY_BONUS
    return total


def margin_seen_by(s: Table, p: int) -> int:
    """The Hero side's margin (its total less the Challenge's value, or less the challenged
    Hero's total) counting only the face-down cards player p played: what p knows of it."""
    w = s.w
    assert w is not None  # asked only during a wager
    if w.kind == "duel":
        return side_total(s, 0, p) - side_total(s, 1, p)
    return side_total(s, 0, p) - C.CH_VALUE[w.chal][w.attr]


def success(s: Table) -> bool:
    """Strictly greater than the challenge value (or, in a duel, than the challenged Hero)."""
    w = s.w
    assert w is not None  # during a wager
    if w.kind == "duel":
        return side_total(s, 0) > side_total(s, 1)
    return side_total(s, 0) > C.CH_VALUE[w.chal][w.attr]


def after_reveal(s: Table) -> None:
    """All face-down cards are turned up. A losing side whose Hero still holds Rage or Fury
    is asked whether to use it (only where it would turn the result)."""
    w = s.w
    assert w is not None  # during a wager
    while True:
        ok = success(s)
        side = 1 if ok else 0
        if w.kind == "challenge" and ok:
            break
        p = w.hero if side == 0 else w.opp
        h = s.hero[p]
        asked: Ability | None = None
        if not s.used[p]:
            for name, hero in RAGE_FURY:
                used = w.rage if name == "rage" else w.fury
                if h == hero and [name, side] not in w.declined and not used[side]:
                    used[side] = True
                    turns = success(s) != ok
                    used[side] = False
                    if turns:
                        asked = name
                        break
        if asked is None:
            break
        w.side = side
        s.prompt = asked
        s.dec, s.actor = "ability", p
        return
    conclude(s, ok, withdrawn=False)


def prompt_rage_or_fury(s: Table, use: bool) -> None:
    w = s.w
    assert w is not None  # during a wager
    side = w.side
    if use:
        s.used[s.actor] = True
        (w.rage if s.prompt == "rage" else w.fury)[side] = True
        s.log_event(f"{s.game.roles[s.actor]} uses {s.prompt.capitalize()}")
    else:
        w.declined.append([s.prompt, side])
        s.log_event(f"{s.game.roles[s.actor]} does not use {s.prompt.capitalize()}")
    after_reveal(s)


def conclude(s: Table, ok: bool, withdrawn: bool) -> None:
    """The pot goes to the winner; an overcome Challenge is discarded, a failed one stays face
    up (face down under Forgetting Old Dangers); a Duel's loser is expelled and loses its Magic
    items to the winner. Resolution cards and bluffs are discarded."""
    w = s.w
    assert w is not None  # during a wager
    h, o = w.hero, w.opp
    win, lose = (h, o) if ok else (o, h)
    paid = table.pay(s, lose, win, w.bets[1 if ok else 0])
    log_outcome(s, ok, withdrawn, win, lose, paid)
    for e in w.cards:
        s.discard.append(e.card)
    w.cards = []
    if w.kind == "duel":
        table.leave_adventure(s, lose)
        s.must_enter[lose] = True
        s.expelled_from[lose] = w.adv
        s.items[win].extend(s.items[lose])
        s.items[lose] = []
        finish_wager(s)
        return
    c = w.chal
    if s.game.forget and not ok:
        s.ch_up[c] = False
        s.ch_known[c] = 1 << o
    if ok:
        table.discard_challenge(s, w.adv, c)
        s.actor = h
        share_gain(s, h, paid, "wager_end")
    else:
        share_loss(s, h, paid, "wager_end")


def log_outcome(s: Table, ok: bool, withdrawn: bool, win: int, lose: int, paid: int) -> None:
    """Narrate the end of a wager: the totals compared, who won, the DP paid."""
    w = s.w
    assert w is not None  # during a wager
    roles = s.game.roles
    if w.kind == "duel":
        what = "the Duel"
    else:
        what = C.NAME[C.CH0 + w.chal]
    if withdrawn:
        how = f"{roles[lose]} withdrew"
    else:
        att = C.ATTRS[0 if w.rage[0] else w.attr]
        hero_total = side_total(s, 0)
        if w.kind == "duel":
            other = f"{roles[w.opp]}'s {C.ATTRS[0 if w.rage[1] else w.attr]} {side_total(s, 1)}"
        else:
            other = f"its {C.ATTRS[w.attr]} {C.CH_VALUE[w.chal][w.attr]}"
        how = f"{roles[w.hero]}'s {att} {hero_total} against {other}"
    verdict = "overcome" if w.kind == "challenge" and ok else (
        "failed" if w.kind == "challenge" else f"won by {roles[win]}")
    s.log_event(f"{what} is {verdict} ({how}): {roles[lose]} pays {roles[win]} {paid} DP")
    if w.kind == "duel":
        s.log_event(f"{roles[lose]}'s Hero is expelled from {C.NAME[C.AD0 + w.adv]}"
                    + (f" and {roles[win]} takes their Magic items" if s.items[lose] else ""))
