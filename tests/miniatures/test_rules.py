"""The heroes' rules beyond the worked examples, with loaded dice and set-up boards."""
import numpy as np
import pytest

from conan_envs.miniatures import movement as mv
from conan_envs.miniatures import position

from .helpers import act, action_phase, area, end_heroes_turn, game, hero, legal, model, obj


@pytest.mark.parametrize("stance,dead,gain", [(0, 0, 2), (0, 1, 3), (0, 2, 4), (0, 3, 4),
                                              (1, 0, 5), (1, 1, 6), (1, 2, 7)])
def test_stance_recovery_by_dead_heroes(stance, dead, gain):
    s = game("ruined_fort", 4).new_initial_state(0)
    assert s.decision() == "stance"
    h = s.current_player()
    position.set_hero(s, h, fatigue=8, reserve=s.game.heroes[h].life - 8)
    position.set_round(s, dead_heroes=dead)
    before = s.reserve[h]
    act(s, "stance", stance)
    assert s.reserve[h] - before == gain and s.fatigue[h] == 8 - gain


def test_cautious_hero_may_only_guard_reroll_and_cast_reactions():
    s = action_phase(game("clutches", 3).new_initial_state(0),
                     stances={"conan": 1, "shevatas": 1})
    c, hd = hero(s, "conan"), hero(s, "hadrathus")
    yard = area(s, "west_yard")
    position.set_hero(s, c, area=yard)
    position.set_hero(s, hd, area=yard)
    position.set_model(s, model(s, "pict_hunters_blue"), area=yard)
    position.hand_turn(s, c)
    for seg in ("move", "melee", "ranged", "pickup", "drop", "chest", "throw", "spell"):
        assert legal(s, seg) == []
    position.hand_turn(s, hd)
    position.set_hero(s, hd, stance=2, halo=0)
    halo = s.game.spell_index["mitras_halo"]
    assert legal(s, "spell") == [halo]                 # a reaction spell, not Lightning Storm


def test_unarmed_attack_loses_two_symbols():
    for symbols, dead in ((2, False), (3, True)):
        s = action_phase(game("clutches", 3).new_initial_state(1))
        sh = hero(s, "shevatas")
        hy = model(s, "hyenas")
        position.set_hero(s, sh, area="totem")
        position.set_model(s, hy, area="totem")
        position.set_overlord(s, reserve=0)
        position.hand_turn(s, sh)
        act(s, "melee", hy)
        act(s, "gems", 2)
        position.load_dice(s, ("O", min(2, symbols)), ("O", symbols - min(2, symbols)))
        act(s, "equip", s.game.num_objects)             # unarmed
        if s.decision() == "reroll":
            act(s, "keep")
        assert (s.u_area[hy] < 0) == dead               # hyenas: armor 0


def test_ranged_attack_needs_a_ranged_weapon_and_line_of_sight():
    s = action_phase(game("clutches", 3).new_initial_state(1))
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    hunter = model(s, "pict_hunters_blue")
    position.set_hero(s, c, area="totem")
    position.set_hero(s, sh, area="totem")
    position.set_model(s, hunter, area="hut_5")  # the flap blocks sight
    assert legal(s, "ranged") == []
    position.set_model(s, hunter, area="east_yard")
    assert legal(s, "ranged") == [hunter]
    position.place_object(s, obj(s, "battle_axe"), "totem")    # Conan without a ranged weapon
    assert legal(s, "ranged") == []
    position.hand_turn(s, sh)
    assert legal(s, "ranged") == [hunter]


def test_throwing_knives_stay_with_the_hero_and_elevation_adds_a_yellow_die():
    s = action_phase(game("clutches", 3).new_initial_state(1))
    sh = hero(s, "shevatas")
    hunter = model(s, "pict_hunters_blue")
    position.set_hero(s, sh, area="rocks")
    position.set_model(s, hunter, area="shrine_path")
    position.set_overlord(s, reserve=0)
    position.hand_turn(s, sh)
    knives = obj(s, "throwing_knives")
    act(s, "ranged", hunter)
    act(s, "gems", 1)
    position.load_dice(s, ("O", 0), ("Y", 0), ("Y", 0))
    act(s, "equip", knives)
    assert s.frame().dice == [1, 0, 0]             # orange gem die, knives, elevation
    act(s, "keep")
    assert s.o_loc[knives] == -1 - sh


