"""tower_v2 views, env card and saves: the env card's block table matches the encoder; the
board names squares, tokens, tests and Yara's actions in words; a short game is played from the
text board alone; saves edited by hand are refused, naming the field."""
import json
import re

import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from conan_envs import tower_v2
from conan_envs.engine import CorruptStateError
from conan_envs.tower.encode import observation_blocks

from .helpers import act, combat


def test_env_card_block_table_matches_the_encoder():
    game = conan_envs.make_game("tower_v2")
    rows = re.findall(r"^\| (\w+) \| (\d+) \|", tower_v2.__doc__, re.M)
    table = [(name, int(n)) for name, n in rows if name not in ("block", "option", "mode")]
    assert table == observation_blocks(game, 0)
    assert sum(n for _, n in table) == game.observation_shape(0)[0]
    assert f"Box({game.observation_shape(0)[0]},)" in tower_v2.__doc__
    assert f"Discrete({game.num_actions})" in tower_v2.__doc__


def scripted_states(mode, games=2, every=3):
    game = conan_envs.make_game("tower_v2", mode=mode)
    for seed in range(games):
        s = game.new_initial_state(seed)
        agents = [load_agent("scripted", "tower_v2", role=r, seed=seed, mode=mode)
                  for r in game.roles]
        k = 0
        while not s.is_terminal() and not s.is_truncated() and k < 2500:
            if k % every == 0:
                yield s
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
            k += 1
        yield s


def test_board_shows_the_things_issue_13_names():
    seen = set()
    for s in scripted_states("battle", games=3):
        text = str(s)
        d = s.decision()
        if d == "initiative":
            ini = s.view(0)["round"]["initiative_card"]
            assert ini["card"] in text and ini["conan_effect"] in text
            seen.add(d)
        if d == "test":
            assert s.view(0)["test"]["name"] in text and "showing" in text
            seen.add(d)
        if d == "defend":
            inc = s.view(0)["incoming"]
            assert f"{inc['hits']} hit(s)" in text
            seen.add(d)
        if d == "yara_block":
            blow = s.view(1)["attack"]["blow"]
            assert blow["enemy"] in text and (blow["token"] or f"{blow['wounds']} wound(s)") in text
            seen.add(d)
        if d in ("yara_turn", "minion", "yara_dice"):
            names = [s.action_to_string(a) for a in s.legal_actions()]
            assert not any(re.search(r"\d+ row \d|minion_|^\w+_\w+ ", n) for n in names), names
            hand = s.view(1)["yara"]["hand"]
            assert all(p["name"] in text for p in hand)       # her hand, on her own turn
            assert "hand" not in s.view(0)["yara"]             # never to Conan
            seen.add("yara")
        assert "square 1" not in text and "[7]" not in text and "[8]" not in text
        if any(e.alive for e in s.enemies):
            assert re.search(r" at [a-h][1-6]:", text)
    assert {"initiative", "defend", "yara", "yara_block"} <= seen


def test_enemy_dice_are_not_stale_in_conans_dice_phase():
    """Dice are rolled each round; burned or unburned, last round's dice do not show while
    Conan rolls the next (Dice Phase)."""
    n = 0
    for s in scripted_states("solo", games=3, every=1):
        if s.decision() == "dice" and s.in_combat:
            assert all(sum(e.dice) == 0 for e in s.enemies)
            n += 1
    assert n > 5


def test_yara_sees_what_she_drew_and_conan_only_that_she_drew():
    for s in scripted_states("battle", games=2, every=1):
        if s.plot_hand and s.log_for(1):
            drawn = [e for e in s.log_for(1) if e.startswith("Yara draws ") and "card(s)" not in e]
            if drawn:
                assert not any(e in s.log_for(0) for e in drawn)
                return
    pytest.fail("Yara never drew")


