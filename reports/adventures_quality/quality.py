"""Play-quality numbers of an Adventures Foe (two players, `adventures_v2`): does it stop a Plot
roll it is likely to win, does it choose the Ambush Duel with no Warrior dice, and the final
scores (rulebook: Advance the Plot, Challenge Tokens - Ambush, Duels, End of Game).

    python reports/adventures_quality/quality.py --foe hard --conan scripted --games 200 --seed 0

The Foe plays the agent given, Conan the agent given (default `scripted`), on seeds
SEED..SEED+GAMES-1. Every number is read through the public API: the pending decision and its
public fields (`state.frame()`), the legal mask and the action each agent chose, the dice
shown (`state.face`, `state.zone`, `state.dtype`), the scores and the event log
(`state.events_since`). Prints one Markdown row per run.

**A Plot roll stopped early**: at its Plot roll (a `plot` decision) the Foe stops rolling
("done") while another roll is open ("yes" is legal) and the required results are not all set
aside, so the attempt fails for certain. Continuing would have advanced with probability P,
the chance that a player who sets aside each die covering one more required result and rolls
on while a roll is left (rule: every reroll first moves the Character results to the failed
dice; 3 failed dice fail the attempt) covers the required results (rulebook: Advance the
Plot). P is computed by `CHANCE_SAMPLES` simulated continuations of the dice shown, each die
rolling its own six faces; it counts no Fate or God token, so it is a lower bound on the best
play. The stop is **likely won** (continuing favoured) when P >= 1/2.

**An Ambush Duel with no Warrior dice**: at its Ambush choice (an `ambush` decision) the Foe
chooses the Duel ("yes") while none of its active dice shows a result it may put in a Warrior
Pool (Warrior, Character or Wild: Create the Warrior Pool), so it meets Conan with an empty
Pool and loses (Conan wins ties against the Foe: Settling Ties).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

import conan_envs
from baselines import load_agent
from conan_envs.adventures import dicepool, resource
from conan_envs.adventures.actions import OFF
from conan_envs.adventures.content import content
from conan_envs.adventures.dicepool import ACTIVE, ASIDE, FAILED
from conan_envs.adventures.text import name_of

ENV = "adventures_v2"
CONAN, FOE = 0, 1  # the roles of the two-player game
CHANCE_SAMPLES = 2000
LIKELY = 0.5
C = content()
# the rules' own matching of results to needs (untyped modules): needs are (symbol, primary)
plot_needs = cast(Callable[..., list[tuple[int, bool]]], resource.plot_needs)
covered = cast(Callable[[list[tuple[int, bool]], list[tuple[int, bool]]], int], dicepool.covered)
mface = cast(Callable[[Any, int, int], int], dicepool.mface)


@dataclass
class Tally:
    games: int = 0
    foe_wins: int = 0
    vp: list[int] = field(default_factory=lambda: [0, 0])
    plot_stops: int = 0  # the Foe stopped its Plot roll with a roll left
    stops: int = 0  # ... and the required results not set aside (an early stop)
    stops_likely: int = 0  # ... when continuing advanced with probability >= LIKELY
    chance_thrown: float = 0.0  # the sum of P over the stops
    ambush_offers: int = 0
    ambush_duels: int = 0
    ambush_duels_empty: int = 0  # the Duel chosen with no die for a Warrior Pool
    ambush_duels_lost: int = 0
    duels: int = 0  # every Duel of the game
    duels_foe_won: int = 0


def continue_chance(s: Any, p: int, rng: np.random.Generator, samples: int = CHANCE_SAMPLES) -> float:
    """The chance that p, rolling on from its Plot roll now, covers the required results (the
    module docstring says how it plays on)."""
    req = plot_needs(s, p, bonus=False)
    face, zone, dtype = s.face[p], s.zone[p], s.dtype[p]
    aside = [mface(s, p, face[i]) for i in range(len(zone)) if zone[i] == ASIDE]
    active = [i for i in range(len(zone)) if zone[i] == ACTIVE]
    failed = zone.count(FAILED)
    rolls_left = 3 - s.frame().rolls
    wins = 0
    for _ in range(samples):
        wins += _play_on(s, p, req, list(aside), [(dtype[i], face[i]) for i in active], failed,
                         rolls_left, rng)
    return wins / samples


def _set_aside(s: Any, p: int, aside: list[int], shown: list[tuple[int, int]],
               req: list[tuple[int, bool]]) -> list[tuple[int, int]]:
    """Set aside each shown die that covers one more required result; the rest stay."""
    rest = []
    for t, f in shown:
        m = mface(s, p, f)
        if not C.face_pure_char[f] and _cov(aside + [m], req) > _cov(aside, req):
            aside.append(m)
        else:
            rest.append((t, f))
    return rest


def _cov(aside: list[int], req: list[tuple[int, bool]]) -> int:
    return int(covered([(m, False) for m in aside], req))


def _play_on(s: Any, p: int, req: list[tuple[int, bool]], aside: list[int],
             shown: list[tuple[int, int]], failed: int, rolls_left: int,
             rng: np.random.Generator) -> int:
    shown = _set_aside(s, p, aside, shown, req)
    if _cov(aside, req) == len(req):
        return 1
    for _ in range(rolls_left):
        failed += sum(1 for _t, f in shown if C.face_char[f])
        if failed >= 3:
            return 0
        dice = [t for t, f in shown if not C.face_char[f]]
        if not dice:
            return 0
        faces = rng.integers(6, size=len(dice))
        shown = _set_aside(s, p, aside, [(t, C.dfaces[t][x]) for t, x in zip(dice, faces)], req)
        if _cov(aside, req) == len(req):
            return 1
    return 0


def _watch_foe(s: Any, a: int, mask: Any, n: Tally, rng: np.random.Generator) -> bool:
    """Count the Foe's decision about to be played; True when it chose an Ambush Duel."""
    d = s.frame()
    if d.key == "plot" and mask[OFF["yes"]] and a == OFF["done"]:
        n.plot_stops += 1
        req = plot_needs(s, FOE, bonus=False)
        aside = [(mface(s, FOE, s.face[FOE][i]), False)
                 for i, z in enumerate(s.zone[FOE]) if z == ASIDE]
        if covered(aside, req) < len(req):
            chance = continue_chance(s, FOE, rng)
            n.stops += 1
            n.stops_likely += chance >= LIKELY
            n.chance_thrown += chance
    elif d.key == "ambush":
        n.ambush_offers += 1
        if a == OFF["yes"]:
            n.ambush_duels += 1
            pool = [i for i, z in enumerate(s.zone[FOE]) if z == ACTIVE and C.face_pool[s.face[FOE][i]]]
            n.ambush_duels_empty += not pool
            return True
    return False


