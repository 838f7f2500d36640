"""IS-MCTS: plays well on a toy game, is reproducible, and never peeks at hidden information."""
import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from baselines.match import play_match
from baselines.mcts import MCTSAgent
from baselines.random_agent import RandomAgent
from conan_envs import catalog
from conan_envs.engine import TERMINAL, Game, State
from conan_envs.engine.options import max_turns
from tests.toy import NimGame


@pytest.fixture
def toy_envs(monkeypatch):
    """Register the toy games under test env ids for the string loader."""
    extra = {"nim_test": ("tests.toy", "NimGame"),
           "guess_test": ("tests.test_mcts", "GuessGame")}
    for env_id, entry in extra.items():
        monkeypatch.setitem(catalog.REGISTRY, env_id, entry)
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(catalog.REGISTRY))


class GuessState(State):
    """The dealer holds a hidden card 0-2; the guesser wins by naming it. Peeking would
    make the guesser right every time; honest play is right a third of the time."""

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.card = int(self.rng.integers(3))
        self.guess = None

    def current_player(self):
        return TERMINAL if self.guess is not None else 0

    def _legal_mask(self):
        return np.ones(3, dtype=bool)

    def _apply(self, a):
        self.guess = a
        self.turn += 1

    def returns(self):
        if self.guess is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.guess == self.card else [-1.0, 1.0]

    def observation(self, role):
        return np.array([float(role == 1) * self.card / 2], dtype=np.float32)

    def _view(self, role):
        return {"card": self.card if role == 1 else None, "guess": self.guess}

    def resample_hidden(self, observer, rng):
        new = super().resample_hidden(observer, rng)
        if observer == 0:
            new.card = int(rng.integers(3))
        return new


class LeakyGuessState(GuessState):
    def resample_hidden(self, observer, rng):  # a broken game: keeps the hidden card
        return State.resample_hidden(self, observer, rng)


class GuessGame(Game):
    env_id = "guess_test"
    OPTIONS = {"max_turns": max_turns(None, "turns", allow_none=True)}
    state_class = GuessState

    def _setup(self):
        self.roles = ("guesser", "dealer")
        self.num_actions = 3

    def observation_shape(self, role):
        return (1,)


class LeakyGuessGame(GuessGame):
    state_class = LeakyGuessState


class OnlyResample:
    """Hands the agent a state it can only resample: any other access fails the test."""

    def __init__(self, state):
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "calls", [])

    def resample_hidden(self, observer, rng):
        self.calls.append(observer)
        return self._state.resample_hidden(observer, rng)

    def __getattr__(self, name):
        raise AssertionError(f"MCTS read state.{name} directly")


def guess_rate(game, seeds=range(60)):
    right = 0
    for seed in seeds:
        s = game.new_initial_state(seed)
        agent = MCTSAgent("guess_test", role=0, simulations=30, seed=seed)
        a = agent.act(s.observation(0), s.legal_action_mask(), OnlyResample(s))
        right += a == s.card
    return right / len(seeds)


def test_mcts_never_peeks_at_hidden_card(toy_envs):
    honest = guess_rate(GuessGame())
    assert honest < 0.6  # a third on average; 60 games
    # the same search given a game that leaks the card finds it every time: the test can fail
    assert guess_rate(LeakyGuessGame()) == 1.0


def test_mcts_only_touches_state_through_resample_hidden(toy_envs):
    s = NimGame().new_initial_state(3)
    guarded = OnlyResample(s)
    agent = load_agent("mcts:simulations=25,seed=1", "nim_test", role=s.current_player())
    a = agent.act(s.observation(0), s.legal_action_mask(), guarded)
    assert s.legal_action_mask()[a]
    assert guarded.calls == [0] * 26  # 25 simulations, then one to predict what comes next


def test_mcts_beats_random_at_nim_from_both_seats(toy_envs):
    game = NimGame()
    wins = 0
    games = 0
    for seed in range(12):
        for seat in (0, 1):
            agents = [RandomAgent(seed=seed), RandomAgent(seed=seed)]
            agents[seat] = load_agent("mcts:simulations=100", "nim_test", role=seat, seed=seed)
            result = play_match(game, agents, seed=seed)
            wins += result.returns[seat] > 0
            games += 1
    assert wins / games >= 0.85


def test_mcts_finds_the_winning_move():
    game = NimGame()
    s = game.new_initial_state(0)
    s.pile = 7  # plain Nim (no passes left): only taking 3 leaves the opponent a lost 4
    s.revealed = [True, True]
    s._mask = None
    agent = MCTSAgent("nim_test", role=s.current_player(), simulations=400, seed=0)
    assert agent.act(s.observation(s.current_player()), s.legal_action_mask(), s) == 2


