"""The Overlord's turn, allies, spells and special skills, with loaded dice."""
from conan_envs.miniatures import movement as mv
from conan_envs.miniatures import position
from conan_envs.miniatures.game import SLOT_COSTS

from .helpers import act, action_phase, area, end_heroes_turn, game, hero, legal, model, obj


def test_river_activation_cost_moves_the_tile_to_the_end_and_two_at_most():
    s = action_phase(game("clutches", 3).new_initial_state(8))
    for m in s.game.tile_models[s.game.tile_index["pict_hunters_green"]]:
        position.set_model(s, m, area="ne_path")
    position.set_model(s, model(s, "zogar_sag"), area="totem")
    position.set_overlord(s, reserve=3, fatigue=6)
    end_heroes_turn(s)
    assert s.ov_reserve == 3 + 5 and s.ov_fatigue == 1  # recovery 5 (3 heroes)
    river = list(s.river)
    zogar = s.game.tile_index["zogar_sag"]
    slot = river.index(zogar)
    act(s, "activate", slot)
    assert s.river[-1] == zogar and s.ov_reserve == 8 - SLOT_COSTS[slot]
    act(s, "done")
    green = s.game.tile_index["pict_hunters_green"]
    act(s, "activate", s.river.index(green))
    assert s.decision() == "unit"
    while s.decision() == "unit":
        act(s, "done")
    # two activations made: nothing is left to choose, the round ends
    assert s.decision() == "stance" and s.turn == 1


def test_leadership_activates_each_ally_once_with_base_movement_and_bought_points():
    s = action_phase(game("tigress", 3).new_initial_state(13))
    b = hero(s, "belit")
    g = s.game
    guard = g.tile_models[g.ally_tile][0]
    position.set_model(s, guard, area="tigress_bow")
    position.set_hero(s, b, reserve=6)
    position.hand_turn(s, b)
    assert guard in legal(s, "ally")
    act(s, "ally", guard)
    assert s.ally_gems[b] == 1 and s.decision() == "ally_act"
    for name in ("tigress_deck", "tigress_mast", "tigress_stern"):
        act(s, "move", area(s, name))
    assert s.frame().mp == 0 and s.ally_gems[b] == 1
    act(s, "move", area(s, "tigress_mast"))              # bought with a gem
    assert s.ally_gems[b] == 2
    act(s, "done")
    assert guard not in legal(s, "ally")


def test_allies_can_sacrifice_themselves_for_belit():
    s = action_phase(game("tigress", 3).new_initial_state(14))
    b = hero(s, "belit")
    g = s.game
    guard = g.tile_models[g.ally_tile][0]
    pirate = model(s, "pirates")
    deck = area(s, "tigress_deck")
    for h in range(3):
        position.set_hero(s, h, area="tigress_stern" if h != b else deck)
    position.set_model(s, guard, area=deck)
    position.set_model(s, pirate, area=deck)
    end_heroes_turn(s)
    act(s, "activate", s.river.index(g.tile_index["pirates"]))
    position.load_dice(s, ("O", 2))
    act(s, "hero", b)
    if s.decision() == "reroll":
        act(s, "keep")
    # "Defending with a Hero": Sacrifice is a reaction, once the attack power is known
    assert s.decision() == "sacrifice" and s.current_player() == b
    assert s.frame().context.power == 2
    act(s, "sacrifice", guard)
    assert s.u_area[guard] == -1 and s.wounds[b] == 0   # 2 against armor 1, no Guard


def test_protected_skuthus_cannot_be_attacked_beside_the_archers():
    s = action_phase(game("tigress", 3).new_initial_state(15))
    c = hero(s, "conan")
    poop = area(s, "vandal_poop")
    sk, ar = model(s, "skuthus"), model(s, "bossonian_archers")
    position.set_hero(s, c, area=poop)
    position.set_model(s, sk, area=poop)
    position.set_model(s, ar, area=poop)
    position.hand_turn(s, c)
    assert legal(s, "melee") == [ar]
    position.set_model(s, ar, area="off")
    assert legal(s, "melee") == [sk]


