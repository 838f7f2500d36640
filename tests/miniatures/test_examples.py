"""Every worked example of the heroes' rulebook, with loaded dice."""
from conan_envs.miniatures import movement as mv
from conan_envs.miniatures import position

from .helpers import act, action_phase, area, game, hero, legal, model, obj


def _attack(s, h, target, gems, weapon, rolls, kind="melee"):
    position.load_dice(s, *rolls)
    act(s, kind, target)
    act(s, "gems", gems)
    act(s, "equip", weapon)


def test_shevatas_vs_guard_power_4_kills_and_exertion_left():
    s = action_phase(game("ruined_fort", 2).new_initial_state(1))
    sh = hero(s, "shevatas")
    guard = model(s, "bossonian_guards_blue")
    position.set_hero(s, sh, area="courtyard_west")
    position.set_model(s, guard, area="courtyard_west")
    position.set_overlord(s, reserve=0)
    position.set_hero(s, sh, reserve=6)
    position.hand_turn(s, sh)
    _attack(s, sh, guard, 2, obj(s, "kris"), [("O", 2), ("O", 1), ("Y", 1)])
    assert s.decision() == "reroll"
    assert s.frame().faces == [2, 1, 1] and s.frame().free == [1, 0, 0]
    act(s, "keep")
    assert s.u_area[guard] == -1                      # 4 - armor 2 = 2 damage >= 1 life
    assert s.spaces[sh][0] == 2 and s.reserve[sh] == 4
    assert s.decision() == "act"
    # another Melee Attack is possible with at most 2 more gems (exertion limit 4)
    other = model(s, "bossonian_guards_blue", 1)
    position.set_model(s, other, area="courtyard_west")
    act(s, "melee", other)
    assert legal(s, "gems") == [1, 2]


def test_guard_survives_power_2_but_not_3():
    for symbols, dead in ((2, False), (3, True)):
        s = action_phase(game("ruined_fort", 2).new_initial_state(1))
        sh = hero(s, "shevatas")
        guard = model(s, "bossonian_guards_blue")
        position.set_hero(s, sh, area="courtyard_west")
        position.set_model(s, guard, area="courtyard_west")
        position.set_overlord(s, reserve=0)
        position.hand_turn(s, sh)
        _attack(s, sh, guard, 1, obj(s, "kris"), [("O", symbols - 1), ("Y", 1)])
        act(s, "keep")
        assert (s.u_area[guard] == -1) == dead


def test_conan_throws_the_battle_axe_at_zogar_sag_while_pinned_by_the_snake():
    """Pinned by the Giant Snake (Blocking), Conan cannot move; he puts 3 gems on Ranged
    (3 orange) plus the Battle Axe's red die; the snake hinders him by 1 symbol, so 5 symbols
    make attack power 4; the axe ends in Zogar Sag's area."""
    s = action_phase(game("clutches", 3).new_initial_state(2))
    c = hero(s, "conan")
    snake, zogar = model(s, "giant_snake"), model(s, "zogar_sag")
    position.set_hero(s, c, area="west_yard")
    position.set_model(s, snake, area="west_yard")
    position.set_model(s, zogar, area="totem")
    position.set_overlord(s, reserve=0)
    position.set_hero(s, c, reserve=6)
    position.hand_turn(s, c)
    assert legal(s, "move") == []                      # Blocking
    assert zogar in legal(s, "ranged")
    axe = obj(s, "battle_axe")
    _attack(s, c, zogar, 3, axe, [("O", 1), ("O", 1), ("O", 2), ("R", 1)], kind="ranged")
    act(s, "keep")
    assert s.o_loc[axe] == area(s, "totem")
    assert s.u_life[zogar] == 5 - (4 - 3)              # power 4 against armor 3
    assert s.spaces[c][1] == 3


