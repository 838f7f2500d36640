"""Fixed workload (cards_v1 or cards_v0 by the tree given): core = mask + apply over 60 seeded
random games, env = the PettingZoo AEC loop over 30; steps per CPU second (time.process_time,
so that a loaded machine does not blur it), best of 3.
    python fixed_workload.py TREE [num_players]     (TREE: a checkout holding conan_envs/)"""
import sys, time
root = sys.argv[1]; sys.path.insert(0, root)
import numpy as np, conan_envs
assert conan_envs.__file__.startswith(root), conan_envs.__file__
cfg = {} if len(sys.argv) < 3 else {"num_players": int(sys.argv[2])}
try:
    ENV = "cards_v1"
    game = conan_envs.make_game(ENV, **cfg)
except Exception:  # the v0 release
    ENV = "cards_v0"
    game = conan_envs.make_game(ENV, **cfg)
def core():
    steps = 0
    for seed in range(60):
        s = game.new_initial_state(seed); rng = np.random.default_rng(seed)
        while not s.is_terminal() and not s.is_truncated():
            legal = np.flatnonzero(s.legal_action_mask())
            s.apply_action(int(legal[rng.integers(legal.size)])); steps += 1
    return steps
def env():
    steps = 0
    e = conan_envs.make(ENV, **cfg)
    for seed in range(30):
        e.reset(seed=seed); rng = np.random.default_rng(seed)
        for agent in e.agent_iter(max_iter=4000):
            obs, rew, term, trunc, info = e.last()
            if term or trunc: e.step(None); continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(legal.size)])); steps += 1
    return steps
for f in (core, env):
    best = 1e9
    for _ in range(3):
        t = time.process_time(); n = f(); best = min(best, time.process_time() - t)
    print(f.__name__, n, f"{n/best:.0f} steps/s")
