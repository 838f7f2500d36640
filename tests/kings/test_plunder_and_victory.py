"""Rulebook "PLUNDER PHASE": Gold for the attacker, the King's death and succession; and the
victory condition the rulebook lacks (docs/rulings/kings.md)."""
import pytest

import conan_envs

from .helpers import DONE, A, E, F, H, K, W, blank, play, put, region, rid, start, units


def test_a_killed_king_is_succeeded_by_a_hero_and_the_rest_of_the_realm_dissolves():
    s = blank(3)
    put(s, "Koth", 1, H)
    put(s, "Koth", 1, A, 2)
    put(s, "Zamora", 1, H)
    put(s, "Zamora", 1, E)
    put(s, "Shem", 1, A, 3)
    put(s, "Shem", 1, W)
    put(s, "Argos", 2, K)
    put(s, "Argos", 0, K)
    put(s, "Nemedia", 1, K)
    s.kill(rid("Nemedia"), 1, K, "battle")  # player 1's King died in some battle this turn
    start(s, "plunder", then=True)
    assert s.decision() == "new_king" and s.current_player() == 1
    assert s.legal_actions() == [region("Koth"), region("Zamora")]
    play(s, region("Zamora"))
    assert units(s, "Zamora", 1) == {"elite": 1, "king": 1}
    assert units(s, "Koth", 1) == {} and units(s, "Koth", 3) == {"army": 2}
    assert units(s, "Shem", 1) == {} and units(s, "Shem", 3) == {"army": 3}
    assert s.alive == [True, True, True] and not s.king_dead[1]


def test_a_single_heir_is_crowned_without_a_question():
    s = blank()
    put(s, "Koth", 1, H)
    put(s, "Koth", 1, A)
    put(s, "Argos", 0, K)
    put(s, "Nemedia", 1, K)
    s.kill(rid("Nemedia"), 1, K, "battle")
    start(s, "plunder", then=True)
    assert units(s, "Koth", 1) == {"army": 1, "king": 1}


def test_a_king_without_heroes_loses_the_game_without_the_pretender_option():
    s = blank(pretender=False)
    put(s, "Koth", 0, K)
    put(s, "Koth", 0, A)
    put(s, "Zamora", 1, K)
    put(s, "Shem", 1, A, 2)
    s.kill(rid("Zamora"), 1, K)
    start(s, "plunder")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert units(s, "Shem", 2) == {"army": 2}


def test_with_no_hero_to_crown_a_pretender_of_the_chosen_stack_is_crowned():
    """Rulebook: 'If your King is killed, one of your other Heroes becomes the new king.
    Except for the new King and the units stacked with it, all your other units are
    discarded, or if they are Armies, they become neutral.' With no Hero the rulebook is
    silent; the designed `pretender` rule crowns a unit of the stack the player picks."""
    s = blank()
    put(s, "Koth", 0, K)
    put(s, "Zamora", 1, K)
    put(s, "Shem", 1, A, 2)
    put(s, "Argos", 1, E)
    put(s, "Argos", 1, W)
    s.kill(rid("Zamora"), 1, K)
    start(s, "plunder", then=True)
    assert s.decision() == "new_king" and s.legal_actions() == [region("Argos"), region("Shem")]
    play(s, region("Argos"))
    assert units(s, "Argos", 1) == {"wizard": 1, "king": 1}  # the Elite (cheapest) is crowned
    assert units(s, "Shem", 1) == {} and units(s, "Shem", 2) == {"army": 2}
    assert not s.is_terminal() and s.alive[1]


def test_a_king_with_nobody_to_crown_puts_his_player_out():
    s = blank()
    put(s, "Koth", 0, K)
    put(s, "Zamora", 1, K)
    put(s, "Zamora", 1, F)  # a Fortification cannot be crowned
    s.kill(rid("Zamora"), 1, K)
    start(s, "plunder")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.end_cause.startswith("last_king")


def test_the_attacker_gains_a_gold_per_battle_won():
    s = blank()
    put(s, "Koth", 0, E)
    put(s, "Koth", 2, A)
    put(s, "Shem", 0, E)
    put(s, "Shem", 2, A)
    start(s, "battle", (6, 6), then=True)  # each Elite (initiative 2) kills its Army first
    assert s.gold[0] == 2


