"""The engine contract and the adapter, on a toy game with no Conan rules."""
import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from baselines import RandomAgent, load_agent, parse_spec
from conan_envs.engine import ConfigError, CorruptStateError, IllegalActionError, serialize
from conan_envs.engine.gym_env import SingleAgentEnv
from conan_envs.engine.pettingzoo_env import ConanAECEnv
from tests.toy import NimGame


def play_random(state, seed=0):
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "mask empty before the end"
        state.apply_action(int(rng.choice(legal)))
    return state


def test_unknown_option_lists_valid():
    with pytest.raises(ConfigError, match="max_turns"):
        NimGame(colour="red")


def test_same_seed_same_game():
    g = NimGame()
    a, b = play_random(g.new_initial_state(7)), play_random(g.new_initial_state(7))
    assert a.snapshot() == b.snapshot()


def test_illegal_action_raises_and_changes_nothing():
    s = NimGame().new_initial_state(1)
    before = s.snapshot()
    s.apply_action(3)  # reveal
    s.apply_action(0)
    after_ok = s.snapshot()
    for bad in (3 if s.revealed[s.player] else 99, -1, 99, 1.5, "x", None):
        if s.is_legal(bad):
            continue
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(bad)
        assert "take 1" in str(err.value)
        assert s.snapshot() == after_ok
    assert before != after_ok


def test_clone_is_independent_and_keeps_rng():
    s = NimGame().new_initial_state(3)
    c = s.clone()
    assert c == s
    c.apply_action(0)
    assert c != s
    a, b = s.clone(), s.clone()
    assert a.rng.integers(1 << 30) == b.rng.integers(1 << 30)
    mine = np.random.default_rng(7)
    d = s.clone(mine)  # a copy that draws its chance from the caller's generator
    assert d.rng is mine and d.pile == s.pile and s.rng is not mine


def test_json_round_trip_mid_game_and_continues_identically():
    g = NimGame()
    s = g.new_initial_state(5)
    s.apply_action(1)
    r = g.state_from_snapshot(s.snapshot())
    assert r == s and r.snapshot() == s.snapshot()
    assert play_random(r, 9).snapshot() == play_random(s, 9).snapshot()


@pytest.mark.parametrize("text", ["", "{", "[]", '{"env_id": "other"}',
                                  '{"env_id": "nim_test", "config": {"max_turns": null}}'])
def test_corrupt_json_is_a_clear_error(text):
    with pytest.raises(CorruptStateError):
        NimGame().state_from_snapshot(text)


def test_corrupt_fields_are_caught():
    s = NimGame().new_initial_state(0)
    d = json.loads(s.snapshot())
    d["fields"]["pile"] = "many"
    with pytest.raises(CorruptStateError):
        NimGame().state_from_snapshot(json.dumps(d))


def test_serialize_round_trips_tagged_types():
    x = {"t": (1, 2), "s": {3, 4}, 5: "int key", "a": np.arange(6, dtype=np.int16).reshape(2, 3),
         "n": np.float32(1.5), "l": [None, True, "x"], "__t": "looks like a tag"}
    y = serialize.loads(serialize.dumps(x))
    assert y["t"] == (1, 2) and y["s"] == {3, 4} and y[5] == "int key" and y["__t"] == x["__t"]
    assert y["a"].dtype == np.int16 and (y["a"] == x["a"]).all() and type(y["n"]) is np.float32


def test_resample_hidden_keeps_what_the_observer_sees():
    s = NimGame().new_initial_state(0)
    rng = np.random.default_rng(0)
    seen = {tuple(s.resample_hidden(0, rng).secret) for _ in range(50)}
    assert all(sec[0] == s.secret[0] for sec in seen) and len(seen) > 1
    for _ in range(10):
        assert np.array_equal(s.resample_hidden(0, rng).observation(0), s.observation(0))


def test_pettingzoo_api_and_seed():
    api_test(ConanAECEnv(NimGame()), num_cycles=200)
    seed_test(lambda: ConanAECEnv(NimGame()), num_cycles=200)


def test_aec_illegal_raise_and_lose_modes():
    env = ConanAECEnv(NimGame())
    env.reset(seed=0)
    before = env.game_state.snapshot()
    with pytest.raises(IllegalActionError):
        env.step(99)
    assert env.game_state.snapshot() == before
    env = ConanAECEnv(NimGame(), illegal_action="lose")
    env.reset(seed=0)
    offender = env.agent_selection
    env.step(99)
    assert env.terminations[offender] and env._cumulative_rewards[offender] == -1.0


