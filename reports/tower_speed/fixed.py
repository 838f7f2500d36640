"""Fixed-workload timing of tower_v1 (less noisy than the timed bench on a shared machine):
the same random legal games (fixed seeds), core (new state + mask + apply) and env (AEC loop),
best of N repeats, in microseconds per step.
    .venv/bin/python reports/tower_speed/fixed.py [mode] [repeats]"""
import sys, time
sys.path.insert(0, '.')
import numpy as np
import conan_envs

mode = sys.argv[1] if len(sys.argv) > 1 else "solo"
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
SEEDS = range(40)

def core():
    game = conan_envs.make_game("tower_v1", mode=mode)
    steps = 0
    t = time.process_time()
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        s = game.new_initial_state(seed)
        while not (s.is_terminal() or s.is_truncated()):
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(legal.size)]))
            steps += 1
    return time.process_time() - t, steps

def env():
    e = conan_envs.make("tower_v1", mode=mode)
    steps = 0
    t = time.process_time()
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        for agent in e.agent_iter(max_iter=100000):
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None); continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(legal.size)]))
            steps += 1
    return time.process_time() - t, steps

for name, f in (("core", core), ("env", env)):
    best = min(f() for _ in range(reps))
    print(f"{mode} {name}: {best[1]} steps, {1e6 * best[0] / best[1]:.1f} us/step, {best[1] / best[0]:.0f} steps/s")
