"""Input checks shared by the games' position builders (`conan_envs/<game>/position.py`, the
only places outside the rules that set a state's fields): a bad knob is a ValueError that
names it. A builder ends each edit with `State.edited()`, which drops what was computed from
the fields it replaced."""
from __future__ import annotations

from collections.abc import Iterable


def count(what: str, v: object, lo: int = 0, hi: int | None = None) -> int:
    """`v` checked to be a whole count from `lo` (up to `hi`, if given)."""
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        top = "or more" if hi is None else f"to {hi}"
        raise ValueError(f"{what} {v!r} is not a count of {lo} {top}")
    return v


def counts(what: str, values: Iterable[object], n: int) -> list[int]:
    """`values` checked to be `n` whole counts of 0 or more, as a list."""
    listed = list(values)
    if len(listed) != n:
        raise ValueError(f"{what} {listed!r}: expected {n} counts")
    return [count(what, v) for v in listed]


def index(what: str, v: object, n: int) -> int:
    """`v` checked to be one of `n` things numbered from 0."""
    if type(v) is not int or not 0 <= v < n:
        raise ValueError(f"{what} {v!r} is not one of the {n}")
    return v


def player(v: object, n: int) -> int:
    """`v` checked to be one of the game's `n` players."""
    if type(v) is not int or not 0 <= v < n:
        raise ValueError(f"player {v!r} is not one of the {n} players")
    return v
