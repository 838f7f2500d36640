"""Saved games are checked on load (issue "saved games are trusted"): built from real games'
`to_json`, edited as JSON, each edit is refused with a CorruptStateError naming the field."""
import json

import numpy as np
import pytest

import conan_envs
from conan_envs import CorruptStateError


def _mid_game(scenario="clutches", steps=60, seed=3):
    g = conan_envs.make_game("miniatures_v2", scenario=scenario)
    s = g.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        s.apply_action(int(rng.choice(s.legal_actions())))
    return g, s


def _edited(s, edit):
    data = json.loads(s.snapshot())
    edit(data["fields"])
    return json.dumps(data)


def _refused(g, text, field):
    with pytest.raises(CorruptStateError, match=field):
        g.state_from_snapshot(text)


def test_a_real_save_loads_back_equal():
    g, s = _mid_game()
    assert g.state_from_snapshot(s.snapshot()) == s


def test_a_forged_legal_mask_is_refused():
    g, s = _mid_game()
    data = json.loads(s.snapshot())
    data["fields"]["_mask"] = [True] * g.num_actions
    with pytest.raises(CorruptStateError, match="_mask"):
        g.state_from_snapshot(json.dumps(data))


def test_gems_created_from_nothing_are_refused():
    g, s = _mid_game()

    h = s.heroes_in_play()[0]

    def more(f):
        f["reserve"][h] += 5
    _refused(g, _edited(s, more), "reserve")


@pytest.mark.parametrize("field,value", [
    ("h_area", [99, 0, 0]), ("winner", 10 ** 6), ("ov_reserve", -3), ("turn", 10 ** 5),
    ("river", [0, 0, 1, 2, 3, 4, 5, 6]), ("invocation", 7), ("yselda_hut", 0),
])
def test_out_of_range_values_are_refused(field, value):
    g, s = _mid_game()
    _refused(g, _edited(s, lambda f: f.__setitem__(field, value)), field)


def test_a_missing_field_and_nan_are_refused():
    g, s = _mid_game()
    _refused(g, _edited(s, lambda f: f.pop("fatigue")), "fatigue")
    text = s.snapshot().replace('"recovery":5', '"recovery":NaN')
    assert "NaN" in text
    with pytest.raises(CorruptStateError):
        g.state_from_snapshot(text)


def test_a_forged_decision_frame_is_refused():
    g, s = _mid_game()

    def forge(f):
        f["stack"][-1]["f"]["actor"] = 17   # a frame is a tagged record (serialize.py)
    _refused(g, _edited(s, forge), "stack")

    def record(name, **fields):
        module = "records" if name in ("Payer", "Resolution") else "frames"
        return {"__t": "obj", "cls": f"conan_envs.miniatures.{module}.{name}", "f": fields}

    def unknown_rule(f):
        f["stack"].append(record("Reroll", actor=0, payer=record("Payer", side="hero", hero=0,
                                                                  ally=False),
                                 dice=[2], faces=[1], free=[0, 0, 0], support=0,
                                 then="os.system", context=record("Resolution")))
    _refused(g, _edited(s, unknown_rule), "then")

    def unknown_field(f):
        f["stack"][-1]["f"]["resume"] = "os.system"
    with pytest.raises(CorruptStateError):
        g.state_from_snapshot(_edited(s, unknown_field))


def test_random_edits_load_cleanly_or_are_refused():
    """Integer fields nudged at random: each save either loads into a playable state or is
    refused; nothing hangs (every loaded state plays on for a while)."""
    g, s = _mid_game("tigress", 80, 5)
    rng = np.random.default_rng(0)
    base = json.loads(s.snapshot())
    ints = [k for k, v in base["fields"].items() if isinstance(v, int) and not isinstance(v, bool)]
    lists = [k for k, v in base["fields"].items()
             if isinstance(v, list) and v and all(type(x) is int for x in v)]
    for trial in range(60):
        data = json.loads(s.snapshot())
        f = data["fields"]
        if trial % 2:
            k = ints[int(rng.integers(len(ints)))]
            f[k] += int(rng.integers(-3, 4))
        else:
            k = lists[int(rng.integers(len(lists)))]
            i = int(rng.integers(len(f[k])))
            f[k][i] += int(rng.integers(-3, 4))
        try:
            t = g.state_from_snapshot(json.dumps(data))
        except CorruptStateError:
            continue
        for _ in range(50):
            if t.is_terminal():
                break
            t.apply_action(int(rng.choice(t.legal_actions())))
