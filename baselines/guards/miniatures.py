"""The guard of Conan: the miniatures game (``miniatures_v2``), for the Overlord:

- **No key character left unguarded while the Overlord holds gems** (Combat: Guard; the
  scenario's Leader tiles): when a hero attacks a model of a Leader tile, the model whose
  death most scenarios make the heroes' win, and the Overlord may spend gems on its Guard,
  "no gems" is removed. This one is a judgement rather than a certainty: the gems could go to
  a later activation, but a key character lost ends or turns the game, and a person reads an
  unguarded leader as a blunder. In the Heart of Darkness it cost the league Overlord 17 of
  200 games against the heroes who block Skuthus's tower, so `hard` plays it there without
  (reports/miniatures_quality/README.md).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from conan_envs.miniatures.frames import OverlordGuard


def unguarded_leader(s: Any, mask: np.ndarray) -> bool:
    """Whether the pending Overlord Guard defends a Leader tile's model and offers both no gems
    and some."""
    d = s.frame()
    if not isinstance(d, OverlordGuard):
        return False
    g = s.game
    target = d.context.target
    if target is None or target[0] != "u" or g.tiles[g.model_tile[target[1]]].type != "leader":
        return False
    gems = g.codec.offsets["gems"]
    return bool(mask[gems] and mask[gems + 1])


def guard(s: Any, mask: np.ndarray) -> np.ndarray:
    """The mask without a Leader left unguarded."""
    out = np.asarray(mask, dtype=bool)
    if unguarded_leader(s, out):
        out = out.copy()
        out[s.game.codec.offsets["gems"]] = False
    return out
