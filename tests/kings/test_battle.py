"""Rulebook "BATTLE PHASE": a battle with fixed dice (initiative order, simultaneous ties,
Fortifications lost first, the side hit choosing casualties, retreat, plunder), Monsters
attacking twice, and every Heroic Battle Action and Wizard Battle Spell."""
import pytest

from conan_envs.kings import content as C

from .helpers import (
    DONE,
    REROLL,
    A,
    Dice,
    E,
    F,
    H,
    K,
    M,
    S,
    W,
    blank,
    play,
    put,
    region,
    rid,
    skip_recruit,
    start,
    unit,
    units,
)


def test_a_battle_with_fixed_dice():
    s = blank()
    put(s, "Koth", 0, H)
    put(s, "Koth", 0, A, 2)
    put(s, "Ophir", 0, A)
    put(s, "Koth", 1, E)
    put(s, "Koth", 1, A)
    put(s, "Koth", 1, F)
    put(s, "Zamora", 1, A)
    s.give(0, divinations=1)  # so that player 0 is offered every roll: it shows the order of rolls
    rolls = []

    def keep():
        while s.decision() == "divination":
            roll = s.frame().roll  # the Divination frame's roll
            rolls.append((roll.what, s.battle.owners[roll.ctx.side],
                          C.UNIT_KEYS[roll.ctx.unit if roll.ctx.unit >= 0 else H], roll.value))
            play(s, DONE)

    # round 1: Hero Battle Action (Outflank), then attacks by initiative: the Hero (5) hits
    # and the Fortification goes first; the Elite (2) misses with Outflank's -1; the Armies
    # (1) attack at once: player 0's 8 hits, 7 misses, player 1's 9-1 hits
    start(s, "battle", (5, 4, 6, 8, 7, 9))
    keep()
    assert rolls == [("action", 0, "hero", 5), ("attack", 0, "hero", 4),
                     ("attack", 1, "elite", 6), ("attack", 0, "army", 8),
                     ("attack", 0, "army", 7), ("attack", 1, "army", 9)]
    assert "fort" not in units(s, "Koth", 1)
    # casualties: each side chooses its own; the Army that was hit had already attacked
    assert s.decision() == "casualty" and s.current_player() == 0
    assert s.legal_actions() == [unit(A), unit(H)]
    play(s, unit(A))
    assert s.decision() == "casualty" and s.current_player() == 1
    play(s, unit(A))
    assert units(s, "Koth", 0) == {"army": 1, "hero": 1} and units(s, "Koth", 1) == {"elite": 1}
    # the round ends: the attacker may retreat (to Ophir), stays; the defender retreats
    assert s.decision() == "retreat" and s.legal_actions() == [DONE, region("Ophir")]
    play(s, DONE)
    assert s.decision() == "retreat" and s.legal_actions() == [DONE, region("Zamora")]
    play(s, region("Zamora"))
    assert units(s, "Zamora", 1) == {"army": 1, "elite": 1} and units(s, "Koth", 1) == {}
    assert s.gold[0] == 1  # plunder: the defender was driven out
    assert s.me() == 1 and s.turn == 0


def test_rounds_go_on_until_one_side_is_left_and_monsters_attack_twice():
    s = blank()
    put(s, "Koth", 0, M)
    put(s, "Koth", 2, A, 3)
    # round 1: the Monster (initiative 3) rolls twice: 5 hits, 4 misses; the 2 neutral
    # Armies left miss (1, 2); round 2: the Monster's 6, 6 kill both before they attack
    dice = Dice(5, 4, 1, 2, 6, 6)
    start(s, "battle", dice)
    assert dice.sides == [10] * 6
    assert units(s, "Koth", 0) == {"monster": 1} and units(s, "Koth", 2) == {}
    assert s.gold[0] == 1  # the defender was destroyed


