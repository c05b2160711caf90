"""VASSAL's grid numbering, and the grid that makes VASSAL call every hex what our map prints.

VASSAL names a point on a hex or square board with a closed formula over the grid's attributes
(its ``HexGridNumbering`` and ``SquareGridNumbering``). This module holds a faithful port of
that formula (:func:`grid_location_name`, :func:`grid_location_point`) and the inverse problem:
given one of our maps and where its drawing puts every hex, the attributes for which VASSAL's
formula gives our printed label (:func:`hex_numbering`, :func:`square_numbering`). A test
applies the port to every centre of every convention; a real VASSAL reads back the names.

VASSAL's numbering has limits ours does not: alphabetic columns go A…Z, AA, BB, CC (ours go
A…Z, AA, AB), and a prefix may not hold ``$``. Where a map's labels cannot be expressed, the
derivation says why, and the module writer names each hex through a region instead.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from toolkit.geometry import (
    HexGrid,
    Layout,
    SquareGrid,
    SquareLayout,
    hex_to_point,
    offset_to_hex,
    offset_to_square,
    square_to_point,
)
from toolkit.geometry.frame import frame_to_number

Point = tuple[float, float]


class NumberingError(ValueError):
    """A map whose labels VASSAL's grid numbering cannot produce (the message says why)."""


@dataclass(frozen=True, slots=True)
class GridNumbering:
    """A VASSAL hex or square grid with its numbering: every attribute, as VASSAL reads it.

    Lengths are board pixels. For a hex grid, ``sideways`` swaps the axes (VASSAL computes on
    transposed points, so ``x0``/``dx`` then run down the board).
    """

    kind: Literal["hex", "square"]
    x0: int
    y0: int
    dx: float
    dy: float
    board_width: int
    board_height: int
    sideways: bool = False
    first: Literal["H", "V"] = "H"
    sep: str = ""
    h_type: Literal["N", "A"] = "N"
    h_leading: int = 1
    h_off: int = 1
    h_descend: bool = False
    v_type: Literal["N", "A"] = "N"
    v_leading: int = 1
    v_off: int = 1
    v_descend: bool = False
    stagger: bool = False
    location_format: str = "$gridLocation$"


# -- VASSAL's formula ----------------------------------------------------------------------------


def _java_round(value: float) -> int:
    """Java's Math.round: the nearest integer, halves up."""
    return math.floor(value + 0.5)


def _java_int(value: float) -> int:
    """A Java (int) cast: towards zero."""
    return int(value)


def _java_mod(a: int, b: int) -> int:
    """Java's %: the sign follows the dividend."""
    return int(math.fmod(a, b))


def _swap(numbering: GridNumbering, x: float, y: float) -> Point:
    return (y, x) if numbering.kind == "hex" and numbering.sideways else (x, y)


def _max_columns(n: GridNumbering) -> int:
    if n.kind == "hex":
        return math.floor(n.board_width / n.dy + 0.5)
    return _java_int(n.board_width / n.dx + 0.5)


def _max_rows(n: GridNumbering) -> int:
    if n.kind == "hex":
        return math.floor(n.board_height / n.dx + 0.5)
    return _java_int(n.board_height / n.dy + 0.5)


def _raw_hex_column(n: GridNumbering, x: float, y: float) -> int:
    px, _ = _swap(n, x, y)
    return math.floor((px - n.x0) / n.dx + 0.5)


def _raw_hex_row(n: GridNumbering, x: float, y: float) -> int:
    px, py = _swap(n, x, y)
    column = _java_round((px - n.x0) / n.dx)
    shift = 0.0 if _java_mod(column, 2) == 0 else n.dy / 2
    return _java_round((py - n.y0 - shift) / n.dy)


def grid_column(n: GridNumbering, x: float, y: float) -> int:
    """VASSAL's getColumn for a point in board pixels."""
    if n.kind == "square":
        column = math.floor((x - n.x0) / n.dx + 0.5)
        return _max_columns(n) - column if n.h_descend else column
    column = _raw_hex_column(n, x, y)
    if n.v_descend and n.sideways:
        column = _max_rows(n) - column
    if n.h_descend and not n.sideways:
        column = _max_columns(n) - column
    return column


