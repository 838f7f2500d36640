"""Rulebook "WIZARD MAGIC TABLE": every entry's effect, rolled by player 0's Wizard in
Nemedia, next to player 1 in Brythunia and a neutral army in Corinthia; and its notes
(Relics, Divination, no reroll of Insanity or Consumed by Demons)."""
import pytest

from conan_envs.kings import content as C

from .helpers import (
    DONE,
    REROLL,
    RESULT0,
    A,
    Dice,
    E,
    F,
    H,
    M,
    W,
    blank,
    play,
    put,
    region,
    rid,
    start,
    unit,
    units,
    wizard_roll,
)


def board():
    s = blank()
    put(s, "Nemedia", 0, W)
    put(s, "Nemedia", 0, A, 2)
    put(s, "Brythunia", 1, H)
    put(s, "Brythunia", 1, E)
    put(s, "Brythunia", 1, A)
    put(s, "Brythunia", 1, F)
    put(s, "Corinthia", 2, A)
    return s


def test_table_is_the_rulebooks():
    assert C.WIZARD_MAGIC[1:21] == (
        "consumed_by_demons", "hunter_killer_demon", "forge_artifact", "great_curse",
        "bind_monster", "summon_greater_demon", "demon_horde", "plague", "transmutation",
        "demonic_steeds", "prophecy", "necromancy", "mind_control", "magical_riches", "storms",
        "earthquake", "sacrifice", "insanity", "frivolous_pursuits", "ancient_lore")


@pytest.mark.parametrize("v", [1, 18])
def test_1_and_18_destroy_the_wizard_and_no_divination_can_stop_it(v):
    s = board()
    s.give(0, divinations=3)
    s.give(1, divinations=3)
    wizard_roll(s, "Nemedia", v)
    assert units(s, "Nemedia", 0) == {"army": 2} and s.div == [3, 3]


def test_2_hunter_killer_demon_kills_a_hero_or_wizard_next_door():
    s = wizard_roll(board(), "Nemedia", 2)
    assert s.legal_actions() == [region("Brythunia")]
    play(s, region("Brythunia"))  # the only Hero, Wizard or King there: no second question
    assert "hero" not in units(s, "Brythunia", 1)


def test_3_forge_artifact_gives_a_relic_and_a_relic_gives_an_extra_roll():
    # then player 1's Hero carouses (20); in player 0's next turn his Wizard's pursuits are
    # frivolous (19) and the Relic's roll gives Magical Riches (14)
    dice = Dice(3, 20, 19, 14)
    s = start(board(), "wizard", dice, [[rid("Nemedia"), W]])
    assert s.relics[0] == 1
    while s.current_player() == 0:  # the rest of player 0's turn
        play(s, DONE)
    while s.current_player() == 1:
        play(s, DONE)
    assert s.me() == 0 and dice.sides == [20, 20, 20]  # one roll for the one Wizard...
    assert s.decision() == "relic_roll"  # ... then the extra roll, which "may" be made
    play(s, unit(W))
    assert s.gold[0] == 1 and dice.sides == [20] * 4


def test_4_great_curse_puts_1d6_curse_tokens_next_door():
    s = wizard_roll(board(), "Nemedia", 4, more=((6, 5),))
    play(s, region("Brythunia"))
    assert s.curse[rid("Brythunia")] == 5
    assert rid("Brythunia") not in s.recruit_regions(1)


@pytest.mark.parametrize("v,t", [(5, M), (6, H), (7, E), (12, A)])
def test_recruiting_spells_add_a_unit_here(v, t):
    s = wizard_roll(board(), "Nemedia", v, more=(19,) if t == W else ())
    assert units(s, "Nemedia", 0).get(C.UNIT_KEYS[t], 0) == (1 if t != A else 3)


def test_5_bind_monster_respects_the_monster_chits():
    s = board()
    put(s, "Ophir", 0, M, 5)
    wizard_roll(s, "Nemedia", 5)
    assert "monster" not in units(s, "Nemedia", 0)


def test_8_plague_destroys_an_army_or_elite_next_door():
    s = wizard_roll(board(), "Nemedia", 8)
    assert set(s.legal_actions()) == {region("Brythunia"), region("Corinthia")}
    play(s, region("Brythunia"))
    assert s.legal_actions() == [unit(A), unit(E)]
    play(s, unit(E))
    assert units(s, "Brythunia", 1) == {"army": 1, "hero": 1, "fort": 1}


