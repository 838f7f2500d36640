"""A side of the Adventures' Team Game (Conan and the Ally, or the two Foes) with a search
other than the ladder's `hard`, against the scripted other side on seeds 0..N-1; run from the
repository root:

    PYTHONPATH=. python reports/ladder/team_search.py SEAT NAME GAMES [OPTION=VALUE ...]

SEAT is `conan` or `foe` (its whole side plays the search). Each OPTION=VALUE replaces that
option of the ladder's `hard` search (`value=objective` judges cut-offs by the Team Game's
rule: a side is as good as its lowest score); the table goes to
`runs/ladder/adventures_team_SEAT_NAME.json` (raw, not kept:
the tables of the runs quoted in the README are in `summary.md`).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from baselines import ladder

PARTNER = {"conan": "ally", "foe": "foe2"}


def main(seat: str, name: str, games: int, overrides: list[str]) -> None:
    if seat not in PARTNER:
        raise SystemExit(f"SEAT must be one of {', '.join(PARTNER)}, not {seat!r}")
    spec = ladder.hard_with(overrides)
    for role in (seat, PARTNER[seat]):
        ladder.LADDER["adventures_v2"][f"team:{role}"] = {
            **ladder.LADDER["adventures_v2"]["*"], "hard": spec}
    path = f"runs/ladder/adventures_team_{seat}_{name}.json"
    Path(path).parent.mkdir(parents=True, exist_ok=True)

    def save(entries: list) -> None:
        with open(path, "w") as handle:
            json.dump(entries, handle, indent=1)

    save(ladder.seat_ladder("adventures", seat, games=games, workers=1, difficulties=["hard"],
                            configs=[{"num_players": 4, "team": True}], chunk=5,
                            on_progress=save))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:])
