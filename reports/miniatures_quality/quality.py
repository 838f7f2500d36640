"""Play-quality numbers of a miniatures Overlord: does it guard its key character when it holds
gems, does it spend its gems, and does its monster strike when the heroes crowd into its area.

    python reports/miniatures_quality/quality.py --overlord hard --heroes scripted --games 200 --seed 0
    python reports/miniatures_quality/quality.py --scenario tigress --overlord normal --games 200

The Overlord plays the agent given (``hard``, ``normal`` or any agent string), the three
heroes the heroes' agent (``scripted`` or ``scripted:plan=block``, In the Heart of Darkness
only), on seeds SEED..SEED+GAMES-1 of ``miniatures_v2`` with ``scenario=SCENARIO``. Every
number is read through the public API: the pending decision's record (``state.frame()``: an
``OverlordGuard`` and the character it defends), the action each agent chose (decoded by the
codec), the event log the Overlord sees (``events_since``) and the view (the Overlord's gems,
where heroes and models stand). Prints one Markdown row per run (see the README for the
columns and the definitions).
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any, cast

import conan_envs
from baselines import load_agent
from conan_envs.miniatures import frames as F
from conan_envs.miniatures.game import MiniaturesGame
from conan_envs.miniatures.state import MiniaturesState

ENV = "miniatures_v2"
CROWD = 3   # heroes in a monster's area that call for its blow


def measure(scenario: str, overlord: str, heroes: str, games: int, seed: int) -> dict[str, float]:
    game = cast(MiniaturesGame, conan_envs.make_game(ENV, scenario=scenario))
    ov = game.overlord
    # key characters: the scenario's Leader tiles (facts file, the tile type), by model name
    keys = {game.model_name(m) for t, tile in enumerate(game.tiles) if tile.type == "leader"
            for m in game.tile_models[t]}
    monsters = {game.model_name(m) for t, tile in enumerate(game.tiles) if tile.type == "monster"
                for m in game.tile_models[t]}
    n: dict[str, float] = {k: 0 for k in (
        "ov_wins", "turns", "activations", "events", "hoard_turn", "hoard_end", "key_attacks",
        "key_offered", "key_unguarded", "key_guard_gems", "crowd", "crowd_struck", "pair",
        "pair_struck", "rounds", "hoard_turns")}
    for g in range(seed, seed + games):
        cfg = {"scenario": scenario}
        agents = [load_agent(overlord if r == ov else heroes, ENV, r, seed=g, **cfg)
                  for r in range(game.num_roles)]
        s = cast(MiniaturesState, game.new_initial_state(g))
        seen = 0
        in_turn = False   # between the Overlord's turn's start and the next heroes' turn
        crowded: dict[str, int] = {}   # this Overlord turn: monster -> heroes in its area
        struck: set[str] = set()

        while not s.is_terminal():
            p = s.current_player()
            fr = s.frame()
            a = agents[p].act(s.observation(p), s.legal_action_mask(), s)
            if p == ov and isinstance(fr, F.OverlordGuard):
                t = fr.context.target
                if t is not None and t[0] == "u" and game.model_name(t[1]) in keys:
                    gems = game.codec.decode(a)[1]
                    n["key_offered"] += 1
                    n["key_unguarded"] += gems == 0
                    n["key_guard_gems"] += gems
            s.apply_action(a)
            for num, text in s.events_since(ov, seen):
                seen = num + 1
                if "the Overlord's turn" in text:
                    n["turns"] += 1
                    in_turn = True
                    crowded = _crowds(s.view(ov), monsters)
                elif "the heroes' turn" in text and in_turn:
                    in_turn = False
                    _close_turn(n, crowded, struck)
                    crowded, struck = {}, set()
                    n["hoard_turn"] += s.view(ov)["overlord"]["reserve"]
                    n["hoard_turns"] += 1
                elif text.startswith("The Overlord activates "):
                    n["activations"] += 1
                    n["events"] += text.startswith("The Overlord activates Event ")
                elif any(text.startswith(f"{k} defends with") for k in keys):
                    n["key_attacks"] += 1
                else:
                    for mon in monsters:
                        if text.startswith(f"{mon} attacks "):
                            struck.add(mon)
        _close_turn(n, crowded, struck)
        view: dict[str, Any] = s.view(ov)
        n["hoard_end"] += view["overlord"]["reserve"]
        n["rounds"] += view["round"]
        n["ov_wins"] += s.returns()[ov] > 0
    return n


def _crowds(view: dict[str, Any], monsters: set[str]) -> dict[str, int]:
    """Each living monster on the board -> the heroes standing in its area."""
    at = [h["area"] for h in view["heroes"] if h["state"] == "on the board"]
    return {m["name"]: at.count(m["area"]) for m in view["models"]
            if m["name"] in monsters and m["area"] is not None and m["life"] > 0}


def _close_turn(n: dict[str, float], crowded: dict[str, int], struck: set[str]) -> None:
    """An Overlord turn is over: did each crowded monster strike?"""
    for mon, k in crowded.items():
        n["crowd"] += k >= CROWD
        n["crowd_struck"] += k >= CROWD and mon in struck
        n["pair"] += k >= 2
        n["pair_struck"] += k >= 2 and mon in struck


def row(scenario: str, overlord: str, heroes: str, games: int, seed: int) -> str:
    t = time.process_time()
    n = measure(scenario, overlord, heroes, games, seed)
    turns = max(n["turns"], 1)
    uncovered = n["key_unguarded"]
    return (f"| {scenario} | `{overlord}` | `{heroes}` | {games} (seeds {seed}-{seed + games - 1}) "
            f"| {int(n['ov_wins'])} | {int(n['key_attacks'])} | {int(n['key_offered'])} "
            f"| {uncovered / max(n['key_attacks'], 1):.2f} ({int(uncovered)}/{int(n['key_attacks'])}) "
            f"| {uncovered / max(n['key_offered'], 1):.2f} "
            f"| {n['key_guard_gems'] / max(n['key_offered'], 1):.2f} "
            f"| {n['activations'] / turns:.2f} | {n['events'] / turns:.2f} "
            f"| {n['hoard_turn'] / max(n['hoard_turns'], 1):.2f} | {n['hoard_end'] / games:.2f} "
            f"| {int(n['crowd_struck'])}/{int(n['crowd'])} | {int(n['pair_struck'])}/{int(n['pair'])} "
            f"| {time.process_time() - t:.0f} |")


HEADER = ("| scenario | Overlord | heroes | games | Overlord wins | attacks on key | guard asked "
          "| unguarded with gems / attacks | unguarded / asked | guard gems / asked "
          "| tiles / turn | events / turn | gems kept / turn | gems at end "
          f"| monster struck, {CROWD}+ heroes | monster struck, 2+ heroes | CPU s |\n"
          "|---|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|---:|")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--scenario", default="heart_of_darkness")
    ap.add_argument("--overlord", default="hard", help="the Overlord's agent string")
    ap.add_argument("--heroes", default="scripted", help="the heroes' agent string")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--header", action="store_true", help="print the table's header first")
    a = ap.parse_args(argv)
    if a.header:
        print(HEADER)
    print(row(a.scenario, a.overlord, a.heroes, a.games, a.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
