"""The scripted Conan and Yara: legal, complete games, and better than random play."""
import numpy as np

import conan_envs
from baselines import load_agent


def play(mode, conan, yara, seeds):
    g = conan_envs.make_game("tower_v2", mode=mode)
    reached = []
    for seed in seeds:
        s = g.new_initial_state(seed)
        agents = [load_agent(conan, "tower_v2", role="conan", seed=seed, mode=mode)]
        if mode == "battle":
            agents.append(load_agent(yara, "tower_v2", role="yara", seed=seed, mode=mode))
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            a = agents[p].act(s.observation(p), s.legal_action_mask(), s)
            assert s.legal_action_mask()[a]
            s.apply_action(a)
        reached.append(s.loc)
    return np.mean(reached)


def test_scripted_conan_gets_further_than_random_conan():
    seeds = range(12)
    assert play("solo", "scripted", None, seeds) > play("solo", "random", None, seeds) + 1


def test_scripted_yara_stops_conan_sooner_than_random_yara():
    seeds = range(4)
    assert play("battle", "scripted", "scripted", seeds) < play("battle", "scripted", "random", seeds)


def test_scripted_agent_without_a_state_plays_legal_moves():
    agent = load_agent("scripted", "tower_v2", role="yara", seed=0, mode="battle")
    mask = np.zeros(10, dtype=bool)
    mask[[3, 7]] = True
    assert agent.act(None, mask) in (3, 7)
