"""Fields kept in slots (`State._SLOTS`, the names of a state class's own `__slots__`): the
engine saves, restores and clones them like the
fields in the instance's dict. For every game whose state keeps its rules' fields in slots: a
save holds each of them (after the others, in `_SLOTS` order), a state read back keeps none in
its dict and plays on exactly like a clone of the original, and the clone shares nothing with
the original (which saves to the same text after the clone has played on). Saves written by the
retired v1 code are refused, naming both versions."""
import json
from pathlib import Path

import numpy as np
import pytest

import conan_envs

SLOTTED = ["kings_v2", "cards_v2", "tower_v2", "miniatures_v2", "adventures_v2"]


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
    declared = tuple(name for c in reversed(cls.__mro__)
                     for name in ((c.__dict__["__slots__"],) if isinstance(c.__dict__.get(
                         "__slots__"), str) else c.__dict__.get("__slots__", ())))
    assert slots == declared  # derived from the classes' own declarations, base first
    assert len(slots) > 30  # the reason they are slots
    for seed in range(3):
        state = game.new_initial_state(seed)
        assert not set(slots) & set(vars(state))
        _play_random(state, 25 + 20 * seed, seed)
        text = state.snapshot()
        saved = list(json.loads(text)["fields"])
        assert saved[-len(slots):] == list(slots)
        restored = game.state_from_snapshot(text)
        assert not set(slots) & set(vars(restored))
        if state.is_terminal():
            continue
        twin = state.clone()
        _play_random(twin, 40, 1)
        _play_random(restored, 40, 1)
        assert restored.snapshot() == twin.snapshot() != text
        assert state.snapshot() == text


@pytest.mark.parametrize("game_name", ["cards", "adventures", "tower"])
def test_a_save_of_the_retired_v1_is_refused_naming_its_version(game_name):
    """tests/<game>/data/saves_before_slots.json holds saves written by the v1 code: the rules
    changed in v2, so they are refused with the project's error, which names both versions."""
    path = Path(__file__).parent / game_name / "data" / "saves_before_slots.json"
    entries = json.loads(path.read_text())
    first = entries[0] if isinstance(entries, list) else entries["solo"]
    game = conan_envs.make_game(f"{game_name}_v2", **first.get("config", {}))
    with pytest.raises(conan_envs.CorruptStateError, match=f"not a {game_name}_v2 state but a "
                       f"{game_name}_v1 save"):
        game.state_from_snapshot(first["save"])
