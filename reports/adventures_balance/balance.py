"""Scripted vs scripted balance of adventures_v2 (docs/rulings/adventures.md, Balance): every
seat played by the scripted agent of its role, default options.

Usage: python reports/adventures_balance/balance.py GAMES [SEED0 [SETUP ...]] > runs/adventures_balance.json
SETUP is one of 2, 3, 4, team (default: all four). Each row goes to stderr as it finishes; the
JSON on stdout names the seeds and the commit measured."""
import json
import subprocess
import sys
import time

import numpy as np

import conan_envs
from baselines import load_agent

SETUPS = {"2": dict(num_players=2), "3": dict(num_players=3), "4": dict(num_players=4),
          "team": dict(num_players=4, team=True)}


def play(cfg, seed):
    g = conan_envs.make_game("adventures_v2", **cfg)
    agents = [load_agent("scripted", "adventures_v2", r, seed=seed, **cfg) for r in range(g.num_roles)]
    s = g.new_initial_state(seed)
    while not s.is_terminal() and not s.is_truncated():
        p = s.current_player()
        s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
    return g, s


def commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    games = int(sys.argv[1])
    seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    names = sys.argv[3:] or list(SETUPS)
    out = {"commit": commit(), "seeds": f"{seed0}-{seed0 + games - 1}"}
    for name in names:
        cfg = SETUPS[name]
        t = time.time()
        wins, vp, rounds, trunc = None, None, [], 0
        for seed in range(seed0, seed0 + games):
            g, s = play(cfg, seed)
            n = g.num_roles
            if wins is None:
                wins, vp = np.zeros(n), np.zeros(n)
            if s.is_truncated():
                trunc += 1
            else:
                w = s.winners
                if cfg.get("team"):  # the team's rate: each player of the winning team counts
                    for p in w:
                        wins[p] += 1 / len(w) if len(w) == n else 1.0
                else:
                    for p in w:
                        wins[p] += 1 / len(w)
            vp += s.vp
            rounds.append(s.turn)
        row = {"games": games, "roles": list(g.roles), "win_rate": (wins / games).round(3).tolist(),
               "mean_vp": (vp / games).round(1).tolist(), "mean_rounds": round(float(np.mean(rounds)), 2),
               "truncated": trunc, "seconds": round(time.time() - t, 1)}
        out[name] = row
        print(name, json.dumps(row), file=sys.stderr, flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
