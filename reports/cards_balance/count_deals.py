"""Deals and Alliances in scripted self-play (issue 14, cards: "the scripted agent makes and
accepts deals (counted over 200 games)").

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


def play(n: int, games: int, seed0: int) -> dict:
    game = conan_envs.make_game("cards_v1", num_players=n)
    count = collections.Counter()
    for g in range(games):
        s = game.new_initial_state(seed0 + g)
        agents = [load_agent("scripted", "cards_v1", r, seed=seed0 + g, num_players=n)
                  for r in range(n)]
        while not s.is_terminal() and not s.is_truncated():
            p = s.current_player()
            a = agents[p].act(s.observation(p), s.legal_action_mask(), s)
            seg, _ = game.codec.decode(a)
            dec = s.decision()
            if dec == "diplomacy" and seg != "pass":
                count[f"{seg} proposed"] += 1
            elif dec == "answer":
                kind = s.offer["kind"] + (" counter-offer" if s.offer["counter"] else "")
                verdict = {"accept": "accepted", "counter": "countered"}.get(seg, "rejected")
                count[f"{kind} {verdict}"] += 1
            elif dec in ("deal_build", "alliance_terms") and seg == "pass":
                count["offer withdrawn while built"] += 1
            elif dec in ("ability veto", "ability deal_break") and seg == "ability":
                count[dec.split()[1] + " used"] += 1
            s.apply_action(a)
        count["games"] += 1
        count["truncated"] += s.is_truncated()
        count["rounds"] += s.turn + 1
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=20000)
    args = ap.parse_args()
    rows = {n: play(n, args.games, args.seed) for n in args.players}
    keys = sorted({k for c in rows.values() for k in c} - {"games", "rounds", "truncated"})
    print("| count | " + " | ".join(f"{n} players" for n in args.players) + " |")
    print("|---|" + "---|" * len(args.players))
    for k in ["games", "truncated"] + keys:
        print(f"| {k} | " + " | ".join(str(rows[n][k]) for n in args.players) + " |")
    print("| mean rounds | " + " | ".join(f"{rows[n]['rounds'] / rows[n]['games']:.1f}"
                                          for n in args.players) + " |")


if __name__ == "__main__":
    main()
