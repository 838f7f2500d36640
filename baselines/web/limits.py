"""What the web server lets a request ask for (issue 32): the AI move budget, the policy
folder ``ppo:`` paths must lie in, the seed range, and the sizes of what it keeps.

The page is reached only from this computer (see ``server.Guard``), but whoever holds the
page's address may still ask for an agent that searches for hours or a policy file anywhere
on disk; these checks run when a seat is made, before any work, and each refusal is a
:class:`WebError` with a 4xx status whose message names the cap or what is valid.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from baselines.loading import resolve_difficulty
from baselines.ppo import model_paths
from baselines.specs import check_spec
from conan_envs import ConfigError

# The largest request body: a save of the longest game the server keeps (MAX_ACTIONS
# actions of up to 5 digits, about 350 KB, and a state of at most about 55 KB, measured over
# every game at its largest config: reports in the issue 32 report), with twice that in hand.
MAX_BODY = 1 << 20
MAX_ACTIONS = 50_000  # actions of a game, a save or a replay
MAX_SESSIONS = 64  # games and replays held at once
IDLE_SECONDS = 3600.0  # a game or replay untouched this long may make room for a new one
REPLAY_CHECKPOINTS = 32  # positions a replay keeps; the others are rebuilt from the nearest
MAX_SEED = 2**63 - 1

# The search options the server caps: option -> the largest value it accepts.
AI_CAPS: dict[str, float] = {"simulations": 2000, "horizon": 10, "max_rollout_steps": 10_000,
                             "time_budget": 10.0}
AI_MOVE_SECONDS = 15.0  # wall clock of one AI move; a search stops then with its best move
AI_GRACE_SECONDS = 5.0  # past the limit, an agent that does not stop is abandoned (503)


class WebError(Exception):
    """A request the server refuses; ``status`` is the HTTP code, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Rules:
    """One server's limits: the policy folder (None: no ``ppo:`` paths), the AI budget."""

    policy_dir: Path | None = None
    ai_caps: Mapping[str, float] = field(default_factory=lambda: dict(AI_CAPS))
    ai_move_seconds: float = AI_MOVE_SECONDS
    ai_grace_seconds: float = AI_GRACE_SECONDS
    max_sessions: int = MAX_SESSIONS
    idle_seconds: float = IDLE_SECONDS


def check_seed(seed: Any, what: str = "seed") -> int | None:
    """A game's seed: null, or a whole number from 0 to 2**63 - 1 (never a bool)."""
    if seed is None or (type(seed) is int and 0 <= seed <= MAX_SEED):
        return seed
    shown = repr(seed)
    shown = shown if len(shown) <= 30 else shown[:27] + "..."
    raise WebError(422, f"{what} must be a whole number from 0 to 2**63 - 1, or null for a "
                        f"random one; got {shown}")


def check_seat_agent(spec: str, role: str, role_index: int, game: Any, rules: Rules) -> str:
    """The agent string a seat will play, checked against the server's limits: the search
    options within ``rules.ai_caps`` (a rollout or prior agent too), ``ppo:`` paths inside
    ``rules.policy_dir`` (rewritten to the full path there). WebError 422 names the cap."""
    try:
        resolved = resolve_difficulty(spec, game.env_id, role_index, game)
        return _check(resolved, rules, f"seat {role}")
    except ConfigError as e:
        raise WebError(422, f"seat {role}: {e}") from None


def _check(spec: str, rules: Rules, where: str) -> str:
    kind, opts = check_spec(spec)
    if kind == "ppo":
        path = policy_in_folder(str(opts.get("path") or ""), rules.policy_dir, where)
        rest = [f"{k}={_text(v)}" for k, v in opts.items() if k != "path"]
        return ",".join([f"ppo:{path}", *rest])
    if kind == "mcts":
        if "horizon" in opts and opts["horizon"] is None:
            raise WebError(422, f"{where}: mcts horizon=none (rollouts to the end of the game) "
                                f"is more than this server runs; horizon must be from 1 to "
                                f"{_num(rules.ai_caps['horizon'])}")
        for key, cap in rules.ai_caps.items():
            value = opts.get(key)
            if value is not None and value > cap:
                raise WebError(422, f"{where}: mcts {key}={_num(value)} is over this server's "
                                    f"cap; {key} must be at most {_num(cap)} here")
        for key in ("rollout", "prior"):
            inner = opts.get(key)
            if isinstance(inner, str) and inner != "random":
                _check(inner, rules, f"{where} ({key})")
    return spec


def policy_in_folder(path: str, folder: Path | None, where: str) -> str:
    """`path` as a full path inside `folder`, or WebError 422. The answer is the same whether
    a file exists or not (nothing on disk is looked at for a path outside the folder), so the
    error tells nothing about the files of this computer."""
    if folder is None:
        raise WebError(422, f"{where}: ppo:PATH policies are off on this server; start it "
                            "with --policy-dir DIR to play the policies in DIR, or pick a "
                            "shipped one (policy:NAME)")
    refused = WebError(422, f"{where}: no policy ppo:{_short(path)} in the policy folder; give "
                            "the NAME of a NAME.json + NAME.safetensors pair in the folder "
                            "named by --policy-dir")
    if not path or len(path) > 1024 or "\0" in path:
        raise refused
    base = os.path.realpath(folder)
    full = os.path.realpath(os.path.join(base, path))
    try:
        files = [os.path.realpath(p) for p in model_paths(full)]
    except ConfigError:
        raise refused from None
    if any(os.path.commonpath([base, f]) != base for f in [full, *files]) or full == base \
            or not os.path.isfile(files[0]):
        raise refused
    return full


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _text(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return str(v).lower()
    return str(v)
