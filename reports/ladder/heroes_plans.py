"""Two plans tried for the scripted heroes (the `hard` search's prior and rollouts) in the
scenarios where `hard` stays below 50%, each measured as scripted heroes against the
scripted Overlord on seeds 0..N-1, beside the unchanged heroes; run from the repository root:

    PYTHONPATH=. python reports/ladder/heroes_plans.py SCENARIO GAMES PLAN

PLAN: `none` (the scripted heroes as they are), `storm_thalis` (Lightning Storm on the area
of a Fascination unit in sight, even alone: Thalis cannot be attacked first otherwise),
`far_huts` (while more than three huts are unsearched, search only the three farthest from
the heroes' start, where the scripted Overlord hides Yselda). The plans patch the scripted
heroes in this process only.
"""
from __future__ import annotations

import sys

from baselines import load_agent
from baselines.scripted.miniatures.heroes import HeroTactics
from conan_envs import make_game
from conan_envs.miniatures.movement import line_of_sight


def storm_thalis() -> None:
    storm_area, spell_target = HeroTactics._storm_area, HeroTactics._spell_target

    def fascinating_area(self, h):
        s, g = self.s, self.g
        a = s.h_area[h]
        for m, x in enumerate(s.u_area):
            if x >= 0 and "fascination" in g.model_skills[m] and line_of_sight(s, a, x) \
                    and not any(s.h_area[k] == x for k in s.heroes_in_play()):
                return x
        return storm_area(self, h)

    def target(self, fr):
        if self.g.spells[fr.spell].effect == "area_attack":
            b = self._storm_area(fr.player)
            if b is not None and b in self.options("area"):
                return self.A("area", b)
        return spell_target(self, fr)

    HeroTactics._storm_area, HeroTactics._spell_target = fascinating_area, target


def far_huts() -> None:
    search_hut = HeroTactics._search_hut

    def farthest_first(self, h):
        s, g = self.s, self.g
        start = s.game.board.index[g.scenario["hero_start"]] if "hero_start" in g.scenario else 1
        unsearched = [b for b in g.huts if not s.searched[b]]
        hut = search_hut(self, h)
        if hut is None or len(unsearched) <= 3 or hut not in g.huts:
            return hut
        far = sorted(unsearched, key=lambda b: -self.dist(start, b))[:3]
        return hut if hut in far else min(far, key=lambda b: (self.dist(s.h_area[h], b), b))

    HeroTactics._search_hut = farthest_first


def main(scenario: str, games: int, plan: str) -> None:
    {"none": lambda: None, "storm_thalis": storm_thalis, "far_huts": far_huts}[plan]()
    game = make_game("miniatures_v2", scenario=scenario)
    wins = 0
    for seed in range(games):
        agents = [load_agent("scripted", "miniatures_v2", role=r, seed=seed, scenario=scenario)
                  for r in range(game.num_roles)]
        state = game.new_initial_state(seed)
        while not state.is_terminal() and not state.is_truncated():
            p = state.current_player()
            state.apply_action(agents[p].act(None, state.legal_action_mask(), state))
        wins += state.returns()[0] > 0
    print(f"miniatures_v2 scenario={scenario} heroes plan={plan}: {wins} of {games}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
