"""How Kings of Hyboria games end, by cause (issue 14): plays games between two agent specs,
rotating seats (a in seat g mod n, b in the others), and tallies `state.end_cause`, the
winner's side and the rounds played.

    .venv/bin/python reports/kings_balance/ends.py --a scripted --b scripted --games 200
    .venv/bin/python reports/kings_balance/ends.py --a mcts:simulations=50 --b scripted --games 40
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import conan_envs  # noqa: E402
from baselines import load_agent  # noqa: E402


def play(game, specs, seed):
    state = game.new_initial_state(seed)
    agents = [load_agent(specs[r], game.env_id, r, seed=seed * 7 + r, **game.config)
              for r in range(game.num_roles)]
    while not state.is_terminal() and not state.is_truncated():
        p = state.current_player()
        a = agents[p].act(state.observation(p), state.legal_action_mask(), state)
        state.apply_action(a)
    cause = state.end_cause or "round_limit_truncated"
    return cause, state.returns(), state.final_round or state.turn, state.order[0]


def commit():
    """The commit measured (the working tree's HEAD; "unknown" outside a git checkout)."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True, cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="scripted")
    ap.add_argument("--b", default="scripted")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--config", default="{}", help="JSON game options")
    ap.add_argument("--players", type=int, default=2, help="a sits in seat g %% n, b in the rest")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    game = conan_envs.make_game("kings_v2", num_players=args.players,
                                **json.loads(args.config))
    n = args.players
    causes, wins, rounds, first = Counter(), Counter(), [], Counter()
    t0 = time.time()
    measured = commit()
    for g in range(args.games):
        a_seat = g % n
        specs = [args.a if r == a_seat else args.b for r in range(n)]
        cause, ret, rnd, starter = play(game, specs, args.seed + g)
        causes[cause] += 1
        rounds.append(rnd)
        wins["a" if ret[a_seat] > 0 else "b" if max(ret) > 0 else "draw"] += 1
        if max(ret) > 0:
            first["first" if ret[starter] > 0 else "second"] += 1
        ordered = sorted(rounds)
        out = {"a": args.a, "b": args.b, "env_id": game.env_id, "commit": measured,
               "seeds": f"{args.seed}-{args.seed + g}", "games": g + 1, "config": game.config,
               "causes": dict(causes.most_common()), "wins": dict(wins),
               "winner_by_turn_order": dict(first),
               "median_rounds": ordered[len(ordered) // 2],
               "seconds": round(time.time() - t0)}
        if args.out:  # after every game, so a run cut short still reports
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))

if __name__ == "__main__":
    main()