def test_mcts_stops_once_the_move_is_settled():
    """Once the most visited move leads by more than the simulations left, no further
    simulation could change the move, and none is run."""
    from baselines.mcts import _settled

    assert _settled({0: 50, 1: 20}, 29) and not _settled({0: 50, 1: 20}, 30)
    assert _settled({3: 17}, 16) and not _settled({}, 0)
    s = NimGame().new_initial_state(0)
    s.pile, s.revealed, s._mask = 7, [True, True], None
    guarded = OnlyResample(s)
    agent = MCTSAgent("nim_test", role=s.current_player(), simulations=3000, seed=0)
    assert agent.act(None, s.legal_action_mask(), guarded) == 2
    simulations = len(guarded.calls) - 1  # the last call predicts the next observation
    assert 16 <= simulations < 3000 and simulations % 16 == 0


def test_mcts_same_seed_same_moves():
    s = NimGame().new_initial_state(5)
    moves = [MCTSAgent("nim_test", role=0, simulations=40, seed=9).act(None, s.legal_action_mask(), s)
             for _ in range(2)]
    assert moves[0] == moves[1]


def test_mcts_policy_rollouts_and_cutoff(toy_envs):
    game = NimGame()
    agent = load_agent("mcts:simulations=30,rollout=random,max_rollout_steps=2,seed=2", "nim_test", role=0)
    rolled = load_agent("mcts:simulations=30,rollout=random,seed=2", "nim_test", role=0)
    policy = load_agent("mcts:simulations=30,rollout=random,seed=2", "nim_test", role=0)
    policy.rollout = "random:seed=3"
    for a in (agent, rolled, policy):
        r = play_match(game, [a, RandomAgent(seed=1)], seed=4)
        assert sorted(r.returns) == [-1.0, 1.0]


def test_mcts_rollouts_stop_at_the_horizon():
    """A rollout plays on until `horizon` new rounds have begun (Nim counts a round per
    move), and is then scored by the shaped scores, at most `leaf_weight` in size; horizon
    none plays to the end."""
    game = NimGame()
    for horizon, cap, expect_turns, weight in ((1, None, 1, 1.0), (3, None, 3, 0.5), (3, 2, 2, 0.25)):
        agent = MCTSAgent("nim_test", simulations=1, horizon=horizon, max_rollout_steps=cap,
                          leaf_weight=weight, seed=0)
        s = game.new_initial_state(1)
        s.pile, s.taken = 14, [7, 0]  # a lead that three moves cannot undo
        values = agent._rollout(s)
        assert s.turn == expect_turns and not s.is_terminal()
        lead = (s.taken[0] - s.taken[1]) / 10
        assert lead != 0
        assert values == pytest.approx([weight * np.tanh(2 * lead), -weight * np.tanh(2 * lead)])
    s = game.new_initial_state(1)
    values = MCTSAgent("nim_test", simulations=1, horizon=None, seed=0)._rollout(s)
    assert s.is_terminal() and values == s.returns()


def test_mcts_rejects_bad_options(toy_envs):
    with pytest.raises(conan_envs.ConfigError, match="simulations"):
        load_agent("mcts:simulations=0", "nim_test")
    with pytest.raises(conan_envs.ConfigError, match="horizon"):
        load_agent("mcts:horizon=0", "nim_test")
    with pytest.raises(conan_envs.ConfigError, match="leaf_weight"):
        load_agent("mcts:leaf_weight=2", "nim_test")
    with pytest.raises(conan_envs.ConfigError, match="role"):
        load_agent("mcts", "nim_test", role="nobody")
    with pytest.raises(conan_envs.ConfigError, match="needs the game state"):
        load_agent("mcts", "nim_test").act(None, np.array([True, True, False, True]))


class LockState(State):
    """One player sets a two-digit lock, one digit (0-2) at a time, and wins if the digits
    sum to 3: the same player is asked twice in a row, as in a Kings move order."""

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.digits = []

    def current_player(self):
        return TERMINAL if len(self.digits) == 2 else 0

    def _legal_mask(self):
        return np.ones(3, dtype=bool)

    def _apply(self, a):
        self.digits.append(a)

    def returns(self):
        if len(self.digits) < 2:
            return [0.0, 0.0]
        return [1.0, -1.0] if sum(self.digits) == 3 else [-1.0, 1.0]

    def observation(self, role):
        return np.array([self.digits[0] if self.digits else -1], dtype=np.float32)

    def _view(self, role):
        return {"digits": list(self.digits)}


