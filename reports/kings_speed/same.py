"""Wider behaviour check than golden.py: core play over more seeds and configs, hashing
observations (every role), masks, the full log, returns, shaped scores and saves.
    cd CHECKOUT && python REPO/reports/kings_speed/same.py"""
import hashlib
import json
import sys

sys.path.insert(0, '.')
import numpy as np

import conan_envs

CONFIGS = [{}, {"num_players": 3}, {"num_players": 4}, {"pretender": False},
           {"victory": "last_king", "max_turns": 40}, {"conquest": 0, "max_turns": 20}]
for cfg in CONFIGS:
    game = conan_envs.make_game("kings_v2", **cfg)
    h = hashlib.sha256()
    for seed in range(12):
        s = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not s.is_terminal() and not s.is_truncated():
            for r in range(game.num_players):
                h.update(np.asarray(s.observation(r), np.float32).tobytes())
            m = s.legal_action_mask()
            h.update(m.tobytes())
            if k % 50 == 0:
                h.update(repr(s.shaped_scores()).encode())
                h.update(s.to_json().encode())
            legal = np.flatnonzero(m)
            s.apply_action(int(legal[rng.integers(legal.size)]))
            k += 1
        h.update(repr([e for e in s.log]).encode())
        h.update(repr((s.returns(), s.end_cause, s.final_round, s.log_seq)).encode())
    print(json.dumps(cfg), h.hexdigest()[:16], flush=True)