def last_turn_of_the_round(**config):
    """Player 1's turn, the last of the first round, on an empty map."""
    game = conan_envs.make_game("kings_v2", max_turns=1, **config)
    return game.state_class.empty(game, phasing=1)


def test_the_position_builder_begins_any_players_turn():
    s = last_turn_of_the_round()
    s.place("Koth", 1, "king")
    s.begin("move")
    assert s.current_player() == 1 and s.decision() == "move_from"
    game = s.game
    for phasing in (2, -1, "1", 1.0, True):
        with pytest.raises(ValueError):
            game.state_class.empty(game, phasing=phasing)


def test_most_countries_wins_at_the_round_limit():
    s = last_turn_of_the_round()
    put(s, "Koth", 0, K)
    put(s, "Shem", 0, A)
    put(s, "Poitain", 1, K)  # one province of Aquilonia: no whole country
    put(s, "Argos", 1, A)
    start(s, "plunder")
    assert s.turn == 1 and s.is_terminal()
    assert s.countries_of(0) == 2 and s.countries_of(1) == 1
    assert s.returns() == [1.0, -1.0]


def test_shaped_scores_follow_the_victory_key():
    """Countries first (a quarter each), then regions (a sixteenth), then units (1/32):
    the same order as the round-limit victory, so shaped rewards point the same way; the key
    x is reported as x / (1 + x), within [0, 1)."""
    s = blank()
    s = blank(pretender=False)
    put(s, "Koth", 0, K)
    put(s, "Shem", 0, A, 2)  # two whole countries, two regions, three units
    put(s, "Poitain", 1, K)
    put(s, "Argos", 1, A)
    put(s, "Argos", 0, A)  # contested: nobody controls Argos
    assert s.countries_of(0) == 2 and s.countries_of(1) == 0
    keys = [2 / 4 + 2 / 16 + 4 / 32, 0 / 4 + 1 / 16 + 2 / 32]
    assert s.shaped_scores() == pytest.approx([k / (1 + k) for k in keys])
    s.kill(rid("Poitain"), 1, K)
    assert s.shaped_scores()[1] == 0.0  # slain: his realm counts for nothing
    start(s, "plunder")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.shaped_scores()[1] == 0.0


def test_last_king_truncates_at_the_round_limit():
    s = last_turn_of_the_round(victory="last_king")
    put(s, "Koth", 0, K)
    put(s, "Poitain", 1, K)
    start(s, "plunder", then=True)
    assert s.turn == 1 and not s.is_terminal() and s.is_truncated()


def test_a_player_out_of_the_game_loses_his_tokens_and_his_raids_end():
    s = blank(3, pretender=False)
    put(s, "Koth", 0, K)
    put(s, "Zamora", 1, K)
    put(s, "Shem", 1, A)
    put(s, "Nemedia", 2, K)
    s.give(1, gold=3, divinations=2)
    put(s, "Shem", 1, W)
    s.give_relic("Shem", 1)
    s.give(2, divinations=1)
    s.set_raid(rid("Ophir"), 1)
    s.kill(rid("Zamora"), 1, K)
    start(s, "plunder", then=True)
    assert not s.alive[1] and (s.gold[1], s.div[1], s.relics[1]) == (0, 0, 0)
    assert s.raided[rid("Ophir")] == -1  # his next turn, which would lift it, never comes
    # no die roll is ever offered to him: the next roll (player 2's King's Heroic Action)
    # goes to player 2's Divination only
    assert s.me() == 2 and s.decision() == "divination" and s.current_player() == 2
    play(s, DONE)
    assert s.decision() != "divination"


def test_the_conquest_goal_ends_the_game_at_the_end_of_the_conquerors_turn():
    """Designed (the rulebook names no victory): `conquest` whole countries held at the end
    of a King's own turn win at once; one fewer does not."""
    singles = ["Koth", "Shem", "Argos", "Ophir", "Nemedia", "Corinthia", "Zamora", "Stygia"]
    for held, over in ((singles, True), (singles[:-1], False)):
        s = blank()
        s.place("Kush", 1, K)
        for name in held:
            s.place(name, 0, A)
        s.place("Koth", 0, K)
        s.begin("plunder")
        assert s.is_terminal() == over
        if over:
            assert s.returns() == [1.0, -1.0] and s.end_cause == "conquest"
            assert s.view(1)["end"] == {"cause": "conquest", "winners": ["player_0"]}
