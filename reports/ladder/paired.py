"""For every `hard` run (its raw NAME_hard.json under runs/ladder/, or the folder given;
stopped with however many games it played), `normal` (scripted) in the same seat on the same
seeds, for a paired comparison. Writes reports/ladder/paired.md.

    python reports/ladder/paired.py [RAW_FOLDER]
"""
import json
import sys
from pathlib import Path

from baselines.ladder import seat_ladder

HERE = Path(__file__).parent
RAW = Path(sys.argv[1] if len(sys.argv) > 1 else "runs/ladder")
lines = ["| env | config | seat | games (seeds 0..n-1) | hard wins | normal wins, same seeds | file |",
         "|---|---|---|---:|---:|---:|---|"]
for path in sorted(RAW.glob("*_hard.json")):
    for e in json.loads(path.read_text()):
        for r in e["rows"]:
            if r["difficulty"] != "hard" or not r["games"]:
                continue
            game = e["env_id"].rsplit("_v", 1)[0]
            base = seat_ladder(game, e["seat"], games=r["games"], workers=1, configs=[e["config"]],
                               difficulties=["normal"], chunk=r["games"])[0]["rows"][0]
            cfg = ",".join(f"{k}={v}" for k, v in sorted(e["config"].items())) or "default"
            lines.append(f"| {e['env_id']} | `{cfg}` | {e['seat']} | {r['games']} | {r['wins']} | "
                         f"{base['wins']} | {path.name} |")
            print(lines[-1], flush=True)
(HERE / "paired.md").write_text("\n".join(lines) + "\n")
