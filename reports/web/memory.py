"""The web server's memory under the replay and many-games loads (issue 32).

    nice -n 10 .venv/bin/python reports/web/memory.py > reports/web/memory.txt

Starts ``conan-play --web --no-browser`` on 127.0.0.1 (a free port) in a child process,
drives it over HTTP with the secret it prints, and reads the child's resident memory (VmRSS
now, VmHWM the peak) from /proc. Every loop is bounded (counts below); nothing leaves this
computer. Loads:

- replays: the store filled with replays (64 in all), 4 of a 4-player Adventures record of
  about 17,000 actions (max_turns=100000, longer_game=18, random legal moves, seed 0) and
  the rest of a Kings record (random legal moves, the longest of seeds 0-9), each stepped
  through 200 random steps and 200 in a row;
- games: 64 Kings games of 4 (one person, three `hard` AIs), 10 AI moves each, 4 of them
  with an AI at the server's search cap (mcts:simulations=2000,rollout=scripted,horizon=10)
  making 2 moves; then 100 more games asked for (refused: the store is full).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import numpy as np

import conan_envs

ROOT = Path(__file__).resolve().parents[2]


def record(env_id: str, config: dict, seed: int, cap: int = 50_000) -> dict:
    game = conan_envs.make_game(env_id, **config)
    state, rng, actions = game.new_initial_state(seed), np.random.default_rng(seed), []
    while not (state.is_terminal() or state.is_truncated()) and len(actions) < cap:
        a = int(rng.choice(state.legal_actions()))
        actions.append(a)
        state.apply_action(a)
    return {"env_id": env_id, "config": config, "seed": seed, "actions": actions}


class Server:
    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "baselines.cli.play", "--web",
                                      "--no-browser"], stdout=subprocess.PIPE, text=True, env=env)
        url = self.proc.stdout.readline().split("play at ")[1].split()[0]
        self.base, self.secret = url.split("?token=")
        deadline = time.time() + 60
        while True:
            try:
                self.call("GET", "api/games")
                return
            except urllib.error.URLError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        req = urllib.request.Request(self.base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"X-Conan-Token": self.secret,
                                              "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                return resp.status, json.load(resp)
        except urllib.error.HTTPError as e:
            return e.code, json.load(e)

    def memory(self) -> tuple[float, float]:
        fields = dict(line.split(":", 1) for line in
                      Path(f"/proc/{self.proc.pid}/status").read_text().splitlines() if ":" in line)
        return tuple(int(fields[k].split()[0]) / 1024 for k in ("VmRSS", "VmHWM"))  # type: ignore

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)


def replay_load(rows: list[str]) -> None:
    long_rec = record("adventures_v2", {"num_players": 4, "max_turns": 100000, "longer_game": 18}, 0)
    kings = max((record("kings_v2", {}, s) for s in range(10)), key=lambda r: len(r["actions"]))
    srv = Server()
    try:
        rows.append(f"| replays | server started, idle | {srv.memory()[0]:.0f} | {srv.memory()[1]:.0f} |")
        rng = np.random.default_rng(0)
        for i in range(64):
            rec = long_rec if i < 4 else kings
            code, rep = srv.call("POST", "api/replays", {"text": json.dumps(rec)})
            assert code == 200, rep
            n = rep["length"]
            for step in list(rng.integers(0, n + 1, 200)) + list(range(n // 2, min(n, n // 2 + 200))):
                code, _ = srv.call("GET", f"api/replays/{rep['replay_id']}/{int(step)}?role=conan"
                                   if rec is long_rec else
                                   f"api/replays/{rep['replay_id']}/{int(step)}?role=player_0")
                assert code == 200
            if i in (3, 15, 63):
                what = (f"{i + 1} replays held ({min(i + 1, 4)} of {len(long_rec['actions'])} "
                        f"Adventures actions, {max(0, i - 3)} of {len(kings['actions'])} Kings "
                        "actions), 400 steps viewed each")
                rss, peak = srv.memory()
                rows.append(f"| replays | {what} | {rss:.0f} | {peak:.0f} |")
    finally:
        srv.stop()


def games_load(rows: list[str]) -> None:
    srv = Server()
    try:
        rows.append(f"| games | server started, idle | {srv.memory()[0]:.0f} | {srv.memory()[1]:.0f} |")
        made = []
        for i in range(64):
            ai = "mcts:simulations=2000,rollout=scripted,horizon=10" if i < 4 else "hard"
            code, g = srv.call("POST", "api/games", {"env_id": "kings_v2", "seed": i,
                                                     "config": {"num_players": 4},
                                                     "seats": {"player_0": "human", "player_1": ai,
                                                               "player_2": "hard", "player_3": "hard"}})
            assert code == 200, g
            made.append(g)
            tok = g["tokens"]["player_0"]
            moves = 0
            for _ in range(40):
                code, r = srv.call("GET", f"api/games/{g['game_id']}?seat=player_0&token={tok}")
                if r["over"] or moves >= (2 if i < 4 else 10):
                    break
                if r["to_act_is_ai"]:
                    code, r = srv.call("POST", f"api/games/{g['game_id']}/ai",
                                       {"seat": "player_0", "token": tok})
                    moves += 1
                else:
                    srv.call("POST", f"api/games/{g['game_id']}/act",
                             {"seat": "player_0", "token": tok, "action": r["legal"][0]["id"]})
            if i in (3, 15, 63):
                rss, peak = srv.memory()
                rows.append(f"| games | {i + 1} Kings games of 4 held, AI moves made | {rss:.0f} "
                            f"| {peak:.0f} |")
        refused = sum(srv.call("POST", "api/games", {"env_id": "kings_v2", "seats": {}})[0] == 503
                      for _ in range(100))
        rss, peak = srv.memory()
        rows.append(f"| games | then 100 more games asked for ({refused} refused: store full) "
                    f"| {rss:.0f} | {peak:.0f} |")
    finally:
        srv.stop()


def main() -> None:
    start = time.time()
    rows = ["| load | after | RSS MiB | peak RSS MiB |", "|---|---|---|---|"]
    replay_load(rows)
    games_load(rows)
    print("\n".join(rows))
    print(f"\n({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
