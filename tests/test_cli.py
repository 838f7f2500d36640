"""The four commands as a user types them: --help, and every user error one line on stderr
naming the problem and what is valid, exit status 2, found before any long work starts
(issue 15, item 7; issue 17, item 3)."""
import sys
import types

import pytest

from baselines.cli import bench, evaluate, play, train

COMMANDS = {"conan-train": train, "conan-evaluate": evaluate, "conan-play": play,
            "conan-bench": bench}


@pytest.mark.parametrize("prog", COMMANDS)
def test_help_exits_zero_and_shows_examples(prog, capsys):
    assert COMMANDS[prog].main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {prog}") and f"    {prog} " in out


def one_line_error(module, argv, capsys):
    assert module.main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("argv, needle", [
    ([], "--config is required: a path or one of adventures_foe_league, adventures_ppo_2p, cards"),
    (["--config", "nope"], "shipped configs: adventures_foe_league, adventures_ppo_2p, cards_ppo_2p,"),
    (["--config", "smoke", "--set", "n_envs=0"], "n_envs must be an integer from 1"),
    (["--config", "smoke", "--set", "ppo.gama=0.9"], "unknown config key 'ppo.gama'; valid ppo keys"),
    (["--config", "smoke", "--set", "total_steps=abc"], "total_steps must be an integer"),
    (["--config", "smoke", "--set", "policy.net_arch=64"], "policy.net_arch=64 is invalid"),
    (["--config", "smoke", "--set", "opponents=bogus"], "opponents: unknown agent 'bogus'"),
    (["--config", "smoke", "--set", "eval.opponents=random"], "eval.opponents="),
    (["--config", "smoke", "--set", "eval.opponents=[bogus]"], "unknown agent 'bogus'"),
    (["--config", "smoke", "--set", "pool.fixed=[scripted"], "'[scripted' is not a YAML list"),
    (["--config", "smoke", "--set", "nope"], "--set wants KEY=VALUE"),
    (["--config", "smoke", "--total-steps", "0"], "at least 1"),
    (["--config", "smoke", "--runners", "2"], "--runners goes with --backend rllib"),
    (["--config", "smoke", "--backend", "tf"], "invalid choice: 'tf'"),
])
def test_train_user_errors(argv, needle, capsys):
    assert needle in one_line_error(train, argv, capsys)


def test_train_set_takes_a_list_of_agent_strings():
    from baselines.train_config import load_config

    args = train.build_parser().parse_args(
        ["--config", "smoke", "--set", 'pool.fixed=[scripted, "mcts:simulations=5"]',
         "--set", "ppo.n_steps=64"])
    cfg = load_config("smoke", train.overrides_from(args))
    assert cfg["pool"]["fixed"] == ["scripted", "mcts:simulations=5"]
    assert cfg["ppo"]["n_steps"] == 64


@pytest.mark.parametrize("text, needle", [
    ("env_id: kings_v2\n  x: [\n", "is not valid YAML at line 2"),
    ("- a\n- b\n", "a YAML mapping of keys, not a list"),
    ("env_id: kings_v2\nppo: {learning_rate: 1e-4}\n", "write 1.0e-4"),
    ("env_id: kings_v2\nenv_config: {num_players: 9}\n", "num_players must be"),
    ("env_id: kings_v0\n", "use kings_v2"),
    ("env_id: kings_v2\nopponents: {nobody: random}\n", "unknown roles ['nobody']"),
    ("env_id: kings_v2\npool: 3\n", "pool' is a mapping of"),
])
def test_train_config_file_errors(text, needle, tmp_path, capsys):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    assert needle in one_line_error(train, ["--config", str(path)], capsys)


def test_train_rllib_without_ray_says_how_to_install(monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "ray" else real(n, *a))
    err = one_line_error(train, ["--config", "smoke", "--backend", "rllib"], capsys)
    assert "pip install 'conan-envs[rllib]'" in err


