"""Saved states are not trusted (issue "saves"): every edit below, made to the JSON of a
real game, is refused with a CorruptStateError naming the field, or loads consistently."""
import json

import numpy as np
import pytest

import conan_envs
from conan_envs.engine import CorruptStateError


@pytest.fixture(scope="module")
def saved():
    game = conan_envs.make_game("kings_v2")
    s = game.new_initial_state(5)
    rng = np.random.default_rng(5)
    for _ in range(120):
        s.apply_action(int(rng.choice(s.legal_actions())))
    return game, s, json.loads(s.snapshot())


def load(game, data):
    return game.state_from_snapshot(json.dumps(data))


def forged(frame, **fields):
    """A saved frame (JSON) with some of its fields replaced."""
    out = json.loads(json.dumps(frame))
    out["f"].update(fields)
    return out


def edited(data, field, value):
    out = json.loads(json.dumps(data))
    out["fields"][field] = value
    return out


def test_a_real_save_round_trips(saved):
    game, s, data = saved
    assert load(game, data) == s


@pytest.mark.parametrize("field,change,named", [
    ("u", lambda u: u[:-1], "u"),  # a size
    ("tot", lambda t: [t[0] + 1] + t[1:], "tot"),  # an edited count out of step with units
    ("gold", lambda g: [-1] + g[1:], "gold"),  # out of range
    ("raided", lambda r: [7] + r[1:], "raided"),  # names no player
    ("order", lambda o: [0, 0], "order"),
    ("stack", lambda st: st[:1] + [forged(st[1], legal={"__t": "tuple", "v": [10**6]})],
     "stack"),  # a forged legal action list
    ("stack", lambda st: st[:1] + [dict(st[1], cls="conan_envs.kings.frames.Coronation")],
     "Coronation"),  # a decision the game does not have
    ("stack", lambda st: st[:1] + [forged(st[1], actor=7)], "stack"),  # asked of nobody
    ("stack", lambda st: st[1:] + st[:1], "stack"),  # the phase over the decision
    ("stack", lambda st: st[:1], "stack"),  # no decision waits
    ("task", lambda t: forged(t, region=999), "task"),  # an order aimed off the map
    ("queue", lambda q: [[0, 2]] * 1000, "queue"),  # no rules loop may run unbounded
])
def test_edited_fields_are_refused_by_name(saved, field, change, named):
    game, s, data = saved
    with pytest.raises(CorruptStateError, match=named):
        load(game, edited(data, field, change(data["fields"][field])))


@pytest.mark.parametrize("field,change,message", [
    ("stack", lambda st: [], "stack no phase is being played"),
    ("storm", lambda s: [-9] + s[1:], "storm holds a count below 0 or above 10000"),
    ("u", lambda u: u[:-1], "u has 1343 entries, not 1344"),
    ("n", lambda n: n + 1, r"n must be 2 \(the game's players\)"),
])
def test_fields_the_board_is_rebuilt_from_are_checked_first(saved, field, change, message):
    """Each edit would break the rebuild of the board (an unknown phase, a token count or
    size that indexes past a table): the save is refused by the field checks, with their
    message, before the rebuild reads it."""
    game, s, data = saved
    with pytest.raises(CorruptStateError, match=f"^saved kings_v2 state: {message}$"):
        load(game, edited(data, field, change(data["fields"][field])))


def test_a_forged_mask_missing_fields_and_nan_are_refused(saved):
    game, s, data = saved
    forged = json.loads(json.dumps(data))
    forged["fields"]["_mask"] = [True] * game.num_actions
    with pytest.raises(CorruptStateError, match="_mask"):
        load(game, forged)
    missing = json.loads(json.dumps(data))
    del missing["fields"]["gold"]
    with pytest.raises(CorruptStateError, match="gold"):
        load(game, missing)
    text = json.dumps(edited(data, "gold", [1, 1])).replace('"gold": [1, 1]', '"gold": [NaN, 1]')
    with pytest.raises(CorruptStateError):
        game.state_from_snapshot(text)


def test_a_finished_game_saves_and_loads():
    game = conan_envs.make_game("kings_v2")
    s = game.new_initial_state(2)
    rng = np.random.default_rng(1)
    while not s.is_terminal():
        s.apply_action(int(rng.choice(s.legal_actions())))
    t = game.state_from_snapshot(s.snapshot())
    assert t == s and t.is_terminal() and t.view(0) == s.view(0)


@pytest.fixture(scope="module")
def offer():
    """A Divination offer read back from a snapshot: player 0's Wizard in Nemedia rolls 19
    (Frivolous Pursuits) and player 0, then player 1, hold a Divination."""
    game = conan_envs.make_game("kings_v2")
    s = game.state_class.empty(game)
    s.place("Nemedia", 0, "wizard")
    s.give(0, divinations=1)
    s.give(1, divinations=1)
    s.load_dice(lambda sides: 19)
    s.begin("wizard", rolls=[("Nemedia", "wizard")])
    s.load_dice(None)  # (a state with loaded dice is not copied out)
    assert s.decision() == "divination" and s.frame().offered == (0, 1)
    return game, s, json.loads(s.snapshot())


def roll_of(frame, **fields):
    out = json.loads(json.dumps(frame))
    out["f"]["roll"]["f"].update(fields)
    return out


@pytest.mark.parametrize("change", [
    lambda st: st[:1] + [roll_of(st[1], value=21)],  # a D20 does not roll 21
    lambda st: st[:1] + [roll_of(st[1], what="feast")],  # no such table
    lambda st: st[:1] + [forged(st[1], offered={"__t": "tuple", "v": [1, 0]})],  # not the actor
    lambda st: st[:1] + [forged(st[1], offered={"__t": "tuple", "v": [0, 5]})],  # no player 5
    lambda st: st[:1] + [forged(st[1], legal={"__t": "tuple", "v": [0, 2]})],  # not keep/reroll
])
def test_a_divination_offer_read_back_is_checked(offer, change):
    """Rulebook "WIZARD MAGIC TABLE" notes: "Discard a Divination Token to cause any Dieroll to
    be rerolled": a saved offer holds a die roll of its table, offered to players (the one
    asked first) to keep or reroll; anything else is refused, naming the stack."""
    game, s, data = offer
    assert load(game, data) == s
    with pytest.raises(CorruptStateError, match="stack"):
        load(game, edited(data, "stack", change(data["fields"]["stack"])))