def test_neutral_armies_fight_to_the_end_and_the_region_changes_hands():
    s = blank()
    put(s, "Koth", 0, E, 2)
    put(s, "Koth", 2, A)
    start(s, "battle", (6, 1, 9))
    assert units(s, "Koth", 0) == {"elite": 2} and s.controls(0, rid("Koth"))


def battle(dice, attacker=(), defender=(), then=False):
    """Player 0 attacks player 1 in Koth. Player 1 also holds Zamora, player 0 Ophir.
    `dice`: a Dice, or the values for a new one (with `then`)."""
    s = blank()
    for t, k in attacker:
        put(s, "Koth", 0, t, k)
    for t, k in defender:
        put(s, "Koth", 1, t, k)
    put(s, "Zamora", 1, F)
    put(s, "Ophir", 0, F)
    return start(s, "battle", dice, then=then)


def test_slay_kills_the_target_unit_chosen_by_the_roller():
    dice = Dice(1)
    s = battle(dice, [(H, 1)], [(E, 1), (K, 1)])
    assert s.decision() == "battle_target" and s.current_player() == 0
    assert s.legal_actions() == [unit(E), unit(K)]
    dice.values = [1, 1]  # then the Hero and the Elite miss
    play(s, unit(K))
    assert s.king_dead[1] and units(s, "Koth", 1) == {"elite": 1}
    assert s.decision() == "retreat"


def test_ambush_and_illusions_add_five_initiative():
    # the Hero misses; with Ambush the Army (1+5) strikes before the Elite (2) could
    s = battle((2, 1, 8), [(H, 1), (A, 1)], [(E, 1)])
    assert units(s, "Koth", 1) == {} and units(s, "Koth", 0) == {"army": 1, "hero": 1}
    # Illusions: the Army (6) strikes before the Wizard (4) misses
    s = battle((1, 8), [(W, 1), (A, 1)], [(E, 1)], then=True)
    assert units(s, "Koth", 1) == {} and units(s, "Koth", 0) == {"army": 1, "wizard": 1}


def test_rally_brings_back_an_army_or_elite_killed_this_battle():
    # round 1: Outflank; the Hero misses; the Elite's 9-1 kills the Army (player 0's choice)
    dice = Dice(5, 1, 9)
    s = battle(dice, [(H, 1), (A, 1)], [(E, 1)])
    play(s, unit(A))
    assert s.battle.killed[0][A] == 1
    dice.values = [3, 1, 1, 1]  # round 2: Rally; then everybody misses
    play(s, DONE, DONE)  # nobody retreats
    assert s.battle.killed[0][A] == 0 and units(s, "Koth", 0) == {"army": 1, "hero": 1}


def test_direct_forces_adds_one_initiative_and_one_to_attack_rolls():
    # the Hero misses; the Army (1+1) ties the Elite (2): they strike at once, 7+1 and 9 hit
    s = battle((4, 1, 7, 9), [(H, 1), (A, 1)], [(E, 1)])
    assert s.decision() == "casualty"
    play(s, unit(A))
    assert units(s, "Koth", 0) == {"hero": 1} and units(s, "Koth", 1) == {}


def test_outflank_and_weakness_lower_the_enemy_rolls():
    s = battle((5, 1, 6), [(H, 1)], [(E, 1)])  # the Elite's 6-1 misses
    assert units(s, "Koth", 0) == {"hero": 1} and s.decision() == "retreat"
    s = battle((4, 1, 7), [(W, 1)], [(E, 1)])  # Weakness: the Elite's 7-2 misses
    assert units(s, "Koth", 0) == {"wizard": 1} and s.decision() == "retreat"


def test_lead_charge_gives_armies_and_elites_plus_two():
    s = battle((6, 1, 1, 6), [(H, 1), (A, 1)], [(E, 1)])  # the Army's 6+2 hits
    assert units(s, "Koth", 1) == {}


