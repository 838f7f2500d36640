"""The web server's JSON API (issue 16), through FastAPI's test client: start a game, play
legal moves, refuse illegal ones, AI seats move, save and load, replays, privacy."""
import json

import numpy as np
import pytest

import conan_envs
from tests.web.games import SHORT_GAMES

REPORT_KEYS = {"env_id", "config", "roles", "seats", "seat", "view", "to_act", "to_act_is_ai",
               "legal", "over", "truncated", "returns", "steps"}


def start(client, env_id, seats, config=None, seed=3):
    r = client.post("/api/games", json={"env_id": env_id, "config": config or {}, "seats": seats,
                                        "seed": seed})
    assert r.status_code == 200, r.text
    return r.json()


def see(client, gid, seat, token):
    r = client.get(f"/api/games/{gid}", params={"seat": seat, "token": token})
    assert r.status_code == 200, r.text
    return r.json()


def test_catalogue_lists_every_game_with_its_options_and_the_featured_ai(client):
    data = client.get("/api/games").json()
    by_id = {g["env_id"]: g for g in data["games"]}
    assert set(conan_envs.ENV_IDS) <= set(by_id)
    assert by_id["miniatures_v2"]["featured"]["seat"] == "overlord"
    assert by_id["tower_v2"]["featured"] == {"seat": "yara", "title": "The AI Yara",
                                            "config": {"mode": "battle"}}
    assert by_id["kings_v2"]["options"]["num_players"] == {
        "default": 2, "doc": "number of Kings", "valid": "an integer from 2 to 4", "kind": "int",
        "lo": 2, "hi": 4, "allow_none": False}
    assert {"easy", "normal", "hard", "random", "scripted", "mcts"} <= set(data["ai_levels"])
    r = client.post("/api/roles", json={"env_id": "tower_v2", "config": {"mode": "battle"}})
    assert r.json()["roles"] == ["conan", "yara"]
    r = client.post("/api/roles", json={"env_id": "kings_v2", "config": {"num_players": 9}})
    assert r.status_code == 422 and "num_players=9 is invalid" in r.json()["detail"]


def test_the_page_and_its_scripts_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "<title>Conan" in page.text
    for path in ["app.js", "panels.js", "replay.js", "svg.js", "style.css"]:
        assert client.get(f"/static/{path}").status_code == 200, path
    for game in ["kings", "cards", "tower", "miniatures", "adventures"]:
        assert client.get(f"/static/boards/{game}.js").status_code == 200, game


def test_a_person_plays_legal_moves_and_the_ai_answers(client, nimview):
    g = start(client, nimview, {"player_0": "human", "player_1": "random"})
    assert set(g["tokens"]) == {"player_0"}  # an AI seat gets no token
    gid, tok = g["game_id"], g["tokens"]["player_0"]
    r = see(client, gid, "player_0", tok)
    assert r["to_act"] == "player_0" and not r["to_act_is_ai"]
    assert [a["name"] for a in r["legal"]] == ["take 1", "take 2", "take 3", "reveal"]
    assert r["view"]["decision"]["prompt"].startswith("Take 1-3 stones")
    pile = r["view"]["pile"]
    r = client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok, "action": 1})
    assert r.status_code == 200
    r = r.json()
    assert r["view"]["pile"] == pile - 2 and r["to_act"] == "player_1" and r["to_act_is_ai"]
    assert r["legal"] == []  # not this seat's turn: no actions offered
    # a person cannot move for the AI, and the AI moves one step when asked
    bad = client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok, "action": 0})
    assert bad.status_code == 409 and "player_1's turn" in bad.json()["detail"]
    r = client.post(f"/api/games/{gid}/ai", json={"seat": "player_0", "token": tok}).json()
    assert r["to_act"] == "player_0" and r["view"]["pile"] < pile - 2 and r["steps"] == 2
    assert r["view"]["log"][-1].startswith("player_1 plays")
    again = client.post(f"/api/games/{gid}/ai", json={"seat": "player_0", "token": tok})
    assert again.status_code == 409 and "person's seat" in again.json()["detail"]
    # play to the end
    while not r["over"]:
        if r["to_act_is_ai"]:
            r = client.post(f"/api/games/{gid}/ai", json={"seat": "player_0", "token": tok}).json()
        else:
            r = client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok,
                                                           "action": r["legal"][0]["id"]}).json()
    assert sorted(r["returns"].values()) == [-1.0, 1.0] and r["view"]["decision"]["actor"] is None


