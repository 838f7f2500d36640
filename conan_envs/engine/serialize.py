"""Exact JSON round-trips of plain game data.

States hold plain data: ints, floats, strs, bools, None, lists, tuples, sets, dicts,
numpy arrays and numpy scalars, and dataclasses registered with :func:`serializable`.
Non-JSON types are written as tagged objects so that they come back as the same type.
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any, NoReturn, TypeVar

import numpy as np

from .errors import CorruptStateError

_TAG = "__t"
_CLASSES: dict[str, type] = {}
T = TypeVar("T", bound=type)


def serializable(cls: T) -> T:
    """Class decorator: let a dataclass appear inside a state's JSON."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"{cls.__name__} must be a dataclass to be serializable")
    key = f"{cls.__module__}.{cls.__qualname__}"
    _CLASSES[key] = cls
    cls._serial_key = key  # type: ignore[attr-defined]
    return cls


def encode(x: Any) -> Any:
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


def decode(x: Any) -> Any:
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


def _hashable(v: Any) -> Any:
    if isinstance(v, list):
        raise CorruptStateError("a list cannot be a dict key or set member")
    return v


MAX_TEXT = 32 * 1024 * 1024  # characters of a saved state
MAX_DEPTH = 40  # nesting of lists and objects in a saved state
MAX_INT = 2**53  # integers beyond this are not game data (and not exact in JSON readers)


def dumps(x: Any) -> str:
    return json.dumps(encode(x), separators=(",", ":"), allow_nan=False)


def _no_constant(name: str) -> NoReturn:
    raise CorruptStateError(f"saved state holds {name}, which is not a number a game uses")


def _depth(x: Any, limit: int) -> None:
    """Raise if `x` nests deeper than `limit` (iteratively: no recursion on hostile input)."""
    stack = [(x, 0)]
    while stack:
        v, d = stack.pop()
        if d > limit:
            raise CorruptStateError(f"saved state nests deeper than {limit} levels")
        if isinstance(v, list):
            stack.extend((w, d + 1) for w in v)
        elif isinstance(v, dict):
            stack.extend((w, d + 1) for w in v.values())


def loads(s: str | bytes | bytearray) -> Any:
    if not isinstance(s, (str, bytes, bytearray)):
        raise CorruptStateError(f"saved state must be JSON text, not {type(s).__name__}")
    if len(s) > MAX_TEXT:
        raise CorruptStateError(f"saved state is larger than {MAX_TEXT} characters")
    try:
        raw = json.loads(s, parse_constant=_no_constant)
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError) as e:
        raise CorruptStateError(f"saved state is not valid JSON: {e}") from e
    except RecursionError as e:
        raise CorruptStateError("saved state nests too deeply") from e
    _depth(raw, MAX_DEPTH)
    try:
        return decode(raw)
    except CorruptStateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise CorruptStateError(f"saved state is malformed: {e!r}") from e


def conform(value: Any, template: Any, path: str) -> None:
    """Raise CorruptStateError (naming `path`) unless `value` has the shape of `template`, a
    fresh state's field: the same container and scalar types, arrays of the same dtype and
    shape, lists of a fresh state's element type, finite numbers, integers within
    ``MAX_INT``. A template of None (a field empty at the start) checks numbers only."""
    def bad(why: str) -> NoReturn:
        raise CorruptStateError(f"saved state: field {path}: {why}")

    if isinstance(value, float) and not np.isfinite(value):
        bad("not a finite number")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        bad(f"integer {value} out of range")
    if template is None:
        _numbers(value, path)
        return
    tt, vt = type(template), type(value)
    if tt is bool or vt is bool:
        if vt is not tt:
            bad(f"expected {tt.__name__}, found {vt.__name__}")
        return
    if tt in (int, float, np.int64, np.float32, np.float64):
        if not isinstance(value, (int, float, np.integer, np.floating)) or (
                tt is int and not isinstance(value, (int, np.integer))):
            bad(f"expected {tt.__name__}, found {vt.__name__}")
        if isinstance(value, (float, np.floating)) and not np.isfinite(value):
            bad("not a finite number")
        return
    if tt is np.ndarray:
        if vt is not np.ndarray or value.dtype != template.dtype or value.shape != template.shape:
            bad(f"expected an array {template.dtype}{template.shape}")
        if value.dtype.kind == "f" and not np.isfinite(value).all():
            bad("array holds a number that is not finite")
        return
    if vt is not tt:
        bad(f"expected {tt.__name__}, found {vt.__name__}")
    if tt in (list, tuple):
        kinds = {type(t) for t in template}
        if len(kinds) == 1 and next(iter(kinds)) in (int, float, bool, str):
            for i, v in enumerate(value):
                conform(v, template[0], f"{path}[{i}]")
        else:
            _numbers(value, path)
    elif tt is dict:
        for k, v in value.items():
            conform(v, template[k], f"{path}.{k}") if k in template else _numbers(v, path)
    elif dataclasses.is_dataclass(template):
        for f in dataclasses.fields(template):
            conform(getattr(value, f.name), getattr(template, f.name), f"{path}.{f.name}")
    else:
        _numbers(value, path)


def _numbers(value: Any, path: str) -> None:
    """Every number inside `value` finite and within MAX_INT (iteratively)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool) or v is None or isinstance(v, str):
            continue
        if isinstance(v, (int, np.integer)):
            if abs(int(v)) > MAX_INT:
                raise CorruptStateError(f"saved state: field {path}: integer {v} out of range")
        elif isinstance(v, (float, np.floating)):
            if not np.isfinite(v):
                raise CorruptStateError(f"saved state: field {path}: not a finite number")
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, np.ndarray):
            if v.dtype.kind == "f" and not np.isfinite(v).all():
                raise CorruptStateError(f"saved state: field {path}: array not finite")
        elif dataclasses.is_dataclass(v):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
