"""Issue 30's rules: sight across an abrupt change in elevation, hindering on a leap, the
defender's reactions after the attack power is known, and the order of an area attack."""
from conan_envs.miniatures import movement as mv
from conan_envs.miniatures import position

from .helpers import act, action_phase, area, game, hero, legal, model, obj


def test_ground_outside_the_fort_does_not_see_the_archer_on_the_wall():
    """Rulebook "Elevation and Line of Sight": "In the case of an abrupt change in elevation,
    only the higher areas have line of sight on the lower areas." """
    s = action_phase(game("ruined_fort", 2).new_initial_state(1))
    sh = hero(s, "shevatas")
    archer = model(s, "bossonian_archers")
    outside, wall = area(s, "outside_west"), area(s, "wall_west")
    position.set_hero(s, sh, area=outside, reserve=6)
    position.set_model(s, archer, area=wall)
    position.hand_turn(s, sh)
    assert archer not in legal(s, "ranged")
    assert not mv.line_of_sight(s, outside, wall)
    assert mv.line_of_sight(s, wall, outside)           # the higher area still sees down
    assert not mv.line_of_sight(s, area(s, "outside_south"), wall)
    # the tower's walkway joins the east wall by an open border: no abrupt change
    assert mv.line_of_sight(s, area(s, "tower"), area(s, "wall_east"))


def test_leaping_out_of_a_hindered_area_costs_the_extra_movement_point():
    """Rulebook "Move": "Movement is affected by hindering." A leap border is a border like
    any other: one pirate alone with Conan adds one movement point."""
    s = action_phase(game("tigress", 3).new_initial_state(20))
    c = hero(s, "conan")
    deck, vdeck = area(s, "tigress_deck"), area(s, "vandal_deck")
    position.set_hero(s, c, area=deck, reserve=0)
    position.set_model(s, model(s, "pirates"), area=deck)
    for h in range(3):
        if h != c:
            position.set_hero(s, h, area="tigress_stern")
    position.hand_turn(s, c)
    assert mv.move_cost(s, ("h", c), deck, vdeck) == 2
    assert dict(mv.move_options(s, ("h", c), deck))[vdeck] == 2
    mp = s.mp[c]
    position.load_dice(s, ("R", 1))
    act(s, "move", vdeck)
    if s.decision() == "reroll":
        act(s, "keep")
    assert s.h_area[c] == vdeck and s.mp[c] == mp - 2


def _overlord_attacks(s, tile_key, target_hero, rolls):
    """The Overlord activates a tile whose model attacks a hero; the attack dice are loaded."""
    while s.decision() == "act":
        act(s, "done")
    assert s.decision() == "ov_turn"
    position.set_overlord(s, reserve=max(s.ov_reserve, 4))
    act(s, "activate", s.river.index(s.game.tile_index[tile_key]))
    position.load_dice(s, *rolls)
    act(s, "hero", target_hero)


def test_sacrifice_is_asked_after_the_attack_power_is_known():
    """Rulebook "Attacking with a Hero": "determines the attack power. At this point, the
    attack power can no longer be modified." Then "Defending with a Hero": the defender
    "casts reaction spells or uses skills that can be used in reaction to the attack
    (Sacrifice, Mitra's Halo, etc)." """
    s = action_phase(game("ruined_fort", 2).new_initial_state(1))
    sh = hero(s, "shevatas")
    captain, guard = model(s, "captain"), model(s, "bossonian_guards_blue")
    yard = area(s, "courtyard_west")
    position.set_hero(s, sh, area=yard, reserve=6)
    position.set_model(s, captain, area=yard)
    position.set_model(s, guard, area=yard)
    position.set_overlord(s, reserve=0)
    position.hand_turn(s, sh)
    position.load_dice(s, ("O", 2), ("Y", 1))
    act(s, "melee", captain)
    act(s, "gems", 1)
    act(s, "equip", obj(s, "kris"))
    assert s.decision() == "reroll"                     # the dice come first
    act(s, "keep")
    assert s.decision() == "sacrifice"
    assert s.frame().context.power == 3          # the power is known when asked
    assert s.view(s.game.overlord)["decision"]["context"]["power"] == 3
    act(s, "sacrifice", guard)
    assert s.u_area[guard] == -1 and s.u_life[captain] == 8


