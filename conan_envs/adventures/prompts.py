"""The pending decision in the game's words (rulebook: the phase being played): its prompt,
its context, and the name of every action it offers. The particulars come from
`view.decision_record`, the record the observation encodes."""
from __future__ import annotations

from typing import Any

from . import words as W
from .abilities import ability
from .abilities import card as character_card
from .actions import CODEC, NV, VERBS
from .content import content
from .modifiers import plot_characters
from .resource import buy_types, plot_card, price
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


# ---- action names ---------------------------------------------------------------------------
YES_DONE = {
    "plot": ("roll again", "stop rolling"), "buy": (None, "buy no more dice"),
    "main_post": (None, "end your turn"), "pool": ("form the Warrior Pool", "ignore the Fight"),
    "duel_go": ("keep rolling", "stop rolling"), "fight_temple": ("fight the Temple of Set", "do not fight"),
    "reveal_choice": ("reveal the Challenge token", "leave it face down"), "ambush": ("duel Conan", None),
    "adv_gift": ("give the card to the Ally", "keep the card"), "zath": (None, "score without Zath"),
    "adjust": (None, "keep these results"), "adv_choose": (None, "apply no more of these dice"),
    "achieve": (None, "turn in no more Fate tokens"),
    "scry_move": ("pay 1 Gold to move your character", "no Movement"),
    "corinthia_what": ("move the Challenge token", "nothing to move"),
    "kingdom_token": (None, "keep the token face up"),
}


