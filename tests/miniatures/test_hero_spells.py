"""The hero spells no core scenario hands out, given through the `spells` option: Borne by
the Wind, Gift of Life, Kiss of Death, Magical Dizziness, Mind Control, Pestilential Swarm,
Set's Halo, Set's Possession."""
import numpy as np
import pytest

import conan_envs
from conan_envs import ConfigError
from conan_envs.miniatures import position

from .helpers import act, action_phase, area, end_heroes_turn, hero, legal, model

ALL = ("borne_by_the_wind,gift_of_life,kiss_of_death,magical_dizziness,mind_control,"
       "pestilential_swarm,set_halo,set_possession")


def game(scenario="clutches", num_heroes=3, spells=ALL):
    return conan_envs.make_game("miniatures_v2", scenario=scenario, num_heroes=num_heroes,
                                spells=spells)


def setup(seed, scenario="clutches", num_heroes=3, stance=0):
    s = action_phase(game(scenario, num_heroes).new_initial_state(seed), {"hadrathus": stance})
    hd = hero(s, "hadrathus")
    position.hand_turn(s, hd)
    position.set_hero(s, hd, reserve=8, fatigue=2)
    return s, hd


def sp(s, key):
    return s.game.spell_index[key]


def resolve(s):
    """Answer every reroll, guard, sacrifice and area-attack order question with the plainest
    choice (an area attack strikes the first character left)."""
    while s.decision() in ("reroll", "guard", "ov_guard", "sacrifice", "ally_guard", "area_order"):
        d = s.decision()
        if d == "area_order":
            act(s, "order", legal(s, "order")[0])
            continue
        act(s, "keep" if d == "reroll" else "no" if d == "sacrifice" else "gems", 0)


def test_the_option_replaces_the_spell_casters_spells_and_rejects_unknown_keys():
    g = game()
    hd = g.hero_keys.index("hadrathus")
    assert sorted(g.spells[i].key for i in g.hero_spells[hd]) == sorted(ALL.split(","))
    assert all(not g.hero_spells[h] for h in range(3) if h != hd)
    assert not any(g.halo_cast)   # the scenario's cast Halo needs Mitra's Halo in the loadout
    with pytest.raises(ConfigError):
        game(spells="fireball")
    with pytest.raises(ConfigError):
        game(spells="energy_drain")


def test_borne_by_the_wind_flies_over_the_boulder_until_the_end_of_the_turn():
    s, hd = setup(1)
    position.set_hero(s, hd, area="ne_path")
    assert area(s, "rocks") not in legal(s, "move")   # no Climb
    act(s, "spell", sp(s, "borne_by_the_wind"))
    assert s.flying[hd] and s.spell_gems[hd][sp(s, "borne_by_the_wind")] == 1
    assert sp(s, "borne_by_the_wind") not in legal(s, "spell")     # limit 1
    act(s, "move", area(s, "rocks"))
    assert s.h_area[hd] == area(s, "rocks") and s.mp[hd] == 1    # 1 point, no boulder cost
    end_heroes_turn(s)
    assert not s.flying[hd]


def test_gift_of_life_moves_up_to_two_reserve_gems_to_a_hero_in_sight():
    s, hd = setup(2)
    c = hero(s, "conan")
    position.set_hero(s, hd, area="totem")
    position.set_hero(s, c, area="totem")
    before = s.reserve[c]
    act(s, "spell", sp(s, "gift_of_life"))
    assert legal(s, "hero") == [c] or c in legal(s, "hero")
    act(s, "hero", c)
    assert legal(s, "gems") == [1, 2]
    act(s, "gems", 2)
    assert s.reserve[hd] == 8 - 2 - 2 and s.life[hd] == 10 - 2
    assert s.reserve[c] == before + 2 and s.life[c] == 11 + 2
    s.wound_hero(hd, 7)
    assert s.h_state[hd] == 0   # 7 wounds of his 8 gems
    s.wound_hero(hd, 1)
    assert s.h_state[hd] == 1


