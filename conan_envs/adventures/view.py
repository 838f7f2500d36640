"""What one role sees of The Adventures of Conan (rulebook: Components, Round Overview, and each
phase's section): the board, its own private things (its Challenge-token supply, tokens it
scried, cards shown to it alone), and the pending decision in the game's words.

`decision_record` is the one canonical account of the pending decision's particulars; the
view's `context` and the observation's context block are both written from it.
"""
from __future__ import annotations

from . import words as W
from .abilities import card as character_card
from .actions import TOKEN_TYPE_OF
from .content import content
from .dicepool import ASIDE
from .tokens import peeked

C = content()

# The reasons a decision is asked (`why` of the state's decision record), in a fixed order.
WHYS = ("gain", "lose", "tribute", "trade_give", "trade_take", "move_fate", "aquilonia", "move",
        "sail", "push", "argos", "border", "ability", "fight", "duel", "adventure", "encounter",
        "unchosen", "halt", "reroll", "warrior", "revealed")
WHY_INDEX = {w: i for i, w in enumerate(WHYS)}


def decision_record(s, d) -> dict:
    """The particulars of the pending decision `d`, as plain ids (see the module docstring).
    Keys: why, kingdom, player, dice, fate, rolls, pushed, points, slot, which, card, cards,
    rolled; and the actor's private `drawn` (cards) and `token` (a token type)."""
    k, p = d.key, d.actor
    r = {}
    if k in ("god", "move_to", "pick_fate", "adjust"):
        r["why"] = d.why
    elif k == "pool":
        r["why"] = d.ctx
    elif k == "ability_die":
        r["why"] = d.what
    elif k == "kingdom_token" and d.token >= 0:
        r["why"] = "revealed"
    if k in ("ct_dest", "fate_dest", "corinthia_what") or (k == "pick_fate" and d.src >= 0):
        r["kingdom"] = d.src
    elif k in ("fight_temple", "reveal_choice", "kingdom_token"):
        r["kingdom"] = d.kingdom
    if k == "move_to":
        r["player"] = d.who
    elif k in ("adv_choose", "adv_wild"):
        r["player"] = d.roller
    elif k == "zath":
        r["player"] = d.scorer
        r["points"] = d.points
    if k == "second_move_die":
        r["dice"] = [d.first]
    elif k in ("unlock_slot", "adv_wild", "focus_face"):
        r["dice"] = [d.die]
    elif k == "adjust":
        r["dice"] = sorted(d.dice)
    if k == "fate_dest":
        r["fate"] = d.fate
    if k == "plot":
        r["rolls"] = d.rolls
        r["pushed"] = d.pushed
    if k in ("keep_card", "ambush_die"):
        r["slot"] = d.slot
    if k in ("cycle_slot", "keep_card"):
        r["which"] = d.which
    if k == "adv_gift":
        r["card"] = d.card
    if k == "adv_reward":
        r["cards"] = list(d.cards)
    if k == "keep_card":
        r["drawn"] = list(d.drawn)
    if k == "place_where":
        r["token"] = TOKEN_TYPE_OF[d.token]
    jr = s.just_rolled
    if jr and jr[0] == p:
        r["rolled"] = sorted(jr[1])
    return r


# ---- the board ------------------------------------------------------------------------------
def _die(s, p, i):
    z = s.zone[p][i]
    where = W.ZONE_WORDS[z]
    if z == ASIDE and s.phase == "adventure":
        where = "applied to the Adventure"
    f = s.face[p][i]
    return {"die": i, "type": W.DIE_TYPE_NAMES[s.dtype[p][i]],
            "primary": s.dtype[p][i] in C.primary_types, "result": W.face(f),
            "symbols": W.FACE_SYMBOLS[f], "double": C.faces[f][0] == "double",
            "zone": where, "set_for_next_phase": s.held[p] == i}


def _player(s, p, role):
    kind = s.rk[p]
    card = character_card(s, p)
    sides = card["sides"]
    known = s.ct_known[role]
    hand = s.ct_hand[p]
    out = {
        "role": s.game.roles[p], "kind": W.ROLE_KIND_NAMES[kind], "character": card["name"],
        "ability": {"face_up": W.ABILITY_WORDS[sides[s.side[p]]],
                    "other_side": W.ABILITY_WORDS[sides[1 - s.side[p]]],
                    "used_this_round": s.ability_used[p]},
        "kingdom": C.kingdoms[s.loc[p]] if s.loc[p] >= 0 else "with Conan",
        "victory_points": s.vp[p], "gold": s.gold[p],
        "plot_space": s.plot[p],
        "achievements": {W.TRACK_NAMES[t]: s.ach[p][t] for t in range(3)},
        "fate_tokens": {W.FATE_NAMES[f]: c for f, c in enumerate(s.fate[p]) if c},
        "god_tokens": [W.GOD_NAMES[g] for g in s.gods[p]],
        "adventure_cards": [C.adventures[a]["name"] for a in s.adv_held[p]],
        "challenge_tokens_in_supply": len(hand),
        "face_up_challenge_tokens": sorted(W.TOKEN_NAMES[TOKEN_TYPE_OF[t]] for t in s.ct_card[p]),
        "dice": [_die(s, p, i) for i in range(len(s.zone[p]))],
        "dice_gained_this_round": s.gained[p], "free_dice_this_round": s.free_dice[p],
        "kingdom_die_rolled_here": s.rolled_here[p],
        "hits": s.hits[p],
    }
    seen = sorted(W.TOKEN_NAMES[TOKEN_TYPE_OF[t]] for t in hand if p == role or t in known)
    out["supply_tokens_you_know" if p != role else "supply_tokens"] = seen
    return out


