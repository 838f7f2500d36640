"""The meta-strategy solver of a population method (PSRO, a league): which mixture of the
population's policies to play.

Given the payoff of each of our policies (rows) against each opponent the population has met
(columns: the scripted players, the human-style plans, the exploiters each trained against
one of our policies), the mixture to ship is the row player's maximin strategy of that
zero-sum matrix game: the weights that make the best column against them do worst. That is
the Nash meta-strategy of PSRO (Lanctot et al., 2017); against any single column it does at
least the game's value, where a uniform mixture does only its average.

Solved by regret matching+ with linearly weighted averages (the matrix-game form of CFR+),
which needs no LP library and converges in a few thousand iterations on the small matrices
a league makes; the solution reports its duality gap, so a caller can tell how close it is.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from conan_envs import ConfigError


@dataclass(frozen=True)
class MetaSolution:
    """A zero-sum matrix game's solution, for the row player who maximises."""

    row_weights: np.ndarray  # the row player's mixture (sums to 1)
    column_weights: np.ndarray  # the column player's best mixture against it (sums to 1)
    value: float  # the worst the row mixture does against any column
    gap: float  # the best row against column_weights minus `value` (0 at an exact Nash)


def solve_zero_sum(payoff: Sequence[Sequence[float]] | np.ndarray,
                   iterations: int = 20_000, tolerance: float = 1e-4) -> MetaSolution:
    """The row player's maximin mixture of `payoff` (rows: our policies; columns: opponents;
    entries: the row's expected score against the column)."""
    a = np.asarray(payoff, dtype=np.float64)
    if a.ndim != 2 or a.shape[0] < 1 or a.shape[1] < 1 or not np.all(np.isfinite(a)):
        raise ConfigError(f"payoff must be a finite matrix with a row and a column at least, "
                          f"got shape {a.shape}")
    rows, cols = a.shape
    regret_r, regret_c = np.zeros(rows), np.zeros(cols)
    sum_r, sum_c = np.zeros(rows), np.zeros(cols)

    def strategy(regret: np.ndarray) -> np.ndarray:
        total = regret.sum()
        return regret / total if total > 0 else np.full(regret.shape, 1.0 / regret.size)

    for t in range(1, iterations + 1):
        y = strategy(regret_c)
        row_values = a @ y
        x = strategy(regret_r)
        regret_r = np.maximum(regret_r + row_values - x @ row_values, 0.0)
        x = strategy(regret_r)  # alternating: the columns answer the rows' updated mixture
        col_values = x @ a  # the column player minimises the row's score
        regret_c = np.maximum(regret_c + y @ col_values - col_values, 0.0)
        sum_r += t * x
        sum_c += t * y
        if t % 500 == 0:
            xa, ya = sum_r / sum_r.sum(), sum_c / sum_c.sum()
            if float((a @ ya).max() - (xa @ a).min()) <= tolerance:
                break
    xa, ya = sum_r / sum_r.sum(), sum_c / sum_c.sum()
    value = float((xa @ a).min())
    return MetaSolution(xa, ya, value, float((a @ ya).max()) - value)
