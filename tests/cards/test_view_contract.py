"""The generic view contract (tests/test_views.py) for every cards_v2 player count and mode,
over random and scripted play with the scripted players built for the same config."""
import pytest

from tests import test_views as contract

CONFIGS = [{"num_players": 2}, {"num_players": 3}, {"num_players": 4},
           {"num_players": 3, "victory_or_death": True},
           {"num_players": 2, "forgetting_old_dangers": True}]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_view_contract(config):
    contract.check_contract(*contract.sampled_states("cards_v2", config, random_games=2,
                                                     scripted_games=2, steps=200, every=3,
                                                     seed=2000))
