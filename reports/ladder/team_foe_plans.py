"""The Foes' plan for the Adventures' Team Game (``scripted:plan=team``, TeamFoeAgent in
baselines/scripted/adventures_plans.py) with each of its rules taken away, measured as both Foes
against the scripted Conan and Ally on seeds FIRST..FIRST+N-1 (adventures_v2,
num_players=4, team=True); run from the repository root:

    PYTHONPATH=. python reports/ladder/team_foe_plans.py N FIRST PLAN [PLAN ...]

PLAN:
- `shipped`: the plan as it is;
- `no_duel`: no Duel sought: next to Conan it plays as the scripted Foe;
- `no_warrior`: missed dice of a Duel are not turned into Warriors;
- `keep_rolling`: it keeps rolling its Warrior Pool once ahead in a Duel;
- `no_steal`: no Fate or God token spent to complete an Adventure or an Encounter;
- `no_tokens`: Challenge tokens laid and revealed as the scripted Foe does;
- `no_temple`: revealed Temples of Set are not sought;
- `no_mate`: it may walk into its partner (and duel it);
- `no_gods`: it chooses God tokens as the scripted Foe does;
- `lean`: only the rules that cost most when taken away alone (Warriors in Duels, tokens
  spent to complete, God tokens);
- `scripted`: every rule taken away (the scripted Foes).

The plans patch the agent in this process only. Each line gives the Foes' wins and the mean
Victory points of Conan, the Foe, the Ally and the second Foe.
"""
from __future__ import annotations

import sys
from multiprocessing import Pool

from baselines import load_agent
from baselines.scripted import adventures as A
from conan_envs import make_game

TEAM = {"num_players": 4, "team": True}
SCRIPTED = A.ScriptedAgent


def _off(*names: str) -> None:
    for name in names:
        setattr(A.TeamFoeAgent, name, getattr(SCRIPTED, name))


def no_temple() -> None:
    move_to = A.TeamFoeAgent._move_to

    def without_temples(self):  # type: ignore[no-untyped-def]
        s = self.s
        temples, s.temple = s.temple, [[] for _ in s.temple]
        try:
            return move_to(self)
        finally:
            s.temple = temples
    A.TeamFoeAgent._move_to = without_temples  # type: ignore[method-assign]


def no_mate() -> None:
    init = A.TeamFoeAgent.__init__

    def no_partner(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        init(self, *args, **kwargs)
        self.mate = self.role_name  # its own kingdom is never a step away
    A.TeamFoeAgent.__init__ = no_partner  # type: ignore[method-assign]


PLANS = {
    "shipped": lambda: None,
    "no_duel": lambda: _off("_main"),
    "no_warrior": lambda: setattr(A.TeamFoeAgent, "_duel_warrior", lambda self: None),
    "keep_rolling": lambda: _off("_duel_go"),
    "no_steal": lambda: setattr(A.TeamFoeAgent, "_steal", lambda self: None),
    "no_tokens": lambda: _off("_place_token", "_reveal_choice"),
    "no_temple": no_temple,
    "no_mate": no_mate,
    "no_gods": lambda: _off("_god"),
    "lean": lambda: _off("_main", "_move_to", "_duel_go", "_place_token", "_reveal_choice"),
    "scripted": lambda: _off("_main", "_move_to", "_duel_go", "_god", "_place_token",
                             "_reveal_choice", "_adjust"),
}


def play(job: tuple[str, int]) -> tuple[bool, list[int]]:
    plan, seed = job
    PLANS[plan]()
    game = make_game("adventures_v2", **TEAM)
    agents = [load_agent("scripted:plan=team" if r in (1, 3) else "scripted", "adventures_v2",
                         r, seed=seed, **TEAM) for r in range(game.num_roles)]
    s = game.new_initial_state(seed)
    while not s.is_terminal() and not s.is_truncated():
        s.apply_action(agents[s.current_player()].act(None, s.legal_action_mask(), s))
    return s.returns()[1] > 0, list(s.vp)


def main(games: int, first: int, plans: list[str]) -> None:
    for plan in plans:
        if plan not in PLANS:
            raise SystemExit(f"unknown plan {plan!r}; one of {', '.join(PLANS)}")
        with Pool(2) as pool:   # a fresh process per plan: the patches stay in it
            rows = pool.map(play, [(plan, first + i) for i in range(games)], chunksize=25)
        wins = sum(r[0] for r in rows)
        vp = [sum(r[1][k] for r in rows) / games for k in range(4)]
        print(f"adventures_v2 num_players=4,team=True seeds {first}-{first + games - 1} Foes "
              f"plan={plan}: {wins} wins of {games} (mean Victory points: conan {vp[0]:.1f}, "
              f"foe {vp[1]:.1f}, ally {vp[2]:.1f}, foe2 {vp[3]:.1f})", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:])
