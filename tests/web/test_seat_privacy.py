"""One seat, one truth (the browser-play issue's "Secrets"): a replay of an unfinished game
shows only the seats its people held, naming no other seat's move; a load cannot hand a person
an AI's seat mid-game; the terminal tells a person only what their own log says."""
import json

import conan_envs
from baselines.cli import play

from .test_api import see, start


def _played(client, env_id, seats, moves, seed=3):
    """A game of `env_id` started through the API; the person at player_0 plays `moves` of
    their first legal actions (the AIs answer); returns (game id, token, save record)."""
    g = start(client, env_id, seats, seed=seed)
    gid, tok = g["game_id"], g["tokens"]["player_0"]
    for _ in range(moves):
        r = see(client, gid, "player_0", tok)
        if r.get("over") or r["to_act"] != "player_0":
            break
        client.post(f"/api/games/{gid}/act", json={"seat": "player_0", "token": tok,
                                                   "action": r["legal"][0]["id"]})
    record = client.get(f"/api/games/{gid}/save", params={"seat": "player_0", "token": tok}).json()
    return gid, tok, record


def test_an_unfinished_game_replays_only_as_its_persons_seat(client):
    _, _, record = _played(client, "cards_v2", {"player_0": "human", "player_1": "random"}, 6)
    assert record["actions"]
    r = client.post("/api/replays", json={"text": json.dumps(record)}).json()
    assert r["viewers"] == ["player_0"] and not r["finished"]
    forbidden = client.get(f"/api/replays/{r['replay_id']}/1", params={"role": "player_1"})
    assert forbidden.status_code == 403 and "can be viewed only as player_0" in forbidden.text
    labels = [client.get(f"/api/replays/{r['replay_id']}/{i}", params={"role": "player_0"}).json()
              ["last_action"] for i in range(1, r["length"] + 1)]
    game = conan_envs.make_game("cards_v2")
    state = game.new_initial_state(record["seed"])
    for a, label in zip(record["actions"], labels):
        actor = game.roles[state.current_player()]
        if actor == "player_1":  # the AI's move is not named: its name can carry a hidden card
            assert label.startswith("player_1 moved") and state.action_to_string(a) not in label
        else:
            assert label == f"player_0: {state.action_to_string(a)}"
        state.apply_action(a)


def test_a_bare_history_of_an_unfinished_game_names_no_seat_and_is_not_replayed(client):
    state = conan_envs.make_game("cards_v2").new_initial_state(4)
    state.apply_action(state.legal_actions()[0])
    r = client.post("/api/replays", json={"text": state.to_json()})
    assert r.status_code == 422 and "not over" in r.json()["detail"]


def test_a_finished_game_replays_as_every_seat(client, nimview):
    game = conan_envs.make_game(nimview)
    state = game.new_initial_state(5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    r = client.post("/api/replays", json={"text": state.to_json()}).json()
    assert r["finished"] and r["viewers"] == list(game.roles)
    step = client.get(f"/api/replays/{r['replay_id']}/1", params={"role": "player_1"}).json()
    assert step["last_action"].startswith("player_0: ")


def test_a_load_cannot_hand_a_person_an_ai_seat_mid_game(client):
    _, _, record = _played(client, "cards_v2", {"player_0": "human", "player_1": "random"}, 2)
    taken = client.post("/api/load", json={"text": json.dumps(record),
                                           "seats": {"player_0": "human", "player_1": "human"}})
    assert taken.status_code == 422 and "keeps its AI seats" in taken.json()["detail"]
    kept = client.post("/api/load", json={"text": json.dumps(record)})
    assert kept.status_code == 200 and set(kept.json()["tokens"]) == {"player_0"}


def test_the_terminal_prints_the_persons_log_never_the_ais_move_names():
    out: list[str] = []
    answers = iter(["0"] * 400)
    result = play.run(["cards_v2", "--human", "player_0", "--ai", "random", "--seed", "2",
                       "--max-steps", "60"], input_fn=lambda _prompt: next(answers),
                      output_fn=out.append)
    assert result is not None
    assert not [line for line in out if line.startswith("player_1: ")]
    fed = {line[2:] for line in out if line.startswith("  ") and not line.startswith("  [")}
    seen = set(result.final_state.log_for(0, limit=10_000))
    assert fed and fed <= seen       # each line fed is an event of the person's own log
