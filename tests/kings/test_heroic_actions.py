"""Rulebook "HEROIC ACTIONS TABLE": every entry's effect, rolled by a Hero in Nemedia
(player 0) next to player 1 in Brythunia and neutral armies around."""
import pytest

from conan_envs.kings import content as C

from .helpers import (
    COUNT0,
    DONE,
    PLAYER0,
    A,
    E,
    H,
    K,
    M,
    W,
    blank,
    hero_roll,
    play,
    put,
    region,
    rid,
    skip_recruit,
    start,
    unit,
    units,
)


def board():
    s = blank()
    put(s, "Nemedia", 0, H)
    put(s, "Nemedia", 0, A, 3)
    put(s, "Brythunia", 1, H)
    put(s, "Brythunia", 1, W)
    put(s, "Brythunia", 1, K)
    put(s, "Corinthia", 2, A)  # neutral
    return s


def test_table_is_the_rulebooks():
    assert C.HEROIC_ACTIONS[1:14] == (
        "training", "assassination", "forced_march", "recruit", "adventure", "long_journey",
        "foment_rebellion", "convert", "raiding", "fortify", "piracy", "battle_plan",
        "untimely_end")
    assert set(C.HEROIC_ACTIONS[14:21]) == {"carousing"}


def test_1_training_turns_up_to_two_armies_into_elites():
    s = hero_roll(board(), "Nemedia", 1)
    assert s.decision() == "training" and s.legal_actions() == [DONE, COUNT0, COUNT0 + 1]
    play(s, COUNT0 + 1)
    assert units(s, "Nemedia", 0) == {"army": 1, "elite": 2, "hero": 1}
    s = hero_roll(board(), "Nemedia", 1)
    play(s, DONE)
    assert units(s, "Nemedia", 0) == {"army": 3, "hero": 1}


def test_1_training_respects_the_elite_chits():
    s = board()
    put(s, "Ophir", 0, E, 19)
    hero_roll(s, "Nemedia", 1)
    assert s.legal_actions() == [DONE, COUNT0]
    play(s, COUNT0)
    assert units(s, "Nemedia", 0) == {"army": 2, "elite": 1, "hero": 1}
    assert s.pool[E] == 20


def test_2_assassination_kills_a_chosen_hero_wizard_or_king_next_door():
    s = hero_roll(board(), "Nemedia", 2)
    assert s.decision() == "target_region" and s.legal_actions() == [region("Brythunia")]
    play(s, region("Brythunia"))
    assert s.decision() == "target_unit"
    assert s.legal_actions() == [unit(H), unit(W), unit(K)]
    play(s, unit(K))
    assert units(s, "Brythunia", 1) == {"hero": 1, "wizard": 1} and s.king_dead[1]


def test_3_forced_march_gives_the_stack_one_more_move():
    s = hero_roll(board(), "Nemedia", 3)
    assert s.stack_bonus[rid("Nemedia")] == 1
    assert skip_recruit(s).decision() == "move_from"
    play(s, region("Nemedia"), unit(A))
    # an Army (Move 1) may now reach Poitain, two regions away through Aquilonia
    assert region("Poitain") in s.legal_actions()


def test_4_recruit_gives_an_extra_roll_here():
    s = board()
    s.give(0, gold=0)  # no Gold: the roll offered is the Heroic Action's
    put(s, "Corinthia", 2, A, -1)
    hero_roll(s, "Nemedia", 4)
    assert s.bonus_recruit[rid("Nemedia")] == 1
    assert s.decision() == "recruit" and region("Nemedia") in s.legal_actions()


def test_5_adventure_kills_a_monster_next_door_or_gains_gold():
    s = board()
    put(s, "Brythunia", 1, M)
    hero_roll(s, "Nemedia", 5)
    assert s.decision() == "adventure" and s.legal_actions() == [DONE, region("Brythunia")]
    play(s, region("Brythunia"))
    assert "monster" not in units(s, "Brythunia", 1) and s.gold[0] == 0
    s = hero_roll(board(), "Nemedia", 5)  # no Monster next door: the Gold
    assert s.gold[0] == 1


def test_6_long_journey_gives_the_hero_two_more_moves():
    s = hero_roll(board(), "Nemedia", 6)
    assert s.journey[rid("Nemedia")] == 1
    skip_recruit(s)
    play(s, region("Nemedia"), unit(H))
    assert region("Shem") in s.legal_actions()  # Nemedia-Ophir-Argos-Shem: 3 (Move 2 + 2)
    play(s, region("Shem"))
    assert units(s, "Shem", 0) == {"hero": 1} and s.journey[rid("Nemedia")] == 0


