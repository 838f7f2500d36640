"""Small helpers for the text boards every game prints."""
from __future__ import annotations


def table(rows, header=None) -> str:
    rows = [[str(c) for c in r] for r in rows]
    if header:
        rows = [[str(c) for c in header]] + rows
    if not rows:
        return ""
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(max(map(len, rows)))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    if header:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def one_hot(n: int, i: int | None) -> list[float]:
    v = [0.0] * n
    if i is not None and 0 <= i < n:
        v[i] = 1.0
    return v
