"""Fill the leaderboards: run protocols for the ladder agents (and any shipped policy) and add
each result to its board. Run from the repository root, e.g.

    nice -n 10 .venv/bin/python reports/leaderboard/make_boards.py --games 6 \
        --opponents random,easy,normal --shard 0/2 --root reports/leaderboard

Each run's files (<entrant>.json, .run.json with its times, the card .md) go to
--out/<protocol id>/ (runs/leaderboard_runs, ignored by git); the result JSON is then added to
the board in --root: copied to <root>/<protocol id>/<entrant>.json (the board's data: its
Elo is one fit over every result there) and <root>/<protocol id>.md rebuilt. --root defaults
to runs/leaderboard; the project's boards are reports/leaderboard. The same from the command
line, one entrant at a time:

    conan-evaluate --protocol ID --agent SPEC --games N --opponents random,easy,normal \
        --out runs/leaderboard_runs/ID --leaderboard --leaderboard-dir reports/leaderboard
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from baselines.benchmark import leaderboard as board
from baselines.benchmark import protocols, run_protocol
from baselines.benchmark.result import slug

ENTRANTS = ["random", "easy", "normal", "hard", "scripted"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None, help="games per opponent (default: the protocol's)")
    ap.add_argument("--opponents", default=None, help="comma-separated subset of the protocol's opponents")
    ap.add_argument("--entrants", default=",".join(ENTRANTS), help="agent strings, comma-separated")
    ap.add_argument("--only", default="", help="protocol ids starting with this")
    ap.add_argument("--shard", default="0/1", help="K/N: every N-th protocol from the K-th")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--root", default=str(board.DEFAULT_ROOT),
                    help="the boards' folder (the project's: reports/leaderboard)")
    ap.add_argument("--out", default="runs/leaderboard_runs", help="folder for each run's own files")
    args = ap.parse_args()
    k, n = map(int, args.shard.split("/"))
    ids = [p for p in protocols() if p.startswith(args.only)][k::n]
    for pid in ids:
        p = protocols()[pid]
        opponents = None if p.solo or not args.opponents else args.opponents.split(",")
        for spec in args.entrants.split(","):
            t0 = time.time()
            result = run_protocol(pid, spec, games=args.games, opponents=opponents, workers=args.workers,
                                  out=Path(args.out) / pid, stem=slug(spec), progress=False)
            board.add(result["paths"]["json"], args.root, update_index=False)
            s = result["summary"]
            print(f"{pid} {spec}: {s['games']} games, score {s['score']:.3f}, "
                  f"{time.time() - t0:.0f} s", flush=True)
    board.index(args.root)
    sys.exit(0)


if __name__ == "__main__":
    main()