def action_name(s, a: int) -> str:
    """Action `a` in the game's words, for the pending decision."""
    seg, i = CODEC.decode(a)
    d: Any = None if s.over else s.frame()
    k = d.key if d is not None else ""
    p = d.actor if d is not None else 0
    roles = _roles(s)
    if seg == "act":
        die, v = divmod(i, NV)
        dw = _die_words(s, p, die) if die < len(s.face[p]) else f"die {die}"
        return f"spend {dw} to {W.VERB_WORDS[VERBS[v]]}"
    if seg == "die":
        owner = getattr(d, "roller", p)
        dw = _die_words(s, owner, i) if i < len(s.face[owner]) else f"die {i}"
        return {"plot": f"set aside {dw}", "adv_choose": f"apply {roles[owner]}'s {dw}",
                "pool": f"add {dw} to the Warrior Pool", "enc_aside": f"set aside {dw}",
                "wound": f"wound {dw}", "set_die": f"keep {dw} for the next phase",
                "second_move_die": f"spend {dw} as the second Move die",
                "focus_die": f"focus {dw}", "ambush_die": f"place {dw} on the Encounter track",
                "ability_die": (f"{'reroll' if getattr(d, 'what', None) == 'reroll' else 'turn to a Warrior'}"
                                f" {dw}"),
                }.get(k, dw)
    if seg == "kingdom":
        name = C.kingdoms[i]
        return {"move_to": f"to {name}", "ct_source": f"the token in {name}",
                "ct_dest": f"to {name}", "fate_source": f"a Fate token in {name}",
                "fate_dest": f"to {name}", "scry": f"scry the token in {name}",
                "place_where": f"place it in {name}", "corinthia_src": f"from {name}"}.get(k, name)
    if seg == "fate":
        name = f"{W.FATE_NAMES[i]} Fate token"
        return {"pick_fate": f"{getattr(d, 'why', 'gain').replace('_', ' ')}: a {name}",
                "corinthia_what": f"move a {name}"}.get(k, name)
    if seg == "god":
        if k == "god" and getattr(d, "why", None) != "tribute":
            return f"take {W.GOD_NAMES[i]} ({s.god_gold[i]} Gold on it)"
        return f"take {W.GOD_NAMES[i]}"
    if seg == "slot":
        return _slot_name(s, k, d, i)
    if seg == "player":
        return f"scry a token in {roles[i]}'s supply"
    if seg == "face":
        if k == "focus_face":
            return f"turn it to {W.face(C.dfaces[s.dtype[p][d.die]][i])}"
        return f"result {i}"
    if seg == "token":
        return f"place a {W.TOKEN_NAMES[i]} token"
    if seg == "buy":
        t = buy_types(s, p)[i] if d is not None else -1
        kind = ("primary", "general")[i]
        return f"buy a {kind} die ({price(s, p)} Gold)" if t >= 0 else f"buy a {kind} die"
    if seg == "ach":
        t, all_ = divmod(i, 2)
        if k == "pick_track":  # an Adventure reward: no token is spent
            return f"advance 1 on the {W.TRACK_NAMES[t]} track"
        n = "all your" if all_ else "1"
        name = W.TRACK_NAMES[t]
        return f"turn in {n} {name} Fate token(s) to advance {2 if all_ else 1} on the {name} track"
    if seg == "fate_die":
        die, f = divmod(i, 8)
        return f"use a {W.FATE_NAMES[f]} Fate token on die {die}"
    if seg == "set_die":
        die, x = divmod(i, 11)
        return f"Set: turn die {die} to {W.sym(x)}"
    if seg == "bel_die":
        return f"Bel: turn die {i} to Thief"
    if seg == "ishtar_die":
        return f"Ishtar: reroll die {i}"
    if seg == "ymir_die":
        return f"Ymir: count die {i}'s Character as a Warrior"
    if seg == "mitra":
        return "Mitra: reroll all the dice just rolled"
    if seg == "asura":
        j = i % 3
        if i < 3:
            c = s.adv_face[j]
            return f"Asura: cycle the Adventure {C.adventures[c]['name'] if c >= 0 else j + 1}"
        c = s.enc_face[j]
        return f"Asura: cycle the Encounter {C.encounters[c]['name'] if c >= 0 else j + 1}"
    if seg == "zath":
        return f"Zath: double the {getattr(d, 'points', 0)} points" if k == "zath" else "Zath"
    if seg == "ability":
        return f"use your ability: {W.ABILITY_WORDS[ability(s, p)]}"
    if seg == "give_gold":
        return "give 1 Gold to your partner"
    if seg == "ibis":
        return "Ibis: flip your Character card"
    if seg == "free_roll":
        return "pay 1 Gold to roll the local Kingdom die"
    if seg == "use_extra_action":
        return "use the Extra Action token (reroll the die just spent)"
    if seg == "use_kingdom_token":
        return "use the Kingdom token"
    if seg == "plot_with_characters":
        count = s.plot_spaces[s.plot[p]] if s.plot[p] < len(s.plot_spaces) else 0
        return f"advance on the Plot with {count} Character results"
    if seg == "symbol":
        return f"use the Wild as {W.sym(i)}"
    yes, done = YES_DONE.get(k, (None, None))
    if seg == "yes":
        return yes or "yes"
    return done or "done"


def _slot_name(s, k, d, i):
    if k == "side":
        sides = character_card(s, d.actor)["sides"]
        return f"play the side: {W.ABILITY_WORDS[sides[i]]}"
    if k == "keep_card":
        c = d.drawn[i]
        return "keep " + (C.adventures[c]["name"] if d.which == "adventure" else C.encounters[c]["name"])
    if k == "cycle_slot":
        faces = s.adv_face if d.which == "adventure" else s.enc_face
        c = faces[i]
        cards = C.adventures if d.which == "adventure" else C.encounters
        return f"cycle {cards[c]['name']}" if c >= 0 else f"cycle slot {i + 1}"
    if k == "unlock_slot":
        return "unlock space " + str(i + 1) + " (" + "/".join(W.sym(x) for x in C.unlock_slots[i]) + ")"
    if k == "ambush":
        return f"place a die on Encounter-track space {i + 1}"
    if k == "kingdom_token":
        return "trigger the Kingdom effect" if i == 0 else "roll the Kingdom die"
    if k == "adv_reward":
        return f"gain the reward of {C.adventures[d.cards[i]]['name']}"
    if k == "scry":
        return f"scry the top {('Adventure', 'Encounter', 'Event')[i]} card"
    if k == "scry_move":
        return ("move", "pay 1 Gold to move a Challenge token", "pay 1 Gold to move a Fate token")[i]
    return f"slot {i + 1}"