def test_lightning_storm_hits_everyone_in_the_area_heroes_included():
    s = action_phase(game("clutches", 3).new_initial_state(16))
    hd, c = hero(s, "hadrathus"), hero(s, "conan")
    position.set_hero(s, hd, area="south_gate")
    yard = area(s, "totem")
    position.set_hero(s, c, area=yard)
    hunters = [model(s, "pict_hunters_blue", k) for k in range(2)]
    for m in hunters:
        position.set_model(s, m, area=yard)
    position.set_overlord(s, reserve=0)
    position.set_hero(s, hd, reserve=6)
    position.hand_turn(s, hd)
    storm = s.game.spell_index["lightning_storm"]
    act(s, "spell", storm)
    position.load_dice(s, ("R", 2), ("R", 1))
    act(s, "area", yard)
    act(s, "keep")
    # "The attacker resolves the attacks in the order of their choice"
    assert s.decision() == "area_order" and s.current_player() == hd
    n = s.game.num_models
    assert sorted(legal(s, "order")) == sorted(hunters + [n + c])
    act(s, "order", hunters[1])
    act(s, "order", hunters[0])
    assert all(s.u_area[m] == -1 for m in hunters)      # 3 against armor 1
    assert s.decision() == "guard" and s.current_player() == c   # the last one: no question
    position.load_dice(s, ("O", 2), ("O", 2), ("Y", 0))
    act(s, "gems", 2)
    assert legal(s, "equip") == [obj(s, "shield"), s.game.num_objects]   # no axe parry
    assert s.spell_gems[hd][storm] == 3


def test_teleportation_costs_a_gem_per_area_and_ignores_walls():
    s = action_phase(game("clutches", 3).new_initial_state(17))
    hd = hero(s, "hadrathus")
    position.set_hero(s, hd, area="shrine_path", reserve=5)
    position.hand_turn(s, hd)
    tp = s.game.spell_index["teleportation"]
    act(s, "spell", tp)
    assert area(s, "hut_1") in legal(s, "area")
    act(s, "area", area(s, "totem"))
    assert s.h_area[hd] == area(s, "totem") and s.spell_gems[hd][tp] == 1


def test_mitras_halo_adds_two_armor_until_hadrathus_turns_aggressive():
    s = game("clutches", 3).new_initial_state(18)
    hd = hero(s, "hadrathus")
    assert s.halo[hd] == 2                               # cast at the start of the scenario
    s = action_phase(s, stances={"hadrathus": 1})
    assert s.halo[hd] == 2
    t = action_phase(game("clutches", 3).new_initial_state(18))
    assert t.halo[hd] == 0


def test_attack_from_beyond_when_belit_dies():
    s = action_phase(game("clutches", 4).new_initial_state(23))
    b = hero(s, "belit")
    totem = area(s, "totem")
    position.set_hero(s, b, area=totem)
    hy = model(s, "hyenas")
    position.set_model(s, hy, area=totem)
    position.set_overlord(s, reserve=0)
    s.wound_hero(b, 20)
    s.edited()   # a rule called outside a move: the run loop did not settle the stack
    assert s.decision() == "beyond" and s.current_player() == b
    position.load_dice(s, ("R", 1), ("R", 0), ("R", 0))
    act(s, "melee", hy)
    assert s.u_area[hy] == -1                           # 1 against armor 0


def test_skuthus_energy_drain_paid_from_the_overlords_reserve():
    s = action_phase(game("tigress", 3).new_initial_state(24))
    c = hero(s, "conan")
    sk = model(s, "skuthus")
    position.set_model(s, sk, area="vandal_poop")
    for h in range(3):
        position.set_hero(s, h, area="tigress_bow")
    position.set_hero(s, c, area="vandal_deck")          # adjacent to the poop deck, in sight
    end_heroes_turn(s)
    position.set_overlord(s, reserve=6, fatigue=6)
    act(s, "activate", s.river.index(s.game.tile_index["skuthus"]))     # slot cost 4
    drain = s.game.spell_index["energy_drain"]
    assert drain in legal(s, "spell")
    before = (s.ov_reserve, s.ov_fatigue, s.reserve[c], s.fatigue[c])
    act(s, "spell", drain)     # Conan is the only hero in reach: no target is asked for
    assert (s.ov_reserve, s.ov_fatigue) == (before[0] - 1 + 3, before[1] + 1 - 3)
    assert (s.reserve[c], s.fatigue[c]) == (before[2] - 1, before[3] + 1)
    assert drain not in legal(s, "spell")                # exertion limit 1


