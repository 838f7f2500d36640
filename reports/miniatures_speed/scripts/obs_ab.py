"""The miniatures_v2 observation against an old encoder: byte-equal for every role on 2,000
states of random play per config, then the time per call of each (old/new, twice).
Run from the root of the checkout, with the old encode.py as /tmp/mini_speed/old_encode.py:
    .venv/bin/python reports/miniatures_speed/scripts/obs_ab.py [scenario ...]"""
import importlib.util
import sys
import time

import numpy as np

sys.path.insert(0, ".")
import conan_envs  # noqa: E402
from conan_envs.miniatures import encode  # noqa: E402

OLD_ENCODE = "/tmp/mini_speed/old_encode.py"
SCENARIOS = ["clutches", "ritual", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis"]
STATES = 2000


def load_old():
    spec = importlib.util.spec_from_file_location("old_encode", OLD_ENCODE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_states(game) -> list:
    rng = np.random.default_rng(1)
    states, state = [], None
    while len(states) < STATES:
        if state is None or state.is_terminal() or state.is_truncated():
            state = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
        states.append(state.clone())
    return states


def compare(old, scenario: str, heroes: int) -> None:
    try:
        game = conan_envs.make_game("miniatures_v2", scenario=scenario, num_heroes=heroes)
    except Exception:  # a hero count the scenario does not allow
        return
    states = random_states(game)
    bad = 0
    for state in states:
        for role in range(game.num_roles):
            new_obs, old_obs = encode.observe(state, role), old.observe(state, role)
            if new_obs.tobytes() != old_obs.tobytes():
                bad += 1
                if bad < 3:
                    at = np.flatnonzero(new_obs != old_obs)[:10]
                    print(scenario, heroes, "diff at", at, new_obs[at], old_obs[at])
    times = []
    for observe in (old.observe, encode.observe, old.observe, encode.observe):
        start = time.perf_counter()
        for state in states:
            observe(state, 0)
        times.append(1e6 * (time.perf_counter() - start) / len(states))
    print(f"{scenario} {heroes}: mismatches {bad}; old {times[0]:.1f}/{times[2]:.1f} us  "
          f"new {times[1]:.1f}/{times[3]:.1f} us")


def main() -> None:
    old = load_old()
    scenarios = sys.argv[1:] or SCENARIOS
    for scenario in scenarios:
        for heroes in ((3,) if len(scenarios) == 1 else (2, 3, 4)):
            compare(old, scenario, heroes)


if __name__ == "__main__":
    main()
