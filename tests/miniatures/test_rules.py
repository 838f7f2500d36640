"""The heroes' rules beyond the worked examples, with loaded dice and set-up boards."""
import numpy as np
import pytest

from conan_envs.miniatures import movement as mv

from .helpers import Loaded, act, action_phase, area, end_heroes_turn, game, hero, legal, model, obj, touch


@pytest.mark.parametrize("stance,dead,gain", [(0, 0, 2), (0, 1, 3), (0, 2, 4), (0, 3, 4),
                                              (1, 0, 5), (1, 1, 6), (1, 2, 7)])
def test_stance_recovery_by_dead_heroes(stance, dead, gain):
    s = game("ruined_fort", 2).new_initial_state(0)
    assert s.decision() == "stance"
    h = s.current_player()
    s.fatigue[h], s.reserve[h] = 8, s.game.heroes[h].life - 8
    s.dead_heroes = dead
    before = s.reserve[h]
    act(s, "stance", stance)
    assert s.reserve[h] - before == gain and s.fatigue[h] == 8 - gain


def test_cautious_hero_may_only_guard_reroll_and_cast_reactions():
    s = action_phase(game("clutches", 3).new_initial_state(0),
                     stances={"conan": 1, "shevatas": 1})
    c, hd = hero(s, "conan"), hero(s, "hadrathus")
    yard = area(s, "west_yard")
    s.h_area[c] = s.h_area[hd] = yard
    s.u_area[model(s, "pict_hunters_blue")] = yard
    s.stack[-1]["player"] = c
    touch(s)
    for seg in ("move", "melee", "ranged", "pickup", "drop", "chest", "throw", "spell"):
        assert legal(s, seg) == []
    s.stack[-1]["player"] = hd
    s.stance[hd], s.halo[hd] = 2, 0
    touch(s)
    halo = s.game.spell_index["mitras_halo"]
    assert legal(s, "spell") == [halo]                 # a reaction spell, not Lightning Storm


def test_unarmed_attack_loses_two_symbols():
    for symbols, dead in ((2, False), (3, True)):
        s = action_phase(game("clutches", 3).new_initial_state(1))
        sh = hero(s, "shevatas")
        hy = model(s, "hyenas")
        s.h_area[sh] = s.u_area[hy] = area(s, "totem")
        s.ov_reserve = 0
        s.stack[-1]["player"] = sh
        touch(s)
        act(s, "melee", hy)
        act(s, "gems", 2)
        s.rng = Loaded(("O", min(2, symbols)), ("O", symbols - min(2, symbols)))
        act(s, "equip", s.game.num_objects)             # unarmed
        if s.decision() == "reroll":
            act(s, "keep")
        assert (s.u_area[hy] < 0) == dead               # hyenas: armor 0


def test_ranged_attack_needs_a_ranged_weapon_and_line_of_sight():
    s = action_phase(game("clutches", 3).new_initial_state(1))
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    hunter = model(s, "pict_hunters_blue")
    s.h_area[c] = s.h_area[sh] = area(s, "totem")
    s.u_area[hunter] = area(s, "hut_5")                 # the flap blocks sight
    touch(s)
    assert legal(s, "ranged") == []
    s.u_area[hunter] = area(s, "east_yard")
    touch(s)
    assert legal(s, "ranged") == [hunter]
    s.o_loc[obj(s, "battle_axe")] = area(s, "totem")    # Conan without a ranged weapon
    touch(s)
    assert legal(s, "ranged") == []
    s.stack[-1]["player"] = sh
    touch(s)
    assert legal(s, "ranged") == [hunter]


def test_throwing_knives_stay_with_the_hero_and_elevation_adds_a_yellow_die():
    s = action_phase(game("clutches", 3).new_initial_state(1))
    sh = hero(s, "shevatas")
    hunter = model(s, "pict_hunters_blue")
    s.h_area[sh] = area(s, "rocks")
    s.u_area[hunter] = area(s, "shrine_path")
    s.ov_reserve = 0
    s.stack[-1]["player"] = sh
    touch(s)
    knives = obj(s, "throwing_knives")
    act(s, "ranged", hunter)
    act(s, "gems", 1)
    s.rng = Loaded(("O", 0), ("Y", 0), ("Y", 0))
    act(s, "equip", knives)
    assert s.stack[-1]["dice"] == [1, 0, 0]             # orange gem die, knives, elevation
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
    s.ov_reserve = 6
    touch(s)
    act(s, "activate", slot)
    s.rng = Loaded(*rolls)
    act(s, "hero", target_hero)


def test_only_shields_against_ranged_attacks_and_archers_shoot_down_with_a_bonus_die():
    s = action_phase(game("tigress", 3).new_initial_state(2))
    c = hero(s, "conan")
    archer = model(s, "bossonian_archers")
    s.u_area[archer] = area(s, "vandal_poop")          # elevation 2 over the deck's 1
    s.u_area[model(s, "skuthus")] = area(s, "vandal_hold")
    touch(s)
    _ranged_at(s, "bossonian_archers", c, [("Y", 2), ("Y", 2), ("Y", 1)])
    fr = s.stack[-1]
    assert fr["decision"] == "reroll" and fr["dice"] == [0, 0, 0]
    act(s, "keep")
    s.rng = Loaded(("O", 0), ("Y", 0))
    act(s, "gems", 1)
    # the Sword cannot parry a shot: dodging is the only way, so no item is asked for
    assert s.decision() == "reroll" and s.stack[-1]["dice"] == [1, 0]


