"""Fingerprint of miniatures_v2 core play in every scenario and hero count: legal masks, the
observations of every role every 5th step and the state's JSON every 50th, hashed per config.
Run from the root of a checkout (its conan_envs is measured) in both trees and compare:
    .venv/bin/python reports/miniatures_speed/scripts/fp.py [seeds]"""
import hashlib
import sys

import numpy as np

sys.path.insert(0, ".")
import conan_envs  # noqa: E402

SCENARIOS = ("clutches", "ritual", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis")
MAX_STEPS = 3000


def fingerprint(game, seeds: int) -> str:
    digest = hashlib.sha256()
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state(seed)
        step = 0
        while not state.is_terminal() and not state.is_truncated() and step < MAX_STEPS:
            mask = state.legal_action_mask()
            digest.update(mask.tobytes())
            if step % 5 == 0:
                for role in range(game.num_roles):
                    digest.update(state.observation(role).tobytes())
            if step % 50 == 0:
                digest.update(state.to_json().encode())
            legal = np.flatnonzero(mask)
            state.apply_action(int(legal[rng.integers(legal.size)]))
            step += 1
        digest.update(repr(state.returns()).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for scenario in SCENARIOS:
        for heroes in (2, 3, 4):
            try:
                game = conan_envs.make_game("miniatures_v2", scenario=scenario, num_heroes=heroes)
            except Exception:  # a hero count the scenario does not allow
                continue
            print(scenario, heroes, fingerprint(game, seeds), flush=True)


if __name__ == "__main__":
    main()