def test_the_ai_yara_at_hard_is_the_shipped_policy_and_answers(client):
    g = start(client, "tower_v2", {"conan": "human", "yara": "hard"}, config={"mode": "battle"})
    gid, tok = g["game_id"], g["tokens"]["conan"]
    r = see(client, gid, "conan", tok)
    assert r["seats"]["yara"] == "hard"
    for _ in range(40):  # a few of Conan's moves and Yara's answers
        if r["over"]:
            break
        if r["to_act_is_ai"]:
            r = client.post(f"/api/games/{gid}/ai", json={"seat": "conan", "token": tok}).json()
        else:
            r = client.post(f"/api/games/{gid}/act", json={"seat": "conan", "token": tok,
                                                           "action": r["legal"][0]["id"]}).json()
    assert r["steps"] > 10 and any("Yara" in line for line in r["view"]["log"])


@pytest.mark.parametrize("action", [99, -1, 3.0, "0", True, None, [0]])
def test_an_illegal_action_is_refused_and_changes_nothing(client, nimview, action):
    g = start(client, nimview, {"player_0": "human", "player_1": "human"})
    gid, tok = g["game_id"], g["tokens"]["player_0"]
    before = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok}).json()
    r = client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok,
                                                   "action": action})
    assert r.status_code in (400, 422)
    assert "not legal now" in r.json()["detail"] and "take 1; take 2" in r.json()["detail"]
    after = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok}).json()
    assert after == before


def test_seats_need_their_token(client, nimview):
    g = start(client, nimview, {"player_0": "human", "player_1": "human"})
    gid, toks = g["game_id"], g["tokens"]
    assert client.get(f"/api/games/{gid}", params={"seat": "player_1", "token": toks["player_0"]}
                      ).status_code == 403
    r = client.post(f"/api/games/{gid}/act", json={"seat": "player_1", "token": "x", "action": 0})
    assert r.status_code == 403
    g2 = start(client, nimview, {"player_0": "human", "player_1": "random"})
    r = client.get(f"/api/games/{g2['game_id']}", params={"seat": "player_1", "token": "x"})
    assert r.status_code == 403 and "not a person's seat" in r.json()["detail"]
    assert client.get("/api/games/nope", params={"seat": "player_0", "token": "x"}).status_code == 404


def test_bad_setups_are_refused_with_a_clear_message(client, nimview):
    cases = [
        ({"env_id": "kings_v0", "seats": {}}, "retired"),
        ({"env_id": "kings_v2", "config": {"victory": "fastest"}, "seats": {}}, "victory"),
        ({"env_id": nimview, "seats": {"player_9": "human"}}, "unknown seat"),
        ({"env_id": nimview, "seats": {"player_0": "random", "player_1": "random"}}, "a person"),
        ({"env_id": nimview, "seats": {"player_1": "chess_engine"}}, "unknown agent"),
        ({"env_id": nimview, "seats": {"player_1": "ppo:/no/such/policy"}}, "player_1"),
    ]
    for body, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422 and words in r.json()["detail"], (body, r.text)


