"""Solo Tower: how much of a Conan agent's wins its initiative choice makes (issue 30).

    python reports/tower_solo/ablation.py AGENT CHOICE N [START] [ZERO]

CHOICE: `own` (the agent decides), `go_first` or `game_effect` (forced whenever Conan holds
the Initiative Token and draws; everything else is the agent's). ZERO: `none` (default),
`conan`, `yara` or `both`: the designed Initiative Deck's GAME EFFECTs of that side count 0
(in this process only), to tell the turn order from the effects. Plays seeds
START..START+N-1 (default START 50000) in solo mode and prints one line: agent, choice, wins,
games, rate with the Wilson 95% interval, and how often Conan chose each option.
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from typing import Any

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
    zero = sys.argv[5] if len(sys.argv) > 5 else "none"
    if choice not in ("own", "go_first", "game_effect"):
        raise SystemExit(f"CHOICE must be own, go_first or game_effect, not {choice!r}")
    if zero not in ("none", "conan", "yara", "both"):
        raise SystemExit(f"ZERO must be none, conan, yara or both, not {zero!r}")
    game: Any = conan_envs.make_game("tower_v2", mode="solo")
    if zero != "none":
        game.c = dict(game.c)       # this game's copy of the content; the deck's effects at 0
        game.c["initiative"] = tuple(
            (name, (c[0], 0) if zero in ("conan", "both") else c,
             (y[0], 0) if zero in ("yara", "both") else y)
            for name, c, y in game.c["initiative"])
    agent = load_agent(spec, "tower_v2", "conan", seed=0, mode="solo")
    codec = game.codec
    wins = 0
    chosen: Counter[str] = Counter()
    for seed in range(start, start + n):
        state: Any = game.new_initial_state(seed)
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
    print(f"{spec} initiative={choice} effects zeroed={zero}: {wins}/{n} = {wins / n:.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}); seeds {start}-{start + n - 1}; "
          f"Conan chose {dict(chosen)}", flush=True)


if __name__ == "__main__":
    main()
