"""The pending decision in the game's words (rulebook: the phase being played): its prompt,
its context. The particulars come from
`view.decision_record`, the record the observation encodes; the actions' names are in
labels.py."""
from __future__ import annotations

from . import words as W
from .content import content
from .modifiers import plot_characters
from .resource import plot_card, price
from .view import decision_record

C = content()


def _roles(s):
    return s.game.roles


def _die_words(s, p, i):
    return f"die {i} ({W.face(s.face[p][i])})"


def context(s, d, role: int) -> dict:
    """The context of decision `d` for `role`: the record in words, plus what it is about."""
    r = decision_record(s, d)
    roles = _roles(s)
    p = d.actor
    out = {}
    if "why" in r:
        out["why"] = r["why"]
    if "kingdom" in r:
        out["kingdom"] = C.kingdoms[r["kingdom"]]
    if "player" in r:
        out["player"] = roles[r["player"]]
    if "dice" in r:
        owner = r.get("player", p) if d.key in ("adv_wild",) else p
        out["dice"] = [_die_words(s, owner, i) for i in r["dice"]]
    if "fate" in r:
        out["fate_token"] = W.FATE_NAMES[r["fate"]]
    if "rolls" in r:
        c = plot_card(s, p)
        out.update(required=[W.sym(x) for x in C.plot_req[c]],
                   bonus=[W.sym(x) for x in C.plot_bonus[c]], rolls=r["rolls"],
                   pushed_for_bonus=r["pushed"], character_results=plot_characters(s, p))
    if "points" in r:
        out["points"] = r["points"]
    if "slot" in r:
        out["space" if d.key == "ambush_die" else "slot"] = r["slot"] + 1
    if "which" in r:
        out["cards"] = r["which"]
    if "card" in r:
        out["adventure"] = C.adventures[r["card"]]["name"]
    if "cards" in r:
        out["adventures"] = [C.adventures[a]["name"] for a in r["cards"]]
    if "rolled" in r:
        out["just_rolled"] = [_die_words(s, p, i) for i in r["rolled"]]
    if role == p:
        if "drawn" in r:
            out["drawn"] = [C.adventures[c]["name"] if r["which"] == "adventure"
                            else C.encounters[c]["name"] for c in r["drawn"]]
        if "token" in r:
            out["token"] = W.TOKEN_NAMES[r["token"]]
    if d.key == "buy":
        out["price"] = price(s, p)
    if s.fight is not None and s.fight["player"] == p:
        f = s.fight
        out["fight"] = {"against": "a Temple of Set" if f["temple"] >= 0 else
                        "a Fight Challenge token", "hits_needed": f["need"],
                        "hits_so_far": s.hits[p]}
    if s.duel is not None:
        a, b = s.duel["attacker"], s.duel["defender"]
        if p in (a, b):
            o = b if p == a else a
            out["duel"] = {"opponent": roles[o], "hits_so_far": s.hits[p],
                           "opponent_hits": s.hits[o]}
    return out
