"""Small shared pieces of map drawing: rectangles, a spatial index, text, colours, path data.

Every map module measures and places text through these helpers, so the boxes the label
placer reasons about are exactly the boxes the tests measure from the SVG.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import ImageColor

from toolkit.render.fonts import font_metrics, text_extent
from toolkit.render.svg import attrs, esc, fmt

Point = tuple[float, float]

MIN_TEXT = 6.0
"""The least size, in points at print size, a map's text is set at or shrunk to: printers ask
for 6 pt. A label that does not fit at it moves or takes more lines rather than shrink."""

INK = "#1a1a1a"
"""Near-black for outlines and text: softer than pure black in print, still full contrast."""
GRID_INK = "#4d4d4d"
"""Hex and square grid lines: thin, dark grey, below everything that matters."""
SEA_INK = "#1f4e8c"
"""Names and marks on water."""


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned box in page points (x0 <= x1, y0 <= y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """Horizontal extent."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """Vertical extent."""
        return self.y1 - self.y0

    def grow(self, d: float) -> Rect:
        """The box enlarged by ``d`` on every side (shrunk when negative)."""
        return Rect(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def shift(self, dx: float, dy: float) -> Rect:
        """The box moved by (dx, dy)."""
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def overlaps(self, other: Rect) -> bool:
        """Whether the two boxes share interior (touching edges do not count)."""
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def inside(self, other: Rect) -> bool:
        """Whether this box lies within ``other``."""
        return (
            self.x0 >= other.x0
            and self.y0 >= other.y0
            and self.x1 <= other.x1
            and self.y1 <= other.y1
        )


def rect_union(rects: Iterable[Rect]) -> Rect | None:
    """The smallest box holding every box given, or None for none."""
    items = list(rects)
    if not items:
        return None
    return Rect(
        min(r.x0 for r in items),
        min(r.y0 for r in items),
        max(r.x1 for r in items),
        max(r.y1 for r in items),
    )


class RectIndex:
    """Boxes bucketed on a square grid, so a collision query looks at neighbours only.

    Placing n labels against m hex numbers stays O(n + m) instead of O(n * m).
    """

    def __init__(self, cell: float) -> None:
        """Buckets of ``cell`` points; about the size of a hex is right."""
        self._cell = max(float(cell), 1.0)
        self._buckets: dict[tuple[int, int], list[Rect]] = {}

    def _keys(self, r: Rect) -> Iterable[tuple[int, int]]:
        c = self._cell
        for i in range(math.floor(r.x0 / c), math.floor(r.x1 / c) + 1):
            for j in range(math.floor(r.y0 / c), math.floor(r.y1 / c) + 1):
                yield i, j

    def add(self, r: Rect) -> None:
        """Remember a box that later ones must avoid."""
        for key in self._keys(r):
            self._buckets.setdefault(key, []).append(r)

    def hits(self, r: Rect) -> bool:
        """Whether ``r`` overlaps any box added so far."""
        return any(
            other.overlaps(r) for key in self._keys(r) for other in self._buckets.get(key, ())
        )

    def boxes(self) -> list[Rect]:
        """Every box added, once each (a box spans several buckets)."""
        seen: set[int] = set()
        out: list[Rect] = []
        for bucket in self._buckets.values():
            for box in bucket:
                if id(box) not in seen:
                    seen.add(id(box))
                    out.append(box)
        return out

    def overlap_area(self, r: Rect) -> float:
        """Total area ``r`` shares with the boxes added so far (to pick the least bad spot)."""
        seen: set[int] = set()
        total = 0.0
        for key in self._keys(r):
            for other in self._buckets.get(key, ()):
                if id(other) in seen or not other.overlaps(r):
                    continue
                seen.add(id(other))
                total += (min(r.x1, other.x1) - max(r.x0, other.x0)) * (
                    min(r.y1, other.y1) - max(r.y0, other.y0)
                )
        return total


# -- text ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Label:
    """One line of text to print, with the box its ink occupies."""

    text: str
    x: float
    y: float
    """Baseline anchor point."""
    size: float
    anchor: str = "middle"
    bold: bool = False
    italic: bool = False
    fill: str = INK
    role: str = "name"
    """What it is ('name', 'number', 'value', 'title'…): the SVG class, and what tests check."""

    @property
    def box(self) -> Rect:
        """The ink box: advance width across, the text's own ascent and descent."""
        return text_box(self.text, self.x, self.y, self.size, self.anchor, self.bold)


def text_box(
    text: str, x: float, y: float, size: float, anchor: str = "middle", bold: bool = False
) -> Rect:
    """The box a line of text occupies, measured with the bundled font."""
    width, ascent, descent = text_extent(text, size, bold)
    left = x - {"start": 0.0, "middle": width / 2, "end": width}.get(anchor, width / 2)
    return Rect(left, y - ascent, left + width, y + descent)


