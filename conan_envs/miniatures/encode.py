"""Observation encoder per role (docs/architecture.md, "One view per role").

Every role sees the public board: heroes' gems, stances and objects, models and their life,
the River, the Overlord's gems, chests, the dice being rolled. Hidden: the hut that hides
Yselda (the Overlord's secret until a hero enters it) and the asset deck's order (nobody).
"""
from __future__ import annotations

import numpy as np

from .constants import MAX_DICE
from .view import ATTACKS, ESCAPED, FLAGS, PURPOSES, SCALARS, WHYS, decision_record

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


def _blocks(g) -> list:
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


def observation_blocks(g, role: int = 0) -> list:
    """Named blocks of the observation and their sizes (they sum to its length)."""
    return _blocks(g)


def _layout(g) -> dict:
    out, start = {}, 0
    for name, size in _blocks(g):
        out[name] = start
        start += size
    out["size"] = start
    out["_models"] = g.num_models
    return out


def observation_size(g) -> int:
    g._layout = _layout(g)
    g._obs_slots = ObservationSlots(g, g._layout)
    return g._layout["size"]


# how observe() writes each field of the decision record (view.decision_record)
CHARACTER, ENUM, SCALAR, FLAG, ONE_HOT, MANY, ROLL = range(7)


class ObservationSlots:
    """Where each fact goes in the observation, worked out once per game config, so that
    observe() fills the vector with a few vectorised writes: the numbers every observation
    carries (one array, scaled), the slots set to one, and a few other values."""

    def __init__(self, g, L: dict):
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
        self.decision = {
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


def observe(s, role: int) -> np.ndarray:
    g = s.game
    L, S = g._layout, g._obs_slots
    n = g.num_areas
    v = np.zeros(L["size"], dtype=np.float32)
    # the numbers every observation carries, in one vectorised write (ObservationSlots)
    numbers = [s.turn, s.ov_reserve, s.ov_fatigue, s.recovery, len(s.deck), s.idle,
               *s.reserve, *s.fatigue, *s.wounds, *s.ally_gems, *s.life, *s.mp, *s.halo,
               *s.moved, *s.stopped, *s.flying]
    for spent in s.spaces:
        numbers += spent
    numbers += s.u_life
    numbers += s.u_halo
    v[S.numbers] = np.array(numbers, dtype=np.int64) / S.scale
    w = memoryview(v)   # one value at a time: item writes here cost half of numpy's
    w[L["role"] + role] = 1.0
    w[L["phase"] + PHASES[s.phase]] = 1.0
    for h, o in enumerate(S.hero_base):
        w[o + s.h_state[h]] = 1.0   # on the board, dead, fled
        if s.h_area[h] >= 0:
            w[o + 3 + s.h_area[h]] = 1.0
        w[o + 3 + n + 10 + s.stance[h]] = 1.0    # none, aggressive, cautious
        if any(s.spell_gems[h]):
            o = L["spell_gems"] + h * len(g.spells)
            for i, x in enumerate(s.spell_gems[h]):
                w[o + i] = x / 4
    for o, a in zip(S.model_base, s.u_area):
        if a >= 0:
            w[o] = 1.0
            w[o + MODEL_SLOTS + a] = 1.0
    # the rarer marks on models, written only where set
    for marks, at, as_count in ((s.u_done, 3, False), (s.u_dizzy, 4, True),
                                (s.u_held, 5, False), (s.u_noblock, 6, False)):
        if any(marks):
            for o, x in zip(S.model_base, marks):
                if x:
                    w[o + at] = x if as_count else 1.0
    if any(s.u_attacked):   # Fascination: who may attack this model
        nh = g.num_heroes
        for o, keys in zip(S.model_base, s.u_attacked):
            for key in keys:
                w[o + 7 + key if key < nh else o + 11] = 1.0
    slot, off = S.object_slot, S.off_board_slot
    for o, loc in zip(S.object_base, s.o_loc):
        w[o + slot.get(loc, off)] = 1.0
    for a in s.chests:
        w[S.chests + a] += 0.5
    for a, x in enumerate(s.searched):
        if x:
            w[S.searched + a] = 1.0
    if role == g.overlord and s.yselda_hut >= 0:
        w[L["yselda"] + s.yselda_hut] = 1.0
    for o, t in zip(S.river_slots, s.river):
        w[o + t] = 1.0
    for pair in s.broken:
        w[L["broken"] + g.openable_borders[pair]] = 1.0
    for t in s.petrified:
        w[L["petrified"] + t] = 1.0
    if g.priestess_area >= 0:   # The Final Ritual
        o = S.ritual
        for i, life in enumerate(s.bar_life):
            w[o + i] = life / g.barricade_life
        for a in s.relics:
            w[S.relics + a] += 0.5
        w[S.relics + n] = s.invocation / 10
    if s.winner < 0:
        fr = s.stack[-1]
        w[L["player"] + fr.player] = 1.0
        w[L["kind"] + KIND_INDEX[fr.KIND]] = 1.0
        _decision(w, S, decision_record(s, fr))
    return v


def _decision(w, S, rec):
    """Writes the decision record, field by field (ObservationSlots.decision)."""
    for key, x in rec.items():
        slot = S.decision.get(key)
        if slot is None:   # "kind": already written
            continue
        how, o = slot[0], slot[1]
        if how == ONE_HOT:
            w[o + x] = 1.0
        elif how == SCALAR:
            if x is not None:
                w[o] = (x + 1) / 10
        elif how == CHARACTER:
            i = S.character[x[0]]
            w[o + i + x[1] if len(x) > 1 else o + i] = 1.0
        elif how == ENUM:
            w[o + slot[2][x]] = 1.0
        elif how == FLAG:
            if x:
                w[o] = 1.0
        elif how == MANY:
            for i in x:
                w[o + i] = 1.0
        else:
            _roll(w, S, x)


def _roll(w, S, roll):
    o = S.decision["roll"][1]
    for i, (col, face) in enumerate(zip(roll["dice"], roll["faces"])):
        w[o + 4 * i + col] = 1.0
        w[o + 4 * i + 3] = (face + 1) / 4
    o = S.rerolls        # free rerolls left per colour, support rerolls left
    for col in range(3):
        w[o + col] = roll["free"][col] / 3
    w[o + 3] = roll["support"]
    o = S.payer
    p = roll["payer"]
    if p.side == "hero":
        w[o + p.hero] = 1.0
        w[o + 6] = float(p.ally)
    else:
        w[o + (4 if p.side == "overlord" else 5)] = 1.0
