"""Run the saves fuzz of tests/test_saves_fuzz.py without stopping at the first failure and
list each distinct hole (exception type and where it was raised) with one edit that finds it.

    nice -n 10 .venv/bin/python reports/engine_saves_fuzz/collect.py [examples per game] [game...]
"""
import os
import sys
import traceback

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests import test_saves_fuzz as fz

N = int(sys.argv[1]) if len(sys.argv) > 1 else 300
DERANDOMIZE = os.environ.get("FUZZ_RANDOM") != "1"  # FUZZ_RANDOM=1: a fresh random sample
GAMES = sys.argv[2:] or fz.GAMES
holes: dict = {}
current = {}


def run(env_id):
    @settings(max_examples=N, deadline=None, database=None, derandomize=DERANDOMIZE,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def probe(data):
        edits = []
        fz.note = edits.append  # keep the edits the example made
        try:
            fz.fuzz_one(env_id, data)
        except Exception as e:  # noqa: BLE001 - every failure is a finding
            tb = traceback.extract_tb(e.__traceback__)
            frame = next((f for f in reversed(tb) if "/conan_envs/" in f.filename), tb[-1])
            where = f"{frame.filename.split('/work/main/')[-1]}:{frame.lineno} `{frame.line}`"
            key = (env_id, type(e).__name__, where)
            if key not in holes:
                holes[key] = (str(e)[:160], edits[:])
    probe()


for g in GAMES:
    run(g)
for (g, kind, where), (msg, edits) in sorted(holes.items()):
    print(f"| {g} | {kind} at {where} | {msg!r} | {edits} |")
