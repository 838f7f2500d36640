"""Long random play over every variant (run with -m slow): invariants, clone/JSON round-trips,
resampling, observations in range."""
import numpy as np
import pytest

from conan_envs.adventures.content import content

from .helpers import game

C = content()
CONFIGS = [dict(), dict(team=True), dict(ohala=True), dict(plot="mixed", longer_game=4),
           dict(adventure_icons="triangle,moon,star")]


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("cfg", CONFIGS)
def test_fuzz(n, cfg):
    if cfg.get("team") and n != 4:
        pytest.skip("team game is 4 players")
    g = game(n, **cfg)
    for seed in range(25):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        step = 0
        while not s.is_terminal() and not s.is_truncated():
            if step % 50 == 0:
                assert g.state_from_json(s.to_json()) == s
                r = s.resample_hidden(s.current_player(), rng)
                assert np.array_equal(r.legal_action_mask(), s.legal_action_mask())
                for role in range(n):
                    o = s.observation(role)
                    assert o.min() >= 0 and o.max() <= 1
            assert sum(s.fate_supply) + sum(map(sum, s.fate)) + sum(map(sum, s.fate_board)) == 32
            legal = np.flatnonzero(s.legal_action_mask())
            assert legal.size
            s.apply_action(int(legal[rng.integers(legal.size)]))
            step += 1
        assert s.is_terminal() or (cfg.get("longer_game") and s.is_truncated())