def test_save_and_load_continue_the_game_and_corrupt_files_are_refused(client, nimview):
    g = start(client, nimview, {"player_0": "human", "player_1": "human"})
    gid, toks = g["game_id"], g["tokens"]
    client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": toks["player_0"], "action": 2})
    client.post(f"/api/games/{gid}/act", json={"seat": "player_1", "token": toks["player_1"], "action": 0})
    record = client.get(f"/api/games/{gid}/save",
                        params={"seat": "player_0", "token": toks["player_0"]}).json()
    assert record["actions"] == [2, 0] and record["seed"] == 3 and record["env_id"] == nimview
    view = see(client, gid, "player_0", toks["player_0"])["view"]
    loaded = client.post("/api/load", json={"text": json.dumps(record)}).json()
    r = see(client, loaded["game_id"], "player_0", loaded["tokens"]["player_0"])
    assert r["view"] == view and r["steps"] == 2 and r["to_act"] == "player_0"
    # a bare State.to_json() loads too, with the seats the page asks for
    bare = client.post("/api/load", json={"text": record["state"],
                                          "seats": {"player_0": "human", "player_1": "random"}})
    assert bare.status_code == 200 and set(bare.json()["tokens"]) == {"player_0"}
    # a forged file: the engine's check names what is wrong, the server shows it
    forged = json.loads(record["state"])
    illegal = conan_envs.make_game(nimview).num_actions
    forged["actions"][1] = illegal  # no such move: the replay names the action's index
    r = client.post("/api/load", json={"text": json.dumps({**record, "state": json.dumps(forged)})})
    assert r.status_code == 422 and r.json()["detail"].startswith("the saved game is corrupt: ")
    assert f"save action 1 is {illegal}; an action is a whole number" in r.json()["detail"]
    snapshot = client.post("/api/load", json={"text": json.dumps(
        {**record, "state": conan_envs.make_game(nimview).new_initial_state(3).snapshot()})})
    assert snapshot.status_code == 422 and "snapshot, not a save" in snapshot.json()["detail"]
    for text, words in [("{not json", "not JSON"), ("[1, 2]", "JSON object"),
                        ('{"env_id": "nimview_test"}', "no 'state'")]:
        r = client.post("/api/load", json={"text": text})
        assert r.status_code == 422 and words in r.json()["detail"]


def test_a_replay_steps_through_a_record_and_refuses_one_that_does_not_replay(client, nimview):
    game = conan_envs.make_game(nimview)
    state, actions = game.new_initial_state(5), []
    while not state.is_terminal():
        a = state.legal_actions()[-1 if len(actions) < 2 else 0]
        actions.append(a)
        state.apply_action(a)
    record = {"env_id": nimview, "config": {}, "seed": 5, "actions": actions}
    r = client.post("/api/replays", json={"text": json.dumps(record)}).json()
    assert r["length"] == len(actions)
    first = client.get(f"/api/replays/{r['replay_id']}/0", params={"role": "player_1"}).json()
    assert first["last_action"] is None and first["view"] == game.new_initial_state(5).view(1)
    last = client.get(f"/api/replays/{r['replay_id']}/{len(actions)}", params={"role": "player_0"}).json()
    assert last["over"] and last["view"] == state.view(0)
    assert last["last_action"].endswith(state.action_to_string(actions[-1]))
    assert client.get(f"/api/replays/{r['replay_id']}/{len(actions) + 1}",
                      params={"role": "player_0"}).status_code == 404
    bad = client.post("/api/replays", json={"text": json.dumps({**record, "actions": [3, 3, 3]})})
    assert bad.status_code == 422 and "step 3" in bad.json()["detail"]


def hidden_leaves(view, other_view):
    """The values in `other_view` that appear nowhere in `view` (the other seat's hidden
    things), as JSON leaves."""
    def leaves(v):
        if isinstance(v, dict):
            return {x for k, w in v.items() if k not in ("role", "decision") for x in leaves(w)}
        if isinstance(v, list):
            return {x for w in v for x in leaves(w)}
        return {json.dumps(v, ensure_ascii=False, separators=(",", ":"))}

    def keys(v):
        if isinstance(v, dict):
            return {json.dumps(k) for k in v} | {x for w in v.values() for x in keys(w)}
        if isinstance(v, list):
            return {x for w in v for x in keys(w)}
        return set()
    mine = leaves(view) | keys(view) | {json.dumps(view["role"])}
    return {x for x in leaves(other_view) if x not in mine and len(x) > 3}


