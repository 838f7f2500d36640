"""The meta-strategy solver: the row player's maximin mixture of a zero-sum matrix game."""
import numpy as np
import pytest

from baselines.metasolver import solve_zero_sum
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
