"""Play any seat of any env in the terminal against AI seats.

    python scripts/play.py kings_v1 --human player_0 --ai scripted
    python scripts/play.py tower_v1 --config mode=battle --human yara --ai conan=mcts:simulations=200
    python scripts/play.py kings_v1 --ai random --seed 3         # watch AIs play
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import conan_envs  # noqa: E402
from baselines import load_agent, parse_spec  # noqa: E402
from baselines.human import HumanAgent  # noqa: E402
from baselines.match import play_match  # noqa: E402


def build_agents(game, humans, ai_specs, seed, input_fn=input, output_fn=print):
    default_ai, per_role = "random", {}
    for spec in ai_specs:
        role, eq, rest = spec.partition("=")
        if eq and role in game.roles:
            per_role[role] = rest
        else:
            default_ai = spec
    for h in humans:
        if h not in game.roles:
            raise conan_envs.ConfigError(f"unknown seat {h!r}; seats: {', '.join(game.roles)}")
    agents = []
    for i, role in enumerate(game.roles):
        if role in humans:
            agents.append(HumanAgent(role, input_fn, output_fn))
        else:
            agents.append(load_agent(per_role.get(role, default_ai), game.env_id, role=i,
                                     seed=seed + i, **game.config))
    return agents


def main(argv=None, input_fn=input, output_fn=print):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("env_id", choices=conan_envs.ENV_IDS)
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--human", action="append", default=[], help="seat played by you (repeatable)")
    p.add_argument("--ai", action="append", default=[],
                   help="agent for the other seats, or ROLE=SPEC for one seat (default: random)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--quiet", action="store_true", help="print only the result")
    args = p.parse_args(argv)
    config = parse_spec("x:" + args.config)[1] if args.config else {}
    game = conan_envs.make_game(args.env_id, **config)
    agents = build_agents(game, args.human, args.ai, args.seed, input_fn, output_fn)

    def show(state, role, label):
        if not args.quiet and game.roles[role] not in args.human:
            output_fn(f"{game.roles[role]}: {label}")

    try:
        result = play_match(game, agents, seed=args.seed, on_step=show)
    except (KeyboardInterrupt, EOFError):
        output_fn("\ngame abandoned")
        return None
    output_fn(str(result.final_state))
    ending = "stopped at the turn cap" if result.truncated else "game over"
    output_fn(f"\n{ending} after {result.steps} actions; returns: "
              + ", ".join(f"{r}={v:+g}" for r, v in zip(game.roles, result.returns)))
    return result


if __name__ == "__main__":
    main()
