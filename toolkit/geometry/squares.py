"""Square-grid maps: cells, neighbours, distances, printed labels and page positions.

A Square is a visual position (col grows right, row grows down the page, the map's top-left cell
is Square(0, 0)); a SquareGrid maps it to the printed column and row numbers and the label, with
the same origin and LabelFormat conventions as hex maps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .frame import (
    Origin,
    frame_check,
    frame_check_int,
    frame_column_numbers,
    frame_columns_forward,
    frame_row_numbers,
    frame_rows_forward,
    frame_to_index,
    frame_to_number,
)
from .labels import LabelFormat, label_check, label_format, label_parse
from .layout import Point


@dataclass(frozen=True, slots=True)
class Square:
    """One cell of a square grid in visual coordinates, hashable for sets and dictionaries."""

    col: int
    row: int

    def __post_init__(self) -> None:
        """Keep coordinates integral so equality and hashing stay exact."""
        frame_check_int("Square.col", self.col)
        frame_check_int("Square.row", self.row)


# Page directions, counter-clockwise from east as with hexes (y grows down, so north is row - 1).
SQUARE_DIRECTIONS: tuple[Square, ...] = (Square(1, 0), Square(0, -1), Square(-1, 0), Square(0, 1))
SQUARE_DIAGONALS: tuple[Square, ...] = (
    Square(1, -1),
    Square(-1, -1),
    Square(-1, 1),
    Square(1, 1),
)


@dataclass(frozen=True, slots=True)
class SquareGrid:
    """A printed square map's size and numbering convention."""

    columns: int
    rows: int
    first_column: int = 1
    first_row: int = 1
    origin: Origin = "top-left"
    label: LabelFormat = field(default_factory=LabelFormat)

    def __post_init__(self) -> None:
        """Refuse oversized maps, unknown origins and labels that could not round-trip."""
        frame_check(self.columns, self.rows, self.first_column, self.first_row, self.origin)
        if not isinstance(self.label, LabelFormat):
            raise ValueError(f"label must be a LabelFormat, got {self.label!r}")
        label_check(self.label, frame_column_numbers(self), frame_row_numbers(self))


def square_neighbors(sq: Square, diagonal: bool) -> tuple[Square, ...]:
    """Adjacent cells: 4 orthogonal ones, or all 8 when diagonal moves count."""
    steps = SQUARE_DIRECTIONS + SQUARE_DIAGONALS if diagonal else SQUARE_DIRECTIONS
    return tuple(Square(sq.col + s.col, sq.row + s.row) for s in steps)


def square_distance(a: Square, b: Square, diagonal: bool) -> int:
    """Steps between cells: Chebyshev when diagonal moves count, Manhattan otherwise."""
    dx, dy = abs(a.col - b.col), abs(a.row - b.row)
    return max(dx, dy) if diagonal else dx + dy


def offset_to_square(grid: SquareGrid, column: int, row: int) -> Square:
    """Visual cell of a printed column and row number (extends past the map edge too)."""
    forward_x, forward_y = frame_columns_forward(grid.origin), frame_rows_forward(grid.origin)
    return Square(
        frame_to_index(column, grid.first_column, grid.columns, forward_x),
        frame_to_index(row, grid.first_row, grid.rows, forward_y),
    )


def square_to_offset(grid: SquareGrid, sq: Square) -> tuple[int, int]:
    """Printed column and row number of a cell; the inverse of offset_to_square."""
    forward_x, forward_y = frame_columns_forward(grid.origin), frame_rows_forward(grid.origin)
    return (
        frame_to_number(sq.col, grid.first_column, grid.columns, forward_x),
        frame_to_number(sq.row, grid.first_row, grid.rows, forward_y),
    )


def square_grid_size(grid: SquareGrid) -> int:
    """Number of cells on the map, known without enumerating them."""
    return grid.columns * grid.rows


def square_grid_contains(grid: SquareGrid, sq: Square) -> bool:
    """Whether a cell is printed on the map."""
    return 0 <= sq.col < grid.columns and 0 <= sq.row < grid.rows


def square_grid_squares(grid: SquareGrid) -> list[Square]:
    """Every cell in label order: printed columns ascending, rows ascending within each."""
    columns, rows = frame_column_numbers(grid), frame_row_numbers(grid)
    return [offset_to_square(grid, c, r) for c in columns for r in rows]


def format_square_label(grid: SquareGrid, sq: Square) -> str:
    """The label printed in a cell; refuses cells that are not on the map."""
    if not square_grid_contains(grid, sq):
        raise ValueError(f"{sq!r} is not on the {grid.columns} x {grid.rows} map")
    column, row = square_to_offset(grid, sq)
    return label_format(grid.label, column, row)


def parse_square_label(grid: SquareGrid, text: str) -> Square:
    """The cell a printed label names; accepts exactly what format_square_label writes."""
    column, row = label_parse(grid.label, text, frame_column_numbers(grid), frame_row_numbers(grid))
    return offset_to_square(grid, column, row)


@dataclass(frozen=True, slots=True)
class SquareLayout:
    """Where cells land on the page: cell size and the page position of Square(0, 0)'s corner."""

    cell_width: float
    cell_height: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    def __post_init__(self) -> None:
        """Cell sizes must be positive and every number finite."""
        for name in ("cell_width", "cell_height", "origin_x", "origin_y"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"SquareLayout.{name} must be a number, got {value!r}")
            if not math.isfinite(value) or (name.startswith("cell") and value <= 0):
                raise ValueError(f"SquareLayout.{name} is out of range: {value!r}")


def square_to_point(layout: SquareLayout, sq: Square) -> Point:
    """Page coordinates of a cell centre."""
    x = layout.origin_x + (sq.col + 0.5) * layout.cell_width
    return x, layout.origin_y + (sq.row + 0.5) * layout.cell_height


def point_to_square(layout: SquareLayout, x: float, y: float) -> Square:
    """The cell under a page point."""
    col = math.floor((x - layout.origin_x) / layout.cell_width)
    return Square(col, math.floor((y - layout.origin_y) / layout.cell_height))


def square_corners(layout: SquareLayout, sq: Square) -> list[Point]:
    """The four corners of a cell, clockwise on the page from its top-left."""
    left = layout.origin_x + sq.col * layout.cell_width
    top = layout.origin_y + sq.row * layout.cell_height
    right, bottom = left + layout.cell_width, top + layout.cell_height
    return [(left, top), (right, top), (right, bottom), (left, bottom)]
