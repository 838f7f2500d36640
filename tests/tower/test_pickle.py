"""Issue 32 (hardening): the Tower's game, state and envs cross a process boundary (pickle,
as SubprocVecEnv with spawn, Ray and multiprocessing need) and play on identically."""
import pickle

import gymnasium
import numpy as np
import pytest

import conan_envs


def _play(state, steps, seed):
    """`steps` moves chosen by a seeded generator: the actions, observations and log."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        a = int(legal[rng.integers(len(legal))])
        state.apply_action(a)
        out.append((a, state.observation(0).tobytes(), tuple(state.log_for(0))))
    return out


@pytest.mark.parametrize("mode", ["solo", "battle"])
def test_game_and_state_round_trip_through_pickle_and_play_on_identically(mode):
    game = conan_envs.make_game("tower_v2", mode=mode)
    state = game.new_initial_state(5)
    _play(state, 150, 1)                       # mid-game: dice, combat, the encoder's cache
    copy = pickle.loads(pickle.dumps(state))
    assert np.array_equal(copy.observation(0), state.observation(0))
    assert _play(copy, 400, 2) == _play(state, 400, 2)
    game2 = pickle.loads(pickle.dumps(game))
    assert game2.num_actions == game.num_actions
    assert _play(game2.new_initial_state(9), 300, 3) == _play(game.new_initial_state(9), 300, 3)


def test_aec_env_round_trips_through_pickle_and_plays_on_identically():
    env = conan_envs.make("tower_v2", mode="battle")
    env.reset(seed=4)
    for _ in range(60):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))

    def run(e):
        seen = []
        for _ in range(300):
            obs, rew, term, trunc, _ = e.last()
            seen.append((e.agent_selection, obs["observation"].tobytes(), rew, term, trunc))
            if term or trunc:
                break
            mask = obs["action_mask"]
            e.step(int(np.flatnonzero(mask)[len(seen) % int(mask.sum())]))
        return seen
    assert run(copy) == run(env)


@pytest.mark.parametrize("how", ["make_single_agent", "gymnasium.make"])
def test_single_agent_env_round_trips_through_pickle_and_plays_on_identically(how):
    if how == "gymnasium.make":
        env = gymnasium.make(conan_envs.GYM_IDS["tower_v2"], mode="solo")
    else:
        env = conan_envs.make_single_agent("tower_v2", mode="solo")
    obs, info = env.reset(seed=6)
    copy = pickle.loads(pickle.dumps(env))

    def run(e, mask):
        seen = []
        for k in range(300):
            a = int(np.flatnonzero(mask)[k % int(mask.sum())])
            obs, rew, term, trunc, info = e.step(a)
            seen.append((obs.tobytes(), rew, term, trunc))
            if term or trunc:
                break
            mask = info["action_mask"].astype(bool)
        return seen
    assert run(copy, info["action_mask"].astype(bool)) == run(env, info["action_mask"].astype(bool))
