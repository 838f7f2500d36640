"""CPU seconds per decision of `hard` in every seat (the other roles scripted): the first
30 decisions with a choice, per role, of one game per config (miniatures: two scenarios).
Writes reports/ladder/times.md."""
import sys
from pathlib import Path

from baselines.ladder import GAME_CONFIGS, _config_name, difficulty_spec, move_times

games = sys.argv[1:] or list(GAME_CONFIGS)
lines = ["| env | config | decisions | mean s | max s |", "|---|---|---:|---:|---:|"]
for g in games:
    for cfg in GAME_CONFIGS[g][:2]:
        t = move_times(f"{g}_v1", "hard", cfg, games=1, max_decisions=30)
        lines.append(f"| {g}_v1 | `{_config_name(cfg)}` | {t['decisions']} | {t['mean_s']:.3f} | "
                     f"{t['max_s']:.3f} |")
        print(lines[-1], flush=True)
Path("reports/ladder/times.md").write_text(
    "# CPU time per `hard` move (one core, `time.process_time`)\n\n"
    f"Agent: `{difficulty_spec('hard', 'kings_v1', 0)}` (every seat).\n\n" + "\n".join(lines) + "\n")
