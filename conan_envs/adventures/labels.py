"""Every action in the game's words (the names the views, the logs' illegal-move errors and the
terminal show; rulebook: the phase being played, its dice, tokens and cards).

One label template per action segment of the codec (actions.py), with the templates that
differ under some decisions: :func:`action_name` picks the segment's template for the pending
decision (its ``key``) and fills its fields, each computed by one small function of
:data:`FIELDS` from a :class:`Spot` (the state, the pending frame, its actor, the index within
the segment).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import Formatter
from typing import Any

from . import words as W
from .abilities import ability
from .abilities import card as character_card
from .actions import CODEC, NV, VERBS
from .content import content
from .resource import buy_types, price

C = content()


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a label is read: the state, the frame deciding (None once the game is over), its
    key and actor, and the index of the action within its segment."""

    s: Any
    d: Any
    k: str
    p: int
    i: int


def _die(s: Any, p: int, i: int) -> str:
    return f"die {i} ({W.face(s.face[p][i])})" if i < len(s.face[p]) else f"die {i}"


def _owner(at: Spot) -> int:
    """Whose die a `die` action names: the roller the frame names, else its actor."""
    return int(getattr(at.d, "roller", at.p))


def _god_gold(at: Spot) -> str:
    if at.k == "god" and getattr(at.d, "why", None) != "tribute":
        return f" ({at.s.god_gold[at.i]} Gold on it)"
    return ""


def _cycled(at: Spot) -> str:
    adventure = at.d.which == "adventure"
    c = (at.s.adv_face if adventure else at.s.enc_face)[at.i]
    return (C.adventures if adventure else C.encounters)[c]["name"] if c >= 0 else f"slot {at.i + 1}"


def _kept(at: Spot) -> str:
    c = at.d.drawn[at.i]
    return str((C.adventures if at.d.which == "adventure" else C.encounters)[c]["name"])


def _asura(at: Spot) -> str:
    j = at.i % 3
    if at.i < 3:
        c = at.s.adv_face[j]
        return f"Adventure {C.adventures[c]['name'] if c >= 0 else j + 1}"
    c = at.s.enc_face[j]
    return f"Encounter {C.encounters[c]['name'] if c >= 0 else j + 1}"


def _plot_count(at: Spot) -> int:
    s, p = at.s, at.p
    return int(s.plot_spaces[s.plot[p]]) if s.plot[p] < len(s.plot_spaces) else 0


# the decisions whose "yes" and "done" actions have words of their own: (yes, done)
YES_DONE: dict[str, tuple[str | None, str | None]] = {
    "plot": ("roll again", "stop rolling"), "buy": (None, "buy no more dice"),
    "main_post": (None, "end your turn"), "pool": ("form the Warrior Pool", "ignore the Fight"),
    "duel_go": ("keep rolling", "stop rolling"),
    "fight_temple": ("fight the Temple of Set", "do not fight"),
    "reveal_choice": ("reveal the Challenge token", "leave it face down"),
    "ambush": ("duel Conan", None),
    "adv_gift": ("give the card to the Ally", "keep the card"),
    "zath": (None, "score without Zath"),
    "adjust": (None, "keep these results"), "adv_choose": (None, "apply no more of these dice"),
    "achieve": (None, "turn in no more Fate tokens"),
    "scry_move": ("pay 1 Gold to move your character", "no Movement"),
    "corinthia_what": ("move the Challenge token", "nothing to move"),
    "kingdom_token": (None, "keep the token face up"),
}

