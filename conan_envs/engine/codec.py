"""A flat action space made of named segments, for decisions split into small steps.

    codec = ActionCodec([("pass", 1), ("region", region_names), ("units", 10)])
    codec.encode("region", 3) -> flat index;  codec.decode(a) -> ("region", 3)
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt


class ActionCodec:
    def __init__(self, segments: Iterable[tuple[str, int | Iterable[Any]]]) -> None:
        self.segments: list[str] = []
        self.offsets: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        self.labels: dict[str, tuple[Any, ...] | None] = {}
        start = 0
        for name, spec in segments:
            if name in self.offsets:
                raise ValueError(f"duplicate segment {name!r}")
            if isinstance(spec, int):
                labels, size = None, spec
            else:
                labels = tuple(spec)
                size = len(labels)
            self.segments.append(name)
            self.offsets[name] = start
            self.sizes[name] = size
            self.labels[name] = labels
            start += size
        self.size = start
        # decode(a) for every action, built once: the rules decode one action per step.
        self._decoded: tuple[tuple[str, int], ...] = tuple(
            (name, i) for name in self.segments for i in range(self.sizes[name]))

    def encode(self, segment: str, i: int = 0) -> int:
        if not 0 <= i < self.sizes[segment]:
            raise IndexError(f"{segment}[{i}] out of range {self.sizes[segment]}")
        return self.offsets[segment] + i

    def decode(self, action: int) -> tuple[str, int]:
        """(segment, index within it) of a flat action index."""
        return self._decoded[action]

    def slice(self, segment: str) -> slice:
        o = self.offsets[segment]
        return slice(o, o + self.sizes[segment])

    def empty_mask(self) -> npt.NDArray[np.bool_]:
        return np.zeros(self.size, dtype=bool)

    def name(self, action: int) -> str:
        seg, i = self.decode(action)
        labels = self.labels[seg]
        if self.sizes[seg] == 1 and labels is None:
            return seg
        return f"{seg} {labels[i] if labels is not None else i}"
