"""The ladder that measures the named difficulties (the table itself, and how a difficulty
is looked up for a game and seat, are in :mod:`baselines.difficulty`, re-exported here).

The measured tables, with the commands that made them, are in ``reports/ladder/``
(``python -m baselines.ladder --game G --out reports/ladder --json-out runs/ladder``: the
table there, its raw entries outside the source; by default both go to ``runs/ladder``).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from conan_envs import ConfigError, make_game

from .difficulty import (
    EASY,
    HARD,
    LADDER,
    NORMAL,
    PLANS,
    TEAM_FOE,
    difficulty_spec,
    guided_by,
    hard_with,
    seat_of,
    variant_config,
)
from .loading import load_agent
from .specs import DIFFICULTIES, cached_game


def check_ladder(table: Mapping[str, Mapping[str, Mapping[str, str]]] | None = None) -> None:
    """Every agent string of the table loads for its game, in every seat its row covers
    (a row ``variant:seat`` on that variant's config, others on the game's default config):
    options, policy files and shipped policies' names, env and roles. ConfigError names the
    row."""
    for env_id, rows in (LADDER if table is None else table).items():
        for key, row in rows.items():
            variant, _, seat = key.rpartition(":")
            config = variant_config(env_id, variant)
            game = cached_game(env_id, config)
            for difficulty, spec in row.items():
                for r in range(game.num_roles):
                    if seat != "*" and seat_of(env_id, r, game)[1] != seat:
                        continue
                    try:
                        load_agent(spec, env_id, r, **config)
                    except ConfigError as e:
                        raise ConfigError(f"ladder row {env_id} {key} {difficulty}: {e}") from None


def check_plans(table: Mapping[str, Mapping[str, Sequence[str]]] | None = None) -> None:
    """Every human-style plan loads in every seat of the other side of the AI it is listed
    against, and in none of that AI's own seats (a plan names whose side it plays).
    ConfigError names the row."""
    for env_id, rows in (PLANS if table is None else table).items():
        for key, plans in rows.items():
            variant, _, seat = key.rpartition(":")
            config = variant_config(env_id, variant)
            game = cached_game(env_id, config)
            for plan in plans:
                for r in range(game.num_roles):
                    if seat_of(env_id, r, game)[1] == seat:
                        continue
                    try:
                        load_agent(plan, env_id, r, **config)
                    except ConfigError as e:
                        raise ConfigError(f"plan {plan} against {env_id} {key}: {e}") from None


def describe_ladder() -> str:
    """The table, one line per game and row, for ``--help`` and the reports."""
    lines = []
    for env_id, rows in LADDER.items():
        for key, row in rows.items():
            lines.append(f"{env_id} {key}: " + "; ".join(f"{d} = {row[d]}" for d in DIFFICULTIES
                                                         if d in row))
    return "\n".join(lines)


# ---- the ladder runner -------------------------------------------------------------------
# Each game is measured on the configs below (a miniatures scenario each, both tower modes).
GAME_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "kings": [{}],
    "cards": [{}],
    "tower": [{"mode": "battle"}, {"mode": "solo"}],
    "miniatures": [{"scenario": s} for s in ("clutches", "tigress", "heart_of_darkness",
                                             "ophir", "ruined_fort", "thalis", "ritual")],
    "adventures": [{}],
}


def _config_name(config: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(config.items())) or "default"


def _solo(env_id: str, config: Mapping[str, Any], games: int, seed: int,
          workers: int, difficulties: Sequence[str]) -> list[dict[str, Any]]:
    """One-role games: each difficulty's win rate alone."""
    from .evaluation import GameTask, run_games, wilson

    game = make_game(env_id, **config)
    items = tuple(sorted(game.config.items()))
    rows = []
    for d in difficulties:
        tasks = [GameTask(env_id, items, (d,), s) for s in range(seed, seed + games)]
        results = run_games(tasks, workers)
        wins = sum(ret[0] > 0 for ret, _steps, _trunc in results)
        lo, hi = wilson(wins, games)
        rows.append({"difficulty": d, "spec": difficulty_spec(d, env_id, 0, game),
                     "games": games, "wins": wins, "win_rate": wins / games,
                     "win_ci": [lo, hi]})
    return rows