def test_no_response_carries_another_seats_hidden_things(client, nimview):
    g = start(client, nimview, {"player_0": "human", "player_1": "random"}, seed=11)
    gid, tok = g["game_id"], g["tokens"]["player_0"]
    r = see(client, gid, "player_0", tok)
    seen_hidden = 0
    while not r["over"]:
        if r["to_act_is_ai"]:
            resp = client.post(f"/api/games/{gid}/ai", json={"seat": "player_0", "token": tok})
        else:
            legal = [a["id"] for a in r["legal"]]
            resp = client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok,
                                                              "action": legal[-1 if 3 in legal else 0]})
        r = resp.json()
        record = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok}).json()
        state = conan_envs.make_game(nimview).state_from_json(record["state"])
        assert r["view"] == state.view(0)
        secret = hidden_leaves(state.view(0), state.view(1))
        seen_hidden += bool(secret)
        for leaf in secret:
            assert leaf not in resp.text, leaf
    assert seen_hidden  # the check had something to find


@pytest.mark.parametrize("env_id", list(SHORT_GAMES))
def test_each_game_against_the_ai_sends_a_seat_only_its_own_view(client, env_id):
    """A person's seat against the scripted AI, to the end of a short game: every answer
    holds exactly that seat's view (checked against the state the save holds), and none
    of the other seats' hidden things (what their views hold and this seat's does not);
    an AI move at the default difficulty answers in under a second."""
    import time

    config, seats = SHORT_GAMES[env_id]
    g = start(client, env_id, seats, config, seed=5)
    people = list(g["tokens"])
    me, tok = people[0], g["tokens"][people[0]]
    game = conan_envs.make_game(env_id, **config)
    rng = np.random.default_rng(5)
    r = see(client, g["game_id"], me, tok)
    steps = hidden_checked = 0
    slowest = 0.0
    while not r["over"] and steps < 400:
        if r["to_act_is_ai"]:
            t = time.perf_counter()
            resp = client.post(f"/api/games/{g['game_id']}/ai", json={"seat": me, "token": tok})
            slowest = max(slowest, time.perf_counter() - t)
        else:
            seat = r["to_act"]
            if seat != me:  # another person's seat (hot-seat): play it through its own token
                mine = see(client, g["game_id"], seat, g["tokens"][seat])
                a = mine["legal"][int(rng.integers(len(mine["legal"])))]["id"]
                client.post(f"/api/games/{g['game_id']}/act",
                            json={"seat": seat, "token": g["tokens"][seat], "action": a})
                resp = client.get(f"/api/games/{g['game_id']}", params={"seat": me, "token": tok})
            else:
                a = r["legal"][int(rng.integers(len(r["legal"])))]["id"]
                resp = client.post(f"/api/games/{g['game_id']}/act",
                                   json={"seat": me, "token": tok, "action": a})
        assert resp.status_code == 200, resp.text
        r = resp.json()
        steps += 1
        record = client.get(f"/api/games/{g['game_id']}/save", params={"seat": me, "token": tok}).json()
        state = game.state_from_json(record["state"])
        assert r["view"] == state.view(me)
        assert set(r) == REPORT_KEYS
        for other in game.roles:
            if other == me:
                continue
            for leaf in hidden_leaves(state.view(me), state.view(other)):
                hidden_checked += 1
                assert leaf not in resp.text, (other, leaf)
    assert r["over"], f"{env_id} did not end in {steps} steps"
    if env_id != "kings_v2":  # Kings hides nothing but private log lines
        assert hidden_checked  # other seats had things this seat may not see
    assert slowest < 1.0, f"an AI move took {slowest:.2f} s"


