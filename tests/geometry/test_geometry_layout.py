"""Pixel layout: centres, picking, corners, hexsides and the page size of a whole map."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.geometry import (
    FLAT,
    POINTY,
    Hex,
    HexGrid,
    Layout,
    Orientation,
    grid_hexes,
    grid_layout,
    hex_corners,
    hex_neighbor,
    hex_round,
    hex_to_point,
    hex_width_height_to_size,
    hexside_between,
    hexside_endpoints,
    hexside_midpoint,
    hexside_of,
    offset_to_hex,
    point_to_hex,
)

ORIENTATIONS = {"flat": FLAT, "pointy": POINTY}
coords = st.integers(min_value=-200, max_value=200)
hexes = st.builds(Hex, coords, coords)
sizes = st.floats(min_value=0.5, max_value=200.0)
offsets = st.floats(min_value=-1000.0, max_value=1000.0)
layouts = st.builds(Layout, st.sampled_from([FLAT, POINTY]), sizes, sizes, offsets, offsets)


def close(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-6) -> bool:
    """Points equal up to float noise."""
    return math.dist(a, b) <= tol


@settings(max_examples=80, deadline=None)
@given(layouts, hexes)
def test_point_to_hex_inverts_hex_to_point(layout: Layout, h: Hex) -> None:
    """The centre of a hex maps back to exactly that hex, even with squashed hexes."""
    x, y = hex_to_point(layout, h)
    f = point_to_hex(layout, x, y)
    assert abs(f.q - h.q) < 1e-6 and abs(f.r - h.r) < 1e-6
    assert hex_round(f) == h


@settings(max_examples=80, deadline=None)
@given(layouts, hexes, st.floats(0.0, 0.8), st.integers(0, 5))
def test_points_inside_a_hex_pick_it(layout: Layout, h: Hex, t: float, corner: int) -> None:
    """Points between the centre and a corner (not on the outline) pick the hex."""
    cx, cy = hex_to_point(layout, h)
    kx, ky = hex_corners(layout, h)[corner]
    assert hex_round(point_to_hex(layout, cx + t * (kx - cx), cy + t * (ky - cy))) == h


@pytest.mark.parametrize("name", ["flat", "pointy"])
@pytest.mark.parametrize("width, height", [(60.0, 52.0), (40.0, 40.0), (30.0, 50.0)])
def test_corner_extents_match_printed_width_and_height(
    name: str, width: float, height: float
) -> None:
    """Independent width and height: a hex's outline spans exactly what the designer gave."""
    orientation = ORIENTATIONS[name]
    layout = Layout(orientation, *hex_width_height_to_size(orientation, width, height))
    corners = hex_corners(layout, Hex(3, -1))
    assert len(corners) == 6
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    assert max(xs) - min(xs) == pytest.approx(width)
    assert max(ys) - min(ys) == pytest.approx(height)


def test_width_height_to_size_values() -> None:
    """Flat: width is corner to corner (2 sizes); pointy: height is (2 sizes)."""
    assert hex_width_height_to_size(FLAT, 60, 52) == pytest.approx((30, 52 / math.sqrt(3)))
    assert hex_width_height_to_size(POINTY, 52, 60) == pytest.approx((52 / math.sqrt(3), 30))


def centre(grid: HexGrid, gl_width: float, gl_height: float, column: int, row: int) -> tuple:
    """Page centre of a printed hex in a freshly laid-out map."""
    gl = grid_layout(grid, gl_width, gl_height)
    return hex_to_point(gl.layout, offset_to_hex(grid, column, row))


def test_flat_shifted_column_is_half_a_hex_lower() -> None:
    """Flat, shifted=even: column 02 is drawn H/2 below 01; columns are 3/4 W apart."""
    grid = HexGrid("flat", 5, 5)
    (x1, y1), (x2, y2) = centre(grid, 60, 52, 1, 1), centre(grid, 60, 52, 2, 1)
    assert (x2 - x1, y2 - y1) == pytest.approx((45, 26))
    assert centre(grid, 60, 52, 1, 2)[1] - y1 == pytest.approx(52)
    assert centre(grid, 60, 52, 3, 1) == pytest.approx((x1 + 90, y1))


def test_flat_odd_shift_from_the_bottom() -> None:
    """shifted stays 'down the page' whatever the origin: odd column 03 below 02 and 04."""
    grid = HexGrid("flat", 5, 5, shifted="odd", origin="bottom-left")
    (_, y2), (_, y3) = centre(grid, 60, 52, 2, 1), centre(grid, 60, 52, 3, 1)
    assert y3 - y2 == pytest.approx(26)
    assert centre(grid, 60, 52, 2, 2)[1] - y2 == pytest.approx(-52)


def test_pointy_shifted_row_is_half_a_hex_right() -> None:
    """Pointy, shifted=even: row 02 is drawn W/2 right of row 01; rows are 3/4 H apart."""
    grid = HexGrid("pointy", 5, 5)
    (x1, y1), (x2, y2) = centre(grid, 52, 60, 1, 1), centre(grid, 52, 60, 1, 2)
    assert (x2 - x1, y2 - y1) == pytest.approx((26, 45))
    assert centre(grid, 52, 60, 2, 1)[0] - x1 == pytest.approx(52)


