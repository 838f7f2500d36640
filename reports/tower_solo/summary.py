"""The README's per-location table from two `instrument.py` outputs (the shipped policy first):

    python reports/tower_solo/summary.py PPO.json SCRIPTED.json
"""
from __future__ import annotations

import json
import sys
from typing import Any


def per_arrival(loc: dict[str, Any], key: str) -> float:
    return float(loc["choices"].get(key, 0)) / max(1, int(loc["arrived"]))


def wounds_at(d: dict[str, Any], name: str) -> int:
    return int(d["events"].get(f"wounds Conan took at {name}", 0))


def cell(part: str, L: dict[str, Any], d: dict[str, Any]) -> str:
    """One agent's value of one column at one location."""
    if part in ("arrived", "died"):
        return f"{L[part]}"
    if part == "rounds":
        return f"{L['rounds']:.1f}"
    if part == "wounds":
        return f"{wounds_at(d, L['location']) / max(1, L['arrived']):.2f}"
    if part == "initiative":
        return f"{per_arrival(L, 'game_effect'):.1f}E {per_arrival(L, 'go_first'):.1f}F"
    return f"{per_arrival(L, 'fatigue_token'):.2f}"


def main() -> None:
    a, b = (json.load(open(p)) for p in sys.argv[1:3])
    print(f"{a['agent']}: {a['wins']}/{a['games']} won; {b['agent']}: {b['wins']}/{b['games']} "
          f"won (seeds {a['seeds'][0]}-{a['seeds'][1]})\n")
    print("Each cell: the shipped policy / the scripted Conan.\n")
    print("| location | arrived | died | combat rounds | wounds taken per arrival "
          "| GAME EFFECT (E) and GO FIRST (F) chosen per arrival | FATIGUE tokens slotted per arrival |")
    print("|---|---|---|---|---|---|---|")
    for la, lb in zip(a["locations"], b["locations"]):
        name = la["location"]
        cells = [name]
        for part in ("arrived", "died", "rounds", "wounds", "initiative", "fatigue"):
            cells.append(f"{cell(part, la, a)} / {cell(part, lb, b)}")
        print("| " + " | ".join(cells) + " |")
    for d in (a, b):
        ev = d["events"]
        yara = sum(v for k, v in ev.items() if k.startswith("Yara's wounds"))
        heart = sum(v for k, v in ev.items() if k.startswith("Yara's wounds") and "Heart" in k)
        height = sum(v for k, v in ev.items() if "height advantage" in k)
        print(f"\n{d['agent']}: hits taken {ev.get('hits Conan took', 0)}, cancelled by free "
              f"blocks {ev.get('hits on Conan cancelled by a free block', 0)}, by his height "
              f"advantage {height}; Yara's wounds {yara}, {heart} of them from the Elephant's Heart.")


if __name__ == "__main__":
    main()