def _unit_attacks(s, unit_key, target_hero, rolls):
    """Start the Overlord's activation of a tile whose one model attacks a hero."""
    g = s.game
    t = g.tile_index[unit_key]
    slot = s.river.index(t)
    while s.decision() == "act":            # every hero stops: the action phase ends
        act(s, "done")
    assert s.decision() == "ov_turn"
    position.set_overlord(s, reserve=max(s.ov_reserve, 4))
    act(s, "activate", slot)
    position.load_dice(s, *rolls)
    act(s, "hero", target_hero)


def test_shevatas_dodges_the_giant_snake_and_takes_3_wounds():
    s = action_phase(game("clutches", 3).new_initial_state(3))
    sh = hero(s, "shevatas")
    snake = model(s, "giant_snake")
    position.set_hero(s, sh, area="west_yard")
    position.set_model(s, snake, area="west_yard")
    position.set_hero(s, sh, reserve=5)
    for h in range(3):
        if h != sh:
            position.set_hero(s, h, area="south_edge")
    _unit_attacks(s, "giant_snake", sh, [("O", 2), ("O", 2), ("O", 1)])
    assert s.decision() == "reroll" and sum(s.frame().faces) == 5
    act(s, "keep")
    assert s.decision() == "guard" and s.current_player() == sh
    wounds, reserve = s.wounds[sh], s.reserve[sh]
    position.load_dice(s, ("O", 1), ("O", 1))
    act(s, "gems", 2)
    # no shield or weapon with a Guard bonus: he can only dodge (no choice is asked)
    assert s.decision() == "reroll" and s.frame().dice == [1, 1]
    act(s, "keep")
    assert s.wounds[sh] == wounds + 3
    assert s.spaces[sh][2] == 2 and s.reserve[sh] == reserve - 2 - 3


def test_guard_attack_of_1_against_conans_leather_armor():
    """1 gem on Guard rolls an orange die, the Leather Armor adds a yellow die on every
    defence; both blank: 1 damage."""
    s = action_phase(game("ruined_fort", 2).new_initial_state(4))
    c = hero(s, "conan")
    guard = model(s, "bossonian_guards_red")
    position.set_hero(s, c, area="courtyard_east")
    position.set_model(s, guard, area="courtyard_east")
    position.set_hero(s, hero(s, "shevatas"), area="outside_south")
    position.set_hero(s, c, reserve=5)
    _unit_attacks(s, "bossonian_guards_red", c, [("O", 1), ("Y", 0)])
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.frame().context.power == 1
    position.load_dice(s, ("O", 0), ("Y", 0))
    act(s, "gems", 1)
    act(s, "equip", s.game.num_objects)            # dodge
    assert s.frame().dice == [1, 0]           # orange from Guard, yellow from the armor
    act(s, "keep")
    assert s.wounds[c] == 1


def test_armor_is_rolled_without_a_guard_action():
    s = action_phase(game("ruined_fort", 2).new_initial_state(4))
    c = hero(s, "conan")
    guard = model(s, "bossonian_guards_red")
    position.set_hero(s, c, area="courtyard_east")
    position.set_model(s, guard, area="courtyard_east")
    position.set_hero(s, hero(s, "shevatas"), area="outside_south")
    _unit_attacks(s, "bossonian_guards_red", c, [("O", 1), ("Y", 1)])
    if s.decision() == "reroll":
        act(s, "keep")
    position.load_dice(s, ("Y", 1))
    act(s, "gems", 0)
    assert s.frame().dice == [0]
    act(s, "keep")
    assert s.wounds[c] == 1                        # 2 - 1


