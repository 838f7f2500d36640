"""Issue 30 (rules, round three) for tower_v2: each fix, with the rulebook sentence it enforces.
Positions come from the position builder (conan_envs/tower/positions.py) and public moves."""
from conan_envs.tower.positions import begin, dice_position, load_dice, plot_hand

from ..test_views import check_contract
from .helpers import act, combat, fresh, legal, sq

DARK_WHISPERS, POISONED_WINE, YARAS_GAZE = 2, 3, 8


def _location_phase_with_plots(cards, rows):
    """Battle Mode at the First Staircase: Conan slots `rows`, declines the optional test, and
    Yara, holding `cards`, is at her Location Phase plays (yara_plan)."""
    s = fresh("battle", 2, seed=1)
    dice_position(s, pool=(), rows=rows)
    plot_hand(s, list(cards))
    act(s, "done")                              # Conan ends his Dice Phase
    while s.decision() == "yara_dice":
        act(s, "done")
    assert s.decision() == "test"
    act(s, "done")                              # Climb Unseen declined
    assert s.decision() == "yara_plan"
    return s


def test_a_plot_token_before_combat_can_be_blocked_with_a_slotted_block_die():
    """Tokens: "Tokens may be blocked with a BLOCK action, just like a normal attack." A Plot
    played in the Location Phase (Dark Whispers, Poisoned Wine, Yara's Gaze) meets the BLOCK
    dice Conan slotted in the Dice Phase, as the same card does in a combat round."""
    names = [p.name for p in fresh("battle", 2).game.c["plots"]]
    assert [names[c] for c in (DARK_WHISPERS, POISONED_WINE, YARAS_GAZE)] == [
        "Dark Whispers", "Poisoned Wine", "Yara's Gaze"]
    for card, token, block in ((DARK_WHISPERS, "R", 2), (POISONED_WINE, "P", 3),
                               (YARAS_GAZE, "S", 1)):
        s = _location_phase_with_plots([card], [[], [2], [], [5], []])
        act(s, "plot", card)
        assert s.decision() == "defend" and s.pending.tokens == [token]
        assert legal(s, "block", block)
        act(s, "block", block)
        assert s.ctok == [] and s.poison == [] and s.rows[1] == []
        assert s.decision() == "yara_plan"      # Yara may play on


def test_an_unblocked_plot_token_before_combat_still_lands():
    s = _location_phase_with_plots([DARK_WHISPERS], [[], [2], [], [5], []])
    act(s, "plot", DARK_WHISPERS)
    act(s, "done")                              # Conan keeps his BLOCK die and takes the token
    assert s.ctok == ["R"] and s.rows[1] == [2] and s.decision() == "yara_plan"


def test_without_a_block_die_the_plot_token_lands_without_asking():
    s = _location_phase_with_plots([YARAS_GAZE], [[], [], [], [5], []])
    act(s, "plot", YARAS_GAZE)
    assert s.ctok == ["S"] and s.decision() == "yara_plan"


def _riposte_kill(tokens=()):
    """Solo, the Guard Chamber: Thug 1 (life 1) beside Conan attacks him on the enemies' turn
    with its one hit die; Conan holds three RIPOSTE dice (burning three: 1 wound, no roll)."""
    s = combat(loc=4, conan=(3, 5), rows=[[], [], [4, 4, 4], [], []],
               enemies=[("Thug 1", 4, 5, [0, 1, 0]), ("Thug 2", 0, 0, [0, 0, 0])],
               conan_tokens=tokens)
    load_dice(s, [6, 6, 6, 6, 6, 6])
    begin(s, "yara_side")
    return s


def test_a_riposte_kill_on_the_enemies_turn_offers_the_step_in():
    """Conflict Begins: "BLOCK and RIPOSTE are the only actions allowed during an opponent's
    attack. Well, there is ONE exception. If Conan slays an enemy ... 3. Conan MAY step into the
    space the enemy occupied." """
    s = _riposte_kill()
    assert s.decision() == "defend" and legal(s, "riposte", 2)
    act(s, "riposte", 2)                        # three dice: 1 wound, Thug 1 (life 1) is slain
    assert not s.enemies[0].alive
    assert s.decision() == "slay_step" and legal(s, "enter") and legal(s, "done")
    assert "step into its square e6" in s.view(0)["decision"]["prompt"]
    act(s, "enter")
    assert s.pos == sq(4, 5) and s.decision() != "slay_step"
    assert "Conan steps into e6" in s.log_for(0)


