"""VASSAL's grid numbering, ported, names every hex and square as our maps print it."""

from __future__ import annotations

import itertools

import pytest

from toolkit.geometry import (
    HexGrid,
    LabelFormat,
    Layout,
    SquareGrid,
    SquareLayout,
    format_label,
    format_square_label,
    grid_hexes,
    grid_layout,
    hex_to_point,
    offset_to_hex,
    square_grid_squares,
    square_to_point,
)
from toolkit.vassal.format.numbering import (
    NUMBERED_FROM,
    GridNumbering,
    NumberingError,
    format_part,
    grid_location_name,
    grid_location_point,
    hex_numbering,
    square_numbering,
    visual_centres,
)

SCALE = (150 / 72, 150 / 72)
"""Board pixels per point: a map drawn at 150 dpi."""

LABELS = {
    "0101": LabelFormat(),
    "001.001": LabelFormat(digits=3, separator="."),
    "A1": LabelFormat(style="alpha"),
    "A01-rows-first": LabelFormat(style="alpha", pad_alpha_rows=True, order="row-column"),
    "W0101": LabelFormat(prefix="W"),
    "rows-first": LabelFormat(order="row-column", separator="/"),
}
ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")


def _hex_case(orientation: str, shifted: str, origin: str, label: str, first: int) -> HexGrid:
    return HexGrid(
        orientation,  # type: ignore[arg-type]
        columns=7,
        rows=6,
        first_column=first,
        first_row=first + 1,
        shifted=shifted,  # type: ignore[arg-type]
        origin=origin,  # type: ignore[arg-type]
        label=LABELS[label],
    )


def _board(layout: Layout, grid: HexGrid) -> tuple[Layout, tuple[int, int]]:
    """The layout moved onto a board with margins, and the board's size in pixels."""
    shifted = Layout(
        layout.orientation,
        layout.size_x,
        layout.size_y,
        layout.origin_x + 41.3,
        layout.origin_y + 67.9,
    )
    xs = [hex_to_point(shifted, h)[0] for h in grid_hexes(grid)]
    ys = [hex_to_point(shifted, h)[1] for h in grid_hexes(grid)]
    width = round((max(xs) + 80) * SCALE[0])
    height = round((max(ys) + 120) * SCALE[1])
    return shifted, (width, height)


HEX_CASES = [
    pytest.param(*case, id="-".join(map(str, case)))
    for case in itertools.product(
        ("flat", "pointy"), ("even", "odd"), ORIGINS, tuple(LABELS), (1, 0)
    )
    if not (case[3].startswith("A") and case[4] == 0)  # letters start at column 1
]


@pytest.mark.parametrize(("orientation", "shifted", "origin", "label", "first"), HEX_CASES)
def test_vassal_names_every_hex_as_we_print_it(
    orientation: str, shifted: str, origin: str, label: str, first: int
) -> None:
    grid = _hex_case(orientation, shifted, origin, label, first)
    base = grid_layout(grid, 45.0, 39.0).layout
    layout, board = _board(base, grid)
    numbering = hex_numbering(grid, visual_centres(grid, layout, SCALE, NUMBERED_FROM), board)
    for h in grid_hexes(grid):
        x, y = hex_to_point(layout, h)
        px, py = x * SCALE[0], y * SCALE[1]
        label_text = format_label(grid, h)
        assert grid_location_name(numbering, px, py) == label_text
        # an at-start stack named by the label lands in that hex (within a pixel)
        lx, ly = grid_location_point(numbering, label_text)
        assert abs(lx - px) <= 1.5 and abs(ly - py) <= 1.5, label_text


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("label", ["0101", "A1", "rows-first"])
def test_vassal_names_every_square_as_we_print_it(origin: str, label: str) -> None:
    grid = SquareGrid(
        8,
        5,
        first_column=1,
        first_row=3,
        origin=origin,  # type: ignore[arg-type]
        label=LABELS[label],
    )
    layout = SquareLayout(36.0, 36.0, 20.5, 33.25)
    board = (round(360 * SCALE[0]), round(260 * SCALE[1]))
    numbering = square_numbering(grid, visual_centres(grid, layout, SCALE, NUMBERED_FROM), board)
    for square in square_grid_squares(grid):
        x, y = square_to_point(layout, square)
        px, py = x * SCALE[0], y * SCALE[1]
        text = format_square_label(grid, square)
        assert grid_location_name(numbering, px, py) == text
        lx, ly = grid_location_point(numbering, text)
        assert abs(lx - px) <= 1.5 and abs(ly - py) <= 1.5, text


def test_too_many_lettered_columns_are_refused_with_the_reason() -> None:
    grid = HexGrid("flat", columns=30, rows=4, label=LabelFormat(style="alpha"))
    layout = grid_layout(grid, 45.0, 39.0).layout
    with pytest.raises(NumberingError, match="AA, BB"):
        hex_numbering(grid, visual_centres(grid, layout, SCALE), (4000, 1000))


def test_27_lettered_columns_still_agree() -> None:
    grid = HexGrid("flat", columns=27, rows=3, label=LabelFormat(style="alpha"))
    layout = grid_layout(grid, 45.0, 39.0).layout
    numbering = hex_numbering(grid, visual_centres(grid, layout, SCALE), (4000, 1000))
    last = offset_to_hex(grid, 27, 2)
    x, y = hex_to_point(layout, last)
    assert grid_location_name(numbering, x * SCALE[0], y * SCALE[1]) == "AA2"


@pytest.mark.parametrize(
    ("value", "kind", "leading", "text"),
    [
        (5, "N", 1, "05"),
        (5, "N", 0, "5"),
        (12, "N", 2, "012"),
        (-3, "N", 1, "-03"),
        (0, "A", 0, "A"),
        (25, "A", 0, "Z"),
        (26, "A", 0, "AA"),
        (27, "A", 0, "BB"),
        (52, "A", 0, "AAA"),
    ],
)
def test_parts_are_written_as_vassal_writes_them(
    value: int, kind: str, leading: int, text: str
) -> None:
    assert format_part(value, kind, leading) == text


def test_a_name_that_does_not_parse_is_refused() -> None:
    numbering = GridNumbering("hex", 40, 40, 51.962, 60.0, 800, 600)
    # the point VASSAL itself put an at-start stack named 0302 at, on this grid
    assert grid_location_point(numbering, "0302") == (143, 100)
    assert grid_location_name(numbering, 143, 100) == "0302"
    with pytest.raises(NumberingError):
        grid_location_point(numbering, "302")  # a column needs two digits with leading 1
