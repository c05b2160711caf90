"""Area-map helpers: polygon measures and outline checks, adjacency symmetry and distance."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.geometry import (
    adjacency_asymmetries,
    graph_distance,
    point_in_polygon,
    polygon_area,
    polygon_centroid,
    polygon_self_intersections,
)

SQUARE = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
BOW_TIE = [(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]
L_SHAPE = [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)]


def test_area_ignores_winding() -> None:
    """Clockwise or counter-clockwise, the area is the same positive number."""
    assert polygon_area(SQUARE) == 1.0
    assert polygon_area(SQUARE[::-1]) == 1.0
    assert polygon_area(L_SHAPE) == 3.0
    assert polygon_area([(0, 0), (4, 0), (0, 3)]) == 6.0


def test_centroid_examples() -> None:
    """The square's centre, and the L-shape's centre of mass (not its bounding box centre)."""
    assert polygon_centroid(SQUARE) == pytest.approx((0.5, 0.5))
    # Two unit squares' worth at (1, 0.5) and one at (0.5, 1.5): mean (5/6, 5/6).
    assert polygon_centroid(L_SHAPE) == pytest.approx((5 / 6, 5 / 6))
    assert polygon_centroid(L_SHAPE[::-1]) == pytest.approx((5 / 6, 5 / 6))


@settings(max_examples=60, deadline=None)
@given(st.floats(-100, 100), st.floats(-100, 100), st.floats(0.1, 50), st.floats(0.1, 50))
def test_rectangle_measures(x: float, y: float, w: float, h: float) -> None:
    """Any rectangle: area w*h, centroid at its middle, middle inside, outside point outside."""
    rect = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    assert polygon_area(rect) == pytest.approx(w * h)
    assert polygon_centroid(rect) == pytest.approx((x + w / 2, y + h / 2), abs=1e-6)
    assert point_in_polygon(x + w / 2, y + h / 2, rect)
    assert not point_in_polygon(x + w * 1.5, y + h / 2, rect)
    assert polygon_self_intersections(rect) == []


@pytest.mark.parametrize(
    "x, y, inside",
    [
        (0.5, 0.5, True),
        (1.5, 0.5, True),
        (0.5, 1.5, True),
        (1.5, 1.5, False),
        (3.0, 0.5, False),
        (-0.5, 0.5, False),
    ],
    ids=lambda v: str(v),
)
def test_point_in_concave_polygon(x: float, y: float, inside: bool) -> None:
    """The L-shape's notch is outside even though it is inside the bounding box."""
    assert point_in_polygon(x, y, L_SHAPE) is inside


def test_bow_tie_crosses_itself() -> None:
    """Edges 0 ((0,0)-(1,1)) and 2 ((1,0)-(0,1)) cross in the middle."""
    assert polygon_self_intersections(BOW_TIE) == [(0, 2)]
    assert polygon_self_intersections(SQUARE) == []
    assert polygon_self_intersections(L_SHAPE) == []


def test_pentagram_has_five_crossings() -> None:
    """A star drawn in one stroke: every edge crosses the two edges not next to it."""
    star = [(math.cos(a), math.sin(a)) for a in (math.tau * k * 2 / 5 for k in range(5))]
    assert polygon_self_intersections(star) == [(0, 2), (0, 3), (1, 3), (1, 4), (2, 4)]


def test_vertex_touching_another_edge_is_reported() -> None:
    """A vertex resting on a non-adjacent edge is a broken outline too."""
    touching = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 0.0), (0.0, 4.0)]
    assert polygon_self_intersections(touching) != []


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 40), st.floats(0.1, 100))
def test_regular_polygons_are_simple(n: int, radius: float) -> None:
    """Convex outlines never cross; their area approaches the circle's from below."""
    poly = [
        (radius * math.cos(math.tau * k / n), radius * math.sin(math.tau * k / n)) for k in range(n)
    ]
    assert polygon_self_intersections(poly) == []
    assert 0 < polygon_area(poly) < math.pi * radius**2
    assert polygon_centroid(poly) == pytest.approx((0.0, 0.0), abs=1e-6 * radius)


@pytest.mark.parametrize(
    "points", [[(0, 0), (1, 1)], [(0, 0), (1, 0), (float("nan"), 1)]], ids=["two-points", "nan"]
)
def test_degenerate_polygons_are_refused(points: list) -> None:
    """Fewer than three points or non-finite coordinates are not a polygon."""
    with pytest.raises(ValueError):
        polygon_area(points)


def test_zero_area_has_no_centroid() -> None:
    """Collinear points enclose nothing."""
    with pytest.raises(ValueError, match="zero area"):
        polygon_centroid([(0, 0), (1, 1), (2, 2)])


def test_adjacency_asymmetries() -> None:
    """One-way links, including links to areas that have no entry, are reported sorted."""
    adjacency = {
        "paris": ["lyon", "brest"],
        "lyon": iter(["paris", "nice"]),
        "brest": ["paris"],
        "nice": [],
        "metz": ("calais",),
    }
    assert adjacency_asymmetries(adjacency) == [("lyon", "nice"), ("metz", "calais")]
    assert adjacency_asymmetries({"a": ["b"], "b": ["a"]}) == []


def test_graph_distance() -> None:
    """BFS counts moves along listed links; unreachable areas give None."""
    adjacency = {"a": ["b"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c"], "e": []}
    assert graph_distance(adjacency, "a", "a") == 0
    assert graph_distance(adjacency, "a", "d") == 3
    assert graph_distance(adjacency, "d", "a") == 3
    assert graph_distance(adjacency, "a", "e") is None
    assert graph_distance({"a": ["b"]}, "b", "a") is None
    shortcut = adjacency | {"a": ["b", "d"]}
    assert graph_distance(shortcut, "a", "d") == 1
