"""A/B of the tower_v2 encoder: an old encode.py against the working tree's, on the states of
fixed random games: asserts equal observations for every role and call order, then prints the
best of 9 CPU times per call.
    git show c04f510:conan_envs/tower/encode.py > /tmp/old_encode.py
    .venv/bin/python reports/tower_speed/ab_enc.py solo|battle /tmp/old_encode.py"""
import importlib.util
import sys
import time

import numpy as np

sys.path.insert(0, ".")
import conan_envs  # noqa: E402
from conan_envs.tower import encode as new  # noqa: E402

GAMES = 30
ROUNDS = 9


def load_old(path: str):
    spec = importlib.util.spec_from_file_location("conan_envs.tower.encode_orig", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fixed_states(game) -> list:
    states = []
    for seed in range(GAMES):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state(seed)
        while not (state.is_terminal() or state.is_truncated()):
            states.append((state.clone(), state.current_player()))
            legal = np.flatnonzero(state.legal_action_mask())
            state.apply_action(int(legal[rng.integers(legal.size)]))
    return states


def timed(encoder, states) -> float:
    encoder._last_base = None  # start cold (old and new cache names)
    encoder._base_loc = -1
    start = time.process_time()
    for state, role in states:
        encoder.encode(state, role)
    return time.process_time() - start


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in ("solo", "battle"):
        sys.exit("usage: ab_enc.py solo|battle OLD_ENCODE_PY")
    mode, old_path = sys.argv[1], sys.argv[2]
    game = conan_envs.make_game("tower_v2", mode=mode)
    old_encoder, new_encoder = load_old(old_path).Encoder(game), new.Encoder(game)
    states = fixed_states(game)
    for state, _ in states:
        for role in range(len(game.roles)):
            a, b = old_encoder.encode(state, role), new_encoder.encode(state, role)
            assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes(), (
                state.decision(), np.flatnonzero(a != b))
    old_times, new_times = [], []
    for _ in range(ROUNDS):
        old_times.append(timed(old_encoder, states))
        new_times.append(timed(new_encoder, states))
    n = len(states)
    print(f"{mode}: {n} states, equal outputs; orig {1e6 * min(old_times) / n:.1f} us, "
          f"new {1e6 * min(new_times) / n:.1f} us, ratio {min(new_times) / min(old_times):.3f}")


if __name__ == "__main__":
    main()
