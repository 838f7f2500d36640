"""The contract every registered game keeps (docs/architecture.md, "The contract"):
PettingZoo's api_test and seed_test, random-play invariants, determinism, clone and JSON
round-trips, illegal actions, and no hidden information in observations. Each game's own rules
are tested in tests/<game>/."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import conan_envs
from conan_envs import ConfigError, IllegalActionError
from conan_envs.engine import ActionCodec
from conan_envs.engine.core import SHAPED_RANGE

# Each game's set-ups worth covering: its player counts and modes.
CONFIGS = {
    "kings_v2": [{"num_players": 2}, {"num_players": 3}, {"num_players": 4}],
    "cards_v2": [{"num_players": 2}, {"num_players": 3}, {"num_players": 4}],
    "tower_v2": [{"mode": "solo"}, {"mode": "battle"}],
    "miniatures_v2": [{}],
    "adventures_v2": [{"num_players": 2}, {"num_players": 3}, {"num_players": 4}],
}
CASES = [(e, c) for e in conan_envs.ENV_IDS for c in CONFIGS.get(e, [{}])]
IDS = [f"{e}-{'-'.join(f'{k}={v}' for k, v in c.items()) or 'default'}" for e, c in CASES]
RANDOM_GAMES = 12
STEP_CAP = 20_000


def random_game(game, seed, check=None):
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while not state.is_terminal() and not state.is_truncated():
        mask = state.legal_action_mask()
        assert mask.dtype == bool and mask.shape == (game.num_actions,)
        legal = np.flatnonzero(mask)
        assert legal.size > 0, f"empty mask before the end at {state.decision()}"
        if check:
            check(state)
        state.apply_action(int(rng.choice(legal)))
        steps += 1
        assert steps < STEP_CAP, "game does not end (set max_turns or fix the loop)"
    return state, steps


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_api_and_seed(env_id, config):
    api_test(conan_envs.make(env_id, **config), num_cycles=300)
    seed_test(lambda: conan_envs.make(env_id, **config), num_cycles=300)


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_random_games_end_cleanly(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    n = game.num_roles
    for seed in range(RANDOM_GAMES):
        state, _ = random_game(game, seed)
        returns = state.returns()
        assert len(returns) == n and all(np.isfinite(returns))
        if state.is_terminal():
            assert not state.legal_action_mask().any()
        str(state)


SIDE_CASES = [*CASES, ("adventures_v2", {"num_players": 4, "team": True})]


@pytest.mark.parametrize("env_id,config", SIDE_CASES,
                         ids=[*IDS, "adventures_v2-num_players=4-team=True"])
def test_sides_win_and_lose_together(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    assert sorted(r for side in game.sides for r in side) == list(range(game.num_roles))
    for seed in range(4):
        state, _ = random_game(game, seed)
        returns = state.returns()
        for side in game.sides:
            assert len({returns[r] for r in side}) == 1, (game.sides, returns)


def test_sides_of_the_team_games():
    minis = conan_envs.make_game("miniatures_v2")
    assert minis.sides == ((0, 1, 2), (3,)) and minis.side_of(1) == (0, 1, 2)
    team = conan_envs.make_game("adventures_v2", num_players=4, team=True)
    assert [team.roles[r] for r in team.side_of(0)] == ["conan", "ally"]
    assert conan_envs.make_game("adventures_v2", num_players=4).sides == ((0,), (1,), (2,), (3,))


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_observations_have_fixed_shape(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    shapes = [game.observation_shape(r) for r in range(game.num_roles)]

    def check(state):
        for r, shape in enumerate(shapes):
            obs = state.observation(r)
            assert obs.dtype == np.float32 and obs.shape == shape and np.isfinite(obs).all()

    random_game(game, 100, check)


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_same_seed_same_game(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    a, _ = random_game(game, 7)
    b, _ = random_game(game, 7)
    assert a.to_json() == b.to_json()


def positions(game, seed, steps, every=1):
    """Every `every`-th position of a random game (up to `steps` moves), with its rng; the
    game moves on by a random legal action after each (the caller may move it too)."""
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    for step in range(steps):
        if state.is_terminal() or state.is_truncated():
            return
        if step % every == 0:
            yield state, rng
            if state.is_terminal() or state.is_truncated():
                return
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_clone_and_json_round_trip_mid_game(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    for state, rng in positions(game, 3, 400, every=37):
        clone = state.clone()
        restored = game.state_from_json(state.to_json())
        assert clone == state and restored == state
        assert np.array_equal(restored.legal_action_mask(), state.legal_action_mask())
        a = int(rng.choice(state.legal_actions()))
        for other in (clone, restored, state):
            other.apply_action(a)
        assert clone == state and restored == state


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_illegal_actions_raise_and_change_nothing(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    for state, _ in positions(game, 11, 60):
        illegal = np.flatnonzero(~state.legal_action_mask())
        before = state.to_json()
        for bad in [game.num_actions, -1, *illegal[:3].tolist()]:
            with pytest.raises(IllegalActionError):
                state.apply_action(bad)
            assert state.to_json() == before


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_no_hidden_information_in_observations(env_id, config):
    """Redrawing what a role cannot see never changes what that role observes."""
    game = conan_envs.make_game(env_id, **config)
    for state, rng in positions(game, 5, 300, every=25):
        for r in range(game.num_roles):
            seen = state.observation(r)
            other = state.resample_hidden(r, rng)
            assert np.array_equal(other.observation(r), seen), game.roles[r]
            if state.current_player() == r:
                assert np.array_equal(other.legal_action_mask(), state.legal_action_mask())


@pytest.mark.parametrize("env_id", conan_envs.ENV_IDS)
def test_unknown_option_is_a_clear_error(env_id):
    with pytest.raises(ConfigError, match="valid options"):
        conan_envs.make(env_id, no_such_option=1)


def test_unknown_env_id_lists_valid_ids():
    with pytest.raises(ConfigError, match="kings_v2"):
        conan_envs.make("kings_v9")


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_every_game_has_a_codec_naming_its_actions(env_id, config):
    game = conan_envs.make_game(env_id, **config)
    assert isinstance(game.codec, ActionCodec) and game.codec.size == game.num_actions
    state = game.new_initial_state(0)
    for a in state.legal_actions()[:5]:
        assert game.codec.name(a) and state.action_to_string(a)


@pytest.mark.parametrize("env_id,config", CASES, ids=IDS)
def test_shaped_scores_stay_within_the_documented_range(env_id, config):
    """State.shaped_scores: one finite value per role within SHAPED_RANGE, small beside the
    +-1 that returns() pays at the end."""
    game = conan_envs.make_game(env_id, **config)
    low, high = SHAPED_RANGE

    def check(state):
        scores = state.shaped_scores()
        assert len(scores) == game.num_roles
        assert all(np.isfinite(s) and low <= s <= high for s in scores), scores

    for seed in range(3):
        state, _ = random_game(game, seed, check)
        check(state)