def test_mitras_healing_and_set_bite_and_telekinesis():
    s = action_phase(game("ruined_fort", 3).new_initial_state(25))
    hd, c = hero(s, "hadrathus"), hero(s, "conan")
    yard = area(s, "courtyard_west")
    position.set_hero(s, hd, area=yard, reserve=8, fatigue=10 - 8 - s.wounds[hd])
    position.set_hero(s, c, area=yard, wounds=3, reserve=s.reserve[c] - 3)   # 3 gems wounded
    position.hand_turn(s, hd)
    heal = s.game.spell_index["mitras_healing"]
    act(s, "spell", heal)
    assert legal(s, "hero") == [c]
    position.load_dice(s, ("O", 2))
    act(s, "hero", c)
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.wounds[c] == 1 and s.spell_gems[hd][heal] == 2
    bite = s.game.spell_index["set_bite"]
    guard = model(s, "bossonian_guards_red")
    position.set_model(s, guard, area="courtyard_east")
    position.set_overlord(s, reserve=3, fatigue=0)
    act(s, "spell", bite)
    position.load_dice(s, ("O", 2), ("O", 2))
    act(s, "target", guard)
    if s.decision() == "reroll":
        act(s, "keep")
    assert (s.ov_reserve, s.ov_fatigue) == (2, 1)        # the controller loses a gem
    act(s, "gems", 0)                                    # the Overlord does not Guard
    assert s.u_area[guard] == -1                         # 4 against armor 2
    tk = s.game.spell_index["telekinesis"]
    dagger = obj(s, "dagger")
    position.place_object(s, dagger, "well")
    act(s, "spell", tk)
    act(s, "pickup", dagger)
    assert s.o_loc[dagger] == -1 - hd



def _tigress_event(seed):
    s = action_phase(game("tigress", 3).new_initial_state(seed))
    end_heroes_turn(s)
    position.set_overlord(s, reserve=8)
    act(s, "activate", s.river.index(s.game.tile_index["event"]))
    assert s.decision() == "event"
    return s


def test_tigress_event_outer_dark_demon_replaces_skuthus():
    s = _tigress_event(26)
    g = s.game
    sk, demon = model(s, "skuthus"), model(s, "outer_dark_demon")
    where = s.u_area[sk]
    slot = s.river.index(g.tile_index["skuthus"])
    act(s, "event", 1)
    assert s.u_area[sk] == -1 and s.u_area[demon] == where and s.u_life[demon] == 6
    assert s.river[slot] == g.tile_index["outer_dark_demon"]


def test_tigress_event_reinforcements_return_dead_pirates():
    s = _tigress_event(27)
    g = s.game
    t = g.tile_index["pirates"]
    act(s, "event", 0)
    assert s.decision() == "reinforce" and s.frame().pts == 6
    act(s, "reinforce", t)
    act(s, "area", area(s, "vandal_hold"))
    assert sum(1 for m in g.tile_models[t] if s.u_area[m] == area(s, "vandal_hold")) == 1
    assert s.frame().pts == 5


def test_tigress_event_volley_ranged_attacks_with_melee_dice():
    s = _tigress_event(28)
    c = hero(s, "conan")
    pirate = model(s, "pirates")
    position.set_model(s, pirate, area="vandal_deck")
    act(s, "event", 2)
    assert s.decision() == "unit" and s.frame().model == pirate and s.frame().mp == 0
    assert legal(s, "move") == [] and c in legal(s, "hero")
    position.load_dice(s, ("O", 1))
    act(s, "hero", c)
    fr = s.frame()
    assert fr.kind in ("reroll", "guard")
    c_ctx = fr.context
    assert c_ctx.kind == "ranged"


def _heart(seed):
    return action_phase(game("heart_of_darkness", 3).new_initial_state(seed))


