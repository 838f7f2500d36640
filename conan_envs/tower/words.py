"""The game's words for its content (Conan Character Card; Example Enemy Card; The Skill/Item
Deck; Yara's Plots and Plans; Resolve Initiative; Tokens): square names, row items, enemy rows,
and the effects of skills, items, Plots and initiative cards, as the cards would print them."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from .content import FATIGUE_TOKEN, RAGE_TOKEN, Effect, Row
from .grid import CELLS, W

TOKEN_NAMES = {"S": "STUNNED", "R": "RATTLED", "P": "POISON"}
FILES = "abcdefgh"
SQUARE_NAMES = tuple(f"{FILES[s % W]}{s // W + 1}" for s in range(CELLS))
TERRAIN = {".": "floor", "#": "blocking", "h": "height advantage"}
# where an activation stands (Conflict Begins: move then attack, or attack then move), by phase
ACTIVATION = ("has not moved or attacked", "is moving first", "is attacking after moving",
              "is attacking first", "is moving after attacking")


def square(s: int) -> str:
    """A square by coordinates: column a-h from the left, row 1-6 from the top."""
    return SQUARE_NAMES[s] if 0 <= s < CELLS else "off the board"


def row_item(v: int) -> str:
    """A die (its result) or a token slotted in one of Conan's rows."""
    if v == FATIGUE_TOKEN:
        return "FATIGUE"
    if v == RAGE_TOKEN:
        return "RAGE"
    return str(v)


def results(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def enemy_row(row: Row) -> str:
    """One row of an enemy card: '4-5: hit on 4+ (range 2)'."""
    lo, hi, kind, param, reach = row
    what = {
        "block": "BLOCK",
        "hit": "hit",
        "rollhit": f"roll, hit on {param}+",
        "bite": f"bite ({param} hits)",
        "riposte": "RIPOSTE (blocks a wound and hits back)",
        "hitriposte": f"hit; or RIPOSTE (blocks a wound, hits back on {param}+)",
        "venom": "POISON token",
        "curse": "RATTLED token",
    }[kind]
    if reach > 1:
        what += f" (range {reach})"
    return f"{results(lo, hi)}: {what}"


@cache
def row_short(row: Row) -> str:
    """A row of an enemy card in a few words, for action names: 'BLOCK (1-3)'."""
    lo, hi, kind, param, _reach = row
    name = {"block": "BLOCK", "hit": "hit", "rollhit": "hit", "bite": "bite",
            "riposte": "RIPOSTE", "hitriposte": "hit/RIPOSTE", "venom": "venom",
            "curse": "curse"}[kind]
    return f"{name} ({results(lo, hi)})"


def skill_effect(eff: Effect) -> str:
    kind = eff[0]
    k = eff[1] if len(eff) > 1 else 0
    return {
        "fatigue": f"refill {k} FATIGUE",
        "reroll": "re-roll any unslotted dice without burning one",
        "cancel": f"cancel {k} hit(s) or token(s) dealt to Conan",
        "stun": "a STUNNED token on an adjacent enemy",
        "move": f"+{k} move points",
        "rage": f"gain {k} RAGE",
        "die": "add a die of any result",
        "wound": "1 wound to an adjacent enemy",
    }[kind]


def item_effect(eff: Effect) -> str:
    kind = eff[0]
    if kind == "heal":
        return f"heal {eff[1]} wound"
    if kind == "throw":
        return "thrown: 1 wound to an enemy within 3"
    if kind == "scatter":
        return ("thrown at a square within 3 (Scatter Rule): STUNNED and 1 wound there, "
                "RATTLED around it")
    if kind == "none":
        return "treasure (trade for XP)"
    if kind == "heart":
        return "thrown at Yara within 3: 3 wounds no block stops"
    return skill_effect(eff)


def minion_effect(kind: str, k: Any) -> str:
    return {
        "heal_minions": f"every minion heals {k} wound",
        "minion_move": f"every minion +{k} move this round",
        "minion_block": f"every minion blocks {k} wound free this round",
        "minion_hit": f"every minion +{k} hit this round",
    }[kind]


def conan_effect(kind: str, k: Any) -> str:
    return {
        "fatigue": f"Conan refills {k} FATIGUE",
        "move": f"Conan +{k} move this round",
        "free_block": f"Conan blocks {k} hit free this round",
        "rage": f"{k} RAGE token into BIG SWING",
    }[kind]


def plot_effect(eff: Effect) -> str:
    kind, k = eff
    if kind == "tracker":
        return f"move the Round Tracker {k} space right"
    if kind == "fatigue":
        return f"Conan loses {-k} FATIGUE"
    if kind == "token":
        return f"Conan gains a {TOKEN_NAMES[k]} token"
    return minion_effect(kind, k)


def ability_text(ability: Effect, bow: int) -> str:
    if bow:
        return f"BOW: at range 3 at the start of its activation, {bow} hits (replaces all moves and actions)"
    if not ability:
        return ""
    name, kind, cost, reach, param = ability
    what = {
        "token": f"Conan gains {TOKEN_NAMES.get(param, param)} unless he blocks it (range {reach})",
        "move": f"+{param} move points",
        "rally": "every other minion +1 hit this round",
        "heal": "the most wounded minion heals 1 wound",
        "drain": f"Conan loses 1 FATIGUE (range {reach})",
    }[kind]
    return f"{name} (burn {cost} dice): {what}"


# ---- the scenario page (Location Phase; Location Events) -------------------------------------------
def location_effect(eff: Effect) -> str:
    """One effect of a location test or event, as the scenario page would print it."""
    kind = eff[0]
    if kind == "fatigue":
        return f"Conan loses {-eff[1]} FATIGUE" if eff[1] < 0 else f"Conan refills {eff[1]} FATIGUE"
    if kind == "enemy_token":
        who = "Yara" if len(eff) > 2 and eff[2] == "yara" else "every enemy"
        return f"{who} gains a {TOKEN_NAMES[eff[1]]} token (blocked like an attack)"
    texts: dict[str, Callable[[], str]] = {
        "rage": lambda: f"Conan gains {eff[1]} RAGE",
        "heal": lambda: f"Conan heals {eff[1]} wound",
        "xp": lambda: f"Conan gains {eff[1]} XP",
        "draw_item": lambda: "Conan draws an Item Card",
        "gain_heart": lambda: "Conan takes the Elephant's Heart",
        "conan_first": lambda: "Conan goes first in the first combat round (no initiative card)",
        "auto_only_first_round": lambda: ("in the first combat round the enemies keep only their "
                                          "automatic die"),
    }
    return texts[kind]()


def effects_text(effects: Sequence[Effect]) -> str:
    """A test's outcome: its effects joined, or 'nothing happens'."""
    return "; ".join(location_effect(e) for e in effects) or "nothing happens"


END_EVENTS = {
    "rewards_of_patience": "Rewards of Patience: after a combat of more than 4 rounds Conan may "
                           "draw an Item Card",
    "spoils": "Spoils: after the combat Conan may draw an Item Card from the fallen",
}
