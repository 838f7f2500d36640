"""Deals and Alliances in scripted self-play (issue 14, cards: "the scripted agent makes and
accepts deals (counted over 200 games)"), with the balance by seat, turn order and Hero.

    python reports/cards_balance/count_deals.py --games 200 --players 2 3 4
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import conan_envs  # noqa: E402
from baselines import load_agent  # noqa: E402
from conan_envs.cards import content as C  # noqa: E402


def play(n: int, games: int, seed0: int) -> dict:
    game = conan_envs.make_game("cards_v2", num_players=n)
    count = collections.Counter()
    for g in range(games):
        s = game.new_initial_state(seed0 + g)
        agents = [load_agent("scripted", "cards_v2", r, seed=seed0 + g, num_players=n)
                  for r in range(n)]
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            a = agents[p].act(s.observation(p), s.legal_action_mask(), s)
            seg, _ = game.codec.decode(a)
            dec = s.decision()
            if dec == "diplomacy" and seg != "pass":
                count[f"{seg} proposed"] += 1
            elif dec == "answer":
                off = s.offer_on_table
                kind = off.kind + (" counter-offer" if off.counter else "")
                verdict = {"accept": "accepted", "counter": "countered"}.get(seg, "rejected")
                count[f"{kind} {verdict}"] += 1
            elif dec in ("deal_build", "alliance_terms") and seg == "pass":
                count["offer withdrawn while built"] += 1
            elif dec in ("veto", "deal_break") and seg == "ability":
                count[dec + " used"] += 1
            s.apply_action(a)
        count["games"] += 1
        count["truncated"] += s.is_truncated()
        count["rounds"] += s.turn + 1
        if s.winner >= 0:
            count[f"win seat {s.winner}"] += 1
            count[f"win order {s.order.index(s.winner) + 1}"] += 1
            count["ended by elimination"] += sum(s.alive) == 1
        for p in range(n):
            hero = C.NAME[C.H0 + s.hero[p]]
            count[f"hero {hero} games"] += 1
            count[f"hero {hero} wins"] += s.winner == p
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=20000)
    args = ap.parse_args()
    rows = {n: play(n, args.games, args.seed) for n in args.players}
    keys = sorted({k for c in rows.values() for k in c if not k.startswith(("win ", "hero "))}
                  - {"games", "rounds", "truncated"})
    print("| count | " + " | ".join(f"{n} players" for n in args.players) + " |")
    print("|---|" + "---|" * len(args.players))
    for k in ["games", "truncated"] + keys:
        print(f"| {k} | " + " | ".join(str(rows[n][k]) for n in args.players) + " |")
    print("| mean rounds | " + " | ".join(f"{rows[n]['rounds'] / rows[n]['games']:.1f}"
                                          for n in args.players) + " |")
    for what, first in (("seat", 0), ("order", 1)):
        cells = []
        for n in args.players:
            rates = [rows[n][f"win {what} {i + first}"] / rows[n]["games"] for i in range(n)]
            cells.append(" ".join(f"{x:.3f}" for x in rates))
        print(f"| win rate by {what} | " + " | ".join(cells) + " |")
    print()
    print("| hero | " + " | ".join(f"{n} players: win rate (fair {1 / n:.2f})" for n in args.players)
          + " |")
    print("|---|" + "---|" * len(args.players))
    for h in C.NAME[:C.NUM_HEROES]:
        print(f"| {h} | " + " | ".join(
            f"{rows[n][f'hero {h} wins'] / max(1, rows[n][f'hero {h} games']):.3f}"
            for n in args.players) + " |")


if __name__ == "__main__":
    main()
