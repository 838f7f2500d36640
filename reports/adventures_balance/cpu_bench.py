import time, numpy as np, conan_envs
g = conan_envs.make_game("adventures_v1")
def run(obs, games=10):
    rng = np.random.default_rng(0); steps = 0
    for seed in range(games):
        s = g.new_initial_state(seed)
        while not s.is_terminal() and not s.is_truncated():
            m = s.legal_action_mask(); a = int(rng.choice(np.flatnonzero(m))); s.apply_action(a); steps += 1
            if obs and not s.is_terminal(): s.observation(s.current_player())
    return steps
for obs in (False, True):
    t = time.process_time(); n = run(obs); print("obs" if obs else "core", round(n / (time.process_time() - t)), end="  ")
print()
