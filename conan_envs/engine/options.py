"""The option schema every game declares (``Game.OPTIONS``): each option's type, range or
choices, default and a one-line description. The base class validates every option the
same way, and the same schema feeds the README's option table and the tools' ``--help``.

Rules shared by all games:
- booleans accept only ``True`` / ``False`` (never ``"false"``, ``0`` or ``"no"``);
- integers accept Python and NumPy integers, never bools, floats or strings, and are
  returned as plain ``int``;
- ``max_turns`` is a positive int (or ``None`` where the game allows it);
- name lists accept a list or tuple of names (or one comma-separated string) and are
  returned as a tuple;
- an option may declare a check against the other options (``check_with``): a function of
  the whole checked config that returns None, or what is valid in words; it runs once every
  option has its own value, so a config that no game could finish is refused when made.
"""
from __future__ import annotations

import numbers
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

import numpy as np

from .errors import ConfigError


def _is_int(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _choices(spec: Any) -> tuple[Any, ...]:
    return tuple(spec() if callable(spec) else spec)


@dataclass(frozen=True)
class Option(ABC):
    """Base of the option kinds. ``check`` returns the normalised value or raises
    ``ConfigError`` naming the option, the value and what is valid."""

    default: Any
    doc: str = ""
    # what this option needs of the others: the checked config -> None, or what is valid
    check_with: Callable[[Mapping[str, Any]], str | None] | None = field(
        default=None, kw_only=True, compare=False)

    @abstractmethod
    def check(self, env_id: str, name: str, value: Any) -> Any:
        """The value, normalised (ints as int, name lists as tuples), or a ConfigError."""

    @abstractmethod
    def valid(self) -> str:
        """What is valid, in words (for errors, ``--help`` and the README)."""

    def fail(self, env_id: str, name: str, value: Any) -> NoReturn:
        raise ConfigError(f"{env_id}: option {name}={value!r} is invalid; {name} must be {self.valid()}")


@dataclass(frozen=True)
class Bool(Option):
    def check(self, env_id: str, name: str, value: Any) -> Any:
        if value is True or value is False:
            return value
        if isinstance(value, np.bool_):
            return bool(value)
        self.fail(env_id, name, value)

    def valid(self) -> str:
        return "True or False"


@dataclass(frozen=True)
class Int(Option):
    lo: int | None = None
    hi: int | None = None
    allow_none: bool = False

    def check(self, env_id: str, name: str, value: Any) -> Any:
        if value is None and self.allow_none:
            return None
        if not _is_int(value):
            self.fail(env_id, name, value)
        v = int(value)
        if (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
            self.fail(env_id, name, value)
        return v

    def valid(self) -> str:
        if self.lo is not None and self.hi is not None:
            text = f"an integer from {self.lo} to {self.hi}"
        elif self.lo is not None:
            text = f"an integer of at least {self.lo}"
        elif self.hi is not None:
            text = f"an integer of at most {self.hi}"
        else:
            text = "an integer"
        return text + (" or None" if self.allow_none else "")


@dataclass(frozen=True)
class Choice(Option):
    """One of a fixed set of values (strings, or ints where listed)."""

    choices: Any = ()  # a tuple, or a callable returning one (content loaded on demand)

    def check(self, env_id: str, name: str, value: Any) -> Any:
        options = _choices(self.choices)
        for c in options:
            if type(value) is type(c) and value == c:
                return c
            if _is_int(value) and _is_int(c) and int(value) == c:
                return c
        self.fail(env_id, name, value)

    def valid(self) -> str:
        return "one of " + ", ".join(repr(c) for c in _choices(self.choices))


@dataclass(frozen=True)
class Names(Option):
    """A list of distinct names from a fixed set (a tuple once checked)."""

    choices: Any = ()
    min_len: int = 0
    max_len: int | None = None

    def check(self, env_id: str, name: str, value: Any) -> Any:
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            self.fail(env_id, name, value)
        options = _choices(self.choices)
        bad = [v for v in value if v not in options]
        if bad:
            raise ConfigError(f"{env_id}: option {name} names unknown value(s) {bad}; "
                              f"{name} must be {self.valid()}")
        if len(set(value)) != len(value) or len(value) < self.min_len or (
                self.max_len is not None and len(value) > self.max_len):
            self.fail(env_id, name, value)
        return tuple(value)

    def valid(self) -> str:
        size = f"at least {self.min_len} " if self.min_len else ""
        if self.max_len is not None:
            size += f"at most {self.max_len} "
        return (f"a list of {size}distinct names from: "
                + ", ".join(repr(c) for c in _choices(self.choices)))


@dataclass(frozen=True)
class Either(Option):
    """The first of several kinds that accepts the value (e.g. an index or a name)."""

    kinds: tuple[Option, ...] = field(default_factory=tuple)

    def check(self, env_id: str, name: str, value: Any) -> Any:
        for kind in self.kinds:
            try:
                return kind.check(env_id, name, value)
            except ConfigError:
                pass
        self.fail(env_id, name, value)

    def valid(self) -> str:
        return " or ".join(k.valid() for k in self.kinds)


def max_turns(default: int | None, unit: str, allow_none: bool = False, hi: int = 100_000) -> Int:
    """The cap every game takes; reaching it is a PettingZoo truncation."""
    return Int(default, f"cap on {unit}; reaching it truncates the game", lo=1, hi=hi,
               allow_none=allow_none)


def validate(env_id: str, schema: dict[str, Option], config: dict[str, Any]) -> dict[str, Any]:
    """The full config: defaults for what is not given, every value checked and normalised."""
    unknown = sorted(set(config) - set(schema))
    if unknown:
        raise ConfigError(f"{env_id}: unknown option(s) {unknown}; valid options: {sorted(schema)}")
    out = {}
    for name, opt in schema.items():
        out[name] = opt.check(env_id, name, config[name]) if name in config else opt.default
    for name, opt in schema.items():
        if opt.check_with is not None:
            valid = opt.check_with(out)
            if valid is not None:
                raise ConfigError(f"{env_id}: option {name}={out[name]!r} is invalid with the "
                                  f"other options; {name} must be {valid}")
    return out


def describe(schema: dict[str, Option]) -> list[tuple[str, str, str, str]]:
    """(name, default, what is valid, doc) for each option: the README table and --help."""
    return [(name, repr(opt.default), opt.valid(), opt.doc) for name, opt in schema.items()]