def test_aec_truncation_at_max_turns():
    env = ConanAECEnv(NimGame(max_turns=2))
    env.reset(seed=0)
    env.step(3)
    env.step(3)
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_aec_rewards_match_returns():
    env = ConanAECEnv(NimGame())
    env.reset(seed=4)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        totals[agent] += rew
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(totals.values()) == [-1.0, 1.0]


def _nim_rewards(reward):
    """Each agent's summed rewards over one seeded Nim game under `reward`, and the state."""
    env = ConanAECEnv(NimGame(), reward=reward)
    env.reset(seed=2)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        totals[agent] += rew
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if term or trunc else int(legal[-1] if obs["action_mask"][1] else 0))
    return [totals[a] for a in env.possible_agents], env.game_state


def test_aec_shaped_reward_pays_score_changes_then_the_result():
    totals, state = _nim_rewards("shaped")
    for i, total in enumerate(totals):
        assert total == pytest.approx(state.taken[i] / 10 + state.returns()[i])


def test_aec_margin_reward_pays_the_lead_changes_then_the_result():
    """reward="margin": each step pays the change of the role's shaped score less the
    opponent's, so in a two-player game the dense parts cancel out."""
    totals, state = _nim_rewards("margin")
    taken = state.taken
    assert taken[0] != taken[1]  # the leads paid are not all zero
    for i, total in enumerate(totals):
        assert total == pytest.approx((taken[i] - taken[1 - i]) / 10 + state.returns()[i])


def test_single_agent_margin_reward_and_bad_reward_name():
    env = SingleAgentEnv(NimGame(), role="player_1", opponents={0: RandomAgent(0)}, reward="margin")
    env.reset(seed=1)
    total, done = 0.0, False
    while not done:
        _, reward, term, trunc, _ = env.step(int(np.flatnonzero(env.action_masks())[-1]))
        total, done = total + reward, term or trunc
    taken = env.game_state.taken
    assert total == pytest.approx((taken[1] - taken[0]) / 10 + env.game_state.returns()[1])
    with pytest.raises(ConfigError, match="reward must be one of"):
        ConanAECEnv(NimGame(), reward="lead")


def test_single_agent_env_masks_and_terminal_reward():
    env = SingleAgentEnv(NimGame(), role="player_1", opponents={0: RandomAgent(0)})
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    done, reward = False, 0.0
    while not done:
        action = int(np.flatnonzero(env.action_masks())[0])
        obs, reward, term, trunc, _ = env.step(action)
        done = term or trunc
    assert reward in (-1.0, 1.0)


def test_agent_specs():
    assert parse_spec("mcts:simulations=400,c_uct=1.5,rollout=random") == (
        "mcts", {"simulations": 400, "c_uct": 1.5, "rollout": "random"})
    assert parse_spec("ppo:models/x.zip") == ("ppo", {"path": "models/x.zip"})
    assert parse_spec("ppo:models/x,deterministic=false") == (
        "ppo", {"path": "models/x", "deterministic": False})
    with pytest.raises(ConfigError, match="expected key=value"):
        parse_spec("mcts:simulations=4,fast")
    with pytest.raises(ConfigError, match="random"):
        load_agent("genius", "kings_v2")
    with pytest.raises(ConfigError, match="kings_v2"):
        load_agent("random", "chess_v0")


def test_copy_data_is_deep_for_every_plain_type():
    from conan_envs.engine.core import copy_data, copy_rng

    x = {"l": [[1, 2], [3]], "t": (1, [2]), "a": np.zeros(3), "s": {1, 2}, "d": {"k": [1]},
         "flat": [1, 2.5, "x", None], "ft": (1, 2)}
    y = copy_data(x)
    y["l"][0].append(9)
    y["t"][1].append(9)
    y["a"][0] = 9
    y["s"].add(9)
    y["d"]["k"].append(9)
    y["flat"][0] = 9
    assert x == {"l": [[1, 2], [3]], "t": (1, [2]), "a": x["a"], "s": {1, 2}, "d": {"k": [1]},
                 "flat": [1, 2.5, "x", None], "ft": (1, 2)}
    assert not x["a"].any()
    rng = np.random.default_rng(3)
    twin = copy_rng(rng)
    assert twin.integers(1 << 40) == rng.integers(1 << 40)