class LockGame(GuessGame):
    env_id = "lock_test"
    state_class = LockState


def test_mcts_searches_on_from_the_step_it_chose():
    """The second step of a two-step decision starts from the subtree the first search grew
    under the chosen step, and adds its own simulations to it."""
    s = LockGame().new_initial_state(0)
    agent = MCTSAgent("lock_test", role=0, simulations=40, seed=0)
    first = agent.act(s.observation(0), s.legal_action_mask(), s)
    assert first in (1, 2)  # 0 cannot be completed to 3
    expected, kept = agent._kept
    before = sum(kept.visits.values())
    assert before > 0
    s.apply_action(first)
    assert np.array_equal(expected, s.observation(0))
    second = agent.act(s.observation(0), s.legal_action_mask(), s)
    assert first + second == 3
    assert sum(kept.visits.values()) > before
    assert agent._kept is None  # the game is over after the second digit


def test_mcts_starts_afresh_when_the_position_is_not_the_one_it_expected():
    s = LockGame().new_initial_state(0)
    agent = MCTSAgent("lock_test", role=0, simulations=40, seed=0)
    first = agent.act(s.observation(0), s.legal_action_mask(), s)
    _, kept = agent._kept
    before = dict(kept.visits)
    s.apply_action(3 - first)  # another step was taken than the one it chose
    agent.act(s.observation(0), s.legal_action_mask(), s)
    assert kept.visits == before
    # nothing is kept when the other player moves next, nor across games
    nim = NimGame().new_initial_state(5)
    nim_agent = MCTSAgent("nim_test", role=nim.current_player(), simulations=20, seed=0)
    nim_agent.act(nim.observation(0), nim.legal_action_mask(), nim)
    assert nim_agent._kept is None
    fresh = LockGame().new_initial_state(1)
    agent.act(fresh.observation(0), fresh.legal_action_mask(), fresh)
    assert agent._kept is not None
    agent.reset()
    assert agent._kept is None


def test_guided_search_follows_its_prior_when_it_has_searched_little():
    """With one simulation, PUCT spends it on the prior's move, so the move played is the
    scripted player's (as it plays in a determinization: it differs from the real state's
    move where the scripted player reads hidden dice or draws, rarely)."""
    from baselines.scripted import make_scripted

    game = conan_envs.make_game("tower_v2", mode="battle")
    state = game.new_initial_state(5)
    scripted = [make_scripted("tower_v2", role=r, mode="battle") for r in range(2)]
    guided = [load_agent("mcts:simulations=1,prior=scripted,rollout=scripted", "tower_v2", r,
                         seed=5, mode="battle") for r in range(2)]
    compared = agreed = 0
    while compared < 40 and not state.is_terminal():
        p = state.current_player()
        mask = state.legal_action_mask()
        want = scripted[p].act(state.observation(p), mask, state)
        if mask.sum() > 1:
            agreed += guided[p].act(state.observation(p), mask, state) == want
            compared += 1
        state.apply_action(want)
    assert compared == 40 and agreed >= 36


def test_time_budget_stops_the_search():
    import time

    game = conan_envs.make_game("tower_v2", mode="battle")
    state = game.new_initial_state(2)
    while state.legal_action_mask().sum() < 2:
        state.apply_action(int(state.legal_actions()[0]))
    agent = load_agent("mcts:simulations=1000000,rollout=scripted,time_budget=0.05", "tower_v2",
                       state.current_player(), seed=1, mode="battle")
    start = time.process_time()
    agent.act(state.observation(state.current_player()), state.legal_action_mask(), state)
    assert time.process_time() - start < 1.0


def test_a_prior_that_is_itself_a_search_is_refused():
    with pytest.raises(conan_envs.ConfigError, match="prior"):
        load_agent("mcts:prior=mcts", "kings_v2", 0)


def test_leaf_values_measure_a_side_against_the_other_sides():
    # the miniatures heroes share one shaped score: each measures its lead over the Overlord,
    # not over the other heroes (which would read a lead as level)
    from baselines.mcts import _leaf_values

    class Cutoff:  # a position the horizon cut off, the heroes 0.2 ahead
        game = conan_envs.make_game("miniatures_v2")

        def is_terminal(self):
            return False

        def shaped_scores(self):
            return [0.2, 0.2, 0.2, -0.2]

    values = _leaf_values(Cutoff())
    assert values[0] == values[1] == values[2] > 0 > values[3]
    assert values[0] == pytest.approx(-values[3])
