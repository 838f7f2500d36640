"""The miniatures game's decisions as frames on the engine's stack (engine/flow.py): a clone
shares the frozen frames, so playing on in a copy never changes the original, however deep
the fight being resolved (rulebook "Rerolls", "Guard", "Area Attacks", "Sacrifice"); a roll
that offers a reroll sits on its continuation."""
from __future__ import annotations

import numpy as np
import pytest

from conan_envs.miniatures import frames as F
from conan_envs.miniatures.records import Cont

from .helpers import game

# decisions that carry what a fight is resolving (a Resolution)
FIGHT = ("reroll", "guard", "ov_guard", "ally_guard", "sacrifice", "area_order", "circular")


@pytest.mark.parametrize("scenario,seed", [("clutches", 1), ("tigress", 2), ("thalis", 3),
                                           ("ritual", 4)])
def test_a_clone_played_on_leaves_the_original_unchanged(scenario, seed):
    g = game(scenario, 3)
    rng = np.random.default_rng(seed)
    s = g.new_initial_state(seed)
    checked = 0
    for _ in range(1500):
        if s.is_terminal() or s.is_truncated():
            s = g.new_initial_state(int(rng.integers(1000)))
        legal = np.flatnonzero(s.legal_action_mask())
        if s.decision() in FIGHT:
            before = s.snapshot()
            for a in legal[:3]:
                copy = s.clone()
                copy.apply_action(int(a))
                if not copy.is_terminal():   # and one move more in the copy
                    copy.apply_action(int(np.flatnonzero(copy.legal_action_mask())[0]))
            assert s.snapshot() == before, s.decision()
            checked += 1
        s.apply_action(int(legal[rng.integers(legal.size)]))
    assert checked > 10   # the test saw fights


def test_a_reroll_sits_on_its_continuation():
    """"Rerolls": the roll is final once kept; what it resolves goes on from the frame under
    the decision, which carries the roll's Resolution."""
    g = game("clutches", 3)
    rng = np.random.default_rng(0)
    s = g.new_initial_state(0)
    seen = 0
    while seen < 5:
        if s.is_terminal() or s.is_truncated():
            s = g.new_initial_state(int(rng.integers(1000)))
        if s.decision() == "reroll":
            fr, below = s.stack[-1], s.stack[-2]
            assert isinstance(fr, F.Reroll) and isinstance(below, Cont)
            assert type(below) is type(fr.then) and below.context is fr.context
            seen += 1
        legal = np.flatnonzero(s.legal_action_mask())
        s.apply_action(int(legal[rng.integers(legal.size)]))