def test_sword_parries_a_melee_attack():
    s = action_phase(game("tigress", 3).new_initial_state(2))
    c = hero(s, "conan")
    pirate = model(s, "pirates")
    s.h_area[c] = s.u_area[pirate] = area(s, "vandal_bow")
    touch(s)
    _ranged_at(s, "pirates", c, [("O", 2)])
    if s.decision() == "reroll":
        act(s, "keep")
    s.rng = Loaded(("O", 0), ("Y", 0), ("Y", 0))
    act(s, "gems", 1)
    sword = obj(s, "sword")
    assert legal(s, "equip") == [sword, s.game.num_objects]


def test_throw_miss_lands_along_the_line_and_a_hero_there_may_catch():
    s = action_phase(game("clutches", 3).new_initial_state(3))
    sh, hd = hero(s, "shevatas"), hero(s, "hadrathus")
    start, mid, goal = area(s, "south_edge"), area(s, "south_gate"), area(s, "totem")
    assert s.game.board.dist[start][goal] == 2 and s.game.board.next_hop[start][goal] == mid
    s.h_area[sh] = start
    s.h_area[hd] = mid
    s.stack[-1]["player"] = sh
    touch(s)
    kris = obj(s, "kris")
    act(s, "throw", kris)
    act(s, "area", goal)
    s.rng = Loaded(("R", 1))
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
    s.h_area[c] = yard
    hunters = [model(s, "pict_hunters_blue", k) for k in range(3)]
    for m in hunters:
        s.u_area[m] = hut
    s.stack[-1]["player"] = c
    touch(s)
    assert hut not in legal(s, "move")
    assert sorted(legal(s, "melee")) == sorted(hunters)


def test_wall_wrecker_breaks_a_wooden_wall_for_two_extra_points():
    s = action_phase(game("clutches", 3).new_initial_state(4))
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    hut, path = area(s, "hut_1"), area(s, "shrine_path")
    s.h_area[c] = s.h_area[sh] = path
    assert mv.move_cost(s, ("h", c), path, hut) == 3
    assert mv.move_cost(s, ("h", sh), path, hut) == -1
    assert mv.move_cost(s, ("h", c), area(s, "hut_2"), area(s, "rocks")) == -1  # stone
    s.stack[-1]["player"] = c
    s.reserve[c] = 6
    touch(s)
    act(s, "move", hut)
    assert s.h_area[c] == hut and (min(hut, path), max(hut, path)) in s.broken
    assert mv.line_of_sight(s, path, hut)
    assert mv.move_cost(s, ("h", sh), path, hut) == 1


def test_evasive_shevatas_leaves_the_snake_conan_cannot():
    s = action_phase(game("clutches", 3).new_initial_state(4))
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    yard = area(s, "west_yard")
    s.h_area[c] = s.h_area[sh] = yard
    s.u_area[model(s, "giant_snake")] = yard
    assert mv.blocked_in(s, ("h", c)) and not mv.blocked_in(s, ("h", sh))
    assert mv.move_cost(s, ("h", sh), yard, area(s, "totem")) == 1   # never hindered


def test_extra_movement_costs_a_gem_each_within_the_move_limit():
    s = action_phase(game("clutches", 3).new_initial_state(5))
    hd = hero(s, "hadrathus")
    s.h_area[hd] = area(s, "south_edge")
    s.reserve[hd] = 8
    s.stack[-1]["player"] = hd
    touch(s)
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
    s.o_loc[mail] = -1 - c                              # 10: climb lost, move -2
    assert not mv.hero_skill(s, c, "climb") and mv.hero_skill(s, c, "wall_wrecker")
    assert mv.base_movement(s, c) == 0
    s.o_loc[mail] = -1 - hd                             # Hadrathus 1 + 3 = 4
    assert mv.hero_skill(s, hd, "spell_caster")
    s.o_loc[obj(s, "buckler")] = -1 - hd                # 6: spells blocked, move -1
    assert not mv.hero_skill(s, hd, "spell_caster") and mv.base_movement(s, hd) == 1
    # Conan picks up an object over his maximum of 12 and must drop at once
    s.o_loc[mail] = s.h_area[c]
    s.o_loc[obj(s, "crossbow")] = -1 - c                # 10 + chain mail 3 = 13
    s.stack[-1]["player"] = c
    touch(s)
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
    a.h_area[c] = area(a, "north_path")
    a.stack[-1]["player"] = c
    touch(a)
    act(a, "move", area(a, "hut_1"))
    assert a.o_loc[g.captive] == area(a, "hut_1")