def test_lower_areas_do_not_see_the_rocks():
    s = action_phase(game("clutches", 3).new_initial_state(1))
    rocks, path = area(s, "rocks"), area(s, "shrine_path")
    assert mv.line_of_sight(s, rocks, path) and not mv.line_of_sight(s, path, rocks)


def _ranged_at(s, unit_key, target_hero, rolls):
    g = s.game
    slot = s.river.index(g.tile_index[unit_key])
    end_heroes_turn(s)
    position.set_overlord(s, reserve=6)
    act(s, "activate", slot)
    position.load_dice(s, *rolls)
    act(s, "hero", target_hero)


def test_only_shields_against_ranged_attacks_and_archers_shoot_down_with_a_bonus_die():
    s = action_phase(game("tigress", 3).new_initial_state(2))
    c = hero(s, "conan")
    archer = model(s, "bossonian_archers")
    position.set_model(s, archer, area="vandal_poop")  # elevation 2 over the deck's 1
    position.set_model(s, model(s, "skuthus"), area="vandal_hold")
    _ranged_at(s, "bossonian_archers", c, [("Y", 2), ("Y", 2), ("Y", 1)])
    fr = s.frame()
    assert fr.kind == "reroll" and fr.dice == [0, 0, 0]
    act(s, "keep")
    position.load_dice(s, ("O", 0), ("Y", 0))
    act(s, "gems", 1)
    # the Sword cannot parry a shot: dodging is the only way, so no item is asked for
    assert s.decision() == "reroll" and s.frame().dice == [1, 0]


def test_sword_parries_a_melee_attack():
    s = action_phase(game("tigress", 3).new_initial_state(2))
    c = hero(s, "conan")
    pirate = model(s, "pirates")
    position.set_hero(s, c, area="vandal_bow")
    position.set_model(s, pirate, area="vandal_bow")
    _ranged_at(s, "pirates", c, [("O", 2)])
    if s.decision() == "reroll":
        act(s, "keep")
    position.load_dice(s, ("O", 0), ("Y", 0), ("Y", 0))
    act(s, "gems", 1)
    sword = obj(s, "sword")
    assert legal(s, "equip") == [sword, s.game.num_objects]


def test_throw_miss_lands_along_the_line_and_a_hero_there_may_catch():
    s = action_phase(game("clutches", 3).new_initial_state(3))
    sh, hd = hero(s, "shevatas"), hero(s, "hadrathus")
    start, mid, goal = area(s, "south_edge"), area(s, "south_gate"), area(s, "totem")
    assert s.game.board.dist[start][goal] == 2 and s.game.board.next_hop[start][goal] == mid
    position.set_hero(s, sh, area=start)
    position.set_hero(s, hd, area=mid)
    position.hand_turn(s, sh)
    kris = obj(s, "kris")
    act(s, "throw", kris)
    act(s, "area", goal)
    position.load_dice(s, ("R", 1))
    act(s, "gems", 1)
    act(s, "keep")
    assert s.o_loc[kris] == mid
    assert s.decision() == "catch" and s.current_player() == hd
    act(s, "yes")
    assert s.o_loc[kris] == -1 - hd and s.spaces[hd][3] == 1


def test_occupied_areas_cannot_be_entered_but_are_in_melee_range():
    s = action_phase(game("clutches", 3).new_initial_state(4))
    c = hero(s, "conan")
    yard, hut = area(s, "west_yard"), area(s, "hut_4")
    position.set_hero(s, c, area=yard)
    hunters = [model(s, "pict_hunters_blue", k) for k in range(3)]
    for m in hunters:
        position.set_model(s, m, area=hut)
    position.hand_turn(s, c)
    assert hut not in legal(s, "move")
    assert sorted(legal(s, "melee")) == sorted(hunters)


