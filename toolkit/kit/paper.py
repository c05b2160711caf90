"""Paper sizes and the printable area of a page (all lengths in points, origin top-left)."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.kit.errors import KitError

PAPER_SIZES: dict[str, tuple[float, float]] = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
"""Portrait width and height of the papers a home printer takes."""

MM: float = 72 / 25.4
"""One millimetre in points."""

INCH: float = 72.0

Rect = tuple[float, float, float, float]
"""x, y, width, height in page coordinates (points, y grows downwards as in SVG)."""


@dataclass(frozen=True, slots=True)
class Page:
    """A page size and the margins that home printers leave unprinted."""

    width: float
    height: float
    margin: float = 0.5 * INCH
    """Kept clear of counters and map tiles; marks and headers live here (printers lose ~1/4")."""

    @property
    def inner_width(self) -> float:
        """Width inside the margins."""
        return self.width - 2 * self.margin

    @property
    def inner_height(self) -> float:
        """Height inside the margins."""
        return self.height - 2 * self.margin

    @property
    def landscape(self) -> bool:
        """Wider than tall."""
        return self.width > self.height

    def turned(self) -> Page:
        """The same paper the other way round (portrait ↔ landscape)."""
        return Page(self.height, self.width, self.margin)


def paper(name: str, landscape: bool = False) -> Page:
    """The page for a paper name ('letter', 'a4').

    :raises KitError: unknown paper.
    """
    key = name.lower()
    if key not in PAPER_SIZES:
        raise KitError(f"unknown paper {name!r}; use {', '.join(PAPER_SIZES)}")
    width, height = PAPER_SIZES[key]
    return Page(height, width) if landscape else Page(width, height)


def grow(
    rect: Rect,
    left: float,
    top: float | None = None,
    right: float | None = None,
    bottom: float | None = None,
) -> Rect:
    """``rect`` grown outwards on each side (one value grows all four sides)."""
    top = left if top is None else top
    right = left if right is None else right
    bottom = top if bottom is None else bottom
    x, y, w, h = rect
    return (x - left, y - top, w + left + right, h + top + bottom)


def union(rects: list[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``rects``.

    :raises ValueError: no rectangles.
    """
    if not rects:
        raise ValueError("the union of no rectangles is undefined")
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return (x0, y0, x1 - x0, y1 - y0)
