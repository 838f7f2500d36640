"""The web server against oversized bodies and Ctrl-C (issue 32), on 127.0.0.1 only.

    nice -n 10 .venv/bin/python reports/web/probe.py

Starts ``conan-play --web --no-browser`` in a child process; sends 10 MB and 100 MB bodies to
``/api/load`` (with a Content-Length, and chunked), printing the answer, its time and the
server's resident memory; then starts a Kings game whose AI seat searches at the server's
cap, asks for its move and sends SIGINT (Ctrl-C) while it thinks, printing how long the
server takes to exit.
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AT_CAP = "mcts:simulations=2000,rollout=scripted,horizon=10"


def main() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "baselines.cli.play", "--web", "--no-browser"],
                            stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    url = proc.stdout.readline().split("play at ")[1].split()[0]
    base, secret = url.split("?token=")
    port = int(base.rstrip("/").rsplit(":", 1)[1])

    def rss() -> int:
        status = Path(f"/proc/{proc.pid}/status").read_text().splitlines()
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) // 1024

    def call(method: str, path: str, body: dict | None = None) -> dict:
        req = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"X-Conan-Token": secret,
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as resp:
            return json.load(resp)

    for _ in range(300):  # the address is printed as the server starts
        try:
            call("GET", "api/games")
            break
        except urllib.error.URLError:
            time.sleep(0.1)
    print(f"idle: RSS {rss()} MiB")
    for mb in (10, 100):
        for chunked in (False, True):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            start = time.time()
            conn.putrequest("POST", "/api/load", skip_host=True)
            for key, value in [("Host", f"127.0.0.1:{port}"), ("X-Conan-Token", secret),
                               ("Content-Type", "application/json")]:
                conn.putheader(key, value)
            if chunked:
                conn.putheader("Transfer-Encoding", "chunked")
            else:
                conn.putheader("Content-Length", str(mb << 20))
            conn.endheaders()
            block = b"x" * (1 << 20)
            try:
                for _ in range(mb):
                    conn.send(b"100000\r\n" + block + b"\r\n" if chunked else block)
                if chunked:
                    conn.send(b"0\r\n\r\n")
            except OSError:
                pass  # the server answered and closed the connection
            answer = conn.getresponse()
            print(f"{mb} MB body, {'chunked' if chunked else 'with its length'}: {answer.status} "
                  f"after {time.time() - start:.2f} s; RSS {rss()} MiB")
            conn.close()

    g = call("POST", "api/games", {"env_id": "kings_v2", "seed": 1,
                                   "seats": {"player_0": AT_CAP, "player_1": "human"}})
    tok = g["tokens"]["player_1"]
    rep = call("GET", f"api/games/{g['game_id']}?seat=player_1&token={tok}")
    while not rep["to_act_is_ai"]:
        rep = call("POST", f"api/games/{g['game_id']}/act",
                   {"seat": "player_1", "token": tok, "action": rep["legal"][0]["id"]})

    def ask() -> None:
        try:
            call("POST", f"api/games/{g['game_id']}/ai", {"seat": "player_1", "token": tok})
        except (urllib.error.URLError, OSError):
            pass

    threading.Thread(target=ask, daemon=True).start()
    time.sleep(1.5)  # the AI is thinking
    start = time.time()
    proc.send_signal(signal.SIGINT)
    proc.wait(30)
    print(f"Ctrl-C during an AI move at the cap ({AT_CAP}): the server exited in "
          f"{time.time() - start:.2f} s (exit status {proc.returncode})")


if __name__ == "__main__":
    main()