def test_chest_opened_with_two_rerolls():
    """2 gems on Manipulation: one symbol and a blank; reroll the blank (1 gem): blank again;
    reroll again (1 more gem): 2 symbols. 3 symbols >= difficulty 2: the chest opens."""
    s = action_phase(game("clutches", 3).new_initial_state(5))
    c = hero(s, "conan")
    hut = area(s, "hut_3")
    position.set_hero(s, c, area=hut, reserve=6)
    position.hand_turn(s, c)
    top = s.deck[-1]
    position.load_dice(s, ("O", 1), ("O", 0), ("O", 0), ("O", 2))
    act(s, "chest")
    act(s, "gems", 2)
    assert s.frame().faces == [1, 0]
    act(s, "reroll", 1)
    assert s.frame().faces == [1, 0]
    act(s, "reroll", 1)
    assert s.frame().faces == [1, 2]
    act(s, "keep")
    assert s.decision() == "claim"
    act(s, "yes")
    assert s.o_loc[top] == -1 - c and hut not in s.chests
    assert s.spaces[c][3] == 2 and s.spaces[c][5] == 2 and s.reserve[c] == 2


def test_chest_card_can_be_left_in_the_area():
    s = action_phase(game("clutches", 3).new_initial_state(5))
    c = hero(s, "conan")
    position.set_hero(s, c, area="hut_3")
    position.hand_turn(s, c)
    top = s.deck[-1]
    position.load_dice(s, ("O", 2))
    act(s, "chest")
    act(s, "gems", 1)
    act(s, "keep")
    act(s, "no")
    assert s.o_loc[top] == area(s, "hut_3")


def test_conan_circular_strike_then_three_point_move_into_the_hut():
    """Three guards: the Circular Strike kills two, then entering the hut costs 1 (area)
    + 1 (flap) + 1 (the last guard hinders): 2 from base movement and 1 gem on Move."""
    s = action_phase(game("clutches", 3).new_initial_state(6))
    c = hero(s, "conan")
    yard = area(s, "west_yard")
    position.set_hero(s, c, area=yard)
    hunters = [model(s, "pict_hunters_blue", k) for k in range(3)]
    for m in hunters:
        position.set_model(s, m, area=yard)
    position.set_overlord(s, reserve=0)
    position.set_hero(s, c, reserve=6)
    position.hand_turn(s, c)
    assert s.mp[c] == 2
    _attack(s, c, hunters[0], 2, obj(s, "battle_axe"), [("R", 3), ("R", 1), ("R", 1)])
    act(s, "keep")                                     # power 5: 4 damage, kills
    assert s.u_area[hunters[0]] == -1 and s.decision() == "circular"
    assert s.frame().left == 5 - 1 - 1
    act(s, "melee", hunters[1])                        # 3 against armor 1: kills, 1 left
    assert s.u_area[hunters[1]] == -1
    assert s.decision() == "circular" and s.frame().left == 1
    act(s, "done")
    hut = area(s, "hut_4")
    assert mv.move_cost(s, ("h", c), yard, hut) == 3
    assert s.mp[c] == 2                                # attacking first keeps base movement
    act(s, "move", hut)
    assert s.h_area[c] == hut and s.mp[c] == 0 and s.spaces[c][4] == 1


def test_hindering_ignores_three_symbols_alone_and_two_beside_belit():
    for with_belit, need in ((False, 5), (True, 4)):
        s = action_phase(game("clutches", 4).new_initial_state(7))
        c, b = hero(s, "conan"), hero(s, "belit")
        yard = area(s, "west_yard")
        position.set_hero(s, c, area=yard)
        position.set_hero(s, b, area=yard if with_belit else area(s, "south_edge"))
        for k in range(3):
            position.set_model(s, model(s, "pict_hunters_blue", k), area=yard)
        position.set_chests(s, [yard])
        position.set_hero(s, c, reserve=6)
        position.hand_turn(s, c)
        assert mv.hindrance(s, ("h", c)) == (2 if with_belit else 3)
        for symbols in (need - 1, need):
            t = s.clone()
            parts = [min(2, max(0, symbols - 2 * k)) for k in range(3)]
            position.load_dice(t, *[("O", p) for p in parts])
            act(t, "chest")
            act(t, "gems", 3)
            act(t, "keep")
            assert (yard not in t.chests) == (symbols >= need)
