"""The Adventures' Foe with a stronger search than the ladder's `hard`, against the scripted
Conan on seeds 0..N-1 (the seeds of `adventures_foe_hard.json`); run from the repository root:

    PYTHONPATH=. python reports/ladder/foe_search.py SIMULATIONS GAMES
"""
from __future__ import annotations

import json
import sys

from baselines import ladder


def main(simulations: int, games: int) -> None:
    spec = ladder.HARD.replace("simulations=24", f"simulations={simulations}").replace(
        "time_budget=0.8", "time_budget=0.9")
    ladder.LADDER["adventures_v1"]["2p:foe"] = {**ladder.LADDER["adventures_v1"]["*"], "hard": spec}
    name = f"reports/ladder/adventures_foe_search{simulations}.json"

    def save(entries: list) -> None:
        with open(name, "w") as handle:
            json.dump(entries, handle, indent=1)

    save(ladder.seat_ladder("adventures", "foe", games=games, workers=1, difficulties=["hard"],
                            chunk=10, on_progress=save))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