def test_kiss_of_death_strikes_everyone_else_in_the_area_then_the_caster_is_gone():
    s, hd = setup(3)
    c = hero(s, "conan")
    yard = area(s, "totem")
    position.set_hero(s, hd, area=yard)
    position.set_hero(s, c, area=yard)
    hunters = [model(s, "pict_hunters_blue", k) for k in range(2)]
    for m in hunters:
        position.set_model(s, m, area=yard)
    position.set_overlord(s, reserve=0)
    wounds = s.wounds[c]
    position.load_dice(s, ("R", 1), ("R", 1), ("R", 0), ("Y", 0))
    act(s, "spell", sp(s, "kiss_of_death"))
    resolve(s)
    assert all(s.u_area[m] == -1 for m in hunters)        # 2 against armor 1
    assert s.wounds[c] == wounds + 2                      # leather armor rolled 0
    assert s.h_state[hd] == 1 and s.h_area[hd] == -1 and s.wounds[hd] == 0


def test_magical_dizziness_makes_skuthus_pay_one_gem_more_until_the_heroes_next_turn():
    s, hd = setup(4, "tigress", 4)
    c = hero(s, "conan")
    sk = model(s, "skuthus")
    position.set_model(s, sk, area="vandal_poop")
    for h in range(4):
        position.set_hero(s, h, area="tigress_bow")
    position.set_hero(s, c, area="vandal_deck")
    position.set_hero(s, hd, area="vandal_deck")
    act(s, "spell", sp(s, "magical_dizziness"))
    assert legal(s, "target") == [sk]
    act(s, "target", sk)
    assert s.u_dizzy[sk] == 1
    end_heroes_turn(s)
    position.set_overlord(s, reserve=7, fatigue=6)
    act(s, "activate", s.river.index(s.game.tile_index["skuthus"]))     # slot cost 4
    assert s.ov_reserve == 3
    drain = sp(s, "energy_drain")
    act(s, "spell", drain)
    if s.decision() == "unit_spell":
        act(s, "hero", c)
    assert s.ov_reserve == 3 - 2 + 3         # cost 1 + 1 for the dizziness, then 3 drained back
    while s.decision() != "stance":
        act(s, "done")
    assert s.u_dizzy[sk] == 0


def test_mind_control_moves_an_enemy_one_area_per_gem_up_to_its_limit():
    s, hd = setup(5)
    hunter = model(s, "pict_hunters_blue")
    position.set_model(s, hunter, area="north_path")
    mc = sp(s, "mind_control")
    act(s, "spell", mc)
    act(s, "target", hunter)
    assert s.spell_gems[hd][mc] == 1 and legal(s, "done") == []    # the first area is paid
    steps = legal(s, "move")
    assert area(s, "hut_1") in steps          # through the hut flap, as it may move
    act(s, "move", area(s, "shrine_path"))
    assert s.u_area[hunter] == area(s, "shrine_path") and s.spell_gems[hd][mc] == 1
    act(s, "move", area(s, "north_path"))
    act(s, "move", area(s, "shrine_path"))
    assert s.spell_gems[hd][mc] == 3 and legal(s, "move") == []   # exertion limit 3
    act(s, "done")
    assert s.decision() == "act"


def test_pestilential_swarm_is_cast_while_cautious_and_ignores_defence():
    s, hd = setup(6, stance=1)
    c = hero(s, "conan")
    yard = area(s, "totem")
    position.set_hero(s, hd, area=yard)
    position.set_hero(s, c, area=yard)
    zogar, hunter = model(s, "zogar_sag"), model(s, "pict_hunters_blue")
    position.set_model(s, zogar, area=yard)
    position.set_model(s, hunter, area=yard)
    swarm = sp(s, "pestilential_swarm")
    # cautious: only the reaction spells (the swarm and Set's Halo)
    assert sorted(legal(s, "spell")) == sorted([swarm, sp(s, "set_halo")])
    wounds = s.wounds[c]
    position.load_dice(s, ("Y", 2), ("Y", 1), ("Y", 0))
    act(s, "spell", swarm)
    resolve(s)
    assert s.u_area[hunter] == -1 and s.u_life[zogar] == 5 - 3   # armor 3 does not count
    assert s.wounds[c] == wounds + 3 and s.wounds[hd] == 0


