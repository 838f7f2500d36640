"""The view contract (tests/test_views.py) for every scenario and hero count, not only the
default one: equal observations <-> equal views (log aside), no leak through resampling, the
board is the acting role's view."""
import pytest

from tests import test_views as contract

SCENARIOS = ("clutches", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis", "ritual")
HEROES = {"heart_of_darkness": (3,), "ophir": (3,), "ritual": (3,)}
CASES = [(sc, n) for sc in SCENARIOS for n in HEROES.get(sc, (2, 3, 4))]


@pytest.mark.parametrize("scenario,num_heroes", CASES)
def test_view_contract_in_every_scenario(scenario, num_heroes):
    contract.check_contract(*contract.sampled_states(
        "miniatures_v2", {"scenario": scenario, "num_heroes": num_heroes}))
