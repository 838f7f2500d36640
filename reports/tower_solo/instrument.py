"""Solo Tower: how a Conan agent wins, read from its games (issue 30: the shipped `hard` Conan
won 94 of 100 solo games, the scripted one 19%).

    python reports/tower_solo/instrument.py AGENT N [START] > OUT.json

Plays seeds START..START+N-1 (default START 50000, fresh seeds: neither the training's
evaluation seeds 10000+ nor the ladder's 0-299) and prints one JSON object: per location how
many games arrived and died there, Conan's state on arrival (level, wounds, FATIGUE, items),
combat rounds fought, tests passed/failed/declined, and how often each kind of choice was made
there (action segment of the codec, item and skill used, initiative choice), plus the
Elephant's Heart's and Blood of the Heart's share of Yara's wounds. `summary.py` turns two such
files into the table in README.md.
"""
from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from typing import Any

import conan_envs
from baselines import load_agent


def main() -> None:
    spec, n = sys.argv[1], int(sys.argv[2])
    start = int(sys.argv[3]) if len(sys.argv) > 3 else 50000
    game: Any = conan_envs.make_game("tower_v2", mode="solo")
    agent = load_agent(spec, "tower_v2", "conan", seed=0, mode="solo")
    locs = [L.name for L in game.c["locations"]]
    items = [i.name for i in game.c["items"]]
    arrived: Counter[int] = Counter()
    died: Counter[int] = Counter()
    on_arrival: dict[int, Counter[str]] = defaultdict(Counter)
    rounds: Counter[int] = Counter()
    choices: dict[int, Counter[str]] = defaultdict(Counter)
    tests: Counter[str] = Counter()
    events: Counter[str] = Counter()
    wins = 0
    for seed in range(start, start + n):
        state: Any = game.new_initial_state(seed)
        agent.reset()
        seen_loc = -1
        seq = 0
        source = ""
        rounds_from = 0
        while not state.is_terminal() and not state.is_truncated():
            if state.loc != seen_loc:
                if seen_loc >= 0:
                    rounds[seen_loc] += state.turn - rounds_from
                rounds_from = state.turn
                seen_loc = state.loc
                arrived[seen_loc] += 1
                a = on_arrival[seen_loc]
                a["level"] += state.level
                a["wounds"] += state.wounds
                a["fatigue"] += state.fatigue
                a["items"] += len(state.items)
                a["skills"] += len(state.skills)
            role = state.current_player()
            decision = state.decision()
            action = agent.act(state.observation(role), state.legal_action_mask(), state)
            seg, i = game.decoded[action]
            label = seg
            if seg in ("item", "trade", "skill", "pick_skill", "discard_item"):
                names = items if seg in ("item", "trade", "discard_item") else \
                    [s.name for s in game.c["skills"]]
                label = f"{seg} {names[i]}"
            elif seg in ("slash", "swing", "riposte", "leap", "pay", "block"):
                label = f"{seg} {state.action_to_string(action)}"
            elif seg == "done":
                label = f"done ({decision})"
            choices[state.loc][label] += 1
            state.apply_action(action)
            for num, _, text in state.log:
                if num < seq:
                    continue
                if text.startswith("Conan passes the test"):
                    tests["pass " + text.split("'")[1]] += 1
                elif text.startswith("Conan fails the test"):
                    tests["fail " + text.split("'")[1]] += 1
                elif text.startswith("Conan gives up the test"):
                    tests["give up " + text.split("'")[1]] += 1
                elif text.startswith("Yara takes"):
                    events[f"Yara's wounds, by: {source}"] += int(text.split()[2])
                elif text.startswith("Yara gains"):
                    events[f"Yara's tokens, by: {source}"] += 1
                elif text.startswith("Conan") and " takes " not in text and "BLOCK" not in text \
                        and not text.startswith("Conan rolls"):
                    source = text
                if text.startswith("Conan's height advantage cancels"):
                    events[f"hits on Conan cancelled by his height advantage at {locs[state.loc]}"] += 1
                elif text.startswith("Conan blocks") and "free" in text:
                    events["hits on Conan cancelled by a free block"] += int(text.split()[2])
                elif text.startswith("Conan takes"):
                    events["hits Conan took"] += int(text.split()[2])
                elif text.startswith("Conan is wounded"):
                    events[f"wounds Conan took at {locs[state.loc]}"] += 1
                if text.startswith("Conan passes the test 'Blood"):
                    source = "the test Blood of the Heart"
            seq = state.log_seq
        rounds[seen_loc] += state.turn - rounds_from
        if state.winner == "conan":
            wins += 1
        else:
            died[state.loc] += 1
    out = {
        "agent": spec, "seeds": [start, start + n - 1], "games": n, "wins": wins,
        "locations": [
            {"location": locs[k], "arrived": arrived[k], "died": died[k],
             "rounds": round(rounds[k] / max(1, arrived[k]), 2),
             "on_arrival": {f: round(v / max(1, arrived[k]), 2) for f, v in on_arrival[k].items()},
             "choices": dict(choices[k].most_common())}
            for k in range(len(locs))],
        "tests": dict(sorted(tests.items())),
        "events": dict(events),
    }
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
