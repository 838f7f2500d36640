"""The 110 cards (rulebook, "Components" and "Card Descriptions"), read once from data/*.yaml
into flat tables indexed by a global card id:

    heroes 0-9, challenges 10-41, adventures 42-61, specials 62-109
    (Resolution cards 62-93, Special cards with a timing of their own 94-97, then Magic
    items 98-109).
"""
from __future__ import annotations

from conan_envs.engine import load_yaml

_PKG = "conan_envs.cards"
ATTRS = ("Strength", "Wit", "Spirit")
ANY = 3  # a Resolution card that modifies whichever attribute is used

HERO, CHALLENGE, ADVENTURE, RESOLUTION, MAGIC, TIMED = range(6)
KIND_NAMES = ("hero", "challenge", "adventure", "resolution", "magic item", "special")


def _expand(entries):
    out = []
    for e in entries:
        out.extend([e] * int(e.get("copies", 1)))
    return out


_heroes = load_yaml(_PKG, "heroes")
_challenges = load_yaml(_PKG, "challenges")
_adventures = load_yaml(_PKG, "adventures")
_specials = _expand(load_yaml(_PKG, "specials"))
_resolution = [e for e in _specials if e["kind"] == "resolution"]
_magic = [e for e in _specials if e["kind"] == "magic_item"]
_timed = [e for e in _specials if e["kind"] == "special"]

H0 = 0
CH0 = H0 + len(_heroes)
AD0 = CH0 + len(_challenges)
RS0 = AD0 + len(_adventures)
TS0 = RS0 + len(_resolution)
MG0 = TS0 + len(_timed)
NUM_CARDS = MG0 + len(_magic)
NUM_HEROES, NUM_CHALLENGES, NUM_ADVENTURES = len(_heroes), len(_challenges), len(_adventures)
NUM_MAGIC = len(_magic)
MAX_DIFFICULTY = max(int(a["difficulty"]) for a in _adventures)

KIND = tuple([HERO] * NUM_HEROES + [CHALLENGE] * NUM_CHALLENGES + [ADVENTURE] * NUM_ADVENTURES
             + [RESOLUTION] * len(_resolution) + [TIMED] * len(_timed) + [MAGIC] * NUM_MAGIC)
NAME = tuple(e["name"] for e in _heroes + _challenges + _adventures + _resolution + _timed
             + _magic)

HERO_ATTR = tuple((h["strength"], h["wit"], h["spirit"]) for h in _heroes)
HERO_ABILITY = tuple(h["ability"] for h in _heroes)
HERO_INDEX = {h["name"]: i for i, h in enumerate(_heroes)}
BARBARIAN, THIEF, SORCERER, MERCENARY, SCOUT, PRIEST, PLUNDERER, NOBLE, PIRATE, AMAZON = (
    HERO_INDEX[x] for x in ("Barbarian", "Thief", "Sorcerer", "Mercenary", "Scout", "Priest",
                            "Plunderer", "Noble", "Pirate", "Amazon"))

# challenge tables by challenge index (card id - CH0)
CH_VALUE = tuple((c["strength"], c["wit"], c["spirit"]) for c in _challenges)
ALLY_COST = tuple(int(c["ally_cost"]) for c in _challenges)

# adventure tables by adventure index (card id - AD0)
ADVENTURES = range(NUM_ADVENTURES)  # compress(ADVENTURES, adv_state): only those in play
DIFFICULTY = tuple(int(a["difficulty"]) for a in _adventures)
LOOT = tuple(int(a["loot"]) for a in _adventures)
LOOT_DRAW = tuple(int(a["draw"]) for a in _adventures)
LOOT_MAGIC = tuple(int(a["magic_items"]) for a in _adventures)

# resolution modifiers by card id (zero for every other card: a bluff)
RES_ATTR = [0] * NUM_CARDS
RES_MOD = [0] * NUM_CARDS
for _k, _e in enumerate(_resolution):
    RES_ATTR[RS0 + _k] = {"strength": 0, "wit": 1, "spirit": 2, "any": ANY}[_e["attribute"]]
    RES_MOD[RS0 + _k] = int(_e["modifier"])
RES_ATTR, RES_MOD = tuple(RES_ATTR), tuple(RES_MOD)

# magic item bonuses by magic index (card id - MG0)
ITEM_BONUS = tuple((m["strength"], m["wit"], m["spirit"]) for m in _magic)

CHALLENGE_IDS = tuple(range(CH0, AD0))
ADVENTURE_IDS = tuple(range(AD0, RS0))
RESOLUTION_IDS = tuple(range(RS0, TS0))
TIMED_IDS = tuple(range(TS0, MG0))

