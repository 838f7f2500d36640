"""Saves are action histories (conan_envs/engine/saves.py): every position the Tower reaches by
legal play saves and loads back exactly, in every combination of its options (solo and Battle
Mode, each start location, start levels, items and skills, a game cut short by max_turns).
tests/test_saves_history.py covers four configurations; this covers the rest of the options,
whose decisions carry their own records (an attack's targets and blows, a test's dice paid, a
minion's activation, the dice reserved...)."""
from __future__ import annotations

import json

import numpy as np
import pytest

import conan_envs

# items that ask for a target or a square (Throwing Knives, the Elephant's Heart, the Black
# Lotus Powder) and skills of each level: their decisions appear only when they are held
ITEMS = (["Throwing Knives", "Black Lotus Powder"], ["The Elephant's Heart", "Zamoran Shield"], [])
SKILLS = {0: ["Parry", "Pommel Strike"], 1: ["Sure Steps", "Barbarian Fury"],
          2: ["Savage Cut", "Panther Leap"], 3: ["Stunning Blow", "Endurance"],
          4: ["Deflect", "Killing Stroke"], 5: ["Whirlwind", "King's Resolve"]}


def _configs():
    out = []
    for mode in ("solo", "battle"):
        for loc in range(9):
            level = (loc * 5) // 8
            cfg = {"mode": mode, "start_location": loc, "start_level": level,
                   "start_items": ITEMS[loc % 3]}
            if (loc + (mode == "battle")) % 2:
                cfg["start_skills"] = SKILLS[level]     # else he chooses them at the start
            out.append(cfg)
        out.append({"mode": mode, "max_turns": 3})     # cut short: truncated, not over
    return out


@pytest.mark.parametrize("config", _configs(), ids=json.dumps)
def test_every_position_reached_by_legal_play_saves_and_loads_exactly(config):
    game = conan_envs.make_game("tower_v2", **config)
    seed = 11 + config.get("start_location", 0)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(seed)
    saved = set()
    while True:
        back = game.state_from_json(state.to_json())
        assert back.snapshot() == state.snapshot()      # every field, the frames, the dice to come
        assert back.frame() == state.frame() and back.view(0) == state.view(0)
        saved.add(state.decision())
        if state.is_terminal() or state.is_truncated():
            break
        # on, to a decision of a kind not saved yet in this game, or a few moves further
        for _ in range(int(rng.integers(1, 12)) * (1 + len(state.history) // 80)):
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            if state.is_terminal() or state.is_truncated() or state.decision() not in saved:
                break
    assert {"dice", "conan_turn"} <= saved
    if config.get("max_turns") == 3:
        assert state.is_truncated() and not state.is_terminal()
