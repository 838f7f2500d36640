"""Exact JSON round-trips of plain game data.

States hold plain data: ints, floats, strs, bools, None, lists, tuples, sets, dicts,
numpy arrays and numpy scalars, and dataclasses registered with :func:`serializable`.
Non-JSON types are written as tagged objects so that they come back as the same type.
"""
from __future__ import annotations

import dataclasses
import json

import numpy as np

from .errors import CorruptStateError

_TAG = "__t"
_CLASSES: dict[str, type] = {}


def serializable(cls):
    """Class decorator: let a dataclass appear inside a state's JSON."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} must be a dataclass to be serializable")
    key = f"{cls.__module__}.{cls.__qualname__}"
    _CLASSES[key] = cls
    cls._serial_key = key
    return cls


def encode(x):
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, (int, float)) and not isinstance(x, np.generic):
        return x
    if isinstance(x, list):
        return [encode(v) for v in x]
    if isinstance(x, dict):
        if all(type(k) is str for k in x) and _TAG not in x:
            return {k: encode(v) for k, v in x.items()}
        return {_TAG: "dict", "items": [[encode(k), encode(v)] for k, v in x.items()]}
    if isinstance(x, tuple):
        return {_TAG: "tuple", "v": [encode(v) for v in x]}
    if isinstance(x, (set, frozenset)):
        items = sorted((encode(v) for v in x), key=json.dumps)
        return {_TAG: "frozenset" if isinstance(x, frozenset) else "set", "v": items}
    if isinstance(x, np.ndarray):
        return {_TAG: "nd", "dtype": x.dtype.str, "shape": list(x.shape), "v": x.ravel().tolist()}
    if isinstance(x, np.generic):
        return {_TAG: "np", "dtype": x.dtype.str, "v": x.item()}
    key = getattr(type(x), "_serial_key", None)
    if key is not None:
        fields = {f.name: encode(getattr(x, f.name)) for f in dataclasses.fields(x)}
        return {_TAG: "obj", "cls": key, "f": fields}
    raise TypeError(f"cannot serialize {type(x).__name__}: register it with @serializable")


def decode(x):
    if isinstance(x, list):
        return [decode(v) for v in x]
    if not isinstance(x, dict):
        return x
    tag = x.get(_TAG)
    if tag is None:
        return {k: decode(v) for k, v in x.items()}
    if tag == "dict":
        return {_hashable(decode(k)): decode(v) for k, v in x["items"]}
    if tag == "tuple":
        return tuple(decode(v) for v in x["v"])
    if tag == "set":
        return {_hashable(decode(v)) for v in x["v"]}
    if tag == "frozenset":
        return frozenset(_hashable(decode(v)) for v in x["v"])
    if tag == "nd":
        return np.array(x["v"], dtype=np.dtype(x["dtype"])).reshape(x["shape"])
    if tag == "np":
        return np.dtype(x["dtype"]).type(x["v"])
    if tag == "obj":
        cls = _CLASSES.get(x["cls"])
        if cls is None:
            raise CorruptStateError(f"unknown class {x['cls']!r} in saved state")
        return cls(**{k: decode(v) for k, v in x["f"].items()})
    raise CorruptStateError(f"unknown tag {tag!r} in saved state")


def _hashable(v):
    if isinstance(v, list):
        raise CorruptStateError("a list cannot be a dict key or set member")
    return v


def dumps(x) -> str:
    return json.dumps(encode(x), separators=(",", ":"))


def loads(s: str):
    try:
        raw = json.loads(s)
    except (json.JSONDecodeError, TypeError) as e:
        raise CorruptStateError(f"saved state is not valid JSON: {e}") from e
    try:
        return decode(raw)
    except CorruptStateError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise CorruptStateError(f"saved state is malformed: {e!r}") from e
