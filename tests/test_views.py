"""The view contract, for every env and config (issue "one view per role"):
- ``state.view(role)`` is plain JSON with the common keys and the decision record;
- the observation carries the view: over states from random and scripted play, equal
  ``observation(r)`` means equal ``view(r)`` (the log aside), and equal views give equal
  observations;
- nothing hidden leaks: ``view(r)`` is unchanged by ``resample_hidden(r)``;
- the text board is the acting role's view, with the prompt.
"""
import json

import numpy as np
import pytest

import conan_envs
from baselines import load_agent

from .test_all_games import CASES, IDS

RANDOM_GAMES = 3
SCRIPTED_GAMES = 2
STEPS = 150  # per game: enough to reach every phase's decisions, bounded for speed
DECISION_KEYS = {"kind", "actor", "prompt", "context"}


def sampled_states(env_id, config, random_games=RANDOM_GAMES, scripted_games=SCRIPTED_GAMES,
                   steps=STEPS, every=5, seed=1000):
    """States along random games, then scripted ones (every `every`-th decision, and the
    last); the games' own test folders call this for configs beyond CASES."""
    game = conan_envs.make_game(env_id, **config)
    out = []
    for g in range(random_games + scripted_games):
        state = game.new_initial_state(seed + g)
        rng = np.random.default_rng(g)
        agents = None
        if g >= random_games:
            agents = [load_agent("scripted", env_id, r, seed=seed + g, **config)
                      for r in range(game.num_roles)]
        for step in range(steps):
            if state.is_terminal() or state.is_truncated():
                break
            if step % every == 0:
                out.append(state.clone())
            p = state.current_player()
            if agents is None:
                a = int(rng.choice(state.legal_actions()))
            else:
                a = agents[p].act(state.observation(p), state.legal_action_mask(), state)
            state.apply_action(a)
        out.append(state)
    return game, out


@pytest.fixture(scope="module", params=CASES, ids=IDS)
def sampled(request):
    env_id, config = request.param
    return sampled_states(env_id, config)


def without_log(view):
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True)


def check_plain_json(game, states):
    for state in states:
        for r in range(game.num_roles):
            view = state.view(r)
            json.dumps(view)  # no custom encoder
            assert view["env_id"] == game.env_id and view["role"] == game.roles[r]
            assert view == state.view(game.roles[r])
            d = view["decision"]
            assert set(d) == DECISION_KEYS
            assert isinstance(d["prompt"], str) and d["prompt"]
            assert isinstance(d["context"], dict)
            if state.is_terminal():
                assert d["actor"] is None
            else:
                assert d["actor"] == game.roles[state.current_player()]
            assert isinstance(view["log"], list) and all(isinstance(e, str) for e in view["log"])


def check_one_to_one(game, states):
    for r in range(game.num_roles):
        by_obs, by_view = {}, {}
        for state in states:
            if state.is_terminal():
                continue
            obs = state.observation(r).tobytes()
            view = without_log(state.view(r))
            assert by_obs.setdefault(obs, view) == view, (
                f"role {game.roles[r]}: equal observations, different views")
            assert by_view.setdefault(view, obs) == obs, (
                f"role {game.roles[r]}: equal views, different observations")


def check_no_leak(game, states):
    rng = np.random.default_rng(0)
    for state in states:
        for r in range(game.num_roles):
            guess = state.resample_hidden(r, rng)
            assert guess.view(r) == state.view(r)


def check_board(game, states):
    for state in states:
        text = str(state)
        role = 0 if state.is_terminal() else state.current_player()
        assert text == state.render_text(role)
        assert state.view(role)["decision"]["prompt"] in text


def check_contract(game, states):
    """All four checks, for the games' own tests over configs beyond CASES."""
    for check in (check_plain_json, check_one_to_one, check_no_leak, check_board):
        check(game, states)


def test_view_is_plain_json_with_the_common_keys(sampled):
    check_plain_json(*sampled)


def test_observation_carries_the_view_and_nothing_else(sampled):
    check_one_to_one(*sampled)


def test_view_is_unchanged_by_resampling_what_the_role_cannot_see(sampled):
    check_no_leak(*sampled)


def test_text_board_is_the_acting_roles_view(sampled):
    check_board(*sampled)
