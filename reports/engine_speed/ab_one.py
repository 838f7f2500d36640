"""One measurement of one source tree (the A/B harness of the engine speed work):
    python ab_one.py TREE ENV_ID SECONDS
prints 'core <steps/s> env <steps/s>': the loops of conan-bench (random legal play on the
rules core; the PettingZoo AEC loop with masks), timed in CPU seconds of this process
(time.process_time), so that the load of other processes on a shared machine counts less."""
import sys
import time

tree, env_id, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
sys.path.insert(0, tree)

import conan_envs  # noqa: E402
from baselines.cli.bench import AECRun, CoreRun  # noqa: E402

assert conan_envs.__file__.startswith(tree), conan_envs.__file__
if env_id == "nim":
    sys.path.insert(0, "/work/main")
    from conan_envs.engine.pettingzoo_env import ConanAECEnv
    from tests.toy import NimGame
    game, env = NimGame(), ConanAECEnv(NimGame())
else:
    game, env = conan_envs.make_game(env_id), conan_envs.make(env_id)
runs = {"core": CoreRun(game), "env": AECRun(env)}
bench = sys.modules["baselines.cli.bench"]
bench.time.perf_counter = time.process_time  # the runs' clock: CPU time
for _ in range(max(1, round(secs / 0.2))):
    for r in runs.values():
        r.run(0.2)
print(f"core {runs['core'].report()['steps_per_s']:.0f} env {runs['env'].report()['steps_per_s']:.0f}")