def test_petrified_monsters_are_not_on_the_board_until_an_event_frees_one():
    s = game("heart_of_darkness", 3).new_initial_state(29)
    g = s.game
    snake = model(s, "giant_snake")
    assert s.u_area[snake] == -1 and g.tile_index["giant_snake"] in s.petrified
    s = _heart(29)
    end_heroes_turn(s)
    position.set_overlord(s, reserve=8)
    act(s, "activate", s.river.index(g.tile_index["event"]))
    assert s.decision() == "event"
    assert legal(s, "event") == [0, 3]                  # no volley or demon here
    act(s, "event", 3)
    assert sorted(legal(s, "free")) == sorted(s.petrified)
    act(s, "free", g.tile_index["giant_snake"])
    assert s.u_area[snake] == area(s, "courtyard_west") and s.u_life[snake] == 8
    assert s.river[-1] == g.tile_index["giant_snake"] and s.river.count(-1) == 2


def test_no_freeing_while_two_monster_tiles_are_in_the_river():
    s = _heart(30)
    g = s.game
    from conan_envs.miniatures.overlord import freeable
    position.set_model(s, model(s, "dark_demon"), area="courtyard_east")
    assert freeable(s)
    t = g.tile_index["giant_snake"]
    position.unpetrify(s, t)
    position.set_river_slot(s, s.river.index(-1), t)
    position.set_model(s, model(s, "giant_snake"), area="courtyard_west")
    assert freeable(s) == []


def test_jinx_forbids_every_reroll_near_the_dark_demon():
    s = _heart(31)
    c = hero(s, "conan")
    demon = model(s, "dark_demon")
    yard = area(s, "courtyard_east")
    position.set_hero(s, c, area=yard, reserve=6)
    position.set_model(s, demon, area=yard)
    position.set_overlord(s, reserve=0)
    position.hand_turn(s, c)
    position.load_dice(s, ("R", 0), ("O", 0))
    act(s, "melee", demon)
    act(s, "gems", 1)
    act(s, "equip", obj(s, "sword"))                    # O* would give a free reroll
    assert s.decision() == "act" and s.spaces[c][5] == 0


def test_yuetshi_knife_drops_khosatral_khels_armor_to_3():
    for knife, wounded in ((False, False), (True, True)):
        s = _heart(32)
        g = s.game
        b = hero(s, "belit")
        kk = model(s, "khosatral_khel")
        position.unpetrify(s, g.tile_index["khosatral_khel"])
        position.set_model(s, kk, area="rock_slide", life=7)
        position.set_hero(s, b, area="rock_slide", reserve=6)
        position.set_overlord(s, reserve=0)
        position.hand_turn(s, b)
        position.load_dice(s, ("O", 2), ("O", 2), ("O", 1))
        act(s, "melee", kk)
        act(s, "gems", 2)
        act(s, "equip", obj(s, "yuetshi_knife") if knife else obj(s, "ornamental_spear"))
        act(s, "keep")
        assert (s.u_life[kk] < 7) == wounded            # power 5: vs 3 hurts, vs 12 not


def test_skuthus_casts_set_bite_and_the_hero_loses_a_gem():
    s = _heart(33)
    c = hero(s, "conan")
    sk = model(s, "skuthus")
    for h in range(3):
        position.set_hero(s, h, area="outside_south")
    position.set_hero(s, c, area="courtyard_east")       # the tower sees the courtyard
    end_heroes_turn(s)
    position.set_overlord(s, reserve=6)
    act(s, "activate", s.river.index(s.game.tile_index["skuthus"]))
    bite = s.game.spell_index["set_bite"]
    assert s.frame().model == sk and bite in legal(s, "spell")
    reserve = s.reserve[c]
    position.load_dice(s, ("O", 2), ("O", 1))
    act(s, "spell", bite)      # Conan is the only hero in sight: no target is asked for
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.decision() == "guard" and s.frame().context.power == 3
    assert s.reserve[c] == reserve - 1


def test_khosatral_circular_strike_carries_on_to_another_hero():
    s = _heart(34)
    sh, c = hero(s, "shevatas"), hero(s, "conan")
    kk = model(s, "khosatral_khel")
    position.unpetrify(s, "khosatral_khel")
    position.set_river_slot(s, 0, "khosatral_khel")
    slide = area(s, "rock_slide")
    position.set_model(s, kk, area=slide, life=7)
    position.set_hero(s, sh, area=slide)
    position.set_hero(s, c, area=slide)
    position.set_hero(s, hero(s, "belit"), area="outside_south")
    end_heroes_turn(s)
    position.set_overlord(s, reserve=4)
    position.set_hero(s, sh, reserve=0, fatigue=2, wounds=8, spaces=[0] * 6)
    act(s, "activate", 0)
    position.load_dice(s, ("R", 3), ("R", 3), ("R", 2))
    act(s, "hero", sh)
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.h_state[sh] == 1                            # 8 power, 2 life left: dead
    assert s.decision() == "circular" and s.frame().left == 8 - 0 - 2
    assert legal(s, "hero") == [c]