# field -> its text at a spot
Field = Callable[[Spot], object]
FIELDS: dict[str, Field] = {
    "i": lambda at: at.i,
    "n": lambda at: at.i + 1,
    "spent": lambda at: _die(at.s, at.p, at.i // NV),
    "verb": lambda at: W.VERB_WORDS[VERBS[at.i % NV]],
    "die": lambda at: _die(at.s, _owner(at), at.i),
    "owner": lambda at: at.s.game.roles[_owner(at)],
    "turn": lambda at: "reroll" if getattr(at.d, "what", None) == "reroll" else "turn to a Warrior",
    "kingdom": lambda at: C.kingdoms[at.i],
    "fate": lambda at: W.FATE_NAMES[at.i],
    "why": lambda at: str(getattr(at.d, "why", "gain")).replace("_", " "),
    "god": lambda at: W.GOD_NAMES[at.i],
    "god_gold": _god_gold,
    "side": lambda at: W.ABILITY_WORDS[character_card(at.s, at.d.actor)["sides"][at.i]],
    "kept": _kept,
    "cycled": _cycled,
    "unlock": lambda at: "/".join(W.sym(x) for x in C.unlock_slots[at.i]),
    "kingdom_effect": lambda at: "trigger the Kingdom effect" if at.i == 0 else "roll the Kingdom die",
    "reward": lambda at: C.adventures[at.d.cards[at.i]]["name"],
    "deck": lambda at: ("Adventure", "Encounter", "Event")[at.i],
    "scry_move": lambda at: ("move", "pay 1 Gold to move a Challenge token",
                             "pay 1 Gold to move a Fate token")[at.i],
    "player": lambda at: at.s.game.roles[at.i],
    "focus_face": lambda at: W.face(C.dfaces[at.s.dtype[at.p][at.d.die]][at.i]),
    "token": lambda at: W.TOKEN_NAMES[at.i],
    "die_kind": lambda at: ("primary", "general")[at.i],
    "price": lambda at: (f" ({price(at.s, at.p)} Gold)"
                         if at.d is not None and buy_types(at.s, at.p)[at.i] >= 0 else ""),
    "track": lambda at: W.TRACK_NAMES[at.i // 2],
    "how_many": lambda at: "all your" if at.i % 2 else "1",
    "steps": lambda at: 2 if at.i % 2 else 1,
    "token_fate": lambda at: W.FATE_NAMES[at.i % 8],
    "token_die": lambda at: at.i // 8,
    "set_die": lambda at: at.i // 11,
    "set_symbol": lambda at: W.sym(at.i % 11),
    "asura": _asura,
    "points": lambda at: getattr(at.d, "points", 0),
    "ability": lambda at: W.ABILITY_WORDS[ability(at.s, at.p)],
    "plot_count": _plot_count,
    "symbol": lambda at: W.sym(at.i),
    "yes": lambda at: YES_DONE.get(at.k, (None, None))[0] or "yes",
    "done": lambda at: YES_DONE.get(at.k, (None, None))[1] or "done",
}

# segment -> the template, then the templates that differ under a decision (its key)
Templates = dict[str | None, str]
LABELS: dict[str, Templates] = {
    "act": {None: "spend {spent} to {verb}"},
    "die": {None: "{die}", "plot": "set aside {die}", "adv_choose": "apply {owner}'s {die}",
            "pool": "add {die} to the Warrior Pool", "enc_aside": "set aside {die}",
            "wound": "wound {die}", "set_die": "keep {die} for the next phase",
            "second_move_die": "spend {die} as the second Move die", "focus_die": "focus {die}",
            "ambush_die": "place {die} on the Encounter track", "ability_die": "{turn} {die}"},
    "kingdom": {None: "{kingdom}", "move_to": "to {kingdom}", "ct_source": "the token in {kingdom}",
                "ct_dest": "to {kingdom}", "fate_source": "a Fate token in {kingdom}",
                "fate_dest": "to {kingdom}", "scry": "scry the token in {kingdom}",
                "place_where": "place it in {kingdom}", "corinthia_src": "from {kingdom}"},
    "fate": {None: "{fate} Fate token", "pick_fate": "{why}: a {fate} Fate token",
             "corinthia_what": "move a {fate} Fate token"},
    "god": {None: "take {god}{god_gold}"},
    "slot": {None: "slot {n}", "side": "play the side: {side}", "keep_card": "keep {kept}",
             "cycle_slot": "cycle {cycled}", "unlock_slot": "unlock space {n} ({unlock})",
             "ambush": "place a die on Encounter-track space {n}",
             "kingdom_token": "{kingdom_effect}", "adv_reward": "gain the reward of {reward}",
             "scry": "scry the top {deck} card", "scry_move": "{scry_move}"},
    "player": {None: "scry a token in {player}'s supply"},
    "face": {None: "result {i}", "focus_face": "turn it to {focus_face}"},
    "token": {None: "place a {token} token"},
    "buy": {None: "buy a {die_kind} die{price}"},
    "ach": {None: "turn in {how_many} {track} Fate token(s) to advance {steps} on the {track} track",
            "pick_track": "advance 1 on the {track} track"},
    "fate_die": {None: "use a {token_fate} Fate token on die {token_die}"},
    "set_die": {None: "Set: turn die {set_die} to {set_symbol}"},
    "bel_die": {None: "Bel: turn die {i} to Thief"},
    "ishtar_die": {None: "Ishtar: reroll die {i}"},
    "ymir_die": {None: "Ymir: count die {i}'s Character as a Warrior"},
    "mitra": {None: "Mitra: reroll all the dice just rolled"},
    "asura": {None: "Asura: cycle the {asura}"},
    "zath": {None: "Zath", "zath": "Zath: double the {points} points"},
    "ability": {None: "use your ability: {ability}"},
    "give_gold": {None: "give 1 Gold to your partner"},
    "ibis": {None: "Ibis: flip your Character card"},
    "free_roll": {None: "pay 1 Gold to roll the local Kingdom die"},
    "use_extra_action": {None: "use the Extra Action token (reroll the die just spent)"},
    "use_kingdom_token": {None: "use the Kingdom token"},
    "plot_with_characters": {None: "advance on the Plot with {plot_count} Character results"},
    "yes": {None: "{yes}"},
    "done": {None: "{done}"},
    "symbol": {None: "use the Wild as {symbol}"},
}
assert set(LABELS) == set(CODEC.segments), "every codec segment has its template"
# the fields each template names, worked out once
_NAMES: dict[str, tuple[str, ...]] = {
    t: tuple(name for _, name, _, _ in Formatter().parse(t) if name)
    for table in LABELS.values() for t in table.values()}
assert all(n in FIELDS for names in _NAMES.values() for n in names), "a template names no field"


def action_name(s: Any, a: int) -> str:
    """Action `a` in the game's words, for the pending decision."""
    seg, i = CODEC.decode(a)
    d = None if s.over else s.frame()
    k = d.key if d is not None else ""
    at = Spot(s, d, k, d.actor if d is not None else 0, i)
    table = LABELS[seg]
    template = table.get(k, table[None])
    return template.format(**{n: FIELDS[n](at) for n in _NAMES[template]})
