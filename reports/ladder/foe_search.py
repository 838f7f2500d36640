"""The Adventures' Foe with a search other than the ladder's `hard`, against the scripted Conan
on seeds 0..N-1 (the seeds of `adventures_foe_hard.json`); run from the repository root:

    PYTHONPATH=. python reports/ladder/foe_search.py NAME GAMES [OPTION=VALUE ...]

Each OPTION=VALUE replaces that option of the ladder's `hard` search (`simulations=64`,
`horizon=2`, `time_budget=0.9`); the table goes to `runs/ladder/adventures_foe_NAME.json` (raw, not kept: the
tables of the runs quoted in the README are in `summary.md`).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from baselines import ladder


def main(name: str, games: int, overrides: list[str]) -> None:
    spec = ladder.hard_with(overrides)
    ladder.LADDER["adventures_v2"]["2p:foe"] = {**ladder.LADDER["adventures_v2"]["*"], "hard": spec}
    path = f"runs/ladder/adventures_foe_{name}.json"
    Path(path).parent.mkdir(parents=True, exist_ok=True)

    def save(entries: list) -> None:
        with open(path, "w") as handle:
            json.dump(entries, handle, indent=1)

    save(ladder.seat_ladder("adventures", "foe", games=games, workers=1, difficulties=["hard"],
                            chunk=10, on_progress=save))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
