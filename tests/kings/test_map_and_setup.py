"""Rulebook "THE MAP" (countries with recruit tables, their named sub-regions, seas) and
"SET UP" (random order, each player places a King and an Army, neutral armies elsewhere)."""
import pytest

import conan_envs
from conan_envs.kings import content as C

from .helpers import A, K, region


def test_every_recruit_table_is_a_country_with_the_regions_its_notes_name():
    assert set(C.COUNTRIES) == set(C.load_yaml("conan_envs.kings", "tables")["recruit"])
    regions = set(C.REGIONS)
    for name in ("Gunderland", "Poitain", "Bossonian Marches", "Westermark", "Tauran", "Lemuria",
                 "Land of No Return", "Suba", "Atlata", "Amazon", "Kordafa", "Wadai", "Komara",
                 "Talakma Mountains", "Great Desert", "Eastern Desert", "Kosala", "Uttara Kuru"):
        assert name in regions
    assert [C.REGIONS[r] for r in C.SEAS] == ["Western Ocean", "Southern Ocean", "Eastern Ocean",
                                              "Vilayet Sea"]


def test_the_graph_is_symmetric_connected_and_follows_the_gazetteer():
    adj = C.GRAPH.adjacency
    assert (adj == adj.T).all() and C.GRAPH.is_connected()
    def nb(name):
        return {C.REGIONS[d] for d in C.NEIGHBORS[C.RINDEX[name]]}
    assert {"Aquilonia", "Border Kingdom", "Brythunia", "Corinthia", "Ophir"} == nb("Nemedia")
    # the gazetteer's Aquilonia-Argos and Aquilonia-Zingara borders run through Poitain
    assert {"Ophir", "Koth", "Shem", "Zingara", "Poitain", "Western Ocean"} == nb("Argos")
    assert {"Zingara", "Argos"} <= nb("Poitain") and "Zingara" in nb("Bossonian Marches")
    assert {"Turan", "Hyrkania", "Kozaki"} == nb("Vilayet Sea")


def test_every_country_that_raises_ships_has_a_coast():
    for c, table in enumerate(C.RECRUIT):
        if C.SHIP in table:
            assert any(C.COASTAL[r] for r in C.COUNTRY_REGIONS[c]), C.COUNTRIES[c]


def test_set_up_is_a_decision_per_piece_then_neutrals_fill_the_map():
    game = conan_envs.make_game("kings_v2", num_players=3)
    orders = set()
    for seed in range(12):
        orders.add(tuple(game.new_initial_state(seed).order))
    assert len(orders) > 2  # turn order is random
    s = game.new_initial_state(0)
    first = s.order[0]
    assert s.decision() == "place_king" and s.current_player() == first
    assert len(s.legal_actions()) == len(C.LAND)  # any land region
    s.apply_action(region("Koth"))
    assert s.decision() == "place_army" and s.current_player() == first
    s.apply_action(region("Shem"))
    second = s.order[1]
    assert s.current_player() == second and region("Koth") not in s.legal_actions()
    s.apply_action(region("Zamora"))
    assert region("Koth") not in s.legal_actions() and region("Zamora") in s.legal_actions()
    s.apply_action(region("Zamora"))
    s.apply_action(region("Argos"))
    s.apply_action(region("Argos"))
    assert s.at(C.RINDEX["Koth"], first, K) == 1 and s.at(C.RINDEX["Shem"], first, A) == 1
    neutral = [C.REGIONS[r] for r in C.LAND if s.at(r, 3, A)]
    assert len(neutral) == len(C.LAND) - 4 and "Koth" not in neutral
    assert all(s.at(r, 3, A) == 0 for r in C.SEAS)


def test_options_are_checked():
    import pytest
    for bad in ({"num_players": 5}, {"victory": "glory"}, {"max_turns": 0}):
        with pytest.raises(conan_envs.ConfigError):
            conan_envs.make_game("kings_v2", **bad)
    assert conan_envs.make_game("kings_v2").config == {"num_players": 2, "max_turns": 60,
                                                       "victory": "most_countries",
                                                       "pretender": True, "conquest": 8}