def test_wall_wrecker_breaks_a_wooden_wall_for_two_extra_points():
    s = action_phase(game("clutches", 3).new_initial_state(4))
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    hut, path = area(s, "hut_1"), area(s, "shrine_path")
    position.set_hero(s, c, area=path)
    position.set_hero(s, sh, area=path)
    assert mv.move_cost(s, ("h", c), path, hut) == 3
    assert mv.move_cost(s, ("h", sh), path, hut) == -1
    assert mv.move_cost(s, ("h", c), area(s, "hut_2"), area(s, "rocks")) == -1  # stone
    position.hand_turn(s, c)
    position.set_hero(s, c, reserve=6)
    act(s, "move", hut)
    assert s.h_area[c] == hut and (min(hut, path), max(hut, path)) in s.broken
    assert mv.line_of_sight(s, path, hut)
    assert mv.move_cost(s, ("h", sh), path, hut) == 1


def test_evasive_shevatas_leaves_the_snake_conan_cannot():
    s = action_phase(game("clutches", 3).new_initial_state(4))
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    yard = area(s, "west_yard")
    position.set_hero(s, c, area=yard)
    position.set_hero(s, sh, area=yard)
    position.set_model(s, model(s, "giant_snake"), area=yard)
    assert mv.blocked_in(s, ("h", c)) and not mv.blocked_in(s, ("h", sh))
    assert mv.move_cost(s, ("h", sh), yard, area(s, "totem")) == 1   # never hindered


def test_extra_movement_costs_a_gem_each_within_the_move_limit():
    s = action_phase(game("clutches", 3).new_initial_state(5))
    hd = hero(s, "hadrathus")
    position.set_hero(s, hd, area="south_edge", reserve=8)
    position.hand_turn(s, hd)
    assert s.mp[hd] == 2
    route = ["south_gate", "totem", "west_yard", "north_path", "shrine_path"]
    for name in route[:4]:
        act(s, "move", area(s, name))
    assert s.spaces[hd][4] == 2 and s.mp[hd] == 0
    assert legal(s, "move") == []                       # Move exertion limit 2 reached


def test_encumbrance_drops_skills_and_movement_and_forces_a_drop():
    s = action_phase(game("clutches", 3).new_initial_state(6))
    c, hd = hero(s, "conan"), hero(s, "hadrathus")
    assert mv.encumbrance(s, c) == 7 and mv.base_movement(s, c) == 2
    assert mv.hero_skill(s, c, "climb")
    mail = obj(s, "chain_mail")
    position.place_object(s, mail, ("hero", c))  # 10: climb lost, move -2
    assert not mv.hero_skill(s, c, "climb") and mv.hero_skill(s, c, "wall_wrecker")
    assert mv.base_movement(s, c) == 0
    position.place_object(s, mail, ("hero", hd))  # Hadrathus 1 + 3 = 4
    assert mv.hero_skill(s, hd, "spell_caster")
    position.place_object(s, obj(s, "buckler"), ("hero", hd))              # 6: spells blocked, move -1
    assert not mv.hero_skill(s, hd, "spell_caster") and mv.base_movement(s, hd) == 1
    # Conan picks up an object over his maximum of 12 and must drop at once
    position.place_object(s, mail, s.h_area[c])
    position.place_object(s, obj(s, "crossbow"), ("hero", c))              # 10 + chain mail 3 = 13
    position.hand_turn(s, c)
    act(s, "pickup", mail)
    assert s.decision() == "must_drop" and s.current_player() == c
    act(s, "drop", obj(s, "shield"))
    assert s.decision() == "act" and mv.encumbrance(s, c) == 11


def test_hand_over_passes_each_companion_once_idle_and_the_phase_ends_when_all_stop():
    s = action_phase(game("clutches", 3).new_initial_state(7))
    first = s.current_player()
    assert len(legal(s, "hand")) == 2                   # the turn may go to anyone at once
    second = legal(s, "hand")[0]
    act(s, "hand", second)
    third = [h for h in legal(s, "hand") if h != first][0]
    act(s, "hand", third)
    assert legal(s, "hand") == []                       # two idle hand-overs: act or stop
    act(s, "move", legal(s, "move")[0])
    assert sorted(legal(s, "hand")) == sorted([first, second])
    act(s, "done")
    assert s.stopped[third] and s.decision() == "act"
    assert third not in legal(s, "hand")
    while s.decision() == "act":
        assert not s.stopped[s.current_player()]
        act(s, "done")
    assert s.decision() == "ov_turn" and s.stopped[first]