def test_9_transmutation_turns_a_fellow_unit_into_a_monster():
    s = wizard_roll(board(), "Nemedia", 9)  # only Armies beside the Wizard: no question
    assert units(s, "Nemedia", 0) == {"army": 1, "wizard": 1, "monster": 1}
    s = board()
    put(s, "Nemedia", 0, H)
    wizard_roll(s, "Nemedia", 9)
    assert s.decision() == "transmutation" and s.legal_actions() == [unit(A), unit(H)]
    play(s, unit(H))
    assert units(s, "Nemedia", 0) == {"army": 2, "wizard": 1, "monster": 1}


def test_10_demonic_steeds_give_the_stack_two_more_moves():
    s = wizard_roll(board(), "Nemedia", 10)
    assert s.stack_bonus[rid("Nemedia")] == 2


def test_11_prophecy_gains_1d3_divinations():
    s = wizard_roll(board(), "Nemedia", 11, more=((3, 2),))
    assert s.div[0] == 2


def test_13_mind_control_takes_an_adjacent_unit():
    s = wizard_roll(board(), "Nemedia", 13)
    play(s, region("Corinthia"))
    assert units(s, "Corinthia", 0) == {"army": 1} and units(s, "Corinthia", 2) == {}


def test_14_magical_riches_gain_a_gold():
    s = wizard_roll(board(), "Nemedia", 14)
    assert s.gold[0] == 1


def test_15_storms_put_a_storm_token_next_door_which_blocks_moves_and_recruits():
    s = wizard_roll(board(), "Nemedia", 15, more=(20,))  # then player 1's Hero: Carousing
    play(s, region("Brythunia"))
    assert s.storm[rid("Brythunia")] == 1
    assert rid("Brythunia") not in s.recruit_regions(1)
    assert not s.reach(rid("Nemedia"), A, 0, 3).get(rid("Brythunia"))
    while s.current_player() == 0:  # the rest of player 0's turn
        play(s, DONE)
    assert s.storm[rid("Brythunia")] == 0  # player 1's Fate Phase discards it


def test_16_earthquake_destroys_an_army_or_fortification_next_door():
    s = wizard_roll(board(), "Nemedia", 16)
    play(s, region("Brythunia"))
    assert s.legal_actions() == [unit(A), unit(F)]
    play(s, unit(F))
    assert "fort" not in units(s, "Brythunia", 1)


def test_17_sacrifice_destroys_a_fellow_unit_and_rolls_again():
    s = wizard_roll(board(), "Nemedia", 17, more=(14,))
    assert units(s, "Nemedia", 0) == {"army": 1, "wizard": 1} and s.gold[0] == 1


def test_17_sacrifice_without_a_fellow_unit_does_nothing():
    s = blank()
    put(s, "Nemedia", 0, W)
    wizard_roll(s, "Nemedia", 17)
    assert units(s, "Nemedia", 0) == {"wizard": 1}


def test_19_frivolous_pursuits_do_nothing():
    s = board()
    before = list(s.u)
    wizard_roll(s, "Nemedia", 19)
    assert s.u == before and s.gold == [0, 0]


def test_20_ancient_lore_picks_any_result():
    s = wizard_roll(board(), "Nemedia", 20)
    assert s.decision() == "ancient_lore" and len(s.legal_actions()) == 19
    play(s, RESULT0 + 14 - 1)  # Magical Riches
    assert s.gold[0] == 1


def test_max_three_rolls_per_region():
    s = blank()
    put(s, "Nemedia", 0, W, 5)
    s.give_relic("Nemedia", 0, 2)
    dice = Dice(19, 19, 19)  # Frivolous Pursuits; a fourth roll would run out of dice
    start(s, "hero", dice)  # (no Hero or King: the Wizard Phase follows at once)
    assert dice.sides == [20] * 3 and s.decision() == "recruit"  # no room for the Relics' rolls


def test_divination_rerolls_any_roll_offered_to_every_holder_in_turn_order():
    s = board()
    s.give(0, divinations=1)
    s.give(1, divinations=2)
    wizard_roll(s, "Nemedia", 19, more=(14, 15))
    assert s.decision() == "divination" and s.current_player() == 0
    play(s, REROLL)  # player 0 rerolls Frivolous Pursuits into Magical Riches
    assert s.div == [0, 2] and s.frame().roll.value == 14
    assert s.current_player() == 1  # player 0 has no token left: player 1 is asked
    play(s, REROLL)  # ... and turns it into Storms
    assert s.div == [0, 1] and s.frame().roll.value == 15
    play(s, DONE)
    assert s.decision() == "target_region" and s.gold[0] == 0