def test_searched_huts_are_never_redrawn_for_yselda():
    g = game("clutches", 3)
    s = g.new_initial_state(9)
    act(s, "area", area(s, "hut_1"))
    for name in ("hut_2", "hut_3", "hut_4", "hut_5", "hut_6", "hut_7"):
        s.searched[area(s, name)] = True
    seen = {s.resample_hidden(1, np.random.default_rng(k)).yselda_hut for k in range(30)}
    assert seen == {area(s, "hut_1"), area(s, "hut_8")}
    assert s.resample_hidden(3, np.random.default_rng(0)).yselda_hut == area(s, "hut_1")


def test_heroes_win_by_fleeing_with_yselda_and_the_head():
    s = action_phase(game("clutches", 3).new_initial_state(10))
    g = s.game
    c = hero(s, "conan")
    s.o_loc[g.captive] = s.o_loc[g.zogar_head] = -1 - c
    for o in (obj(s, "battle_axe"), obj(s, "shield")):
        s.o_loc[o] = s.h_area[c]
    s.stack[-1]["player"] = c
    touch(s)
    act(s, "flee")
    assert s.is_terminal() and s.returns() == [1.0, 1.0, 1.0, -1.0]


def test_killing_zogar_drops_his_head():
    s = action_phase(game("clutches", 3).new_initial_state(10))
    z = model(s, "zogar_sag")
    s.u_area[z] = area(s, "totem")
    s.damage_model(z, 5)
    assert s.o_loc[s.game.zogar_head] == area(s, "totem")


def test_belit_dies_overlord_wins_and_round_limit_favours_the_heroes():
    s = action_phase(game("tigress", 3).new_initial_state(11))
    b = hero(s, "belit")
    s.wound_hero(b, 20)
    s._advance()
    assert s.is_terminal() and s.returns()[-1] == 1.0
    t = action_phase(game("tigress", 3).new_initial_state(11))
    t.turn = 7
    end_heroes_turn(t)
    act(t, "done")
    assert t.is_terminal() and t.returns()[0] == 1.0


def test_wounds_come_from_the_reserve_first_and_the_hero_dies_with_all_gems_wounded():
    s = action_phase(game("clutches", 3).new_initial_state(12))
    sh = hero(s, "shevatas")
    s.reserve[sh], s.fatigue[sh] = 3, 7
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
        s.h_area[c] = wall
        s.stack[-1]["player"] = c
        s.reserve[c], s.fatigue[c] = 2, 9
        if heavy:   # encumbrance 10: Leap (limit 8) is lost
            s.o_loc[obj(s, "chain_mail")] = -1 - c
        touch(s)
        assert yard in legal(s, "move")
        s.rng = Loaded(("R", 2), ("R", 1))
        act(s, "move", yard)
        if s.decision() == "reroll":
            assert s.stack[-1]["dice"] == ([2, 2] if heavy else [2])
            act(s, "keep")
        assert s.h_area[c] == yard and s.wounds[c] == wounds
        assert mv.move_cost(s, ("h", c), yard, wall) == -1   # no climbing back onto a wall


def test_failed_leap_hero_stays_minion_drowns():
    s = action_phase(game("tigress", 3).new_initial_state(20))
    c = hero(s, "conan")
    deck, vdeck = area(s, "tigress_deck"), area(s, "vandal_deck")
    s.h_area[c] = deck
    s.reserve[c] = 0
    s.stack[-1]["player"] = c
    touch(s)
    s.rng = Loaded(("R", 0))
    act(s, "move", vdeck)
    assert s.h_area[c] == deck and s.mp[c] == 1
    s.rng = Loaded(("R", 1))
    act(s, "move", vdeck)
    assert s.h_area[c] == vdeck
    p = model(s, "pirates")
    s.u_area[p] = vdeck
    for h in range(3):
        s.h_area[h] = area(s, "tigress_stern")
    touch(s)
    end_heroes_turn(s)
    act(s, "activate", s.river.index(s.game.tile_index["pirates"]))
    s.rng = Loaded(("R", 0))
    act(s, "move", deck)
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.u_area[p] == -1


def test_explosive_orb_dropped_explodes_in_the_area():
    s = action_phase(game("clutches", 3).new_initial_state(21))
    sh = hero(s, "shevatas")
    orb = obj(s, "explosive_orb")
    s.o_loc[orb] = -1 - sh
    totem = area(s, "totem")
    s.h_area[sh] = totem
    hy = model(s, "hyenas")
    s.u_area[hy] = totem
    s.ov_reserve = 0
    s.stack[-1]["player"] = sh
    touch(s)
    s.rng = Loaded(("R", 1), ("R", 0))
    act(s, "drop", orb)
    act(s, "keep")
    assert s.u_area[hy] == -1 and s.o_loc[orb] == -10
    assert s.decision() == "guard" and s.current_player() == sh


def test_life_potion_heals_wounds_first():
    s = action_phase(game("clutches", 3).new_initial_state(22))
    c = hero(s, "conan")
    pot = obj(s, "life_potion")
    s.o_loc[pot] = -1 - c
    s.wounds[c], s.fatigue[c], s.reserve[c] = 1, 5, 5
    s.stack[-1]["player"] = c
    touch(s)
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