def ladder(game_name: str, games: int = 100, seed: int = 0, workers: int = 2,
           configs: Sequence[Mapping[str, Any]] | None = None,
           difficulties: Sequence[str] = DIFFICULTIES,
           on_progress: Callable[[list[dict[str, Any]]], None] | None = None
           ) -> list[dict[str, Any]]:
    """Every difficulty against every other on each config of `game_name`: a round robin
    over all seatings on the same seeds (both seatings, or each side against the rest),
    with Wilson intervals and Bradley-Terry Elo (:func:`baselines.evaluation.tournament`).
    `on_progress` gets the entries so far after each config."""
    from .evaluation import tournament

    env_id = f"{game_name}_v2"
    out = []
    for config in configs if configs is not None else GAME_CONFIGS[game_name]:
        game = make_game(env_id, **config)
        start = time.time()
        entry: dict[str, Any] = {"env_id": env_id, "config": dict(config),
                                 "roles": list(game.roles),
                                 "specs": {game.roles[r]: {d: difficulty_spec(d, env_id, r, game)
                                                           for d in difficulties}
                                           for r in range(game.num_roles)}}
        if game.num_roles == 1:
            entry["solo"] = _solo(env_id, config, games, seed, workers, difficulties)
        else:
            entry["tournament"] = tournament(env_id, {d: d for d in difficulties}, games=games,
                                             seed=seed, game_config=config, workers=workers,
                                             mirror=False)
        entry["wall_s"] = time.time() - start
        out.append(entry)
        if on_progress is not None:
            on_progress(out)
    return out


def seat_ladder(game_name: str, seat: str, versus: str = "scripted", games: int = 100,
                seed: int = 0, workers: int = 2,
                configs: Sequence[Mapping[str, Any]] | None = None,
                difficulties: Sequence[str] = DIFFICULTIES,
                on_progress: Callable[[list[dict[str, Any]]], None] | None = None,
                chunk: int = 10) -> list[dict[str, Any]]:
    """Each difficulty in role `seat` and the roles on its side (``Game.sides``: the three
    heroes of a miniatures scenario), every other role played by `versus`, on the same seeds
    (``seed`` .. ``seed + games - 1``): its wins with a Wilson interval, per config. The
    measure behind "hard beats scripted in this seat". A "difficulty" may also be an agent
    string (a candidate for the seat, e.g. ``ppo:runs/league/policy``). Games run `chunk` at a time;
    `on_progress` gets the table so far after each chunk (a long run can be stopped and
    still report the games it played)."""
    from .evaluation import GameTask, run_games, wilson

    env_id = f"{game_name}_v2"
    out: list[dict[str, Any]] = []
    for config in configs if configs is not None else GAME_CONFIGS[game_name]:
        game = make_game(env_id, **config)
        r = game.role_index(seat)
        side = game.side_of(r)
        role = ",".join(game.roles[i] for i in side)
        items = tuple(sorted(game.config.items()))
        entry: dict[str, Any] = {"env_id": env_id, "config": dict(config), "seat": role,
                                 "versus": versus, "rows": [], "wall_s": 0.0}
        out.append(entry)
        start = time.time()
        for d in difficulties:
            specs = tuple(d if i in side else versus for i in range(game.num_roles))
            spec = difficulty_spec(d, env_id, r, game) if d in DIFFICULTIES else d
            row: dict[str, Any] = {"difficulty": d, "spec": spec,
                                   "games": 0, "wins": 0, "draws": 0, "losses": 0,
                                   "truncated": 0, "win_rate": 0.0, "win_ci": [0.0, 1.0]}
            entry["rows"].append(row)
            for first in range(seed, seed + games, chunk):
                seeds = range(first, min(seed + games, first + chunk))
                results = run_games([GameTask(env_id, items, specs, sd) for sd in seeds], workers)
                for returns, _steps, truncated in results:
                    mine = returns[r]
                    rival = max((v for i, v in enumerate(returns) if i not in side), default=0.0)
                    row["games"] += 1
                    row["wins" if mine > rival else "losses" if mine < rival else "draws"] += 1
                    row["truncated"] += bool(truncated)
                row["win_rate"] = row["wins"] / row["games"]
                row["win_ci"] = list(wilson(row["wins"], row["games"]))
                entry["wall_s"] = time.time() - start
                if on_progress is not None:
                    on_progress(out)
    return out


