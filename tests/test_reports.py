"""reports/ is a record, not a dump (issue 31): each study keeps its README, its tables and
the scripts that make them, while a run's own output (logs, per-run JSON) goes under runs/,
which git ignores. The commands that write files write there by default, never into the
folder of the source they run from."""
from __future__ import annotations

import json
from pathlib import Path

from baselines import ladder
from baselines.benchmark import leaderboard
from baselines.cli import evaluate

ROOT = Path(__file__).resolve().parents[1]
RAW = ("*.log", "*.err", "*.out", "*.time", "*.run.json")


def test_every_study_has_its_readme_and_no_raw_output():
    studies = [p for p in (ROOT / "reports").iterdir() if p.is_dir()]
    assert studies
    assert [p.name for p in studies if not (p / "README.md").is_file()] == []
    raw = sorted(str(p.relative_to(ROOT)) for pattern in RAW for p in (ROOT / "reports").rglob(pattern))
    assert raw == []


def test_runs_is_ignored_by_git():
    assert "runs/" in (ROOT / ".gitignore").read_text().split()


def test_the_defaults_write_under_runs():
    tournament = evaluate.build_parser().parse_args(["kings_v2", "random"])
    benchmark = evaluate.build_benchmark_parser().parse_args(["--list-protocols"])
    assert tournament.out == "runs/evaluate"
    assert benchmark.out == "runs/benchmark"
    assert benchmark.leaderboard_dir == "runs/leaderboard" == str(leaderboard.DEFAULT_ROOT)


def test_a_tournament_and_a_ladder_from_any_folder_write_under_its_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert evaluate.main(["kings_v2", "random", "other=random", "--games", "2", "--workers", "1",
                          "--no-mirror", "--config", "max_turns=4", "--name", "t"]) == 0
    assert sorted(p.name for p in (tmp_path / "runs" / "evaluate").iterdir())[:2] == ["t.json", "t.md"]
    assert ladder.main(["--game", "tower", "--config", "mode=battle", "--seat", "yara",
                        "--difficulties", "easy", "--games", "2", "--workers", "1", "--chunk", "2",
                        "--name", "l"]) == 0
    assert json.loads((tmp_path / "runs" / "ladder" / "l.json").read_text())[0]["seat"] == "yara"
    assert (tmp_path / "runs" / "ladder" / "l.md").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["runs"]
