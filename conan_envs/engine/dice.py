"""Decks shuffled and drawn from a state's own generator (no global randomness); each game
rolls its own dice (their faces are the game's), from the same generator."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np


def shuffled(rng: np.random.Generator, items: Iterable[Any]) -> list[Any]:
    seq = list(items)
    order = rng.permutation(len(seq)).tolist()
    return [seq[i] for i in order]


def draw(rng: np.random.Generator, deck: list[Any], discard: list[Any] | None = None) -> Any:
    """Take the top card (the end of the list). When the deck is empty and a discard pile is
    given, the discard pile is shuffled into a new deck first. Returns None if nothing is left."""
    if not deck and discard:
        deck.extend(shuffled(rng, discard))
        discard.clear()
    return deck.pop() if deck else None
