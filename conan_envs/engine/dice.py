"""Dice and decks drawn from a state's own generator (no global randomness)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def roll(rng: np.random.Generator, sides: int, n: int = 1) -> list[int]:
    """n rolls of a fair die numbered 1..sides."""
    return (rng.integers(1, sides + 1, size=n)).tolist()


def roll1(rng: np.random.Generator, sides: int) -> int:
    return int(rng.integers(1, sides + 1))


@dataclass(frozen=True)
class Die:
    """A die with arbitrary faces (symbols, tuples of symbols, numbers)."""

    name: str
    faces: tuple

    def roll(self, rng: np.random.Generator):
        return self.faces[int(rng.integers(len(self.faces)))]

    def roll_many(self, rng: np.random.Generator, n: int) -> list:
        return [self.faces[i] for i in rng.integers(len(self.faces), size=n).tolist()]


def shuffled(rng: np.random.Generator, items) -> list:
    items = list(items)
    order = rng.permutation(len(items)).tolist()
    return [items[i] for i in order]


def draw(rng: np.random.Generator, deck: list, discard: list | None = None):
    """Take the top card (the end of the list). When the deck is empty and a discard pile is
    given, the discard pile is shuffled into a new deck first. Returns None if nothing is left."""
    if not deck and discard:
        deck.extend(shuffled(rng, discard))
        discard.clear()
    return deck.pop() if deck else None
