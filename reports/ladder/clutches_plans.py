"""Plans for the scripted heroes of In the Clutches of the Picts, each measured as scripted
heroes against the scripted Overlord on seeds FIRST..FIRST+N-1 (miniatures_v1,
scenario=clutches); run from the repository root:

    PYTHONPATH=. python reports/ladder/clutches_plans.py N FIRST PLAN [PLAN ...]

PLAN:
- `shipped`: the scripted heroes as they are;
- `before`: as they were before the far-hut search (each searcher takes the nearest hut of
  its own all game long; a hero in the Pict village rests at 3 gems or fewer);
- `far_only`, `rest_only`: one of the two changes alone;
- `far_round1`, `far_round3`: the far-hut search from round 2 or round 4 instead of round 3;
- `oracle`: from round 3 every searcher is told Yselda's hut (the Overlord's secret: an upper
  bound for any belief about the hut, not a legal player);
- `oracle_before`: the same with the stance of `before`.

The plans patch the scripted heroes in this process only. Each line gives the heroes' wins,
the games in which Yselda was found, those in which Zogar Sag's Head left the board and
those in which Conan fell at the totem.
"""
from __future__ import annotations

import sys
from multiprocessing import Pool

from baselines import load_agent
from baselines.scripted.miniatures import heroes
from baselines.scripted.miniatures.heroes import HeroTactics
from conan_envs import make_game

_search_hut, _stance = HeroTactics._search_hut, HeroTactics._stance


def rest_at(low: int) -> None:
    def stance(self, fr):
        s, h = self.s, fr["player"]
        if self._carries_objective(h):
            return _stance(self, fr)
        return self.A("stance", 1 if s.reserve[h] <= low and s.fatigue[h] >= 3 else 0)
    HeroTactics._stance = stance


def far_from(round_index: int) -> None:
    heroes.FAR_SEARCH_ROUND = round_index


def oracle() -> None:
    def search_hut(self, h):
        hut = _search_hut(self, h)
        if hut is None or hut not in self.g.huts or self.s.turn < 2:
            return hut
        return self.s.yselda_hut
    HeroTactics._search_hut = search_hut


PLANS = {
    "shipped": lambda: None,
    "before": lambda: (far_from(99), rest_at(3)),
    "far_only": lambda: rest_at(3),
    "rest_only": lambda: far_from(99),
    "far_round1": lambda: far_from(1),
    "far_round3": lambda: far_from(3),
    "oracle": oracle,
    "oracle_before": lambda: (far_from(99), rest_at(3), oracle()),
}


def play(job: tuple[str, int]) -> tuple[bool, bool, bool, bool]:
    plan, seed = job
    PLANS[plan]()
    game = make_game("miniatures_v1", scenario="clutches")
    agents = [load_agent("scripted", "miniatures_v1", role=r, seed=seed, scenario="clutches")
              for r in range(game.num_roles)]
    s = game.new_initial_state(seed)
    g = s.game
    conan, totem = g.hero_keys.index("conan"), g.board.index["totem"]
    conan_at = s.h_area[conan]
    while not s.is_terminal() and not s.is_truncated():
        p = s.current_player()
        s.apply_action(agents[p].act(None, s.legal_action_mask(), s))
        if s.h_area[conan] >= 0:
            conan_at = s.h_area[conan]
    fell_at_totem = s.h_state[conan] == 1 and conan_at == totem
    return (s.returns()[0] > 0, s.o_loc[g.captive] != -10, s.o_loc[g.zogar_head] == -12,
            fell_at_totem)


def main(games: int, first: int, plans: list[str]) -> None:
    for plan in plans:
        if plan not in PLANS:
            raise SystemExit(f"unknown plan {plan!r}; one of {', '.join(PLANS)}")
        with Pool(2) as pool:   # a fresh process per plan: the patches stay in it
            rows = pool.map(play, [(plan, first + i) for i in range(games)], chunksize=25)
        wins, found, head, totem = (sum(r[k] for r in rows) for k in range(4))
        print(f"miniatures_v1 scenario=clutches seeds {first}-{first + games - 1} heroes "
              f"plan={plan}: {wins} wins of {games} (Yselda found {found}, Head out {head}, "
              f"Conan fell at the totem {totem})", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:])
