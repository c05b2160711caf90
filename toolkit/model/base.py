"""Small shared pieces of the model: the scalar type and read-only empty defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

Scalar = float | int | str | bool | None
"""A plain JSON value: what properties and counter fields hold."""


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a model value was written: its file (as diagnostics name it) and JSON pointer.

    Later stages (drawing, checking) use it to report a problem at the designer's line.
    """

    file: str = ""
    pointer: str = ""
    line: int = 0
    """Set for values that come from CSV rows, whose lines are not JSON pointers."""


def empty() -> Any:
    """A dataclass field defaulting to a new read-only empty mapping."""
    return field(default_factory=lambda: MappingProxyType({}))


def readonly(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """A read-only copy of a mapping."""
    return MappingProxyType(dict(mapping or {}))
