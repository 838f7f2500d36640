"""The game's words for its records (rulebook: Components, Glossary, Kingdom Effect List, God
Token Abilities): symbols, dice, rewards, Challenge tokens, abilities and kingdom effects, for
the view, the text board, the log and the action names."""
from __future__ import annotations

from .actions import TOKEN_TYPES
from .content import CT_KINDS, FATE_KINDS, GODS, KINGDOM_TYPES, ROLE_KINDS, SYMBOL_NAMES, TRACKS, content

C = content()

ROLE_KIND_NAMES = ("Conan", "Foe", "Ally")
GOD_NAMES = tuple(g.capitalize() for g in GODS)
FATE_NAMES = tuple(k.capitalize() for k in FATE_KINDS)
TRACK_NAMES = tuple(t.capitalize() for t in TRACKS)
KINGDOM_TYPE_NAMES = tuple(t.capitalize() for t in KINGDOM_TYPES)
PHASE_NAMES = {"setup": "Setup", "resource": "Resource Phase", "plot": "Plot Phase",
               "main": "Main Phase", "encounter": "Encounter Phase",
               "adventure": "Adventure Phase", "end": "End of Round Phase", "over": "Game over"}
ZONE_WORDS = ("active", "spent", "set aside", "failed", "wounded", "on the Encounter track",
              "in the Warrior Pool")
_CT_WORDS = {"fate_any": "Any Fate", "ambush": "Ambush", "extra_action": "Extra Action",
             "fight": "Fight", "gold": "Gold", "kingdom": "Kingdom", "lose_fate": "Lose Fate",
             "temple": "Temple of Set", "vp": "Victory points"}
TOKEN_NAMES = tuple(f"{_CT_WORDS[CT_KINDS[k]]} {v}" if v else _CT_WORDS[CT_KINDS[k]]
                    for k, v in TOKEN_TYPES)
DIE_TYPE_NAMES = tuple(t.replace("_", " ").replace("foe black", "Foe black primary")
                       .replace("foe red", "Foe red primary").replace("conan", "Conan")
                       .replace("foe general", "Foe general").replace("ally", "Ally")
                       for t in C.dtypes)
# the symbol names a face shows (a split two, a double one, a Wild "Wild"), for boards
FACE_SYMBOLS = [[SYMBOL_NAMES[a]] if a == b else [SYMBOL_NAMES[a], SYMBOL_NAMES[b]]
                for _, a, b in C.faces]
# what a Main-phase die is spent on, keyed by actions.VERBS
VERB_WORDS = {
    "move": "move", "move challenge token": "move a Challenge token",
    "move fate token": "move a Fate token", "kingdom effect": "trigger the Kingdom effect",
    "tribute": "pay tribute for a God token", "sail": "sail to a Pirate kingdom",
    "advance pirate": "advance on the Pirate track", "scry": "scry",
    "sorcery: place challenge token": "Sorcery: draw and place a Challenge token",
    "sorcery: cycle encounter": "Sorcery: cycle an Encounter",
    "trade fate token": "trade a Fate token", "trade: cycle adventure": "Trade: cycle an Adventure",
    "thievery": "steal 1 Gold", "advance thief": "advance on the Thief track",
    "advance warrior": "advance on the Warrior track",
    "fight temple of set": "fight the Temple of Set", "take gold": "take 2 Gold",
    "place challenge token": "draw and place a Challenge token", "pass": "pass",
    "unlock encounters": "unlock Encounters",
}
ABILITY_WORDS = {
    "reroll": "reroll one of your dice",
    "warrior": "turn a Character result to a Warrior",
    "focus": "turn an active die to any of its results but Wild",
    "gold": "gain 1 Gold",
    "fate": "gain a local Fate token",
    "move": "a free Movement action",
    "challenge": "draw a Challenge token and place one face down",
}
EFFECT_WORDS = {
    "none": "no effect",
    "fate_for_gold": "turn in a Fate token for 2 Gold",
    "move_to_pirate": "move to a Pirate kingdom",
    "move_adjacent": "move to an adjacent kingdom",
    "move_token": "move a face-down Challenge token or a Fate token to an adjacent kingdom",
    "focus_die": "turn an active die to any of its results but Wild",
    "roll_savage": "roll the Savage Kingdom die",
    "draw_challenge": "draw a Challenge token",
    "gain_gold": "gain 1 Gold",
    "gain_two_gold": "gain 2 Gold",
    "gain_two_move_fate": "gain two Move Fate tokens",
}
EFFECT_WORDS.update({f"gain_{k}_fate": f"gain a {k.capitalize()} Fate token" for k in FATE_KINDS})