def test_conan_may_decline_the_step_in_after_a_riposte_kill():
    s = _riposte_kill()
    act(s, "riposte", 2)
    act(s, "done")
    assert s.pos == sq(3, 5) and s.slain_sq == -1 and s.decision() != "slay_step"


# ---- the view and the log ---------------------------------------------------------------------------
def test_the_scenario_page_shows_in_the_dice_phase():
    """LOOKING AHEAD: "Before each turn, it is a good idea to review the location in the
    Scenario Book. Conan will need to see the trials ahead." The page is public: its tests,
    what passing and failing do, and the events after combat show from the Dice Phase on."""
    s = fresh("solo", 1)
    assert s.decision() == "dice"
    page = s.view(0)["scenario"]
    wall = page["tests"][0]
    assert wall["name"] == "Scale the Garden Wall" and wall["status"] == "to come"
    assert wall["if_failed_or_given_up"] == "Conan loses 1 FATIGUE" and not wall["optional"]
    assert any("Taurus" in n for n in page["notes"])
    assert any("Spoils" in e for e in page["after_combat"])
    board = str(s)
    assert "Scenario page:" in board and "Scale the Garden Wall" in board


def test_a_test_prompt_says_what_passing_and_failing_do():
    """Location Events: a test's outcome is part of the trial Conan chooses to face."""
    s = fresh("solo", 5)
    dice_position(s, pool=(), rows=[[], [], [4, 4], [], []])
    act(s, "done")
    assert s.decision() == "test"
    prompt = s.view(0)["decision"]["prompt"]
    assert "Passed: Conan refills 2 FATIGUE" in prompt
    assert "Failed or given up: nothing happens" in prompt
    assert s.view(0)["scenario"]["tests"][0]["status"] == "being taken"


def test_the_round_header_names_who_goes_first_only_once_it_is_chosen():
    """Resolve Initiative: "The player with the Initiative Token draws the top card ... That
    player chooses from the 2 options on the card, GO FIRST or GAME EFFECT." Until then nobody
    goes first."""
    s = combat(loc=3, conan=(3, 5), enemies=[("Thug 1", 0, 0, [0, 0, 0])])
    begin(s, "initiative", card="Fleet of Foot")
    assert s.decision() == "initiative"
    r = s.view(0)["round"]
    assert r["goes_first"] is None and r["initiative_card_this_round"]
    assert "goes first" not in str(s).split("\n")[1]
    act(s, "game_effect")
    assert s.view(0)["round"]["goes_first"] == "yara"


def test_height_advantage_on_conans_defence_is_logged():
    """Terrain and Combat: "the character with height advantage gains an extra block." """
    s = combat(loc=0, conan=(5, 1), rows=[[], [], [], [], []],
               enemies=[("Thug 1", 4, 1, [0, 0, 1])])
    begin(s, "yara_side")
    log = s.log_for(0)
    assert "Thug 1 attacks Conan: 1 hit(s)" in log and "Conan's height advantage cancels 1 hit" in log
    assert s.fatigue == 4


def test_a_free_block_is_logged():
    s = combat(loc=3, conan=(3, 5), enemies=[("Thug 1", 4, 5, [0, 0, 1])])
    begin(s, "initiative", card="Steel Guard")
    act(s, "game_effect")                       # Conan blocks 1 hit free this round
    assert "Conan blocks 1 hit(s) free (this round's effect)" in s.log_for(0)
    assert s.fatigue == 4


def test_the_lions_claw_rolls_are_logged():
    """Lion card: "Claw Hits 4+": each claw die rolls."""
    s = combat(loc=1, conan=(3, 5), enemies=[("Lion 1", 4, 5, [0, 2, 0])])
    load_dice(s, [4, 2])
    begin(s, "yara_side")
    assert any(e.startswith("Lion 1 rolls [4, 2]") and "1 hit(s)" in e for e in s.log_for(0))


