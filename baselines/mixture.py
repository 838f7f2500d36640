"""``mix:members=A|B|C`` -- a mixture of agents: at the start of each game one member, drawn
by the agent's own random generator (uniformly, or by ``weights=0.5|0.3|0.2``), plays every
move of that game.

This is the meta-strategy a population-based method (PSRO, a league) ends with: no single
policy of the population, but a mixture over it. Each policy of a league has lines an
exploiter finds against it alone (reports/ladder/exploiters.md); a fresh exploiter of the
mixture must find a line that beats its members together, or win only the games the member
it beats is drawn. The members are agent strings separated by ``|`` (``policy:A|policy:B``);
a member may be any agent but another mixture or a difficulty name. The weights a league
ships are its Nash meta-strategy (baselines/metasolver.py, reports/league/nash.py).
``guard=true`` plays every member through its game's guard (baselines/guards/): the moves the
guard removes are taken from the mask before the drawn member chooses, as ``policy:NAME,
guard=true`` does for one policy (a member's own options cannot hold a comma here).
"""
from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from conan_envs import ConfigError

from .agent import Agent
from .guards import Guard, guard_for
from .loading import load_agent
from .options import SEED, AgentOption, check_options
from .specs import DIFFICULTIES, parse_spec


class MixtureAgent(Agent):
    """Plays one member per game, drawn at each ``reset`` (and when built)."""

    name = "mix"
    OPTIONS: ClassVar[dict[str, AgentOption]] = {
        "members": AgentOption("str", None, "agent strings separated by |"),
        "weights": AgentOption("str", None, "one weight per member, separated by | (default: equal)",
                               none_ok=True),
        "guard": AgentOption("bool", False, "play every member through its game's guard "
                             "(baselines/guards/)"),
        "seed": SEED,
    }

    def __init__(self, env_id: str, role: int = 0, members: str | None = None,
                 weights: str | None = None, guard: bool = False, seed: int | None = None,
                 **game_config: Any) -> None:
        o = check_options("mix", MixtureAgent.OPTIONS,
                          {"members": members, "weights": weights, "guard": guard, "seed": seed})
        self.guard: Guard | None = guard_for(env_id) if o["guard"] else None
        specs = member_specs("mix", o["members"])
        self.weights = member_weights("mix", o["weights"], len(specs))
        self.rng = np.random.default_rng(seed)
        self.members = [load_agent(spec, env_id, role, seed=None if seed is None else seed + i,
                                   **game_config) for i, spec in enumerate(specs)]
        self.current = self._draw()
        self.name = f"mix:members={'|'.join(specs)}" + (
            "" if o["weights"] is None else f",weights={o['weights']}") + (
            ",guard=true" if o["guard"] else "")

    def _draw(self) -> Agent:
        if self.weights is None:  # equal weights draw as they always have, so old runs replay
            return self.members[int(self.rng.integers(len(self.members)))]
        return self.members[int(self.rng.choice(len(self.members), p=self.weights))]

    def reset(self) -> None:
        self.current = self._draw()
        self.current.reset()

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        if self.guard is not None:
            if state is None:
                raise ValueError(f"{self.name} reads the game state for its guard: pass it to act()")
            action_mask = self.guard(state, np.asarray(action_mask, dtype=bool))
        return self.current.act(observation, action_mask, state)


def member_specs(kind: str, members: object) -> list[str]:
    """The member agent strings of ``members=A|B|C`` (two or more; no difficulty name, no
    mixture or ensemble inside another)."""
    specs = [m.strip() for m in str(members).split("|")]
    if len(specs) < 2 or not all(specs):
        raise ConfigError(f"{kind}: members={members!r} must name two agents or more, "
                          f"separated by | ({kind}:members=policy:A|policy:B)")
    for spec in specs:
        if spec in DIFFICULTIES or parse_spec(spec)[0] in ("mix", "ensemble"):
            raise ConfigError(f"{kind}: member {spec!r} may not be a difficulty or a mixture")
    return specs


def member_weights(kind: str, text: str | None, count: int) -> np.ndarray | None:
    """The members' weights from ``w1|w2|...``, summing to 1 (None, equal, when not given)."""
    if text is None:
        return None
    try:
        w = np.array([float(part) for part in str(text).split("|")])
    except ValueError:
        raise ConfigError(f"{kind}: weights={text!r} must be numbers separated by |") from None
    if w.size != count or not np.all(np.isfinite(w)) or np.any(w < 0) or w.sum() <= 0:
        raise ConfigError(f"{kind}: weights={text!r} must be {count} numbers, none negative and "
                          f"not all zero, one per member")
    out: np.ndarray = w / w.sum()
    return out
