"""The position builder's knobs: a bad one is a clear ValueError; a good one sets what it says
and leaves the legal actions to be recomputed."""
import pytest

from conan_envs.cards import content as C
from conan_envs.cards import position

from .scene import adventure, challenge, has, legal_names, table


@pytest.mark.parametrize("build, words", [
    (lambda s: position.give(s, 2, dp=3), "player 2"),
    (lambda s: position.give(s, 0, dp=-1), "dp -1"),
    (lambda s: position.give(s, 0, hand=["No Such Card"]), "No Such Card"),
    (lambda s: position.give(s, 0, hand=["Iron Will", "Iron Will"]), "a card twice"),
    (lambda s: position.give(s, 0, items=["Iron Will"]), "Magic item"),
    (lambda s: position.give(s, 0, hand=["Atlantean Sword"]), "draw deck"),
    (lambda s: position.give(s, 0, on="Red Nails"), "not face up in play"),
    (lambda s: position.adventure(s, "Quicksand", 0), "not an Adventure"),
    (lambda s: position.challenge(s, "Quicksand", "Red Nails", 0), "not face up in play"),
    (lambda s: position.challenge(s, "Red Nails", "Red Nails", 0), "not a Challenge"),
    (lambda s: position.alliance(s, 0, 0), "two players"),
    (lambda s: position.alliance(s, 0, 1, keep=7), "sixths"),
    (lambda s: position.decks(s, deck=["Atlantean Sword"]), "draw deck"),
    (lambda s: position.turn(s, "draw", 0), "phase 'draw'"),
    (lambda s: position.begin(s, "setup_swap"), "phase 'setup_swap'"),
])
def test_a_bad_knob_is_a_clear_value_error(build, words):
    s = table()
    with pytest.raises(ValueError, match=words):
        build(s)


def test_a_challenge_is_placed_once():
    s = table()
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Quicksand", a, 1)
    with pytest.raises(ValueError, match="already in play"):
        challenge(s, "Quicksand", a, 1)
    with pytest.raises(ValueError, match="already in play"):
        adventure(s, "Red Nails", 0)


def test_a_set_position_is_read_by_the_legal_actions():
    s = table()
    assert legal_names(s) == {"pass"}
    a = adventure(s, "Red Nails", 1)
    position.give(s, 0, on=a)
    assert has(s, "complete Red Nails")
    challenge(s, "Quicksand", a, 1, face_up=True)
    assert not has(s, "complete") and has(s, "face")
    position.clear(s, a)
    assert has(s, "complete Red Nails")


def test_items_come_out_of_the_magic_item_deck():
    s = table()
    sword = C.card_id("Atlantean Sword")
    position.give(s, 1, items=[sword])
    assert s.items[1] == [sword] and sword not in s.magic_deck