def test_a_short_game_played_from_the_text_board_alone():
    """A player who reads only the board and the action names: slot the highest die into the
    row it names, attack when an attack is offered, else pick the first action; the board's
    prompt always names the actor."""
    game = conan_envs.make_game("tower_v2")
    s = game.new_initial_state(5)
    rng = np.random.default_rng(5)
    for _ in range(400):
        if s.is_terminal():
            break
        board = str(s)
        assert "conan to act:" in board
        names = {a: s.action_to_string(a) for a in s.legal_actions()}
        pick = None
        for words in ("SLASH", "BIG SWING", "slot a 6", "slot a 5", "BLOCK a hit", "GO FIRST",
                      "choose", "pass", "burn a die from"):
            pick = next((a for a, n in names.items() if n.startswith(words) or words in n), None)
            if pick is not None:
                break
        if pick is None:
            pick = int(rng.choice(list(names)))
        s.apply_action(pick)
    assert s.combat_rounds > 0 or s.loc > 0


# ---- saves ------------------------------------------------------------------------------------------
def saved(mode="battle", steps=120):
    game = conan_envs.make_game("tower_v2", mode=mode)
    s = game.new_initial_state(2)
    rng = np.random.default_rng(2)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    return game, s, json.loads(s.snapshot())


def edit(game, data, change):
    change(data["fields"])
    with pytest.raises(CorruptStateError) as err:
        game.state_from_snapshot(json.dumps(data))
    return str(err.value)


def enemy_fields(fields):
    return fields["enemies"][0]["f"]


def test_saves_round_trip_through_scripted_play():
    for s in scripted_states("battle", games=1, every=7):
        back = s.game.state_from_snapshot(s.snapshot())
        assert back == s and back.view(1) == s.view(1)


@pytest.mark.parametrize("change, field", [
    (lambda f: f.__setitem__("_mask", [True] * 351), "_mask"),
    (lambda f: f.__setitem__("fatigue", 99), "fatigue"),
    (lambda f: f.__setitem__("wounds", -1), "wounds"),
    (lambda f: f.__setitem__("stage", "nowhere"), "stage"),
    (lambda f: f.__setitem__("stack", []), "stack"),
    (lambda f: f["stack"][-1]["f"].__setitem__("actor", 7), "stack["),
    (lambda f: f.__setitem__("stack", [{"__t": "obj", "cls": "conan_envs.tower.decisions.Mark",
                                        "f": {"actor": 0}}]), "stack"),
    (lambda f: f.__setitem__("stack", [{"__t": "obj", "cls": "conan_envs.tower.frames.RoundEnd",
                                        "f": {"actor": -1}}]), "stack"),
    (lambda f: f["rows"].__setitem__(0, [1] * 9), "rows[0]"),
    (lambda f: f.pop("tracker"), "tracker"),
    (lambda f: f["pending"]["f"].__setitem__("hits", 10**7), "pending"),
    (lambda f: f["plot_hand"].append(0), "plot_hand"),
    (lambda f: enemy_fields(f).__setitem__("wounds", 50), "enemies[0].wounds"),
    (lambda f: enemy_fields(f).__setitem__("dice", [1]), "enemies[0].dice"),
    (lambda f: enemy_fields(f).__setitem__("life", 9), "enemies[0].life"),
])
def test_edited_saves_are_refused_naming_the_field(change, field):
    game, s, data = saved()
    assert data["fields"]["enemies"]
    msg = edit(game, data, change)
    assert field in msg


def test_nan_in_a_save_is_refused():
    game, s, data = saved()
    text = json.dumps(data).replace('"xp": 0', '"xp": NaN', 1)
    with pytest.raises(CorruptStateError):
        game.state_from_snapshot(text)


def test_a_healed_conan_saves_and_loads():
    """Healing moves the wound marker back but a RAGE token already taken stays taken: a save
    with fewer wounds than RAGE tokens gone is still a real position."""
    s = combat(loc=7, conan=(3, 5), enemies=[], start_items=("Health Elixir",), wounds=2)
    assert s.rage_track == [3]                  # the RAGE tokens on wounds 1 and 2 are gone
    elixir = [i.name for i in s.game.c["items"]].index("Health Elixir")
    act(s, "item", elixir)
    assert s.wounds == 1 and s.rage_track == [3]
    back = s.game.state_from_snapshot(s.snapshot())
    assert back == s
