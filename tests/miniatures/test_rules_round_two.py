"""Rules, round two (issue "every departure from the rulebooks fixed"): encumbrance cuts movement
as soon as a load is picked up; a falling hero's carried character suffers the same damage; a
River tile is activated at most once per Overlord turn."""
from conan_envs.miniatures import position
from conan_envs.miniatures.movement import base_movement, encumbrance

from .helpers import act, action_phase, area, end_heroes_turn, game, hero, legal


def test_picking_up_a_captive_cuts_the_movement_points_at_once():
    """Rulebook "Skills and Encumbrance": "During the Action phase, if the hero's encumbrance
    value is equal to or higher than either encumbrance limit, the hero receives fewer movement
    points from their movement value based on the highest exceeded limit"."""
    g = game("ophir")
    s = action_phase(g.new_initial_state(1))
    c = hero(s, "conan")
    position.place_object(s, g.captive, s.h_area[c])     # Olivia lies in Conan's area
    base = base_movement(s, c)
    assert s.mp[c] == base > 0
    act(s, "pickup", g.captive)
    assert encumbrance(s, c) >= g.heroes[c].move_minus1
    cut = base - base_movement(s, c)
    assert cut > 0 and s.mp[c] == base - cut
    # dropping her gives no point back (ruling): the points were received for the phase
    act(s, "drop", g.captive)
    assert s.mp[c] == base - cut


def test_a_falling_hero_and_the_character_carried_suffer_the_same_damage():
    """Rulebook "Falling Damage": "If a falling character is carrying another character, both
    suffer the same damage"; Olivia has 1 life and the side that kills her loses."""
    g = game("ophir")
    s = action_phase(g.new_initial_state(2))
    c = hero(s, "conan")
    position.set_hero(s, c, area="wall_west")
    position.place_object(s, g.captive, ("hero", c))        # Conan carries Olivia
    position.rest(s, c)                                       # enough gems to walk down
    wounds = s.wounds[c]
    position.load_dice(s, ("R", 1), ("R", 1))   # the fall: 2 red dice, 2 symbols
    act(s, "move", area(s, "courtyard_west"))
    while s.decision() == "reroll":
        act(s, "keep")
    assert s.wounds[c] == wounds + 2
    assert s.is_terminal() and s.returns()[-1] > 0     # Olivia died: the Overlord wins


def test_a_fall_without_damage_leaves_the_carried_character_unharmed():
    g = game("ophir")
    s = action_phase(g.new_initial_state(2))
    c = hero(s, "conan")
    position.set_hero(s, c, area="wall_west")
    position.place_object(s, g.captive, ("hero", c))
    position.rest(s, c)
    position.load_dice(s, ("R", 0), ("R", 0))
    act(s, "move", area(s, "courtyard_west"))
    while s.decision() == "reroll":
        act(s, "keep")
    assert not s.is_terminal() and s.o_loc[g.captive] == -1 - c


def test_a_tile_is_activated_at_most_once_per_overlord_turn():
    """Rulebook "Game Play": "the Overlord may activate 0, 1, or 2 tiles in the River": two
    activations are two different tiles (ruling)."""
    g = game("clutches")
    s = g.new_initial_state(4)
    s = action_phase(s)
    snake = g.tile_index["giant_snake"]
    m = g.tile_models[snake][0]
    position.set_model(s, m, area="west_yard")
    position.set_overlord(s, reserve=12)
    end_heroes_turn(s)
    assert s.decision() == "ov_turn"
    act(s, "activate", s.river.index(snake))
    while s.decision() != "ov_turn":
        act(s, "done") if s.decision() == "unit" else act(s, legal(s, "keep") and "keep" or "done")
    assert s.river[-1] == snake and 7 not in legal(s, "activate")
    assert legal(s, "activate")     # other tiles still can be
