"""Printed hex-map conventions: which printed column/row is which axial hex, and its label.

A HexGrid describes how a printed map numbers its hexes. The axial coordinates it hands out are
chosen so that hex_neighbors in axial space are exactly the hexes that touch on the page, and so
that layout.hex_to_point draws each hex where the printed map has it: the visual top-left hex
is always Hex(0, 0), q grows to the right and r grows down the page.

How the page is read:
- flat: flat-top hexes stand in columns; the columns whose printed NUMBER has parity `shifted`
  are drawn half a hex lower than their neighbours.
- pointy: pointy-top hexes lie in rows; the rows whose printed number has parity `shifted` are
  drawn half a hex to the right.
- origin: the page corner holding the first column and first row; numbers grow away from it.
  `shifted` stays in page terms (down / right) whatever the origin.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from .frame import (
    Origin,
    frame_check,
    frame_check_choice,
    frame_column_numbers,
    frame_columns_forward,
    frame_row_numbers,
    frame_rows_forward,
    frame_to_index,
    frame_to_number,
)
from .hexes import Hex
from .labels import LabelFormat, label_check, label_format, label_parse

GridOrientation = Literal["flat", "pointy"]
Parity = Literal["even", "odd"]


@dataclass(frozen=True, slots=True)
class HexGrid:
    """A printed hex map's size and numbering convention, validated against hostile sizes."""

    orientation: GridOrientation
    columns: int
    rows: int
    first_column: int = 1
    first_row: int = 1
    shifted: Parity = "even"
    origin: Origin = "top-left"
    label: LabelFormat = field(default_factory=LabelFormat)

    def __post_init__(self) -> None:
        """Refuse unknown conventions, oversized maps and labels that could not round-trip."""
        frame_check_choice("orientation", self.orientation, ("flat", "pointy"))
        frame_check_choice("shifted", self.shifted, ("even", "odd"))
        frame_check(self.columns, self.rows, self.first_column, self.first_row, self.origin)
        if not isinstance(self.label, LabelFormat):
            raise ValueError(f"label must be a LabelFormat, got {self.label!r}")
        label_check(self.label, grid_column_numbers(self), grid_row_numbers(self))


def grid_column_numbers(grid: HexGrid) -> range:
    """The printed column numbers of the map, in ascending order."""
    return frame_column_numbers(grid)


def grid_row_numbers(grid: HexGrid) -> range:
    """The printed row numbers of the map, in ascending order."""
    return frame_row_numbers(grid)


def grid_size(grid: HexGrid) -> int:
    """Number of hexes on the map, known without enumerating them."""
    return grid.columns * grid.rows


def _stagger(grid: HexGrid) -> int:
    """Parity (of visual index) of the shifted lines: the lines are columns when flat."""
    if grid.orientation == "flat":
        first, count, forward = grid.first_column, grid.columns, frame_columns_forward(grid.origin)
    else:
        first, count, forward = grid.first_row, grid.rows, frame_rows_forward(grid.origin)
    wanted = 0 if grid.shifted == "even" else 1
    # Line i is printed first + i (forward) or first + count - 1 - i; pick i with that parity.
    return (wanted - first) % 2 if forward else (first + count - 1 - wanted) % 2


def _visual_to_hex(grid: HexGrid, x: int, y: int) -> Hex:
    """Axial hex of a visual (x right, y down) position; flat staggers columns, pointy rows."""
    parity = _stagger(grid)
    if grid.orientation == "flat":
        return Hex(x, y - (x + 1 - parity) // 2)
    return Hex(x - (y + 1 - parity) // 2, y)


def _hex_to_visual(grid: HexGrid, h: Hex) -> tuple[int, int]:
    """Visual (x right, y down) position of an axial hex; the inverse of _visual_to_hex."""
    parity = _stagger(grid)
    if grid.orientation == "flat":
        return h.q, h.r + (h.q + 1 - parity) // 2
    return h.q + (h.r + 1 - parity) // 2, h.r


def offset_to_hex(grid: HexGrid, column: int, row: int) -> Hex:
    """Axial hex of a printed column and row number (extends past the map edge too)."""
    x = frame_to_index(column, grid.first_column, grid.columns, frame_columns_forward(grid.origin))
    y = frame_to_index(row, grid.first_row, grid.rows, frame_rows_forward(grid.origin))
    return _visual_to_hex(grid, x, y)


def hex_to_offset(grid: HexGrid, h: Hex) -> tuple[int, int]:
    """Printed column and row number of an axial hex; the inverse of offset_to_hex."""
    x, y = _hex_to_visual(grid, h)
    column = frame_to_number(x, grid.first_column, grid.columns, frame_columns_forward(grid.origin))
    row = frame_to_number(y, grid.first_row, grid.rows, frame_rows_forward(grid.origin))
    return column, row


def grid_contains(grid: HexGrid, h: Hex) -> bool:
    """Whether a hex is printed on the map, e.g. to drop off-map neighbours."""
    x, y = _hex_to_visual(grid, h)
    return 0 <= x < grid.columns and 0 <= y < grid.rows


def grid_hexes(grid: HexGrid) -> list[Hex]:
    """Every hex of the map in label order: column-major when flat, row-major when pointy."""
    return list(_iter_grid_hexes(grid))


def _iter_grid_hexes(grid: HexGrid) -> Iterator[Hex]:
    """Hexes in label order, walking printed numbers upward."""
    columns, rows = grid_column_numbers(grid), grid_row_numbers(grid)
    if grid.orientation == "flat":
        return (offset_to_hex(grid, c, r) for c in columns for r in rows)
    return (offset_to_hex(grid, c, r) for r in rows for c in columns)


def format_label(grid: HexGrid, h: Hex) -> str:
    """The label printed in a hex, e.g. '0101'; refuses hexes that are not on the map."""
    if not grid_contains(grid, h):
        raise ValueError(f"{h!r} is not on the {grid.columns} x {grid.rows} map")
    column, row = hex_to_offset(grid, h)
    return label_format(grid.label, column, row)


def parse_label(grid: HexGrid, text: str) -> Hex:
    """The hex a printed label names; accepts exactly what format_label writes."""
    column, row = label_parse(grid.label, text, grid_column_numbers(grid), grid_row_numbers(grid))
    return offset_to_hex(grid, column, row)
