"""Reading the YAML a person hands the tools (training configs, benchmark protocols) with
bounds, so that a small file cannot make a large amount of work: no aliases (``*name``: the
"billion laughs" file expands a few hundred bytes into gigabytes, and an error message that
printed the expanded value would too), nesting at most ``MAX_DEPTH`` deep, integers of at
most ``MAX_INT_DIGITS`` digits and texts of at most ``MAX_CHARS`` characters. Each refusal is
a :class:`yaml.MarkedYAMLError` naming the line, which the callers already turn into their
one-line errors; its message never holds a value of the file."""
from __future__ import annotations

from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import Node, ScalarNode

MAX_DEPTH = 32
MAX_INT_DIGITS = 40
MAX_CHARS = 1 << 20


class LimitError(yaml.MarkedYAMLError):
    """A YAML text past one of this module's bounds."""


class BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader without aliases, with bounded nesting and integer size."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise LimitError(problem="YAML aliases (*name) are not accepted here; write each "
                                     "value out in full", problem_mark=mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise LimitError(problem=f"nesting deeper than {MAX_DEPTH} levels",
                                 problem_mark=self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _bounded_int(loader: BoundedLoader, node: ScalarNode) -> int:
    text = loader.construct_scalar(node)
    digits = sum(c.isalnum() for c in str(text))
    if digits > MAX_INT_DIGITS:
        raise LimitError(problem=f"an integer of more than {MAX_INT_DIGITS} digits",
                         problem_mark=node.start_mark)
    value: int = yaml.SafeLoader.construct_yaml_int(loader, node)
    return value


BoundedLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)


def load(text: str) -> Any:
    """The value of a YAML document, read within the bounds above (LimitError past them,
    yaml.YAMLError for what is not YAML)."""
    if len(text) > MAX_CHARS:
        raise LimitError(problem=f"the text is longer than {MAX_CHARS} characters")
    return yaml.load(text, Loader=BoundedLoader)  # noqa: S506 - BoundedLoader is a SafeLoader
