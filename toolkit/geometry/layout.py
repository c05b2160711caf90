"""Hexes to page coordinates and back, for SVG output (x grows right, y grows DOWN).

An Orientation is the matrix table of Red Blob Games' hex guide: the forward matrix f0..f3 maps
axial (q, r) to unit-space (x, y), the backward matrix b0..b3 inverts it, and start_angle (in
sixths of a turn) places corner 0. A Layout scales unit space by independent size_x / size_y,
because printed hexes are often slightly squashed, then translates it to an origin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeAlias

from .hexes import HEX_DIRECTIONS, FractionalHex, Hex, Hexside
from .offset import HexGrid, grid_column_numbers, grid_row_numbers, offset_to_hex

Point: TypeAlias = tuple[float, float]

_SQRT3 = math.sqrt(3.0)
_INVERSE_TOLERANCE = 1e-9


def _require_finite(name: str, value: object, positive: bool = False) -> None:
    """Refuse NaN, infinities and (where asked) non-positive sizes before they reach an SVG."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number, got {value!r}")
    if not math.isfinite(value) or (positive and value <= 0):
        kind = "a positive finite number" if positive else "finite"
        raise ValueError(f"{name} must be {kind}, got {value!r}")


@dataclass(frozen=True, slots=True)
class Orientation:
    """Matrix table turning axial coordinates into unit-space points and back."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float

    def __post_init__(self) -> None:
        """The backward matrix must invert the forward one, or picking would miss hexes."""
        for name in ("f0", "f1", "f2", "f3", "b0", "b1", "b2", "b3", "start_angle"):
            _require_finite(f"Orientation.{name}", getattr(self, name))
        product = (
            self.b0 * self.f0 + self.b1 * self.f2,
            self.b0 * self.f1 + self.b1 * self.f3,
            self.b2 * self.f0 + self.b3 * self.f2,
            self.b2 * self.f1 + self.b3 * self.f3,
        )
        if any(abs(p - i) > _INVERSE_TOLERANCE for p, i in zip(product, (1, 0, 0, 1), strict=True)):
            raise ValueError("Orientation backward matrix is not the inverse of the forward one")


POINTY = Orientation(_SQRT3, _SQRT3 / 2, 0.0, 1.5, _SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5)
FLAT = Orientation(1.5, 0.0, _SQRT3 / 2, _SQRT3, 2 / 3, 0.0, -1 / 3, _SQRT3 / 3, 0.0)
ORIENTATIONS: dict[str, Orientation] = {"flat": FLAT, "pointy": POINTY}


@dataclass(frozen=True, slots=True)
class Layout:
    """Where hexes land on the page: orientation, per-axis hex size and the page origin."""

    orientation: Orientation
    size_x: float
    size_y: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        """Sizes must be positive and every number finite, or the drawing degenerates."""
        if not isinstance(self.orientation, Orientation):
            raise ValueError(f"Layout.orientation must be an Orientation, got {self.orientation!r}")
        _require_finite("Layout.size_x", self.size_x, positive=True)
        _require_finite("Layout.size_y", self.size_y, positive=True)
        _require_finite("Layout.origin_x", self.origin_x)
        _require_finite("Layout.origin_y", self.origin_y)


def hex_to_point(layout: Layout, h: Hex) -> Point:
    """Page coordinates of a hex centre."""
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size_x
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size_y
    return x + layout.origin_x, y + layout.origin_y


def point_to_hex(layout: Layout, x: float, y: float) -> FractionalHex:
    """Fractional hex under a page point; hex_round it to find the hex clicked or covered."""
    m = layout.orientation
    ux = (x - layout.origin_x) / layout.size_x
    uy = (y - layout.origin_y) / layout.size_y
    return FractionalHex(m.b0 * ux + m.b1 * uy, m.b2 * ux + m.b3 * uy)


def _unit_corner(orientation: Orientation, corner: int) -> Point:
    """Corner of a unit hex centred on the origin; corners go round in steps of 60 degrees."""
    angle = math.tau * (orientation.start_angle + corner) / 6
    return math.cos(angle), math.sin(angle)


def hex_corners(layout: Layout, h: Hex) -> list[Point]:
    """The six corners of a hex on the page, in corner-index order, for drawing its outline."""
    cx, cy = hex_to_point(layout, h)
    corners = (_unit_corner(layout.orientation, i) for i in range(6))
    return [(cx + ux * layout.size_x, cy + uy * layout.size_y) for ux, uy in corners]


def _side_corners(orientation: Orientation, direction: int) -> tuple[int, int]:
    """Indices of the two corners bounding the side facing a direction, from the matrix."""
    d = HEX_DIRECTIONS[direction]
    vx = orientation.f0 * d.q + orientation.f1 * d.r
    vy = orientation.f2 * d.q + orientation.f3 * d.r
    sixths = math.atan2(vy, vx) / (math.tau / 6)
    # The side's corners sit half a sixth either side of the direction to the neighbour.
    first = round(sixths - orientation.start_angle - 0.5) % 6
    return first, (first + 1) % 6


def hexside_endpoints(layout: Layout, side: Hexside) -> tuple[Point, Point]:
    """The two page points a hexside runs between, for drawing rivers and roads on sides."""
    corners = hex_corners(layout, side.hex)
    a, b = _side_corners(layout.orientation, side.direction)
    return corners[a], corners[b]


def hexside_midpoint(layout: Layout, side: Hexside) -> Point:
    """Middle of a hexside, where a hexside marker or label goes."""
    (ax, ay), (bx, by) = hexside_endpoints(layout, side)
    return (ax + bx) / 2, (ay + by) / 2


def hex_width_height_to_size(orientation: Orientation, width: float, height: float) -> Point:
    """Layout sizes from the printed hex width and height (corner or flat extents as printed)."""
    _require_finite("hex width", width, positive=True)
    _require_finite("hex height", height, positive=True)
    corners = [_unit_corner(orientation, i) for i in range(6)]
    unit_width = max(x for x, _ in corners) - min(x for x, _ in corners)
    unit_height = max(y for _, y in corners) - min(y for _, y in corners)
    return width / unit_width, height / unit_height


@dataclass(frozen=True, slots=True)
class GridLayout:
    """A map's layout plus the page size (margins included) that holds the whole grid."""

    layout: Layout
    width: float
    height: float

    def __post_init__(self) -> None:
        """Page sizes must be real lengths."""
        if not isinstance(self.layout, Layout):
            raise ValueError(f"GridLayout.layout must be a Layout, got {self.layout!r}")
        for name, value in (("width", self.width), ("height", self.height)):
            _require_finite(f"GridLayout.{name}", value)
            if value < 0:
                raise ValueError(f"GridLayout.{name} must be >= 0, got {value!r}")


