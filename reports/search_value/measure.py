"""The critic at the leaves of IS-MCTS, measured: the shipped Heart of Darkness league Overlord,
bare and as the prior and critic of the search, against the tower-blocking heroes
(``scripted:plan=block``), on the same seeds (``baselines.ladder.seat_ladder``, one worker, so
that the search's CPU time per move is recorded here). From the repository root:

    python reports/search_value/measure.py GAMES SEED NAME SPEC [SPEC ...]

plays seeds SEED..SEED+GAMES-1 for each agent string SPEC and writes ``NAME.md`` and
``NAME.json`` to ``runs/search_value/`` (outside the source tree): the seat ladder's table and
the CPU seconds per searched move (mean, max) and simulations per move."""
import json
import sys
import time
from pathlib import Path

import numpy as np

from baselines import mcts
from baselines.ladder import seat_ladder, seat_markdown

games, seed, name, specs = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
times: list[float] = []
sims: list[int] = []
act, simulate = mcts.MCTSAgent.act, mcts.MCTSAgent._simulate
count = [0]


def timed_act(self, observation, action_mask, state=None):
    searched = int(np.count_nonzero(action_mask)) > 1
    count[0] = 0
    t = time.process_time()
    a = act(self, observation, action_mask, state)
    if searched:
        times.append(time.process_time() - t)
        sims.append(count[0])
    return a


def counted(self, *args):
    count[0] += 1
    return simulate(self, *args)


mcts.MCTSAgent.act, mcts.MCTSAgent._simulate = timed_act, counted
Path("runs/search_value").mkdir(parents=True, exist_ok=True)
out = f"runs/search_value/{name}"


def save(entries):
    extra = {"search_moves": len(times),
             "cpu_s_per_move_mean": float(np.mean(times)) if times else None,
             "cpu_s_per_move_max": float(np.max(times)) if times else None,
             "simulations_per_move_mean": float(np.mean(sims)) if sims else None}
    with open(out + ".json", "w") as f:
        json.dump({"entries": entries, **extra}, f, indent=1)
    with open(out + ".md", "w") as f:
        f.write(seat_markdown("miniatures", entries, "measure.py " + " ".join(sys.argv[1:])))
        f.write("\n" + json.dumps(extra) + "\n")


t0 = time.process_time()
entries = seat_ladder("miniatures", "overlord", versus="scripted:plan=block", games=games, seed=seed,
                      workers=1, configs=[{"scenario": "heart_of_darkness", "num_heroes": 3}],
                      difficulties=specs, on_progress=save, chunk=5)
save(entries)
print(open(out + ".md").read(), "process CPU s:", time.process_time() - t0)
