"""The terminal player and the benchmark, driven as a user would drive them."""
import json

import numpy as np
import pytest

from baselines.cli import bench, play
from baselines.human import HumanAgent
from tests.test_transcripts import register_seen_nim


class Pile:
    def action_to_string(self, a):
        return ["take 1", "take 2", "take 3"][a]

    def decision(self):
        return "take stones"

    def __str__(self):
        return "pile 5"


def test_human_agent_re_asks_on_bad_input_and_accepts_names():
    out = []
    answers = iter(["", "banana", "99", "take 2"])
    agent = HumanAgent("player_0", input_fn=lambda _: next(answers), output_fn=out.append)
    assert agent.act(None, np.array([True, True, False]), Pile()) == 1
    assert sum("is not one of the choices" in line for line in out) == 3
    assert "pile 5" in out[0]


@pytest.mark.parametrize("text", ["²", "１", "٣", "1.0", "-1", " "])
def test_human_agent_accepts_only_ascii_digits_or_a_name(text):
    """Issue 15: "play.py accepts only ASCII digits or a name" ("²".isdigit() is True)."""
    assert HumanAgent.parse(text, ["take 1", "take 2", "take 3"]) is None
    assert HumanAgent.parse("2", ["take 1", "take 2", "take 3"]) == 2


def test_play_full_game_with_a_human_seat_sees_its_own_board(monkeypatch):
    register_seen_nim(monkeypatch)
    out = []
    answers = iter(["nonsense"] + ["0"] * 1000)
    result = play.run(["seen_nim_test", "--human", "player_0", "--ai", "random", "--seed", "1"],
                      input_fn=lambda _: next(answers), output_fn=out.append)
    assert result is not None and result.steps > 0 and not result.stopped
    assert any("is not one of the choices" in line for line in out)
    assert any("as player_0 sees it" in line for line in out)
    assert not any("as player_1 sees it" in line for line in out[:-2])
    assert "returns:" in out[-1]


@pytest.mark.parametrize("argv, needle", [
    (["kings_v2", "--human", "nobody"], "seats: player_0, player_1"),
    (["kings_v2", "--config", "num_players"], "'num_players' is not KEY=VALUE"),
    (["kings_v2", "--config", "num_players=9"], "num_players"),
    (["kings_v0"], "use kings_v2"),
    (["chess_v1"], "valid ids: kings_v2"),
    (["kings_v2", "--ai", "bogus"], "valid agents"),
    (["kings_v2", "--ai", "nobody=random"], "not one of"),
    (["kings_v2", "--max-steps", "0"], "at least 1"),
    (["kings_v2", "--port", "80"], "--web"),
])
def test_play_user_errors_are_one_line_with_status_2(argv, needle, capsys):
    assert play.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("conan-play: error: ") and needle in err, err


def test_bench_reports_core_and_env_rates(tmp_path):
    out = tmp_path / "bench.json"
    result = bench.run(["--env", "kings_v2", "--seconds", "0.3", "--no-reference", "--out", str(out)],
                       output_fn=lambda _: None)
    kings = json.loads(out.read_text())["envs"]["kings_v2"]
    assert kings["core"]["steps_per_s"] > 0 and kings["env"]["steps_per_s"] > 0
    assert result["envs"]["kings_v2"]["core"]["games"] >= 1
