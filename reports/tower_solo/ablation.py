"""Solo Tower: how much of a Conan agent's wins its initiative choice makes (issue 30).

    python reports/tower_solo/ablation.py AGENT CHOICE N [START]

CHOICE: `own` (the agent decides), `go_first` or `game_effect` (forced whenever Conan holds
the Initiative Token and draws; everything else is the agent's). Plays seeds START..START+N-1
(default START 50000) in solo mode and prints one line: agent, choice, wins, games, rate with
the Wilson 95% interval, and how often Conan chose each option.
"""
from __future__ import annotations

import math
import sys
from collections import Counter

import conan_envs
from baselines import load_agent


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main() -> None:
    spec, choice, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    start = int(sys.argv[4]) if len(sys.argv) > 4 else 50000
    if choice not in ("own", "go_first", "game_effect"):
        raise SystemExit(f"CHOICE must be own, go_first or game_effect, not {choice!r}")
    game = conan_envs.make_game("tower_v2", mode="solo")
    agent = load_agent(spec, "tower_v2", "conan", seed=0, mode="solo")
    codec = game.codec
    wins = 0
    chosen: Counter[str] = Counter()
    for seed in range(start, start + n):
        state = game.new_initial_state(seed)
        agent.reset()
        while not state.is_terminal() and not state.is_truncated():
            mask = state.legal_action_mask()
            a = agent.act(state.observation(0), mask, state)
            if state.decision() == "initiative":
                if choice != "own":
                    a = codec.encode(choice, 0)
                chosen[codec.decode(a)[0]] += 1
            state.apply_action(a)
        wins += state.winner == "conan"
    lo, hi = wilson(wins, n)
    print(f"{spec} initiative={choice}: {wins}/{n} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}); "
          f"seeds {start}-{start + n - 1}; Conan chose {dict(chosen)}", flush=True)


if __name__ == "__main__":
    main()
