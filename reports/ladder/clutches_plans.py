"""Plans for the scripted heroes of In the Clutches of the Picts, each measured as scripted
heroes against the scripted Overlord on seeds FIRST..FIRST+N-1 (miniatures_v2,
scenario=clutches); run from the repository root:

    PYTHONPATH=. python reports/ladder/clutches_plans.py N FIRST PLAN [PLAN ...]

PLAN, the heroes as they are and each of their four rules for the village taken away:
- `shipped`: the scripted heroes as they are;
- `no_run`: Yselda's carrier does not run for the edge before anything else;
- `no_wait`: a searcher pays gems to walk into enemies on the way to a hut;
- `no_head`: Conan takes Zogar Sag's head himself unless a crowd holds him;
- `no_reroll`: a blow at Zogar Sag rerolls only free dice;
- `before_run`: all four taken away (the plan before them).

And, on top of `before_run` (the rows measured before the four rules):
- `before`: as they were before the far-hut search (each searcher takes the nearest hut of
  its own all game long; a hero in the Pict village rests at 3 gems or fewer);
- `far_only`, `rest_only`: one of the two changes alone;
- `far_round1`, `far_round3`: the far-hut search from round 2 or round 4 instead of round 3;
- `oracle`: from round 3 every searcher is told Yselda's hut (the Overlord's secret: an upper
  bound for any belief about the hut, not a legal player);
- `oracle_before`: the same with the stance of `before`.

The plans patch the scripted heroes in this process only. Each line gives the heroes' wins,
the games in which Yselda was found, those in which Zogar Sag's Head left the board, those
in which Conan fell at the totem, those in which Zogar Sag was slain in the first round and
those in which Shevatas fell.
"""
from __future__ import annotations

import sys
from multiprocessing import Pool

from baselines import load_agent
from baselines.scripted.miniatures import base, heroes
from baselines.scripted.miniatures.heroes import HeroTactics
from conan_envs import make_game

_search_hut, _stance = HeroTactics._search_hut, HeroTactics._stance


def rest_at(low: int) -> None:
    def stance(self, fr):
        s, h = self.s, fr.player
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


def no_run() -> None:
    HeroTactics._run_with_yselda = lambda self, h: None


def no_wait() -> None:
    HeroTactics._pays_into_enemies = lambda self, h, step, goal: False


def no_head() -> None:
    heroes.HEAD_FETCH_GEMS = 99


def no_reroll() -> None:
    base.ZOGAR_MARGIN = -99


def before_run() -> None:
    no_run(), no_wait(), no_head(), no_reroll()


PLANS = {
    "shipped": lambda: None,
    "no_run": no_run,
    "no_wait": no_wait,
    "no_head": no_head,
    "no_reroll": no_reroll,
    "before_run": before_run,
    "before": lambda: (before_run(), far_from(99), rest_at(3)),
    "far_only": lambda: (before_run(), rest_at(3)),
    "rest_only": lambda: (before_run(), far_from(99)),
    "far_round1": lambda: (before_run(), far_from(1)),
    "far_round3": lambda: (before_run(), far_from(3)),
    "oracle": lambda: (before_run(), oracle()),
    "oracle_before": lambda: (before_run(), far_from(99), rest_at(3), oracle()),
}


def play(job: tuple[str, int]) -> tuple[bool, ...]:
    plan, seed = job
    PLANS[plan]()
    game = make_game("miniatures_v2", scenario="clutches")
    agents = [load_agent("scripted", "miniatures_v2", role=r, seed=seed, scenario="clutches")
              for r in range(game.num_roles)]
    s = game.new_initial_state(seed)
    g = s.game
    conan, totem = g.hero_keys.index("conan"), g.board.index["totem"]
    shevatas = g.hero_keys.index("shevatas")
    zogar = g.tile_models[g.tile_index["zogar_sag"]][0]
    conan_at = s.h_area[conan]
    zogar_in_round_1 = False
    while not s.is_terminal() and not s.is_truncated():
        p = s.current_player()
        s.apply_action(agents[p].act(None, s.legal_action_mask(), s))
        if s.h_area[conan] >= 0:
            conan_at = s.h_area[conan]
        if s.turn == 0 and s.u_area[zogar] < 0:
            zogar_in_round_1 = True
    fell_at_totem = s.h_state[conan] == 1 and conan_at == totem
    return (s.returns()[0] > 0, s.o_loc[g.captive] != -10, s.o_loc[g.zogar_head] == -12,
            fell_at_totem, zogar_in_round_1, s.h_state[shevatas] == 1)


def main(games: int, first: int, plans: list[str]) -> None:
    for plan in plans:
        if plan not in PLANS:
            raise SystemExit(f"unknown plan {plan!r}; one of {', '.join(PLANS)}")
        with Pool(2) as pool:   # a fresh process per plan: the patches stay in it
            rows = pool.map(play, [(plan, first + i) for i in range(games)], chunksize=25)
        wins, found, head, totem, zogar, shevatas = (sum(r[k] for r in rows) for k in range(6))
        print(f"miniatures_v2 scenario=clutches seeds {first}-{first + games - 1} heroes "
              f"plan={plan}: {wins} wins of {games} (Yselda found {found}, Head out {head}, "
              f"Conan fell at the totem {totem}, Zogar Sag slain in round 1 {zogar}, "
              f"Shevatas fell {shevatas})", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:])
