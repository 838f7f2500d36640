"""Profile the rules core of adventures_v1 (random legal play: mask + apply, no observations).
    .venv/bin/python reports/adventures_speed/prof_core.py [seconds] [top]"""
import cProfile, pstats, sys
sys.path.insert(0, '.')
import conan_envs
from baselines.cli.bench import CoreRun
secs = float(sys.argv[1]) if len(sys.argv) > 1 else 4; top = int(sys.argv[2]) if len(sys.argv) > 2 else 40
run = CoreRun(conan_envs.make_game("adventures_v1"))
pr = cProfile.Profile(); pr.enable(); run.run(secs); pr.disable()
print(run.report())
pstats.Stats(pr).sort_stats('tottime').print_stats(top)
