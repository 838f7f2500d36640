"""Fingerprint of core play in every scenario and hero count: masks, observations of every role, to_json."""
import hashlib, sys
sys.path.insert(0, '.')
import numpy as np
import conan_envs
seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
for sc in ["clutches", "ritual", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis"]:
    for nh in (2, 3, 4):
        try:
            game = conan_envs.make_game("miniatures_v1", scenario=sc, num_heroes=nh)
        except Exception:
            continue
        h = hashlib.sha256()
        for seed in range(seeds):
            rng = np.random.default_rng(seed)
            st = game.new_initial_state(seed)
            k = 0
            while not st.is_terminal() and not st.is_truncated() and k < 3000:
                m = st.legal_action_mask()
                h.update(m.tobytes())
                if k % 5 == 0:
                    for r in range(game.num_roles):
                        h.update(st.observation(r).tobytes())
                if k % 50 == 0:
                    h.update(st.to_json().encode())
                legal = np.flatnonzero(m)
                st.apply_action(int(legal[rng.integers(legal.size)]))
                k += 1
            h.update(repr(st.returns()).encode())
        print(sc, nh, h.hexdigest()[:16], flush=True)