def test_strength_adds_one_and_confusion_gives_a_free_reroll():
    s = battle((5, 3), [(W, 1)], [(A, 1)])  # Strength: the Wizard's 3+1 hits
    assert units(s, "Koth", 1) == {}
    s = battle((6, 2, 8), [(W, 1)], [(A, 1)])  # Confusion, then the Wizard's 2 misses...
    assert s.decision() == "divination" and s.current_player() == 0
    play(s, REROLL)  # ... the free reroll (no Divination token spent) hits
    assert s.div == [0, 0] and units(s, "Koth", 1) == {}


def test_terror_makes_the_opponent_retreat_at_once():
    s = battle((2,), [(W, 1)], [(A, 2), (F, 1)])
    assert units(s, "Zamora", 1) == {"army": 2, "fort": 1}  # the Fortification is lost
    assert units(s, "Koth", 1) == {} and s.gold[0] == 1


def test_restoration_brings_back_any_unit_killed_this_battle():
    # round 1: Preparations; the Wizard misses; the Elite hits: player 0 loses the Army
    dice = Dice(19, 1, 9)
    s = battle(dice, [(W, 1), (A, 1)], [(E, 1)])
    play(s, unit(A))
    dice.values = [3, 1, 1, 1]  # round 2: Restoration; everybody misses
    play(s, DONE, DONE)
    assert units(s, "Koth", 0) == {"army": 1, "wizard": 1}


def test_death_kills_and_possession_borrows_a_unit_for_the_round():
    dice = Dice(3, 7)
    s = battle(dice, [(W, 1)], [(A, 1), (H, 1)])  # the defender's Hero: Rally, nothing
    assert s.decision() == "battle_target"
    dice.values = [1, 1]
    play(s, unit(H))
    assert units(s, "Koth", 1) == {"army": 1}
    s = battle((3, 8, 9, 1), [(W, 1)], [(H, 1), (A, 1)])
    assert s.decision() == "battle_target"
    play(s, unit(H))
    # the possessed Hero (5) attacks for player 0: 9 kills the Army; the Wizard misses;
    # the Hero is its owner's again after the round
    assert units(s, "Koth", 1) == {"hero": 1} and s.decision() == "retreat"


@pytest.mark.parametrize("v,t", [(9, H), (10, A), (11, M)])
def test_summoned_units_fight_for_this_battle_only(v, t):
    s = battle((v,) + (10,) * 6, [(W, 1)], [(A, 1)], then=True)
    assert units(s, "Koth", 0) == {"wizard": 1}  # the summoned unit is gone
    assert units(s, "Koth", 1) == {}


def test_immobilize_stops_a_unit_attacking():
    s = battle((12, 1, 1), [(W, 1)], [(E, 1)])  # the Elite may not attack; the Wizard misses
    assert s.decision() == "retreat"
    assert units(s, "Koth", 0) == {"wizard": 1}


@pytest.mark.parametrize("v", range(13, 21))
def test_preparations_do_nothing(v):
    s = battle((v, 1, 1), [(W, 1)], [(E, 1)])
    assert s.battle.attack_bonus == [0, 0] and s.battle.initiative == [0, 0]


def test_battle_plan_gives_an_extra_battle_action_roll():
    s = blank()
    put(s, "Koth", 0, H)
    put(s, "Koth", 1, A)
    dice = Dice(12, 3, 3, 10, then=True)
    start(s, "hero", dice, [[rid("Koth"), H]])  # the Hero's Heroic Action: Battle Plan (12)
    assert skip_recruit(s).decision() == "move_from"
    play(s, DONE)  # no move: the battle in Koth
    # two Rallies that find nothing, then the Hero's attack kills the Army
    assert dice.sides[:4] == [20, 6, 6, 10] and units(s, "Koth", 1) == {}


def test_the_king_is_a_hero_in_battle():
    dice = Dice(5, 9, 9)
    battle(dice, [(K, 1)], [(A, 1)])
    assert dice.sides[0] == 6  # the King rolled on the Battle Action Table


