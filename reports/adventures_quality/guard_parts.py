"""The two-player Foe with one rule forced on it, against a Conan: which of the two habits the
issue saw (an early Plot stop, an Ambush Duel with no Warrior dice) costs it games when it is
removed from the choices the trained policy may make (rulebook: Advance the Plot, Challenge
Tokens - Ambush, Duels).

    python reports/adventures_quality/guard_parts.py --part plot --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part ambush --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part none --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part fate --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part plot_fate --seed 200 --games 200

`--part plot` removes "stop rolling" at a Plot roll while another roll is open and the required
results are not all set aside (the early stop counted by quality.py); `--part ambush` removes
the Ambush Duel with an empty Warrior Pool (`baselines.guards.empty_ambush_duel`, the rule of
`guard=true`); `--part fate` removes every use of a Fate token in a Plot roll (where another
move is left), `--part plot_fate` both that and the early stop; `--part none` removes
nothing. The Foe is `policy:adventures_foe_league`, Conan
`scripted:plan=bait` unless `--conan` says otherwise; both agents are seeded by the game's
seed, as in quality.py, so the rows share their games until a removed move is met. Prints one
Markdown row: the Foe's wins and mean Victory points, the Foe's decisions narrowed, and the
Fate tokens the Foe used in its Plot rolls (its actions there labelled "use a ... Fate
token").
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any, cast

import numpy as np

import conan_envs
from baselines import load_agent
from baselines.guards.adventures import empty_ambush_duel
from conan_envs.adventures import dicepool, resource
from conan_envs.adventures.actions import OFF
from conan_envs.adventures.dicepool import ASIDE

ENV = "adventures_v2"
CONAN, FOE = 0, 1
FOE_POLICY = "policy:adventures_foe_league"
# the rules' own matching of results to needs (untyped modules): needs are (symbol, primary)
plot_needs = cast(Callable[..., list[tuple[int, bool]]], resource.plot_needs)
covered = cast(Callable[[list[tuple[int, bool]], list[tuple[int, bool]]], int], dicepool.covered)
mface = cast(Callable[[Any, int, int], int], dicepool.mface)


def early_stop(s: Any, mask: np.ndarray) -> bool:
    """A Plot roll the Foe could stop now with a roll left and the requirement unmet."""
    d = s.frame()
    if d.key != "plot" or not (mask[OFF["yes"]] and mask[OFF["done"]]):
        return False
    req = plot_needs(s, d.actor, bonus=False)
    aside = [(mface(s, d.actor, s.face[d.actor][i]), False)
             for i, z in enumerate(s.zone[d.actor]) if z == ASIDE]
    return covered(aside, req) < len(req)


def fate_label(label: str) -> bool:
    """Whether an action's label spends a Fate token."""
    return label.startswith("use a ") and "Fate token" in label


def forced(part: str, s: Any, mask: np.ndarray) -> np.ndarray:
    """The Foe's mask with the part's move removed where it is met."""
    if part == "plot" and early_stop(s, mask):
        mask = mask.copy()
        mask[OFF["done"]] = False
    elif part in ("fate", "plot_fate") and s.phase == "plot":
        fate = [a for a in np.flatnonzero(mask) if fate_label(s.action_to_string(int(a)))]
        if fate and len(fate) < mask.sum():
            mask = mask.copy()
            mask[fate] = False
        if part == "plot_fate" and early_stop(s, mask):
            mask = mask.copy()
            mask[OFF["done"]] = False
    elif part == "ambush" and empty_ambush_duel(s, mask):
        mask = mask.copy()
        mask[OFF["yes"]] = False
    return mask


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=("none", "plot", "ambush", "fate", "plot_fate"), required=True)
    ap.add_argument("--conan", default="scripted:plan=bait")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=200)
    a = ap.parse_args(argv)
    t = time.process_time()
    wins = removed = fate = 0
    vp = [0, 0]
    for g in range(a.seed, a.seed + a.games):
        agents = [load_agent(a.conan, ENV, CONAN, seed=g), load_agent(FOE_POLICY, ENV, FOE, seed=g)]
        s: Any = conan_envs.make_game(ENV).new_initial_state(g)
        while not s.is_terminal():
            p = s.current_player()
            mask = np.asarray(s.legal_action_mask(), dtype=bool)
            if p == FOE:
                narrowed = forced(a.part, s, mask)
                removed += int((mask & ~narrowed).any())
                mask = narrowed
            action = agents[p].act(s.observation(p), mask, s)
            if p == FOE and s.phase == "plot":
                label = s.action_to_string(action)
                fate += fate_label(label)
            s.apply_action(action)
        wins += s.returns()[FOE] > 0
        vp = [vp[0] + s.vp[CONAN], vp[1] + s.vp[FOE]]
    print(f"| {a.part} | `{a.conan}` | {a.games} (seeds {a.seed}-{a.seed + a.games - 1}) | {wins} "
          f"| {vp[1] / a.games:.1f} : {vp[0] / a.games:.1f} | {removed} | {fate} "
          f"| {time.process_time() - t:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
