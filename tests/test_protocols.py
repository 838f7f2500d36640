"""Benchmark protocols: every shipped protocol runs for an entrant from outside the project
and its result file reproduces byte for byte; definitions are versioned and checked; bad
entrants and bad command lines get one line and exit status 2."""
from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import conan_envs
from baselines.benchmark import EntrantError, ProtocolError, get_protocol, protocols, run_protocol
from baselines.benchmark.elo import anchored, seat_score
from baselines.benchmark.protocol import content_hash, parse, parse_file
from baselines.cli import evaluate

TOY = '''
"""A toy entrant living outside the project: the first legal action half the time, else a
seeded random one."""
import numpy as np


class Toy:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.moves = 0

    def act(self, observation, action_mask, state=None):
        self.moves += 1
        legal = np.flatnonzero(action_mask)
        return int(legal[0] if self.rng.random() < 0.5 else self.rng.choice(legal))


def make(env_id, role, seed=None, **config):
    assert isinstance(env_id, str) and isinstance(role, int)
    return Toy(seed)
'''

# Rounds at which each game is cut short in the every-protocol test (a config override,
# written into the result); the rest of every protocol is played as defined.
SHORT = {"kings_v2": 6, "cards_v2": 12, "tower_v2": 30, "miniatures_v2": 6, "adventures_v2": 6}
ENTRANT = "python:toy_bench_entrant:make"


@pytest.fixture
def outside(tmp_path, monkeypatch):
    """A folder outside the project holding the entrant's module, on PYTHONPATH; the test
    runs from another folder that is not the project."""
    pkg = tmp_path / "outside"
    pkg.mkdir()
    (pkg / "toy_bench_entrant.py").write_text(textwrap.dedent(TOY))
    monkeypatch.syspath_prepend(str(pkg))
    monkeypatch.setenv("PYTHONPATH", str(pkg))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    yield pkg
    sys.modules.pop("toy_bench_entrant", None)


def test_every_protocol_runs_for_an_outside_entrant_and_reproduces_exactly(outside, tmp_path):
    assert not (Path.cwd() / "baselines").exists()
    for pid, p in protocols().items():
        kwargs = dict(games=len(p.seatings), opponents=None if p.solo else ["random"],
                      config={"max_turns": SHORT[p.env_id]})
        first = run_protocol(pid, ENTRANT, out=tmp_path / "a", **kwargs)
        second = run_protocol(pid, ENTRANT, out=tmp_path / "b", **kwargs)
        a, b = Path(first["paths"]["json"]), Path(second["paths"]["json"])
        assert a.read_bytes() == b.read_bytes(), pid
        data = json.loads(a.read_text())
        assert data["protocol"] == {"id": pid, "version": p.version, "sha256": p.sha256}
        assert data["env_id"] == p.env_id and data["package"]["name"] == "conan-envs"
        assert data["entrant"]["spec"] == ENTRANT
        assert data["summary"]["games"] == len(p.seatings) == len(data["games"])
        assert first["run"]["entrant_moves"] > 0, pid
        assert "started" not in a.read_text() and "seconds" not in a.read_text()
        roles = conan_envs.make_game(p.env_id, **p.config).roles
        assert {tuple(g[1]) for g in data["games"]} == set(p.seatings) and all(
            r in roles for s in p.seatings for r in s)
        assert Path(first["paths"]["markdown"]).read_text().startswith(f"# {pid} v{p.version}")


