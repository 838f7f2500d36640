"""Where each fact goes in the observation vector (docs/architecture.md, "One view per role"):
the named blocks and their sizes, and the slots worked out once per game config (encode.py
fills them). Static: it depends on the game's configuration only, never on a state.
"""
from __future__ import annotations

from enum import IntEnum
from typing import Any

import numpy as np

from .constants import ATTACKS, ESCAPED, FLAGS, MAX_DICE, PURPOSES, SCALARS, WHYS

KIND_NAMES = ("hide", "stance", "act", "atk_gems", "atk_weapon", "reroll", "sacrifice",
              "circular", "guard", "ov_guard", "ally_guard", "manip_gems", "throw_area", "claim",
              "catch", "must_drop", "spell_target", "ally_act", "ov_turn", "unit", "event",
              "reinforce", "reinforce_area", "beyond", "unit_spell", "free", "rocks", "haste",
              "area_order")
KIND_INDEX = {k: i for i, k in enumerate(KIND_NAMES)}
PHASES = {"hide": 0, "start": 0, "stance": 1, "action": 2, "overlord": 3, "overlord_done": 3}
HERO_SLOTS = 22    # per hero, besides its area: see observe()
MODEL_SLOTS = 12   # per model, besides its area
PURPOSE_INDEX = {p: i for i, p in enumerate(PURPOSES)}
ATTACK_INDEX = {a: i for i, a in enumerate(ATTACKS)}
WHY_INDEX = {w: i for i, w in enumerate(WHYS)}


def _blocks(g: Any) -> list[tuple[str, int]]:
    """(name, size) of each observation block, in order."""
    n, M, O, S, T = g.num_areas, g.num_models, g.num_objects, len(g.spells), len(g.tiles)
    H = 4
    who = H + M                      # a hero or a model
    return [
        ("role", 5), ("player", 5), ("phase", 4), ("kind", len(KIND_NAMES)), ("round", 1),
        ("heroes", H * (HERO_SLOTS + n)), ("spell_gems", H * S),
        ("models", M * (MODEL_SLOTS + n)),
        ("objects", O * (n + 6)), ("chests", n), ("searched", n), ("yselda", n),
        ("overlord", 4), ("river", 8 * (T + 1)), ("hand_overs", 1),
        ("broken", max(1, len(g.openable_borders))), ("petrified", T),
        ("ritual", len(g.barricades) + n + 1),
        # the pending decision (view.decision_record)
        ("by", who), ("target", who + 1 + max(1, len(g.barricades))), ("attack", len(ATTACKS)),
        ("purpose", len(PURPOSES)), ("why", len(WHYS)), ("scalars", len(SCALARS)),
        ("flags", len(FLAGS)), ("weapon", O), ("object", O), ("spell", S), ("area", n),
        ("model", M), ("tile", T), ("cast", S), ("queue", M), ("groups", T), ("activated", T), ("asked", H),
        ("dice", MAX_DICE * 4), ("rerolls", 4), ("payer", H + 3),
        # issue 30: the characters an area attack has still to strike (heroes, models, captive)
        ("area_targets", who + 1),
    ]


def observation_blocks(g: Any, role: int = 0) -> list[tuple[str, int]]:
    """Named blocks of the observation and their sizes (they sum to its length)."""
    return _blocks(g)


def _layout(g: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    start = 0
    for name, size in _blocks(g):
        out[name] = start
        start += size
    out["size"] = start
    out["_models"] = g.num_models
    return out


def observation_size(g: Any) -> int:
    g.obs_layout = _layout(g)
    g.obs_slots = ObservationSlots(g, g.obs_layout)
    return int(g.obs_layout["size"])


class Write(IntEnum):
    """How observe() writes each field of the decision record (view.decision_record)."""
    CHARACTER = 0
    ENUM = 1
    SCALAR = 2
    FLAG = 3
    ONE_HOT = 4
    MANY = 5
    ROLL = 6


CHARACTER, ENUM, SCALAR, FLAG, ONE_HOT, MANY, ROLL = Write


class ObservationSlots:
    """Where each fact goes in the observation, worked out once per game config, so that
    observe() fills the vector with a few vectorised writes: the numbers every observation
    carries (one array, scaled), the slots set to one, and a few other values."""

    def __init__(self, g: Any, L: dict[str, Any]):
        n, nh, M = g.num_areas, g.num_heroes, g.num_models
        self.hero_base = [L["heroes"] + h * (HERO_SLOTS + n) for h in range(nh)]
        self.model_base = [L["models"] + m * (MODEL_SLOTS + n) for m in range(M)]
        self.model_area = [o + MODEL_SLOTS for o in self.model_base]
        self.object_base = [L["objects"] + o * (n + 6) for o in range(g.num_objects)]
        # an object's slot by its location: an area, carried by hero h (-1 - h), escaped,
        # anything else off the board
        self.object_slot = {a: a for a in range(n)}
        self.object_slot.update({-1 - h: n + h for h in range(4)})
        self.object_slot[ESCAPED] = n + 5
        self.off_board_slot = n + 4
        self.river_slots = [L["river"] + slot * (len(g.tiles) + 1) + 1 for slot in range(8)]
        # the numbers every observation carries (see observe(): the same order) and their scales
        life = [sheet.life for sheet in g.heroes]
        hero = [o + 3 + n for o in self.hero_base]   # after the state and area one-hots
        slots = [L["round"], L["overlord"], L["overlord"] + 1, L["overlord"] + 2,
                 L["overlord"] + 3, L["hand_overs"]]
        scale = [g.rounds, 15, 15, 10, 10, 4]
        for i, per_hero in ((0, life), (1, life), (2, life), (9, life), (18, life),
                            (13, [4] * nh), (14, [2] * nh), (15, [1] * nh), (16, [1] * nh),
                            (17, [1] * nh)):
            slots += [k + i for k in hero]
            scale += per_hero
        for k, x in zip(hero, life):   # the six action spaces
            slots += [k + 3 + i for i in range(6)]
            scale += [x] * 6
        slots += [o + 1 for o in self.model_base] + [o + 2 for o in self.model_base]
        scale += [8] * M + [2] * M
        self.numbers = np.array(slots, dtype=np.intp)
        self.scale = np.array(scale, dtype=np.float64)
        self.chests, self.searched = L["chests"], L["searched"]
        self.ritual = L["ritual"]
        self.relics = L["ritual"] + len(g.barricades)
        self.decision: dict[str, tuple[Any, ...]] = {
            "by": (CHARACTER, L["by"]), "target": (CHARACTER, L["target"]),
            "attack": (ENUM, L["attack"], ATTACK_INDEX), "purpose": (ENUM, L["purpose"], PURPOSE_INDEX),
            "why": (ENUM, L["why"], WHY_INDEX),
            **{key: (SCALAR, L["scalars"] + i) for i, key in enumerate(SCALARS)},
            **{key: (FLAG, L["flags"] + i) for i, key in enumerate(FLAGS)},
            **{key: (ONE_HOT, L[key]) for key in ("weapon", "object", "spell", "area", "model",
                                                   "tile")},
            **{key: (MANY, L[key]) for key in ("cast", "queue", "groups", "activated", "asked",
                                                "area_targets")},
            "roll": (ROLL, L["dice"]),
        }
        self.rerolls, self.payer = L["rerolls"], L["payer"]
        # a character's index in the "by" and "target" blocks
        self.character = {"hero": 0, "model": 4, "captive": 4 + M, "barricade": 5 + M}
