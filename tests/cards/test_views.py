"""The view of cards_v2 (issue "one view per role"): the env card's block table, a game played
from the text board and action names alone, the player's own hand with every number, the
outcome narrated, no internal labels, and hidden cards kept out of other players' logs."""
import re

import numpy as np

import conan_envs
import conan_envs.cards_v2 as card
from conan_envs.cards import content as C
from conan_envs.cards.encode import observation_blocks
from conan_envs.cards.labels import LABELS
from conan_envs.cards.position import decks, give

from .scene import act, adventure, at, challenge, table

INTERNAL = ("scout_face", "duel_attribute", "on challenged", "on challenger", "deal_break",
            "sermon_break", "bet_reply", "steal_card", "steal_item", "_")


def test_env_card_block_table_matches_the_encoder():
    game = conan_envs.make_game("cards_v2")
    rows = re.findall(r"^\| (\w+) \| (\d+) \| [^|]+\|$", card.__doc__, re.M)
    assert [(name, int(size)) for name, size in rows] == observation_blocks(game, 0)
    assert sum(int(size) for _, size in rows) == game.observation_shape(0)[0]


def _number(name):
    m = re.search(r"\((\d+)\)", name)
    return int(m.group(1)) if m else 0


def board_player(text, names):
    """Choose an action from the board's text and the action names only."""
    assert "to act:" in text
    for want in ("complete ", "accept the swap"):
        for n in names:
            if n.startswith(want):
                return n
    plays = [n for n in names if n.startswith("play ") and "Difficulty" in n]
    if plays:
        return plays[0]
    uses = [n for n in names if n.startswith("use ") and " of your " in n]
    if uses:
        return max(uses, key=_number)  # the highest attribute shown in the name
    for want in ("place ", "face the top Challenge", "fight ", "wager 1 DP", "match ",
                 "pass (no more cards)", "reject", "keep your Hero", "place Hero on",
                 "fight the Duel with Strength", "move to ", "draw one card", "decline"):
        for n in names:
            if n.startswith(want):
                return n
    return "pass" if "pass" in names else sorted(names)[0]


def test_a_game_played_from_the_board_and_action_names_alone():
    game = conan_envs.make_game("cards_v2", num_players=2)
    s = game.new_initial_state(3)
    for _ in range(3000):
        if s.is_terminal() or s.is_truncated():
            break
        text = str(s)
        names = {s.action_to_string(a): a for a in s.legal_actions()}
        assert len(names) == len(s.legal_actions()), "two actions share a name"
        s.apply_action(names[board_player(text, names)])
    assert s.is_terminal() or s.is_truncated()
    assert "The game is over" in str(s) or s.is_truncated()


def test_own_hand_is_printed_with_every_number():
    s = table(heroes=("Barbarian", "Priest"))
    give(s, 0, hand=["Crushing Doors", "Might of Crom", C.card_id("Might of Crom") + 1, "Red Nails"],
         items=["The Book of Skelos"], ally="Pict Warrior")
    text = s.render_text(0)
    assert "Crushing Doors (Strength 4, Wit 5, Spirit 6)" in text
    assert "2 x Might of Crom (+1 Strength)" in text
    assert "Red Nails (Difficulty 4; Loot 5 DP, draw 2)" in text
    assert "The Book of Skelos (+2 Wit)" in text
    assert "Barbarian (Strength 5, Wit 2, Spirit 4; Rage)" in text
    assert "Pict Warrior (Strength 5, Wit 3, Spirit 4; Ally cost 2 DP)" in text
    assert "Crushing Doors" not in s.render_text(1)  # another player's hand


