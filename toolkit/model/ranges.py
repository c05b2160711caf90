"""Hex and square ranges: '0203-0210' (a column's rows) or '0203-0510' (a rectangle)."""

from __future__ import annotations

from toolkit.geometry import (
    format_label,
    format_square_label,
    hex_to_offset,
    offset_to_hex,
    offset_to_square,
    parse_label,
    parse_square_label,
    square_to_offset,
)
from toolkit.model.map import HexMapGrid, Map, SquareMapGrid

MAX_RANGE = 1_000_000


class RangeError(ValueError):
    """A range that cannot be expanded; the message says why."""


def is_range(text: str) -> bool:
    """True when ``text`` looks like 'A-B' (one '-', something on both sides)."""
    parts = text.split("-")
    return len(parts) == 2 and all(parts)


def is_range_on(map_: Map, text: str) -> bool:
    """True when ``text`` is 'A-B' and at least one end is a label of this map.

    So 'colgne-x' (a misspelt place id) is reported as an unknown place, not a bad range.
    """
    if not is_range(text):
        return False
    grid = map_.grid
    for end in text.split("-"):
        try:
            if isinstance(grid, HexMapGrid):
                parse_label(grid.grid, end)
            elif isinstance(grid, SquareMapGrid):
                parse_square_label(grid.grid, end)
            else:
                return False
        except ValueError:
            continue
        return True
    return False


def expand_range(map_: Map, text: str) -> list[str]:
    """The labels of every hex or square in the range, column by column.

    :raises RangeError: an end is not on the map, or the range runs backwards.
    """
    first, last = text.split("-")
    grid = map_.grid
    try:
        if isinstance(grid, HexMapGrid):
            c1, r1 = hex_to_offset(grid.grid, parse_label(grid.grid, first))
            c2, r2 = hex_to_offset(grid.grid, parse_label(grid.grid, last))
        elif isinstance(grid, SquareMapGrid):
            c1, r1 = square_to_offset(grid.grid, parse_square_label(grid.grid, first))
            c2, r2 = square_to_offset(grid.grid, parse_square_label(grid.grid, last))
        else:
            raise RangeError("area maps have no ranges; list the spaces")
    except ValueError as exc:
        raise RangeError(str(exc)) from None
    if c1 > c2 or r1 > r2:
        raise RangeError(f"it runs backwards; write the lower label first ('{last}-{first}'?)")
    if (c2 - c1 + 1) * (r2 - r1 + 1) > MAX_RANGE:
        raise RangeError("it is too large")
    labels = []
    for column in range(c1, c2 + 1):
        for row in range(r1, r2 + 1):
            if isinstance(grid, HexMapGrid):
                labels.append(format_label(grid.grid, offset_to_hex(grid.grid, column, row)))
            else:
                square = offset_to_square(grid.grid, column, row)
                labels.append(format_square_label(grid.grid, square))
    return labels