def test_7_foment_rebellion_puts_an_army_next_door():
    s = hero_roll(board(), "Nemedia", 7)
    assert region("Corinthia") in s.legal_actions()
    play(s, region("Corinthia"))
    assert units(s, "Corinthia", 0) == {"army": 1} and units(s, "Corinthia", 2) == {"army": 1}


def test_8_convert_takes_control_of_an_adjacent_unit():
    s = hero_roll(board(), "Nemedia", 8, more=(19,))  # the converted Wizard then rolls
    assert set(s.legal_actions()) == {region("Brythunia"), region("Corinthia")}
    play(s, region("Brythunia"))
    assert s.legal_actions() == [unit(H), unit(W)]  # never a King
    play(s, unit(W))
    assert units(s, "Brythunia", 0) == {"wizard": 1}
    assert units(s, "Brythunia", 1) == {"hero": 1, "king": 1}


def test_9_raiding_stops_recruiting_next_door_until_the_raiders_next_turn():
    # then player 1's Hero and King carouse and his Wizard's pursuits are frivolous, and
    # player 0's Hero carouses at the start of his next turn
    s = hero_roll(board(), "Nemedia", 9, more=(20, 20, 19, 20))
    play(s, region("Brythunia"))
    assert s.raided[rid("Brythunia")] == 0
    assert rid("Brythunia") not in s.recruit_regions(1)
    while s.current_player() == 0:  # the rest of player 0's turn
        play(s, DONE)
    assert s.raided[rid("Brythunia")] == 0  # player 1's turn: still raided
    while s.current_player() == 1:
        play(s, DONE)
    assert s.raided[rid("Brythunia")] == -1  # player 0's next turn lifts it


def test_10_fortify_places_a_fortification_here():
    s = hero_roll(board(), "Nemedia", 10)
    assert units(s, "Nemedia", 0)["fort"] == 1


def test_11_piracy_gains_gold_or_steals_from_an_opponent():
    s = board()
    s.give(1, gold=2)
    hero_roll(s, "Nemedia", 11)
    assert s.decision() == "piracy" and s.legal_actions() == [DONE, PLAYER0 + 1]
    play(s, PLAYER0 + 1)
    assert s.gold == [1, 1]
    s = board()
    hero_roll(s, "Nemedia", 11)  # nobody has gold to steal: gain 1
    assert s.gold == [1, 0]


def test_12_battle_plan_gives_an_extra_battle_action_roll():
    s = hero_roll(board(), "Nemedia", 12)
    assert s.plan[rid("Nemedia")] == 1 and not s.king_plan  # the Hero's, not the King's


def test_13_untimely_end_kills_the_hero():
    s = hero_roll(board(), "Nemedia", 13)
    assert units(s, "Nemedia", 0) == {"army": 3}


def test_13_untimely_end_of_the_king_kills_the_king():
    s = board()
    put(s, "Nemedia", 0, K)
    hero_roll(s, "Nemedia", 13, t=K)
    assert s.king_dead[0] and s.at(rid("Nemedia"), 0, K) == 0


@pytest.mark.parametrize("v", range(14, 21))
def test_14_to_20_carousing_does_nothing(v):
    s = board()
    before = (list(s.u), list(s.gold), list(s.stack_bonus))
    hero_roll(s, "Nemedia", v)
    assert (s.u, s.gold, s.stack_bonus) == before


def test_max_three_rolls_per_region_and_the_king_rolls_as_a_hero():
    s = blank()
    put(s, "Nemedia", 0, H, 4)
    put(s, "Nemedia", 0, K)
    put(s, "Koth", 0, H)
    put(s, "Koth", 0, K)
    s.give(0, divinations=1)  # each roll is offered to player 0: it shows who rolled where
    start(s, "fate", then=True)  # the Fate Phase lines up the rolls; all Carousing (20)
    rolls = []
    while s.decision() == "divination" and s.frame().roll.what == "hero":
        rolls.append([s.frame().roll.ctx.region, s.frame().roll.ctx.unit])
        play(s, DONE)
    expected = [[rid("Nemedia"), H]] * 3 + [[rid("Koth"), H], [rid("Koth"), K]]
    assert sorted(rolls) == sorted(expected)
