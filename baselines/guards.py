"""Guards: moves a trained policy is kept from, read from the pending decision through the
public API (``state.frame()``, the dice shown) before the policy chooses among the rest.

A policy learns its habits from the opponents it trained against; a person finds the moves
it never learned to avoid. A guard removes, from the legal mask, a move the rules make
strictly worse than another legal move (or, where named, one that loses for certain), and
never empties the mask. ``ppo:PATH,guard=true`` and ``policy:NAME,guard=true`` play a policy
with its game's guard; a game with no guard here refuses the option.

The Adventures of Conan (``adventures_v2``), the Foe:

- **No Ambush Duel with an empty Warrior Pool** (Challenge Tokens - Ambush; Duels - Create the
  Warrior Pool, Settling Ties): when none of the Foe's active dice may enter a Warrior Pool,
  the Duel it would start scores no hit, and Conan wins ties against the Foe, so it loses
  the Duel for certain (a Wound, Conan's Victory points and the Foe moved away). The other
  choice, one active die on the Encounter track, is kept.

A Plot roll stopped early (Advance the Plot: with a roll left and the required results not
set aside) fails the attempt, and rolling on could only fail it the same way, but it is not
removed: the trained Foe made to roll on spends Fate tokens there, and won 73
of 200 games against the baiting Conan where it won 93 left to stop
(reports/adventures_quality/README.md).

Conan: the miniatures game (``miniatures_v2``), the Overlord:

- **No key character left unguarded while the Overlord holds gems** (Combat: Guard; the
  scenario's Leader tiles): when a hero attacks a model of a Leader tile, the model whose
  death most scenarios make the heroes' win, and the Overlord may spend gems on its Guard,
  "no gems" is removed. This one is a judgement rather than a certainty: the gems could go to
  a later activation, but a key character lost ends or turns the game, and a person reads an
  unguarded leader as a blunder.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from conan_envs import ConfigError
from conan_envs.adventures.actions import OFF
from conan_envs.adventures.content import content
from conan_envs.adventures.dicepool import ACTIVE
from conan_envs.miniatures import frames as mframes

_C = content()

Guard = Callable[[Any, np.ndarray], np.ndarray]


def empty_ambush_duel(s: Any, mask: np.ndarray) -> bool:
    """Whether the pending Ambush offers a Duel with no die for a Warrior Pool beside a die to
    place on the Encounter track."""
    d = s.frame()
    if d.key != "ambush" or not mask[OFF["yes"]]:
        return False
    p = d.actor
    if not mask[OFF["slot"]:OFF["slot"] + 4].any():
        return False
    return not any(z == ACTIVE and _C.face_pool[s.face[p][i]] for i, z in enumerate(s.zone[p]))


def adventures_guard(s: Any, mask: np.ndarray) -> np.ndarray:
    """The Adventures guard (module docstring): the mask without an Ambush Duel with an empty
    Warrior Pool."""
    out = np.asarray(mask, dtype=bool)
    if empty_ambush_duel(s, out):
        out = out.copy()
        out[OFF["yes"]] = False
    return out


def unguarded_leader(s: Any, mask: np.ndarray) -> bool:
    """Whether the pending Overlord Guard defends a Leader tile's model and offers both no gems
    and some."""
    d = s.frame()
    if not isinstance(d, mframes.OverlordGuard):
        return False
    g = s.game
    target = d.context.target
    if target is None or target[0] != "u" or g.tiles[g.model_tile[target[1]]].type != "leader":
        return False
    gems = g.codec.offsets["gems"]
    return bool(mask[gems] and mask[gems + 1])


def miniatures_guard(s: Any, mask: np.ndarray) -> np.ndarray:
    """The miniatures guard (module docstring): the mask without a Leader left unguarded."""
    out = np.asarray(mask, dtype=bool)
    if unguarded_leader(s, out):
        out = out.copy()
        out[s.game.codec.offsets["gems"]] = False
    return out


GUARDS: dict[str, Guard] = {"adventures_v2": adventures_guard, "miniatures_v2": miniatures_guard}


def guard_for(env_id: str) -> Guard:
    """The guard of `env_id`; a ConfigError for a game that has none."""
    if env_id not in GUARDS:
        raise ConfigError(f"guard=true: {env_id} has no guard (games with one: "
                          f"{', '.join(sorted(GUARDS))})")
    return GUARDS[env_id]
