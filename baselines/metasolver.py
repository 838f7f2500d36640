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


def spread_within(payoff: Sequence[Sequence[float]] | np.ndarray, slack: float,
                  iterations: int = 50_000) -> MetaSolution:
    """The most spread row mixture (maximum entropy) whose worst column scores at least the
    game's value minus `slack`.

    A payoff matrix of sampled games is noisy: rows within a few points of each other are not
    told apart, yet the exact Nash mixture may put almost all its weight on one of them, and a
    fresh opponent then meets that one policy nearly every game. Spreading the weight over the
    rows that are as good within `slack` (the cells' noise, say) keeps the value and makes the
    next opponent beat several policies at once (the maximum-entropy Nash of Balduzzi et al.,
    2019, relaxed by the slack). Solved in its convex dual: the weights are
    ``softmax(payoff @ lam)`` for multipliers ``lam >= 0``, one per column, found by projected
    gradient steps until every column is held to the bound.

    Measured once (reports/ladder/exploiters.md, "Round four"): in Hunting the Tigress the
    spread mixture within 3 points gave a fresh exploiter 99 of 200 games, the exact Nash
    mixture 20, so the league ships the Nash answer; this one is for comparison."""
    if not 0 <= slack < 1:
        raise ConfigError(f"slack must be in [0, 1), got {slack}")
    nash = solve_zero_sum(payoff)
    a = np.asarray(payoff, dtype=np.float64)
    bound = nash.value - slack
    lam = np.zeros(a.shape[1])
    step = 1.0
    x = np.full(a.shape[0], 1.0 / a.shape[0])
    for t in range(1, iterations + 1):
        z = a @ lam
        x = np.exp(z - z.max())
        x /= x.sum()
        shortfall = bound - x @ a  # > 0 where a column is held below the bound
        lam = np.maximum(lam + step * shortfall * np.sqrt(t), 0.0)
        if t % 200 == 0 and shortfall.max() <= 1e-4:
            break
    if float((x @ a).min()) < nash.value - slack - 1e-3:  # not reached: keep the Nash mixture
        return nash
    value = float((x @ a).min())
    best_reply = np.zeros(a.shape[1])
    best_reply[int(np.argmin(x @ a))] = 1.0
    return MetaSolution(x, best_reply, value, float((a @ best_reply).max()) - value)
