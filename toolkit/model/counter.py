"""Counters: templates describe a layout once; counters give only data.

Pieces have faces (front, maybe back, one per step) and steps; :mod:`toolkit.model.faces` works
out which, once, when the counter is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from toolkit.model.base import Origin, empty

Scalar = float | int | str | bool | None
EMPTY: Mapping[str, Scalar] = MappingProxyType({})
"""A read-only empty mapping, for default arguments (``empty()`` is for dataclass fields)."""
FieldType = Literal["text", "integer", "number", "unit-type", "echelon", "icon", "image", "colour"]
BackStyle = Literal["same", "reduced", "spent", "generic", "hidden", "none"]
FaceId = str
"""A face's identity on its counter: 'front', 'back', 'hidden', 'step-1' … 'step-N'."""
FaceSide = Literal["front", "back"]
FaceStyle = Literal["front", "same", "reduced", "spent", "generic", "hidden"]
"""How a face is drawn: 'front', or the template's back style."""
SIDES: tuple[FaceSide, ...] = ("front", "back")

COUNTER_COLUMNS = (
    "id",
    "name",
    "faction",
    "class",
    "count",
    "unlimited",
    "steps",
    "private",
    "tags",
)
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
    """One face of a counter: which it is, where it is printed, and what it shows."""

    id: FaceId
    side: FaceSide
    """Which physical side of the counter shows it. A step-loss unit's lower steps are its back
    reduced again: a replacement counter in the box, printed like the back."""
    step: int
    """The strength steps it shows (a back shows one step less than the front; at least 1)."""
    style: FaceStyle
    name: str
    """The printed name."""
    values: Mapping[str, Scalar]
    """The template's field values on this face."""

    @property
    def conceals(self) -> bool:
        """True for a face that hides the unit's strength (a block's hidden side, a national
        back): its step says nothing about the piece's strength."""
        return self.style in ("hidden", "generic")


class UnknownFaceError(ValueError):
    """A face id the counter does not have."""


@dataclass(frozen=True, slots=True)
class Counter:
    """A piece in the counter mix: its faces (front, maybe back, one per step) and steps."""

    id: str
    name: str
    template: str
    faction: str | None
    class_: str | None
    """The unit class rules select on ('class' in sources)."""
    faces: tuple[Face, ...]
    """Every face, front first, in drawing order (see :func:`toolkit.model.faces.derive_faces`)."""
    block: bool = False
    """A block (its template's shape): it stands upright, its owner sees its current step and
    the enemy its hidden side; its step faces all show the front, turned."""
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
    private: bool = False
    """Masked to the other side: only its owner sees its face."""
    back_background: str | None = None
    """The counter's own back colour ('faction' or '#rrggbb'), over its template's: two nations
    sharing a template can still differ when flipped."""

    def __post_init__(self) -> None:
        """A counter has a front first and no face id twice.

        :raises ValueError: either is broken.
        """
        ids = [face.id for face in self.faces]
        if not ids or ids[0] != "front":
            raise ValueError(f"counter {self.id!r}: the first face must be 'front', not {ids}")
        if len(set(ids)) != len(ids):
            raise ValueError(f"counter {self.id!r}: face ids repeat: {ids}")

    def __hash__(self) -> int:
        """Counters are identified by id (their mappings cannot be hashed)."""
        return hash(("counter", self.id))

    @property
    def front(self) -> Face:
        """The front at full strength."""
        return self.faces[0]

    @property
    def back(self) -> Face | None:
        """The other side of the full-strength counter ('back' or 'hidden'); None for a
        one-sided counter."""
        if len(self.faces) > 1 and self.faces[1].id in ("back", "hidden"):
            return self.faces[1]
        return None

    @property
    def face_ids(self) -> tuple[FaceId, ...]:
        """The ids of its faces, in drawing order."""
        return tuple(face.id for face in self.faces)

    def face(self, face_id: FaceId) -> Face:
        """The face with this id.

        :raises UnknownFaceError: the counter has no such face (the message lists those it has).
        """
        for face in self.faces:
            if face.id == face_id:
                return face
        raise UnknownFaceError(
            f"counter {self.id!r} has no face {face_id!r}; its faces are {', '.join(self.face_ids)}"
        )

    def step_face(self, step: int) -> Face | None:
        """The face 'step-<step>', or None when the counter has no face for that step."""
        return next((face for face in self.faces if face.id == f"step-{step}"), None)

    @property
    def printed_faces(self) -> tuple[Face, Face | None]:
        """The faces printed on the sheet, as (front of the die-cut counter, its back).

        A block prints its full-strength step, 'step-<steps>' (its step numbers show which edge
        is up), over its hidden side (None when its back is not 'hidden'); every other counter
        prints its front over its back (None: one-sided).
        """
        if not self.block:
            return self.front, self.back
        steps = [face for face in self.faces if face.id.startswith("step-")]
        full = self.step_face(self.steps) or max(steps, key=lambda f: f.step, default=self.front)
        back = self.back if self.back is not None and self.back.id == "hidden" else None
        return full, back
