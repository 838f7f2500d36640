"""Saves are action histories (conan_envs/engine/saves.py): every position reached by legal
play saves and loads back exactly, by replaying its actions through the rules; a position the
rules cannot reach cannot be loaded. Hypothesis edits, drops, duplicates and splices the
actions, and edits the config, the seed and the keys, of saves of every game: each edit is
refused with ``CorruptStateError`` (naming the action's index or the key) or loads into the
position the edited history reaches; nothing else escapes."""
from __future__ import annotations

import functools
import json
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import conan_envs
from conan_envs import CorruptStateError
from conan_envs.engine.saves import NoHistoryError
from tests.kings.helpers import blank

# Every game, and the option values that change what is dealt or asked.
CONFIGS = [
    ("kings_v2", {}), ("kings_v2", {"num_players": 4, "victory": "last_king", "pretender": False}),
    ("cards_v2", {}), ("cards_v2", {"num_players": 3, "victory_or_death": True,
                                    "forgetting_old_dangers": True}),
    ("tower_v2", {}), ("tower_v2", {"mode": "battle"}),
    ("tower_v2", {"mode": "battle", "start_location": "yag_kosha", "start_level": 5}),
    ("tower_v2", {"start_location": 4, "start_level": 3, "start_items": ["Zamoran Shield"]}),
    ("miniatures_v2", {}), ("miniatures_v2", {"scenario": "ritual", "num_heroes": 2}),
    ("miniatures_v2", {"scenario": "tigress", "num_heroes": 4}),
    ("adventures_v2", {}), ("adventures_v2", {"num_players": 4, "team": True}),
    ("adventures_v2", {"num_players": 3, "plot": "mixed", "ohala": True}),
]
FAST = settings(max_examples=40, derandomize=True, deadline=None, database=None,
                phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal() or state.is_truncated():
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


@functools.cache
def _save(env_id, config_json, seed, steps):
    game = conan_envs.make_game(env_id, **json.loads(config_json))
    return _play(game.new_initial_state(seed), np.random.default_rng(seed), steps).to_json()


@pytest.mark.parametrize("env_id, config", CONFIGS, ids=lambda x: json.dumps(x) if isinstance(x, dict) else x)
def test_every_position_reached_by_legal_play_saves_and_loads_exactly(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    rng = np.random.default_rng(3)
    state = game.new_initial_state(3)
    while True:
        back = game.state_from_json(state.to_json())
        assert back.snapshot() == state.snapshot()      # every field, and the dice to come
        assert conan_envs.load_state(state.to_json()).snapshot() == state.snapshot()
        if state.is_terminal() or state.is_truncated():
            break
        _play(state, rng, int(rng.integers(1, 40)) * (1 + len(state.history) // 40))
    record = json.loads(state.to_json())
    assert sorted(record) == ["actions", "config", "env_id", "format", "seed", "version"]
    assert record["actions"] == list(state.history)


def test_a_position_set_up_by_hand_has_no_history_to_save():
    built = blank(seed=4).begin("move")
    with pytest.raises(NoHistoryError, match="outside the rules"):
        built.to_json()
    assert built.game.state_from_snapshot(built.snapshot()) == built   # within the process
    guess = conan_envs.make_game("cards_v2").new_initial_state(1).resample_hidden(
        0, np.random.default_rng(0))
    assert not guess.has_history()


@pytest.mark.parametrize("env_id", conan_envs.ENV_IDS)
def test_a_snapshot_handed_over_as_a_save_is_refused(env_id):
    state = conan_envs.make_game(env_id).new_initial_state(0)
    with pytest.raises(CorruptStateError, match="snapshot, not a save"):
        state.game.state_from_json(state.snapshot())


@pytest.mark.parametrize("env_id", conan_envs.ENV_IDS)
def test_an_illegal_action_is_refused_naming_its_index(env_id):
    game = conan_envs.make_game(env_id)
    record = json.loads(_save(env_id, "{}", 5, 30))
    state = game.new_initial_state(record["seed"])
    for a in record["actions"][:10]:
        state.apply_action(a)
    illegal = int(np.flatnonzero(~state.legal_action_mask())[0])
    record["actions"][10] = illegal
    with pytest.raises(CorruptStateError, match=r"save action 10 \(\d+\) is not legal"):
        game.state_from_json(json.dumps(record))


def _edit(data, record, other):
    """One hostile edit of a save record, drawn by hypothesis."""
    actions = record["actions"]
    kind = data.draw(st.sampled_from(["set", "drop", "duplicate", "splice", "append", "config",
                                      "seed", "key", "type", "env"]))
    i = data.draw(st.integers(0, max(len(actions) - 1, 0)))
    if kind == "set" and actions:
        actions[i] = data.draw(st.one_of(st.integers(-5, 400), st.just(2**70), st.booleans(),
                                         st.floats(allow_nan=True), st.text(max_size=3)))
    elif kind == "drop" and actions:
        del actions[i]
    elif kind == "duplicate" and actions:
        actions.insert(i, actions[i])
    elif kind == "splice":
        actions[i:] = other["actions"][i:]
    elif kind == "append":
        actions.extend(data.draw(st.lists(st.integers(0, 300), max_size=5)))
    elif kind == "config":
        key = data.draw(st.sampled_from(sorted(record["config"]) + ["nonsense"]))
        record["config"][key] = data.draw(st.one_of(st.integers(-3, 9), st.booleans(),
                                                    st.none(), st.text(max_size=4)))
    elif kind == "seed":
        record["seed"] = data.draw(st.one_of(st.integers(-3, 2**66), st.floats(), st.none()))
    elif kind == "key":
        record.pop(data.draw(st.sampled_from(sorted(record))))
    elif kind == "type":
        record[data.draw(st.sampled_from(sorted(record)))] = data.draw(
            st.one_of(st.none(), st.integers(), st.lists(st.integers(), max_size=2), st.text()))
    elif kind == "env":
        record["env_id"] = data.draw(st.sampled_from([e for e in conan_envs.ENV_IDS] + ["x_v2",
                                                      record["env_id"].replace("_v2", "_v1")]))
    return kind


@pytest.mark.parametrize("env_id", conan_envs.ENV_IDS)
@FAST
@given(data=st.data())
def test_edited_saves_are_refused_or_replay_to_a_position_the_rules_reach(env_id, data):
    seed = data.draw(st.integers(0, 3))
    record = json.loads(_save(env_id, "{}", seed, 40))
    other = json.loads(_save(env_id, "{}", seed + 10, 40))
    kind = _edit(data, record, other)
    text = json.dumps(record)
    try:
        state = conan_envs.make_game(env_id).state_from_json(text)
    except CorruptStateError as e:
        assert str(e) and "\n" not in str(e)
        return
    # it loaded: it is the position its (possibly edited) history reaches through the rules
    again = conan_envs.make_game(env_id).new_initial_state(record["seed"])
    for a in record["actions"]:
        again.apply_action(a)
    assert state.snapshot() == again.snapshot(), kind


@pytest.mark.parametrize("env_id", conan_envs.ENV_IDS)
def test_the_longest_of_several_games_loads_within_half_a_second(env_id):
    """The longest of eight random games to their end (or their max_turns cap) replays from
    its save in under half a second (the median of three loads, on one core)."""
    game = conan_envs.make_game(env_id)
    saves = [_play(game.new_initial_state(s), np.random.default_rng(s), 10**6).to_json()
             for s in range(8)]
    longest = max(saves, key=lambda t: len(json.loads(t)["actions"]))
    times = []
    for _ in range(3):
        start = time.perf_counter()
        game.state_from_json(longest)
        times.append(time.perf_counter() - start)
    assert sorted(times)[1] < 0.5, (len(json.loads(longest)["actions"]), times)
