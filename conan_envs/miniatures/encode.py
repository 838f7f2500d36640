"""Observation encoder per role (docs/architecture.md, "One view per role").

Every role sees the public board: heroes' gems, stances and objects, models and their life,
the River, the Overlord's gems, chests, the dice being rolled. Hidden: the hut that hides
Yselda (the Overlord's secret until a hero enters it) and the asset deck's order (nobody).
"""
from __future__ import annotations

from typing import Any, cast

import numpy as np

from conan_envs.engine.core import Observation

from .data import MiniaturesData
from .layout import (  # noqa: F401 - observation_blocks re-exported
    CHARACTER,
    ENUM,
    FLAG,
    KIND_INDEX,
    MANY,
    MODEL_SLOTS,
    ONE_HOT,
    PHASES,
    SCALAR,
    ObservationSlots,
    observation_blocks,
)
from .records import MiniFrame
from .view import decision_record


def observe(s: MiniaturesData, role: int) -> Observation:
    g = s.game
    L, S = g.obs_layout, g.obs_slots
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
    w: Any = v.data   # a memoryview: one value at a time: item writes here cost half of numpy's
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
        fr = cast(MiniFrame, s.stack[-1])   # a decision waits on top
        w[L["player"] + fr.actor] = 1.0
        w[L["kind"] + KIND_INDEX[fr.kind]] = 1.0
        _decision(w, S, decision_record(s, fr))
    return v


def _decision(w: Any, S: ObservationSlots, rec: dict[str, Any]) -> None:
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


def _roll(w: Any, S: ObservationSlots, roll: dict[str, Any]) -> None:
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
