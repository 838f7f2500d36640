"""Long random and scripted play over every scenario and hero count (pytest -m slow)."""
import numpy as np
import pytest

import conan_envs
from baselines import load_agent

SCENARIOS = ("clutches", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis", "ritual")
CONFIGS = [(sc, n) for sc in SCENARIOS for n in (2, 3, 4)]


def invariants(s):
    g = s.game
    for h in range(g.num_heroes):
        total = (s.reserve[h] + s.fatigue[h] + s.wounds[h] + sum(s.spaces[h])
                 + sum(s.spell_gems[h]) + s.ally_gems[h])
        assert total == s.life[h]
        assert min(s.reserve[h], s.fatigue[h], s.wounds[h], *s.spaces[h]) >= 0
        if s.h_state[h] == 0:
            assert s.h_area[h] >= 0
    assert sum(s.life) == sum(hs.life for hs in g.heroes)   # Gift of Life only moves gems
    counts = [0] * g.num_areas
    for a in list(s.h_area) + list(s.u_area):
        if a >= 0:
            counts[a] += 1
    cap = g.board.cap
    assert all(c <= cap[a] for a, c in enumerate(counts))
    assert s.ov_reserve >= 0 and s.ov_fatigue >= 0
    carried = [o for o, loc in enumerate(s.o_loc) if -4 <= loc <= -1]
    for o in carried:
        assert s.h_state[-1 - s.o_loc[o]] == 0
    demon = g.tile_index.get("outer_dark_demon", -99) if g.event.get("demon") else -99
    skuthus = g.tile_index.get("skuthus", -99)
    freed = [t for t in range(len(g.tiles)) if g.tiles[t].petrified and t not in s.petrified]
    river = sorted(skuthus if t == demon else t for t in s.river)
    start = sorted(g.river_start)
    for t in freed:          # a freed monster's tile took an empty slot
        start.remove(-1)
        start = sorted(start + [t])
    assert len(s.river) == 8 and river == start


@pytest.mark.slow
@pytest.mark.parametrize("scenario,num_heroes", CONFIGS)
def test_random_play_keeps_the_invariants(scenario, num_heroes):
    g = conan_envs.make_game("miniatures_v2", scenario=scenario, num_heroes=num_heroes)
    for seed in range(150):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while not s.is_terminal() and not s.is_truncated():
            legal = s.legal_actions()
            assert legal, s.decision()
            s.apply_action(int(rng.choice(legal)))
            invariants(s)
            steps += 1
        assert s.is_terminal() and steps < 20_000


@pytest.mark.slow
@pytest.mark.parametrize("scenario,num_heroes", CONFIGS)
def test_scripted_play_is_legal(scenario, num_heroes):
    g = conan_envs.make_game("miniatures_v2", scenario=scenario, num_heroes=num_heroes)
    for seed in range(40):
        s = g.new_initial_state(seed)
        agents = [load_agent("scripted", "miniatures_v2", role=r, seed=seed, **g.config)
                  for r in range(g.num_roles)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(agents[p].act(s.observation(p), s.legal_action_mask(), s))
            invariants(s)
