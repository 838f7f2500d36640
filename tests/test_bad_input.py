"""Bad input, round two (issue 32): each case is refused with one line naming the problem
and what is valid (the project's error types in the API, exit status 2 on the command line),
before any long work, and changes nothing."""
import json
import time
import warnings

import numpy as np
import pytest

import conan_envs
from baselines import safe_yaml
from baselines.cli import play
from baselines.human import HumanAgent
from baselines.ppo import ModelFileError, load_policy, read_metadata, save_actor
from baselines.train_config import read_yaml
from conan_envs import ConfigError
from conan_envs.engine import options as opt
from conan_envs.engine.pettingzoo_env import ResetOptionsWarning
from tests.toy import NimGame


# ---- reset: seeds and options -------------------------------------------------------------
def _envs():
    return [conan_envs.make("kings_v2"), conan_envs.make_single_agent("kings_v2")]


@pytest.mark.parametrize("seed", [-1, 3.0, True, "3", 2**200, np.float64(2.0)])
def test_a_bad_reset_seed_is_the_projects_error_in_both_envs(seed):
    for env in _envs():
        with pytest.raises(ConfigError, match=r"^seed=.* is invalid; a seed is a whole number "
                                              r"from 0 to 2\*\*128 - 1"):
            env.reset(seed=seed)
        assert env.game_state is None  # nothing was started


def test_numpy_integer_seeds_are_accepted_alike_by_both_envs():
    aec, single = _envs()
    aec.reset(seed=np.int64(7))
    first = aec.observe(aec.agent_selection)["observation"]
    aec.reset(seed=7)
    assert np.array_equal(first, aec.observe(aec.agent_selection)["observation"])
    obs_np, _ = single.reset(seed=np.int64(7))
    obs_int, _ = single.reset(seed=7)
    assert np.array_equal(obs_np, obs_int)


def test_unknown_reset_options_are_named_not_silently_ignored():
    """A warning, not an error: PettingZoo's api_test calls reset(options={"options": 1})."""
    for env in _envs():
        with pytest.warns(ResetOptionsWarning, match=r"unknown key\(s\) \['max_rounds'\], which "
                                                     r"are ignored; valid keys: none"):
            env.reset(options={"max_rounds": 3})
        with pytest.raises(ConfigError, match="reset options must be a dict or None, not int"):
            env.reset(options=3)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env.reset(options={})  # an empty mapping asks for nothing
            env.reset(options=None)


# ---- option cross-checks ------------------------------------------------------------------
def test_an_option_may_declare_a_check_against_the_others():
    schema = {"lo": opt.Int(1, "low", lo=0),
              "hi": opt.Int(5, "high", lo=0, check_with=lambda c: None if c["hi"] >= c["lo"]
                            else f"at least lo ({c['lo']})")}
    assert opt.validate("toy", schema, {"lo": 2, "hi": 3}) == {"lo": 2, "hi": 3}
    with pytest.raises(ConfigError, match=r"^toy: option hi=1 is invalid with the other "
                                          r"options; hi must be at least lo \(2\)$"):
        opt.validate("toy", schema, {"lo": 2, "hi": 1})


def test_longer_game_cannot_exceed_the_adventures_in_play():
    """Rulebook, Optional Game Modes, "Longer Game": "in a longer game the last round is only
    triggered when 10 Adventures have been completed. This number can be adjusted up or down
    to suit your needs." -- never past the Adventure cards in play, or no game could end."""
    assert conan_envs.make_game("adventures_v2", longer_game=18).config["longer_game"] == 18
    with pytest.raises(ConfigError, match=r"longer_game=19 is invalid with the other options; "
                                          r"longer_game must be 0 or at most 18, the Adventure "
                                          r"cards in play with adventure_icons circle, square"):
        conan_envs.make_game("adventures_v2", longer_game=19)
    with pytest.raises(ConfigError, match="at most 9,"):
        conan_envs.make_game("adventures_v2", longer_game=10, adventure_icons=["star"])
    conan_envs.make_game("adventures_v2", longer_game=27,
                         adventure_icons=["star", "moon", "triangle"])


