"""Solo Tower: how often a Conan agent wins, on fixed seeds (seeds START..START+N-1).

    python reports/tower_solo/solo.py AGENT N [START]

Prints one line per game (seed, win, steps, CPU s) and a summary with the Wilson 95% interval.
"""
from __future__ import annotations

import math
import sys
import time

import conan_envs
from baselines import load_agent
from baselines.match import play_match


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main() -> None:
    spec, n = sys.argv[1], int(sys.argv[2])
    start = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    game = conan_envs.make_game("tower_v2", mode="solo")
    agent = load_agent(spec, "tower_v2", "conan", seed=0, mode="solo")
    wins = 0
    for seed in range(start, start + n):
        t = time.process_time()
        r = play_match(game, [agent], seed=seed)
        win = r.returns[0] > 0
        wins += win
        print(f"{seed} {int(win)} {r.steps} {time.process_time() - t:.1f}", flush=True)
    lo, hi = wilson(wins, n)
    print(f"# {spec}: {wins}/{n} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%})", flush=True)


if __name__ == "__main__":
    main()
