"""Dice and decks drawn from a state's own generator (no global randomness)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np


def roll(rng: np.random.Generator, sides: int, n: int = 1) -> list[int]:
    """n rolls of a fair die numbered 1..sides."""
    rolls: list[int] = rng.integers(1, sides + 1, size=n).tolist()
    return rolls


def roll1(rng: np.random.Generator, sides: int) -> int:
    return int(rng.integers(1, sides + 1))


@dataclass(frozen=True)
class Die:
    """A die with arbitrary faces (symbols, tuples of symbols, numbers)."""

    name: str
    faces: tuple[Any, ...]

    def roll(self, rng: np.random.Generator) -> Any:
        return self.faces[int(rng.integers(len(self.faces)))]

    def roll_many(self, rng: np.random.Generator, n: int) -> list[Any]:
        return [self.faces[i] for i in rng.integers(len(self.faces), size=n).tolist()]


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
