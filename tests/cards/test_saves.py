"""Saved games are not trusted (issue 15, item 2): every field is checked on loading, and an
edited save is refused with a CorruptStateError naming the field; real saves load back equal."""
import json

import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from conan_envs.cards.records import FaceDownCard
from conan_envs.engine import CorruptStateError
from conan_envs.engine.serialize import encode


def saved_positions():
    """Saves from a scripted 3-player game: one mid-wager, one at a Deal, and the last."""
    game = conan_envs.make_game("cards_v2", num_players=3)
    out = {}
    for seed in range(40):
        s = game.new_initial_state(seed)
        agents = [load_agent("scripted", "cards_v2", r, seed=seed, num_players=3)
                  for r in range(3)]
        while not s.is_terminal() and not s.is_truncated():
            if s.w is not None and s.w.cards and "wager" not in out:
                out["wager"] = s.snapshot()
            if s.offer is not None and s.decision() == "answer" and "offer" not in out:
                out["offer"] = s.snapshot()
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
        out.setdefault("end", s.snapshot())
        if len(out) == 3:
            return game, out
    raise AssertionError("no Deal answered in 40 scripted games")


@pytest.fixture(scope="module")
def saves():
    return saved_positions()


def edited(text, change):
    data = json.loads(text)
    change(data["fields"])
    return json.dumps(data)


def test_real_saves_load_back_equal(saves):
    game, out = saves
    assert {"wager", "end"} <= set(out)
    for text in out.values():
        assert game.state_from_snapshot(text).snapshot() == text


@pytest.mark.parametrize("what,change,field", [
    ("a forged legal mask", lambda f: f.update(_mask=[True] * 10), "_mask"),
    ("a missing field", lambda f: f.pop("dp"), "dp"),
    ("a winner out of range", lambda f: f.update(winner=10 ** 6), "winner"),
    ("NaN DP", lambda f: f["dp"].__setitem__(0, float("nan")), "NaN"),
    ("negative DP", lambda f: f["dp"].__setitem__(0, -3), "dp[0]"),
    ("a card counted twice", lambda f: f["hand"][0].append(f["deck"][0]), "deck"),
    ("a card gone", lambda f: f["deck"].pop(), "deck"),
    ("a one-sided Alliance", lambda f: f["partner"].__setitem__(0, 1), "partner[0]"),
    ("a Hero on a card not in play", lambda f: f.update(pos=[19, 19, 19], adv_state=[0] * 20),
     "pos[0]"),
    ("a list of the wrong size", lambda f: f["used"].append(False), "used"),
])
def test_edited_saves_are_refused_naming_the_field(saves, what, change, field):
    game, out = saves
    with pytest.raises(CorruptStateError, match=field.replace("[", r"\[").replace("]", r"\]")):
        game.state_from_snapshot(edited(out["end"], change))


def test_an_edited_wager_is_refused(saves):
    game, out = saves
    text = out["wager"]
    for change, field in [
        (lambda f: f["w"]["f"].update(passes=10 ** 5), "w.passes"),
        (lambda f: f["w"]["f"]["cards"].append(encode(FaceDownCard(9, 70, 0))), "w.cards"),
        (lambda f: f["w"]["f"]["cards"].append([1, 70, 0]), "w.cards"),
        (lambda f: f["w"]["f"].pop("bets"), "bets"),
        # a wager's decision in the Draw Turn (the frame on the stack says which phases ask it)
        (lambda f: f.update(phase="draw"), "field stack: .* not a decision of the draw phase"),
    ]:
        with pytest.raises(CorruptStateError, match=field):
            game.state_from_snapshot(edited(text, change))


def test_an_edited_offer_is_refused(saves):
    game, out = saves
    text = out["offer"]
    with pytest.raises(CorruptStateError, match="offer.give.cards"):
        game.state_from_snapshot(edited(text, lambda f: f["offer"]["f"]["give"]["f"]["cards"].append(500)))
    with pytest.raises(CorruptStateError, match="offer.to"):
        game.state_from_snapshot(edited(text, lambda f: f["offer"]["f"].update(to=f["offer"]["f"]["by"])))


def test_loaded_state_plays_on_like_the_original(saves):
    game, out = saves
    s = game.state_from_snapshot(out["wager"])
    t = game.state_from_snapshot(out["wager"])
    rng = np.random.default_rng(0)
    while not s.is_terminal() and not s.is_truncated():
        a = int(rng.choice(s.legal_actions()))
        s.apply_action(a)
        t.apply_action(a)
    assert s.snapshot() == t.snapshot()


def _leaves(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _leaves(v, path + (i,))
    elif path:
        yield path


def test_mutated_saves_are_refused_or_play_on(saves):
    """One value of a real save changed at random: either refused, or a state that plays on
    (masks never empty, observations and views build) without hanging."""
    game, out = saves
    rng = np.random.default_rng(0)
    values = [-1, 0, 1, 2, 3, 19, 31, 97, 200, True, False, None, "x", "answer"]
    texts = list(out.values())
    for trial in range(300):
        data = json.loads(texts[trial % len(texts)])
        leaves = [p for p in _leaves(data["fields"]) if p[0] != "log"]
        path = leaves[int(rng.integers(len(leaves)))]
        node = data["fields"]
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = values[int(rng.integers(len(values)))]
        try:
            s = game.state_from_snapshot(json.dumps(data))
        except CorruptStateError:
            continue
        for _ in range(60):
            if s.is_terminal() or s.is_truncated():
                break
            s.observation(s.current_player())
            s.view(s.current_player())
            legal = s.legal_actions()
            assert legal, (path, node[path[-1]])
            s.apply_action(legal[int(rng.integers(len(legal)))])