@pytest.mark.parametrize("env_id", list(SHORT_GAMES))
@pytest.mark.parametrize("ai", ["random", "mcts"])
def test_every_ai_level_plays_every_game(client, env_id, ai):
    """The other AI levels (scripted is played above) take their moves in every game; an
    illegal action from the person changes nothing."""
    config, seats = SHORT_GAMES[env_id]
    seats = {role: (ai if spec != "human" else spec) for role, spec in seats.items()}
    g = start(client, env_id, seats, config, seed=2)
    people = g["tokens"]
    me = next(iter(people))
    r = see(client, g["game_id"], me, people[me])
    assert r["seats"] == {role: ("mcts:simulations=30" if spec == "mcts" else spec)
                          for role, spec in seats.items()}
    ai_moves = 0
    refused = False
    for _ in range(60):
        if r["over"]:
            break
        if r["to_act_is_ai"]:
            resp = client.post(f"/api/games/{g['game_id']}/ai", json={"seat": me, "token": people[me]})
            ai_moves += 1
        else:
            seat = r["to_act"]
            mine = see(client, g["game_id"], seat, people[seat])
            legal = [a["id"] for a in mine["legal"]]
            if not refused:
                bad = next(a for a in range(10_000) if a not in legal)
                before = client.get(f"/api/games/{g['game_id']}/save",
                                    params={"seat": me, "token": people[me]}).json()
                no = client.post(f"/api/games/{g['game_id']}/act",
                                 json={"seat": seat, "token": people[seat], "action": bad})
                assert no.status_code == 400 and "is not legal now" in no.json()["detail"]
                assert client.get(f"/api/games/{g['game_id']}/save",
                                  params={"seat": me, "token": people[me]}).json() == before
                refused = True
            client.post(f"/api/games/{g['game_id']}/act",
                        json={"seat": seat, "token": people[seat], "action": legal[0]})
            resp = client.get(f"/api/games/{g['game_id']}", params={"seat": me, "token": people[me]})
        assert resp.status_code == 200, resp.text
        r = resp.json()
    assert ai_moves >= 1 and refused


def test_the_server_binds_to_localhost_on_a_free_port_or_the_one_given():
    import urllib.request

    from baselines.web.server import free_port
    from tests.web.browser import ServerThread

    port = free_port()
    with ServerThread(port) as url:
        assert url.startswith(f"http://127.0.0.1:{port}/?token=") and len(url.split("=")[1]) >= 32
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as resp:
            assert json.load(resp)["default_ai"] == "scripted"
    with ServerThread() as url:
        assert url.startswith("http://127.0.0.1:")


def test_a_saved_game_of_each_kind_replays_step_by_step(client):
    """A save holds the seed and every action: the replay viewer rebuilds each step, and
    its last step is the saved state's view."""
    for env_id, (config, seats) in SHORT_GAMES.items():
        g = start(client, env_id, {r: ("random" if s == "human" and r != next(iter(seats)) else s)
                                   for r, s in seats.items()}, config, seed=4)
        me, tok = next(iter(g["tokens"].items()))
        for _ in range(12):
            r = see(client, g["game_id"], me, tok)
            if r["over"]:
                break
            if r["to_act_is_ai"]:
                client.post(f"/api/games/{g['game_id']}/ai", json={"seat": me, "token": tok})
            else:
                client.post(f"/api/games/{g['game_id']}/act",
                            json={"seat": me, "token": tok, "action": r["legal"][-1]["id"]})
        record = client.get(f"/api/games/{g['game_id']}/save", params={"seat": me, "token": tok}).json()
        rep = client.post("/api/replays", json={"text": json.dumps(record)}).json()
        assert rep["length"] == len(record["actions"]) >= 1
        last = client.get(f"/api/replays/{rep['replay_id']}/{rep['length']}", params={"role": me}).json()
        state = conan_envs.make_game(env_id, **config).state_from_json(record["state"])
        assert last["view"] == state.view(me), env_id
