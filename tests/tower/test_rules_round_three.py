"""Issue 30 (rules, round three) for tower_v2: each fix, with the rulebook sentence it enforces.
Positions come from the position builder (conan_envs/tower/positions.py) and public moves."""
from conan_envs.tower.positions import begin, dice_position, load_dice, plot_hand

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
        assert s.decision() == "defend" and s.pending["tokens"] == [token]
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
