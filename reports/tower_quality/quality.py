"""Play-quality numbers of a Yara (Battle Mode): how often she attacks when she may, whether she
attacks when her dice are better than Conan's, what her minions spend their BLOCK and RIPOSTE
dice on, and where she plays her Plot cards (at Yag Kosha's Chamber the tokens are wiped before
the next fight, so a Plot played there is wasted).

    python reports/tower_quality/quality.py --yara hard --games 100 --seed 0
    python reports/tower_quality/quality.py --yara hard --opponent scripted:plan=patient

Yara plays the agent given, Conan the --opponent (default the scripted Conan), on seeds
SEED..SEED+GAMES-1. Every number is read through the public API: the legal mask and the action
each agent chose, the decision's frame (the minion activated or struck), the public board
(minions' dice, squares and cards, Conan's slotted rows) and the view (the location's id, the
rounds fought). Prints one Markdown row per run, or the rows of both tables with --table.

"Better dice" (rulebook: Enemy Attacks in Battle Mode, "add all the successful hits from that
attack together. Conan will have to block those hits ..., otherwise he will lose 1 FATIGUE for
each successful hit"; Terrain and Combat): at a decision where the activated minion may attack,
her dice are the hits that attack brings (each die of its attack rows in range: a hit or
hit/RIPOSTE die 1, a Bite 2, a Claw die rolling 4+ 0.5, a POISON or RATTLED token 1, plus the
round's extra hits) and his are what he can stop them with (his BLOCK and RIPOSTE dice slotted,
his free blocks, and 1 for height advantage against a melee attacker). Hers are better when
they are more: the attack costs him FATIGUE. Counted twice: at her decisions where the attack
is legal, and per activation: a minion activated that could reach Conan with its own movement
(no die burned) and attack him there with the better dice, and whether it attacked.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any, cast

import conan_envs
from baselines import load_agent
from conan_envs.tower.content import BLOCK, RIPOSTE
from conan_envs.tower.grid import dist
from conan_envs.tower.state import TowerState

ENV = "tower_v2"
WIPED = "yag_kosha"  # Yag Kosha's Chamber: Plot tokens are wiped before the next fight
# expected hits of one die of an attack row (rollhit: a Claw hits on 4+; tokens count as a hit)
PER_DIE = {"hit": 1.0, "hitriposte": 1.0, "rollhit": 0.5, "venom": 1.0, "curse": 1.0}
GUARD_ROWS = ("block", "riposte")   # the minions' BLOCK and RIPOSTE rows


def her_hits(s: TowerState, e: Any) -> float:
    """The hits the attack of minion `e` brings on Conan now."""
    rows = s.enemy_kind(e).rows
    hits = 0.0
    for r in cast(Any, s).attack_rows_in_range(e):   # an untyped public query
        row = rows[r]
        hits += e.dice[r] * (float(row.param) if row.kind == "bite" else PER_DIE[row.kind])
    return hits + float(e.bonus_hits)


def his_stops(s: TowerState, e: Any) -> int:
    """What Conan can stop that attack with: BLOCK and RIPOSTE dice slotted, free blocks, and
    height advantage against a melee attacker."""
    height = s.grid().height_advantage(s.pos, e.square)
    return len(s.rows[BLOCK]) + len(s.rows[RIPOSTE]) + int(s.free_blocks) + int(height)


def better_within_move(s: TowerState, e: Any) -> bool:
    """At the start of its activation: minion `e` can get an attack in range of Conan with its
    own movement (no die burned) whose hits beat what he can stop there."""
    k = s.enemy_kind(e)
    q = cast(Any, s)   # the public queries below are untyped
    budget = 0 if e.token_active and e.tokens and e.tokens[0] == "R" else k.move + e.bonus_move
    g = s.grid()
    ign = q.ignores_blocking(e)
    taken = {x.square for x in s.enemies if x is not e and s.enemy_alive(x)}
    attack = [(r, row) for r, row in enumerate(k.rows) if row.kind in PER_DIE or row.kind == "bite"]
    for reach in sorted({row.range for r, row in attack if e.dice[r]}):
        goals = g.squares_in_range(s.pos, reach, ign) - taken
        if e.square in goals:
            goal: int | None = e.square
            cost = 0
        else:
            goal, costs, _prev = g.dijkstra(e.square, s.pos, ign, goals)
            cost = costs[goal] if goal is not None else 99
        if goal is None or cost > budget:
            continue
        far = dist(goal, s.pos)
        hits = sum(e.dice[r] * (float(row.param) if row.kind == "bite" else PER_DIE[row.kind])
                   for r, row in attack if row.range >= far) + e.bonus_hits
        stops = len(s.rows[BLOCK]) + len(s.rows[RIPOSTE]) + s.free_blocks + int(
            g.height_advantage(s.pos, goal))
        if hits > stops:
            return True
    return False


def measure(yara: str, games: int, seed: int, opponent: str = "scripted") -> dict[str, float]:
    game = conan_envs.make_game(ENV, mode="battle")
    cut = game.codec.slice
    attack = cut("attack").start
    plots, burns, blocks = cut("plot"), cut("burn_move"), cut("minion_block")
    activate = cut("activate")
    n = {"offered": 0, "attacked": 0, "better": 0, "better_attacked": 0, "plots": 0,
         "plots_wiped": 0, "rounds": 0, "yara_wins": 0, "moves": 0, "walked": 0,
         "walked_guard": 0, "blocked_guard": 0, "act_better": 0, "act_better_attacked": 0}
    for g in range(seed, seed + games):
        agents = [load_agent(opponent, ENV, 0, seed=g, mode="battle"),
                  load_agent(yara, ENV, 1, seed=g, mode="battle")]
        s = cast(TowerState, game.new_initial_state(g))
        armed = False   # the minion activated could attack with the better dice, not yet done
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            mask = s.legal_action_mask()
            a = agents[p].act(s.observation(p), mask, s)
            if p == 1:
                n["moves"] += 1
                if activate.start <= a < activate.stop:
                    armed = better_within_move(s, s.enemies[a - activate.start])
                    n["act_better"] += armed
                elif a == attack and armed:
                    n["act_better_attacked"] += 1
                    armed = False
                if mask[attack]:
                    n["offered"] += 1
                    n["attacked"] += a == attack
                    e = s.enemies[cast(Any, s.frame()).enemy]
                    if her_hits(s, e) > his_stops(s, e):
                        n["better"] += 1
                        n["better_attacked"] += a == attack
                if plots.start <= a < plots.stop:
                    n["plots"] += 1
                    n["plots_wiped"] += s.view(1)["location"]["id"] == WIPED
                if burns.start <= a < burns.stop:
                    e = s.enemies[cast(Any, s.frame()).enemy]
                    n["walked"] += 1
                    n["walked_guard"] += s.enemy_kind(e).rows[a - burns.start][2] in GUARD_ROWS
                if blocks.start <= a < blocks.stop:
                    e = s.enemies[cast(Any, s.frame()).attack.blows[0].target]
                    n["blocked_guard"] += s.enemy_kind(e).rows[a - blocks.start][2] in GUARD_ROWS
            s.apply_action(a)
        view = s.view(1)
        n["rounds"] += view["round"]["rounds_fought"]
        n["yara_wins"] += s.returns()[1] > 0
    return {k: float(v) for k, v in n.items()}


def rate(a: float, b: float) -> str:
    return f"{a / max(b, 1):.2f} ({int(a)}/{int(b)})"


def rows(yara: str, opponent: str, games: int, seed: int, n: dict[str, float],
         cpu: float) -> tuple[str, str]:
    """The run's row of the attack table and of the dice table."""
    who = f"| `{yara}` | `{opponent}` | {games} (seeds {seed}-{seed + games - 1}) "
    attacks = (who + f"| {int(n['yara_wins'])} | {rate(n['attacked'], n['offered'])} "
               f"| {rate(n['better_attacked'], n['better'])} "
               f"| {rate(n['act_better_attacked'], n['act_better'])} "
               f"| {n['attacked'] / max(n['rounds'], 1):.2f} | {n['attacked'] / games:.1f} "
               f"| {int(n['plots'])} | {int(n['plots_wiped'])} | {cpu:.0f} |")
    guard = n["walked_guard"] + n["blocked_guard"]
    dice = (who + f"| {n['rounds'] / games:.1f} | {int(n['walked'])} | {int(n['walked_guard'])} "
            f"| {int(n['blocked_guard'])} | {n['walked_guard'] / max(guard, 1):.2f} |")
    return attacks, dice