def seat_markdown(game_name: str, entries: Sequence[Mapping[str, Any]], command: str) -> str:
    lines = [f"# Ladder: {game_name}, one seat against `{entries[0]['versus']}`", "",
             f"Made with `{command}`.", ""]
    for e in entries:
        lines += [f"## {e['env_id']} `{_config_name(e['config'])}`: {e['seat']}", "",
                  f"Wall time {e['wall_s']:.0f} s; every other role plays `{e['versus']}`; "
                  "the same seeds for every difficulty.", "",
                  "| difficulty | agent | games | wins | draws | losses | win rate (95% CI) |",
                  "|---|---|---:|---:|---:|---:|---|"]
        for r in e["rows"]:
            lo, hi = r["win_ci"]
            lines.append(f"| {r['difficulty']} | `{r['spec']}` | {r['games']} | {r['wins']} | "
                         f"{r['draws']} | {r['losses']} | {_pct(r['win_rate'])} "
                         f"({_pct(lo)}-{_pct(hi)}) |")
        lines.append("")
    return "\n".join(lines)


def move_times(env_id: str, difficulty: str, config: Mapping[str, Any], games: int = 2,
               seed: int = 0, max_decisions: int | None = None) -> dict[str, Any]:
    """CPU seconds per decision of `difficulty` in every role (the rest played by
    ``scripted``), over `games` games (at most `max_decisions` timed per role and game):
    mean, largest, and the number of decisions timed. Decisions with one legal move are
    not counted."""
    game = make_game(env_id, **config)
    times: list[float] = []
    for g in range(games):
        for role in range(game.num_roles):
            agents = [load_agent(difficulty if r == role else "scripted", env_id, r,
                                 seed=seed + g, **config) for r in range(game.num_roles)]
            state = game.new_initial_state(seed + g)
            for a in agents:
                a.reset()
            timed = 0
            while not state.is_terminal() and not state.is_truncated():
                if max_decisions is not None and timed >= max_decisions:
                    break
                p = state.current_player()
                mask = state.legal_action_mask()
                t = time.process_time()
                action = agents[p].act(state.observation(p), mask, state)
                if p == role and int(mask.sum()) > 1:
                    times.append(time.process_time() - t)
                    timed += 1
                state.apply_action(action)
    return {"decisions": len(times), "mean_s": sum(times) / max(1, len(times)),
            "max_s": max(times, default=0.0)}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def to_markdown(game_name: str, entries: Sequence[Mapping[str, Any]],
                command: str) -> str:
    lines = [f"# Ladder: {game_name}", "", f"Made with `{command}`.", "",
             "Difficulties (agent strings, per seat):", ""]
    for e in entries:
        lines.append(f"- `{_config_name(e['config'])}`:")
        for role, specs in e["specs"].items():
            lines.append(f"  - {role}: " + "; ".join(f"{d} = `{s}`" for d, s in specs.items()))
    for e in entries:
        lines += ["", f"## {e['env_id']} `{_config_name(e['config'])}`", "",
                  f"Wall time {e['wall_s']:.0f} s."]
        if "solo" in e:
            lines += ["", "| difficulty | games | wins | win rate (95% CI) |",
                      "|---|---:|---:|---|"]
            for r in e["solo"]:
                lo, hi = r["win_ci"]
                lines.append(f"| {r['difficulty']} | {r['games']} | {r['wins']} | "
                             f"{_pct(r['win_rate'])} ({_pct(lo)}-{_pct(hi)}) |")
            continue
        t = e["tournament"]
        lines += ["", "| A | B | games | A wins | draws | B wins | A win rate (95% CI) | "
                  "A wins by A's seat |", "|---|---|---:|---:|---:|---:|---|---|"]
        for r in t["pairs"]:
            lo, hi = r["win_ci"]
            seats = "; ".join(f"{k}: {v['wins']}/{v['games']}" for k, v in r["by_seat"].items())
            lines.append(f"| {r['a']} | {r['b']} | {r['games']} | {r['wins']} | {r['draws']} | "
                         f"{r['losses']} | {_pct(r['win_rate'])} ({_pct(lo)}-{_pct(hi)}) | "
                         f"{seats} |")
        lines += ["", "| rank | difficulty | Elo | ± |", "|---:|---|---:|---:|"]
        for k, r in enumerate(t["ratings"], 1):
            lines.append(f"| {k} | {r['agent']} | {r['elo']:.0f} | {r['elo_se']:.0f} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m baselines.ladder", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=sorted(GAME_CONFIGS))
    ap.add_argument("--games", type=int, default=100, help="games per pair and config")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--config", action="append", default=None,
                    help="KEY=VALUE,... a config to measure instead of the game's list "
                         "(repeatable)")
    ap.add_argument("--seat", default=None,
                    help="measure each difficulty in this role (and the roles on its side: "
                         "the miniatures heroes) against --versus")
    ap.add_argument("--versus", default="scripted", help="the other roles' agent with --seat")
    ap.add_argument("--difficulties", default=None,
                    help="the difficulties to measure (comma-separated; default: "
                         f"{','.join(DIFFICULTIES)}, or none with --agent); with --seat, an "
                         "agent string without commas measures a candidate (ppo:PATH)")
    ap.add_argument("--agent", action="append", default=[], metavar="SPEC",
                    help="with --seat: one candidate agent string, commas and all "
                         "('mcts:prior=policy:NAME,time_budget=0.5'), measured beside "
                         "--difficulties (repeatable)")
    ap.add_argument("--chunk", type=int, default=10,
                    help="with --seat: games between two saves of the report")
    ap.add_argument("--name", default=None, help="report file name (no extension)")
    ap.add_argument("--out", default="runs/ladder", help="folder for the Markdown table NAME.md")
    ap.add_argument("--json-out", default=None,
                    help="folder for NAME.json, the table's entries (default: --out)")
    args = ap.parse_args(argv)
    if args.agent and args.seat is None:
        ap.error("--agent measures a candidate in one seat: give --seat")
    if args.difficulties is None:
        measured = [] if args.agent else list(DIFFICULTIES)
    else:
        measured = args.difficulties.split(",")
    measured += args.agent
    configs = None
    if args.config:
        from .options import parse_value

        configs = [{k: parse_value(v) for k, _, v in (p.partition("=") for p in c.split(","))}
                   for c in args.config]
    out = Path(args.out)
    json_out = Path(args.json_out or args.out)
    out.mkdir(parents=True, exist_ok=True)
    json_out.mkdir(parents=True, exist_ok=True)
    command = "python -m baselines.ladder " + " ".join(sys.argv[1:] if argv is None else argv)
    name = args.name or (args.game if configs is None else
                         f"{args.game}_" + "_".join(_config_name(c).replace("=", "-")
                                                    for c in configs))
    def save(entries: list[dict[str, Any]]) -> None:
        text = (seat_markdown if args.seat is not None else to_markdown)(args.game, entries, command)
        (out / f"{name}.md").write_text(text)
        (json_out / f"{name}.json").write_text(json.dumps(entries, indent=1, default=str))

    if args.seat is not None:
        seat_ladder(args.game, args.seat, args.versus, args.games, args.seed, args.workers,
                    configs, measured, on_progress=save, chunk=args.chunk)
        print((out / f"{name}.md").read_text())
        return 0
    ladder(args.game, args.games, args.seed, args.workers, configs, measured, on_progress=save)
    print((out / f"{name}.md").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["DIFFICULTIES", "EASY", "NORMAL", "HARD", "TEAM_FOE", "LADDER", "PLANS", "difficulty_spec",
           "seat_of", "describe_ladder", "ladder", "seat_ladder", "move_times", "guided_by",
           "hard_with", "check_ladder", "check_plans", "variant_config"]
