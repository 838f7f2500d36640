"""The env API's corners (issue 15, "Env API"): the rules state is ``env.game_state`` so
PettingZoo's ``state()`` is not hidden; observations never alias the env's caches; every bad
action is an IllegalActionError; stepping and ``last()`` after the end behave as PettingZoo
expects; the single-agent env validates like the AEC env and its own options."""
import math

import numpy as np
import pytest

import conan_envs
from conan_envs import ConfigError, IllegalActionError
from conan_envs.engine import ResetNeeded
from conan_envs.engine.gym_env import RandomOpponent, SingleAgentEnv
from conan_envs.engine.pettingzoo_env import ConanAECEnv
from tests.test_all_games import CASES, IDS
from tests.toy import NimGame

BAD_ACTIONS = [1.5, float("inf"), float("-inf"), float("nan"), "1", "x", None, True, -1, 4, 99,
               10**30, np.float64(0.5), np.array([0, 1]), [0], object()]


def bad_id(value):
    """Test ids the same in every process (pytest-xdist compares them): no object addresses."""
    return "object()" if type(value) is object else repr(value)



def test_rules_state_is_game_state_and_pettingzoo_state_is_not_hidden():
    env = ConanAECEnv(NimGame())
    assert env.game_state is None
    env.reset(seed=0)
    assert env.game_state.pile >= 10 and env.game is env.game_state.game
    assert callable(env.state)  # PettingZoo's global-state method, not shadowed
    with pytest.raises(NotImplementedError):
        env.state()


def test_observe_and_last_hand_out_arrays_that_do_not_alias_the_env():
    env = ConanAECEnv(NimGame())
    env.reset(seed=0)
    agent = env.agent_selection
    obs = env.observe(agent)
    obs["action_mask"][:] = 0
    obs["observation"][:] = 42.0
    obs["action_mask"] = None
    again, *_ = env.last()
    assert again["action_mask"].tolist() == [1, 1, 1, 1]
    assert again["observation"].max() <= 1.0
    assert env.game_state.legal_action_mask().tolist() == [True] * 4


@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=bad_id)
def test_every_bad_action_is_an_illegal_action_error(bad):
    env = ConanAECEnv(NimGame())
    env.reset(seed=0)
    before = env.game_state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert env.game_state.to_json() == before and env.agents == env.possible_agents


@pytest.mark.parametrize("good", [1, np.int64(1), np.int8(1), 1.0, np.float32(1.0), np.array(1),
                                  np.array([1])], ids=repr)
def test_integer_actions_of_any_integer_type_are_accepted(good):
    env = ConanAECEnv(NimGame())
    env.reset(seed=0)
    pile = env.game_state.pile
    env.step(good)
    assert env.game_state.pile == pile - 2


def test_illegal_action_lose_mode_ends_the_game_for_any_bad_action():
    for bad in (float("nan"), float("inf"), 2.5, None, 99):
        env = ConanAECEnv(NimGame(), illegal_action="lose")
        env.reset(seed=0)
        offender = env.agent_selection
        env.step(bad)
        assert all(env.terminations.values())
        assert env._cumulative_rewards[offender] == -1.0
        assert env.infos[offender]["illegal_action"]
        assert not env.observe(offender)["action_mask"].any()


def finish(env, seed=0):
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))


def test_step_none_and_last_after_every_agent_is_done():
    env = ConanAECEnv(NimGame())
    finish(env)
    assert env.agents == []
    obs, reward, term, trunc, info = env.last()
    assert reward == 0.0 and term and not trunc and info == {}
    assert not obs["action_mask"].any()
    env.step(None)  # a no-op, as PettingZoo allows for done agents
    assert env.agents == []
    with pytest.raises(IllegalActionError, match="game over"):
        env.step(0)


def test_a_done_agent_stepped_with_an_action_is_an_illegal_action_error():
    env = ConanAECEnv(NimGame(max_turns=1))
    env.reset(seed=0)
    env.step(3)  # reveal: the cap of one turn truncates the game
    assert all(env.truncations.values())
    with pytest.raises(IllegalActionError, match="only valid action is None"):
        env.step(0)
    env.step(None)


def test_aec_env_before_reset_is_a_clear_error():
    env = ConanAECEnv(NimGame(), render_mode="ansi")
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.last, env.render):
        with pytest.raises(ResetNeeded, match="reset"):
            call()


@pytest.mark.parametrize("opts,word", [
    ({"render_mode": "rgb_array"}, "render_mode"), ({"reward": "dense"}, "reward"),
    ({"illegal_action": "ignore"}, "illegal_action")])
def test_env_options_are_validated_naming_what_is_valid(opts, word):
    for make in (conan_envs.make, conan_envs.make_single_agent):
        with pytest.raises(ConfigError, match=word) as err:
            make("kings_v2", **opts)
        assert repr(next(iter(opts.values()))) in str(err.value)
    with pytest.raises(ConfigError, match=word):
        SingleAgentEnv(NimGame(), **opts)


