"""The miniatures heroes with a search other than the ladder's `hard` (every hero searches),
against the scripted Overlord on seeds 0..N-1; run from the repository root:

    PYTHONPATH=. python reports/ladder/heroes_search.py SCENARIO NAME GAMES [OPTION=VALUE ...]

Each OPTION=VALUE replaces that option of the ladder's `hard` search (`horizon=10000` plays
each rollout to the end of the game, so the leaf is the game's result); the table goes to
`runs/ladder/miniatures_SCENARIO_heroes_NAME.json` (raw, not
kept: the tables of the runs quoted in the README are in `summary.md`).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from baselines import ladder


def main(scenario: str, name: str, games: int, overrides: list[str]) -> None:
    spec = ladder.hard_with(overrides)
    ladder.LADDER["miniatures_v2"][f"{scenario}:hero"] = {
        **ladder.LADDER["miniatures_v2"]["*"], "hard": spec}
    path = f"runs/ladder/miniatures_{scenario}_heroes_{name}.json"
    Path(path).parent.mkdir(parents=True, exist_ok=True)

    def save(entries: list) -> None:
        with open(path, "w") as handle:
            json.dump(entries, handle, indent=1)

    save(ladder.seat_ladder("miniatures", "conan", games=games, workers=1, difficulties=["hard"],
                            configs=[{"scenario": scenario}], chunk=5, on_progress=save))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:])