def _kingdom_row(s, k, role):
    t = s.ct_board[k]
    token = None
    if t >= 0:
        token = W.TOKEN_NAMES[TOKEN_TYPE_OF[t]] if t in s.ct_known[role] else "face down"
    return {**W.kingdom(k),
            "characters": [s.game.roles[p] for p in range(s.n) if s.loc[p] == k],
            "challenge_token": token, "temples_of_set": len(s.temple[k]),
            "fate_tokens": {W.FATE_NAMES[f]: c for f, c in enumerate(s.fate_board[k]) if c}}


def _track(s):
    out = []
    for slot in range(4):
        p = s.track_p[slot]
        out.append({"space": slot + 1, "symbols": [W.sym(x) for x in C.unlock_slots[slot]],
                    "role": s.game.roles[p] if p >= 0 else None,
                    "result": W.face(s.face[p][s.track_d[slot]]) if p >= 0 else None})
    return out


def _attempt(s):
    a = s.adv
    if a is None:
        return None
    applied = [{"role": s.game.roles[p], "die": i, "result": W.face(s.face[p][i])}
               for p in range(s.n) for i, z in enumerate(s.zone[p]) if z == ASIDE]
    return {"adventure": W.adventure(a["card"]), "applied": applied, "completed": a["done"]}


def _faced(s):
    e = s.enc
    if e is None:
        return None
    return {"encounter": W.encounter(e["card"]),
            "needs_left": [W.encounter_need(*C.enc_needs[e["card"]][n]) for n in e["left"]],
            "failed": [s.game.roles[p] for p in e["failed"]], "defeated": e["done"]}


def _fight(s):
    f = s.fight
    if f is None:
        return None
    return {"role": s.game.roles[f["player"]],
            "against": ("a Temple of Set in " + C.kingdoms[f["temple"]]) if f["temple"] >= 0
            else "a Fight Challenge token",
            "hits_needed": f["need"], "hits_so_far": s.hits[f["player"]],
            "victory_points": f["vp"]}


def _duel(s):
    d = s.duel
    if d is None:
        return None
    a, b = d["attacker"], d["defender"]
    return {"attacker": s.game.roles[a], "defender": s.game.roles[b],
            "kingdom": C.kingdoms[d["kingdom"]],
            "hits": {s.game.roles[a]: s.hits[a], s.game.roles[b]: s.hits[b]},
            "stopped": [s.game.roles[x] for x, st in zip((a, b), d["stopped"]) if st]}


def board(s, role: int) -> dict:
    """The game's part of the view of `role` (State._view)."""
    roles = s.game.roles
    scried = {}
    for d, name in enumerate(("adventure", "encounter", "event")):
        card = peeked(s, role, d)
        if card >= 0:
            scried[name] = (C.adventures[card]["name"] if d == 0 else
                            C.encounters[card]["name"] if d == 1 else C.events[card]["name"])
    return {
        "round": s.turn + 1, "phase": W.PHASE_NAMES[s.phase],
        "last_round": s.end_triggered,
        "turn_order": [roles[p] for p in s.order],
        "event": W.event(s.ev_cur) if s.ev_cur >= 0 else None,
        "players": [_player(s, p, role) for p in range(s.n)],
        "plot_track": {"cards": [W.plot_card(c) for c in s.plot_cards],
                       "spaces": list(s.plot_spaces),
                       "markers": {roles[p]: s.plot[p] for p in range(s.n)}},
        "adventures": [W.adventure(a) if a >= 0 else None for a in s.adv_face],
        "encounters": [W.encounter(e) if e >= 0 else None for e in s.enc_face],
        "encounter_track": _track(s),
        "kingdoms": [_kingdom_row(s, k, role) for k in range(len(C.kingdoms))],
        "god_tokens_in_supply": {W.GOD_NAMES[g]: s.god_gold[g] for g in range(8)
                                 if s.god_supply[g]},
        "fate_tokens_in_supply": {W.FATE_NAMES[f]: c for f, c in enumerate(s.fate_supply) if c},
        "decks": {"adventure": len(s.adv_deck), "encounter": len(s.enc_deck),
                  "event": len(s.ev_deck), "challenge_tokens": len(s.ct_supply)},
        "scried_top_cards": scried,
        "adventure_attempt": _attempt(s),
        "encounter_faced": _faced(s),
        "fight": _fight(s),
        "duel": _duel(s),
        "winners": [roles[p] for p in s.winners] if s.over else None,
    }