def test_yselda_is_hidden_from_the_heroes_until_a_hero_enters_her_hut():
    g = game("clutches", 3)
    a, b = g.new_initial_state(9), g.new_initial_state(9)
    act(a, "area", area(a, "hut_1"))
    act(b, "area", area(b, "hut_2"))
    for r in range(3):
        assert np.array_equal(a.observation(r), b.observation(r))
    assert not np.array_equal(a.observation(3), b.observation(3))
    seen = {a.resample_hidden(0, np.random.default_rng(k)).yselda_hut for k in range(40)}
    assert seen == set(g.huts)
    a = action_phase(a)
    c = hero(a, "conan")
    position.set_hero(a, c, area=area(a, "north_path"))
    position.hand_turn(a, c)
    act(a, "move", area(a, "hut_1"))
    assert a.o_loc[g.captive] == area(a, "hut_1")


def test_searched_huts_are_never_redrawn_for_yselda():
    g = game("clutches", 3)
    s = g.new_initial_state(9)
    act(s, "area", area(s, "hut_1"))
    for name in ("hut_2", "hut_3", "hut_4", "hut_5", "hut_6", "hut_7"):
        position.searched(s, name)
    seen = {s.resample_hidden(1, np.random.default_rng(k)).yselda_hut for k in range(30)}
    assert seen == {area(s, "hut_1"), area(s, "hut_8")}
    assert s.resample_hidden(3, np.random.default_rng(0)).yselda_hut == area(s, "hut_1")


def test_heroes_win_by_fleeing_with_yselda_and_the_head():
    s = action_phase(game("clutches", 3).new_initial_state(10))
    g = s.game
    c = hero(s, "conan")
    position.place_object(s, g.captive, ("hero", c))
    position.place_object(s, g.zogar_head, ("hero", c))
    for o in (obj(s, "battle_axe"), obj(s, "shield")):
        position.place_object(s, o, s.h_area[c])
    position.hand_turn(s, c)
    act(s, "flee")
    assert s.is_terminal() and s.returns() == [1.0, 1.0, 1.0, -1.0]


def test_killing_zogar_drops_his_head():
    s = action_phase(game("clutches", 3).new_initial_state(10))
    z = model(s, "zogar_sag")
    position.set_model(s, z, area="totem")
    s.damage_model(z, 5)
    assert s.o_loc[s.game.zogar_head] == area(s, "totem")


def test_belit_dies_overlord_wins_and_round_limit_favours_the_heroes():
    s = action_phase(game("tigress", 3).new_initial_state(11))
    b = hero(s, "belit")
    s.wound_hero(b, 20)
    s.edited().advance()   # a rule called outside a move: run the loop as a move would
    assert s.is_terminal() and s.returns()[-1] == 1.0
    t = action_phase(game("tigress", 3).new_initial_state(11))
    position.set_round(t, turn=7)
    end_heroes_turn(t)
    act(t, "done")
    assert t.is_terminal() and t.returns()[0] == 1.0


def test_wounds_come_from_the_reserve_first_and_the_hero_dies_with_all_gems_wounded():
    s = action_phase(game("clutches", 3).new_initial_state(12))
    sh = hero(s, "shevatas")
    position.set_hero(s, sh, reserve=3, fatigue=7)
    assert not s.wound_hero(sh, 4)
    assert s.reserve[sh] == 0 and s.fatigue[sh] == 6 and s.wounds[sh] == 4
    kris = obj(s, "kris")
    where = s.h_area[sh]
    assert s.wound_hero(sh, 6)
    assert s.h_state[sh] == 1 and s.o_loc[kris] == where and s.dead_heroes == 1


def test_falling_from_the_wall_rolls_fewer_dice_with_leap():
    for heavy, wounds in ((False, 2), (True, 3)):
        s = action_phase(game("ruined_fort", 2).new_initial_state(19))
        c = hero(s, "conan")
        wall, yard = area(s, "wall_west"), area(s, "courtyard_west")
        position.set_hero(s, c, area=wall)
        position.hand_turn(s, c)
        position.set_hero(s, c, reserve=2, fatigue=9)
        if heavy:   # encumbrance 10: Leap (limit 8) is lost
            position.place_object(s, obj(s, "chain_mail"), ("hero", c))
        assert yard in legal(s, "move")
        position.load_dice(s, ("R", 2), ("R", 1))
        act(s, "move", yard)
        if s.decision() == "reroll":
            assert s.frame().dice == ([2, 2] if heavy else [2])
            act(s, "keep")
        assert s.h_area[c] == yard and s.wounds[c] == wounds
        assert mv.move_cost(s, ("h", c), yard, wall) == -1   # no climbing back onto a wall


