"""The view, decision and text board of Kings of Hyboria (issue "one view per role"): no
decision is blind. Rulebook "WIZARD MAGIC TABLE" notes: "Discard a Divination Token to cause
any Dieroll to be rerolled." — so the player offered the reroll must see the roll."""
import json
import re

import numpy as np

import conan_envs
from conan_envs.kings.encode import observation_blocks

from .helpers import DONE, A, H, W, blank, hero_roll, play, put, start, wizard_roll


def board():
    s = blank()
    put(s, "Nemedia", 0, W)
    put(s, "Nemedia", 0, H)
    put(s, "Brythunia", 1, H)
    put(s, "Corinthia", 2, A)
    s.give(0, divinations=1)
    return s


def test_three_wizard_rolls_give_three_observations_boards_and_prompts():
    seen = []
    for v in (14, 19, 2):
        s = wizard_roll(board(), "Nemedia", v)
        assert s.decision() == "divination"
        view = s.view(0)
        roll = view["decision"]["context"]["roll"]
        assert roll["value"] == v and roll["table"] == "Wizard Magic Table"
        assert roll["region"] == "Nemedia" and roll["die"] == "D20"
        assert f"roll of {v} on" in view["decision"]["prompt"] and view["decision"]["prompt"] in str(s)
        seen.append((s.observation(0).tobytes(), str(s), view["decision"]["prompt"]))
    for k in range(3):
        assert len({x[k] for x in seen}) == 3
    assert "Magical Riches" in seen[0][2] and "Frivolous Pursuits" in seen[1][2]
    assert "Hunter Killer Demon" in seen[2][2]


def target_decision(s):
    assert s.decision() == "target_region"
    return s.observation(0).tobytes(), str(s), s.view(0)["decision"]


def test_target_region_names_the_effect_it_resolves():
    """Foment Rebellion and Raiding (Heroic Actions 7 and 9), Storms and Great Curse (Wizard
    Magic 15 and 4) all ask for an adjacent region: each says which effect it is."""
    pairs = [(hero_roll(board(), "Nemedia", 7), hero_roll(board(), "Nemedia", 9)),
             (wizard_roll(board(), "Nemedia", 15), wizard_roll(board(), "Nemedia", 4))]
    names = [("Foment Rebellion", "Raiding"), ("Storms", "Great Curse")]
    for (a, b), (na, nb) in zip(pairs, names):
        for s in (a, b):  # the Divination offer first: keep the roll
            if s.decision() == "divination":
                play(s, DONE)
        oa, ta, da = target_decision(a)
        ob, tb, db = target_decision(b)
        assert oa != ob and ta != tb and da["prompt"] != db["prompt"]
        assert da["context"]["effect"] == na and db["context"]["effect"] == nb
        assert na in da["prompt"] and nb in db["prompt"] and da["context"]["region"] == "Nemedia"


def test_the_battle_record_has_named_fields_in_the_view():
    s = blank()
    put(s, "Koth", 0, A, 3)
    put(s, "Koth", 1, A)
    s.give(0, divinations=1)
    start(s, "battle", (5,))
    view = s.view(0)
    bt = view["battle"]
    assert bt["region"] == "Koth" and bt["attacker"] == "player_0" and bt["defender"] == "player_1"
    assert set(bt["sides"][0]) == {"player", "initiative_bonus", "attack_bonus", "lead_charge",
                                   "confusion", "hits_to_take", "killed", "raised", "possessed",
                                   "immobilized"}
    roll = view["decision"]["context"]["roll"]
    assert roll["table"] == "attack die" and roll["value"] == 5 and "a miss" in roll["result"]


def test_the_end_screen_names_the_round_the_game_ended_in():
    """The game ends in the round play showed (not "after round 6" when play showed 7)."""
    game = conan_envs.make_game("kings_v2")
    rng = np.random.default_rng(3)
    s = game.new_initial_state(3)
    last_round = None
    while not s.is_terminal():
        last_round = s.view(0)["round"]
        s.apply_action(int(rng.choice(s.legal_actions())))
    view = s.view(0)
    assert view["round"] == last_round and f"round {last_round}" in str(s)
    assert view["end"]["cause"] == s.end_cause and view["decision"]["actor"] is None


def test_env_card_block_table_matches_the_encoder():
    import conan_envs.kings_v2 as card
    game = conan_envs.make_game("kings_v2")
    section = card.__doc__.split("## Observation")[1].split("## Rewards")[0]
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \|", section, re.M)
    assert [(name, int(size)) for name, size in rows] == observation_blocks(game, 0)
    assert sum(size for _, size in observation_blocks(game, 0)) == game.observation_shape(0)[0]
    view = game.new_initial_state(0).view(0)
    for key in view:
        assert f"`{key}`" in card.__doc__, key


def test_a_short_game_played_from_the_text_board_and_action_names():
    """Pick every action by reading the board and the names shown, never the state."""
    game = conan_envs.make_game("kings_v2")
    s = game.new_initial_state(11)
    for _ in range(400):
        if s.is_terminal():
            break
        text = str(s)
        names = {s.action_to_string(a): a for a in s.legal_actions()}
        assert len(names) == len(s.legal_actions())  # every action has its own name
        prompt = text.splitlines()[-1]
        if "reroll" in names and "keep the roll" in names:
            # reroll our own misses only when the board says "a miss"
            choice = "reroll" if "a miss" in prompt and "player_0" in prompt.split(":")[0] \
                else "keep the roll"
        elif "Place your King" in prompt or "Place your Army" in prompt:
            choice = "Koth" if "Koth" in names else sorted(names)[0]
        elif "end the Move Phase" in names:
            choice = "end the Move Phase"
        elif "end recruiting" in names:
            choice = next((n for n in names if n != "end recruiting"), "end recruiting")
        else:
            choice = sorted(names)[0]
        assert choice in names
        s.apply_action(names[choice])
    assert "Round" in str(s) or "game is over" in str(s)
    json.dumps(s.view(0))
