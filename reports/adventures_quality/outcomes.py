"""Where the two-player game is won: who completes the Adventures, who advances on the Plot,
who wins the Duels, for a Foe against a Conan (`adventures_v2`; rulebook: Triggered Phase -
Adventures, Completing an Adventure, Advance the Plot, Duels, End of Game).

    python reports/adventures_quality/outcomes.py --foe hard --conan scripted:plan=bait --games 200 --seed 0

An Adventure completed by Conan scores for every player whose dice were applied; one completed
by a Foe (with its unchosen results, after Conan's own roll failed to complete it) scores for
that Foe alone, and Zath doubles the holder's points. A round in which Conan attempts no
Adventure advances every Foe on the Plot for free. So the counts below say which side the
Adventures and the Plot went to. Every number is read from the public event log
(`state.events_since`, its sentences naming the player) and the final scores; both agents are
seeded by the game's seed, as in quality.py. Prints one Markdown row: per game, the Adventures
completed by Conan, by the Foe and discarded, the Plot advances of each, the Duels each won,
the Foe's wins and the mean Victory points.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

import numpy as np

import conan_envs
from baselines import load_agent
from conan_envs.adventures.text import name_of

ENV = "adventures_v2"
CONAN, FOE = 0, 1  # the roles of the two-player game
# the event sentences counted, each begun by the player's name (conan_envs/adventures)
COUNTED = {"adventure": " completes the Adventure ", "plot": " advances on the Plot ",
           "duel": " wins the Duel"}
DISCARDED = "it is discarded"


def play(foe: str, conan: str, g: int, n: Counter[str]) -> None:
    """One game on seed `g`, its events and result added to `n`."""
    agents = [load_agent(conan, ENV, CONAN, seed=g), load_agent(foe, ENV, FOE, seed=g)]
    s: Any = conan_envs.make_game(ENV).new_initial_state(g)
    while not s.is_terminal():
        p = s.current_player()
        mask = np.asarray(s.legal_action_mask(), dtype=bool)
        s.apply_action(agents[p].act(s.observation(p), mask, s))
    names = {CONAN: name_of(s, CONAN), FOE: name_of(s, FOE)}
    for _, text in s.events_since(CONAN, 0):
        n["discarded"] += text.startswith("nobody completes") and text.endswith(DISCARDED)
        for what, words in COUNTED.items():
            for role, name in names.items():
                n[f"{what}_{role}"] += text.startswith(name + words)
    n["foe_wins"] += s.returns()[FOE] > 0
    n["vp_conan"] += s.vp[CONAN]
    n["vp_foe"] += s.vp[FOE]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--foe", default="hard")
    ap.add_argument("--conan", default="scripted")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    t = time.process_time()
    n: Counter[str] = Counter()
    for g in range(a.seed, a.seed + a.games):
        play(a.foe, a.conan, g, n)

    def per(key: str) -> str:
        return f"{n[key] / a.games:.2f}"

    print(f"| `{a.foe}` | `{a.conan}` | {a.games} (seeds {a.seed}-{a.seed + a.games - 1}) "
          f"| {per('adventure_0')} | {per('adventure_1')} | {per('discarded')} "
          f"| {per('plot_0')} | {per('plot_1')} | {per('duel_0')} | {per('duel_1')} "
          f"| {n['foe_wins']} | {n['vp_foe'] / a.games:.1f} : {n['vp_conan'] / a.games:.1f} "
          f"| {time.process_time() - t:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
