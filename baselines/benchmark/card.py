"""The Markdown card of one benchmark result."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(row: Mapping[str, Any]) -> str:
    lo, hi = row["win_ci"]
    return f"{pct(row['win_rate'])} ({pct(lo)}-{pct(hi)})"


def card(result: Mapping[str, Any], run: Mapping[str, Any] | None = None) -> str:
    p = result["protocol"]
    e = result["entrant"]
    lines = [f"# {p['id']} v{p['version']}: {e['name']}", "",
             f"- protocol: `{p['id']}` version {p['version']} (sha256 `{p['sha256'][:16]}...`)",
             f"- env: `{result['env_id']}`, config `{result['game_config']}`",
             f"- entrant: `{e['name']}`"
             + (f" (`{e['spec']}`)" if e.get("spec") and e["spec"] != e["name"] else ""),
             *([f"- entrant `{e['name']}` = " + " / ".join(
                 f"`{x}`" for x in sorted(set(e["resolved"].values())))] if e.get("resolved") else []),
             f"- package: conan-envs {result['package']['version']}",
             f"- seeds: from {result['seeds']['first']}, {result['seeds']['per_seating']} per seating "
             f"and opponent; seatings {result['seeds']['seatings']}"]
    for r in result["opponents"]:
        specs = sorted(set(r.get("resolved", {}).values()))
        if specs and specs != [r["opponent"]]:
            lines.append(f"- opponent `{r['opponent']}` = " + " / ".join(f"`{x}`" for x in specs))
    if result["overrides"]:
        lines.append(f"- overrides of the protocol: `{result['overrides']}`")
    lines += ["", "| opponent | games | wins | draws | losses | win rate (95% CI) | score | mean return "
              "| truncated |", "|---|---:|---:|---:|---:|---|---:|---:|---:|"]
    for r in result["opponents"]:
        lines.append(f"| {r['opponent']} | {r['games']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                     f"{interval(r)} | {r['score']:.3f} | {r['mean_return']:+.3f} | "
                     f"{pct(r['truncation_share'])} |")
    s = result["summary"]
    lines.append(f"| **all** | {s['games']} | {s['wins']} | {s['draws']} | {s['losses']} | {interval(s)} | "
                 f"{s['score']:.3f} | {s['mean_return']:+.3f} | {pct(s['truncation_share'])} |")
    if result["elo"]:
        lines += ["", f"Elo (Bradley-Terry over these games, {result['elo']['anchor']}):", "",
                  "| agent | Elo | ± (bootstrap s.e.) |", "|---|---:|---:|"]
        for r in result["elo"]["ratings"]:
            lines.append(f"| {r['agent']} | {r['elo']:.0f} | {r['elo_se']:.0f} |")
    if any(len(r["by_seating"]) > 1 for r in result["opponents"]):
        lines += ["", "By seating (the entrant's roles):", "",
                  "| opponent | entrant as | games | win rate (95% CI) |", "|---|---|---:|---|"]
        for r in result["opponents"]:
            for seat, row in r["by_seating"].items():
                lines.append(f"| {r['opponent']} | {seat} | {row['games']} | {interval(row)} |")
    if run:
        budget = run.get("move_time_s")
        lines += ["", f"Run: {run['seconds']} s with {run['workers']} worker(s)"
                  + (f" on Ray at {run['ray']}" if run.get("ray") else "")
                  + f"; the entrant made {run['entrant_moves']} moves, mean "
                  f"{1000 * run['entrant_mean_move_seconds']:.2f} ms, slowest "
                  f"{1000 * run['entrant_max_move_seconds']:.1f} ms"
                  + ("" if budget is None else f" (budget {budget} s per move: "
                     f"{'kept' if run['within_budget'] else 'EXCEEDED'})") + "."]
    return "\n".join(lines) + "\n"
