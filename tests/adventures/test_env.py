"""The variants through the PettingZoo adapter, and hidden deck order."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import conan_envs

from .helpers import at_main, game


@pytest.mark.parametrize("cfg", [dict(num_players=4, team=True), dict(num_players=3, ohala=True),
                                 dict(num_players=2, plot="mixed", adventure_icons="moon,star")])
def test_api_and_seed_for_variants(cfg):
    api_test(conan_envs.make("adventures_v2", **cfg), num_cycles=200)
    seed_test(lambda: conan_envs.make("adventures_v2", **cfg), num_cycles=200)


def test_deck_order_is_not_observed():
    s = at_main(game(4).new_initial_state(2), 0)
    seen = [s.observation(r) for r in range(4)]
    s.adv_deck.reverse()
    s.enc_deck.reverse()
    s.ev_deck.reverse()
    s.ct_supply.reverse()
    assert all(np.array_equal(s.observation(r), seen[r]) for r in range(4))


def test_bad_config_is_a_clear_error():
    with pytest.raises(conan_envs.ConfigError, match="num_players"):
        game(5)
    with pytest.raises(conan_envs.ConfigError, match="team"):
        game(3, team=True)
    with pytest.raises(conan_envs.ConfigError, match="plot"):
        game(2, plot="The Thief of Zamora")