def test_simultaneous_hits_land_even_when_the_other_side_is_wiped_out():
    # Rally finds nothing; the Hero misses (1); at initiative 3 the Monster's two attacks
    # (5, 5) and the Ship's (6) all hit: the Monster dies, and player 1 still chooses two
    # casualties
    s = battle((3, 1, 5, 5, 6), [(M, 1)], [(H, 1), (E, 1), (S, 1)], then=True)
    assert units(s, "Koth", 0) == {}
    assert s.decision() == "casualty" and s.current_player() == 1
    play(s, unit(S))
    assert s.decision() == "casualty"
    play(s, unit(E))
    assert units(s, "Koth", 1) == {"hero": 1}


def test_three_sides_fight_one_battle_after_the_other_biggest_first():
    s = blank(3)
    put(s, "Koth", 0, E, 2)
    put(s, "Koth", 1, A, 2)
    put(s, "Koth", 3, A)  # neutral
    # battle 1 against player 1 (2 units): both Elites hit (6, 6) before the Armies strike
    # battle 2 against the neutral Army: 6 hits first
    start(s, "battle", (6, 6, 6), then=True)
    assert units(s, "Koth", 0) == {"elite": 2}
    assert units(s, "Koth", 1) == {} and units(s, "Koth", 3) == {}
    assert s.gold[0] == 2


def test_terror_with_several_ways_out_lets_the_opponent_choose():
    s = blank()
    put(s, "Koth", 0, W)
    put(s, "Koth", 1, A, 2)
    put(s, "Zamora", 1, F)
    put(s, "Shem", 1, F)
    start(s, "battle", (2,), then=True)
    assert s.decision() == "terror_retreat" and s.current_player() == 1
    assert s.legal_actions() == [region("Shem"), region("Zamora")]
    play(s, region("Shem"))
    assert units(s, "Shem", 1) == {"army": 2, "fort": 1}


def test_a_sea_battle_drowns_passengers_of_sunk_ships():
    s = blank()
    put(s, "Western Ocean", 0, S, 2)
    put(s, "Western Ocean", 1, S)
    put(s, "Western Ocean", 1, A)  # carried by its Ship
    # both of player 0's Ships hit (6, 6): the Ship and the Army go (player 1 chooses the
    # order, but both go); nothing is left to drown
    start(s, "battle", (6, 6), then=True)
    if s.decision() == "casualty":
        play(s, unit(S))
    assert units(s, "Western Ocean", 1) == {}
    s = blank()
    put(s, "Western Ocean", 0, S, 2)
    put(s, "Western Ocean", 1, S)
    put(s, "Western Ocean", 1, A)
    put(s, "Western Ocean", 1, E)
    put(s, "Shem", 1, F)
    # one hit (6, 1): player 1 gives up its Ship; the Army and Elite left at sea retreat to
    # the coast of Shem (player 0 holds no region next to the sea: it is not asked)
    start(s, "battle", (6, 1, 1, 1), then=True)
    play(s, unit(S))
    assert s.decision() == "retreat" and s.current_player() == 1
    assert s.legal_actions() == [DONE, region("Shem")]
    play(s, region("Shem"))
    assert units(s, "Shem", 1) == {"army": 1, "elite": 1, "fort": 1}


def test_land_units_left_at_sea_without_ships_drown_when_the_battle_ends():
    s = blank()
    put(s, "Western Ocean", 0, S)
    put(s, "Western Ocean", 1, S)
    put(s, "Western Ocean", 1, A)
    # initiative 3: player 0's Ship hits (6), player 1's misses (1): player 1 gives up its
    # Ship; initiative 1: its Army sinks player 0's Ship (8) and wins, then drowns
    start(s, "battle", (6, 1, 8), then=True)
    play(s, unit(S))
    assert units(s, "Western Ocean", 0) == {} and units(s, "Western Ocean", 1) == {}