def test_fatigue_lost_at_the_tracker_reset_is_logged():
    """Combat Tracker: "At the end of the fourth round in Solo Mode, Conan loses 2 FATIGUE. The
    Tracker resets to 1" """
    s = combat(loc=4, conan=(3, 5), enemies=[("Thug 1", 0, 0, [0, 0, 0])], tracker=4)
    begin(s, "round_end")
    assert s.tracker == 1 and s.fatigue == 2
    assert any("resets to 1: Conan loses 2 FATIGUE" in e for e in s.log_for(0))


def test_a_riposte_hit_on_conan_names_the_attacker():
    """Enemy Attacks: "Some enemies have a slot for RIPOSTE. If Conan attacks this enemy, the
    Riposte will serve not only as a block, but also score a hit against Conan." """
    s = combat(loc=4, conan=(3, 5), rows=[[], [2], [], [5, 5], []],
               enemies=[("Zamoran Elite Guard 1", 4, 5, [0, 1, 0]), ("Thug 2", 0, 0, [0, 0, 0])])
    act(s, "slash", 1)
    assert s.decision() == "defend"
    assert s.view(0)["incoming"]["attacker"] == "Zamoran Elite Guard 1"
    assert s.view(0)["decision"]["prompt"].startswith("Zamoran Elite Guard 1 deals 1 hit(s)")
    assert "Zamoran Elite Guard 1's RIPOSTE strikes Conan: 1 hit(s)" in s.log_for(0)
    assert not legal(s, "riposte", 0)           # ripostes never loop


def test_the_slain_enemys_square_is_offered_once():
    """Conflict Begins: "3. Conan MAY step into the space the enemy occupied. 4. ... He may not
    use his base movement in this case." The square is reached by the step-in only."""
    s = combat(loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
               enemies=[("Thug 1", 4, 5, [0, 0, 0]), ("Thug 2", 0, 0, [0, 0, 0])])
    act(s, "slash", 1)                          # attacked first: Thug 1 slain
    assert not s.enemies[0].alive and s.move_left > 0
    assert legal(s, "enter") and not legal(s, "step", 2)    # E is the slain enemy's square
    assert legal(s, "step", 6)                  # W: his base move still takes him elsewhere
    names = [s.action_to_string(a) for a in s.legal_actions()]
    assert sum("e6" in n for n in names) == 1


def test_a_riposte_that_slays_nobody_offers_no_step_in_into_an_earlier_kills_square():
    """The step-in follows the kill it comes from: Conan slew Thug 1 on his own turn and stayed
    put; Thug 2 then attacks and survives his RIPOSTE, so nothing is offered."""
    s = combat(loc=4, conan=(3, 5), rows=[[], [], [4], [5, 5], []],
               enemies=[("Thug 1", 4, 5, [0, 0, 0]), ("Thug 2", 2, 5, [1, 0, 1])])
    act(s, "slash", 1)
    act(s, "target", 0)                         # Thug 1 slain; Conan does not step in
    assert not s.enemies[0].alive and legal(s, "enter")
    act(s, "done")                              # his activation ends; the enemies act
    assert s.decision() == "defend" and legal(s, "riposte", 0)
    act(s, "riposte", 0)                        # one die: RATTLE the attacker, no wound
    assert s.enemies[1].alive and s.decision() != "slay_step"


def test_the_step_in_decision_and_the_scenario_page_meet_the_view_contract():
    """The view carries what the observation carries (tests/test_views.py's contract) on the
    new decision, before and after it, and on the Location Phase's scenario page."""
    states = []
    s = _riposte_kill()
    act(s, "riposte", 2)
    load_dice(s, None)                          # back to the generator: the state can be copied
    states.append(s.clone())                    # slay_step
    act(s, "enter")
    states.append(s.clone())
    t = _riposte_kill()
    act(t, "riposte", 2)
    load_dice(t, None)
    act(t, "done")
    states.append(t.clone())
    assert states[0].decision() == "slay_step"
    assert len({st.observation(0).tobytes() for st in states}) == 3
    check_contract(states[0].game, states)
    for k in range(9):                          # each location's page in its Dice Phase
        page = fresh("solo", k)
        check_contract(page.game, [page])
