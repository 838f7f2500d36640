"""Tower balance: solo scripted Conan, and Battle Mode scripted vs scripted (and the random
pairings for reference), whole games from the Maul Tavern at level 0.

    nice -n 10 .venv/bin/python reports/tower_balance/measure.py --games 200 > reports/tower_balance/table.md
"""
import argparse
import math
from collections import Counter

import conan_envs
from baselines import load_agent


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def play(mode, conan, yara, games):
    g = conan_envs.make_game("tower_v2", mode=mode)
    wins, ended, trunc = 0, Counter(), 0
    for seed in range(games):
        s = g.new_initial_state(seed)
        agents = [load_agent(conan, "tower_v2", role="conan", seed=seed, mode=mode)]
        if mode == "battle":
            agents.append(load_agent(yara, "tower_v2", role="yara", seed=seed, mode=mode))
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
        wins += s.winner == "conan"
        trunc += s.is_truncated()
        ended[s.loc + 1] += 1
    return wins, ended, trunc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    n = args.games
    rows = [("solo", "scripted", "(solo rules)"), ("solo", "random", "(solo rules)"),
            ("battle", "scripted", "scripted"), ("battle", "scripted", "random"),
            ("battle", "random", "scripted")]
    print(f"{n} games per pairing (seeds 0-{n - 1}), whole game from the Maul Tavern, level 0.\n")
    print("| mode | Conan | Yara | games | Conan wins (95% CI) | mean location reached | truncated |")
    print("|---|---|---|---|---|---|---|")
    ends = []
    for mode, conan, yara in rows:
        w, ended, trunc = play(mode, conan, yara if mode == "battle" else None, n)
        lo, hi = wilson(w, n)
        mean = sum(k * v for k, v in ended.items()) / n
        print(f"| {mode} | {conan} | {yara} | {n} | {w / n:.3f} ({lo:.3f}-{hi:.3f}) | {mean:.2f} | {trunc} |",
              flush=True)
        ends.append((f"{mode} {conan} vs {yara}", ended))
    print("\nWhere the games ended (location 1-9; 9 counts wins and deaths at Yara's Chamber):\n")
    print("| pairing | " + " | ".join(str(k) for k in range(1, 10)) + " |")
    print("|---|" + "---|" * 9)
    for name, ended in ends:
        print(f"| {name} | " + " | ".join(str(ended.get(k, 0)) for k in range(1, 10)) + " |")


if __name__ == "__main__":
    main()
