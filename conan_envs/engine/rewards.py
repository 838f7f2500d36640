"""The env option ``reward``: what a learner is paid besides the game's result.

- ``terminal``: ``State.returns()`` at the end, nothing before.
- ``shaped``: also each step's change of the learner's ``State.shaped_scores()`` (its own
  heuristic progress, e.g. Victory points scaled into [0, 1]).
- ``margin``: also each step's change of the learner's shaped score *less the best shaped
  score of a role on another side* (``Game.side_of``): points an opponent scores cost the
  learner as much as its own earn it. In a two-player game this makes the dense reward
  zero-sum, so a learner is paid for denying the opponent as well as for scoring.

Every mode pays the same ``returns()`` at the end; the modes differ only in the dense part.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

REWARD_MODES = ("terminal", "shaped", "margin")


def dense_scores(state: Any, reward: str) -> npt.NDArray[np.float64] | None:
    """Each role's dense score under `reward` (its step-by-step change is the dense
    reward), or None for ``terminal`` or a game without ``shaped_scores``."""
    if reward == "terminal" or not hasattr(state, "shaped_scores"):
        return None
    scores = np.asarray(state.shaped_scores(), dtype=np.float64)
    if reward == "shaped":
        return scores
    game = state.game
    margin = scores.copy()
    for r in range(len(scores)):
        side = game.side_of(r)
        others = [scores[q] for q in range(len(scores)) if q not in side]
        if others:
            margin[r] -= max(others)
    return margin
