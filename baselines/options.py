"""The options an agent string may carry (``mcts:simulations=200,seed=3``): each agent kind
declares its options with a type, a range and a default (``OPTIONS`` on its class); the
loader refuses unknown keys and bad values naming what is valid, so a typo such as
``mcts:simulation=2`` never runs silently with the defaults."""
from __future__ import annotations

import difflib
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from conan_envs import ConfigError

KINDS = ("int", "float", "bool", "str")


@dataclass(frozen=True)
class AgentOption:
    """``kind``: int | float | bool | str. Integers accept ints only (never bools, floats
    or text); floats accept ints and floats; booleans only True/False (``true``/``false`` in
    an agent string); ``none_ok`` also allows None (``none``)."""

    kind: str
    default: Any
    doc: str = ""
    lo: float | None = None
    hi: float | None = None
    none_ok: bool = False

    def check(self, agent: str, name: str, value: Any) -> Any:
        if value is None and self.none_ok:
            return None
        ok = False
        if self.kind == "bool":
            ok = value is True or value is False
        elif self.kind == "int":
            ok = isinstance(value, numbers.Integral) and not isinstance(value, bool)
        elif self.kind == "float":
            ok = isinstance(value, numbers.Real) and not isinstance(value, bool) and \
                value == value and abs(value) != float("inf")
        elif self.kind == "str":
            ok = isinstance(value, str) and bool(value)
        if ok and self.kind in ("int", "float"):
            ok = (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)
        if not ok:
            raise ConfigError(f"{agent}: option {name}={value!r} is invalid; {name} must be "
                              f"{self.valid()}")
        if self.kind == "int":
            return int(value)
        if self.kind == "float":
            return float(value)
        return value

    def valid(self) -> str:
        text = {"int": "an integer", "float": "a number", "bool": "true or false",
                "str": "a text"}[self.kind]
        if self.lo is not None and self.hi is not None:
            text += f" from {_num(self.lo)} to {_num(self.hi)}"
        elif self.lo is not None:
            text += f" of at least {_num(self.lo)}"
        elif self.hi is not None:
            text += f" of at most {_num(self.hi)}"
        return text + (" or none" if self.none_ok else "")


def parse_value(text: str) -> Any:
    """``3`` -> 3, ``0.5`` -> 0.5, ``true``/``false``/``none`` -> True/False/None, else the
    text; the receiving schema decides whether the type is right."""
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


SEED = AgentOption("int", None, "seed of the agent's own random choices", lo=0,
                   none_ok=True)
SEED_ONLY: dict[str, AgentOption] = {"seed": SEED}


def check_options(agent: str, schema: Mapping[str, AgentOption],
                  given: Mapping[str, Any]) -> dict[str, Any]:
    """`given` checked against `schema`: unknown keys and bad values raise ConfigError
    naming the valid ones. Returns only the given options, normalised."""
    out = {}
    for name, value in given.items():
        if name not in schema:
            close = difflib.get_close_matches(name, list(schema), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ConfigError(f"{agent}: unknown option {name!r}{hint}; valid options: "
                              f"{describe(schema)}")
        out[name] = schema[name].check(agent, name, value)
    return out


def describe(schema: Mapping[str, AgentOption]) -> str:
    if not schema:
        return "none"
    return "; ".join(f"{name} ({opt.valid()}, default {_default(opt.default)})"
                     for name, opt in schema.items())


def _default(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)
