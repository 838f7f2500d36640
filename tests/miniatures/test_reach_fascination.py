"""Reach, Fascination (Thalis), the Princess tile and the designed scenario that uses them."""
import dataclasses

from conan_envs.miniatures import combat, position
from conan_envs.miniatures.content import OPEN
from conan_envs.miniatures.frames import Resolution
from conan_envs.miniatures.steps import NOTHING

from .helpers import act, action_phase, area, end_heroes_turn, game, hero, legal, model


def _open_pair(s):
    """Two adjacent areas of the same level across an open border, seeing each other."""
    b = s.game.board
    for a in range(len(b.names)):
        for c in b.neighbors[a]:
            if b.border[a][c] == OPEN and b.elev[a] == b.elev[c] and b.los[a][c]:
                return a, c
    raise AssertionError("no open pair")


def _give_skill(g, tile_key=None, hero_index=None, skill="reach"):
    if tile_key is not None:
        t = g.tile_index[tile_key]
        g.tiles[t] = dataclasses.replace(g.tiles[t], skills=g.tiles[t].skills | {skill})
    else:
        heroes = list(g.heroes)
        heroes[hero_index] = dataclasses.replace(heroes[hero_index],
                                                 skills=heroes[hero_index].skills | {skill})
        g.heroes = tuple(heroes)


def test_reach_lets_a_hero_strike_into_an_adjacent_open_area_that_is_not_full():
    g = game("clutches", 3)
    s = action_phase(g.new_initial_state(1), {"conan": 0})
    c = hero(s, "conan")
    a, b = _open_pair(s)
    hunter = model(s, "pict_hunters_blue")
    position.set_hero(s, c, area=a)
    position.set_model(s, hunter, area=b)
    position.hand_turn(s, c)
    assert hunter not in legal(s, "melee")        # not full: no melee without Reach
    _give_skill(g, hero_index=c)
    position.hand_turn(s, c)
    assert hunter in legal(s, "melee")


def test_reach_does_not_cross_a_flap_or_a_change_of_level():
    g = game("clutches", 3)
    s = action_phase(g.new_initial_state(2))
    bd = g.board
    flap = next((x, y) for x in range(len(bd.names)) for y in bd.neighbors[x]
                if bd.border[x][y] != OPEN)
    assert not combat.melee_reach(s, flap[0], flap[1], True)
    rocks = area(s, "rocks")
    low = next(y for y in bd.neighbors[rocks] if bd.elev[y] != bd.elev[rocks])
    assert not combat.melee_reach(s, low, rocks, True)


def test_a_unit_with_reach_attacks_a_hero_in_the_next_area():
    g = game("clutches", 3)
    _give_skill(g, tile_key="pict_hunters_blue")
    s = action_phase(g.new_initial_state(3))
    c = hero(s, "conan")
    a, b = _open_pair(s)
    hunter = model(s, "pict_hunters_blue")
    for h in range(3):
        position.set_hero(s, h, area=a if h == c else b)
    position.set_model(s, hunter, area=b)
    # the hunter stands beside the others; Conan alone next door
    end_heroes_turn(s)
    act(s, "activate", s.river.index(g.tile_index["pict_hunters_blue"]))
    assert s.decision() == "unit" and c in legal(s, "hero")


def test_fascination_thalis_cannot_be_attacked_until_she_attacks_that_hero():
    g = game("thalis", 3)
    s = action_phase(g.new_initial_state(4), {"conan": 0, "shevatas": 0, "hadrathus": 0})
    c, sh = hero(s, "conan"), hero(s, "shevatas")
    thalis = model(s, "thalis")
    yard = area(s, "courtyard_west")
    position.set_model(s, thalis, area=yard)
    position.set_hero(s, c, area=yard)
    position.set_hero(s, sh, area=yard)
    position.set_hero(s, hero(s, "hadrathus"), area="outside_south")
    position.hand_turn(s, c)
    assert thalis not in legal(s, "melee")
    end_heroes_turn(s)
    act(s, "activate", s.river.index(g.tile_index["thalis"]))
    assert s.decision() == "unit"
    act(s, "hero", c)
    while s.decision() in ("reroll", "guard", "sacrifice"):
        act(s, "keep" if s.decision() == "reroll" else "gems" if s.decision() == "guard" else "no")
    assert s.u_attacked[thalis] == [c]
    while s.decision() not in ("act",):
        d = s.decision()
        if d == "stance":
            act(s, "stance", 0)
        elif d in ("unit", "ov_turn"):
            act(s, "done")
        else:
            raise AssertionError(d)
    if s.h_state[c] == 0:
        position.set_hero(s, c, area=s.u_area[thalis])
        position.set_hero(s, sh, area=s.u_area[thalis])
        position.hand_turn(s, c)
        assert thalis in legal(s, "melee")          # she attacked Conan first
        position.hand_turn(s, sh)
        assert thalis not in legal(s, "melee")      # but never Shevatas


def test_fascination_does_not_stop_area_attacks():
    g = game("thalis", 3)
    s = action_phase(g.new_initial_state(5))
    thalis = model(s, "thalis")
    yard = area(s, "courtyard_west")
    position.set_model(s, thalis, area=yard)
    combat.area_attack(s, yard, 9, 0, NOTHING, Resolution())
    s.edited().advance()   # a rule called outside a move: run the loop as a move would
    while s.decision() in ("ov_guard", "reroll", "sacrifice"):
        d = s.decision()
        act(s, "gems" if d == "ov_guard" else "keep" if d == "reroll" else "no")
    assert s.u_life[thalis] < g.tiles[g.tile_index["thalis"]].life


def test_the_princess_moves_but_has_no_attack():
    g = game("thalis", 3)
    s = action_phase(g.new_initial_state(6))
    p = model(s, "princess")
    well = area(s, "well")
    position.set_model(s, p, area=well)
    position.set_hero(s, hero(s, "conan"), area=well)
    end_heroes_turn(s)
    act(s, "activate", s.river.index(g.tile_index["princess"]))
    assert s.decision() == "unit" and s.frame().model == p
    assert legal(s, "hero") == [] and legal(s, "melee") == []
    assert legal(s, "move")


def test_the_stygian_temptress_is_won_when_thalis_and_the_princess_are_dead():
    g = game("thalis", 3)
    s = action_phase(g.new_initial_state(7))
    position.slay(s, model(s, "princess"))
    end_heroes_turn(s)
    assert s.winner == -1
    s2 = action_phase(g.new_initial_state(7))
    position.slay(s2, model(s2, "princess"))
    position.slay(s2, model(s2, "thalis"))
    position.hand_turn(s2, 0)
    act(s2, "done")
    assert s2.is_terminal() and s2.returns()[0] > 0
