"""What hex and square maps share: printed numbering, origin corner and hostile-size limits.

A printed map numbers its columns and rows from a corner; geometry works in visual indices
(0-based, x to the right, y down the page). These helpers convert one to the other.
"""

from __future__ import annotations

from typing import Literal, Protocol

Origin = Literal["top-left", "top-right", "bottom-left", "bottom-right"]

ORIGINS: tuple[str, ...] = ("top-left", "top-right", "bottom-left", "bottom-right")
MAX_DIMENSION = 10_000
MAX_CELLS = 1_000_000
MAX_FIRST_NUMBER = 1_000_000


def frame_check_int(name: str, value: object) -> None:
    """Refuse bools and floats, which JSON sources can smuggle in where a count belongs."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be an int, got {value!r}")


def frame_check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """Refuse a misspelt convention now rather than draw a subtly wrong map later."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


def frame_check(columns: int, rows: int, first_column: int, first_row: int, origin: str) -> None:
    """Validate a map frame so a hostile 10**9-cell request fails before anything allocates."""
    for name, value in (("columns", columns), ("rows", rows)):
        frame_check_int(name, value)
        if not 1 <= value <= MAX_DIMENSION:
            raise ValueError(f"{name} must be in 1..{MAX_DIMENSION}, got {value}")
    if columns * rows > MAX_CELLS:
        raise ValueError(f"{columns} x {rows} cells exceed the limit of {MAX_CELLS}")
    for name, value in (("first_column", first_column), ("first_row", first_row)):
        frame_check_int(name, value)
        if abs(value) > MAX_FIRST_NUMBER:
            raise ValueError(f"{name} must be within +-{MAX_FIRST_NUMBER}, got {value}")
    frame_check_choice("origin", origin, ORIGINS)


def frame_columns_forward(origin: str) -> bool:
    """True when printed column numbers grow to the right on the page."""
    return origin.endswith("left")


def frame_rows_forward(origin: str) -> bool:
    """True when printed row numbers grow down the page."""
    return origin.startswith("top")


def frame_to_index(number: int, first: int, count: int, forward: bool) -> int:
    """Visual 0-based index (left to right, top to bottom) of a printed number."""
    step = number - first
    return step if forward else count - 1 - step


def frame_to_number(index: int, first: int, count: int, forward: bool) -> int:
    """Printed number of a visual index; the inverse of frame_to_index."""
    return first + (index if forward else count - 1 - index)


class Framed(Protocol):
    """Any printed grid: hex or square, numbered from its first column and row."""

    @property
    def first_column(self) -> int:
        """The number printed on the first column."""
        ...

    @property
    def columns(self) -> int:
        """How many columns."""
        ...

    @property
    def first_row(self) -> int:
        """The number printed on the first row."""
        ...

    @property
    def rows(self) -> int:
        """How many rows."""
        ...


def frame_column_numbers(grid: Framed) -> range:
    """The printed column numbers of a grid, in ascending order."""
    return range(grid.first_column, grid.first_column + grid.columns)


def frame_row_numbers(grid: Framed) -> range:
    """The printed row numbers of a grid, in ascending order."""
    return range(grid.first_row, grid.first_row + grid.rows)
