"""In the Clutches of the Picts: how often the heroes win, pick up Zogar Sag's Head and pick up
Yselda, over seeds 0..N-1 (run from the repository root).

    python reports/miniatures_heroes_ppo/objectives.py HEROES_AGENT OVERLORD_AGENT N
"""
from __future__ import annotations

import sys

from baselines import load_agent
from baselines.match import play_match
from conan_envs import make_game


def tally(heroes: str, overlord: str, games: int) -> dict[str, int]:
    game = make_game("miniatures_v2", scenario="clutches")
    out = {"won": 0, "head": 0, "yselda": 0}
    for seed in range(games):
        agents = [load_agent(overlord if role == "overlord" else heroes, "miniatures_v2", role,
                             seed=seed, scenario="clutches") for role in game.roles]
        actions: list[str] = []
        result = play_match(game, agents, seed=seed,
                            on_step=lambda _state, _role, label, seen=actions: seen.append(label))
        out["won"] += result.returns[0] > 0
        out["head"] += any("pick up Zogar Sag's Head" in a for a in actions)
        out["yselda"] += any("pick up Yselda" in a for a in actions)
    return out


if __name__ == "__main__":
    print(sys.argv[1], "vs", sys.argv[2], tally(sys.argv[1], sys.argv[2], int(sys.argv[3])))
