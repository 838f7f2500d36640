"""conan-play: play any seat of any env in the terminal against AI seats, watch AIs play,
or write a game down as a Markdown transcript.

    conan-play kings_v2 --human player_0 --ai scripted
    conan-play tower_v2 --config mode=battle --human yara --ai conan=mcts:simulations=200
    conan-play kings_v2 --ai random --seed 3                  # watch AIs play
    conan-play kings_v2 --ai scripted --seed 3 --max-steps 40 --as player_0 \\
        --transcript docs/transcripts/kings.md                # the game as player_0 saw it
    conan-play --web [--port 8000] [--no-browser] [--policy-dir DIR]   # play in the browser

--ai SPEC gives every seat without a person the agent SPEC (default: random);
--ai ROLE=SPEC gives one seat its own. Agent strings: random, scripted,
mcts:simulations=200, ppo:PATH (see `conan-evaluate --help`).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import conan_envs

from ..agent import Agent
from ..human import HumanAgent
from ..match import MatchResult, play_match
from .common import Parser, UserError, argv_list, guarded, parse_pairs, positive_int, seed_int

PROG = "conan-play"


def build_parser() -> Parser:
    from ..loading import describe_agents

    p = Parser(prog=PROG, description=__doc__, epilog="agents and their options:\n" + describe_agents())
    p.add_argument("env_id", nargs="?", help=f"one of {', '.join(conan_envs.ENV_IDS)}")
    p.add_argument("--config", default="", help="game config as key=value,key=value")
    p.add_argument("--human", action="append", default=[], metavar="ROLE",
                   help="a seat played by you (repeatable)")
    p.add_argument("--ai", action="append", default=[], metavar="SPEC|ROLE=SPEC",
                   help="agent for the other seats, or ROLE=SPEC for one seat (default: random)")
    p.add_argument("--seed", type=seed_int, default=0, help="seed of the game and the agents "
                   "(a whole number from 0 to 2**63 - 1; default 0)")
    p.add_argument("--max-steps", type=positive_int, help="stop after this many actions")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument("--transcript", metavar="FILE",
                   help="write the game as Markdown: each decision of the --as roles with the "
                        "board they saw, their events, the legal actions and the choice")
    p.add_argument("--as", dest="as_roles", action="append", default=[], metavar="ROLE",
                   help="role whose decisions the transcript shows (repeatable; default: all)")
    p.add_argument("--web", action="store_true", help="serve the browser front end instead")
    p.add_argument("--port", type=int, help="port for --web (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="with --web: do not open a browser")
    p.add_argument("--policy-dir", metavar="DIR",
                   help="with --web: the folder whose policies AI seats may play as ppo:NAME "
                        "(without it only the shipped policy:NAME)")
    return p


def split_ai_specs(game: Any, ai_specs: Sequence[str]) -> tuple[str, dict[str, str]]:
    """(the default spec, role name -> spec) from ``--ai`` values. ``ROLE=SPEC`` is one seat's
    agent when the part before ``=`` has no ``:`` (``mcts:simulations=2`` is a spec)."""
    default_ai, per_role = "random", {}
    defaults = []
    for spec in ai_specs:
        head, eq, rest = spec.partition("=")
        if eq and ":" not in head:
            role = game.roles[game.role_index(_role_arg(head))]
            if role in per_role:
                raise UserError(f"--ai gives seat {role!r} two agents")
            if not rest:
                raise UserError(f"--ai {spec!r}: no agent after '='")
            per_role[role] = rest
        else:
            defaults.append(spec)
    if len(defaults) > 1:
        raise UserError(f"--ai gives two default agents {defaults}; use ROLE=SPEC for one seat")
    if defaults:
        default_ai = defaults[0]
    return default_ai, per_role


def _role_arg(text: str) -> int | str:
    """A role typed on the command line: ASCII digits are an index, anything else a name."""
    return int(text) if text.isascii() and text.isdigit() else text


def resolve_roles(game: Any, names: Sequence[str], what: str) -> list[int]:
    out = []
    for n in names:
        try:
            r = game.role_index(_role_arg(n))
        except conan_envs.ConfigError:
            raise UserError(f"{what} {n!r} is not a seat of {game.env_id}; seats: "
                            f"{', '.join(game.roles)}") from None
        if r in out:
            raise UserError(f"{what} {game.roles[r]!r} given twice")
        out.append(r)
    return out


def build_agents(game: Any, humans: Sequence[str], ai_specs: Sequence[str], seed: int,
                 input_fn: Callable[[str], str] = input,
                 output_fn: Callable[[str], None] = print) -> tuple[list[Agent], list[str]]:
    """(one agent per role, the spec of each: ``human`` for a person)."""
    from ..loading import load_agent

    human_roles = resolve_roles(game, humans, "--human")
    default_ai, per_role = split_ai_specs(game, ai_specs)
    agents: list[Agent] = []
    specs: list[str] = []
    for i, role in enumerate(game.roles):
        if i in human_roles:
            agents.append(HumanAgent(role, input_fn, output_fn, role_index=i))
            specs.append("human")
        else:
            spec = per_role.get(role, default_ai)
            agents.append(load_agent(spec, game.env_id, role=i, seed=seed + i, **game.config))
            specs.append(spec)
    return agents, specs


def canonical_argv(args: Any, game: Any, specs: Sequence[str], as_roles: Sequence[int]) -> list[str]:
    """The command that replays this game: every seat's agent named, options in one order."""
    argv = [game.env_id]
    if args.config:
        argv += ["--config", args.config]
    argv += ["--seed", str(args.seed)]
    for role, spec in zip(game.roles, specs):
        argv += ["--ai", f"{role}={spec}"]
    if args.max_steps is not None:
        argv += ["--max-steps", str(args.max_steps)]
    for r in as_roles:
        argv += ["--as", game.roles[r]]
    argv += ["--transcript", args.transcript]
    return argv


