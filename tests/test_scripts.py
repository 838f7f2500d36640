"""The terminal player and the benchmark, driven as a user would drive them."""
import json

import numpy as np
import pytest

from baselines.human import HumanAgent
from scripts import bench, play


def test_human_agent_re_asks_on_bad_input_and_accepts_names():
    out = []
    answers = iter(["", "banana", "99", "take 2"])
    agent = HumanAgent("player_0", input_fn=lambda _: next(answers), output_fn=out.append)

    class S:
        def action_to_string(self, a):
            return ["take 1", "take 2", "take 3"][a]

        def decision(self):
            return "take stones"

        def __str__(self):
            return "pile 5"

    assert agent.act(None, np.array([True, True, False]), S()) == 1
    assert sum("is not one of the choices" in line for line in out) == 3
    assert "pile 5" in out[0]


def test_play_script_full_game_with_a_human_seat():
    out = []
    answers = iter(["nonsense"] + ["0"] * 100_000)
    result = play.main(["kings_v1", "--human", "player_0", "--ai", "random", "--seed", "1",
                        "--config", "max_turns=3"],
                       input_fn=lambda _: next(answers), output_fn=out.append)
    assert result is not None and result.steps > 0
    assert any("is not one of the choices" in line for line in out)
    assert "returns:" in out[-1]


def test_play_script_rejects_unknown_seat():
    with pytest.raises(Exception, match="seats"):
        play.main(["kings_v1", "--human", "nobody"], input_fn=lambda _: "0", output_fn=lambda _: None)


def test_bench_reports_core_and_env_rates(tmp_path):
    out = tmp_path / "bench.json"
    result = bench.main(["--env", "kings_v1", "--seconds", "0.3", "--no-reference", "--out", str(out)])
    kings = json.loads(out.read_text())["envs"]["kings_v1"]
    assert kings["core"]["steps_per_s"] > 0 and kings["env"]["steps_per_s"] > 0
    assert result["envs"]["kings_v1"]["core"]["games"] >= 1
