"""Fields kept in slots (`State._SLOTS`, the names of a state class's own `__slots__`): the
engine saves, restores and clones them like the
fields in the instance's dict. For every game whose state keeps its rules' fields in slots: a
save holds each of them (after the others, in `_SLOTS` order), a state read back keeps none in
its dict and plays on exactly like a clone of the original, and the clone shares nothing with
the original (which saves to the same text after the clone has played on). Saves written
before the fields became slots load and play on alike (the Tower's, in another format, are
checked in tests/tower)."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

import conan_envs

SLOTTED = ["kings_v1", "cards_v1", "tower_v1", "adventures_v1"]


def _play_random(state, steps, seed):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal() or state.is_truncated():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("env_id", SLOTTED)
def test_fields_in_slots_are_saved_restored_and_cloned_apart(env_id):
    game = conan_envs.make_game(env_id)
    cls = type(game.new_initial_state(0))
    slots = cls._SLOTS
    assert slots == tuple(cls.__slots__)  # derived from the class's own declaration
    assert len(slots) > 30  # the reason they are slots
    for seed in range(3):
        state = game.new_initial_state(seed)
        assert not set(slots) & set(vars(state))
        _play_random(state, 25 + 20 * seed, seed)
        text = state.to_json()
        saved = list(json.loads(text)["fields"])
        assert saved[-len(slots):] == list(slots)
        restored = game.state_from_json(text)
        assert not set(slots) & set(vars(restored))
        if state.is_terminal():
            continue
        twin = state.clone()
        _play_random(twin, 40, 1)
        _play_random(restored, 40, 1)
        assert restored.to_json() == twin.to_json() != text
        assert state.to_json() == text


@pytest.mark.parametrize("game_name, count", [("cards", 3), ("adventures", 4)])
def test_saves_written_before_the_fields_became_slots_load_and_play_on(game_name, count):
    """tests/<game>/data/saves_before_slots.json was written by the code before the rules'
    fields moved to slots (Cards: a wager with bets, an Alliance offered in the Diplomacy
    Turn, a finished 3-player game; Adventures: a 2-player Fight, a 4-player Duel, a Challenge
    token about to be placed in a 3-player game, a finished team game), with a digest of each
    after 50 random moves from the save: each loads, saves back to the very same text, and
    plays on to the same position."""
    path = Path(__file__).parent / game_name / "data" / "saves_before_slots.json"
    entries = json.loads(path.read_text())
    assert len(entries) == count
    for entry in entries:
        game = conan_envs.make_game(f"{game_name}_v1", **entry["config"])
        state = game.state_from_json(entry["save"])
        assert state.to_json() == entry["save"]
        _play_random(state, 50, 0)
        assert hashlib.sha256(state.to_json().encode()).hexdigest() == entry["after_50_random"]
