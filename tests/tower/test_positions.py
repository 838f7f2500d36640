"""The Tower's position builder refuses a position the rules could not reach, with a clear
ValueError, and its knobs give what they say."""
import pytest

from conan_envs.tower.positions import (
    begin,
    conan_card,
    dice_position,
    enemy_card,
    load_dice,
    plot_hand,
    stack_items,
)

from .helpers import act, combat, fresh, sq


def thug(mode="solo"):
    return combat(mode, loc=4, conan=(3, 5), rows=[[], [], [], [5, 5], []],
                  enemies=[("Thug 1", 4, 5, [0, 0, 0])])


@pytest.mark.parametrize("build,words", [
    (lambda: dice_position(fresh(), rows=[[9], [], [], [], []]), "five rows"),
    (lambda: dice_position(fresh(), [0]), "result"),
    (lambda: dice_position(thug()), "Dice Phase"),
    (lambda: conan_card(fresh(), fatigue=0), "fatigue"),
    (lambda: conan_card(fresh(), wounds=5), "wounds"),
    (lambda: conan_card(fresh(), tokens=["P"]), "STUNNED"),
    (lambda: conan_card(fresh(), exhausted=[99]), "holds only"),
    (lambda: enemy_card(thug(), 1), "not one of the 1 enemies"),
    (lambda: enemy_card(thug(), 0, square=(3, 5)), "blocked or taken"),
    (lambda: enemy_card(thug(), 0, dice=[1, 0]), "rows"),
    (lambda: plot_hand(fresh(), [0]), "Battle Mode"),
    (lambda: plot_hand(fresh("battle"), [0, 0, 0, 0]), "not in Yara's hand or deck"),
    (lambda: stack_items(fresh(), ["Excalibur"]), "not an Item Card"),
    (lambda: load_dice(fresh(), [7]), "roll"),
    (lambda: begin(thug(), "mopping"), "not one of"),
    (lambda: begin(fresh(), "round_end"), "not in a combat"),
    (lambda: begin(thug(), "initiative", card="Excalibur"), "not in the deck"),
    (lambda: combat(tracker=5), "tracker"),
])
def test_bad_knobs_are_clear_errors(build, words):
    with pytest.raises(ValueError, match=words):
        build()


def test_loaded_dice_roll_the_script_then_refuse():
    s = load_dice(thug(), [1])
    act(s, "slash", 0)                    # one 5 burned: a wound on a 3+, here a 1
    assert s.enemies[0].wounds == 0
    s = load_dice(thug(), [])
    with pytest.raises(ValueError, match="ran out"):
        act(s, "slash", 0)


def test_an_enemy_moved_and_stunned_by_the_builder():
    s = enemy_card(thug(), 0, square=(2, 5), tokens=["S"], wounds=0)
    assert s.enemies[0].square == sq(2, 5) and s.enemies[0].tokens == ["S"]
    assert s.enemies[0].token_active


def test_yaras_hand_comes_from_her_deck():
    s = fresh("battle")
    cards = sorted(s.plot_hand + s.plot_deck)
    plot_hand(s, [0, 0])
    assert s.plot_hand == [0, 0] and sorted(s.plot_hand + s.plot_deck) == cards
