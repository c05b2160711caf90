"""Helpers for area (point-to-point) maps: polygon measures and checks of the adjacency graph.

Polygons are sequences of (x, y) vertices, implicitly closed (the last vertex joins the first).
Adjacency is a mapping from an area id to the ids it lists as adjacent.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from .layout import Point

Node = TypeVar("Node", bound=Hashable)


def _require_polygon(points: Sequence[Point]) -> None:
    """A polygon needs three finite vertices; fewer would give a meaningless area."""
    if len(points) < 3:
        raise ValueError(f"a polygon needs at least 3 points, got {len(points)}")
    for point in points:
        if len(point) != 2 or not all(math.isfinite(v) for v in point):
            raise ValueError(f"polygon point {point!r} must be two finite numbers")


def _edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    """Edge i runs from vertex i to vertex i + 1, wrapping to close the polygon."""
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _signed_area(points: Sequence[Point]) -> float:
    """Shoelace area, positive for counter-clockwise vertices in y-up axes."""
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in _edges(points)) / 2


def polygon_area(points: Sequence[Point]) -> float:
    """Area of a simple polygon, whichever way its vertices wind."""
    _require_polygon(points)
    return abs(_signed_area(points))


def polygon_centroid(points: Sequence[Point]) -> Point:
    """Centre of mass of a simple polygon, a default anchor for an area's name or counters."""
    _require_polygon(points)
    area = _signed_area(points)
    if area == 0:
        raise ValueError("a polygon with zero area has no centroid")
    cx = sum((ax + bx) * (ax * by - bx * ay) for (ax, ay), (bx, by) in _edges(points))
    cy = sum((ay + by) * (ax * by - bx * ay) for (ax, ay), (bx, by) in _edges(points))
    return cx / (6 * area), cy / (6 * area)


def point_in_polygon(x: float, y: float, points: Sequence[Point]) -> bool:
    """Whether a point lies inside (even-odd rule); points exactly on an edge may go either way."""
    _require_polygon(points)
    inside = False
    for (ax, ay), (bx, by) in _edges(points):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _cross(o: Point, a: Point, b: Point) -> float:
    """Sign tells on which side of line o-a the point b lies."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    """Whether a point already known collinear with a-b lies within the segment's box."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments a-b and c-d share any point, touching included."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return any(
        side == 0 and _on_segment(p, q, point)
        for side, p, q, point in ((d1, c, d, a), (d2, c, d, b), (d3, a, b, c), (d4, a, b, d))
    )


def polygon_self_intersections(points: Sequence[Point]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of non-adjacent edges that cross or touch: a broken area outline."""
    _require_polygon(points)
    edges = _edges(points)
    n = len(edges)
    return [
        (i, j)
        for i in range(n)
        for j in range(i + 2, n)
        if not (i == 0 and j == n - 1) and _segments_meet(*edges[i], *edges[j])
    ]


def _materialise(adjacency: Mapping[Node, Iterable[Node]]) -> dict[Node, set[Node]]:
    """Read every neighbour list once, since the iterables may be one-shot generators."""
    return {node: set(neighbours) for node, neighbours in adjacency.items()}


def adjacency_asymmetries(adjacency: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    """Sorted pairs (a, b) where a lists b but b does not list a: a typo in the map source."""
    graph = _materialise(adjacency)
    return sorted(
        (a, b) for a, neighbours in graph.items() for b in neighbours if a not in graph.get(b, ())
    )


def graph_distance(adjacency: Mapping[Node, Iterable[Node]], start: Node, goal: Node) -> int | None:
    """Fewest moves from start to goal along listed adjacencies, or None if unreachable."""
    graph = _materialise(adjacency)
    if start == goal:
        return 0
    seen = {start}
    frontier: deque[tuple[Node, int]] = deque([(start, 0)])
    while frontier:
        node, steps = frontier.popleft()
        for neighbour in graph.get(node, ()):
            if neighbour == goal:
                return steps + 1
            if neighbour not in seen:
                seen.add(neighbour)
                frontier.append((neighbour, steps + 1))
    return None
