"""The view contract (tests/test_views.py) for every scenario and hero count, not only the
default one: equal observations <-> equal views (log aside), no leak through resampling, the
board is the acting role's view."""
import json

import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from tests.test_views import without_log

SCENARIOS = ("clutches", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis", "ritual")
HEROES = {"heart_of_darkness": (3,), "ophir": (3,), "ritual": (3,)}
CASES = [(sc, n) for sc in SCENARIOS for n in HEROES.get(sc, (2, 3, 4))]


def sampled_states(config, games=5, steps=150):
    """States along random (3) and scripted (2) games, every fifth decision and the last."""
    game = conan_envs.make_game("miniatures_v1", **config)
    out = []
    for k in range(games):
        state = game.new_initial_state(1000 + k)
        rng = np.random.default_rng(k)
        agents = None if k < 3 else [load_agent("scripted", "miniatures_v1", r, seed=k, **config)
                                     for r in range(game.num_roles)]
        for step in range(steps):
            if state.is_terminal() or state.is_truncated():
                break
            if step % 5 == 0:
                out.append(state.clone())
            p = state.current_player()
            a = (int(rng.choice(state.legal_actions())) if agents is None else
                 agents[p].act(state.observation(p), state.legal_action_mask(), state))
            state.apply_action(a)
        out.append(state)
    return game, out


def check(game, states):
    for r in range(game.num_roles):
        by_obs, by_view = {}, {}
        for state in states:
            view = state.view(r)
            json.dumps(view)
            if state.is_terminal():
                continue
            obs = state.observation(r).tobytes()
            key = without_log(view)
            assert by_obs.setdefault(obs, key) == key, "equal observations, different views"
            assert by_view.setdefault(key, obs) == obs, "equal views, different observations"
    rng = np.random.default_rng(0)
    for state in states[::3]:
        for r in range(game.num_roles):
            assert state.resample_hidden(r, rng).view(r) == state.view(r)
        assert state.view(0 if state.is_terminal() else state.current_player())[
            "decision"]["prompt"] in str(state)


@pytest.mark.parametrize("scenario,num_heroes", CASES)
def test_view_contract_in_every_scenario(scenario, num_heroes):
    game, states = sampled_states({"scenario": scenario, "num_heroes": num_heroes})
    check(game, states)