def test_mitras_halo_and_sacrifice_come_in_the_defence_after_the_power():
    """The hero's reaction spells (Mitra's Halo) are offered with the Guard, after the attack
    roll: the halo and the Guard both see the power."""
    s = action_phase(game("clutches", 3).new_initial_state(3))
    hd = hero(s, "hadrathus")
    snake = model(s, "giant_snake")
    position.set_hero(s, hd, area="west_yard", reserve=6, halo=0)
    position.set_model(s, snake, area="west_yard")
    for h in range(3):
        if h != hd:
            position.set_hero(s, h, area="south_edge")
    _overlord_attacks(s, "giant_snake", hd, [("O", 2), ("O", 2), ("O", 1)])
    act(s, "keep")
    assert s.decision() == "guard" and s.frame().context.power == 5


def test_the_log_names_the_defender_and_writes_the_deductions_from_the_power():
    """Rulebook "Attacking with a Hero": the hero "applies any penalties from hindering and
    unarmed attack" — "When a hero performs a Melee Attack action without a weapon card ...
    their attack power is reduced by 2"; the defence roll is the defender's."""
    s = action_phase(game("ruined_fort", 2).new_initial_state(1))
    sh = hero(s, "shevatas")
    guard = model(s, "bossonian_guards_blue")
    yard = area(s, "courtyard_west")
    position.set_hero(s, sh, area=yard, reserve=6)
    position.set_model(s, guard, area=yard)
    position.set_overlord(s, reserve=3)
    position.hand_turn(s, sh)
    position.load_dice(s, ("O", 2), ("O", 1))
    act(s, "melee", guard)
    act(s, "gems", 2)
    act(s, "equip", s.game.num_objects)              # unarmed
    if s.decision() == "reroll":
        act(s, "keep")
    while s.decision() == "sacrifice":
        act(s, "no")
    assert s.decision() == "ov_guard"
    position.load_dice(s, ("Y", 0))
    act(s, "gems", 1)
    if s.decision() == "reroll":
        act(s, "keep")
    log = s.view(0)["log"]
    assert "Shevatas's attack power: 3 symbols - 2 unarmed = 1" in log
    assert any(e.startswith("Bossonian Guards") and "rolls for guard" in e for e in log)
    assert not any(e.startswith("Shevatas rolls for guard") for e in log)


def test_the_view_and_board_show_item_cards_unit_dice_marks_and_the_goal():
    """Rulebook "Rerolls": "Some die icons show an arrow on them" — the marks stay on the
    cards and tiles shown; the scenario's goal and its progress are on the board."""
    s = action_phase(game("clutches", 3).new_initial_state(0))
    v = s.view(0)
    c = hero(s, "conan")
    assert any(x.startswith("Battle Axe (melee red*; ranged red*; enc 3")
               for x in v["heroes"][c]["item_cards"])
    axe = next(o for o in v["objects"] if o["name"] == "Battle Axe")
    assert axe["card"]["melee"] == ["red*"] and axe["card"]["two_handed"]
    hunters = next(m for m in v["models"] if m["name"].startswith("Pict Hunters"))
    assert hunters["melee"] == ["yellow*", "yellow*"] and hunters["guard"] == "yellow"
    assert "Zogar Sag's head" in v["goal"]["text"] and v["goal"]["progress"]["rounds_left"] == 8
    board = s.render_text(0)
    assert "Goal: The heroes win when Yselda" in board and "red*" in board


def test_a_game_saved_while_the_area_attack_order_is_asked_loads():
    """Rulebook "Area Attacks": "The attacker resolves the attacks in the order of their
    choice" — the pending choice is part of the snapshot (real dice, no loaded ones)."""
    s = action_phase(game("clutches", 3).new_initial_state(16))
    hd = hero(s, "hadrathus")
    yard = area(s, "totem")
    position.set_hero(s, hd, area="south_gate")
    position.rest(s, hd)                                # every gem the hero owns is counted
    for k in range(3):
        position.set_model(s, model(s, "pict_hunters_blue", k), area=yard)
    position.set_overlord(s, reserve=0)
    position.hand_turn(s, hd)
    act(s, "spell", s.game.spell_index["lightning_storm"])
    act(s, "area", yard)
    while s.decision() == "reroll":
        act(s, "keep")
    assert s.decision() == "area_order" and len(legal(s, "order")) == 3
    back = s.game.state_from_snapshot(s.snapshot())   # a built position: its snapshot
    assert back == s and back.legal_actions() == s.legal_actions()
    assert "which attack do you resolve next" in s.view(hd)["decision"]["prompt"]