def _ophir(seed):
    return action_phase(game("ophir", 3).new_initial_state(seed))


def test_ophir_conan_starts_in_his_cell_and_picks_the_door_at_difficulty_2():
    s = _ophir(35)
    c = hero(s, "conan")
    cell, corridor = area(s, "cell_conan"), area(s, "corridor")
    assert s.h_area[c] == cell and legal(s, "move") == []
    position.set_hero(s, c, reserve=8)
    assert legal(s, "door") == [corridor]
    for symbols, opened in ((1, False), (2, True)):
        t = s.clone()
        position.load_dice(t, ("O", symbols))
        act(t, "door", corridor)
        act(t, "gems", 1)
        if t.decision() == "reroll":
            act(t, "keep")
        assert (corridor in legal(t, "move")) == opened


def test_ophir_doors_cost_one_more_then_vanish_and_stop_hyenas():
    s = _ophir(36)
    sh = hero(s, "shevatas")
    yard, barracks = area(s, "courtyard_east"), area(s, "barracks")
    position.set_hero(s, sh, area=yard)
    assert mv.move_cost(s, ("h", sh), yard, barracks) == 2
    assert not mv.line_of_sight(s, yard, barracks)
    hy = model(s, "hyenas")
    position.set_model(s, hy, area=barracks)
    assert mv.move_cost(s, ("u", hy), barracks, yard) == -1
    position.hand_turn(s, sh)
    act(s, "move", barracks)
    assert mv.move_cost(s, ("u", hy), barracks, yard) >= 1
    assert mv.line_of_sight(s, yard, barracks)


def test_ophir_arbanus_drops_the_key_that_opens_olivias_cell():
    s = _ophir(37)
    g = s.game
    sh = hero(s, "shevatas")
    corridor, cell = area(s, "corridor"), area(s, "cell_olivia")
    arb = model(s, "captain_arbanus")
    position.set_model(s, arb, area=corridor)
    position.slay(s, arb)                                # life 6: slain as by 6 damage
    assert s.o_loc[g.key] == corridor
    position.set_hero(s, sh, area=corridor)
    position.hand_turn(s, sh)
    assert cell not in legal(s, "door")                  # not without the Key
    act(s, "pickup", g.key)
    assert cell in legal(s, "door")
    act(s, "door", cell)
    assert s.spaces[sh][3] == 2 and cell in legal(s, "move")
    act(s, "move", cell)
    assert s.o_loc[g.captive] == cell


def test_ophir_heroes_win_by_fleeing_with_olivia():
    s = _ophir(38)
    g = s.game
    sh = hero(s, "shevatas")
    position.set_hero(s, sh, area="outside_south")
    position.place_object(s, g.captive, ("hero", sh))
    position.place_object(s, obj(s, "kris"), s.h_area[sh])
    position.hand_turn(s, sh)
    position.set_hero(s, sh, reserve=6)
    act(s, "flee")
    assert s.is_terminal() and s.returns()[0] == 1.0


def test_ophir_rocks_fall_hurts_everyone_in_the_area_without_defence():
    s = _ophir(39)
    g = s.game
    sh = hero(s, "shevatas")
    yard = area(s, "courtyard_west")
    position.set_hero(s, sh, area=yard)
    guard = model(s, "bossonian_guards")
    position.set_model(s, guard, area=yard)
    end_heroes_turn(s)
    position.set_overlord(s, reserve=4, fatigue=4)
    act(s, "activate", s.river.index(g.tile_index["event"]))
    act(s, "event", 4)
    wounds = s.wounds[sh]
    position.set_overlord(s, reserve=0)
    position.load_dice(s, ("R", 2), ("R", 1))
    act(s, "area", yard)
    assert s.wounds[sh] == wounds + 3 and s.u_area[guard] == -1
