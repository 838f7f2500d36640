"""Leaderboards: built from result files, one board per protocol with a joint Elo anchored at
random; results of another protocol version, with game config overrides or against changed
opponents are refused."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from baselines.benchmark import get_protocol, run_protocol
from baselines.benchmark import leaderboard as board
from baselines.cli import evaluate

PID = "cards_v2/2p"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Two small results on cards_v2/2p: `random` and `normal` (the ladder's name, which is
    also one of the reference opponents), against random and normal."""
    out = tmp_path_factory.mktemp("results")
    paths = {}
    for spec in ("random", "normal"):
        r = run_protocol(PID, spec, games=6, opponents=["random", "normal"], out=out / spec)
        paths[spec] = Path(r["paths"]["json"])
    return paths


def test_a_board_is_built_from_result_files(results, tmp_path):
    root = tmp_path / "leaderboard"
    md = board.add(results["random"], root)
    assert md == root / "cards_v2" / "2p.md"
    board.add(results["normal"], root)
    text = md.read_text()
    assert text.startswith("# Leaderboard: cards_v2/2p v1")
    rows = [line for line in text.splitlines() if line.startswith("| 1 ") or line.startswith("| 2 ")]
    assert len(rows) == 2 and {"`random`", "`normal`"} == {r.split(" | ")[1] for r in rows}
    elo = board.ratings(get_protocol(PID), board.entries(get_protocol(PID), root))
    assert elo is not None
    # the entrant `normal` and the opponent `normal` are one player; random is the anchor
    assert sorted(x["agent"] for x in elo["ratings"]) == ["normal", "random"]
    assert next(x["elo"] for x in elo["ratings"] if x["agent"] == "random") == 1000.0
    index = (root / "README.md").read_text()
    assert "[cards_v2/2p](cards_v2/2p.md) | 1 | 2 |" in index
    assert "| kings_v2/2p | 2 | 0 | – |" in index
    # adding the same entrant again replaces its row
    board.add(results["normal"], root)
    assert len(list((root / "cards_v2" / "2p").glob("*.json"))) == 2


def test_rebuilding_gives_the_same_boards(results, tmp_path):
    root = tmp_path / "lb"
    for p in results.values():
        board.add(p, root)
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    assert board.rebuild_all(root) == [root / "cards_v2" / "2p.md"]
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before


def _tampered(src: Path, tmp_path: Path, edit) -> Path:
    data = json.loads(src.read_text())
    edit(data)
    out = tmp_path / "tampered.json"
    out.write_text(json.dumps(data))
    return out


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["protocol"].update(version=2), "the protocol is now v1"),
    (lambda d: d["protocol"].update(sha256="0" * 64), "run it again"),
    (lambda d: d["overrides"].update(game_config={"max_turns": 3}), "game config overrides"),
    (lambda d: d["opponents"][1]["resolved"].update(player_0="mcts:simulations=2"), "not as now"),
    (lambda d: d.update(format="something-else"), "not a conan-envs-benchmark-result"),
    (lambda d: d.pop("games"), "lacks"),
])
def test_results_that_do_not_belong_are_refused(results, tmp_path, edit, message):
    path = _tampered(results["random"], tmp_path, edit)
    with pytest.raises(board.LeaderboardError, match=message):
        board.add(path, tmp_path / "lb")
    assert not (tmp_path / "lb" / "cards_v2").exists()


def test_the_command_line_adds_and_rebuilds(results, tmp_path, capsys):
    root = tmp_path / "lb"
    assert evaluate.main(["--add-to-leaderboard", str(results["random"]), str(results["normal"]),
                          "--leaderboard-dir", str(root)]) == 0
    assert "cards_v2/2p.md" in capsys.readouterr().out
    assert evaluate.main(["--build-leaderboard", "--leaderboard-dir", str(root)]) == 0
    bad = _tampered(results["random"], tmp_path, lambda d: d["overrides"].update(game_config={"x": 1}))
    assert evaluate.main(["--add-to-leaderboard", str(bad), "--leaderboard-dir", str(root)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game config overrides" in err


def test_a_run_goes_on_the_board_with_one_flag(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert evaluate.main(["--protocol", "tower_v2/solo", "--agent", "random", "--games", "3",
                          "--out", "res", "--leaderboard", "--leaderboard-dir", "lb",
                          "--no-progress", "--workers", "1"]) == 0
    text = (tmp_path / "lb" / "tower_v2" / "solo.md").read_text()
    assert "| 1 | `random` |" in text and "Elo" not in text.split("| rank")[1]
    assert (tmp_path / "res" / "tower_v2-solo.run.json").is_file()


def test_entrants_in_other_seats_are_not_the_opponents(tmp_path):
    """On an Overlord board the entrant `random` (a random Overlord) is another player than
    the opponent `random` (random heroes), which is the anchor."""
    pid = "miniatures_v2/ruined_fort-overlord"
    root = tmp_path / "lb"
    for spec in ("random", "normal"):
        r = run_protocol(pid, spec, games=2, opponents=["random", "normal"], out=tmp_path / spec)
        board.add(r["paths"]["json"], root)
    p = get_protocol(pid)
    assert not p.symmetric and get_protocol(PID).symmetric
    elo = board.ratings(p, board.entries(p, root))
    assert elo is not None
    rated = {x["agent"]: x["elo"] for x in elo["ratings"]}
    assert set(rated) == {"random", "normal", "opponent:random", "opponent:normal"}
    assert rated["opponent:random"] == 1000.0
    text = (root / "miniatures_v2" / "ruined_fort-overlord.md").read_text()
    assert "The reference opponents on the same scale: random 1000" in text


def test_a_board_names_the_opponents_of_the_seats_they_play():
    # the Adventures' Foe is a shipped policy at hard and Conan the search: the board where the
    # entrant is Conan names the Foe's hard, the one where it is the Foe names Conan's
    conan = board.render(get_protocol("adventures_v2/2p-conan"), [])
    foe = board.render(get_protocol("adventures_v2/2p-foe"), [])
    assert "- opponent `hard` = `policy:adventures_foe_margin,guard=true`\n" in conan
    hard_line = next(line for line in foe.splitlines() if line.startswith("- opponent `hard`"))
    assert "mcts:" in hard_line and "policy:" not in hard_line
