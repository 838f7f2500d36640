"""Clutches: how often the heroes win, pick up Zogar Sag's Head and pick up Yselda (seeds 0..N-1).

    python reports/miniatures_heroes_ppo/objectives.py HEROES_AGENT OVERLORD_AGENT N
"""
import sys
sys.path.insert(0, ".")
from baselines import load_agent
from baselines.match import play_match
from conan_envs import make_game
g = make_game("miniatures_v1", scenario="clutches")
heroes, ov, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
tally = {"win": 0, "head": 0, "yselda": 0}
for seed in range(n):
    agents = [load_agent(ov if r == "overlord" else heroes, "miniatures_v1", r, seed=seed, scenario="clutches") for r in g.roles]
    lines = []
    res = play_match(g, agents, seed=seed, on_step=lambda s, r, a: lines.append(a))
    tally["win"] += res.returns[0] > 0
    tally["head"] += any("pick up Zogar" in l for l in lines)
    tally["yselda"] += any("pick up Yselda" in l for l in lines)
print(heroes, "vs", ov, n, tally)
