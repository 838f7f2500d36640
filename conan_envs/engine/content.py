"""Loading game content (cards, maps, tables, scenarios) from each game's data/*.yaml."""
from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import yaml

# libyaml's C parser when PyYAML was built with it (several times faster than pure Python).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def load_yaml(package: str, name: str) -> Any:
    """Parse `data/<name>.yaml` of a game package (cached; treat the result as read-only)."""
    path = resources.files(package).joinpath("data", f"{name}.yaml")
    with path.open("r", encoding="utf-8") as f:
        return yaml.load(f, Loader=_LOADER)
