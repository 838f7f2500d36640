"""Setup Phase, Card Turn, Movement, Draw Turn, Player Defeat and End of the Game."""
import numpy as np
import pytest

import conan_envs
from conan_envs.cards import content as C
from conan_envs.cards.position import begin, decks, give

from .scene import act, adventure, at, challenge, has, legal_names, table


def play_setup(n, seed):
    """Random choices through the Setup Phase, until the first Card Turn."""
    game = conan_envs.make_game("cards_v2", num_players=n)
    s = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    while s.phase.startswith("setup"):
        s.apply_action(int(rng.choice(s.legal_actions())))
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    for seed in range(15):
        s = play_setup(n, seed)
        assert s.phase == "card"
        assert len(set(s.hero)) == n
        first = s.order[0]
        start = [a for a in range(C.NUM_ADVENTURES) if s.adv_state[a] == 1]
        assert len(start) == n and sorted(s.adv_owner[a] for a in start) == list(range(n))
        diff = {s.adv_owner[a]: C.DIFFICULTY[a] for a in start}
        assert all(diff[first] > diff[p] for p in range(n) if p != first)  # unique highest
        assert s.order == [(first + k) % n for k in range(n)]  # clockwise
        assert s.dp == [15] * n  # starting Adventures give no DP
        assert sorted(len(h) for h in s.hand) == [7] * n
        assert sorted(s.magic_deck) == list(C.MAGIC_IDS)
        assert not any(C.MG0 <= c for h in s.hand for c in h) and not any(c >= C.MG0 for c in s.deck)
        placed = [(a, c) for a in start for c in s.piles[a]]
        assert len(placed) <= n
        for a, c in placed:
            p = s.ch_placer[c]
            assert s.adv_owner[a] != p and not s.ch_up[c] and s.ch_known[c] == 1 << p
            assert len(s.piles[a]) <= C.DIFFICULTY[a]
        for p in range(n):
            assert s.pos[p] in start
            assert all(s.ch_placer[c] != p for c in s.piles[s.pos[p]])


def test_hero_swap_when_both_agree():
    game = conan_envs.make_game("cards_v2", num_players=3)
    s = game.new_initial_state(1)
    before = list(s.hero)
    assert s.decision() == "swap_offer" and s.current_player() == 0
    act(s, "offer player_2")
    act(s, "accept")
    assert s.hero == [before[2], before[1], before[0]]
    assert s.decision() == "swap_offer" and s.current_player() == 1
    act(s, "offer player_0")
    act(s, "reject")
    assert s.hero == [before[2], before[1], before[0]]


def test_card_turn_challenge_limits():
    """Not on one's own Adventure, not where one's Hero is, not beyond the Difficulty."""
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"))
    adventure(s, "Rogues in the House", 0)
    full = adventure(s, "The Vale of Lost Women", 1)  # Difficulty 1
    challenge(s, "Quicksand", full, 2)
    here = adventure(s, "Red Nails", 2)
    open_ = adventure(s, "The Black Coast", 2)
    give(s, 0, on=here, hand=["Crushing Doors", "Xuthal of the Dusk"])
    at(s, "card", 0)
    names = legal_names(s)
    assert names == {"pass", "play Xuthal of the Dusk (Difficulty 4; Loot 5 DP, draw 1)",
                     "place Crushing Doors face down on The Black Coast"}
    act(s, "place Crushing Doors face down on The Black Coast")
    assert s.dp[0] == 16 and s.piles[open_] == [C.challenge_index("Crushing Doors")]


def test_card_turn_first_round_is_mandatory_then_a_pass_ends_it():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"))
    for p in range(3):
        give(s, p, hand=[C.ADVENTURE_IDS[2 * p], C.ADVENTURE_IDS[2 * p + 1]])
    begin(s, "card")
    assert s.current_player() == 0
    act(s, "play " + C.NAME[C.ADVENTURE_IDS[0]])     # player_0 plays
    act(s, "pass")                                     # player_1 passes: the round goes on
    assert s.phase == "card" and s.current_player() == 2
    act(s, "play " + C.NAME[C.ADVENTURE_IDS[4]])     # first round ends
    assert s.current_player() == 0 and not s.first_round
    act(s, "play " + C.NAME[C.ADVENTURE_IDS[1]])     # a second round
    act(s, "pass")                                     # now a pass ends the Card Turn
    assert s.phase == "hero"
    assert s.dp == [17, 15, 16]  # +1 DP an Adventure


def test_movement_restrictions():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"))
    a = adventure(s, "Red Nails", 0)
    adventure(s, "The Black Coast", 1)
    c = adventure(s, "Xuthal of the Dusk", 2)
    challenge(s, "Quicksand", c, 0)   # player_0 may not enter a card holding its Challenge
    give(s, 0, on=a)
    assert legal_names(s) == {"pass", "complete Red Nails and take its Loot (5 DP, draw 2)",
                              "move to The Black Coast"}
    challenge(s, "Sandstorm", a, 1)   # a Hero on a card holding Challenges may not move
    names = legal_names(s)
    assert not any(x.startswith("move") for x in names) and has(s, "face")