def test_train_rllib_dispatches_with_the_config_path(monkeypatch):
    import importlib.util

    seen = {}
    fake = types.ModuleType("baselines.rllib.train")
    fake.main = lambda config, args: seen.update(config=config, args=args) or {"ok": True}
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: object() if n == "ray" else real(n, *a))
    monkeypatch.setitem(sys.modules, "baselines.rllib.train", fake)
    assert train.run(["--config", "smoke", "--backend", "rllib", "--runners", "0",
                      "--total-steps", "100"]) == {"ok": True}
    assert seen["config"].endswith("smoke.yaml") and seen["args"].runners == 0
    assert seen["args"].total_steps == 100 and not seen["args"].resume


@pytest.mark.parametrize("argv, needle", [
    (["kings_v2", "random", "random"], "agent 'random' is given twice"),
    (["kings_v2", "random", "mcts:simulation=2"], "did you mean 'simulations'"),
    (["kings_v2", "random", "ppo:/no/such/policy"], "no policy metadata at /no/such/policy.json"),
    (["kings_v2", "random", "scripted", "--games", "0"], "at least 1"),
    (["kings_v2", "random", "scripted", "--workers", "-1"], "at least 1"),
    (["kings_v2", "random", "scripted", "--curve", "/no/eval.csv"], "--curve /no/eval.csv: no such"),
    (["kings_v2", "random", "scripted", "--config", "num_players"], "'num_players' is not KEY=VALUE"),
    (["kings_v2", "random", "scripted", "--vs", "mcts"], "--vs 'mcts' is not one of the agents"),
    (["kings_v2", "random", "--no-mirror"], "nothing to play"),
    (["kings_v2", "random", "scripted", "--name", "../x"], "plain file name"),
    (["chess_v1", "random", "scripted"], "valid ids: kings_v2"),
])
def test_evaluate_user_errors(argv, needle, capsys, tmp_path):
    assert needle in one_line_error(evaluate, argv + ["--out", str(tmp_path)], capsys)


def test_evaluate_bad_curve_is_found_before_the_tournament(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "eval.csv"
    bad.write_text("a,b\n1,2\n")
    played = []
    monkeypatch.setattr("baselines.evaluation.tournament", lambda *a, **k: played.append(1))
    err = one_line_error(evaluate, ["kings_v2", "random", "scripted", "--curve", str(bad),
                                    "--out", str(tmp_path)], capsys)
    assert "not a training eval.csv" in err and not played


@pytest.mark.parametrize("argv, needle", [
    (["--env", "chess_v1"], "valid ids"),
    (["--seconds", "0"], "--seconds 0.0 must be more than 0"),
    (["--config", "num_players=9"], "num_players must be"),
    (["--out", "/no/such/folder/b.json"], "no folder /no/such/folder"),
])
def test_bench_user_errors(argv, needle, capsys):
    assert needle in one_line_error(bench, argv, capsys)


def test_play_web_dispatches_lazily(monkeypatch, tmp_path, capsys):
    seen = {}
    fake = types.ModuleType("baselines.web.server")
    fake.serve = lambda port=None, open_browser=True, policy_dir=None: seen.update(
        port=port, open_browser=open_browser, policy_dir=policy_dir)
    monkeypatch.setitem(sys.modules, "baselines.web.server", fake)
    assert play.main(["--web", "--port", "8123", "--no-browser"]) == 0
    assert seen == {"port": 8123, "open_browser": False, "policy_dir": None}
    assert play.main(["--web"]) == 0 and seen == {"port": None, "open_browser": True,
                                                  "policy_dir": None}
    assert play.main(["--web", "--policy-dir", str(tmp_path)]) == 0
    assert seen["policy_dir"] == str(tmp_path)
    assert "--policy-dir /no/such: no such folder" in one_line_error(
        play, ["--web", "--policy-dir", "/no/such"], capsys)


def test_play_web_refuses_game_arguments(capsys):
    assert "--web takes only --port" in one_line_error(play, ["--web", "kings_v2"], capsys)


def test_play_watches_ai_seats_to_the_end(capsys):
    assert play.main(["kings_v2", "--ai", "random", "--seed", "2", "--quiet", "--config", "max_turns=2"]) == 0
    out = capsys.readouterr().out
    assert "returns: player_0=" in out


def test_an_unwritable_output_path_is_one_line(tmp_path, capsys):
    err = one_line_error(play, ["kings_v2", "--max-steps", "1", "--transcript", str(tmp_path)], capsys)
    assert "Is a directory" in err and str(tmp_path) in err
