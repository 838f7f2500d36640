"""reports/miniatures_quality/quality.py, the Overlord's play-quality numbers: its counts hang
together on a few seeded games (every Guard asked on a key character is an attack on it; the
unguarded are among the asked; the monster struck no more often than it was crowded)."""
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "reports" / "miniatures_quality" / "quality.py"


def _script():
    spec = importlib.util.spec_from_file_location("miniatures_quality", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_counts_hang_together():
    q = _script()
    for scenario, heroes in (("heart_of_darkness", "scripted:plan=block"), ("tigress", "scripted")):
        n = q.measure(scenario, "normal", heroes, games=4, seed=0)
        assert n["turns"] > 0 and n["activations"] > 0
        assert 0 < n["key_offered"] <= n["key_attacks"]
        assert n["key_unguarded"] <= n["key_offered"]
        assert n["key_guard_gems"] <= 2 * n["key_offered"]   # at most 2 gems on a Guard
        assert n["crowd_struck"] <= n["crowd"] <= n["pair"]
        assert n["hoard_turns"] <= n["turns"]


def test_it_prints_one_markdown_row(capsys):
    assert _script().main(["--games", "2", "--overlord", "normal", "--header"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    assert lines[2].startswith("| heart_of_darkness | `normal` | `scripted` | 2 (seeds 0-1) |")
    assert lines[2].count("|") == lines[0].count("|")