def test_failed_leap_hero_stays_minion_drowns():
    s = action_phase(game("tigress", 3).new_initial_state(20))
    c = hero(s, "conan")
    deck, vdeck = area(s, "tigress_deck"), area(s, "vandal_deck")
    position.set_hero(s, c, area=deck, reserve=0)
    position.hand_turn(s, c)
    position.load_dice(s, ("R", 0))
    act(s, "move", vdeck)
    assert s.h_area[c] == deck and s.mp[c] == 1
    position.load_dice(s, ("R", 1))
    act(s, "move", vdeck)
    assert s.h_area[c] == vdeck
    p = model(s, "pirates")
    position.set_model(s, p, area=vdeck)
    for h in range(3):
        position.set_hero(s, h, area="tigress_stern")
    end_heroes_turn(s)
    act(s, "activate", s.river.index(s.game.tile_index["pirates"]))
    position.load_dice(s, ("R", 0))
    act(s, "move", deck)
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.u_area[p] == -1


def test_explosive_orb_dropped_explodes_in_the_area():
    s = action_phase(game("clutches", 3).new_initial_state(21))
    sh = hero(s, "shevatas")
    orb = obj(s, "explosive_orb")
    position.place_object(s, orb, ("hero", sh))
    totem = area(s, "totem")
    position.set_hero(s, sh, area=totem)
    hy = model(s, "hyenas")
    position.set_model(s, hy, area=totem)
    position.set_overlord(s, reserve=0)
    position.hand_turn(s, sh)
    position.load_dice(s, ("R", 1), ("R", 0))
    act(s, "drop", orb)
    act(s, "keep")
    act(s, "order", hy)             # the thrower picks the order: the hyenas first
    assert s.u_area[hy] == -1 and s.o_loc[orb] == -10
    assert s.decision() == "guard" and s.current_player() == sh


def test_life_potion_heals_wounds_first():
    s = action_phase(game("clutches", 3).new_initial_state(22))
    c = hero(s, "conan")
    pot = obj(s, "life_potion")
    position.place_object(s, pot, ("hero", c))
    position.set_hero(s, c, wounds=1, fatigue=5, reserve=5)
    position.hand_turn(s, c)
    act(s, "use", pot)
    assert (s.wounds[c], s.fatigue[c], s.reserve[c]) == (0, 4, 7) and s.o_loc[pot] == -10


def test_gems_are_conserved_in_random_games():
    for sc in ("clutches", "tigress", "ruined_fort"):
        g = game(sc, 4)
        for seed in range(3):
            s = g.new_initial_state(seed)
            rng = np.random.default_rng(seed)
            while not s.is_terminal() and not s.is_truncated():
                s.apply_action(int(rng.choice(s.legal_actions())))
                for h in range(4):
                    total = (s.reserve[h] + s.fatigue[h] + s.wounds[h] + sum(s.spaces[h])
                             + sum(s.spell_gems[h]) + s.ally_gems[h])
                    assert total == g.heroes[h].life
                assert s.ov_reserve >= 0 and s.ov_fatigue >= 0
                assert all(v >= 0 for h in range(4) for v in s.spaces[h])


def test_move_options_agree_with_move_cost_in_random_games():
    from conan_envs.miniatures.movement import move_cost, move_options
    for sc in ("clutches", "tigress", "ruined_fort"):
        g = game(sc, 4)
        s = g.new_initial_state(3)
        rng = np.random.default_rng(3)
        while not s.is_terminal():
            for who in [("h", h) for h in s.heroes_in_play()] + [
                    ("u", m) for m, a in enumerate(s.u_area) if a >= 0]:
                a = s.h_area[who[1]] if who[0] == "h" else s.u_area[who[1]]
                want = [(b, move_cost(s, who, a, b)) for b in g.board.neighbors[a]]
                assert move_options(s, who, a) == [(b, c) for b, c in want if c >= 0]
            s.apply_action(int(rng.choice(s.legal_actions())))
