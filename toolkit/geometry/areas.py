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


# -- drawn outlines: shared borders, gaps and projections ----------------------------------------

Ring = Sequence[Point]

MIN_BORDER = 1 / 250
"""The shortest stretch of shared outline that counts as a drawn border, as a share of the map's
larger side; shorter, two shapes only meet at a corner, and a player would not read it as a
border."""


def _grid_cells(a: Point, b: Point, cell: float, pad: float) -> Iterable[tuple[int, int]]:
    """The cells of a uniform grid that the box of segment a-b (grown by ``pad``) covers."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    for i in range(math.floor((x0 - pad) / cell), math.floor((x1 + pad) / cell) + 1):
        for j in range(math.floor((y0 - pad) / cell), math.floor((y1 + pad) / cell) + 1):
            yield i, j


def _overlap_length(p: Point, q: Point, r: Point, s: Point, tolerance: float) -> float:
    """How long a stretch two nearly collinear segments p-q and r-s have in common (else 0)."""
    length = math.dist(p, q)
    if length <= 1e-12:
        return 0.0
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    for point in (r, s):
        if abs((point[0] - p[0]) * uy - (point[1] - p[1]) * ux) > tolerance:
            return 0.0
    tr = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
    ts = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy
    return max(0.0, min(length, max(tr, ts)) - max(0.0, min(tr, ts)))


def shared_borders(
    outlines: Mapping[str, Sequence[Ring]], tolerance: float
) -> dict[tuple[str, str], float]:
    """How long a border each pair of outlines (a < b) has in common, pairs that touch only.

    Each outline is one or more rings (islands, holes). Edges lying along each other within
    ``tolerance`` count, so two shapes drawn separately in a drawing program, with their common
    border traced twice, still share it. Edges are bucketed in a grid so a map of a few hundred
    spaces is measured in well under a second.
    """
    edges: list[tuple[str, Point, Point]] = [
        (name, ring[i], ring[(i + 1) % len(ring)])
        for name, rings in outlines.items()
        for ring in rings
        for i in range(len(ring))
        if ring[i] != ring[(i + 1) % len(ring)]
    ]
    if not edges:
        return {}
    spans = [math.dist(p, q) for _, p, q in edges]
    cell = max(tolerance * 4, sorted(spans)[len(spans) // 2] * 2)
    buckets: dict[tuple[int, int], list[int]] = {}
    for index, (_, p, q) in enumerate(edges):
        for key in _grid_cells(p, q, cell, tolerance):
            buckets.setdefault(key, []).append(index)
    seen: set[tuple[int, int]] = set()
    totals: dict[tuple[str, str], float] = {}
    for members in buckets.values():
        for x, first in enumerate(members):
            for second in members[x + 1 :]:
                a, b = edges[first], edges[second]
                if a[0] == b[0] or (first, second) in seen:
                    continue
                seen.add((first, second))
                shared = _overlap_length(a[1], a[2], b[1], b[2], tolerance)
                if shared > 0:
                    pair = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
                    totals[pair] = totals.get(pair, 0.0) + shared
    return totals


def _closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    """The point of segment a-b nearest to p."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return a[0] + t * dx, a[1] + t * dy


def closest_points(first: Sequence[Ring], second: Sequence[Ring]) -> tuple[Point, Point]:
    """The nearest pair of points on two outlines: where a link across a strait is shortest."""
    best: tuple[float, Point, Point] | None = None
    for rings, others, swap in ((first, second, False), (second, first, True)):
        for ring in rings:
            for point in ring:
                for other in others:
                    for i in range(len(other)):
                        near = _closest_on_segment(point, other[i], other[(i + 1) % len(other)])
                        distance = math.dist(point, near)
                        if best is None or distance < best[0]:
                            best = (distance, near, point) if swap else (distance, point, near)
    if best is None:
        raise ValueError("an outline needs at least one ring")
    return best[1], best[2]


def point_in_rings(x: float, y: float, rings: Sequence[Ring]) -> bool:
    """Whether a point is inside an outline of several rings, holes and islands (even-odd)."""
    return sum(point_in_polygon(x, y, ring) for ring in rings if len(ring) >= 3) % 2 == 1


PROJECTIONS = ("equirectangular", "mercator")
"""Projections a GeoJSON outline file may name: both keep north up and are simple enough to
redo by hand, which is what a designer checking a map against an atlas needs."""


def project(lon: float, lat: float, projection: str, standard: float = 0.0) -> Point:
    """Longitude and latitude (degrees) on a plane, y growing north, in degrees of longitude.

    ``standard`` is the equirectangular projection's standard parallel, where it is true to
    scale (pick the middle of the map).

    :raises ValueError: an unknown projection, or a latitude Mercator cannot show.
    """
    if projection == "equirectangular":
        return lon * math.cos(math.radians(standard)), lat
    if projection == "mercator":
        if not -85.0 < lat < 85.0:
            raise ValueError(f"latitude {lat} is too near a pole for the Mercator projection")
        return lon, math.degrees(math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)))
    raise ValueError(f"unknown projection {projection!r} (known: {', '.join(PROJECTIONS)})")


def shared_segments(
    first: Sequence[Ring], second: Sequence[Ring], tolerance: float
) -> list[tuple[Point, Point]]:
    """The stretches of ``first``'s edges that lie along ``second``'s: their common border,
    where a river or a canal between them is drawn."""
    out = []
    for ring in first:
        for i in range(len(ring)):
            p, q = ring[i], ring[(i + 1) % len(ring)]
            length = math.dist(p, q)
            if length <= 1e-12:
                continue
            ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
            for other in second:
                for j in range(len(other)):
                    r, s = other[j], other[(j + 1) % len(other)]
                    if (
                        max(abs((t[0] - p[0]) * uy - (t[1] - p[1]) * ux) for t in (r, s))
                        > tolerance
                    ):
                        continue
                    tr = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
                    ts = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy
                    lo, hi = max(0.0, min(tr, ts)), min(length, max(tr, ts))
                    if hi - lo > tolerance:
                        out.append(
                            ((p[0] + ux * lo, p[1] + uy * lo), (p[0] + ux * hi, p[1] + uy * hi))
                        )
    return out
