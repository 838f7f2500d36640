"""Action labels in the rulebook's words (rulebook, "Card Descriptions", "1. Card Turn" to
"3. Diplomacy Turn"): one label template per segment of the action space (config.py), filled
from the index within the segment and, where the words depend on the decision asked, from the
position (`State.action_to_string`)."""
from __future__ import annotations

from collections.abc import Callable

from . import content as C
from .base import Table
from .frames import Decide, UseOrDecline
from .hero_turn import NOBLE_BRIBE
from .records import Wager, terms_words

ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")
NADV, SLOTS = C.NUM_ADVENTURES, C.MAX_DIFFICULTY

Label = Callable[[Table, int], str]  # (position, index within the segment) -> words


def _wager(s: Table) -> Wager:
    w = s.w
    assert w is not None  # a wager's actions are legal only during one
    return w


def _actor(s: Table) -> int:
    return s.frame().actor


def _pass(s: Table, i: int) -> str:
    """The frame says what passing means at its decision (reject, decline an ability...)."""
    f = s.frame()
    return f.pass_words(s) if isinstance(f, Decide) else "pass"


def _use(s: Table, i: int) -> str:
    f = s.frame()
    return f.USE if isinstance(f, UseOrDecline) else "use the ability asked about"


def _source(s: Table, p: int, src: int) -> str:
    if src == 0:
        return "your Hero"
    if src == 1:
        return f"your Ally {C.NAME[C.CH0 + s.ally[p]]}"
    q = s.partner[p]
    return f"your ally {s.game.roles[q]}'s {C.NAME[C.H0 + s.hero[q]]}"


def _value(s: Table, p: int, src: int, att: int) -> int:
    if src == 0:
        return C.HERO_ATTR[s.hero[p]][att]
    if src == 1:
        return C.CH_VALUE[s.ally[p]][att]
    return C.HERO_ATTR[s.hero[s.partner[p]]][att]


def _attribute(s: Table, i: int) -> str:
    src, att = divmod(i, 3)
    return f"use {C.ATTRS[att]} of {_source(s, _actor(s), src)} ({_value(s, _actor(s), src, att)})"


def _play_on(s: Table, i: int) -> str:
    card, t = divmod(i, 2)
    w = _wager(s)
    target = w.hero if t == 0 else w.opp
    whose = "your Hero" if target == _actor(s) else f"{s.game.roles[target]}'s Hero"
    return f"play {C.NAME[card]} face down on {whose}"


def _complete(s: Table, i: int) -> str:
    a = s.pos[_actor(s)]
    return f"complete {C.NAME[C.AD0 + a]} and take its Loot ({C.loot_words(a)})"


def _bribe(s: Table, i: int) -> str:
    placer = s.ch_placer[s.piles[s.pos[_actor(s)]][-1]]
    return f"Bribery: pay {s.game.roles[placer]} {NOBLE_BRIBE} DP to discard the top Challenge"


def _withdraw(s: Table, i: int) -> str:
    w = _wager(s)
    return f"withdraw (pay {w.bets[0 if _actor(s) == w.hero else 1] or 1} DP)"


# segment -> its label template (every segment of config.CardsConfig's codec)
LABELS: dict[str, Label] = {
    "pass": _pass,
    "play": lambda s, i: (f"play {C.NAME[i]} face down" if s.decision() == "resolution"
                          else f"play {C.WORDS[i]}"),
    "place": lambda s, i: (f"place {C.NAME[C.CH0 + i // NADV]} face down on "
                           f"{C.NAME[C.AD0 + i % NADV]}"),
    "passage": lambda s, i: f"Secret Passage: move to {C.NAME[C.AD0 + i]}",
    "vision": lambda s, i: (f"Seer's Vision: look at the {ORDINAL[i % SLOTS]} Challenge on "
                            f"{C.NAME[C.AD0 + i // SLOTS]}"),
    "adventure": lambda s, i: (f"{'place Hero on' if s.decision() == 'setup_hero' else 'move to'} "
                               f"{C.NAME[C.AD0 + i]}"),
    "face": lambda s, i: "face the top Challenge",
    "scout_face": lambda s, i: f"face {C.NAME[C.CH0 + i]}",
    "fight": lambda s, i: f"fight {C.NAME[C.CH0 + _wager(s).chal]}",
    "recruit": lambda s, i: (f"recruit {C.NAME[C.CH0 + _wager(s).chal]} as your Ally for "
                             f"{C.ALLY_COST[_wager(s).chal]} DP"),
    "duel": lambda s, i: f"challenge {s.game.roles[i]} to a Duel",
    "complete": _complete,
    "steal_card": lambda s, i: (f"Faster than the eye: take a random card from "
                                f"{s.game.roles[i]}'s hand"),
    "steal_item": lambda s, i: f"Faster than the eye: take {C.WORDS[C.MG0 + i]}",
    "bribe": _bribe,
    "bet": lambda s, i: f"wager {i + 1} DP" if s.decision() == "bet_open" else f"raise to {i + 1} DP",
    "match": lambda s, i: f"match {_wager(s).cur} DP",
    "withdraw": _withdraw,
    "attribute": _attribute,
    "duel_attribute": lambda s, i: f"fight the Duel with {C.ATTRS[i]}",
    "play_on": _play_on,
    "ability": _use,
    "swap": lambda s, i: (f"offer {s.game.roles[i]} to swap your Hero for their "
                          f"{C.NAME[C.H0 + s.hero[i]]}"),
    "accept": lambda s, i: "accept the swap" if s.decision() == "swap_answer" else "accept",
    "deal": lambda s, i: f"propose a Deal to {s.game.roles[i]}",
    "alliance": lambda s, i: f"propose an Alliance to {s.game.roles[i]}",
    "give_dp": lambda s, i: f"you give {i + 1} DP",
    "ask_dp": lambda s, i: f"you ask for {i + 1} DP",
    "give_cards": lambda s, i: f"you give {i + 1} random card{'s' if i else ''} from your hand",
    "ask_cards": lambda s, i: (f"you ask for {i + 1} random card{'s' if i else ''} from their "
                               "hand"),
    "give_card": lambda s, i: f"you give {C.WORDS[C.FACE_CARD[C.HAND_FACE0 + i]]}",
    "ask_card": lambda s, i: f"you ask for {C.WORDS[C.FACE_CARD[C.HAND_FACE0 + i]]}",
    "give_item": lambda s, i: f"you give {C.WORDS[C.MG0 + i]}",
    "ask_item": lambda s, i: f"you ask for {C.WORDS[C.MG0 + i]}",
    "propose": lambda s, i: "state the offer",
    "counter": lambda s, i: "make a counter-offer",
    "terms": lambda s, i: f"Alliance terms: {terms_words(i)}",
}


def action_string(s: Table, action: int) -> str:
    seg, i = s.game.codec.decode(action)
    return LABELS[seg](s, i)
