"""Scripted (heuristic) agents, one module per game: `baselines/scripted/<game>.py` (or
package) defines `ScriptedAgent(env_id, role, **config)`, and may define
`objective_scores(state)`: a position value that counts the game's objective, one score per
role on the scale of its shaped scores (``mcts:...,value=objective``), and `PLANS`: other
plans than the default one, name -> agent class (``scripted:plan=team``, the Foes' plan for
the Adventures' Team Game). A game's plans may also live beside it in
`baselines/scripted/<game>_plans.py`, whose `PLANS` are read the same way (the Adventures'
``team`` and ``bait``)."""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, cast

from conan_envs import ConfigError, check_env_id

from ..options import SEED, AgentOption

DEFAULT_PLAN = "default"


def scripted_module(env_id: str) -> ModuleType:
    """The module of `env_id`'s game under `baselines.scripted`."""
    check_env_id(env_id)
    name = "baselines.scripted." + env_id.rsplit("_v", 1)[0]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise ConfigError(f"no scripted agent for {env_id}") from None


def _plans_module(module: ModuleType) -> ModuleType | None:
    """The game's plans module beside its player (``<game>_plans``), where it has one."""
    name = module.__name__ + "_plans"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def make_scripted(env_id: str, role: Any = 0, plan: str = DEFAULT_PLAN, **config: Any) -> Any:
    """`env_id`'s scripted agent for `role`, playing `plan` (a name of the game module's
    `PLANS`, or of its plans module's, ``<game>_plans``)."""
    module = scripted_module(env_id)
    plans = {DEFAULT_PLAN: module.ScriptedAgent, **getattr(module, "PLANS", {}),
             **getattr(_plans_module(module), "PLANS", {})}
    if plan not in plans:
        raise ConfigError(f"scripted: {env_id} has no plan {plan!r}; plans: {', '.join(plans)}")
    return plans[plan](env_id=env_id, role=role, **config)


make_scripted.OPTIONS = {  # type: ignore[attr-defined]
    "seed": SEED,
    "plan": AgentOption("str", DEFAULT_PLAN, "the player's plan where a game has more than one: "
                        "adventures_v2 team (the Foes of the Team Game); tower_v2 patient (Conan "
                        "in Battle Mode, who waits out Yara's minions); miniatures_v2 block (the "
                        "heroes of In the Heart of Darkness, who fill Skuthus's tower); adventures_v2 "
                        "bait (Conan of the two-player game, who baits Duels)"),
}


def objective_scores(env_id: str) -> Callable[[Any], Sequence[float]]:
    """`env_id`'s objective-aware position value; ConfigError for a game without one."""
    scores = getattr(scripted_module(env_id), "objective_scores", None)
    if scores is None:
        raise ConfigError(f"mcts: value=objective is not defined for {env_id}")
    return cast(Callable[[Any], Sequence[float]], scores)
