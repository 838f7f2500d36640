"""Fixed workload for instruction counting: MODE core|env, N steps, from seed 0."""
import sys
sys.path.insert(0, '.')
import numpy as np
import conan_envs
mode, N = sys.argv[1], int(sys.argv[2])
cfg = dict(a.split("=") for a in sys.argv[3:])
if mode == "core":
    game = conan_envs.make_game("miniatures_v1", **cfg)
    rng = np.random.default_rng(0); st = None
    for _ in range(N):
        if st is None or st.is_terminal() or st.is_truncated():
            st = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(st.legal_action_mask())
        st.apply_action(int(legal[rng.integers(legal.size)]))
elif mode == "env":
    env = conan_envs.make("miniatures_v1", **cfg)
    rng = np.random.default_rng(0); started = False; n = 0
    while n < N:
        if not started or not env.agents:
            env.reset(seed=int(rng.integers(2**31))); started = True
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None); continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        n += 1