def play(foe: str, conan: str, g: int, n: Tally, rng: np.random.Generator) -> None:
    game = conan_envs.make_game(ENV)
    agents = [load_agent(conan, ENV, CONAN, seed=g), load_agent(foe, ENV, FOE, seed=g)]
    s: Any = game.new_initial_state(g)
    foe_name = name_of(s, FOE)
    ambush_open = False
    while not s.is_terminal():
        p = s.current_player()
        mask = s.legal_action_mask()
        a = agents[p].act(s.observation(p), mask, s)
        if p == FOE and _watch_foe(s, a, mask, n, rng):
            ambush_open = True
        seq = s.log_seq
        s.apply_action(a)
        for _, text in s.events_since(CONAN, seq):
            if " duels " in text:
                n.duels += 1
            elif " wins the Duel against " in text:
                won = text.startswith(foe_name + " ")
                n.duels_foe_won += won
                if ambush_open:
                    n.ambush_duels_lost += not won
                    ambush_open = False
    n.games += 1
    n.foe_wins += s.returns()[FOE] > 0
    for r in (CONAN, FOE):
        n.vp[r] += s.vp[r]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--foe", default="hard", help="the Foe's agent string")
    ap.add_argument("--conan", default="scripted", help="Conan's agent string")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    t = time.process_time()
    n = Tally()
    rng = np.random.default_rng(a.seed)
    for g in range(a.seed, a.seed + a.games):
        play(a.foe, a.conan, g, n, rng)
    k = max(n.games, 1)
    print(f"| `{a.foe}` | `{a.conan}` | {n.games} (seeds {a.seed}-{a.seed + a.games - 1}) "
          f"| {n.foe_wins} | {n.vp[FOE] / k:.1f} : {n.vp[CONAN] / k:.1f} "
          f"| {n.plot_stops} | {n.stops} | {n.stops_likely} "
          f"({n.stops_likely / max(n.stops, 1):.2f}) | {n.chance_thrown:.1f} "
          f"| {n.ambush_offers} | {n.ambush_duels} | {n.ambush_duels_empty} "
          f"({n.ambush_duels_empty / max(n.ambush_duels, 1):.2f}) | {n.ambush_duels_lost} "
          f"| {n.duels} | {n.duels_foe_won} | {time.process_time() - t:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
