"""The Final Ritual (facts file 7.4): the Overlord first, barricades, relics, the priestess,
the invocation marker and the three-part event."""
from conan_envs.miniatures import movement as mv
from conan_envs.miniatures import position
from conan_envs.miniatures.game import SLOT_COSTS

from .helpers import act, area, game, hero, legal, model


def start(seed=1, clear=True):
    s = game("ritual", 3).new_initial_state(seed)
    return position.clear_models(s) if clear else s


def test_the_overlord_goes_first_and_the_round_ends_after_the_heroes():
    s = start(clear=False)
    assert s.decision() == "ov_turn" and s.current_player() == s.game.overlord
    assert (s.ov_reserve, s.ov_fatigue, s.recovery) == (12, 0, 5) and s.turn == 0
    act(s, "done")
    assert s.decision() == "stance" and s.turn == 0
    while s.decision() == "stance":
        act(s, "stance", 0)
    while s.decision() == "act":
        act(s, "done")
    assert s.turn == 1 and s.decision() == "ov_turn"


def test_a_standing_barricade_blocks_movement_and_sight_until_broken():
    s = start()
    act(s, "done")
    while s.decision() == "stance":
        act(s, "stance", 0)
    c = hero(s, "conan")
    position.hand_turn(s, c)
    totem, yard = area(s, "totem"), area(s, "west_yard")
    assert yard not in legal(s, "move") and area(s, "hut_5") in legal(s, "move")
    assert not mv.line_of_sight(s, totem, yard) and mv.line_of_sight(s, totem, area(s, "north_path"))
    position.set_barricade(s, s.game.barricade_of[(totem, yard)], 0)
    assert yard in legal(s, "move") and mv.line_of_sight(s, totem, yard)


def test_a_group_that_hits_a_barricade_hits_only_barricades_that_activation():
    s = start()
    g = s.game
    yard, totem = area(s, "west_yard"), area(s, "totem")
    hunters = [model(s, "pict_hunters_orange", k) for k in range(2)]
    for m in hunters:
        position.set_model(s, m, area=yard)
    sh = hero(s, "shevatas")
    position.set_hero(s, sh, area=yard)  # a hero outside the barricades, next to them
    act(s, "activate", s.river.index(g.tile_index["pict_hunters_orange"]))
    bar = g.barricade_of[(totem, yard)]
    assert s.frame().model == hunters[0]
    assert bar in legal(s, "barricade") and sh in legal(s, "hero")
    position.load_dice(s, ("Y", 2), ("Y", 1))
    act(s, "barricade", bar)
    while s.decision() == "reroll":
        act(s, "keep")
    assert s.bar_life[bar] == 12 - 3
    assert s.frame().model == hunters[1]
    assert legal(s, "hero") == [] and bar in legal(s, "barricade")


def test_a_group_that_hits_a_character_may_not_hit_a_barricade():
    s = start()
    g = s.game
    yard, _totem = area(s, "west_yard"), area(s, "totem")
    hunters = [model(s, "pict_hunters_orange", k) for k in range(2)]
    for m in hunters:
        position.set_model(s, m, area=yard)
    sh = hero(s, "shevatas")
    position.set_hero(s, sh, area=yard)
    act(s, "activate", s.river.index(g.tile_index["pict_hunters_orange"]))
    act(s, "hero", sh)
    while s.decision() in ("reroll", "guard"):
        act(s, "keep" if s.decision() == "reroll" else "gems", 0)
    assert s.frame().model == hunters[1]
    assert legal(s, "barricade") == [] and sh in legal(s, "hero")


def test_relics_go_and_the_priestess_dies_at_the_start_of_the_overlords_turn():
    s = start()
    act(s, "done")
    while s.decision() == "stance":
        act(s, "stance", 0)
    hunter = model(s, "pict_hunters_red")
    position.set_model(s, hunter, area="hut_2")
    while s.decision() == "act":
        act(s, "done")
    assert sorted(s.relics) == sorted(area(s, x) for x in ("hut_5", "totem", "totem", "hut_7"))
    assert s.winner == -1
    position.set_model(s, hunter, area="hut_5")
    act(s, "done")
    while s.decision() == "stance":
        act(s, "stance", 0)
    while s.decision() == "act":
        act(s, "done")
    assert s.is_terminal() and s.returns()[-1] > 0        # the priestess is dead
    assert area(s, "hut_5") not in s.relics


def test_the_event_returns_the_hordes_rolls_the_incantation_and_hastens_a_group():
    s = start()
    g = s.game
    position.set_overlord(s, reserve=10)
    slot = s.river.index(g.event_tile)
    assert SLOT_COSTS[slot] == 2
    position.load_dice(s, *[("Y", 1)] * 5)  # 5 relics: 5 yellow dice, 1 symbol each
    act(s, "activate", slot)
    assert s.invocation == 10 - 5
    # Pict Hordes: 2 warriors + 12 hunters return, in River order, until the three
    # reinforcement areas (8 each) are full
    placed = [a for a in s.u_area if a >= 0]
    assert len(placed) == 14 and set(placed) <= set(g.reinforcement_areas)
    assert s.decision() == "haste"
    t = g.tile_index["pict_warriors_purple"]
    act(s, "reinforce", t)
    w = g.tile_models[t][0]
    assert s.frame().model == w and s.frame().mp == 2
    assert legal(s, "hero") == [] and legal(s, "benefit_move") == []


def test_the_incantation_reaching_zero_wins_for_the_heroes():
    s = start()
    position.set_overlord(s, reserve=10)
    position.load_dice(s, *[("Y", 2)] * 5)
    act(s, "activate", s.river.index(s.game.event_tile))
    assert s.invocation == 0 and s.is_terminal() and s.returns()[0] > 0


def test_the_heroes_win_at_the_end_of_turn_twelve():
    s = start()
    position.set_round(s, turn=11)
    act(s, "done")
    while s.decision() == "stance":
        act(s, "stance", 0)
    while s.decision() == "act":
        act(s, "done")
    assert s.is_terminal() and s.returns()[0] > 0 and s.turn == 12
