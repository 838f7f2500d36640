"""Where the heroes' `hard` (the guided search) leaves the scripted heroes' move in In the
Clutches of the Picts: the heroes play `hard` against the scripted Overlord on seeds
0..N-1, and at every hero decision the scripted heroes' move for the same position is
asked too; run from the repository root:

    PYTHONPATH=. python reports/ladder/clutches_search_moves.py N

Prints the decisions by kind and every differing pair (scripted -> search, round counted
from 0) with how often it came.
"""
from __future__ import annotations

import collections
import sys

from baselines import load_agent
from conan_envs import make_game


def main(games: int) -> None:
    game = make_game("miniatures_v2", scenario="clutches")
    heroes = range(game.num_roles - 1)
    decisions: collections.Counter = collections.Counter()
    differ: collections.Counter = collections.Counter()
    for seed in range(games):
        search = [load_agent("hard", "miniatures_v2", role=r, seed=seed, scenario="clutches")
                  for r in heroes]
        scripted = [load_agent("scripted", "miniatures_v2", role=r, seed=seed,
                               scenario="clutches") for r in range(game.num_roles)]
        s = game.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            mask = s.legal_action_mask()
            if p in heroes:
                a = search[p].act(s.observation(p), mask, s)
                b = scripted[p].act(s.observation(p), mask, s)
                kind = s.stack[-1]["decision"]
                decisions[kind] += 1
                if a != b:
                    differ[(kind, s.action_to_string(b), s.action_to_string(a), s.turn)] += 1
            else:
                a = scripted[p].act(None, mask, s)
            s.apply_action(a)
    print(f"miniatures_v2 scenario=clutches seeds 0-{games - 1}: {sum(decisions.values())} hero "
          f"decisions, {sum(differ.values())} unlike the scripted move")
    print("decisions by kind:", dict(decisions.most_common()))
    for (kind, b, a, turn), n in differ.most_common():
        print(f"{n:4d}  {kind}: {b} -> {a} (round {turn})")


if __name__ == "__main__":
    main(int(sys.argv[1]))
