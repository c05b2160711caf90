"""From a template's elements and a face's values to the pieces the layout places.

Here template data meets defaults: sizes a designer left out, the faction's text colour, factors
set in bold, the echelon mark attached above the unit symbol, a field that holds no value on
this face (nothing is drawn for it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.catalogue import ENGLISH, Words
from toolkit.model.counter import Element, Scalar
from toolkit.render.counters.edges import (
    EDGES,
    DotsItem,
    EdgeItem,
    StepsItem,
    StripeItem,
    step_labels,
)
from toolkit.render.counters.layout import Slotted
from toolkit.render.counters.paint import Outline, Paint
from toolkit.render.counters.pieces import (
    ECHELON_SHARE,
    SYMBOL_RATIO,
    EchelonPiece,
    FrameBox,
    IconPiece,
    ImagePiece,
    SymbolPiece,
    TextPiece,
    load_image,
)
from toolkit.render.counters.text import Where, fill_placeholders, format_value, shown_text
from toolkit.render.symbols import parse_echelon, parse_icon, parse_unit_type

TEXT_SHARE = {
    "center": 0.28,
    "upper": 0.2,
    "lower": 0.2,
    "top": 0.2,
    "bottom": 0.2,
    "left": 0.16,
    "right": 0.16,
    "top-left": 0.17,
    "top-right": 0.17,
    "bottom-left": 0.17,
    "bottom-right": 0.17,
}
"""Default text size by position, as a share of the counter's smaller side (7.2 pt for a
factor line on a 1/2-inch counter)."""
SYMBOL_SHARE = 0.55
ICON_SHARE = 0.6
IMAGE_SHARE = 0.6
ECHELON_ALONE_SHARE = 0.1
BOX_SHARE = 0.3
STRIPE_SHARE = 0.16
CROSS_STRIPE_SHARE = 0.3
DOT_SHARE = 0.045
"""Strength dot radius, as a share of the smaller side (a dots element's 'size' gives the
diameter)."""
STEP_SHARE = 0.2
MAX_BLOCK_STEPS = 4
"""A block label has four edges, one per step number."""

_FACTORS = re.compile(r"[(\[]?[0-9][ ()\[\]*+/\-–.,:0-9]*")


@dataclass(frozen=True, slots=True)
class FaceInput:
    """What the elements of one face are drawn from."""

    values: Mapping[str, Scalar]
    """Field values plus the built-ins (id, name, faction, faction_name, faction_abbreviation,
    class, steps)."""
    paint: Paint
    outline: Outline
    where: Where
    step: int
    """The strength this face shows (a block's current step)."""
    steps: int
    images: Mapping[str, Path] = field(default_factory=dict)
    filter_id: str | None = None
    say: Words = ENGLISH
    """The game's words: how a value is written (decimal point, yes/no)."""


@dataclass(frozen=True, slots=True)
class Across:
    """A stripe across the counter (a band behind a row, not along an edge)."""

    index: int
    row: str
    """The row it runs behind: 'upper', 'middle' or 'lower'."""
    thickness: float
    fill: str
    label: TextPiece | None = None


@dataclass(slots=True)
class FaceItems:
    """A face's elements sorted by how they are laid out."""

    rows: dict[str, list[Slotted]] = field(default_factory=dict)
    edges: list[EdgeItem] = field(default_factory=list)
    edge_index: list[int] = field(default_factory=list)
    """The element index of each edge item (-1 for a back's band)."""
    across: list[Across] = field(default_factory=list)
    """Stripes across the counter, behind the rows."""

    def slot(self, slotted: Slotted) -> None:
        """Add a piece to its row."""
        self.rows.setdefault(slotted.row, []).append(slotted)

    def edge(self, index: int, item: EdgeItem) -> None:
        """Add an edge item."""
        self.edges.append(item)
        self.edge_index.append(index)


def is_factors(text: str) -> bool:
    """'4-4-3', '12', '(2)-3' — numbers a player reads at a glance, printed bold."""
    return bool(_FACTORS.fullmatch(text))


def share(size: float | None, default: float, whole: float) -> float:
    """A symbol size: a share of ``whole`` (0–1) or, above 1, points."""
    if size is None:
        return default * whole
    return size * whole if size <= 1 else float(size)


def element_items(elements: tuple[Element, ...], face: FaceInput) -> FaceItems:
    """Sort every element of a face into rows, edge items and stripes across.

    An echelon at 'center' (the default) is drawn right above the face's unit symbol, as one
    group; at any other position it stands there on its own (a 1/2-inch counter saves height
    by setting it in the top row, beside the unit's number), sized to match the symbol.
    """
    items = FaceItems()
    symbol = next((e for e in elements if e.draw == "unit-symbol"), None)
    echelon = next((e for e in elements if e.draw == "echelon"), None)
    attached = (
        echelon if symbol is not None and echelon is not None and (echelon.at == "center") else None
    )
    for index, element in enumerate(elements):
        if element is attached:
            continue  # drawn above the unit symbol
        _add(items, index, element, face, face.where.at(index), attached, symbol)
    return items


def _add(
    items: FaceItems,
    index: int,
    element: Element,
    face: FaceInput,
    where: Where,
    echelon: Element | None,
    symbol: Element | None,
) -> None:
    kind = element.draw
    if kind in ("text", "box"):
        _add_text(items, index, element, face, where)
    elif kind == "stripe":
        _add_stripe(items, index, element, face, where)
    elif kind == "dots":
        _add_dots(items, index, element, face, where)
    elif kind == "steps":
        items.edge(index, _steps(element, face, where))
    else:
        piece = _picture(element, face, where, echelon, symbol)
        if piece is not None:
            items.slot(Slotted(index, piece, element.at))


def _colour(element: Element, face: FaceInput) -> str:
    return face.paint.tone(element.color) if element.color else face.paint.ink


def _content(element: Element, face: FaceInput) -> str:
    """The text an element prints: its text with placeholders filled, or its field's value."""
    if element.text is not None:
        raw = fill_placeholders(element.text, face.values, face.say)
    elif element.field is not None:
        raw = format_value(face.values.get(element.field), face.say)
    else:
        raw = ""
    return shown_text(raw)


def _text_size(element: Element, face: FaceInput) -> float:
    smaller = min(face.outline.w, face.outline.h)
    return float(element.size) if element.size else TEXT_SHARE.get(element.at, 0.2) * smaller


def _add_text(
    items: FaceItems, index: int, element: Element, face: FaceInput, where: Where
) -> None:
    text = _content(element, face)
    background = face.paint.tone(element.background) if element.background else None
    if element.draw == "box" and not text:
        side = share(element.size, BOX_SHARE, min(face.outline.w, face.outline.h))
        items.slot(Slotted(index, FrameBox(side, _colour(element, face), background), element.at))
        return
    if not text:
        return
    colour = _colour(element, face)
    if background and not element.color:
        colour = face.paint.on(background)
    frame = _colour(element, face) if element.draw == "box" else None
    piece = TextPiece(
        text,
        _text_size(element, face),
        element.bold or is_factors(text),
        colour,
        where,
        background=background,
        frame=frame,
    )
    items.slot(Slotted(index, piece, element.at))


def _add_stripe(
    items: FaceItems, index: int, element: Element, face: FaceInput, where: Where
) -> None:
    fill = face.paint.tone(element.background or element.color or face.paint.ink)
    text = _content(element, face) if element.text is not None or element.field else ""
    edge = element.edge or next((e for e in EDGES if element.at.startswith(e)), None)
    smaller = min(face.outline.w, face.outline.h)
    label = None
    if text:
        colour = (
            face.paint.tone(element.color)
            if element.color and element.background
            else face.paint.on(fill)
        )
        size = float(element.size) if element.size and element.size > 1 else 0.13 * smaller
        label = TextPiece(text, size, True, colour, where)
    if edge is None:
        row = {"upper": "upper", "lower": "lower"}.get(element.at, "middle")
        thickness = share(element.size if not text else None, CROSS_STRIPE_SHARE, face.outline.h)
        items.across.append(Across(index, row, thickness, fill, label))
        return
    thickness = share(element.size if not text else None, STRIPE_SHARE, smaller)
    items.edge(index, StripeItem(edge, thickness, fill, label))


def _add_dots(
    items: FaceItems, index: int, element: Element, face: FaceInput, where: Where
) -> None:
    value = face.values.get(element.field) if element.field else None
    if value is None or value == "":
        return
    try:
        count = int(float(str(value)))
    except ValueError:
        raise where.error("counter.bad-dots", f"dots need a whole number, got {value!r}") from None
    if count <= 0:
        return
    smaller = min(face.outline.w, face.outline.h)
    radius = share(element.size, 2 * DOT_SHARE, smaller) / 2  # 'size': the dots' diameter
    items.edge(
        index, DotsItem(element.edge or "bottom", count, radius, _colour(element, face), where)
    )


def _steps(element: Element, face: FaceInput, where: Where) -> StepsItem:
    if face.steps > MAX_BLOCK_STEPS:
        raise where.error(
            "counter.too-many-steps",
            f"a block label has four edges, so it can show at most "
            f"{MAX_BLOCK_STEPS} steps, not {face.steps}",
        )
    size = float(element.size) if element.size else STEP_SHARE * min(face.outline.w, face.outline.h)
    return StepsItem(
        step_labels(face.step, face.steps),
        tuple(str(k) for k in range(1, face.steps + 1)),
        size,
        True,
        _colour(element, face),
        where,
    )


_VOCABULARY: dict[str, tuple[str, Callable[[str], object]]] = {
    "unit-symbol": ("unit symbol", parse_unit_type),
    "echelon": ("echelon", parse_echelon),
    "icon": ("icon", parse_icon),
}
"""What a symbol element's value must be, checked here as a text field can feed it too."""


def _picture(
    element: Element, face: FaceInput, where: Where, echelon: Element | None, symbol: Element | None
) -> SymbolPiece | EchelonPiece | IconPiece | ImagePiece | None:
    """A unit symbol, lone echelon mark, icon or image; None when its field has no value."""
    value = face.values.get(element.field) if element.field else element.text
    if value is None or value == "":
        return None
    if element.draw in _VOCABULARY:
        what, parse = _VOCABULARY[element.draw]
        try:
            parse(str(value))
        except ValueError as exc:  # a text field fed to a symbol: the loader could not check it
            raise where.error("counter.bad-symbol", f"{what}: {exc}") from None
    width, colour = face.outline.w, _colour(element, face)
    if element.draw == "unit-symbol":
        mark = face.values.get(echelon.field) if echelon and echelon.field else None
        mark_colour = _colour(echelon, face) if echelon and echelon.color else None
        fill = face.paint.tone(element.background) if element.background else "none"
        return SymbolPiece(
            str(value),
            share(element.size, SYMBOL_SHARE, width),
            colour,
            fill,
            str(mark) if mark else None,
            mark_colour,
        )
    if element.draw == "echelon":
        # As tall as the mark above the face's symbol would be; 'size' caps its width, so
        # an XXXXX stays within bounds while an X keeps the height of its neighbours.
        height = (
            ECHELON_SHARE * share(symbol.size, SYMBOL_SHARE, width) / SYMBOL_RATIO
            if symbol is not None
            else ECHELON_ALONE_SHARE * width
        )
        limit = share(element.size, 1.0, width) if element.size else math.inf
        return EchelonPiece(str(value), height, colour, limit)
    if element.draw == "icon":
        return IconPiece(str(value), share(element.size, ICON_SHARE, width), colour)
    path = face.images.get(element.field or "")
    if path is None:
        return None
    try:
        uri, aspect = load_image(path)
    except (OSError, ValueError) as exc:
        raise where.error("counter.bad-image", str(exc)) from None
    return ImagePiece(uri, aspect, share(element.size, IMAGE_SHARE, width), face.filter_id)
