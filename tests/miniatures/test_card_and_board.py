"""The env card's block table matches the encoder; a short game played from the text board and
the action names alone; the board shows what the view issue asked for (rolls, the attacker and
power at a Guard, the card in a chest, dice by colour, dead heroes)."""
import re

import numpy as np

import conan_envs
from conan_envs import miniatures_v2
from conan_envs.miniatures import position
from conan_envs.miniatures.encode import observation_blocks

from .helpers import act, action_phase, end_heroes_turn, hero, model


def test_env_card_block_table_matches_the_encoder():
    g = conan_envs.make_game("miniatures_v2")
    card = miniatures_v2.__doc__.split("## Observation space")[1].split("## Rewards")[0]
    rows = re.findall(r"^\| (\w+) \| (\d+) \|", card, re.M)
    blocks = observation_blocks(g, 0)
    assert [(n, int(k)) for n, k in rows] == blocks
    assert sum(k for _, k in blocks) == g.observation_shape(0)[0]
    assert f"Discrete({g.num_actions})" in miniatures_v2.__doc__
    assert f"({g.observation_shape(0)[0]},)" in miniatures_v2.__doc__


PREFER = ("keep the roll", "take the aggressive stance", "melee attack on", "2 gems on the attack",
          "attack with", "1 gem on Guard", "dodge", "claim", "attack Conan", "attack Shevatas",
          "activate", "move to", "end this model's activation", "stop acting this phase",
          "end the Overlord's turn")


def test_a_short_game_played_from_the_board_and_action_names():
    """Each choice is made by reading the board text and the legal actions' names only."""
    g = conan_envs.make_game("miniatures_v2", scenario="ruined_fort")
    s = g.new_initial_state(5)
    rng = np.random.default_rng(5)
    seen_roll = seen_guard = False
    for _ in range(600):
        if s.is_terminal() or s.turn >= 4:
            break
        board = str(s)
        names = {s.action_to_string(a): a for a in s.legal_actions()}
        assert len(names) == len(s.legal_actions()), "two actions share a name"
        prompt = board.splitlines()[-1]
        if "reroll a die" in prompt:
            seen_roll = True
            assert re.search(r"(yellow|orange|red) \d", prompt)
        if "how many gems on Guard" in prompt:
            seen_guard = True
            assert re.search(r"with power \d+", prompt)
        pick = None
        for word in PREFER:
            hits = [n for n in names if word in n]
            if word == "move to":
                # walk to an area the board shows holding somebody (a model or a hero)
                full = [ln.strip().split(" ")[0] for ln in board.splitlines()
                        if ln.startswith("  ") and "]: -;" not in ln]
                hits = [n for n in hits if n[8:] in full] or hits
            if hits and rng.random() < 0.8:
                pick = hits[int(rng.integers(len(hits)))]
                break
        if pick is None:
            pick = sorted(names)[int(rng.integers(len(names)))]
        s.apply_action(names[pick])
    assert seen_roll and seen_guard


def test_the_board_names_the_card_the_dice_and_a_dead_hero():
    g = conan_envs.make_game("miniatures_v2", scenario="clutches")
    s = action_phase(g.new_initial_state(40))
    c = hero(s, "conan")
    snake = model(s, "giant_snake")
    position.set_hero(s, c, area="west_yard")
    position.set_model(s, snake, area="west_yard")
    end_heroes_turn(s)
    act(s, "activate", s.river.index(g.tile_index["giant_snake"]))
    act(s, "hero", c)
    text = str(s)
    if s.decision() == "reroll":
        assert re.search(r"Roll: (yellow|orange|red) \d", text)
        act(s, "keep")
    assert any("Giant Snake rolls for attack" in e for e in s.view(c)["log"])
    s.wound_hero(c, 99)
    text = s.render_text(g.overlord)
    assert "Conan: DEAD" in text and s.view(0)["heroes"][c]["state"] == "dead"
    assert "Conan dies" in text