def test_sorcerer_leaves_a_card_with_challenges_once():
    s = table(n=2, heroes=("Sorcerer", "Thief"))
    a = adventure(s, "Red Nails", 1)
    b = adventure(s, "The Black Coast", 1)
    challenge(s, "Sandstorm", a, 1)
    give(s, 0, on=a)
    act(s, "move to The Black Coast")
    assert s.used[0] and s.pos[0] == b


def test_draw_turn_and_reshuffle():
    s = table(n=2, heroes=("Barbarian", "Thief"))
    decks(s, deck=["Iron Will"], discard=["Cunning Plan", "Might of Crom"])
    begin(s, "draw")
    assert s.phase == "card" or s.phase == "hero"
    assert len(s.hand[0]) == 1 and len(s.hand[1]) == 1
    assert s.deck and not s.discard  # the discard pile became the new deck
    assert s.turn == 1


def test_victory_at_hero_turn_and_simultaneous_30():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), dp=(30, 31, 10))
    begin(s, "hero")  # player_0 begins its Hero Turn with 30, but player_1 has more
    assert s.is_terminal() and s.returns() == [-1.0, 1.0, -1.0]
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), dp=(30, 30, 10))
    begin(s, "hero")  # a tie at the top: play continues
    assert not s.is_terminal()
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(29, 10))
    begin(s, "hero")
    assert not s.is_terminal()


def test_victory_or_death_ignores_target():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(40, 10), victory_or_death=True)
    begin(s, "hero")
    assert not s.is_terminal()


def test_player_defeat_discards_its_challenges():
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), dp=(15, 1, 15))
    a = adventure(s, "Red Nails", 0)
    b = adventure(s, "The Black Coast", 2)
    challenge(s, "Quicksand", a, 1)
    challenge(s, "Sandstorm", a, 2)
    challenge(s, "Dark Ritual", b, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")  # Sandstorm, placed by player_2
    act(s, "wager 1 DP")
    act(s, "withdraw")  # player_2 withdraws... costs 1 DP to player_2, not player_1
    assert s.dp == [16, 1, 14]
    s = table(n=3, heroes=("Barbarian", "Thief", "Scout"), dp=(15, 1, 15))
    a = adventure(s, "Red Nails", 0)
    b = adventure(s, "The Black Coast", 2)
    challenge(s, "Sandstorm", a, 2)
    challenge(s, "Quicksand", a, 1)
    challenge(s, "Dark Ritual", b, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")  # Quicksand, placed by player_1, who has 1 DP
    act(s, "wager 1 DP")
    act(s, "withdraw")
    assert not s.alive[1] and s.dp[1] == 0
    assert s.piles[a] == [C.challenge_index("Sandstorm")] and s.piles[b] == []
    assert C.card_id("Dark Ritual") in s.discard and C.card_id("Quicksand") in s.discard


def test_last_player_standing_wins():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(15, 1))
    a = adventure(s, "Red Nails", 0)
    challenge(s, "Quicksand", a, 1)
    give(s, 0, on=a)
    act(s, "face the top Challenge")
    act(s, "wager 1 DP")
    act(s, "withdraw")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_completing_needs_the_hero_alone():
    s = table(n=2, heroes=("Barbarian", "Thief"))
    a = adventure(s, "Red Nails", 1)
    give(s, 0, on=a)
    give(s, 1, on=a)
    assert not has(s, "complete") and has(s, "challenge player_1")


def test_max_turns_truncates():
    import conan_envs as ce
    game = ce.make_game("cards_v2", num_players=2, max_turns=1)
    s = game.new_initial_state(0)
    rng = np.random.default_rng(0)
    while not s.is_terminal() and not s.is_truncated():
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert s.is_terminal() or (s.turn == 1 and s.returns() == [0.0, 0.0])


def test_config_errors():
    import conan_envs as ce
    with pytest.raises(ce.ConfigError):
        ce.make_game("cards_v2", num_players=5)
    with pytest.raises(ce.ConfigError):
        ce.make_game("cards_v2", starting_dp=30, target_dp=30)
    game = ce.make_game("cards_v2", num_players=4, starting_dp=10, target_dp=20)
    s = game.new_initial_state(0)
    assert s.dp == [10] * 4 and game.max_bet == 40


def test_a_round_where_no_one_can_act_ends_the_game():
    s = table(n=2, heroes=("Barbarian", "Thief"), dp=(1, 1))
    begin(s, "draw")  # nothing to draw, to play, to do, to offer: a stalemate after a round
    assert s.is_terminal() and s.returns() == [0.0, 0.0]  # equal DP: a draw
    assert s.turn == 2
