"""Saved games are checked, not trusted (issue 15 item 2): saves of real games, edited as JSON,
are refused with a CorruptStateError naming the field; clean saves load equal."""
import json

import numpy as np
import pytest

from baselines import load_agent
from conan_envs.engine import CorruptStateError

from .helpers import game


def saves(n=3, seed=0, every=25):
    g = game(n)
    s = g.new_initial_state(seed)
    agents = [load_agent("scripted", "adventures_v2", r, num_players=n) for r in range(n)]
    out = []
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            out.append(s.snapshot())
        p = s.current_player()
        s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
        step += 1
    out.append(s.snapshot())
    return g, out


@pytest.fixture(scope="module")
def saved():
    return saves()


def edited(text, fn):
    data = json.loads(text)
    fn(data["fields"])
    return json.dumps(data)


def refused(g, text, field):
    with pytest.raises(CorruptStateError, match=field):
        g.state_from_snapshot(text)


def test_clean_saves_load_equal(saved):
    g, texts = saved
    for t in texts:
        assert g.state_from_snapshot(t).snapshot() == t


def test_a_forged_mask_is_refused(saved):
    g, texts = saved
    refused(g, edited(texts[3], lambda f: f.update(_mask=[True] * g.num_actions)), "_mask")


def test_missing_fields_and_nan_are_refused(saved):
    g, texts = saved
    refused(g, edited(texts[3], lambda f: f.pop("gold")), "gold")
    text = edited(texts[3], lambda f: f["vp"].__setitem__(0, float("nan")))
    assert "NaN" in text
    refused(g, text, "NaN")


def test_edited_counts_and_out_of_range_values_are_refused(saved):
    g, texts = saved
    t = texts[4]

    def more_fate(f):
        f["fate"][0][1] += 1  # a fifth Warrior Fate token

    refused(g, edited(t, more_fate), "fate")
    refused(g, edited(t, lambda f: f["gold"].__setitem__(0, -5)), r"gold\[0\]")
    refused(g, edited(t, lambda f: f["loc"].__setitem__(0, 99)), r"loc\[0\]")
    refused(g, edited(t, lambda f: f["vp"].__setitem__(1, 10**6)), r"vp\[1\]")
    refused(g, edited(t, lambda f: f["ct_board"].__setitem__(0, f["ct_supply"][0])
                      if f["ct_supply"] else f["ct_board"].__setitem__(0, 0)), "ct_")
    refused(g, edited(t, lambda f: f["zone"][0].__setitem__(0, 9)), r"zone\[0\]")
    refused(g, edited(t, lambda f: f["dtype"][0].clear()), r"zone\[0\]")
    refused(g, edited(t, lambda f: f.update(winners=[10**6], over=True)), "winners")


def test_forged_decisions_and_tasks_are_refused(saved):
    g, texts = saved
    t = texts[5]
    data = json.loads(t)
    dec = data["fields"]["dec"][0]
    refused(g, edited(t, lambda f: f["dec"][0].update(k="no such")), "dec")
    refused(g, edited(t, lambda f: f["dec"][0].update(p=7)), r"dec\.p")
    refused(g, edited(t, lambda f: f["dec"][0].update(extra=1)), "dec")
    refused(g, edited(t, lambda f: f.update(dec=[])), "dec")
    refused(g, edited(t, lambda f: f["tasks"].append(["buy", 9])), "tasks")
    refused(g, edited(t, lambda f: f["tasks"].append(["reward", 0, ["vp:100000"]])), "tasks")
    refused(g, edited(t, lambda f: f["tasks"].append(["no such task"])), "tasks")
    refused(g, edited(t, lambda f: f.update(tasks=[["round"]] * 500)), "tasks")
    # a move whose options point outside the kingdoms would offer other segments' actions
    s = g.state_from_snapshot(t)
    rng = np.random.default_rng(0)
    for _ in range(400):
        if s.dec is not None and s.dec["k"] == "move_to":
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    if s.dec is not None and s.dec["k"] == "move_to":
        refused(g, edited(s.snapshot(), lambda f: f["dec"][0]["opts"].append(30)), r"dec\.opts")
    assert dec["k"]


def test_the_saved_decision_list_is_checked_before_it_is_unwrapped(saved):
    """A save holds the pending decision as a list of at most one record; a longer list is
    refused by the field checks, before the rebuild takes its first record."""
    g, texts = saved
    t = texts[5]
    with pytest.raises(CorruptStateError,
                       match=r"^saved adventures_v2 state: field dec: expected \[\] or \[decision\]$"):
        g.state_from_snapshot(edited(t, lambda f: f["dec"].append(f["dec"][0])))


def test_every_state_of_real_games_round_trips():
    for n in (2, 4):
        g, texts = saves(n, seed=3, every=12)
        for t in texts:
            s = g.state_from_snapshot(t)
            assert s.snapshot() == t
            if not s.is_terminal():
                assert s.legal_action_mask().any()


def _leaves(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _leaves(v, path + (i,))
    else:
        yield path, x


def test_mutated_saves_load_and_play_or_are_refused(saved):
    """Random edits of saved values: each either loads into a state that plays on (views,
    observations, legal moves) or is refused with a CorruptStateError; nothing else."""
    g, texts = saved
    rng = np.random.default_rng(7)
    loaded = refused_count = 0
    for _ in range(200):
        data = json.loads(texts[int(rng.integers(len(texts)))])
        leaves = list(_leaves(data["fields"]))
        path, value = leaves[int(rng.integers(len(leaves)))]
        new = [int(rng.integers(-2, 60)), not value if isinstance(value, bool) else None, [], "x"][
            int(rng.integers(4))]
        target = data["fields"]
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = new
        try:
            s = g.state_from_snapshot(json.dumps(data))
        except CorruptStateError:
            refused_count += 1
            continue
        loaded += 1
        for _ in range(20):
            if s.is_terminal() or s.is_truncated():
                break
            p = s.current_player()
            s.observation(p)
            str(s)
            s.apply_action(int(rng.choice(s.legal_actions())))
    assert loaded and refused_count
