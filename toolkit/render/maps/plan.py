"""Where a map's locations fall on the page, whatever its grid: one Plan per drawing.

Hex and square positions come from toolkit.geometry only (the same layout VASSAL's grid and the
saved-game parser use), shifted to wherever the canvas puts the playing area; area maps scale
their map units to the printed width and height. Everything after this module asks the Plan
for centres, outlines and shared sides and never branches on the grid again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from toolkit.geometry import (
    Hex,
    Layout,
    Square,
    SquareLayout,
    grid_layout,
    hex_corners,
    hex_neighbor,
    hex_to_point,
    hexside_between,
    hexside_endpoints,
    hexside_of,
    offset_to_square,
    square_corners,
    square_to_point,
)
from toolkit.model.map import AreaMapGrid, HexMapGrid, Map, SquareMapGrid
from toolkit.render.maps.base import Point, Rect, finite

COMPASS: dict[str, Point] = {
    "n": (0.0, -1.0),
    "ne": (0.7071, -0.7071),
    "e": (1.0, 0.0),
    "se": (0.7071, 0.7071),
    "s": (0.0, 1.0),
    "sw": (-0.7071, 0.7071),
    "w": (-1.0, 0.0),
    "nw": (-0.7071, -0.7071),
}
"""Page directions of the edge names sources use for map-edge sides (y grows down)."""


@dataclass(frozen=True)
class Plan:
    """The page geometry of one map: its playing area and where each location is."""

    kind: str
    """'hex', 'square' or 'area'."""
    frame: Rect
    """The playing area on the canvas (hex maps with half hexes: through the edge centres)."""
    unit: float
    """The size of one location in points: text and symbols scale with it."""
    centres: Mapping[str, Point]
    """Label → centre, for every hex, square or space that has one."""
    layout: Layout | None = None
    squares: SquareLayout | None = None
    scale: Point = (1.0, 1.0)
    """Area maps: points per map unit across and down."""
    cells: Mapping[str, Square] = field(default_factory=dict)
    """Square maps: label → square."""
    hexes: Mapping[str, Hex] = field(default_factory=dict)
    """Hex maps: label → axial hex."""

    def to_page(self, x: float, y: float) -> Point:
        """Area maps: a point in map units on the page."""
        return self.frame.x0 + x * self.scale[0], self.frame.y0 + y * self.scale[1]

    def outline(self, label: str) -> list[Point]:
        """The corners of a hex or square (empty for area spaces, which have cells instead)."""
        loc_hex = self._hex(label)
        if loc_hex is not None and self.layout is not None:
            return hex_corners(self.layout, loc_hex)
        square = self.cells.get(label)
        if square is not None and self.squares is not None:
            return square_corners(self.squares, square)
        return []

    def side(self, a: str, b: str) -> tuple[Point, Point] | None:
        """The side shared by a and b, or by a and the map edge in direction b ('n', 'se'…)."""
        if self.kind == "hex":
            return self._hex_side(a, b)
        if self.kind == "square":
            return self._square_side(a, b)
        return None

    # -- hex ---------------------------------------------------------------------------------

    def _hex(self, label: str) -> Hex | None:
        return self.hexes.get(label)

    def _hex_side(self, a: str, b: str) -> tuple[Point, Point] | None:
        ha, hb = self._hex(a), self._hex(b)
        if ha is None or self.layout is None:
            return None
        try:
            if hb is not None:
                return hexside_endpoints(self.layout, hexside_between(ha, hb))
            if b in COMPASS:
                return hexside_endpoints(self.layout, hexside_of(ha, self._direction(ha, b)))
        except ValueError:
            return None  # not adjacent after all: nothing to draw, no crash
        return None

    def _direction(self, h: Hex, name: str) -> int:
        """The hex direction whose neighbour lies closest to the compass direction ``name``."""
        layout = self.layout
        assert layout is not None
        cx, cy = hex_to_point(layout, h)
        wanted = COMPASS[name]

        def score(d: int) -> float:
            nx, ny = hex_to_point(layout, hex_neighbor(h, d))
            length = math.hypot(nx - cx, ny - cy) or 1.0
            return ((nx - cx) * wanted[0] + (ny - cy) * wanted[1]) / length

        return max(range(6), key=lambda d: (score(d), -d))

    # -- square ------------------------------------------------------------------------------

    def _square_side(self, a: str, b: str) -> tuple[Point, Point] | None:
        corners_a = self.outline(a)
        if not corners_a:
            return None
        if b in COMPASS:
            cx, cy = self.centres[a]
            wanted = COMPASS[b]
            sides = [(corners_a[i], corners_a[(i + 1) % 4]) for i in range(4)]

            def score(side: tuple[Point, Point]) -> float:
                mx, my = (side[0][0] + side[1][0]) / 2 - cx, (side[0][1] + side[1][1]) / 2 - cy
                return (mx * wanted[0] + my * wanted[1]) / (math.hypot(mx, my) or 1.0)

            return max(sides, key=score)
        corners_b = self.outline(b)
        common = [p for p in corners_a if any(math.dist(p, q) < 1e-6 for q in corners_b)]
        return (common[0], common[1]) if len(common) == 2 else None


def frame_size(the_map: Map) -> Point:
    """Width and height of the playing area in points, before it is placed on the canvas."""
    grid = the_map.grid
    if isinstance(grid, HexMapGrid):
        gl = grid_layout(grid.grid, grid.hex_width, grid.hex_height, 0.0, _half(grid))
        return gl.width, gl.height
    if isinstance(grid, SquareMapGrid):
        return grid.grid.columns * grid.cell_size, grid.grid.rows * grid.cell_size
    return grid.width, grid.height


def _half(grid: HexMapGrid) -> bool:
    """Half hexes need two columns and rows (geometry refuses fewer): drop them, do not crash."""
    return bool(grid.half_hexes) and grid.grid.columns >= 2 and grid.grid.rows >= 2


def build_plan(the_map: Map, x: float, y: float) -> Plan:
    """The plan of a map whose playing area has its top-left corner at (x, y)."""
    grid = the_map.grid
    width, height = frame_size(the_map)
    frame = Rect(x, y, x + width, y + height)
    if isinstance(grid, HexMapGrid):
        return _hex_plan(the_map, grid, frame)
    if isinstance(grid, SquareMapGrid):
        return _square_plan(the_map, grid, frame)
    return _area_plan(the_map, grid, frame)


def _hex_plan(the_map: Map, grid: HexMapGrid, frame: Rect) -> Plan:
    base = grid_layout(grid.grid, grid.hex_width, grid.hex_height, 0.0, _half(grid)).layout
    layout = Layout(
        base.orientation,
        base.size_x,
        base.size_y,
        base.origin_x + frame.x0,
        base.origin_y + frame.y0,
    )
    hexes = {label: loc.hex for label, loc in the_map.locations.items() if loc.hex is not None}
    centres = {label: hex_to_point(layout, h) for label, h in hexes.items()}
    return Plan(
        "hex", frame, min(grid.hex_width, grid.hex_height), centres, layout=layout, hexes=hexes
    )


def _square_plan(the_map: Map, grid: SquareMapGrid, frame: Rect) -> Plan:
    layout = SquareLayout(grid.cell_size, grid.cell_size, frame.x0, frame.y0)
    cells: dict[str, Square] = {}
    for label, loc in the_map.locations.items():
        if loc.kind == "square" and loc.column is not None and loc.row is not None:
            try:
                cells[label] = offset_to_square(grid.grid, loc.column, loc.row)
            except ValueError:
                continue
    centres = {label: square_to_point(layout, sq) for label, sq in cells.items()}
    return Plan("square", frame, grid.cell_size, centres, squares=layout, cells=cells)


def _area_plan(the_map: Map, grid: AreaMapGrid, frame: Rect) -> Plan:
    ex, ey = grid.extent
    scale = (frame.width / ex if ex > 0 else 1.0, frame.height / ey if ey > 0 else 1.0)
    plan = Plan("area", frame, area_unit(the_map), {}, scale=scale)
    centres: dict[str, Point] = {}
    for space in the_map.spaces:
        if space.center is not None and finite(*space.center):
            centres[space.id] = plan.to_page(*space.center)
    return Plan("area", frame, plan.unit, centres, scale=scale)


def area_unit(the_map: Map) -> float:
    """The typical size of a space: the side of the square each would get if all were equal."""
    grid = the_map.grid
    assert isinstance(grid, AreaMapGrid)
    count = max(1, sum(1 for s in the_map.spaces if s.kind in ("land", "sea", "impassable")))
    return math.sqrt(grid.width * grid.height / count)
