"""CPU time of the Team Game Foes' `hard` (``scripted:plan=team``) per decision, over N games
against the scripted Conan and Ally (adventures_v2, num_players=4, team=True, seeds 0..N-1);
run from the repository root:

    PYTHONPATH=. python reports/ladder/team_foe_times.py N
"""
from __future__ import annotations

import sys
import time

from baselines import load_agent
from conan_envs import make_game

TEAM = {"num_players": 4, "team": True}


def main(games: int) -> None:
    g = make_game("adventures_v2", **TEAM)
    times = []
    for seed in range(games):
        s = g.new_initial_state(seed)
        agents = [load_agent("scripted:plan=team" if r in (1, 3) else "scripted", "adventures_v2",
                             r, seed=seed, **TEAM) for r in range(g.num_roles)]
        while not s.is_terminal() and not s.is_truncated():
            p, mask = s.current_player(), s.legal_action_mask()
            start = time.process_time()
            action = agents[p].act(None, mask, s)
            if p in (1, 3):
                times.append(time.process_time() - start)
            s.apply_action(action)
    print(f"adventures_v2 num_players=4,team=True, seeds 0-{games - 1}: the Foes' "
          f"scripted:plan=team took {len(times)} decisions, mean {1000 * sum(times) / len(times):.3f} ms, "
          f"largest {1000 * max(times):.1f} ms of CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]))