def test_right_origin_mirrors_columns() -> None:
    """With a right-hand origin column 01 is the rightmost one."""
    grid = HexGrid("pointy", 4, 3, origin="top-right")
    assert centre(grid, 52, 60, 1, 1)[0] > centre(grid, 52, 60, 4, 1)[0]


@pytest.mark.parametrize(
    "orientation, shifted, origin",
    list(
        itertools.product(
            ["flat", "pointy"],
            ["even", "odd"],
            ["top-left", "top-right", "bottom-left", "bottom-right"],
        )
    ),
    ids="-".join,
)
@pytest.mark.parametrize("half_hexes", [False, True], ids=["full", "half"])
def test_grid_layout_fits_the_map_at_the_margin(
    orientation: str, shifted: str, origin: str, half_hexes: bool
) -> None:
    """All hexes (or all centres when cut in half) fill [margin, size - margin] exactly."""
    grid = HexGrid(orientation, 5, 4, first_column=0, shifted=shifted, origin=origin)  # type: ignore[arg-type]
    gl = grid_layout(grid, 60.0, 50.0, margin=7.0, half_hexes=half_hexes)
    hexes = grid_hexes(grid)
    points = (
        [hex_to_point(gl.layout, h) for h in hexes]
        if half_hexes
        else [p for h in hexes for p in hex_corners(gl.layout, h)]
    )
    assert min(x for x, _ in points) == pytest.approx(7.0)
    assert min(y for _, y in points) == pytest.approx(7.0)
    assert max(x for x, _ in points) == pytest.approx(gl.width - 7.0)
    assert max(y for _, y in points) == pytest.approx(gl.height - 7.0)


def test_grid_layout_sizes_by_hand() -> None:
    """3 flat columns x 2 rows of 60 x 52 hexes: W + 2 * 3W/4 wide, 2H + H/2 tall."""
    grid = HexGrid("flat", 3, 2)
    full = grid_layout(grid, 60, 52)
    assert (full.width, full.height) == pytest.approx((150, 130))
    half = grid_layout(grid, 60, 52, half_hexes=True)
    assert (half.width, half.height) == pytest.approx((90, 78))
    with_margin = grid_layout(grid, 60, 52, margin=10)
    assert (with_margin.width, with_margin.height) == pytest.approx((170, 150))


@pytest.mark.parametrize(
    "kwargs",
    [{"margin": -1.0}, {"hex_width": 0.0}, {"hex_height": float("nan")}, {"hex_width": True}],
    ids=["negative-margin", "zero-width", "nan-height", "bool-width"],
)
def test_grid_layout_refuses_bad_numbers(kwargs: dict) -> None:
    """Nonsense sizes fail early rather than produce an empty or NaN SVG."""
    args = {"hex_width": 60.0, "hex_height": 52.0} | kwargs
    with pytest.raises(ValueError):
        grid_layout(HexGrid("flat", 3, 3), **args)


def test_half_hexes_need_two_lines() -> None:
    """A one-column map cut through its centres would have no width."""
    with pytest.raises(ValueError, match="half_hexes"):
        grid_layout(HexGrid("flat", 1, 3), 60, 52, half_hexes=True)


@pytest.mark.parametrize("name", ["flat", "pointy"])
@pytest.mark.parametrize("direction", range(6))
def test_hexside_endpoints_are_shared_corners(name: str, direction: int) -> None:
    """A hexside runs between the two corners both hexes have, its midpoint between centres."""
    layout = Layout(ORIENTATIONS[name], 30.0, 21.0, 5.0, -3.0)
    h = Hex(2, -1)
    n = hex_neighbor(h, direction)
    side = hexside_of(h, direction)
    a, b = hexside_endpoints(layout, side)
    assert not close(a, b)
    for end in (a, b):
        assert any(close(end, c) for c in hex_corners(layout, h))
        assert any(close(end, c) for c in hex_corners(layout, n))
    (hx, hy), (nx, ny) = hex_to_point(layout, h), hex_to_point(layout, n)
    assert close(hexside_midpoint(layout, side), ((hx + nx) / 2, (hy + ny) / 2))
    assert hexside_endpoints(layout, hexside_between(n, h)) == (a, b)


@pytest.mark.parametrize(
    "kwargs",
    [{"size_x": 0.0}, {"size_y": -2.0}, {"origin_x": float("inf")}, {"orientation": "flat"}],
    ids=["zero-size", "negative-size", "infinite-origin", "string-orientation"],
)
def test_layout_refuses_bad_values(kwargs: dict) -> None:
    """A layout that would draw nothing or NaN is refused."""
    args = {"orientation": FLAT, "size_x": 10.0, "size_y": 10.0} | kwargs
    with pytest.raises(ValueError):
        Layout(**args)


def test_orientation_must_be_invertible() -> None:
    """A backward matrix that does not invert the forward one would mis-pick hexes."""
    with pytest.raises(ValueError, match="inverse"):
        Orientation(1.5, 0.0, 0.8, 1.7, 2 / 3, 0.0, -1 / 3, 0.5, 0.0)
