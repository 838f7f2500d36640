"""The meta-strategy solver: the row player's maximin mixture of a zero-sum matrix game."""
import numpy as np
import pytest

from baselines.metasolver import solve_zero_sum, spread_within
from conan_envs import ConfigError


def test_rock_paper_scissors_is_played_uniformly():
    s = solve_zero_sum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert np.allclose(s.row_weights, 1 / 3, atol=1e-3)
    assert abs(s.value) < 1e-3 and s.gap < 1e-3


def test_a_two_by_two_game_by_hand_and_a_dominated_row_dropped():
    # rows score 0.3/0.9 and 0.8/0.2: equalising 0.8 - 0.5x = 0.2 + 0.7x gives x = 1/2, value 0.55
    s = solve_zero_sum([[0.3, 0.9], [0.8, 0.2], [0.1, 0.1]])
    assert np.allclose(s.row_weights, [0.5, 0.5, 0.0], atol=2e-3)
    assert s.value == pytest.approx(0.55, abs=1e-3)
    # the columns' answer makes both kept rows equal: 0.3y + 0.9(1-y) = 0.8y + 0.2(1-y), y = 7/12
    assert s.column_weights[0] == pytest.approx(7 / 12, abs=1e-2)


def test_the_mixture_beats_the_uniform_one_against_the_best_column():
    rng = np.random.default_rng(0)
    for _ in range(5):
        a = rng.random((5, 8))
        s = solve_zero_sum(a)
        assert s.gap < 1e-3
        assert s.value >= (np.full(5, 0.2) @ a).min() - 1e-9
        assert s.value >= a.min(axis=1).max() - 1e-9  # no worse than the best single row
        assert np.isclose(s.row_weights.sum(), 1) and np.all(s.row_weights >= 0)


@pytest.mark.parametrize("bad", [[], [[]], [[0.1, np.nan]], [1, 2, 3]])
def test_bad_matrices_are_refused(bad):
    with pytest.raises(ConfigError, match="finite matrix"):
        solve_zero_sum(bad)


def test_equal_rows_share_the_weight_where_the_nash_solver_may_pick_one():
    s = spread_within([[0.9, 0.9], [0.9, 0.9], [0.2, 0.95]], 0.0)
    assert np.allclose(s.row_weights, [0.5, 0.5, 0.0], atol=1e-2)
    assert s.value == pytest.approx(0.9, abs=1e-3)


def test_the_slack_buys_spread_and_costs_no_more_than_itself():
    # rows 0 and 1 are near-equal; row 2 is worse against column 0 but best against column 1
    a = np.array([[0.92, 0.95], [0.90, 0.96], [0.50, 0.99]])
    nash = solve_zero_sum(a)
    assert nash.row_weights[0] > 0.95  # the exact Nash mixture is almost one row
    entropies = []
    for slack in (0.0, 0.02, 0.05, 0.2):
        s = spread_within(a, slack)
        assert s.value >= nash.value - slack - 1e-3
        assert s.row_weights.sum() == pytest.approx(1.0) and (s.row_weights >= 0).all()
        w = s.row_weights[s.row_weights > 0]
        entropies.append(float(-(w * np.log(w)).sum()))
    assert entropies == sorted(entropies) and entropies[-1] == pytest.approx(np.log(3), abs=1e-3)
    assert spread_within(a, 0.02).row_weights[1] > 0.3  # the near-equal row shares the weight


@pytest.mark.parametrize("slack", [-0.1, 1.0, 2.0])
def test_a_slack_outside_the_unit_interval_is_refused(slack):
    with pytest.raises(ConfigError, match="slack"):
        spread_within([[0.5, 0.5], [0.4, 0.6]], slack)
