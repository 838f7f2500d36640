"""The lean observation encoder gives exactly the vectors of the first encoder (kept frozen in
legacy_encode.py), for every role, over random games of every player count and variant."""
import numpy as np
import pytest

from conan_envs.adventures.encode import SIZE, encode

from . import legacy_encode
from .helpers import game


@pytest.mark.parametrize("cfg", [dict(num_players=2), dict(num_players=3, ohala=True),
                                 dict(num_players=4), dict(num_players=4, team=True),
                                 dict(num_players=2, plot="mixed", adventure_icons="moon,star")])
def test_observations_match_the_reference_encoder(cfg):
    cfg = dict(cfg)
    g = game(cfg.pop("num_players"), **cfg)
    assert g.observation_shape(0) == (SIZE,) == (legacy_encode.obs_size(),)
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(2):
        s = g.new_initial_state(seed)
        step = 0
        while not s.is_terminal() and not s.is_truncated() and step < 1500:
            if step % 4 == 0:
                for r in range(s.n):
                    new, ref = encode(s, r), legacy_encode.encode(s, r)
                    assert new.dtype == np.float32
                    assert np.array_equal(new, ref), (cfg, seed, step, r, np.flatnonzero(new != ref))
                    checked += 1
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(legal.size)]))
            step += 1
    assert checked > 100


def test_repeated_encoding_does_not_share_buffers():
    s = game(3).new_initial_state(1)
    a = encode(s, 0)
    a[:] = 7
    assert np.array_equal(encode(s, 0), legacy_encode.encode(s, 0))
