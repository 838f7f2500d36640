"""CPU seconds per decision of `hard` in every seat (the other roles scripted): the first
30 decisions with a choice, per role, of one game per config (miniatures: two scenarios and
The Final Ritual, whose heroes search by the objective). Writes reports/ladder/times.md; with
GAME names, only those games' rows are measured and replaced, the others kept.

    PYTHONPATH=. python reports/ladder/times.py [GAME ...]
"""
import sys
from pathlib import Path

from baselines.ladder import GAME_CONFIGS, _config_name, difficulty_spec, move_times
from conan_envs import make_game

games = sys.argv[1:] or list(GAME_CONFIGS)
lines = ["| env | config | `hard` agents (every role) | decisions | mean s | max s |",
         "|---|---|---|---:|---:|---:|"]
for g in games:
    configs = GAME_CONFIGS[g][:2] + ([{"scenario": "ritual"}] if g == "miniatures" else [])
    for cfg in configs:
        env_id = f"{g}_v2"
        game = make_game(env_id, **cfg)
        agents = sorted({difficulty_spec("hard", env_id, r, game=game, **cfg)
                         for r in range(game.num_roles)})
        t = move_times(env_id, "hard", cfg, games=1, max_decisions=30)
        lines.append(f"| {env_id} | `{_config_name(cfg)}` | "
                     + "<br>".join("`" + a.replace("|", "\\|") + "`" for a in agents)
                     + f" | {t['decisions']} | {t['mean_s']:.4f} | {t['max_s']:.4f} |")
        print(lines[-1], flush=True)
out = Path("reports/ladder/times.md")
if sys.argv[1:] and out.exists():  # keep the other games' rows, in the file's order
    measured = {line.split(" | ")[0] + " | " + line.split(" | ")[1]: line for line in lines[2:]}
    kept = [line for line in out.read_text().splitlines() if line.startswith("| ") and " | `" in line]
    merged = [measured.pop(" | ".join(line.split(" | ")[:2]), line) for line in kept]
    lines = lines[:2] + [line for line in merged if not line.startswith("| env ")] + list(measured.values())
out.write_text(
    "# CPU time per `hard` move (one core, `time.process_time`)\n\n"
    "Made with `PYTHONPATH=. python reports/ladder/times.py`: one game per config, every role "
    "played by its `hard` agent in turn (the others scripted), the first 30 decisions with a "
    "choice timed per role.\n\n" + "\n".join(lines) + "\n")
