"""Collects the measured tables (the ladder runs' raw NAME.json, which `python -m
baselines.ladder` and the search scripts write to runs/ladder/, or the folder given) into
reports/ladder/summary.md (one line per game, seat, config and difficulty, with the game
counts as measured). The raw tables are not kept in the repository: rerun the commands of
the README first.

    python reports/ladder/summary.py [RAW_FOLDER]
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
RAW = Path(sys.argv[1] if len(sys.argv) > 1 else "runs/ladder")
seat_rows, pair_rows = [], []
for path in sorted(RAW.glob("*.json")):
    for e in json.loads(path.read_text()):
        cfg = ",".join(f"{k}={v}" for k, v in sorted(e["config"].items())) or "default"
        for r in e.get("rows", []):
            lo, hi = r["win_ci"]
            seat_rows.append(f"| {e['env_id']} | `{cfg}` | {e['seat']} | {r['difficulty']} | "
                             f"{r['games']} | {r['wins']} | {100 * r['win_rate']:.1f}% "
                             f"({100 * lo:.1f}-{100 * hi:.1f}%) | {path.name} |")
        t = e.get("tournament")
        if t:
            elo = {x["agent"]: f"{x['elo']:.0f}±{x['elo_se']:.0f}" for x in t["ratings"]}
            for r in t["pairs"]:
                lo, hi = r["win_ci"]
                pair_rows.append(f"| {e['env_id']} | `{cfg}` | {r['a']} vs {r['b']} | {r['games']} | "
                                 f"{100 * r['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%) | "
                                 f"{elo[r['a']]} / {elo[r['b']]} | {path.name} |")
text = ["## One seat against scripted (the other roles `scripted`; win = this seat wins)", "",
        "| env | config | seat | difficulty | games | wins | win rate (95% CI) | file |",
        "|---|---|---|---|---:|---:|---|---|", *seat_rows, "",
        "## Round robins (both seatings, same seeds)", "",
        "| env | config | pair | games | A win rate (95% CI) | Elo A / B | file |",
        "|---|---|---|---:|---|---|---|", *pair_rows, ""]
(HERE / "summary.md").write_text("\n".join(text))
print("\n".join(text))