def test_a_wager_is_narrated_and_named_in_words():
    s = table(heroes=("Barbarian", "Priest"), dp=(15, 15))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    names = {s.action_to_string(x) for x in s.legal_actions()}
    assert names >= {"match 2 DP", "raise to 3 DP", "withdraw (pay 1 DP)"}
    act(s, "match")
    assert "use Strength of your Hero (5)" in {s.action_to_string(x) for x in s.legal_actions()}
    act(s, "use Strength of your Hero")
    log = s.view(1)["log"]
    assert any("Crushing Doors is overcome (player_0's Strength 5 against its Strength 4): "
               "player_1 pays player_0 2 DP" in e for e in log), log


def test_no_internal_labels_in_action_names_and_prompts():
    game = conan_envs.make_game("cards_v2", num_players=3)
    rng = np.random.default_rng(0)
    for seed in range(6):
        s = game.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            for a in s.legal_actions():
                name = s.action_to_string(a)
                assert not any(x in re.sub(r"player_\d", "", name) for x in INTERNAL), name
            d = s.view(s.current_player())["decision"]
            assert "_" not in re.sub(r"player_\d", "", d["prompt"]) and " to " + d["kind"] not in str(s)
            s.apply_action(int(rng.choice(s.legal_actions())))
        assert s.decision() == "game over" or s.is_truncated()
        if s.is_terminal():
            assert s.view(0)["decision"]["kind"] == "game_over"
            assert "resolution" not in str(s).lower().split("recent events")[-1]


def test_hidden_cards_reach_only_their_owners_log():
    """A card played face down is named in its owner's log only, until the reveal."""
    s = table(heroes=("Barbarian", "Priest"), dp=(15, 15))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a, hand=["Titan's Grip", "Might of Crom"])
    give(s, 1, hand=["Stygian Poison"])
    act(s, "face the top Challenge")
    act(s, "wager 1 DP")
    act(s, "match")
    act(s, "use Strength of your Hero")
    act(s, "play Titan's Grip face down")
    mine, theirs = s.view(0)["log"], s.view(1)["log"]
    assert "You play Titan's Grip (+3 Strength) face down" in mine
    assert "player_0 plays a card face down" in theirs
    assert not any("Titan's Grip" in e for e in theirs)
    act(s, "play Stygian Poison face down")
    assert not any("Stygian Poison" in e for e in s.view(0)["log"])
    act(s, "pass (no more cards)")  # player_1 has no card left: the cards are revealed
    revealed = [e for e in s.view(1)["log"] if e.startswith("The face-down cards are revealed")]
    assert revealed and "Titan's Grip" in revealed[0] and "Stygian Poison" in revealed[0]


def test_private_events_have_one_reader():
    game = conan_envs.make_game("cards_v2", num_players=3)
    rng = np.random.default_rng(1)
    s = game.new_initial_state(5)
    for _ in range(300):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    private = [(code, text) for _, code, text in s.log if code >= 0]
    assert any(text.startswith("You draw") for _, text in private)
    for code, text in private:
        if text.startswith(("You draw", "You play", "You placed", "You see")):
            assert bin(code).count("1") == 1, text


def test_resampling_keeps_the_cards_a_stated_deal_names():
    """A Deal is "stated clearly and aloud": the cards it names from the proposer's hand stay
    in that hand when another player's guess redraws the hidden cards."""
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 15))
    decks(s, deck=["Quicksand", "Might of Crom", "Red Nails"])
    give(s, 0, hand=["Iron Will", "Sandstorm"])
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    act(s, "you give Iron Will")
    act(s, "you ask for 2 DP")
    act(s, "state the offer")
    rng = np.random.default_rng(0)
    for _ in range(20):
        guess = s.resample_hidden(1, rng)
        assert C.card_id("Iron Will") in guess.hand[0] and len(guess.hand[0]) == 2
        guess.apply_action([a for a in guess.legal_actions()
                            if guess.action_to_string(a) == "accept"][0])
        assert C.card_id("Iron Will") in guess.hand[1]


def test_every_action_segment_has_a_label_template():
    """Action names come from one label template per segment of the action space."""
    game = conan_envs.make_game("cards_v2", num_players=3)
    assert set(LABELS) == set(game.codec.segments)
