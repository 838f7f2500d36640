"""Transcripts (``conan-play --transcript``): a game written down as the chosen roles saw it,
whose header holds the command that replays it byte for byte. Every transcript in
docs/transcripts/ must still replay; games without a per-role view yet are skipped."""
from __future__ import annotations

from pathlib import Path

import pytest

import conan_envs
from baselines.cli import play
from baselines.cli.transcript import read_command
from conan_envs import catalog
from tests.toy import NimGame, NimState

TRANSCRIPTS = sorted((Path(__file__).resolve().parents[1] / "docs" / "transcripts").glob("*.md"))


class SeenNimState(NimState):
    """Nim with a secret, with the view contract: each player sees the pile, its own secret,
    the other's secret once revealed; the log tells who took what."""

    def _apply(self, a):
        who = self.game.roles[self.player]
        super()._apply(a)
        self.log_event(f"{who} did {self.action_to_string(a)}")
        self.log_event(f"{who} peeked at its token", to=self.game.roles.index(who))

    def _view(self, role):
        other = 1 - role
        return {"pile": self.pile, "my_token": self.secret[role],
                "their_token": self.secret[other] if self.revealed[other] else None}


class SeenNimGame(NimGame):
    env_id = "seen_nim_test"
    state_class = SeenNimState


def register_seen_nim(monkeypatch):
    """Register SeenNimGame as ``seen_nim_test`` (and Nim as ``nim_test``) for this test."""
    extra = {"seen_nim_test": ("tests.test_transcripts", "SeenNimGame"),
           "nim_test": ("tests.toy", "NimGame")}
    for env_id, entry in extra.items():
        monkeypatch.setitem(catalog.REGISTRY, env_id, entry)
    monkeypatch.setattr(conan_envs, "ENV_IDS", tuple(catalog.REGISTRY))


@pytest.fixture
def seen_nim(monkeypatch):
    register_seen_nim(monkeypatch)


def write(argv, path):
    result = play.run(argv + ["--transcript", str(path)], output_fn=lambda _: None)
    assert result is not None
    return path.read_text(encoding="utf-8")


def test_transcript_shows_the_chosen_role_its_board_events_actions_and_choices(seen_nim, tmp_path):
    text = write(["seen_nim_test", "--ai", "random", "--seed", "4", "--as", "player_1"],
                 tmp_path / "t.md")
    lines = text.splitlines()
    assert lines[0] == "# seen_nim_test: a game as player_1 saw it"
    assert read_command(text) == [
        "seen_nim_test", "--seed", "4", "--ai", "player_0=random", "--ai", "player_1=random",
        "--as", "player_1", "--transcript", str(tmp_path / "t.md")]
    decisions = [ln for ln in lines if ln.startswith("## Decision")]
    assert decisions and all(ln.endswith(": player_1") for ln in decisions)
    # player_1 acts second: its first page shows what player_0 did, never player_0's peek
    assert "- player_0 did take" in text and "player_0 peeked" not in text
    assert "player_1 peeked at its token" in text
    assert "my_token:" in text and "Legal actions (" in text and "Choice: **" in text
    assert "## End" in text and "Returns: player_0" in text


def test_transcript_replays_byte_for_byte_and_max_steps_stops_it(seen_nim, tmp_path):
    a = write(["seen_nim_test", "--ai", "random", "--seed", "2", "--max-steps", "3"],
              tmp_path / "a.md")
    argv = read_command(a)
    argv[argv.index("--transcript") + 1] = str(tmp_path / "b.md")
    b = write(argv[:-2], tmp_path / "b.md")
    assert a.replace("a.md", "b.md") == b
    assert a.count("## Decision") == 3 and "Stopped after 3 actions (--max-steps)." in a


def test_transcript_refuses_bad_requests_with_one_line_and_status_2(seen_nim, tmp_path, capsys):
    assert play.main(["seen_nim_test", "--as", "player_0"]) == 2
    assert play.main(["seen_nim_test", "--transcript", str(tmp_path / "x.md"), "--as", "nobody"]) == 2
    assert play.main(["seen_nim_test", "--transcript", str(tmp_path / "no" / "x.md")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(ln.startswith("conan-play: error: ") for ln in err)
    assert "seats: player_0, player_1" in err[1] and "no folder" in err[2]
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_shipped_transcript_still_replays(path, tmp_path):
    text = path.read_text(encoding="utf-8")
    argv = read_command(text)
    where = argv.index("--transcript") + 1
    recorded = argv[where]
    argv[where] = str(tmp_path / "replay.md")
    play.run(argv, output_fn=lambda _: None)
    replay = (tmp_path / "replay.md").read_text(encoding="utf-8")
    assert replay == text.replace(recorded, argv[where]), (
        f"{path.name} no longer replays: run `conan-play {' '.join(argv[:where])} {recorded}` "
        "to rewrite it if the change is intended")


def test_no_shipped_transcripts_is_a_clean_skip():
    if TRANSCRIPTS:
        pytest.skip("transcripts exist; each is replayed above")
