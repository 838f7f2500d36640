"""The end-cause table of README.md and docs/rulings/kings.md, from the runs' JSON files
(which the commands of README.md write to runs/kings_balance/; they are not kept here).

    .venv/bin/python reports/kings_balance/table.py [RUNS_FOLDER]
"""
import json
import sys
from pathlib import Path

HERE = Path(sys.argv[1] if len(sys.argv) > 1 else "runs/kings_balance")
RUNS = [("scripted vs scripted", "scripted_vs_scripted.json"),
        ("mcts (50 simulations) vs scripted",
         ("mcts50_vs_scripted.json", "mcts50_vs_scripted_more.json")),
        ("scripted vs scripted, v0's designed parts (`pretender=False, conquest=0`)",
         "scripted_vs_scripted_v0_rules.json"),
        ("scripted vs scripted, pretender only (`conquest=0`)", "scripted_pretender_only.json"),
        ("scripted vs scripted, conquest goal only (`pretender=False`)",
         "scripted_conquest_only.json"),
        ("three scripted players", "scripted_3_players.json")]
MAGIC = ("last_king:assassination", "last_king:hunter_killer_demon")


def row(label, d):
    c, g = d["causes"], d["games"]

    def cell(k):
        return f"{k} ({100 * k / g:.1f}%)"
    conquest = c.get("conquest", 0)
    limit = c.get("most_countries", 0)
    battle = c.get("last_king:battle", 0)
    magic = sum(c.get(k, 0) for k in MAGIC)
    own = c.get("last_king:untimely_end", 0)
    other = g - conquest - limit - battle - magic - own
    w = d["wins"]
    where = f"{d.get('env_id', 'kings_v1')} @ {d.get('commit', '?')}, seeds {d.get('seeds', '?')}"
    return (f"| {label} | {where} | {g} | {cell(conquest)} | {cell(limit)} | {cell(battle)} | "
            f"{cell(magic)} | {cell(own)} | {other} | {cell(conquest + limit + battle)} | "
            f"{d['median_rounds']} | {w.get('a', 0)}–{w.get('b', 0)}–{w.get('draw', 0)} |")


def merged(runs):
    """Several runs of one pairing (different seeds) as one; the median rounds are the
    games-weighted mean of the runs' medians when there are several."""
    if len(runs) == 1:
        return runs[0]
    out = {"games": 0, "causes": {}, "wins": {}}
    for d in runs:
        out["games"] += d["games"]
        for key in ("causes", "wins"):
            for k, v in d[key].items():
                out[key][k] = out[key].get(k, 0) + v
    out["median_rounds"] = round(sum(d["median_rounds"] * d["games"] for d in runs)
                                 / out["games"])
    out["env_id"] = runs[0].get("env_id", "kings_v1")
    out["commit"] = "/".join(sorted({d.get("commit", "?") for d in runs}))
    out["seeds"] = ", ".join(d.get("seeds", "?") for d in runs)
    return out


def main():
    lines = ["| players | measured on | games | conquest goal | most countries at the limit | "
             "last King: slain in battle | last King: enemy magic | "
             "last King: own Untimely End | other | conquest decides | median rounds | "
             "wins a–b–draw |", "|---" * 12 + "|"]
    for label, names in RUNS:
        runs = [json.loads((HERE / name).read_text())
                for name in ((names,) if isinstance(names, str) else names)
                if (HERE / name).exists()]
        if runs:
            lines.append(row(label, merged(runs)))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
