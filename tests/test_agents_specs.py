"""Agent strings are checked against the options each agent declares (issue 15, item 4):
unknown keys and bad values are refused naming the valid ones, and the role may be given as
an index or a name."""
import numpy as np
import pytest

from baselines import MCTSAgent, PolicyAgent, RandomAgent, agent_options, check_spec, load_agent
from conan_envs import ConfigError


@pytest.mark.parametrize("spec, needle", [
    ("mcts:simulation=2", "unknown option 'simulation' (did you mean 'simulations'?)"),
    ("scripted:foo=1", "unknown option 'foo'; valid options: seed"),
    ("random:sed=5", "unknown option 'sed' (did you mean 'seed'?)"),
    ("mcts:simulations=abc", "simulations='abc' is invalid; simulations must be an integer from 1"),
    ("mcts:simulations=2.5", "simulations must be an integer"),
    ("mcts:simulations=true", "simulations must be an integer"),
    ("mcts:simulations=0", "from 1 to 1000000"),
    ("mcts:c_uct=nan", "c_uct must be a number"),
    ("mcts:leaf_weight=2", "leaf_weight must be a number from 0 to 1"),
    ("mcts:rollout=mcts", "cannot itself be mcts"),
    ("mcts:rollout=genius", "unknown agent 'genius'"),
    ("mcts:200", "'200' in 'mcts:200' is not key=value"),
    ("ppo:x,deterministic=maybe", "deterministic must be true or false"),
    ("ppo:x,deterministic=1", "deterministic must be true or false"),
    ("random:seed=-1", "seed must be an integer of at least 0"),
    ("mcts:seed=1,seed=2", "given twice"),
    ("", "an agent string is KIND"),
    ("genius", "valid agents: random, scripted, mcts, ppo"),
])
def test_bad_agent_strings_are_refused_naming_what_is_valid(spec, needle):
    with pytest.raises(ConfigError) as e:
        load_agent(spec, "kings_v2", role=0)
    assert needle in str(e.value)


def test_the_valid_options_are_listed_in_the_error():
    with pytest.raises(ConfigError) as e:
        check_spec("mcts:simulation=2")
    for name in agent_options("mcts"):
        assert name in str(e.value)


def test_mcts_simulation_typo_never_runs_two_hundred_simulations():
    """Issue 15: "`mcts:simulation=2` silently runs 200 simulations"."""
    with pytest.raises(ConfigError):
        load_agent("mcts:simulation=2", "kings_v2")
    assert load_agent("mcts:simulations=2", "kings_v2").simulations == 2


def test_good_strings_are_normalised():
    assert check_spec("mcts:simulations=50,c_uct=1,horizon=none") == (
        "mcts", {"simulations": 50, "c_uct": 1.0, "horizon": None})
    assert check_spec("ppo:models/x,deterministic=false") == (
        "ppo", {"path": "models/x", "deterministic": False})
    a = load_agent("random:seed=5", "kings_v2", seed=99)
    b = RandomAgent(5)  # the seed comes first
    mask = np.ones(40, bool)
    assert [a.act(None, mask) for _ in range(10)] == [b.act(None, mask) for _ in range(10)]


@pytest.mark.parametrize("env_id, config, role", [
    ("cards_v2", {}, "player_1"), ("kings_v2", {}, "player_1"),
    ("tower_v2", {"mode": "battle"}, "yara"), ("miniatures_v2", {}, 1),
    ("adventures_v2", {}, "foe")])
def test_role_by_name_or_index_plays_the_same(env_id, config, role):
    """Issue 15: a role name "crashes the scripted card player with a TypeError"."""
    import conan_envs

    game = conan_envs.make_game(env_id, **config)
    index = game.role_index(role)
    by_name = load_agent("scripted", env_id, role=game.roles[index], seed=3, **config)
    by_index = load_agent("scripted", env_id, role=np.int64(index), seed=3, **config)
    state = game.new_initial_state(1)
    while not state.is_terminal() and state.current_player() != index:
        state.apply_action(state.legal_actions()[0])
    if state.is_terminal():
        pytest.skip("no decision for that role")
    obs, mask = state.observation(index), state.legal_action_mask()
    assert by_name.act(obs, mask, state) == by_index.act(obs, mask, state)


@pytest.mark.parametrize("role", ["nobody", 7, -1, True, 1.0])
def test_bad_roles_are_refused_naming_the_roles(role):
    with pytest.raises(ConfigError, match="player_0"):
        load_agent("random", "kings_v2", role=role)


def test_every_agent_declares_typed_options():
    for cls in (RandomAgent, MCTSAgent, PolicyAgent):
        assert "seed" in cls.OPTIONS
        for opt in cls.OPTIONS.values():
            assert opt.kind in ("int", "float", "bool", "str")
