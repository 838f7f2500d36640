"""Scripted heroes against the scripted Overlord, per scenario (issue 14's balance table).

    .venv/bin/python reports/miniatures_balance/balance.py --games 200 --heroes 3 [--scenario S ...]

Game seed k, agent seed 10k + role; prints one Markdown row per scenario with the heroes' win
rate and its 95% Wilson interval, the mean rounds, and how the games ended.
"""
import argparse
import math
import sys
import time
from collections import Counter

import conan_envs
from baselines import load_agent

ALL = ("clutches", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis", "ritual")


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def play(g, seed, heroes="scripted", overlord="scripted"):
    s = g.new_initial_state(seed)
    agents = [load_agent(overlord if r == g.overlord else heroes, "miniatures_v2", role=r,
                         seed=10 * seed + r, **g.config) for r in range(g.num_roles)]
    while not s.is_terminal() and not s.is_truncated():
        p = s.current_player()
        s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
    return s


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--heroes", type=int, default=3)
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--hero-agent", default="scripted")
    ap.add_argument("--overlord-agent", default="scripted")
    a = ap.parse_args(argv)
    print("| Scenario | games | heroes win | 95% interval | mean rounds | Overlord wins by | s/game |")
    print("|---|---|---|---|---|---|---|")
    for sc in a.scenario or ALL:
        g = conan_envs.make_game("miniatures_v2", scenario=sc, num_heroes=a.heroes)
        wins, rounds, causes = 0, 0, Counter()
        t0 = time.time()
        for seed in range(a.first_seed, a.first_seed + a.games):
            s = play(g, seed, a.hero_agent, a.overlord_agent)
            rounds += s.turn + 1
            if s.is_terminal() and s.returns()[0] > 0:
                wins += 1
            else:
                dead = not s.heroes_in_play()
                causes["truncated" if not s.is_terminal() else "all heroes out" if dead
                       else "round limit" if s.turn >= g.rounds else "objective"] += 1
        lo, hi = wilson(wins, a.games)
        dt = (time.time() - t0) / a.games
        why = ", ".join(f"{k} {v}" for k, v in causes.most_common())
        print(f"| {g.scenario['name']} | {a.games} | {wins} ({100 * wins / a.games:.0f}%) | "
              f"{100 * lo:.0f}–{100 * hi:.0f}% | {rounds / a.games:.1f} | {why} | {dt:.2f} |",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