def test_set_halo_adds_one_armor_and_is_offered_when_attacked():
    s, hd = setup(7)
    halo = sp(s, "set_halo")
    act(s, "spell", halo)
    assert s.halo[hd] == 1 and s.spell_gems[hd][halo] == 2
    from conan_envs.miniatures.spells import reaction_spells
    assert reaction_spells(s, hd) == []          # not recast while active
    position.set_hero(s, hd, halo=0)
    assert reaction_spells(s, hd) == []          # its exertion limit is reached
    position.set_hero(s, hd, spell_gems={halo: 0})
    assert reaction_spells(s, hd) == [halo]   # Pestilential Swarm is not a guard reaction


def test_set_possession_holds_a_unit_still_or_takes_blocking_away():
    s, hd = setup(8)
    c = hero(s, "conan")
    pos = sp(s, "set_possession")
    position.set_hero(s, hd, area="south_gate")
    hunter, warrior = model(s, "pict_hunters_green"), model(s, "pict_warriors_purple")
    position.set_model(s, hunter, area="totem")
    position.set_model(s, warrior, area="south_edge")
    position.set_hero(s, c, area="south_edge")
    far = model(s, "pict_hunters_red")
    position.set_model(s, far, area="hut_5")
    act(s, "spell", pos)
    d = s.game.board.dist[s.h_area[hd]]
    assert sorted(legal(s, "target")) == sorted(
        m for m in (hunter, warrior, far) if d[s.u_area[m]] <= 2)
    act(s, "target", warrior)
    assert s.u_noblock[warrior] and not s.u_held[warrior]
    act(s, "spell", pos)                      # limit 4: a second cast
    act(s, "target", hunter)
    assert s.u_held[hunter] and s.spell_gems[hd][pos] == 4
    position.hand_turn(s, c)
    assert legal(s, "move")                   # the warrior no longer blocks Conan
    end_heroes_turn(s)
    position.set_hero(s, hero(s, "shevatas"), area="totem")    # something to attack: a real choice
    position.set_overlord(s, reserve=8)
    act(s, "activate", s.river.index(s.game.tile_index["pict_hunters_green"]))
    assert s.frame().model == hunter and legal(s, "move") == [] and legal(s, "benefit_move") == []
    act(s, "done")
    assert not s.u_held[hunter]


def test_random_play_with_every_hero_spell_keeps_gems_and_round_trips():
    from .test_fuzz import invariants
    for sc, n in (("clutches", 3), ("tigress", 4), ("heart_of_darkness", 4)):
        g = game(sc, n)
        for seed in range(6):
            s = g.new_initial_state(seed)
            rng = np.random.default_rng(seed)
            step = 0
            while not s.is_terminal() and not s.is_truncated():
                if step % 50 == 0:
                    assert g.state_from_json(s.to_json()) == s
                s.apply_action(int(rng.choice(s.legal_actions())))
                invariants(s)
                step += 1


def test_scripted_heroes_play_legal_games_with_every_hero_spell():
    from baselines import load_agent

    from .test_fuzz import invariants
    for sc, n in (("clutches", 3), ("tigress", 4)):
        g = game(sc, n)
        for seed in range(4):
            s = g.new_initial_state(seed)
            agents = [load_agent("scripted", "miniatures_v2", role=r, seed=seed, **g.config)
                      for r in range(g.num_roles)]
            while not s.is_terminal() and not s.is_truncated():
                p = s.current_player()
                s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
                invariants(s)