def test_every_region_has_a_place_on_the_drawn_map_following_the_geography():
    """The view's x, y (a 1000 x 700 canvas, x east, y south) follow the Hyborian map."""
    w, h = C.LAYOUT_SIZE
    assert len(C.X) == len(C.Y) == C.NUM_REGIONS
    assert all(0 <= x <= w for x in C.X) and all(0 <= y <= h for y in C.Y)
    assert len(set(zip(C.X, C.Y))) == C.NUM_REGIONS  # no two regions on one spot
    def x(name):
        return C.X[C.RINDEX[name]]

    def y(name):
        return C.Y[C.RINDEX[name]]
    assert x("Western Ocean") < x("Pictland") < x("Aquilonia") < x("Nemedia") < x("Zamora") \
        < x("Turan") < x("Vilayet Sea") < x("Hyrkania") < x("Khitai")
    assert y("Vanaheim") < y("Cimmeria") < y("Aquilonia") < y("Ophir") < y("Koth") \
        < y("Shem") < y("Stygia") < y("Kush") < y("Black Kingdoms")
    assert y("Asgard") < y("Hyperborea") < y("Brythunia") < y("Zamora")
    view = conan_envs.make_game("kings_v2").new_initial_state(0).view(0)
    aq = next(reg for reg in view["regions"] if reg["name"] == "Poitain")
    assert (aq["x"], aq["y"], aq["country"]) == (x("Poitain"), y("Poitain"), "Aquilonia")
    assert "Argos" in aq["neighbours"]


def test_the_position_builder_places_units_and_begins_a_phase_through_play_bookkeeping():
    game = conan_envs.make_game("kings_v2")
    s = game.state_class.empty(game, order=[1, 0])
    assert all(k == 0 for k in s.u)
    s.place("Koth", 1, "king")
    s.place("Koth", 1, "army", 2)
    s.place("Shem", 0, "king")
    s.give(1, gold=2, divinations=1)
    s.begin("move")
    assert s.current_player() == 1 and s.decision() == "move_from"
    assert s.view(1)["players"][1]["gold"] == 2 and s.controls(1, C.RINDEX["Koth"])
    restored = game.state_from_snapshot(s.snapshot())  # as consistent as a played position
    assert restored == s
    with pytest.raises(ValueError):
        game.state_class.empty(game, order=[0, 0])


def test_the_position_builder_checks_the_tokens_it_gives():
    game = conan_envs.make_game("kings_v2")
    s = game.state_class.empty(game)
    for player in (-1, 2, "1", True, 0.0):
        with pytest.raises(ValueError, match="is not one of the 2 players"):
            s.give(player, gold=1)
    for value in (-1, 2.5, True, "3"):
        with pytest.raises(ValueError, match="is not a count of 0 or more"):
            s.give(0, divinations=value)
    assert s.gold == [0, 0] and s.div == [0, 0]
    s.give(1, divinations=2)
    assert s.div == [0, 2] and s.gold == [0, 0]  # the tokens not named stay as they are
    # "Wizard gets Relic Token": a Relic is given to a Wizard on the map, not to a player
    with pytest.raises(ValueError, match="belongs to a Wizard"):
        s.give(1, relics=2)
    s.place("Nemedia", 1, "wizard", 2)
    with pytest.raises(ValueError, match="has 2 Wizard"):
        s.give_relic("Nemedia", 1, 3)
    s.give_relic("Nemedia", 1, 2)
    assert s.relics == [0, 2] and s.relic[C.RINDEX["Nemedia"] * 2 + 1] == 2


def test_the_position_builder_loads_dice_and_unloads_them():
    game = conan_envs.make_game("kings_v2")
    s = game.state_class.empty(game)
    s.place("Nemedia", 0, "hero")
    rolled = []
    s.load_dice(lambda sides: rolled.append(sides) or 12)  # Battle Plan
    s.begin("hero", rolls=[("Nemedia", "hero")])
    assert rolled == [20] and s.plan[C.RINDEX["Nemedia"]] == 1
    with pytest.raises(ValueError, match="is not a function"):
        s.load_dice([12])
    for bad in (0, 21, 12.0, None):
        s = game.state_class.empty(game)
        s.place("Nemedia", 0, "hero")
        s.load_dice(lambda sides, bad=bad: bad)
        with pytest.raises(ValueError, match=f"rolled {bad!r} on a D20"):
            s.begin("hero", rolls=[("Nemedia", "hero")])
    # unloaded, the dice are the state's generator again: the same play as never loaded
    played = []
    for load in (False, True):
        s = game.state_class.empty(game, seed=7)
        s.place("Nemedia", 0, "hero", 3)
        if load:
            s.load_dice(lambda sides: 1).load_dice(None)
        played.append(s.begin("fate").snapshot())
    assert played[0] == played[1]
