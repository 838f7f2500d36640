"""Determinization (`resample_hidden`, what IS-MCTS searches on) keeps every public fact: the
cards a Deal on the table names stay in their holder's hand, so the Deal can still be carried
out (rulebook, "Deals": "The Deal must be stated clearly and aloud, and once accepted it may not
be broken, except by the Priest Hero, once per game")."""
import numpy as np
import pytest

import conan_envs
from conan_envs.cards import content as C
from conan_envs.cards.hidden import stated_cards
from conan_envs.cards.position import decks, give

from .scene import act, at, legal_names, table
from .test_invariants import cautious_random

COURAGE, IRON_WILL = C.card_id("Courage of the Cimmerian"), C.card_id("Iron Will")
FILLER = [C.card_id(name) for name in ("Might of Crom", "Cunning Plan", "Titan's Grip",
                                       "Flash of Genius", "Blessing of Mitra", "Ancient Lore")]


def faces(hand):
    return sorted(C.FACE[c] for c in hand)


def accepted_deal(heroes):
    """player_0 offers player_1 its Iron Will for player_1's Courage of the Cimmerian;
    player_1 accepts. The deck and both hands hold other cards, so a redraw moves things."""
    s = table(n=len(heroes), heroes=heroes)
    give(s, 0, hand=[IRON_WILL, FILLER[0]])
    give(s, 1, hand=[FILLER[1], COURAGE, FILLER[2]])
    decks(s, deck=FILLER[3:] * 2)
    at(s, "diplomacy", 0)
    act(s, "propose a Deal to player_1")
    act(s, "you give Iron Will")
    act(s, "you ask for Courage of the Cimmerian")
    act(s, "state the offer")
    assert s.decision() == "answer"
    return s


def test_stated_card_stays_with_the_proposer_for_the_other_player():
    s = accepted_deal(("Barbarian", "Thief"))
    rng = np.random.default_rng(0)
    guesses = [s.resample_hidden(1, rng) for _ in range(200)]
    assert all(IRON_WILL in g.hand[0] and len(g.hand[0]) == 2 for g in guesses)
    assert any(g.hand[0] != s.hand[0] for g in guesses)  # the unnamed card is redrawn
    for g in guesses[:20]:
        act(g, "accept")
        assert C.FACE[IRON_WILL] in faces(g.hand[1]) and COURAGE not in g.hand[1]


@pytest.mark.parametrize("use", [True, False])
def test_accepted_deal_holds_in_the_priests_determinization(use):
    """The Priest who proposed asks, once the Deal is accepted, whether to break it: for him
    the card he asked for is in player_1's hand in every redraw (accepting showed it)."""
    s = accepted_deal(("Priest", "Thief"))
    act(s, "accept")
    assert s.decision() == "deal_break" and s.current_player() == 0
    rng = np.random.default_rng(1)
    guesses = [s.resample_hidden(0, rng) for _ in range(200)]
    assert all(COURAGE in g.hand[1] for g in guesses)
    assert any(faces(g.hand[1]) != faces(s.hand[1]) for g in guesses)
    for g in guesses[:20]:
        act(g, "use Sermon" if use else "keep the Deal")
        assert COURAGE in g.hand[0] and COURAGE not in g.hand[1]
        assert (IRON_WILL in g.hand[0]) == use


def test_accepted_deal_holds_for_a_vetoing_priest():
    s = accepted_deal(("Barbarian", "Thief", "Priest"))
    act(s, "accept")
    assert s.decision() == "veto" and s.current_player() == 2
    rng = np.random.default_rng(2)
    for g in (s.resample_hidden(2, rng) for _ in range(100)):
        assert IRON_WILL in g.hand[0] and COURAGE in g.hand[1]
        act(g, "let it be carried out")
        assert COURAGE in g.hand[0] and IRON_WILL in g.hand[1]


def test_a_card_asked_for_is_not_known_before_the_answer():
    """Asking for a card says nothing about the other's hand: before the answer it is redrawn
    for a third player, and then accepting may simply not be legal."""
    s = accepted_deal(("Barbarian", "Thief", "Scout"))
    assert stated_cards(s) == [(0, [C.FACE[IRON_WILL]])]
    rng = np.random.default_rng(3)
    guesses = [s.resample_hidden(2, rng) for _ in range(100)]
    assert any(COURAGE not in g.hand[1] for g in guesses)
    assert all("accept" in legal_names(g) or COURAGE not in g.hand[1] for g in guesses)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_legal_action_plays_on_a_redrawn_state(n):
    """After resample_hidden(r), r's observation is unchanged and every legal action, and a
    few random steps after it, play without error."""
    game = conan_envs.make_game("cards_v2", num_players=n)
    rng = np.random.default_rng(n)
    checked = 0
    for seed in range(2):
        s = game.new_initial_state(seed)
        step = 0
        while not s.is_terminal() and not s.is_truncated() and step < 400:
            if s.offer is not None or step % 9 == 0:
                for r in range(n):
                    g = s.resample_hidden(r, rng)
                    assert np.array_equal(g.observation(r), s.observation(r))
                    for a in g.legal_actions():
                        t = g.clone()
                        t.apply_action(a)
                        for _ in range(4):
                            if t.is_terminal():
                                break
                            t.apply_action(cautious_random(t, rng))
                        checked += 1
            s.apply_action(cautious_random(s, rng))
            step += 1
    assert checked > 100
