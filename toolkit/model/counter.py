"""Counters: templates describe a layout once; counters give only data.

Pieces have faces (front, maybe back) and steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from toolkit.model.base import Origin, empty

Scalar = float | int | str | bool | None
EMPTY: Mapping[str, Scalar] = empty()
FieldType = Literal["text", "integer", "number", "unit-type", "echelon", "icon", "image", "colour"]
BackStyle = Literal["same", "reduced", "spent", "generic", "hidden", "none"]

COUNTER_COLUMNS = ("id", "name", "faction", "class", "count", "unlimited", "steps", "tags")
"""CSV columns every counters CSV may have besides its template's field names."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A named piece of data a template shows."""

    name: str
    type: FieldType = "text"
    required: bool = False
    default: Scalar = None
    description: str = ""


@dataclass(frozen=True, slots=True)
class Element:
    """One element of a counter face, drawn in order."""

    draw: str
    text: str | None = None
    field: str | None = None
    at: str = "center"
    size: float | None = None
    bold: bool = False
    color: str | None = None
    background: str | None = None
    edge: str | None = None


@dataclass(frozen=True, slots=True)
class BackLayout:
    """How a template's back face is drawn."""

    style: BackStyle = "same"
    elements: tuple[Element, ...] | None = None
    """A different layout for the back; None reuses the front's."""
    derive: Mapping[str, object] = empty()
    background: str | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class Template:
    """A counter layout."""

    id: str
    width: float
    """Points."""
    height: float
    shape: Literal["square", "round", "block"] = "square"
    background: str = "faction"
    border: str | None = None
    fields: Mapping[str, FieldSpec] = empty()
    front: tuple[Element, ...] = ()
    back: BackLayout = BackLayout()
    origin: Origin = Origin()
    """Where the template is written, to locate layout problems found while drawing."""


@dataclass(frozen=True, slots=True)
class Face:
    """What one face of a piece shows: a name and the template's field values."""

    name: str
    values: Mapping[str, Scalar]


@dataclass(frozen=True, slots=True)
class Counter:
    """A piece in the counter mix: faces (front, maybe back) and steps."""

    id: str
    name: str
    template: str
    faction: str | None
    class_: str | None
    """The unit class rules select on ('class' in sources)."""
    front: Face
    back: Face | None
    """None for a one-sided counter."""
    count: int = 1
    unlimited: bool = False
    steps: int = 1
    """Blocks and step-loss units: the full-strength step count."""
    tags: frozenset[str] = frozenset()
    properties: Mapping[str, Scalar] = empty()
    set_id: str = ""
    """The counters file (sheet) it comes from."""
    images: Mapping[str, Path] = empty()
    """Image fields → their checked path inside the game folder."""
    origin: Origin = Origin()
    """Where the counter is written (a JSON object, or a CSV row)."""

    def __hash__(self) -> int:
        """Counters are identified by id (their mappings cannot be hashed)."""
        return hash(("counter", self.id))

    @property
    def faces(self) -> tuple[Face, ...]:
        """The faces, front first."""
        return (self.front,) if self.back is None else (self.front, self.back)
