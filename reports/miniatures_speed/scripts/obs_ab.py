import sys, time
sys.path.insert(0, '.'); sys.path.insert(0, '/tmp/mini_speed')
import numpy as np
import conan_envs
from conan_envs.miniatures import encode
import old_encode
scen = sys.argv[1:] or ["clutches", "ritual", "tigress", "heart_of_darkness", "ophir", "ruined_fort", "thalis"]
for sc in scen:
  for nh in ((3,) if len(scen) == 1 else (2, 3, 4)):
    try:
        game = conan_envs.make_game("miniatures_v1", scenario=sc, num_heroes=nh)
    except Exception as e:
        continue
    rng = np.random.default_rng(1)
    states = []
    st = None
    while len(states) < 2000:
        if st is None or st.is_terminal() or st.is_truncated():
            st = game.new_initial_state(int(rng.integers(2**31)))
        legal = np.flatnonzero(st.legal_action_mask())
        st.apply_action(int(legal[rng.integers(legal.size)]))
        states.append(st.clone())
    bad = 0
    for s in states:
        for r in range(game.num_roles):
            a, b = encode.observe(s, r), old_encode.observe(s, r)
            if a.tobytes() != b.tobytes():
                bad += 1
                if bad < 3:
                    d = np.flatnonzero(a != b); print(sc, nh, "diff at", d[:10], a[d[:10]], b[d[:10]])
    ts = []
    for f in (old_encode.observe, encode.observe, old_encode.observe, encode.observe):
        t = time.perf_counter()
        for s in states:
            f(s, 0)
        ts.append(1e6 * (time.perf_counter() - t) / len(states))
    print(f"{sc} {nh}: mismatches {bad}; old {ts[0]:.1f}/{ts[2]:.1f} us  new {ts[1]:.1f}/{ts[3]:.1f} us")