def line_height(size: float) -> float:
    """Distance between baselines of stacked lines, from the face's metrics."""
    ascent, descent = font_metrics(size)
    return (ascent + descent) * 0.92


def cap_height(size: float) -> float:
    """Height of capitals and digits above the baseline; centres a number on a point."""
    return 0.73 * size


_SKEW = -12.0
"""Degrees of the synthetic slant for italic names: no italic face ships with the toolkit."""


def label_svg(label: Label) -> str:
    """The ``<text>`` element of a label; italic is a skew about the anchor point."""
    common = attrs(
        class_=label.role,
        font_size=label.size,
        font_weight="bold" if label.bold else None,
        text_anchor=label.anchor if label.anchor != "start" else None,
        fill=label.fill if label.fill != INK else None,
    )
    if label.italic:
        where = f"translate({fmt(label.x)} {fmt(label.y)}) skewX({fmt(_SKEW)})"
        return f'<text{common} transform="{where}">{esc(label.text)}</text>'
    return f"<text{attrs(x=label.x, y=label.y)}{common}>{esc(label.text)}</text>"


def shrunk(size: float, share: float) -> float:
    """``size`` times ``share``, never below :data:`MIN_TEXT` (a size the designer set below it
    is kept, not shrunk further)."""
    return max(size * share, min(size, MIN_TEXT))


def fit_size(text: str, size: float, width: float, bold: bool = False, floor: float = 0.6) -> float:
    """The font size at which ``text`` fits ``width``, never below ``floor`` times ``size`` nor
    below :data:`MIN_TEXT`."""
    natural = text_extent(text, size, bold)[0]
    if natural <= width or natural <= 0:
        return size
    return max(shrunk(size, floor), size * width / natural)


# -- colours ---------------------------------------------------------------------------------------


def rgb(colour: str, default: tuple[int, int, int] = (128, 128, 128)) -> tuple[int, int, int]:
    """A CSS colour as (r, g, b); anything unreadable becomes ``default`` rather than a crash."""
    try:
        value = ImageColor.getrgb(str(colour).strip())
    except (ValueError, AttributeError):
        return default
    return value[0], value[1], value[2]


def hex_colour(value: Iterable[float]) -> str:
    """'#rrggbb' of an (r, g, b) triple, clamped to 0..255."""
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in value)


def safe_colour(colour: str | None, default: str) -> str:
    """The colour normalised to '#rrggbb', or ``default`` when it is missing or unreadable."""
    if not colour:
        return default
    return hex_colour(rgb(colour, rgb(default)))


def mix(a: str, b: str, t: float) -> str:
    """Colour ``t`` of the way from ``a`` to ``b``."""
    ra, rb = rgb(a), rgb(b)
    return hex_colour(tuple(x + (y - x) * t for x, y in zip(ra, rb, strict=True)))


def grey_level(colour: str) -> float:
    """Lightness as a greyscale printer sees it (0 black … 255 white, ITU-R 601 weights)."""
    r, g, b = rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def with_lightness(colour: str, grey: float) -> str:
    """The colour with its hue kept and its lightness moved until its grey level is ``grey``."""
    r, g, b = (c / 255 for c in rgb(colour))
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    lo, hi = 0.0, 1.0
    for _ in range(24):  # bisection on HLS lightness; grey level grows with it
        light = (lo + hi) / 2
        candidate = hex_colour(tuple(c * 255 for c in colorsys.hls_to_rgb(hue, light, sat)))
        if grey_level(candidate) < grey:
            lo = light
        else:
            hi = light
    return hex_colour(tuple(c * 255 for c in colorsys.hls_to_rgb(hue, (lo + hi) / 2, sat)))


def readable_ink(fill: str) -> str:
    """Dark text on light fills, white on dark ones."""
    return INK if grey_level(fill) >= 110 else "#ffffff"


# -- path data -------------------------------------------------------------------------------------


def poly_d(points: Sequence[Point], close: bool = True) -> str:
    """Path data through ``points`` (closed unless asked otherwise)."""
    if not points:
        return ""
    d = "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points)
    return d + ("Z" if close else "")


def circle_d(cx: float, cy: float, r: float) -> str:
    """A circle as path data (two arcs), for symbols built as one path."""
    return (
        f"M{fmt(cx - r)} {fmt(cy)}A{fmt(r)} {fmt(r)} 0 1 1 {fmt(cx + r)} {fmt(cy)}"
        f"A{fmt(r)} {fmt(r)} 0 1 1 {fmt(cx - r)} {fmt(cy)}Z"
    )


def finite(*values: float) -> bool:
    """Whether every value is a finite number (bad model data must not reach the SVG)."""
    try:
        return all(math.isfinite(float(v)) for v in values)
    except (TypeError, ValueError):
        return False


def el(tag: str, **kw: object) -> str:
    """An empty SVG element with escaped, sorted attributes: ``el("rect", x=1, fill="red")``."""
    return f"<{tag}{attrs(**kw)}/>"
