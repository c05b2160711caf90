"""Square grids: neighbours, distances, labels across conventions, and page positions."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.geometry import (
    LabelFormat,
    Square,
    SquareGrid,
    SquareLayout,
    format_square_label,
    offset_to_square,
    parse_square_label,
    point_to_square,
    square_corners,
    square_distance,
    square_grid_contains,
    square_grid_size,
    square_grid_squares,
    square_neighbors,
    square_to_offset,
    square_to_point,
)

coords = st.integers(min_value=-50, max_value=50)
squares = st.builds(Square, coords, coords)
FAST = settings(max_examples=60, deadline=None)


@FAST
@given(squares, st.booleans())
def test_neighbours_are_symmetric(sq: Square, diagonal: bool) -> None:
    """4 or 8 distinct neighbours, each one step away and listing sq back."""
    neighbours = square_neighbors(sq, diagonal)
    assert len(set(neighbours)) == (8 if diagonal else 4)
    for n in neighbours:
        assert sq in square_neighbors(n, diagonal)
        assert square_distance(sq, n, diagonal) == 1


@FAST
@given(squares, squares, squares, st.booleans())
def test_distance_is_a_metric(a: Square, b: Square, c: Square, diagonal: bool) -> None:
    """Identity, symmetry and the triangle inequality for both movement rules."""
    assert (square_distance(a, b, diagonal) == 0) == (a == b)
    assert square_distance(a, b, diagonal) == square_distance(b, a, diagonal)
    assert square_distance(a, c, diagonal) <= (
        square_distance(a, b, diagonal) + square_distance(b, c, diagonal)
    )


def test_distance_examples() -> None:
    """Diagonal moves make (3, 2) three steps away instead of five."""
    assert square_distance(Square(0, 0), Square(3, 2), diagonal=False) == 5
    assert square_distance(Square(0, 0), Square(3, 2), diagonal=True) == 3


ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
FORMATS = {
    "num2": LabelFormat(),
    "alpha": LabelFormat(style="alpha"),
    "num3-underscore-rowcol-prefixS": LabelFormat(
        digits=3, separator="_", order="row-column", prefix="S"
    ),
}


@pytest.mark.parametrize("origin, label", list(itertools.product(ORIGINS, FORMATS)), ids="-".join)
def test_labels_round_trip(origin: str, label: str) -> None:
    """Every cell of an odd-sized map survives square -> label -> square and back."""
    grid = SquareGrid(7, 5, first_column=3, first_row=-1, origin=origin, label=FORMATS[label])  # type: ignore[arg-type]
    cells = square_grid_squares(grid)
    assert len(cells) == len(set(cells)) == square_grid_size(grid) == 35
    for sq in cells:
        assert square_grid_contains(grid, sq)
        assert offset_to_square(grid, *square_to_offset(grid, sq)) == sq
        text = format_square_label(grid, sq)
        assert parse_square_label(grid, text) == sq
        assert format_square_label(grid, parse_square_label(grid, text)) == text


@pytest.mark.parametrize(
    "origin, expected",
    [
        ("top-left", Square(0, 0)),
        ("top-right", Square(3, 0)),
        ("bottom-left", Square(0, 2)),
        ("bottom-right", Square(3, 2)),
    ],
    ids=ORIGINS,
)
def test_origin_corner_holds_0101(origin: str, expected: Square) -> None:
    """The first column and row sit in the named page corner."""
    grid = SquareGrid(4, 3, origin=origin)  # type: ignore[arg-type]
    assert parse_square_label(grid, "0101") == expected
    assert format_square_label(grid, expected) == "0101"


def test_alpha_square_labels() -> None:
    """Chessboard-like labels: column letters, unpadded row numbers."""
    grid = SquareGrid(8, 8, origin="bottom-left", label=LabelFormat(style="alpha"))
    assert format_square_label(grid, Square(4, 4)) == "E4"
    assert parse_square_label(grid, "A1") == Square(0, 7)


@pytest.mark.parametrize("text", ["", "0909", "01-01", "A1", "0101x"], ids=repr)
def test_bad_square_labels(text: str) -> None:
    """Errors quote the offending label."""
    with pytest.raises(ValueError, match=repr(text)):
        parse_square_label(SquareGrid(8, 8), text)


def test_format_refuses_off_map_square() -> None:
    """Off-map cells have no label."""
    with pytest.raises(ValueError, match="not on the"):
        format_square_label(SquareGrid(2, 2), Square(2, 0))


@pytest.mark.parametrize(
    "columns, rows, reason",
    [(10**9, 10**9, "must be in"), (2000, 600, "exceed the limit"), (0, 1, "must be in")],
    ids=["1e18", "over-1e6", "zero"],
)
def test_hostile_square_grids_are_refused(columns: int, rows: int, reason: str) -> None:
    """Square maps share the size limits of hex maps."""
    with pytest.raises(ValueError, match=reason):
        SquareGrid(columns, rows, label=LabelFormat(separator="."))


@FAST
@given(squares, st.floats(1.0, 100.0), st.floats(1.0, 100.0), st.floats(-500, 500))
def test_points_and_corners(sq: Square, w: float, h: float, ox: float) -> None:
    """The centre lies inside the cell's corners and picks the cell back."""
    layout = SquareLayout(w, h, ox, 3.0)
    x, y = square_to_point(layout, sq)
    corners = square_corners(layout, sq)
    assert corners[0][0] < x < corners[2][0] and corners[0][1] < y < corners[2][1]
    assert corners[2][0] - corners[0][0] == pytest.approx(w)
    assert corners[2][1] - corners[0][1] == pytest.approx(h)
    assert point_to_square(layout, x, y) == sq


def test_square_layout_refuses_zero_size() -> None:
    """Zero-sized cells cannot be drawn or picked."""
    with pytest.raises(ValueError):
        SquareLayout(0.0, 10.0)