def sym(x: int) -> str:
    return SYMBOL_NAMES[x]


def face(f: int) -> str:
    return C.face_names[f]


def reward(word: str) -> str:
    """A reward word of the data files in the game's words."""
    name, _, arg = word.partition(":")
    if name == "gold":
        return f"{arg} Gold"
    if name == "vp":
        return f"{arg} Victory points"
    if name == "lose_gold":
        return f"lose {arg} Gold"
    if name == "fate":
        return f"a {arg.capitalize()} Fate token"
    if name == "roll":
        return f"roll the {arg.capitalize()} Kingdom die"
    if name == "advance":
        return "advance 1 on " + " or ".join(t.capitalize() for t in arg.split("|"))
    return {"fate_any": "any Fate token", "fate_local": "a local Fate token",
            "challenge": "a Challenge token", "roll_local": "roll the local Kingdom die",
            "wound": "a wound", "lose_fate": "lose a Fate token", "set_die": "set a die"}[name]


def rewards(words) -> list[str]:
    return [reward(w) for w in words]


def kingdom(k: int) -> dict:
    """A kingdom's printed facts."""
    return {"name": C.kingdoms[k],
            "types": [KINGDOM_TYPE_NAMES[t] for t in C.ktypes[k]],
            "attributes": [a.capitalize() for a in C.kattr_names[k]],
            "effect": EFFECT_WORDS[C.keffect[k]],
            "vast": C.vast[k],
            "borders": [C.kingdoms[x] for x in C.adj[k]]}


def adventure(a: int) -> dict:
    card = C.adventures[a]
    return {"name": card["name"], "kingdom": card["kingdom"], "icon": card["icon"],
            "needs": [sym(x) for x in C.adv_needs[a]],
            "victory_points_per_die": card["vp_per_die"],
            "reward": rewards(card["reward"])}


def encounter_need(sym_: int, primary: bool, double: bool) -> str:
    text = f"double {sym(sym_)}" if double else sym(sym_)
    return text + (" (Conan: primary die)" if primary else "")


def encounter(e: int) -> dict:
    card = C.encounters[e]
    m = card["match"]
    return {"name": card["name"],
            "kingdom": "any Kingdom" if m == "any" else m.capitalize(),
            "needs": [encounter_need(*n) for n in C.enc_needs[e]],
            "reward": rewards(card["reward"]), "penalty": rewards(card["penalty"])}


def plot_card(c: int) -> dict:
    card = C.plots[c]
    return {"plot": card["plot"], "chapter": card["chapter"], "skip": card["skip"],
            "required": [sym(x) for x in C.plot_req[c]],
            "bonus": [sym(x) for x in C.plot_bonus[c]],
            "rewards": {ROLE_KIND_NAMES[k]: rewards(card["rewards"][ROLE_KINDS[k]])
                        for k in range(3)}}


def event(e: int) -> dict:
    card = C.events[e]
    return {"name": card["name"],
            "direction": "clockwise" if card["direction"] == "cw" else "counter-clockwise",
            "plot_bonus": rewards(card["plot_bonus"]),
            "challenge_tokens": list(card["challenge"]),
            "fate_tokens": [f"{FATE_NAMES[FATE_KINDS.index(f)]} in {k}" for k, f in card["fate"]]}
