"""The web server played as an attacker would (issue 32): a foreign Host, no secret, an
oversized body, an oversized AI budget, a probe of the disk through ``ppo:`` paths, bad
seeds, a hundred games started while one is played. Each is refused with a 4xx naming the
problem, and the game in play is untouched."""
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import numpy as np
import pytest

import conan_envs
from baselines.web import session as S
from baselines.web.limits import MAX_BODY, Rules, WebError, _short
from tests.web.conftest import PORT, SECRET

HEADERS = {"X-Conan-Token": SECRET}


def make_client(**rules):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from baselines.web.server import create_app

    return TestClient(create_app(PORT, SECRET, Rules(**rules)), base_url=f"http://127.0.0.1:{PORT}",
                      headers=HEADERS)


@pytest.fixture
def in_play(client, nimview):
    """A game being played (a person against the random agent, two moves made) and a way to
    check that it is as it was."""
    r = client.post("/api/games", json={"env_id": nimview, "seats": {"player_0": "human",
                                                                     "player_1": "random"},
                                        "seed": 5})
    g = r.json()
    gid, tok = g["game_id"], g["tokens"]["player_0"]
    client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok, "action": 0})
    client.post(f"/api/games/{gid}/ai", json={"seat": "player_0", "token": tok})
    save = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok}).json()
    assert len(save["actions"]) == 2

    def untouched():
        now = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok})
        assert now.status_code == 200 and now.json() == save
        return gid, tok
    return untouched


def bare_client(client):
    """A client of the same server that sends no secret."""
    from fastapi.testclient import TestClient

    return TestClient(client.app, base_url=f"http://127.0.0.1:{PORT}")


def count(client):
    return len(client.app.app.state.store.items)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1:9999",
                                  "localhost.evil.example:8765", "", "127.0.0.2:8765"])
def test_a_foreign_host_is_refused_before_anything(client, in_play, nimview, host):
    held = count(client)
    for method, path, body in [("GET", "/", None), ("GET", "/api/games", None),
                               ("POST", "/api/games", {"env_id": nimview, "seats": {}})]:
        r = client.request(method, path, json=body, headers={"Host": host, **HEADERS})
        assert r.status_code == 400, (host, path)
        assert r.json()["detail"].startswith("this server answers only requests addressed to "
                                             f"127.0.0.1:{PORT} or localhost:{PORT} or [::1]:{PORT}")
    assert count(client) == held
    in_play()


def test_the_loopback_names_with_the_port_are_answered(client):
    for host in [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}"]:
        assert client.get("/api/games", headers={"Host": host}).status_code == 200


def test_every_request_that_makes_or_changes_anything_needs_the_secret(client, in_play, nimview):
    gid, tok = in_play()
    record = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok}).text
    held = count(client)
    asks = [("POST", "/api/games", {"env_id": nimview, "seats": {}}),
            ("POST", "/api/load", {"text": record}),
            ("POST", "/api/replays", {"text": record}),
            ("POST", "/api/roles", {"env_id": nimview}),
            ("POST", f"/api/games/{gid}/act", {"seat": "player_0", "token": tok, "action": 0}),
            ("POST", f"/api/games/{gid}/ai", {"seat": "player_0", "token": tok}),
            ("DELETE", f"/api/games/{gid}?seat=player_0&token={tok}", None),
            ("GET", f"/api/games/{gid}?seat=player_0&token={tok}", None)]
    bare = bare_client(client)
    for secret in [None, "", "wrong", SECRET + "x"]:
        headers = {"X-Conan-Token": secret} if secret is not None else {}
        for method, path, body in asks:
            r = bare.request(method, path, json=body, headers=headers)
            assert r.status_code == 403, (secret, path)
            assert "needs the server's secret" in r.json()["detail"]
    assert count(client) == held
    in_play()
    # what needs no secret: the page itself, its scripts and the catalogue
    assert bare.get("/").status_code == 200 and bare.get("/static/app.js").status_code == 200
    assert bare.get("/api/games").status_code == 200


