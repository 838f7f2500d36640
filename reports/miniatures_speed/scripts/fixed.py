"""Fixed workload, CPU time: core (mask+apply) and env (AEC loop) steps, random legal play from seed 0."""
import sys, time
sys.path.insert(0, '.')
import numpy as np
import conan_envs
cfg = dict(a.split("=") for a in sys.argv[2:])
N = int(sys.argv[1])
game = conan_envs.make_game("miniatures_v1", **cfg)
rng = np.random.default_rng(0)
st = None
t = time.process_time()
for _ in range(N):
    if st is None or st.is_terminal() or st.is_truncated():
        st = game.new_initial_state(int(rng.integers(2**31)))
    legal = np.flatnonzero(st.legal_action_mask())
    st.apply_action(int(legal[rng.integers(legal.size)]))
core = time.process_time() - t
env = conan_envs.make("miniatures_v1", **cfg)
rng = np.random.default_rng(0)
started = False; n = 0
t = time.process_time()
while n < N:
    if not started or not env.agents:
        env.reset(seed=int(rng.integers(2**31))); started = True
    obs, _, term, trunc, _ = env.last()
    if term or trunc:
        env.step(None); continue
    legal = np.flatnonzero(obs["action_mask"])
    env.step(int(legal[rng.integers(legal.size)]))
    n += 1
envt = time.process_time() - t
print(f"core {N/core:.0f} env {N/envt:.0f}")