def serve_web(port: int | None, open_browser: bool, policy_dir: str | None = None) -> None:
    if policy_dir is not None and not Path(policy_dir).is_dir():
        raise UserError(f"--policy-dir {policy_dir}: no such folder")
    try:
        server = importlib.import_module("baselines.web.server")
    except ModuleNotFoundError as e:
        raise UserError(f"--web needs the web front end and its extra: {e.msg}; "
                        "pip install 'conan-envs[web]'") from None
    server.serve(port=port, open_browser=open_browser, policy_dir=policy_dir)


def run(argv: Sequence[str] | None = None, input_fn: Callable[[str], str] = input,
        output_fn: Callable[[str], None] = print) -> MatchResult | None:
    """The command's work; user errors raise ConfigError (``main`` prints them)."""
    args = build_parser().parse_args(argv_list(argv))
    if args.web:
        if args.env_id or args.human or args.ai or args.transcript:
            raise UserError("--web takes only --port, --no-browser and --policy-dir; choose the "
                            "game in the browser")
        serve_web(args.port, not args.no_browser, args.policy_dir)
        return None
    if args.port is not None or args.no_browser or args.policy_dir is not None:
        raise UserError("--port, --no-browser and --policy-dir go with --web")
    if not args.env_id:
        raise UserError(f"name an env id: one of {', '.join(conan_envs.ENV_IDS)} (or --web)")
    conan_envs.check_env_id(args.env_id)
    game = conan_envs.make_game(args.env_id, **parse_pairs(args.config))
    if args.as_roles and not args.transcript:
        raise UserError("--as ROLE chooses whose decisions --transcript FILE shows; give --transcript")
    transcript = None
    if args.transcript:
        if args.human:
            raise UserError("--transcript records AI seats only (a replay must make the same moves)")
        out = Path(args.transcript)
        if not out.parent.is_dir():
            raise UserError(f"--transcript {args.transcript}: no folder {out.parent}")
        as_roles = resolve_roles(game, args.as_roles, "--as") or list(range(game.num_roles))
    agents, specs = build_agents(game, args.human, args.ai, args.seed, input_fn, output_fn)
    if args.transcript:
        from .transcript import RecordingAgent, Transcript

        transcript = Transcript(game, canonical_argv(args, game, specs, as_roles), args.seed,
                                specs, as_roles)
        agents = [RecordingAgent(a, r, transcript) for r, a in enumerate(agents)]
    human_roles = {game.roles[r] for r in resolve_roles(game, args.human, "--human")}

    # With a person at the table the feed is that person's log, never the AI's move names (a
    # name can carry a hidden card); AIs alone are watched move by move.
    watcher = min((game.roles.index(r) for r in human_roles), default=None)
    next_event = [0]

    def show(state: Any, role: int, label: str) -> None:
        if args.quiet or transcript is not None or game.roles[role] in human_roles:
            return
        if watcher is None:
            output_fn(f"{game.roles[role]}: {label}")
            return
        for number, text in state.events_since(watcher, next_event[0]):
            output_fn(f"  {text}")
            next_event[0] = number + 1

    try:
        result = play_match(game, agents, seed=args.seed, on_step=show, max_steps=args.max_steps)
    except (KeyboardInterrupt, EOFError):
        output_fn("\ngame abandoned")
        return None
    if transcript is not None:
        text = transcript.finish(result.final_state, result.steps, result.stopped)
        Path(args.transcript).write_text(text, encoding="utf-8")
        output_fn(f"transcript of {result.steps} actions written to {args.transcript}")
        return result
    if not args.quiet:
        output_fn(result.final_state.render_text())
    if result.stopped:
        ending = "stopped (--max-steps)"
    elif result.truncated:
        ending = "stopped at the turn cap"
    else:
        ending = "game over"
    output_fn(f"\n{ending} after {result.steps} actions; returns: "
              + ", ".join(f"{r}={v:+g}" for r, v in zip(game.roles, result.returns)))
    return result


def main(argv: Sequence[str] | None = None) -> int:
    return guarded(PROG, lambda: run(argv))


if __name__ == "__main__":
    raise SystemExit(main())
