"""One Markdown row per bench output (``conan-bench --seconds 3 --out FILE``): per env, core and
env steps per second and the env's ratio to PettingZoo's ``connect_four_v3`` measured in the
same run. The outputs themselves are not kept; the rows go into README.md:

    mkdir -p runs/bench; conan-bench --seconds 3 --out runs/bench/final_stop29.json
    python reports/bench/table.py runs/bench/final_stop29.json
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ENVS = ("kings_v1", "cards_v1", "tower_v1", "miniatures_v1", "adventures_v1")


def row(path: Path) -> str:
    envs = json.loads(path.read_text())["envs"]
    cells = []
    for env_id in ENVS:
        e = envs.get(env_id)
        cells.append("–" if e is None else f"{e['core']['steps_per_s']:,.0f} / "
                     f"{e['env']['steps_per_s']:,.0f} / {e['env_vs_connect_four']:.2f}×")
    return f"| {path.stem} | " + " | ".join(cells) + " |"


if __name__ == "__main__":
    print("| run | " + " | ".join(ENVS) + " |")
    print("|---|" + "---:|" * len(ENVS))
    for name in sys.argv[1:]:
        print(row(Path(name)))
