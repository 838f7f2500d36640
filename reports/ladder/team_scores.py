"""Who scores what in the Adventures' Team Game with scripted players on every seat
(adventures_v2, num_players=4, team=True, seeds 0..N-1): each role's mean Victory points and
who ends lowest (the lowest scorer's side loses); run from the repository root:

    PYTHONPATH=. python reports/ladder/team_scores.py N
"""
from __future__ import annotations

import sys
from collections import Counter

from baselines import load_agent
from conan_envs import make_game


def main(games: int) -> None:
    g = make_game("adventures_v2", num_players=4, team=True)
    totals = [0.0] * g.num_roles
    lowest: Counter[str] = Counter()
    foes_win = 0
    for seed in range(games):
        s = g.new_initial_state(seed)
        agents = [load_agent("scripted", "adventures_v2", role=r, seed=seed, **g.config)
                  for r in range(g.num_roles)]
        while not s.is_terminal() and not s.is_truncated():
            s.apply_action(agents[s.current_player()].act(None, s.legal_action_mask(), s))
        vp = list(s.vp)
        totals = [t + v for t, v in zip(totals, vp)]
        low = min(vp)
        lowest[" and ".join(g.roles[r] for r in range(g.num_roles) if vp[r] == low)] += 1
        foes_win += s.returns()[1] > 0
    print(f"adventures_v2 num_players=4,team=True, scripted on every seat, seeds 0-{games - 1}: "
          f"the Foes' side wins {foes_win} of {games}")
    print("mean Victory points: " + ", ".join(f"{r} {t / games:.1f}" for r, t in zip(g.roles, totals)))
    print("lowest scorer: " + ", ".join(f"{k} {n}" for k, n in lowest.most_common()))


if __name__ == "__main__":
    main(int(sys.argv[1]))
