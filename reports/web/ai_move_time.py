"""Seconds an AI seat takes per move on the web page's difficulties (reports/web/README.md).

    nice -n 10 .venv/bin/python reports/web/ai_move_time.py     # prints the table (README.md has it)
"""
import time

import numpy as np

import conan_envs
from baselines import load_agent
from baselines.web.session import MCTS_DEFAULT

CONFIGS = {"kings_v2": {}, "cards_v2": {}, "tower_v2": {"mode": "battle"}, "miniatures_v2": {},
           "adventures_v2": {}}

print(f"{'env':15s} {'agent':22s} {'moves':>6s} {'mean ms':>8s} {'p99 ms':>8s} {'max ms':>8s}")
for env_id, config in CONFIGS.items():
    game = conan_envs.make_game(env_id, **config)
    for spec in ["random", "scripted", MCTS_DEFAULT]:
        times = []
        for seed in range(3):
            agents = [load_agent(spec, env_id, role=i, seed=seed, **game.config)
                      for i in range(game.num_roles)]
            state = game.new_initial_state(seed)
            t_end = time.time() + 20
            while not state.is_terminal() and not state.is_truncated() and time.time() < t_end:
                p = state.current_player()
                t = time.perf_counter()
                a = agents[p].act(state.observation(p), state.legal_action_mask(), state)
                times.append(time.perf_counter() - t)
                state.apply_action(a)
        ms = np.array(times) * 1000
        print(f"{env_id:15s} {spec:22s} {len(ms):6d} {ms.mean():8.1f} "
              f"{np.percentile(ms, 99):8.1f} {ms.max():8.1f}", flush=True)
