"""Small helpers for the text boards every game prints."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


def table(rows: Iterable[Iterable[Any]], header: Sequence[Any] | None = None) -> str:
    cells = [[str(c) for c in r] for r in rows]
    if header:
        cells = [[str(c) for c in header]] + cells
    if not cells:
        return ""
    widths = [max(len(r[i]) for r in cells if i < len(r)) for i in range(max(map(len, cells)))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip() for r in cells]
    if header:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def render_view(view: dict[str, Any]) -> str:
    """A plain text board for any view: the game's keys, then the decision and the log.
    Games override ``State._render`` with a board in their own words."""
    lines = [f"{view['env_id']}, as {view['role']} sees it"]
    for key, value in view.items():
        if key not in ("env_id", "role", "decision", "log"):
            lines.append(f"{key}: {value}")
    lines += ["", "Recent events:"] + [f"  {e}" for e in view["log"][-12:]]
    d = view["decision"]
    lines += ["", f"{d['actor'] or 'nobody'} to act: {d['prompt']}"]
    return "\n".join(lines)