# ---- policy files -------------------------------------------------------------------------
def _policy(tmp_path, head_bias=0.0, hidden=0.1):
    game = NimGame()
    obs = int(np.prod(game.observation_shape(0)))
    tensors = {"mlp_extractor.policy_net.0.weight": np.full((4, obs), hidden, np.float32),
               "mlp_extractor.policy_net.0.bias": np.zeros(4, np.float32),
               "action_net.weight": np.zeros((game.num_actions, 4), np.float32),
               "action_net.bias": np.full(game.num_actions, head_bias, np.float32)}
    return save_actor(tensors, tmp_path / "pol", env_id="nim_test", roles=["player_0"],
                      game_config=game.config)


@pytest.mark.parametrize("bias, hidden", [(np.nan, 0.1), (-np.inf, 0.1), (np.inf, 0.1),
                                          (0.0, np.nan)])
def test_policies_with_non_finite_weights_are_refused_at_load(toy_envs, tmp_path, bias, hidden):
    path = _policy(tmp_path, bias, hidden)
    with pytest.raises(ModelFileError, match=r"holds \d+ NaN or infinite weight\(s\); a "
                                             r"policy's weights must all be finite numbers"):
        load_policy(path)
    load_policy(_policy(tmp_path))  # the same file with finite weights loads


def test_deeply_nested_policy_metadata_and_unusable_paths_are_one_error(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ModelFileError, match="nests too deeply"):
        read_metadata(deep)
    for path, needle in [("x" * 5000, "is not a usable path"), ("a/" + "b" * 300, "names of at most"),
                         ("/", "names no file")]:
        with pytest.raises(ModelFileError, match=needle):
            read_metadata(path)


# ---- YAML ---------------------------------------------------------------------------------
BOMB = "".join(f"{x}: &{x} [{', '.join([f'*{p}'] * 9 if p else ['lol'] * 9)}]\n"
               for p, x in zip([None, *"abcdefgh"], "abcdefghi")) + "env_id: *i\n"


@pytest.mark.parametrize("text, needle", [
    (BOMB, "YAML aliases (*name) are not accepted here"),
    ("seed: " + "9" * 5000 + "\n", "an integer of more than 40 digits"),
    ("seed: " + "[" * 2000 + "]" * 2000 + "\n", "nesting deeper than 32 levels"),
])
def test_hostile_yaml_configs_are_one_short_line_at_once(tmp_path, text, needle):
    assert len(BOMB) < 600
    path = tmp_path / "run.yaml"
    path.write_text(text)
    start = time.perf_counter()
    with pytest.raises(ConfigError) as err:
        read_yaml(path)
    assert time.perf_counter() - start < 2
    message = str(err.value)
    assert needle in message and "\n" not in message and len(message) < 400
    assert "lol" not in message  # never an expanded value


def test_the_bounded_loader_reads_ordinary_yaml():
    assert safe_yaml.load("a: 1\nb: [x, {c: 2.5}]\nd: &keep 3\n") == {"a": 1, "b": ["x", {"c": 2.5}],
                                                                      "d": 3}


# ---- the command line ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", ["-1", "3.5", "9" * 5000, "99999999999999999999"])
def test_conan_play_refuses_a_bad_seed_in_one_line(capsys, seed):
    assert play.main(["kings_v2", "--seed", seed, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a seed: a whole number from 0 to 2**63 - 1" in err
    assert len(err) < 200


def test_a_terminal_choice_of_thousands_of_digits_re_asks_in_one_line():
    assert HumanAgent.parse("9" * 4301, ["a", "b"]) is None
    answers = iter(["9" * 4301, "1"])
    shown = []
    agent = HumanAgent("p", lambda prompt: next(answers), shown.append)
    assert agent.act(None, np.array([True, True])) == 1
    refusal = [line for line in shown if "is not one of the choices" in line]
    assert len(refusal) == 1 and len(refusal[0]) < 120


def test_every_case_here_leaves_the_game_and_files_unchanged(tmp_path):
    """A refused reset keeps the position being played."""
    env = conan_envs.make("kings_v2")
    env.reset(seed=3)
    before = env.game_state.to_json()
    for bad in (-1, 2.0):
        with pytest.raises(ConfigError):
            env.reset(seed=bad)
    with pytest.raises(ConfigError):
        env.reset(options=7)
    assert env.game_state.to_json() == before
    assert json.loads(before)["env_id"] == "kings_v2"