def test_workers_and_the_command_line_give_the_same_bytes(outside, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", list(sys.path))
    serial = run_protocol("cards_v2/3p", ENTRANT, games=3, opponents=["random"], out=tmp_path / "s")
    parallel = run_protocol("cards_v2/3p", ENTRANT, games=3, opponents=["random"], workers=2,
                            out=tmp_path / "p")
    assert Path(serial["paths"]["json"]).read_bytes() == Path(parallel["paths"]["json"]).read_bytes()
    # the module found from the current folder, as python -m would
    monkeypatch.delenv("PYTHONPATH")
    monkeypatch.chdir(outside)
    sys.path[:] = [x for x in sys.path if x != str(outside)]
    sys.modules.pop("toy_bench_entrant", None)
    rc = evaluate.main(["--protocol", "cards_v2/3p", "--agent", ENTRANT, "--games", "3", "--opponents",
                        "random", "--out", str(tmp_path / "c"), "--workers", "1", "--no-progress"])
    assert rc == 0
    assert (tmp_path / "c" / "cards_v2-3p.json").read_bytes() == Path(serial["paths"]["json"]).read_bytes()


def _hard_loads() -> bool:
    from baselines import load_agent

    try:
        load_agent("hard", "kings_v2", 0)
    except conan_envs.ConfigError:
        return False
    return True


def test_the_ladder_difficulties_are_the_reference_opponents(outside, tmp_path):
    if not _hard_loads():
        pytest.skip("the ladder's difficulties do not load in this build")
    result = run_protocol("kings_v2/2p", ENTRANT, games=2, config={"max_turns": 2}, out=tmp_path)
    rows = {r["opponent"]: r for r in result["opponents"]}
    assert list(rows) == ["random", "easy", "normal", "hard"]
    assert all(r["games"] == 2 for r in rows.values())
    assert not any("time_budget" in s for r in rows.values() for s in r["resolved"].values())
    assert [x["agent"] for x in result["elo"]["ratings"] if x["agent"] == "random"] == ["random"]
    assert next(x["elo"] for x in result["elo"]["ratings"] if x["agent"] == "random") == 1000.0
    named = run_protocol("kings_v2/2p", "normal", games=2, opponents=["random"], config={"max_turns": 2})
    assert named["entrant"]["resolved"] == {"player_0": "scripted", "player_1": "scripted"}


def test_an_agent_object_plays_every_seat_and_is_reset_each_game():
    class First:
        resets = 0

        def reset(self):
            First.resets += 1

        def act(self, observation, action_mask, state=None):
            return int(np.flatnonzero(action_mask)[0])

    result = run_protocol("miniatures_v2/ruined_fort-heroes", First(), games=2, opponents=["random"],
                          config={"max_turns": 3})
    assert First.resets == 2 and result["entrant"] == {"name": "First", "spec": None}
    assert result["summary"]["games"] == 2


def test_a_class_is_a_factory():
    class Last:
        def __init__(self, env_id, role, seed=None, **config):
            self.role = role

        def act(self, observation, action_mask, state=None):
            return int(np.flatnonzero(action_mask)[-1])

    result = run_protocol("cards_v2/2p", Last, games=2, opponents=["random"])
    assert result["entrant"]["name"].endswith("Last") and result["summary"]["games"] == 2


def test_an_illegal_move_is_refused_naming_the_game():
    class Bad:
        def act(self, observation, action_mask, state=None):
            return int(np.flatnonzero(~np.asarray(action_mask, dtype=bool))[0])

    with pytest.raises(EntrantError, match="not a legal action"):
        run_protocol("kings_v2/2p", Bad(), games=1, opponents=["random"])


def test_bad_entrants_are_refused_before_any_game(outside):
    with pytest.raises(EntrantError, match="package.module:factory"):
        run_protocol("kings_v2/2p", "python:toy_bench_entrant", games=1)
    with pytest.raises(EntrantError, match="cannot import"):
        run_protocol("kings_v2/2p", "python:no_such_module_here:make", games=1)
    with pytest.raises(EntrantError, match="no callable"):
        run_protocol("kings_v2/2p", "python:toy_bench_entrant:nothing", games=1)
    with pytest.raises(EntrantError, match="no act"):
        run_protocol("kings_v2/2p", lambda **kw: 3, games=1, opponents=["random"])
    with pytest.raises(conan_envs.ConfigError, match="unknown agent"):
        run_protocol("kings_v2/2p", "mtcs", games=1)
    local = type("Local", (), {"act": lambda self, o, m, s=None: 0})()
    with pytest.raises(EntrantError, match="another process"):
        run_protocol("kings_v2/2p", local, games=2, workers=2, opponents=["random"])


def test_shipped_protocols_cover_every_game_and_seat_kind():
    found = protocols()
    assert {p.env_id for p in found.values()} == set(conan_envs.ENV_IDS)
    assert {"kings_v2/2p", "cards_v2/2p", "cards_v2/3p", "tower_v2/solo", "tower_v2/battle-yara",
            "tower_v2/battle-conan", "adventures_v2/2p-conan", "adventures_v2/2p-foe"} <= set(found)
    choices = conan_envs.make_game("miniatures_v2").OPTIONS["scenario"].choices
    scenarios = choices() if callable(choices) else choices
    assert len(scenarios) == 7
    for sc in scenarios:
        assert {f"miniatures_v2/{sc}-overlord", f"miniatures_v2/{sc}-heroes"} <= set(found)
    seats = {(p.env_id, r) for p in found.values() for s in p.seatings for r in s}
    assert {r for e, r in seats if e == "adventures_v2"} == {"conan", "foe", "ally", "foe2"}
    for p in found.values():
        assert p.sha256 == content_hash(p.definition())
        assert p.solo == (p.id == "tower_v2/solo")
        if not p.solo:
            assert p.opponents == ("random", "easy", "normal", "hard")


def _entry(**changes):
    p = get_protocol("kings_v2/2p")
    d = {**p.definition(), "sha256": p.sha256, "description": p.description}
    d["config"] = {k: list(v) if isinstance(v, tuple) else v for k, v in d["config"].items()}
    d.update(changes)
    return d


def test_a_changed_definition_is_refused_until_it_is_a_new_version():
    current = get_protocol("kings_v2/2p")
    assert parse(_entry()).sha256 == current.sha256
    assert parse(_entry(description="other words")).id == "kings_v2/2p"  # words are not measured
    changed = _entry(games=10)
    with pytest.raises(ProtocolError, match="new version: raise 'version'"):
        parse(changed)
    bumped = {**changed, "version": current.version + 1}
    bumped["sha256"] = content_hash(bumped)
    assert parse(bumped).version == current.version + 1 and parse(bumped).sha256 != current.sha256
    with pytest.raises(ProtocolError, match=f"v{current.version}, not v{current.version + 1}"):
        get_protocol(f"kings_v2/2p@v{current.version + 1}")


@pytest.mark.parametrize("changes, message", [
    ({"colour": 1}, "unknown field"),
    ({"config": {"num_players": 2}}, "does not pin"),
    ({"seatings": [["player_7"]]}, "not roles of"),
    ({"seatings": [["player_0", "player_1"]]}, "no seat to the opponents"),
    ({"opponents": []}, "must hold every seat"),
    ({"games": 0}, "games=0"),
    ({"id": "cards_v2/2p"}, "'kings_v2/<seat kind>'"),
    ({"move_time_s": -1}, "move_time_s"),
])
def test_malformed_definitions_name_the_field(changes, message):
    entry = _entry(**changes)
    entry["sha256"] = content_hash(entry)
    with pytest.raises(ProtocolError, match=message):
        parse(entry)


def test_a_protocol_file_must_hold_a_list():
    with pytest.raises(ProtocolError, match="'protocols' list"):
        parse_file("protocols: 3", "x.yaml")
    with pytest.raises(ProtocolError, match="not valid YAML"):
        parse_file("protocols: [", "x.yaml")


def test_scores_and_elo_are_anchored_at_random():
    assert seat_score([1, -1, -1], [0]) == 1.0 and seat_score([-1, 1, -1], [0]) == 0.25
    assert seat_score([-1, -1, -1, 1], [0, 1, 2]) == 0.0 and seat_score([1.0], [0]) == 1.0
    # an entrant as good as the field in 3-player games rates as random does
    scores = [1.0] * 10 + [0.25] * 20
    elo = anchored(["me", "random"], [("me", "random", scores)])
    assert elo is not None
    assert {r["agent"]: r["elo"] for r in elo["ratings"]} == {"me": 1000.0, "random": 1000.0}
    strong = anchored(["me", "random", "hard"], [("me", "random", [1.0] * 9 + [0.0]),
                                                 ("me", "hard", [0.0] * 9 + [1.0])])
    assert strong is not None
    r = {x["agent"]: x["elo"] for x in strong["ratings"]}
    assert r["random"] == 1000.0 and r["hard"] > r["me"] > 1000.0
    assert anchored(["me", "hard"], [("me", "hard", [1.0])]) is None
    apart = anchored(["me", "random", "x", "hard"], [("me", "random", [1.0]), ("x", "hard", [1.0])])
    assert apart is not None and [x["agent"] for x in apart["ratings"]] == ["me", "random"]


def test_list_protocols_prints_one_per_line_id_first(capsys):
    assert evaluate.main(["--list-protocols"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == list(protocols())


@pytest.mark.parametrize("argv, message", [
    (["--protocol", "kings_v2/9p", "--agent", "random"], "unknown protocol 'kings_v2/9p'"),
    (["--protocol", "kings_v2/2p"], "needs --agent"),
    (["--list-protocols", "--agent", "random"], "--agent goes with --protocol"),
    (["--list-protocols", "--build-leaderboard"], "give one of"),
    (["--protocol", "kings_v2/2p", "--agent", "random", "--games", "0"], "at least 1"),
    (["--protocol", "kings_v2/2p", "--agent", "python:nowhere_at_all:make"], "cannot import"),
    (["--protocol", "kings_v2/2p", "--agent", "ppo:/nonexistent/policy"], "no policy metadata"),
    (["--protocol", "tower_v2/solo", "--agent", "random", "--opponents", "hard"], "solo protocol"),
    (["--protocol", "kings_v2/2p", "--agent", "random", "--opponents", "mcts"], "not among"),
    (["--add-to-leaderboard", "/nonexistent/result.json"], "no such result file"),
])
def test_user_errors_are_one_line_with_status_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert evaluate.main(argv + ["--no-progress"] if "--protocol" in argv else argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("conan-evaluate: error:") and message in err


def test_ray_without_ray_is_one_line(monkeypatch, capsys, tmp_path):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ray" else real(name, *a))
    monkeypatch.chdir(tmp_path)
    assert evaluate.main(["--protocol", "kings_v2/2p", "--agent", "random", "--ray", "auto"]) == 2
    assert "--ray needs Ray installed" in capsys.readouterr().err


def test_the_tournament_mode_is_unchanged(capsys):
    assert evaluate.main(["kings_v2", "random", "--games", "0"]) == 2
    assert "whole number" in capsys.readouterr().err