# Special cards with a timing of their own (by card id): Secret Passage, Seer's Vision
EFFECT = tuple(e["effect"] for e in _timed)
SECRET_PASSAGE = frozenset(TS0 + k for k, e in enumerate(_timed) if e["effect"] == "secret_passage")
SEERS_VISION = frozenset(TS0 + k for k, e in enumerate(_timed) if e["effect"] == "seers_vision")
MAGIC_IDS = tuple(range(MG0, NUM_CARDS))


def is_challenge(card: int) -> bool:
    return CH0 <= card < AD0


def is_adventure(card: int) -> bool:
    return AD0 <= card < RS0


def challenge_index(name: str) -> int:
    return NAME.index(name) - CH0


def adventure_index(name: str) -> int:
    return NAME.index(name) - AD0


def card_id(name: str) -> int:
    """The first card id with that name."""
    return NAME.index(name)


def all_sources() -> dict:
    """Every content entry's `source`, for the content tests."""
    return {e["name"]: e["source"] for e in _heroes + _challenges + _adventures + load_yaml(_PKG, "specials")}


# Card faces: copies of one card share a face (the same name and text) and are told apart by
# no one, so hands, face-down cards, the discard pile and the actions that name a card from a
# hand go by face. FACE[card id] -> face index; FACE_CARD[face] -> the face's first card id.
FACE_NAMES = tuple(dict.fromkeys(NAME))
_face_of_name = {name: f for f, name in enumerate(FACE_NAMES)}
FACE = tuple(_face_of_name[name] for name in NAME)
FACE_CARD = tuple(NAME.index(name) for name in FACE_NAMES)
NUM_FACES = len(FACE_NAMES)
CANON = tuple(FACE_CARD[f] for f in FACE)  # the first card id of each card's face
FACE_COPIES = tuple(FACE.count(f) for f in range(len(FACE_NAMES)))  # copies of each face
HAND_FACE0 = FACE[CH0]  # faces that can be in a hand: from the first Challenge's ...
HAND_FACES = FACE[MG0] - HAND_FACE0  # ... to the last before the Magic items
ABILITY_NAMES = {
    "rage": "Rage", "faster_than_the_eye": "Faster than the eye", "i_will_return": "I will return",
    "brotherhood": "Brotherhood of Mercenaries", "expert_tracker": "Expert tracker",
    "sermon": "Sermon", "pillage": "Pillage", "bribery": "Bribery", "raider": "Raider",
    "fury": "Fury",
}


def card_numbers(card: int) -> str:
    """A card's numbers in words: attributes, Challenge values and Ally cost, a Resolution
    modifier, an item's bonuses, an Adventure's Difficulty and Loot."""
    k = KIND[card]
    if k == HERO:
        s, w, p = HERO_ATTR[card - H0]
        return f"Strength {s}, Wit {w}, Spirit {p}; {ABILITY_NAMES[HERO_ABILITY[card - H0]]}"
    if k == CHALLENGE:
        c = card - CH0
        s, w, p = CH_VALUE[c]
        cost = f"; Ally cost {ALLY_COST[c]} DP" if ALLY_COST[c] else ""
        return f"Strength {s}, Wit {w}, Spirit {p}{cost}"
    if k == ADVENTURE:
        a = card - AD0
        return f"Difficulty {DIFFICULTY[a]}; Loot {loot_words(a)}"
    if k == RESOLUTION:
        att = "any attribute" if RES_ATTR[card] == ANY else ATTRS[RES_ATTR[card]]
        return f"{RES_MOD[card]:+d} {att}"
    if k == MAGIC:
        bonus = [f"{b:+d} {ATTRS[i]}" for i, b in enumerate(ITEM_BONUS[card - MG0]) if b]
        return ", ".join(bonus)
    return {"secret_passage": "Card Turn: your Hero moves to another Adventure",
            "seers_vision": "Card Turn: look at a face-down Challenge"}[EFFECT[card - TS0]]


def loot_words(a: int) -> str:
    parts = [f"{LOOT[a]} DP"]
    if LOOT_DRAW[a]:
        parts.append(f"draw {LOOT_DRAW[a]}")
    if LOOT_MAGIC[a]:
        parts.append(f"{LOOT_MAGIC[a]} Magic item" + ("s" if LOOT_MAGIC[a] > 1 else ""))
    return ", ".join(parts)


def card_words(card: int) -> str:
    """'Name (numbers)'."""
    return f"{NAME[card]} ({card_numbers(card)})"


WORDS = tuple(card_words(c) for c in range(NUM_CARDS))  # card_words, computed once
