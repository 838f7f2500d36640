"""Leaderboards built from benchmark result files: ``<root>/<protocol id>.md`` (for instance
``kings_v2/2p.md``), its results kept beside it in ``<root>/<protocol id>/<entrant>.json``, and
an index ``README.md``. The root is ``runs/leaderboard`` unless given (nothing is written into
a clone's source by default); the project's own boards are ``reports/leaderboard``.

A result is taken only for the protocol's current version and content hash and without game
config overrides (a ``games`` or ``opponents`` override is shown in its row). The Elo is one
Bradley-Terry fit over every result on the board, anchored so that ``random`` = 1000; an
entrant that is itself one of the reference opponents (``easy``, ...) is the same player.
A result measured against other agents than the ladder now names is kept but marked.
"""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from conan_envs import ConfigError

from .card import pct
from .elo import anchored
from .protocol import Protocol, get_protocol, protocols
from .result import FORMAT, FORMAT_VERSION, slug

DEFAULT_ROOT = Path("runs") / "leaderboard"
MAX_RESULT_BYTES = 64 << 20


class LeaderboardError(ConfigError):
    """A result file that cannot go on a leaderboard."""


def read_result(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    if not p.is_file():
        raise LeaderboardError(f"{path}: no such result file (conan-evaluate --protocol ... --out DIR "
                               f"writes DIR/<protocol>.json)")
    if p.stat().st_size > MAX_RESULT_BYTES:
        raise LeaderboardError(f"{path}: larger than a result file can be")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise LeaderboardError(f"{path}: not a JSON result file ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LeaderboardError(f"{path}: not a {FORMAT} file")
    if data.get("format_version") != FORMAT_VERSION:
        raise LeaderboardError(f"{path}: result format {data.get('format_version')!r} unsupported "
                               f"(this code reads {FORMAT_VERSION})")
    try:
        pid = data["protocol"]["id"]
        protocol = get_protocol(pid)
        version, sha = data["protocol"]["version"], data["protocol"]["sha256"]
        name = data["entrant"]["name"]
        rows = data["opponents"]
        games = data["games"]
    except (KeyError, TypeError):
        raise LeaderboardError(f"{path}: a result file lacks its protocol, entrant, opponents or "
                               f"games") from None
    if version != protocol.version or sha != protocol.sha256:
        raise LeaderboardError(f"{path}: measured on {pid} v{version} (sha256 {str(sha)[:12]}...); "
                               f"the protocol is now v{protocol.version} ({protocol.sha256[:12]}...): "
                               f"run it again")
    if "game_config" in (data.get("overrides") or {}):
        raise LeaderboardError(f"{path}: played with game config overrides "
                               f"{data['overrides']['game_config']}; a leaderboard takes only the "
                               f"protocol's own config")
    if not (isinstance(name, str) and name and isinstance(rows, list) and isinstance(games, list)):
        raise LeaderboardError(f"{path}: malformed entrant, opponents or games")
    return data


def stale_opponents(result: Mapping[str, Any], protocol: Protocol) -> list[str]:
    """The opponents whose agent strings differ from what the protocol resolves to now."""
    from conan_envs import make_game

    from . import resolve_opponent

    game = make_game(protocol.env_id, **protocol.config)
    stale = []
    for row in result["opponents"]:
        if row["opponent"] == "none":
            continue
        now = resolve_opponent(row["opponent"], protocol.env_id, game)
        if any(row["resolved"].get(game.roles[r]) not in (None, spec) for r, spec in enumerate(now)):
            stale.append(row["opponent"])
    return stale


def board_dir(protocol: Protocol, root: str | Path = DEFAULT_ROOT) -> Path:
    return Path(root) / protocol.id


def add(path: str | Path, root: str | Path = DEFAULT_ROOT, update_index: bool = True) -> Path:
    """Put the result file at `path` on its protocol's board (replacing the same entrant's
    earlier result) and rebuild that board and (with `update_index`) the index; returns the
    board's Markdown path."""
    result = read_result(path)
    protocol = get_protocol(result["protocol"]["id"])
    stale = stale_opponents(result, protocol)
    if stale:
        raise LeaderboardError(f"{path}: played against {', '.join(stale)} as the ladder named them "
                               f"then, not as now: run it again")
    folder = board_dir(protocol, root)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{slug(result['entrant']['name'])}.json"
    if Path(path).resolve() != target.resolve():
        shutil.copyfile(path, target)
    md = build(protocol, root)
    if update_index:
        index(root)
    return md


def entries(protocol: Protocol, root: str | Path = DEFAULT_ROOT) -> list[dict[str, Any]]:
    folder = board_dir(protocol, root)
    if not folder.is_dir():
        return []
    return [read_result(p) for p in sorted(folder.glob("*.json")) if not p.name.endswith(".run.json")]


OPPONENT = "opponent:"  # an opponent's node where it plays other seats than the entrants


def _node(result: Mapping[str, Any], protocol: Protocol) -> str:
    """An entrant's player in the fit: in a symmetric protocol the entrant ``easy`` is the
    opponent ``easy``; elsewhere the entrants play other seats than the opponents."""
    spec = result["entrant"].get("spec")
    if protocol.symmetric and isinstance(spec, str) and spec in protocol.opponents:
        return spec
    return str(result["entrant"]["name"])


def _opponent_node(protocol: Protocol, name: str) -> str:
    return name if protocol.symmetric else OPPONENT + name


def ratings(protocol: Protocol, results: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """One fit over the board, the reference opponent ``random`` at 1000."""
    opponents = [_opponent_node(protocol, o) for o in protocol.opponents]
    names = list(dict.fromkeys([*opponents, *(_node(r, protocol) for r in results)]))
    edges = []
    for r in results:
        me = _node(r, protocol)
        for i, row in enumerate(r["opponents"]):
            opp = _opponent_node(protocol, row["opponent"])
            scores = [g[4] for g in r["games"] if g[0] == i]
            if opp != me and scores:
                edges.append((me, opp, scores))
    return anchored(names, edges, seed=protocol.seed, anchor=_opponent_node(protocol, "random"))


def _cell(row: Mapping[str, Any] | None) -> str:
    if row is None:
        return "–"
    lo, hi = row["win_ci"]
    return f"{pct(row['win_rate'])} ({100 * lo:.0f}–{100 * hi:.0f}) n={row['games']}"


def build(protocol: Protocol | str, root: str | Path = DEFAULT_ROOT) -> Path:
    """Write ``<root>/<protocol id>.md`` from the results in ``<root>/<protocol id>/``."""
    protocol = get_protocol(protocol)
    results = entries(protocol, root)
    md = Path(root) / f"{protocol.id}.md"
    md.parent.mkdir(parents=True, exist_ok=True)
    _write(md, render(protocol, results))
    return md


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a reader (another process adding a result) never sees half a file."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def render(protocol: Protocol, results: Sequence[Mapping[str, Any]]) -> str:
    from conan_envs import make_game

    from . import resolve_opponent

    game = make_game(protocol.env_id, **protocol.config)
    lines = [f"# Leaderboard: {protocol.id} v{protocol.version}", "", protocol.description, "",
             f"- env `{protocol.env_id}`, config `{dict(protocol.config)}`",
             f"- the entrant plays: {' | '.join('+'.join(s) for s in protocol.seatings)}; "
             f"{protocol.games} games per opponent from seed {protocol.seed} "
             f"(protocol sha256 `{protocol.sha256[:16]}...`)"]
    # the roles the opponents play: those outside the entrant's seats, in any seating
    theirs = {r for seating in protocol.seatings for r in range(game.num_roles)
              if game.roles[r] not in seating}
    for opp in protocol.opponents:
        specs = sorted({s for r, s in enumerate(resolve_opponent(opp, protocol.env_id, game))
                        if s and r in theirs})
        lines.append(f"- opponent `{opp}` = " + " / ".join(f"`{s}`" for s in specs))
    lines += ["", "Reproduce a row: `conan-evaluate --protocol " + protocol.id + " --agent SPEC "
              "--games N --out DIR`, then `conan-evaluate --add-to-leaderboard DIR/"
              + slug(protocol.id) + ".json`.", ""]
    if not results:
        return "\n".join(lines + ["No results yet."]) + "\n"
    elo = ratings(protocol, results) if not protocol.solo else None
    by_node = {r["agent"]: r for r in (elo or {}).get("ratings", [])}
    rows = []
    for r in results:
        node = _node(r, protocol)
        rating = by_node.get(node)
        stale = stale_opponents(r, protocol)
        rows.append((-(rating["elo"] if rating else r["summary"]["score"]), r, rating, stale))
    rows.sort(key=lambda x: (x[0], x[1]["entrant"]["name"]))
    head = ["rank", "entrant"] + (["Elo (random=1000)"] if elo else []) + ["score", "win rate (95% CI)"]
    head += [f"vs {o}" for o in protocol.opponents] + ["mean return", "truncated", "games", "package"]
    lines += ["| " + " | ".join(head) + " |", "|" + "|".join("---:" if h in ("rank", "games") else "---"
                                                          for h in head) + "|"]
    for k, (_, r, rating, stale) in enumerate(rows, 1):
        s = r["summary"]
        per = {row["opponent"]: row for row in r["opponents"]}
        name = f"`{r['entrant']['name']}`" + (" †" if stale else "")
        cells = [str(k), name]
        if elo:
            cells.append(f"{rating['elo']:.0f} ± {rating['elo_se']:.0f}" if rating else "–")
        cells += [f"{s['score']:.3f}", _cell(s)]
        cells += [_cell(per.get(o)) for o in protocol.opponents]
        cells += [f"{s['mean_return']:+.3f}", pct(s["truncation_share"]), str(s["games"]),
                  str(r["package"]["version"])]
        lines.append("| " + " | ".join(cells) + " |")
    if any(x[3] for x in rows):
        lines += ["", "† measured against an opponent the ladder has since changed; run it again."]
    if elo:
        refs = [(o, by_node.get(_opponent_node(protocol, o))) for o in protocol.opponents]
        lines += ["", "The reference opponents on the same scale: " + ", ".join(
            f"{o} {x['elo']:.0f}" for o, x in refs if x is not None) + ".",
            "", "Elo: one Bradley-Terry fit over every game on this board (scores as in "
            "`baselines/benchmark/elo.py`), anchored so that the opponent `random` = 1000, ± the "
            "bootstrap standard error"
            + (" (an entrant named as a reference opponent is that opponent: the entrant "
               "takes every seat in turn)" if protocol.symmetric else
               " (the entrants play other seats than the opponents: `random` as an entrant is "
               "not the opponent `random`)")
            + "; score: the mean game score against all opponents (1/2 = as good as the field)."]
    return "\n".join(lines) + "\n"


def rebuild_all(root: str | Path = DEFAULT_ROOT) -> list[Path]:
    """Rebuild every board that has results, and the index."""
    out = [build(p, root) for p in protocols().values() if board_dir(p, root).is_dir()]
    index(root)
    return out


def index(root: str | Path = DEFAULT_ROOT) -> Path:
    """``<root>/README.md``: each protocol's board and its leader, keeping the notes above the
    marker line if the file has them."""
    rootp = Path(root)
    path = rootp / "README.md"
    marker = "<!-- boards: written by conan-evaluate --build-leaderboard -->"
    head = "# Leaderboards\n\nOne board per benchmark protocol (`conan-evaluate --list-protocols`).\n"
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if marker in text:
            head = text.split(marker)[0].rstrip() + "\n"
    lines = [head, marker, "", "| protocol | version | entrants | leader (Elo or score) |",
             "|---|---:|---:|---|"]
    for p in protocols().values():
        results = entries(p, root)
        if not results:
            lines.append(f"| {p.id} | {p.version} | 0 | – |")
            continue
        elo = ratings(p, results) if not p.solo else None
        if elo:
            nodes = {_node(r, p): r["entrant"]["name"] for r in results}
            best = next((x for x in elo["ratings"] if x["agent"] in nodes), None)
            leader = f"`{nodes[best['agent']]}` {best['elo']:.0f}" if best else "–"
        else:
            top = max(results, key=lambda r: (r["summary"]["score"], r["entrant"]["name"]))
            leader = f"`{top['entrant']['name']}` {top['summary']['score']:.3f}"
        lines.append(f"| [{p.id}]({p.id}.md) | {p.version} | {len(results)} | {leader} |")
    rootp.mkdir(parents=True, exist_ok=True)
    _write(path, "\n".join(lines) + "\n")
    return path