def test_single_agent_env_before_reset_is_a_clear_error():
    env = SingleAgentEnv(NimGame(), render_mode="ansi")
    for call in (lambda: env.step(0), env.action_masks, env.render):
        with pytest.raises(ResetNeeded, match="reset"):
            call()


@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=bad_id)
def test_single_agent_env_refuses_bad_actions_like_the_aec_env(bad):
    env = SingleAgentEnv(NimGame())
    env.reset(seed=1)
    before = env.game_state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert env.game_state.to_json() == before


def test_single_agent_env_plays_integral_floats_but_never_truncates_fractions():
    env = SingleAgentEnv(NimGame())
    env.reset(seed=1)
    pile = env.game_state.pile
    with pytest.raises(IllegalActionError):
        env.step(0.9)  # once int()'d to 0 (take 1)
    assert env.game_state.pile == pile
    env.step(np.float64(0.0))
    assert env.game_state.pile < pile


def test_single_agent_env_lose_mode_and_stepping_after_the_end():
    env = SingleAgentEnv(NimGame(), illegal_action="lose")
    _, info = env.reset(seed=0)
    assert info["action_mask"].tolist() == [1, 1, 1, 1]
    obs, reward, term, trunc, info = env.step(math.nan)
    assert (reward, term, trunc) == (-1.0, True, False) and info["illegal_action"]
    assert not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    env.step(0)


def test_single_agent_env_validates_role_and_opponents():
    with pytest.raises(ConfigError, match="player_0"):
        SingleAgentEnv(NimGame(), role="nobody")
    with pytest.raises(ConfigError, match="role"):
        SingleAgentEnv(NimGame(), role=2.0)
    with pytest.raises(ConfigError, match="learning role"):
        SingleAgentEnv(NimGame(), role=0, opponents={"player_0": RandomOpponent(0)})
    with pytest.raises(ConfigError, match="act"):
        SingleAgentEnv(NimGame(), role=0, opponents={1: "random"})
    with pytest.raises(ConfigError, match="opponents must be"):
        SingleAgentEnv(NimGame(), role=0, opponents="random")


def test_single_agent_default_opponents_come_from_the_engine_and_are_seeded():
    env = SingleAgentEnv(NimGame(), role=1)
    a, _ = env.reset(seed=5)
    assert isinstance(env.opponents[0], RandomOpponent)
    first = env.game_state.to_json()
    env.reset(seed=5)
    assert env.game_state.to_json() == first


def test_engine_does_not_import_the_agents():
    import subprocess
    import sys

    code = ("import sys, conan_envs, gymnasium; "
            "env = gymnasium.make('conan_envs/Kings-v2'); env.reset(seed=0); "
            "env.step(int(env.unwrapped.action_masks().nonzero()[0][0])); "
            "assert not [m for m in sys.modules if m.split('.')[0] == 'baselines'], 'baselines'")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_single_agent_observation_is_a_copy():
    env = SingleAgentEnv(NimGame())
    obs, _ = env.reset(seed=2)
    obs[:] = 7.0
    env.action_masks()[:] = False
    assert env.action_masks().any()
    assert env.game_state.observation(0).max() <= 1.0


def test_the_wrapped_env_also_answers_last_after_every_agent_is_done():
    from conan_envs import kings_v2

    env = kings_v2.env(max_turns=1)
    assert str(env) == "kings_v2"
    env.reset(seed=0)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []
    _, reward, term, trunc, _ = env.last()
    assert reward == 0.0 and (term or trunc)


def test_single_agent_state_is_a_deprecated_name_of_game_state():
    env = SingleAgentEnv(NimGame())
    env.reset(seed=0)
    with pytest.warns(DeprecationWarning, match="game_state"):
        assert env.state is env.game_state


def _arrays_of(obj):
    return [v for v in vars(obj).values() if isinstance(v, np.ndarray)]


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_every_observation_is_a_new_array_the_caller_owns(env_id, config):
    """State.observation hands out a new writable float32 array sharing memory with nothing
    the state or game keeps, nor with an earlier observation: the envs pass it on without
    copying, so editing it must not change what the game reports later."""
    env = conan_envs.make(env_id, **config)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(25):
        state = env.game_state
        kept = _arrays_of(state) + _arrays_of(state.game)
        for r in range(state.game.num_roles):
            first, again = state.observation(r), state.observation(r)
            assert first.dtype == np.float32 and first.flags.writeable
            assert not np.shares_memory(first, again)
            assert not any(np.shares_memory(first, k) for k in kept)
            first[:] = 123.0
            assert np.array_equal(state.observation(r), again)
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        obs["observation"][:] = 123.0
        obs["action_mask"][:] = 1
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask.tolist() == state.legal_action_mask().astype(np.int8).tolist()
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.integers(legal.size)]))
