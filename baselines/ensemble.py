"""``ensemble:members=A|B|C`` -- trained policies playing as one: at every move each member
gives its probabilities over the legal moves, and the ensemble plays the move with the
highest weighted mean (or samples from that mean with ``deterministic=false``).

A mixture (:mod:`baselines.mixture`) draws one member a game, so an exploiter that beats one
member wins every game that member is drawn. An ensemble plays each move by all its members
at once: a move one member would blunder is outvoted where the others see it, and an
exploiter must find a line that beats the members' shared judgement. The members are
trained policies (``ppo:PATH`` or ``policy:NAME``: anything that gives action
probabilities) trained for the same roles; ``weights=w1|w2|...`` weight their votes
(default: equal).

Measured (reports/league/README.md, "Fifth step"): neither the five shipped Kings policies
nor the four Tigress members of the round-B Nash mixture held their best known exploiter
better as an ensemble (119 and 74 of 200) than alone or mixed: members that share a weakness
keep it when they vote.
"""
from __future__ import annotations

from typing import Any, ClassVar, Protocol

import numpy as np

from conan_envs import ConfigError

from .agent import Agent
from .loading import load_agent
from .mixture import member_specs, member_weights
from .options import SEED, AgentOption, check_options


class _Voter(Protocol):
    def action_probabilities(self, observation: Any, action_mask: Any) -> np.ndarray: ...


class EnsembleAgent(Agent):
    """Plays the legal move with the highest weighted mean of the members' probabilities."""

    name = "ensemble"
    OPTIONS: ClassVar[dict[str, AgentOption]] = {
        "members": AgentOption("str", None, "trained policies separated by |"),
        "weights": AgentOption("str", None, "one weight per member, separated by | (default: equal)",
                               none_ok=True),
        "deterministic": AgentOption("bool", True, "play the most likely move of the mean"),
        "seed": SEED,
    }

    def __init__(self, env_id: str, role: int = 0, members: str | None = None,
                 weights: str | None = None, deterministic: bool = True,
                 seed: int | None = None, **game_config: Any) -> None:
        o = check_options("ensemble", EnsembleAgent.OPTIONS,
                          {"members": members, "weights": weights,
                           "deterministic": deterministic, "seed": seed})
        specs = member_specs("ensemble", o["members"])
        w = member_weights("ensemble", o["weights"], len(specs))
        self.weights: np.ndarray = np.full(len(specs), 1.0 / len(specs)) if w is None else w
        self.members: list[_Voter] = []
        for spec in specs:
            agent = load_agent(spec, env_id, role, **game_config)
            if not callable(getattr(agent, "action_probabilities", None)):
                raise ConfigError(f"ensemble: member {spec!r} is not a trained policy "
                                  f"(ppo:PATH or policy:NAME): it gives no action probabilities")
            self.members.append(agent)  # type: ignore[arg-type]
        self.deterministic: bool = o["deterministic"]
        self.rng = np.random.default_rng(seed)
        self.name = f"ensemble:members={'|'.join(specs)}" + (
            "" if o["weights"] is None else f",weights={o['weights']}")

    def action_probabilities(self, observation: Any, action_mask: Any) -> np.ndarray:
        """The weighted mean of the members' probabilities (zero off the mask)."""
        mean = np.zeros(len(np.asarray(action_mask)))
        for w, m in zip(self.weights, self.members):
            mean += w * m.action_probabilities(observation, action_mask)
        return mean

    def act(self, observation: Any, action_mask: Any, state: Any = None) -> int:
        p = self.action_probabilities(observation, action_mask)
        if self.deterministic:
            return int(np.argmax(p))
        return int(self.rng.choice(p.size, p=p / p.sum()))