ATTACK_HEADER = ("| Yara | Conan | games | Yara's wins | attacks when legal "
                 "| attacks when her dice are better "
                 "| activations that could attack with the better dice and did "
                 "| attacks per combat round "
                 "| attacks per game | Plot cards played | at Yag Kosha's Chamber | CPU s |\n"
                 "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
DICE_HEADER = ("| Yara | Conan | games | combat rounds per game | dice burned to move "
               "| BLOCK/RIPOSTE dice burned to move | BLOCK/RIPOSTE dice blocking Conan "
               "| share walked |\n|---|---|---|---:|---:|---:|---:|---:|")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--yara", default="hard", help="Yara's agent string")
    ap.add_argument("--opponent", default="scripted",
                    help="Conan's agent string (e.g. scripted:plan=patient)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--table", action="store_true", help="print both tables' headers too")
    a = ap.parse_args(argv)
    t = time.process_time()
    n = measure(a.yara, a.games, a.seed, a.opponent)
    attacks, dice = rows(a.yara, a.opponent, a.games, a.seed, n, time.process_time() - t)
    if a.table:
        print(ATTACK_HEADER)
    print(attacks)
    if a.table:
        print()
        print(DICE_HEADER)
    print(dice)
    return 0


if __name__ == "__main__":
    sys.exit(main())
