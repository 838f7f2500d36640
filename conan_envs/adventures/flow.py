"""The state machine's plumbing (rulebook: Round Overview, Timing rule): a stack of pending
tasks run by the core without asking, and the one decision currently asked of a player.

Rules modules register task runners with @task and decisions with @decision(kind, mask_fn).
A task is a list [name, *args]; a decision is a dict {"k": kind, "p": player, ...}.
"""
from __future__ import annotations

ACTIVE = 0  # dicepool.ACTIVE (flow.py imports nothing from the rules)

TASKS: dict = {}
DECISIONS: dict = {}


def task(name):
    def wrap(fn):
        TASKS[name] = fn
        return fn
    return wrap


def decision(kind, mask_fn):
    def wrap(fn):
        DECISIONS[kind] = (mask_fn, fn)
        return fn
    return wrap


def mask_die_opts(s, mask, off):
    """The mask of a decision that picks one of the dice listed in its `opts`."""
    for d in s.dec["opts"]:
        mask[off["die"] + d] = True


def push(s, *tasks):
    """Queue tasks to run next, in the order given."""
    s.tasks.extend(reversed(tasks))


def ask(s, decision_kind, p, **kw):
    d = {"k": decision_kind, "p": p}
    d.update(kw)
    s.dec = d


RUN_LIMIT = 100_000  # tasks without a decision: far beyond any real round


def run(s):
    """Run pending tasks until a decision is needed or the game is over."""
    steps = 0
    while s.dec is None and not s.over:
        if not s.tasks:
            s.tasks.append(["round"])
        t = s.tasks.pop()
        TASKS[t[0]](s, *t[1:])
        steps += 1
        if steps > RUN_LIMIT:
            raise RuntimeError(f"the rules ran {RUN_LIMIT} tasks without a decision")


@task("resume")
def _resume(s, d):
    """Return to a decision that a side effect (e.g. a cycle's keep-one choice) interrupted;
    a Main-phase turn whose dice were all used up meanwhile passes to the next player."""
    if d["k"] == "main" and ACTIVE not in s.zone[d["p"]]:
        push(s, ["main_after", d["p"], d["j"]])
        return
    s.dec = d