def _extreme_hexes(grid: HexGrid) -> list[Hex]:
    """Hexes of the two outermost columns and rows per side, which bound the whole map."""
    columns, rows = grid_column_numbers(grid), grid_row_numbers(grid)
    edge_columns = sorted({*columns[:2], *columns[-2:]})
    edge_rows = sorted({*rows[:2], *rows[-2:]})
    return [offset_to_hex(grid, c, r) for c in edge_columns for r in edge_rows]


def grid_layout(
    grid: HexGrid,
    hex_width: float,
    hex_height: float,
    margin: float = 0.0,
    half_hexes: bool = False,
) -> GridLayout:
    """Layout placing the map's top-left at (margin, margin), and the page size it needs."""
    # With half_hexes the map frame runs through the centres of the edge hexes, so the outer
    # hexes are cut in half. Width and height include the margin on both sides.
    _require_finite("margin", margin)
    if margin < 0:
        raise ValueError(f"margin must be >= 0, got {margin!r}")
    if half_hexes and (grid.columns < 2 or grid.rows < 2):
        raise ValueError("half_hexes needs at least 2 columns and 2 rows, or nothing remains")
    orientation = ORIENTATIONS[grid.orientation]
    size_x, size_y = hex_width_height_to_size(orientation, hex_width, hex_height)
    base = Layout(orientation, size_x, size_y)
    points = [
        point
        for h in _extreme_hexes(grid)
        for point in ([hex_to_point(base, h)] if half_hexes else hex_corners(base, h))
    ]
    min_x, max_x = min(x for x, _ in points), max(x for x, _ in points)
    min_y, max_y = min(y for _, y in points), max(y for _, y in points)
    layout = Layout(orientation, size_x, size_y, margin - min_x, margin - min_y)
    return GridLayout(layout, max_x - min_x + 2 * margin, max_y - min_y + 2 * margin)
