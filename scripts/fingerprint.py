"""Behaviour fingerprint of every env, for refactors that must change nothing: random legal
play through the PettingZoo AEC env on fixed seeds, hashing observations, masks, rewards,
terminations and truncations, and every 7th step the acting role's view (JSON) and text board.
Run it before and after a change; every line must be the same.

    python scripts/fingerprint.py                 # every env, two configs each
    python scripts/fingerprint.py kings_v2 tower_v2
"""
from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

import conan_envs  # noqa: E402

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "kings_v2": [{}, {"num_players": 4}],
    "cards_v2": [{}, {"num_players": 4}],
    "tower_v2": [{}, {"mode": "battle"}],
    "miniatures_v2": [{}, {"scenario": "ritual"}],
    "adventures_v2": [{}, {"num_players": 4}],
}


def fingerprint(env_id: str, config: Mapping[str, Any], seeds: range = range(6)) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        env = conan_envs.make(env_id, **config)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        n = 0
        for agent in env.agent_iter(max_iter=4000):
            obs, rew, term, trunc, _ = env.last()
            h.update(np.ascontiguousarray(obs["observation"]).tobytes())
            h.update(np.ascontiguousarray(obs["action_mask"]).tobytes())
            h.update(repr((agent, float(rew), bool(term), bool(trunc))).encode())
            if term or trunc:
                env.step(None)
                continue
            if n % 7 == 0:
                state = env.game_state
                h.update(json.dumps(state.view(agent), sort_keys=True).encode())
                h.update(str(state).encode())
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
            n += 1
    return h.hexdigest()[:16]


def main(argv: list[str]) -> int:
    unknown = [e for e in argv if e not in CONFIGS]
    if unknown:
        print(f"fingerprint: unknown env id {unknown[0]!r}; ids: {', '.join(CONFIGS)}",
              file=sys.stderr)
        return 2
    for env_id in argv or list(CONFIGS):
        for config in CONFIGS[env_id]:
            print(env_id, json.dumps(config), fingerprint(env_id, config), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
