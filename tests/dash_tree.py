"""Walking a Dash layout in tests: every component below a root, without a browser."""
from __future__ import annotations

from typing import Any, Iterator


def components(root: Any) -> Iterator[Any]:
    """Every Dash component in ``root`` (a component, or lists of them), depth first."""
    stack = [root]
    while stack:
        c = stack.pop()
        if isinstance(c, (list, tuple)):
            stack.extend(c)
        elif hasattr(c, "to_plotly_json"):
            yield c
            stack.append(getattr(c, "children", None))


def ids(root: Any) -> set[str]:
    """The ids of all components in ``root``."""
    return {c.id for c in components(root) if getattr(c, "id", None)}


def by_id(root: Any, wanted: str) -> Any:
    """The component with id ``wanted``; ``AssertionError`` if there is none."""
    for c in components(root):
        if getattr(c, "id", None) == wanted:
            return c
    raise AssertionError(f"no component with id {wanted!r}")
