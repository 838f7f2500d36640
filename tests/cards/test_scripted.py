"""The scripted player: legal in every decision, and better than random play."""
import numpy as np
import pytest

import conan_envs
from baselines.random_agent import RandomAgent
from baselines.scripted import make_scripted


def play(game, agents, seed):
    s = game.new_initial_state(seed)
    while not s.is_terminal() and not s.is_truncated():
        p = s.current_player()
        mask = s.legal_action_mask()
        a = agents[p].act(s.observation(p), mask, s)
        assert mask[a]
        s.apply_action(a)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scripted_games_finish(n):
    game = conan_envs.make_game("cards_v2", num_players=n)
    for seed in range(6):
        agents = [make_scripted("cards_v2", r, seed=seed) for r in range(n)]
        s = play(game, agents, seed)
        assert s.is_terminal()


def test_scripted_beats_random():
    game = conan_envs.make_game("cards_v2", num_players=2)
    wins = 0
    games = 60
    for seed in range(games):
        seat = seed % 2
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        agents[seat] = make_scripted("cards_v2", seat, seed=seed)
        s = play(game, agents, seed)
        wins += s.winner == seat
    assert wins / games > 0.75


def test_scripted_does_not_read_hidden_information():
    """Same decisions on a state whose hidden part is redrawn (it only reads what it sees)."""
    game = conan_envs.make_game("cards_v2", num_players=3)
    rng = np.random.default_rng(0)
    s = game.new_initial_state(0)
    checked = 0
    while not s.is_terminal() and checked < 300:
        p = s.current_player()
        agent = make_scripted("cards_v2", p, seed=1)
        a = agent.act(None, s.legal_action_mask(), s)
        other = s.resample_hidden(p, rng)
        assert make_scripted("cards_v2", p, seed=1).act(None, other.legal_action_mask(), other) == a
        s.apply_action(a)
        checked += 1


def test_scripted_players_make_and_accept_deals():
    """The deal policy proposes Deals valued for both sides, and accepts them."""
    game = conan_envs.make_game("cards_v2", num_players=3)
    proposed = accepted = 0
    for seed in range(20):
        s = game.new_initial_state(seed)
        agents = [make_scripted("cards_v2", r, seed=seed) for r in range(3)]
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            a = agents[p].act(s.observation(p), s.legal_action_mask(), s)
            seg, _ = game.codec.decode(a)
            proposed += s.decision() == "diplomacy" and seg == "deal"
            accepted += s.decision() == "answer" and seg == "accept"
            s.apply_action(a)
    assert proposed >= 3 and accepted >= 3