def test_an_oversized_body_is_refused_with_413_before_it_is_read(client, in_play):
    held = count(client)
    big = json.dumps({"text": "x" * MAX_BODY})
    r = client.post("/api/load", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and f"({MAX_BODY} bytes" in r.json()["detail"]

    assert count(client) == held
    in_play()


def test_a_body_with_no_length_is_read_no_further_than_the_limit():
    """Chunked upload (no Content-Length): the guard stops reading at the first chunk past
    the limit and answers 413; the app never sees the request."""
    import asyncio

    from baselines.web.server import Guard

    reached, read, sent = [], [], []

    async def app(scope, receive, send):
        reached.append(scope)

    async def receive():
        read.append(1)
        return {"type": "http.request", "body": b" " * (64 * 1024), "more_body": True}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/replays",
             "headers": [(b"host", f"127.0.0.1:{PORT}".encode()),
                         (b"x-conan-token", SECRET.encode())]}
    asyncio.run(Guard(app, PORT, SECRET)(scope, receive, send))
    assert sent[0]["status"] == 413 and not reached
    assert len(read) == MAX_BODY // (64 * 1024) + 1  # never read to the end (there is none)


def test_the_limit_takes_the_largest_save_a_game_gives(client):
    """The body limit is sized to the largest legal save: MAX_ACTIONS actions of the widest
    action space and the largest state measured (kings, 4 players), escaped twice."""
    game = conan_envs.make_game("kings_v2", num_players=4)
    state = game.new_initial_state(1)
    rng = np.random.default_rng(1)
    while not state.is_terminal() and not state.is_truncated():
        state.apply_action(int(rng.choice(state.legal_actions())))
    record = {"format": S.SAVE_FORMAT, "env_id": "kings_v2", "config": {"num_players": 4},
              "seed": None, "seats": {}, "actions": [1537] * S.MAX_ACTIONS,
              "state": state.to_json()}
    assert len(json.dumps({"text": json.dumps(record)})) < MAX_BODY


@pytest.mark.parametrize("spec, needle", [
    ("mcts:simulations=1000000", "mcts simulations=1000000 is over this server's cap; "
                                 "simulations must be at most 2000 here"),
    ("mcts:simulations=100,horizon=10000", "horizon must be at most 10 here"),
    ("mcts:horizon=none", "horizon must be from 1 to 10"),
    ("mcts:max_rollout_steps=10000000", "max_rollout_steps must be at most 10000 here"),
    ("mcts:time_budget=3600", "time_budget must be at most 10 here"),
    ("mcts:prior=ppo:/etc/hosts", "ppo:PATH policies are off on this server"),
])
def test_an_oversized_ai_budget_is_refused_when_the_seat_is_made(client, in_play, nimview, spec,
                                                                  needle):
    held = count(client)
    start = time.perf_counter()
    r = client.post("/api/games", json={"env_id": nimview, "seats": {"player_1": spec}})
    assert r.status_code == 422 and r.json()["detail"].startswith("seat player_1")
    assert needle in r.json()["detail"]
    assert time.perf_counter() - start < 5 and count(client) == held
    in_play()


def test_an_ai_move_at_the_cap_returns_within_the_time_limit():
    with make_client(ai_move_seconds=0.5) as c:
        r = c.post("/api/games", json={"env_id": "kings_v2", "seed": 1, "seats": {
            "player_0": "human", "player_1": "mcts:simulations=2000,rollout=scripted,horizon=10"}})
        g = r.json()
        tok = g["tokens"]["player_0"]
        rep = c.get(f"/api/games/{g['game_id']}", params={"seat": "player_0", "token": tok}).json()
        c.post(f"/api/games/{g['game_id']}/act",
               json={"seat": "player_0", "token": tok, "action": rep["legal"][0]["id"]})
        times = []
        for _ in range(3):
            rep = c.get(f"/api/games/{g['game_id']}", params={"seat": "player_0", "token": tok}).json()
            if not rep["to_act_is_ai"]:
                c.post(f"/api/games/{g['game_id']}/act",
                       json={"seat": "player_0", "token": tok, "action": rep["legal"][0]["id"]})
                continue
            start = time.perf_counter()
            r = c.post(f"/api/games/{g['game_id']}/ai", json={"seat": "player_0", "token": tok})
            times.append(time.perf_counter() - start)
            assert r.status_code == 200, r.text
        assert times and max(times) < 0.5 + 1.0, times


