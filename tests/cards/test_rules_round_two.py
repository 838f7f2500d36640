"""Rules fixes of the second round (issue 14, cards), each quoting the sentence it enforces."""
from conan_envs.cards.position import begin, give

from .scene import act, adventure, at, challenge, legal_names, table


def test_a_tie_at_the_target_is_settled_when_all_players_completed_the_hero_turn():
    """End of the Game: "In case of a tie, play continues until one of them gains a DP
    advantage once all players have completed the next Hero Turn." The first player breaks
    the tie during the Hero Turns and wins when they are over, in the same round."""
    s = table(n=2, heroes=("Barbarian", "Priest"), dp=(31, 31))
    a = adventure(s, "Red Nails", 1)
    challenge(s, "Crushing Doors", a, 1)
    give(s, 0, on=a)
    begin(s, "hero")
    assert s.tie and not s.is_terminal() and s.current_player() == 0
    act(s, "face the top Challenge")
    act(s, "wager 2 DP")
    act(s, "match")
    act(s, "use Strength of your Hero")  # 5 beats 4: 33 against 29
    assert not s.is_terminal() and s.current_player() == 1  # player_1's Hero Turn still to come
    act(s, "pass")
    assert s.is_terminal() and s.winner == 0 and s.turn == 0
    assert "The Hero Turns are over: player_0 leads with 33 DP and wins" in s.view(1)["log"]


def test_an_expelled_hero_cannot_come_back_through_a_secret_passage():
    """Duel: the loser "must use their next turn to enter another Adventure card"."""
    s = table(heroes=("Barbarian", "Plunderer"), dp=(15, 15))
    a = adventure(s, "The Forgotten Crypt", 0)
    adventure(s, "Red Nails", 0)
    give(s, 0, on=a)
    give(s, 1, on=a)
    act(s, "challenge player_1")
    act(s, "wager 1 DP")
    act(s, "match")
    act(s, "fight the Duel with Strength")  # 5 against 4: the Plunderer is expelled
    assert s.must_enter[1] and s.pos[1] == -1
    give(s, 1, hand=["Secret Passage"])
    at(s, "card", 1)
    assert legal_names(s) == {"pass", "Secret Passage: move to Red Nails"}
