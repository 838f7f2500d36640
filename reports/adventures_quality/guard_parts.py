"""The two-player Foe with one rule forced on it, against a Conan: which of the two habits the
issue saw (an early Plot stop, an Ambush Duel with no Warrior dice) costs it games when it is
removed from the choices the trained policy may make (rulebook: Advance the Plot, Challenge
Tokens - Ambush, Duels).

    python reports/adventures_quality/guard_parts.py --part plot --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part ambush --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part none --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part fate --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part plot_fate --seed 200 --games 200
    python reports/adventures_quality/guard_parts.py --part ambush_odds --seed 200 --games 100
    python reports/adventures_quality/guard_parts.py --part strike --seed 200 --games 100

`--part plot` removes "stop rolling" at a Plot roll while another roll is open and the required
results are not all set aside (the early stop counted by quality.py); `--part ambush` removes
the Ambush Duel with an empty Warrior Pool (`baselines.guards.empty_ambush_duel`, the rule of
`guard=true`); `--part fate` removes every use of a Fate token in a Plot roll (where another
move is left), `--part plot_fate` both that and the early stop; `--part none` removes
nothing. Two rules against the baiting Conan's Duels (Duels; Challenge Tokens - Ambush):
`--part ambush_odds` removes every Ambush Duel that Conan's active Pool dice win or tie at
least half the time (`duel_chance`: Conan wins ties), leaving the die on the Encounter track;
`--part strike` walks the Foe into Conan, with its Move die least worth in a Duel, whenever he
stands one step away and its remaining Pool dice beat his more often than not. The Foe is
`policy:adventures_foe_league`, Conan `scripted:plan=bait` unless `--conan` says otherwise;
both agents are seeded by the game's seed, as in quality.py, so the rows share their games
until a removed move is met. Prints one Markdown row: the Foe's wins and mean Victory
points, the Foe's decisions narrowed, and the Fate tokens the Foe used in its Plot rolls (its
actions there labelled "use a ... Fate token").
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
from baselines.scripted.adventures_tactics import MOVES, duel_chance, duel_worth, pool_types
from conan_envs.adventures import dicepool, resource
from conan_envs.adventures.actions import NV, OFF, VERBS
from conan_envs.adventures.content import content
from conan_envs.adventures.dicepool import ASIDE

ENV = "adventures_v2"
CONAN, FOE = 0, 1
FOE_POLICY = "policy:adventures_foe_league"
C = content()
MOVE = VERBS.index("move")
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


def ambush_unfavoured(s: Any, mask: np.ndarray) -> bool:
    """An Ambush Duel offered beside a die for the Encounter track, which Conan's active Pool
    dice win or tie at least half the time."""
    d = s.frame()
    if d.key != "ambush" or not mask[OFF["yes"]] or not mask[OFF["slot"]:OFF["slot"] + 4].any():
        return False
    return duel_chance(pool_types(s, CONAN), pool_types(s, FOE)) >= 0.5


def strike(s: Any, mask: np.ndarray) -> int | None:
    """The move that walks the Foe into Conan's kingdom where its Duel is favoured: the Move die
    least worth in a Duel at its Main-phase turn, then his kingdom when it chooses where."""
    d = s.frame()
    here, there = s.loc[FOE], s.loc[CONAN]
    if d.key == "move_to":
        favoured = d.why == "move" and there in d.opts and 1 - duel_chance(
            pool_types(s, CONAN), pool_types(s, FOE)) > 0.5
        return int(OFF["kingdom"] + there) if favoured else None
    if d.key != "main" or here == there or MOVES[here][there] != 1:
        return None
    dice = [i for i in range(len(s.zone[FOE])) if mask[OFF["act"] + i * NV + MOVE]]
    if not dice:
        return None
    die = min(dice, key=lambda i: (duel_worth(s.dtype[FOE][i], s.face[FOE][i]), i))
    if 1 - duel_chance(pool_types(s, CONAN), pool_types(s, FOE, but=die)) <= 0.5:
        return None
    return int(OFF["act"] + die * NV + MOVE)


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
    elif part == "ambush_odds" and ambush_unfavoured(s, mask):
        mask = mask.copy()
        mask[OFF["yes"]] = False
    elif part == "strike" and (a := strike(s, mask)) is not None:
        mask = np.zeros_like(mask)
        mask[a] = True
    elif part == "ambush" and empty_ambush_duel(s, mask):
        mask = mask.copy()
        mask[OFF["yes"]] = False
    return mask


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", required=True, choices=("none", "plot", "ambush", "fate", "plot_fate",
                                                      "ambush_odds", "strike"))
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
