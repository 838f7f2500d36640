"""Evaluation: fixed seeds reproduce the same table (serial or in processes), intervals and
ratings are right, reports are written."""
import json
import math

import pytest

import conan_envs
from baselines.evaluation import (
    bradley_terry,
    head_to_head,
    plot_learning_curve,
    save_report,
    seatings,
    to_markdown,
    tournament,
    wilson,
)


def test_wilson_interval_known_values():
    lo, hi = wilson(80, 100)
    assert lo == pytest.approx(0.7112, abs=1e-4) and hi == pytest.approx(0.8666, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seatings_cover_every_role_both_ways():
    assert seatings(2) == [(0, 1), (1, 0)]
    three = seatings(3)
    assert len(three) == 6 and {s.index(0) for s in three if s.count(0) == 1} == {0, 1, 2}


def test_bradley_terry_orders_and_is_centred():
    rows = [{"a": "strong", "b": "weak", "wins": 90, "draws": 0, "losses": 10},
            {"a": "mid", "b": "weak", "wins": 60, "draws": 10, "losses": 30},
            {"a": "strong", "b": "mid", "wins": 70, "draws": 0, "losses": 30}]
    r = bradley_terry(["weak", "mid", "strong"], rows)
    assert [x["agent"] for x in r] == ["strong", "mid", "weak"]
    assert sum(x["elo"] for x in r) / 3 == pytest.approx(1500)
    assert all(0 < x["elo_se"] < 200 for x in r)
    # 90 of 100 -> about 380 Elo apart before shrinkage by the prior and the third agent
    gap = r[0]["elo"] - r[2]["elo"]
    assert 250 < gap < 550


def test_tournament_reproducible_serial_and_parallel(toy_envs, tmp_path):
    agents = {"random": "random", "mcts": "mcts:simulations=12"}
    a = tournament("nim_test", agents, games=16, seed=7)
    b = tournament("nim_test", agents, games=16, seed=7)
    c = tournament("nim_test", agents, games=16, seed=7, workers=2, start_method="fork")
    assert to_markdown(a) == to_markdown(b) == to_markdown(c)
    assert json.dumps(a, default=str) == json.dumps(c, default=str)
    d = tournament("nim_test", agents, games=16, seed=8)
    assert to_markdown(d) != to_markdown(a)
    pair = a["pairs"][0]
    assert pair["games"] == 16 and pair["wins"] + pair["draws"] + pair["losses"] == 16
    assert sum(s["games"] for s in pair["by_seat"].values()) == 16
    assert pair["losses"] > pair["wins"]  # mcts (B) beats random
    assert a["ratings"][0]["agent"] == "mcts"
    bal = {(r["agent"], r["role"]): r for r in a["balance"]}
    assert bal["random", "player_0"]["games"] == 16
    assert bal["random", "player_0"]["wins"] + bal["random", "player_1"]["wins"] == 16

    paths = save_report(a, tmp_path / "rep")
    md = open(paths["markdown"]).read()
    assert "| random | mcts | 16 |" in md and "Elo" in md and "Role balance" in md
    assert json.load(open(paths["json"]))["pairs"][0]["games"] == 16
    assert open(paths["png"], "rb").read(8) == b"\x89PNG\r\n\x1a\n"


def test_head_to_head_counts_both_seats(toy_envs):
    r = head_to_head("nim_test", "random", "random", games=10, seed=1)
    assert r["games"] == 10 and set(r["by_seat"]) == {"player_0", "player_1"}
    lo, hi = r["win_ci"]
    assert lo <= r["win_rate"] <= hi


def test_learning_curve_plot(tmp_path):
    csv_path = tmp_path / "eval.csv"
    csv_path.write_text("steps,opponent,games,wins,draws,losses,win_rate,ci_low,ci_high,eval_s\n"
                        "0,random,10,5,0,5,0.5,0.24,0.76,0.1\n"
                        "100,random,10,8,0,2,0.8,0.49,0.94,0.1\n")
    plot_learning_curve(csv_path, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"


def test_evaluate_command(toy_envs, tmp_path):
    from baselines.cli import evaluate

    out = []
    result = evaluate.run(["nim_test", "r=random", "mcts:simulations=10", "--games", "6", "--workers", "1",
                            "--out", str(tmp_path), "--name", "t"], output_fn=out.append)
    assert set(result["agents"]) == {"r", "mcts:simulations=10"}
    assert "| r | mcts:simulations=10 | 6 |" in out[0]
    assert math.isclose(sum(p["score"] for p in result["pairs"]), result["pairs"][0]["score"])
    assert (tmp_path / "t.md").exists() and (tmp_path / "t.png").exists()


def test_pair_games_and_a_roles(toy_envs):
    r = tournament("nim_test", {"a": "random", "b": "random", "c": "random"}, games=8, seed=3, mirror=False,
                   pair_games={("a", "c"): 2})
    games = {(p["a"], p["b"]): p["games"] for p in r["pairs"]}
    assert games == {("a", "b"): 8, ("a", "c"): 2, ("b", "c"): 8}
    one_side = head_to_head("nim_test", "random", "random", games=6, seed=1, a_roles=["player_1"])
    assert one_side["games"] == 6 and set(one_side["by_seat"]) == {"player_1"}
    with pytest.raises(conan_envs.ConfigError, match="not roles"):
        head_to_head("nim_test", "random", "random", games=2, a_roles=["banker"])


def test_head_to_head_in_a_one_role_game_counts_the_solo_wins():
    """Tower solo has Conan alone: a game is won or lost by Conan's own return (the training
    loop's evaluation goes through head_to_head), never a draw against an empty seat."""
    from baselines import load_agent
    from baselines.match import play_match

    game = conan_envs.make_game("tower_v2", mode="solo")
    agent = load_agent("scripted", "tower_v2", "conan", mode="solo")
    won = sum(play_match(game, [agent], seed=s).returns[0] > 0 for s in range(20))
    r = head_to_head("tower_v2", "scripted", "random", games=20, seed=0, game_config={"mode": "solo"})
    assert (r["wins"], r["draws"], r["losses"]) == (won, 0, 20 - won)
    assert 0 < won < 20


def test_seatings_keep_a_side_together():
    # the miniatures heroes (roles 0-2) against the Overlord (3): an agent plays a whole side
    assert seatings(4, [(0, 1, 2), (3,)]) == [(0, 0, 0, 1), (1, 1, 1, 0)]
    # sides of one role each are the seatings of the roles
    assert seatings(3, [(0,), (1,), (2,)]) == seatings(3)
