"""Issue 30 (rules, round three) for tower_v2: each fix, with the rulebook sentence it enforces.
Positions come from the position builder (conan_envs/tower/positions.py) and public moves."""
from conan_envs.tower.positions import dice_position, plot_hand

from .helpers import act, fresh, legal

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
