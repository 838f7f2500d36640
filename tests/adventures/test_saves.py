"""Saved games are checked, not trusted (issue 15 item 2): saves of real games, edited as JSON,
are refused with a CorruptStateError naming the field; clean saves load equal."""
import json

import numpy as np
import pytest

import conan_envs.tower.frames  # noqa: F401 - a frame class of another game, known to the loader
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


def _frame(cls, **f):
    return {"__t": "obj", "cls": f"conan_envs.adventures.{cls}", "f": f}


def test_forged_frames_are_refused(saved):
    """The pending steps and decision are the engine's stack of frames: a frame of another
    kind, a decision of a player not in the game, a decision under a step, an empty stack and
    a stack too deep are refused, naming the stack."""
    g, texts = saved
    t = texts[5]
    data = json.loads(t)
    top = data["fields"]["stack"][-1]
    assert top["f"]["actor"] >= 0  # a decision waits on top
    tower = {"__t": "obj", "cls": "conan_envs.tower.decisions.Dice", "f": {"actor": 0}}
    refused(g, edited(t, lambda f: f["stack"].__setitem__(-1, tower)), "stack")
    refused(g, edited(t, lambda f: f["stack"][-1]["f"].update(actor=7)), "stack")
    refused(g, edited(t, lambda f: f["stack"].append(_frame("frames.Side", actor=0))), "stack")
    refused(g, edited(t, lambda f: f["stack"].insert(0, _frame("frames.Side", actor=0))),
            "stack")
    refused(g, edited(t, lambda f: f.update(stack=[])), "stack")
    refused(g, edited(t, lambda f: f["stack"].__setitem__(slice(0, 0), [_frame("steps.Round")] * 500)),
            "stack")
    refused(g, edited(t, lambda f: f["stack"].insert(0, _frame("steps.BuyStep", p=9))), "stack")
    refused(g, edited(t, lambda f: f["stack"].insert(0, _frame("steps.Reward", p=0, items=[]))),
            "stack")
    # a move whose options point outside the kingdoms would offer other segments' actions
    s = g.state_from_snapshot(t)
    rng = np.random.default_rng(0)
    for _ in range(400):
        if not s.over and s.frame().key == "move_to":
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert not s.over and s.frame().key == "move_to"
    refused(g, edited(s.snapshot(), lambda f: f["stack"][-1]["f"]["opts"]["v"].append(30)),
            "opts")


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
