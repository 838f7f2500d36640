"""The Adventures of Conan's guard (``adventures_v2``), for the Foe:

- **No Ambush Duel with an empty Warrior Pool** (Challenge Tokens - Ambush; Duels - Create the
  Warrior Pool, Settling Ties): when none of the Foe's active dice may enter a Warrior Pool,
  the Duel it would start scores no hit, and Conan wins ties against the Foe, so it loses
  the Duel for certain (a Wound, Conan's Victory points and the Foe moved away). The other
  choice, one active die on the Encounter track, is kept.

A Plot roll stopped early (Advance the Plot: with a roll left and the required results not
set aside) fails the attempt, and rolling on could only fail it the same way, but it is not
removed: the trained Foe made to roll on won 73 of 200 games against the baiting Conan where it
won 93 left to stop, and 69 with its Fate tokens kept out of the Plot rolls as well
(reports/adventures_quality/README.md).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from conan_envs.adventures.actions import OFF
from conan_envs.adventures.content import content
from conan_envs.adventures.dicepool import ACTIVE

C = content()


def empty_ambush_duel(s: Any, mask: np.ndarray) -> bool:
    """Whether the pending Ambush offers a Duel with no die for a Warrior Pool beside a die to
    place on the Encounter track."""
    d = s.frame()
    if d.key != "ambush" or not mask[OFF["yes"]]:
        return False
    p = d.actor
    if not mask[OFF["slot"]:OFF["slot"] + 4].any():
        return False
    return not any(z == ACTIVE and C.face_pool[s.face[p][i]] for i, z in enumerate(s.zone[p]))


def guard(s: Any, mask: np.ndarray) -> np.ndarray:
    """The mask without an Ambush Duel with an empty Warrior Pool."""
    out = np.asarray(mask, dtype=bool)
    if empty_ambush_duel(s, out):
        out = out.copy()
        out[OFF["yes"]] = False
    return out