def grid_row(n: GridNumbering, x: float, y: float) -> int:
    """VASSAL's getRow for a point in board pixels."""
    if n.kind == "square":
        row = _java_int((y - n.y0) / n.dy + 0.5)
        return _max_rows(n) - row if n.v_descend else row
    row = _raw_hex_row(n, x, y)
    if n.v_descend and not n.sideways:
        row = _max_rows(n) - row
    if n.h_descend and n.sideways:
        row = _max_columns(n) - row
    if n.stagger and _java_mod(_raw_hex_column(n, x, y), 2) != 0:
        descending = n.h_descend if n.sideways else n.v_descend
        row += -1 if descending else 1
    return row


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def format_part(value: int, kind: str, leading: int) -> str:
    """VASSAL's getName for one part: '-' for negatives, then letters or zero-padded digits."""
    text = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":
        letters = _ALPHABET[value % 26]
        return text + letters * (value // 26 + 1)
    while leading > 0 and value < 10**leading:
        text += "0"
        leading -= 1
    return text + str(value)


def _parse_part(text: str, kind: str) -> int:
    """VASSAL's parseName: the inverse of :func:`format_part`."""
    if kind != "A":
        return int(text)
    negative = text.startswith("-")
    letters = text[1:] if negative else text
    value = 26 * (len(letters) - 1) + _ALPHABET.index(letters[-1])
    return -value if negative else value


def grid_location_name(n: GridNumbering, x: float, y: float) -> str:
    """The name VASSAL gives the point (x, y) of the board (its locationName)."""
    row, column = grid_row(n, x, y), grid_column(n, x, y)
    row_name = format_part(row + n.v_off, n.v_type, n.v_leading)
    column_name = format_part(column + n.h_off, n.h_type, n.h_leading)
    location = column_name + n.sep + row_name if n.first == "H" else row_name + n.sep + column_name
    return (
        n.location_format.replace("$gridLocation$", location)
        .replace("$row$", row_name)
        .replace("$column$", column_name)
    )


def _pattern(kind: str, leading: int) -> str:
    if kind == "A":
        return "-?(?:" + "|".join(f"{c}+" for c in _ALPHABET) + ")"
    return "-?[0-9]{" + str(leading + 1) + ",}"


def grid_location_point(n: GridNumbering, name: str) -> tuple[int, int]:
    """The point VASSAL puts a named location at (its getLocation): what an at-start stack
    with a grid location uses.

    :raises NumberingError: the name does not parse with this numbering (VASSAL reports it as
        a bad location and puts the stack elsewhere).
    """
    column_part = "(?P<column>" + _pattern(n.h_type, n.h_leading) + ")"
    row_part = "(?P<row>" + _pattern(n.v_type, n.v_leading) + ")"
    grid = (
        column_part + re.escape(n.sep) + row_part
        if n.first == "H"
        else row_part + re.escape(n.sep) + column_part
    )
    pieces = re.split(r"(\$gridLocation\$)", n.location_format)
    regex = "".join(grid if piece == "$gridLocation$" else re.escape(piece) for piece in pieces)
    match = re.fullmatch(regex, name)
    if "$gridLocation$" not in n.location_format or match is None:
        raise NumberingError(f"{name!r} is not a location of this grid")
    column = _parse_part(match["column"], n.h_type) - n.h_off
    row = _parse_part(match["row"], n.v_type) - n.v_off
    return _centre_point(n, column, row)


def _centre_point(n: GridNumbering, column: int, row: int) -> tuple[int, int]:
    """VASSAL's getCenterPoint: the pixel of a (numbered) column and row."""
    if n.kind == "square":
        if n.v_descend:
            row = _max_rows(n) - row
        if n.h_descend:
            column = _max_columns(n) - column
        return _java_int(column * n.dx + n.x0), _java_int(row * n.dy + n.y0)
    if n.stagger and _java_mod(column, 2) != 0:
        descending = n.h_descend if n.sideways else n.v_descend
        row += 1 if descending else -1
    if n.sideways:
        if n.v_descend:
            column = _max_rows(n) - column
        if n.h_descend:
            row = _max_columns(n) - row
    else:
        if n.h_descend:
            column = _max_columns(n) - column
        if n.v_descend:
            row = _max_rows(n) - row
    x = _java_int(column * n.dx) + n.x0
    shift = 0.0 if _java_mod(column, 2) == 0 else n.dy / 2
    y = _java_int(row * n.dy + shift) + n.y0
    return (y, x) if n.sideways else (x, y)


# -- our maps as VASSAL grids --------------------------------------------------------------------


def hex_numbering(
    grid: HexGrid, centres: Mapping[tuple[int, int], Point], board: tuple[int, int]
) -> GridNumbering:
    """The VASSAL hex grid under which every hex's centre is named by its printed label.

    ``centres`` maps each hex's visual (column index from the left, row index from the top) to
    its centre in board pixels; ``board`` is the board image's size in pixels.

    :raises NumberingError: the labels need what VASSAL's numbering cannot write.
    """
    _check_label(grid.label.prefix, grid.label.style, grid.columns)
    sideways = grid.orientation == "pointy"
    # VASSAL computes on transposed points for sideways grids: work in that frame throughout.
    lines = grid.rows if sideways else grid.columns
    across = grid.columns if sideways else grid.rows

    def at(line: int, position: int) -> Point:
        x, y = centres[(position, line) if sideways else (line, position)]
        return (y, x) if sideways else (x, y)

    if lines < 2 or across < 2:
        raise NumberingError("a hex grid needs at least two columns and two rows")
    dx = at(1, 0)[0] - at(0, 0)[0]
    dy = at(0, 1)[1] - at(0, 0)[1]
    first_shifted = at(0, 0)[1] > at(1, 0)[1]  # line 0 lies half a hex further along
    k = 1 if first_shifted else 0
    x0 = round(at(0, 0)[0] - k * dx)
    y0 = round(at(0, 0)[1] - k * dy / 2)
    width, height = board
    max_columns = math.floor(width / dy + 0.5)
    max_rows = math.floor(height / dx + 0.5)
    forward_columns = grid.origin in ("top-left", "bottom-left")
    forward_rows = grid.origin in ("top-left", "top-right")
    # The numbered value VASSAL derives for line L (raw L + k) and position P, per axis.
    if sideways:
        line_first, line_count, line_forward = grid.first_row, grid.rows, forward_rows
        pos_first, pos_count, pos_forward = grid.first_column, grid.columns, forward_columns
        line_max, pos_max = max_rows, max_columns
    else:
        line_first, line_count, line_forward = grid.first_column, grid.columns, forward_columns
        pos_first, pos_count, pos_forward = grid.first_row, grid.rows, forward_rows
        line_max, pos_max = max_columns, max_rows
    line_off = line_first - k if line_forward else line_first + line_count - 1 + k - line_max
    pos_off = pos_first if pos_forward else pos_first + pos_count - 1 - pos_max
    return _with_label(
        GridNumbering(
            "hex",
            x0,
            y0,
            dx,
            dy,
            width,
            height,
            sideways=sideways,
            stagger=False,
        ),
        grid,
        # VASSAL's "column" is the line (a page row when sideways), its "row" the position.
        column_is_page_column=not sideways,
        line_off=line_off,
        position_off=pos_off,
        line_descend=not line_forward,
        position_descend=not pos_forward,
    )


def square_numbering(
    grid: SquareGrid, centres: Mapping[tuple[int, int], Point], board: tuple[int, int]
) -> GridNumbering:
    """The VASSAL square grid under which every square's centre is named by its label.

    :raises NumberingError: the labels need what VASSAL's numbering cannot write.
    """
    _check_label(grid.label.prefix, grid.label.style, grid.columns)
    if grid.columns < 2 or grid.rows < 2:
        raise NumberingError("a square grid needs at least two columns and two rows")
    dx = centres[(1, 0)][0] - centres[(0, 0)][0]
    dy = centres[(0, 1)][1] - centres[(0, 0)][1]
    x0, y0 = round(centres[(0, 0)][0]), round(centres[(0, 0)][1])
    width, height = board
    forward_columns = grid.origin in ("top-left", "bottom-left")
    forward_rows = grid.origin in ("top-left", "top-right")
    max_columns = _java_int(width / dx + 0.5)
    max_rows = _java_int(height / dy + 0.5)
    column_off = (
        grid.first_column if forward_columns else grid.first_column + grid.columns - 1 - max_columns
    )
    row_off = grid.first_row if forward_rows else grid.first_row + grid.rows - 1 - max_rows
    return _with_label(
        GridNumbering("square", x0, y0, dx, dy, width, height),
        grid,
        column_is_page_column=True,
        line_off=column_off,
        position_off=row_off,
        line_descend=not forward_columns,
        position_descend=not forward_rows,
    )


NUMBERED_FROM = ((0, 0), (1, 0), (0, 1))
"""The cells the derivations above read a grid's spacing and origin from: the first, and its
neighbours across and down (by visual position)."""


def visual_centres(
    grid: HexGrid | SquareGrid,
    layout: Layout | SquareLayout,
    scale: Point,
    cells: Iterable[tuple[int, int]] | None = None,
) -> dict[tuple[int, int], Point]:
    """Each cell's centre in board pixels, by its visual (column from the left, row from the
    top) position: what the derivations above read the grid's spacing and origin from.
    ``cells``: only those that the grid has (:data:`NUMBERED_FROM`, not a big map's thousands)."""
    forward_columns = grid.origin in ("top-left", "bottom-left")
    forward_rows = grid.origin in ("top-left", "top-right")
    every = itertools.product(range(grid.columns), range(grid.rows))
    centres: dict[tuple[int, int], Point] = {}
    for x, y in every if cells is None else cells:
        if not (0 <= x < grid.columns and 0 <= y < grid.rows):
            continue
        column = frame_to_number(x, grid.first_column, grid.columns, forward_columns)
        row = frame_to_number(y, grid.first_row, grid.rows, forward_rows)
        if isinstance(grid, HexGrid) and isinstance(layout, Layout):
            px, py = hex_to_point(layout, offset_to_hex(grid, column, row))
        elif isinstance(grid, SquareGrid) and isinstance(layout, SquareLayout):
            px, py = square_to_point(layout, offset_to_square(grid, column, row))
        else:
            raise TypeError("a hex grid needs a hex layout, a square grid a square one")
        centres[(x, y)] = (px * scale[0], py * scale[1])
    return centres


def _check_label(prefix: str, style: str, columns: int) -> None:
    if "$" in prefix:
        raise NumberingError(f"the label prefix {prefix!r} holds '$', which VASSAL reads as a name")
    if style == "alpha" and columns > 27:
        raise NumberingError(
            f"{columns} lettered columns: VASSAL letters columns A…Z, AA, BB… while the map "
            "prints A…Z, AA, AB…, so they part after column AA"
        )


def _with_label(
    base: GridNumbering,
    grid: HexGrid | SquareGrid,
    *,
    column_is_page_column: bool,
    line_off: int,
    position_off: int,
    line_descend: bool,
    position_descend: bool,
) -> GridNumbering:
    """Fill in the label attributes: which part is written first, letters or digits, padding.

    VASSAL's "column" (h) part is ``line``; its "row" (v) part is ``position``. On our maps the
    page column may be either, so the label's style and order are mapped onto the right part.
    """
    label = grid.label
    digits_width = label.digits - 1
    row_width = digits_width if label.style == "numeric" or label.pad_alpha_rows else 0
    page_column = ("A" if label.style == "alpha" else "N", digits_width)
    page_row = ("N", row_width)
    h_kind, h_leading = page_column if column_is_page_column else page_row
    v_kind, v_leading = page_row if column_is_page_column else page_column
    # VASSAL letters start at A = 0, ours at A = 1.
    if h_kind == "A":
        line_off -= 1
    if v_kind == "A":
        position_off -= 1
    column_first = label.order == "column-row"
    first: Literal["H", "V"] = "H" if column_first == column_is_page_column else "V"
    sideways_descend = base.kind == "hex" and base.sideways
    return GridNumbering(
        base.kind,
        base.x0,
        base.y0,
        base.dx,
        base.dy,
        base.board_width,
        base.board_height,
        sideways=base.sideways,
        first=first,
        sep=label.separator,
        h_type=h_kind,  # type: ignore[arg-type]
        h_leading=h_leading,
        h_off=line_off,
        # On a sideways grid VASSAL mirrors its column with vDescend and its row with hDescend.
        h_descend=position_descend if sideways_descend else line_descend,
        v_type=v_kind,  # type: ignore[arg-type]
        v_leading=v_leading,
        v_off=position_off,
        v_descend=line_descend if sideways_descend else position_descend,
        stagger=False,
        location_format=label.prefix + "$gridLocation$",
    )
