"""Gymnasium registration of the single-agent views (issue 17, "Gymnasium registration"):
``gymnasium.make("conan_envs/<Game>-v1", ...)`` with ``spec`` set, finite observation bounds
every observation keeps to, the action mask in ``info`` as well as ``action_masks()``, and
Gymnasium's and SB3's ``check_env`` passing on every game."""
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import conan_envs
from conan_envs import ConfigError
from tests.test_all_games import CASES, IDS

GAMES = list(conan_envs.ENV_IDS)


def test_every_env_id_has_a_gymnasium_id():
    assert conan_envs.GYM_IDS == {
        "kings_v2": "conan_envs/Kings-v2", "cards_v2": "conan_envs/Cards-v2",
        "tower_v2": "conan_envs/Tower-v2", "miniatures_v2": "conan_envs/Miniatures-v2",
        "adventures_v2": "conan_envs/Adventures-v2"}
    for gid in conan_envs.GYM_IDS.values():
        assert gid in gymnasium.registry


@pytest.mark.parametrize("env_id", GAMES)
def test_gymnasium_make_sets_spec_and_passes_options(env_id):
    gid = conan_envs.GYM_IDS[env_id]
    game = conan_envs.make_game(env_id)
    env = gymnasium.make(gid, role=game.num_roles - 1, reward="shaped", max_turns=7)
    assert env.spec.id == gid and env.spec.kwargs["max_turns"] == 7
    raw = env.unwrapped
    assert raw.role == game.num_roles - 1 and raw.shaped and raw.game.max_turns == 7
    assert conan_envs.make_single_agent(env_id).spec.id == gid
    with pytest.raises(ConfigError, match="no_such_option"):
        gymnasium.make(gid, no_such_option=1)


@pytest.mark.parametrize("env_id", GAMES)
def test_gymnasium_and_sb3_check_env_pass(env_id):
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning (inf bounds, dtype, spec) is a failure
        env = gymnasium.make(conan_envs.GYM_IDS[env_id], illegal_action="lose")
        check_env(env.unwrapped, skip_render_check=True)
        sb3_check_env(env.unwrapped, warn=True, skip_render_check=True)
        check_env(conan_envs.make_single_agent(env_id, illegal_action="lose"))


@pytest.mark.parametrize("env_id", GAMES)
def test_action_mask_in_info_matches_action_masks(env_id):
    env = gymnasium.make(conan_envs.GYM_IDS[env_id])
    raw = env.unwrapped
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=3)
    for _ in range(30):
        mask = raw.action_masks()
        assert info["action_mask"].dtype == np.int8
        assert np.array_equal(info["action_mask"].astype(bool), mask)
        assert mask.any() and obs in env.observation_space
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if term or trunc:
            assert not info["action_mask"].any()
            obs, info = env.reset()


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_observations_stay_within_the_declared_bounds(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    bounds = [game.observation_bounds(r) for r in range(game.num_roles)]
    for low, high in bounds:
        assert np.isfinite(low) and np.isfinite(high) and low < high
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal() and not state.is_truncated():
            for r, (low, high) in enumerate(bounds):
                obs = state.observation(r)
                assert low <= obs.min() and obs.max() <= high, (game.roles[r], obs.min(), obs.max())
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_maskable_ppo_trains_on_a_registered_env():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    env = gymnasium.make("conan_envs/Kings-v2")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [16]})
    model.learn(128)


def test_the_module_prefixed_id_imports_the_package_first():
    """``"conan_envs:conan_envs/Kings-v2"`` works in a fresh process (e.g. a subprocess
    vector env's worker) where nothing has imported conan_envs yet."""
    import subprocess
    import sys

    code = ("import gymnasium; env = gymnasium.make('conan_envs:conan_envs/Kings-v2', role=1); "
            "assert env.spec.id == 'conan_envs/Kings-v2' and env.unwrapped.role == 1")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
