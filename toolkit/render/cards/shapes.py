"""The plain geometry of card drawings: the rounded outline, shapes cut to it, flat grounds.

Every function here is arithmetic on points; nothing knows about cards' content.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from toolkit.render.svg import fmt

ARC_STEPS = 12
"""Segments of each rounded corner when a shape is cut to the card's outline."""

Rect = tuple[float, float, float, float]
"""left, top, right, bottom in points."""
Point = tuple[float, float]


def flat_paths(regions: list[tuple[Rect, str]]) -> dict[str, str]:
    """Rectangles painted in order, flattened to one path per colour with no two paths
    overlapping. Where a renderer's anti-aliasing meets the clipped edge of a layered drawing,
    the layer beneath shows as a hairline; a flat ground has no layer beneath."""
    xs = sorted({x for (left, _t, right, _b), _c in regions for x in (left, right)})
    ys = sorted({y for (_l, top, _r, bottom), _c in regions for y in (top, bottom)})
    paths: dict[str, list[str]] = {}
    for y0, y1 in zip(ys, ys[1:], strict=False):
        for x0, x1 in zip(xs, xs[1:], strict=False):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            colour = next(
                c
                for (left, top, right, bottom), c in reversed(regions)
                if left <= cx <= right and top <= cy <= bottom
            )
            paths.setdefault(colour, []).append(polygon_d(rect_points((x0, y0, x1, y1))))
    return {colour: "".join(parts) for colour, parts in paths.items()}


def rounded_outline(w: float, h: float, r: float) -> list[Point]:
    """The card's outline as a polygon, its corners as arcs of ARC_STEPS segments."""
    if r <= 0:
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    points = []
    corners = ((w - r, r, -90.0), (w - r, h - r, 0.0), (r, h - r, 90.0), (r, r, 180.0))
    for cx, cy, start in corners:
        for step in range(ARC_STEPS + 1):
            angle = math.radians(start + 90.0 * step / ARC_STEPS)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def clip_polygon(points: list[Point], rect: Rect) -> list[Point]:
    """The polygon cut to an axis-aligned rectangle (Sutherland-Hodgman: the card's outline is
    convex, so one pass per edge is exact)."""
    left, top, right, bottom = rect
    tests: list[tuple[Callable[[tuple[float, float]], float], int]] = [
        (lambda p: p[0] - left, 0),
        (lambda p: right - p[0], 0),
        (lambda p: p[1] - top, 1),
        (lambda p: bottom - p[1], 1),
    ]
    for inside, _axis in tests:
        result: list[Point] = []
        for i, current in enumerate(points):
            previous = points[i - 1]
            a, b = inside(previous), inside(current)
            if (a >= 0) != (b >= 0):
                t = a / (a - b)
                result.append(
                    (
                        previous[0] + t * (current[0] - previous[0]),
                        previous[1] + t * (current[1] - previous[1]),
                    )
                )
            if b >= 0:
                result.append(current)
        points = result
        if not points:
            break
    return points


def rect_points(rect: Rect) -> list[Point]:
    left, top, right, bottom = rect
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


def polygon_d(points: list[Point]) -> str:
    if not points:
        return ""
    return "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) + "Z"
