"""The generic view contract (tests/test_views.py) for every cards_v1 player count and mode,
over random and scripted play with the scripted players built for the same config."""
import numpy as np
import pytest

import conan_envs
from baselines import load_agent
from tests import test_views as contract

CONFIGS = [{"num_players": 2}, {"num_players": 3}, {"num_players": 4},
           {"num_players": 3, "victory_or_death": True},
           {"num_players": 2, "forgetting_old_dangers": True}]


def sampled_states(config, games=4, steps=200):
    game = conan_envs.make_game("cards_v1", **config)
    out = []
    for g in range(games):
        state = game.new_initial_state(2000 + g)
        rng = np.random.default_rng(g)
        agents = None
        if g % 2:
            agents = [load_agent("scripted", "cards_v1", r, seed=g, **config)
                      for r in range(game.num_roles)]
        for step in range(steps):
            if state.is_terminal() or state.is_truncated():
                break
            if step % 3 == 0:
                out.append(state.clone())
            p = state.current_player()
            if agents is None:
                a = int(rng.choice(state.legal_actions()))
            else:
                a = agents[p].act(state.observation(p), state.legal_action_mask(), state)
            state.apply_action(a)
        out.append(state)
    return game, out


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_view_contract(config):
    sampled = sampled_states(config)
    contract.test_view_is_plain_json_with_the_common_keys(sampled)
    contract.test_observation_carries_the_view_and_nothing_else(sampled)
    contract.test_view_is_unchanged_by_resampling_what_the_role_cannot_see(sampled)
    contract.test_text_board_is_the_acting_roles_view(sampled)
