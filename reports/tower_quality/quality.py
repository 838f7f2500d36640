"""Play-quality numbers of a Yara (Battle Mode): how often she attacks when she may, and
where she plays her Plot cards (at Yag Kosha's Chamber the tokens are wiped before the next
fight, so a Plot played there is wasted).

    python reports/tower_quality/quality.py --yara hard --games 100 --seed 0

Yara plays the agent given, Conan the scripted player, on seeds SEED..SEED+GAMES-1. Every
number is read through the public API: the legal mask and the action each agent chose, and
the view (the location's id, the rounds fought). Prints one Markdown row per run.
"""
from __future__ import annotations

import argparse
import sys
import time

import conan_envs
from baselines import load_agent

ENV = "tower_v2"
WIPED = "yag_kosha"  # Yag Kosha's Chamber: Plot tokens are wiped before the next fight


def measure(yara: str, games: int, seed: int) -> dict[str, float]:
    game = conan_envs.make_game(ENV, mode="battle")
    attack = game.codec.slice("attack").start
    plots = game.codec.slice("plot")
    n = {"offered": 0, "attacked": 0, "plots": 0, "plots_wiped": 0, "rounds": 0, "yara_wins": 0,
         "moves": 0}
    for g in range(seed, seed + games):
        agents = [load_agent("scripted", ENV, 0, seed=g, mode="battle"),
                  load_agent(yara, ENV, 1, seed=g, mode="battle")]
        s = game.new_initial_state(g)
        while not s.is_terminal():
            p = s.current_player()
            mask = s.legal_action_mask()
            a = agents[p].act(s.observation(p), mask, s)
            if p == 1:
                n["moves"] += 1
                if mask[attack]:
                    n["offered"] += 1
                    n["attacked"] += a == attack
                if plots.start <= a < plots.stop:
                    n["plots"] += 1
                    n["plots_wiped"] += s.view(1)["location"]["id"] == WIPED
            s.apply_action(a)
        view = s.view(1)
        n["rounds"] += view["round"]["rounds_fought"]
        n["yara_wins"] += s.returns()[1] > 0
    return {k: float(v) for k, v in n.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--yara", default="hard", help="Yara's agent string")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    t = time.process_time()
    n = measure(a.yara, a.games, a.seed)
    print(f"| `{a.yara}` | {a.games} (seeds {a.seed}-{a.seed + a.games - 1}) "
          f"| {int(n['yara_wins'])} | {n['attacked'] / max(n['offered'], 1):.2f} "
          f"({int(n['attacked'])}/{int(n['offered'])}) | {n['attacked'] / max(n['rounds'], 1):.2f} "
          f"| {int(n['plots'])} | {int(n['plots_wiped'])} | {time.process_time() - t:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