def test_closing_a_game_cancels_its_ai_move():
    rules = Rules(ai_move_seconds=120)
    sess = S.Session.start("kings_v2", {}, {"player_0": "mcts:simulations=2000,rollout=scripted,"
                                            "horizon=10", "player_1": "human"}, 3, rules=rules)
    while sess.to_act() == "player_1":
        sess.act("player_1", sess.state.legal_actions()[0])
    made = list(sess.actions)
    move = sess.begin_ai_move()
    time.sleep(0.2)
    assert not move.done.is_set()  # thinking
    start = time.perf_counter()
    sess.close()
    assert move.done.wait(5) and time.perf_counter() - start < 5
    with pytest.raises(WebError) as e:
        sess.end_ai_move(move)
    assert e.value.status == 410 and sess.actions == made


def test_the_page_closing_a_game_frees_its_place(client, nimview):
    g = client.post("/api/games", json={"env_id": nimview, "seats": {"player_1": "random"}}).json()
    held = count(client)
    tok = g["tokens"]["player_0"]
    r = client.delete(f"/api/games/{g['game_id']}", params={"seat": "player_0", "token": "x"})
    assert r.status_code == 403 and count(client) == held
    r = client.delete(f"/api/games/{g['game_id']}", params={"seat": "player_0", "token": tok})
    assert r.status_code == 200 and count(client) == held - 1


def _probe(client, env_id, path, seat="player_1", config=None):
    r = client.post("/api/games", json={"env_id": env_id, "config": config or {},
                                        "seats": {seat: f"ppo:{path}"}})
    assert r.status_code == 422
    return r.json()["detail"].replace(_short(path), "PATH")


def test_ppo_paths_probe_nothing_outside_the_policy_folder(client, in_play, nimview, tmp_path):
    # without --policy-dir: no ppo: path at all, the same answer for files that exist or not
    assert _probe(client, nimview, "/etc/hosts") == _probe(client, nimview, "/no/such/file")
    folder = tmp_path / "policies"
    folder.mkdir()
    (tmp_path / "secret.json").write_text("{}")
    (folder / "escape.json").symlink_to(tmp_path / "secret.json")
    with make_client(policy_dir=folder) as c:
        answers = {_probe(c, nimview, p) for p in [
            "/etc/hosts", "/etc/passwd", "/no/such/file", "../secret", str(tmp_path / "secret"),
            "escape", "missing", "x" * 5000, "/", ".."]}
        assert len(answers) == 1, answers
        (answer,) = answers
        assert answer == ("seat player_1: no policy ppo:PATH in the policy folder; give the NAME "
                          "of a NAME.json + NAME.safetensors pair in the folder named by "
                          "--policy-dir")
    in_play()


def test_a_policy_in_the_policy_folder_plays(tmp_path):
    from baselines.policies import policy_path
    from baselines.ppo import model_paths

    folder = tmp_path / "policies"
    folder.mkdir()
    files = model_paths(policy_path("tower_yara_ppo"))
    for f in files:
        shutil.copy(f, folder / f.name)
    with make_client(policy_dir=folder) as c:
        r = c.post("/api/games", json={"env_id": "tower_v2", "config": {"mode": "battle"},
                                       "seats": {"conan": "human", "yara": f"ppo:{files[0].stem}"}})
        assert r.status_code == 200, r.text
        assert c.get("/api/games").json()["policy_dir"] is True


@pytest.mark.parametrize("seed", [-1, True, 3.0, "3", 2**63, [1]])
def test_a_bad_seed_is_a_422_sentence(client, nimview, seed):
    held = count(client)
    r = client.post("/api/games", json={"env_id": nimview, "seats": {}, "seed": seed})
    assert r.status_code == 422
    assert r.json()["detail"].startswith("seed must be a whole number from 0 to 2**63 - 1, or "
                                         "null for a random one; got ")
    assert count(client) == held
    bad = {"env_id": nimview, "config": {}, "seed": seed, "actions": []}
    assert client.post("/api/replays", json={"text": json.dumps(bad)}).status_code == 422


