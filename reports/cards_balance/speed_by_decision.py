"""CPU time per step of random legal play, by decision kind, for two source trees (the
rules core: legal mask and apply; then the observation of the player to act). Interleaved
runs, the best of each kept, so that the load of the shared machine falls on both alike.

    python reports/cards_balance/speed_by_decision.py BEFORE_TREE AFTER_TREE [--players 3]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = r'''
import sys, time, collections, json
sys.path.insert(0, sys.argv[1])
import numpy as np, conan_envs
g = conan_envs.make_game("cards_v2", num_players=int(sys.argv[2]))
tot = collections.Counter(); cnt = collections.Counter(); obs = collections.Counter()
rng = np.random.default_rng(0)
clock = time.process_time
for k in range(150):
    s = g.new_initial_state(k)
    while not s.is_terminal() and not s.is_truncated():
        d = s.dec
        t0 = clock()
        legal = np.flatnonzero(s.legal_action_mask())
        s.apply_action(int(legal[rng.integers(legal.size)]))
        t1 = clock()
        if not s.is_terminal():
            s.observation(s.current_player())
        t2 = clock()
        tot[d] += t1 - t0; cnt[d] += 1; obs[d] += t2 - t1
print(json.dumps({d: [cnt[d], tot[d] / cnt[d] * 1e6, obs[d] / cnt[d] * 1e6] for d in cnt}))
'''


def run(tree, n):
    out = subprocess.run([sys.executable, "-c", CHILD, tree, str(n)], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    best = {"before": {}, "after": {}}
    for _ in range(args.repeats):
        for name, tree in (("before", args.before), ("after", args.after)):
            for d, (c, core, ob) in run(tree, args.players).items():
                old = best[name].get(d)
                best[name][d] = [c, min(core, old[1]) if old else core,
                                 min(ob, old[2]) if old else ob]
    print("| decision | steps before | steps after | core µs before | after | "
          "observation µs before | after |")
    print("|---|---|---|---|---|---|---|")
    kinds = sorted(set(best["before"]) | set(best["after"]),
                   key=lambda d: -max(best["before"].get(d, [0])[0], best["after"].get(d, [0])[0]))
    for d in kinds:
        b = best["before"].get(d, [0, float("nan"), float("nan")])
        a = best["after"].get(d, [0, float("nan"), float("nan")])
        print(f"| {d} | {b[0]} | {a[0]} | {b[1]:.1f} | {a[1]:.1f} | {b[2]:.1f} | {a[2]:.1f} |")
    for name in ("before", "after"):
        rows = best[name].values()
        steps = sum(r[0] for r in rows)
        print(f"| all ({name}) | {steps} | | {sum(r[0] * r[1] for r in rows) / steps:.1f} | | "
              f"{sum(r[0] * r[2] for r in rows) / steps:.1f} | |")


if __name__ == "__main__":
    main()