def test_the_game_in_play_survives_a_hundred_new_games(client, in_play, nimview):
    new = {"env_id": nimview, "seats": {"player_1": "random"}}
    answers = [client.post("/api/games", json=new) for _ in range(100)]
    made = [r for r in answers if r.status_code == 200]
    refused = [r for r in answers if r.status_code != 200]
    assert len(made) == 63 and len(refused) == 37  # the store holds 64, the game in play one
    assert {r.status_code for r in refused} == {503}
    assert refused[0].json()["detail"].startswith("this server holds 64 games and replays, each "
                                                  "used within the last 60 minutes; finish or "
                                                  "close one")
    gid, tok = in_play()
    r = client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok, "action": 0})
    assert r.status_code == 200  # still played


def test_games_make_room_by_last_activity_never_within_the_hour():
    now = [0.0]
    store = S.Store(capacity=3, idle_seconds=3600, clock=lambda: now[0])
    played, *others = [store.add(S.Replay.__new__(S.Replay)) for _ in range(3)]
    now[0] = 3000
    store.get(played, S.Replay)  # played at minute 50
    now[0] = 3599
    with pytest.raises(WebError) as e:
        store.add(object())
    assert e.value.status == 503 and len(store.items) == 3
    now[0] = 3601  # the two untouched games are an hour old; the played one is not
    store.add(object())
    store.add(object())
    assert played in store.items and not set(others) & set(store.items)
    with pytest.raises(WebError):
        store.add(object())


def test_a_replay_keeps_checkpoints_not_every_state(nimview):
    """A long record steps exactly as it was played, with at most 33 positions kept."""
    game = conan_envs.make_game("kings_v2", max_turns=60)
    state, actions = game.new_initial_state(2), []
    rng = np.random.default_rng(2)
    views = {}
    while not (state.is_terminal() or state.is_truncated()):
        a = int(rng.choice(state.legal_actions()))
        actions.append(a)
        state.apply_action(a)
        if len(actions) % 97 == 0:
            views[len(actions)] = state.view(1)
    views[len(actions)] = state.view(0)
    rep = S.Replay(json.dumps({"env_id": "kings_v2", "config": {"max_turns": 60}, "seed": 2,
                               "actions": actions}))
    assert rep.length == len(actions) > S.REPLAY_CHECKPOINTS * 10
    assert len(rep.checkpoints) <= S.REPLAY_CHECKPOINTS + 1
    for i in sorted(views, reverse=True):
        role = "player_0" if i == len(actions) else "player_1"
        assert rep.step(i, role)["view"] == views[i]
    first = rep.step(1, "player_0")
    assert first["last_action"].startswith("player_0: ") and rep.step(2, "player_0")["step"] == 2


def test_ctrl_c_stops_the_server_and_its_ai_moves_within_seconds(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen([sys.executable, "-m", "baselines.cli.play", "--web", "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        url = line.split("play at ")[1].split()[0]
        base, secret = url.split("?token=")

        def call(method, path, body=None):
            req = urllib.request.Request(base + path.lstrip("/"), method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"X-Conan-Token": secret,
                                                  "Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)

        deadline = time.time() + 30
        while True:  # the address is printed as the server starts
            try:
                call("GET", "/api/games")
                break
            except urllib.error.URLError:
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.1)
        g = call("POST", "/api/games", {"env_id": "kings_v2", "seed": 1, "seats": {
            "player_0": "mcts:simulations=2000,rollout=scripted,horizon=10", "player_1": "human"}})
        tok = g["tokens"]["player_1"]
        rep = call("GET", f"/api/games/{g['game_id']}?seat=player_1&token={tok}")
        while not rep["to_act_is_ai"]:
            rep = call("POST", f"/api/games/{g['game_id']}/act",
                       {"seat": "player_1", "token": tok, "action": rep["legal"][0]["id"]})
        threading.Thread(target=lambda: _quietly(call, "POST", f"/api/games/{g['game_id']}/ai",
                                                 {"seat": "player_1", "token": tok}),
                         daemon=True).start()
        time.sleep(1.0)  # the AI is thinking
        start = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=15)
        assert time.perf_counter() - start < 6
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _quietly(fn, *args):
    try:
        fn(*args)
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        pass


def test_a_websocket_is_refused():
    import asyncio

    from baselines.web.server import Guard

    reached, sent = [], []

    async def app(scope, receive, send):
        reached.append(scope)

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "websocket", "path": "/api/games", "headers": [(b"host", b"evil.example")]}
    asyncio.run(Guard(app, PORT, SECRET)(scope, receive, send))
    assert sent == [{"type": "websocket.close", "code": 1008}] and not reached
