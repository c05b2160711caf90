"""How hexsides (rivers, straits, walls…) and lines (railways, roads…) are stroked.

All sides of one type go into one path, and all lines of one type into another, so a map with
hundreds of river sides still costs a handful of elements. Widths scale with the location size
``unit`` so a river reads the same on a 0.5 in and a 1 in hex map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.render.maps.base import INK, Point, el
from toolkit.render.svg import fmt

HEXSIDE_STYLES = ("river", "canal", "strait", "wall", "fortified", "impassable", "alpine", "dashed")
LINE_STYLES = ("rail", "road", "track", "sea-lane", "air-route")


@dataclass(frozen=True, slots=True)
class Side:
    """One side to draw: its two ends, and the centres of the locations either side."""

    p: Point
    q: Point
    a: Point | None = None
    b: Point | None = None
    """Centre across the side (None on a map edge)."""


def _path(d: str, colour: str, width: float, **kw: object) -> str:
    if not d:
        return ""
    return el("path", d=d, fill="none", stroke=colour, stroke_width=width, **kw)


def _seg(p: Point, q: Point) -> str:
    return f"M{fmt(p[0])} {fmt(p[1])}L{fmt(q[0])} {fmt(q[1])}"


def _normal(p: Point, q: Point) -> tuple[float, float, float]:
    """Unit normal of p→q and its length."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    return -dy / length, dx / length, length


def _wavy(p: Point, q: Point, amplitude: float) -> str:
    """An S-curve from p to q: a river meanders but still meets the next side at the corner."""
    nx, ny, _ = _normal(p, q)
    c1 = (p[0] + (q[0] - p[0]) / 3 + nx * amplitude, p[1] + (q[1] - p[1]) / 3 + ny * amplitude)
    c2 = (
        p[0] + 2 * (q[0] - p[0]) / 3 - nx * amplitude,
        p[1] + 2 * (q[1] - p[1]) / 3 - ny * amplitude,
    )
    return (
        f"M{fmt(p[0])} {fmt(p[1])}C{fmt(c1[0])} {fmt(c1[1])} {fmt(c2[0])} {fmt(c2[1])} "
        f"{fmt(q[0])} {fmt(q[1])}"
    )


def _zigzag(p: Point, q: Point, amplitude: float, teeth: int) -> str:
    nx, ny, _ = _normal(p, q)
    points = [p]
    for k in range(1, 2 * teeth):
        t = k / (2 * teeth)
        sign = 1 if k % 2 else -1
        points.append(
            (
                p[0] + (q[0] - p[0]) * t + nx * amplitude * sign,
                p[1] + (q[1] - p[1]) * t + ny * amplitude * sign,
            )
        )
    points.append(q)
    return "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points)


def _teeth(p: Point, q: Point, size: float, toward: Point | None) -> str:
    """Small triangles along p→q on the side facing ``toward``: a fortified line."""
    nx, ny, length = _normal(p, q)
    if toward is not None and (toward[0] - p[0]) * nx + (toward[1] - p[1]) * ny < 0:
        nx, ny = -nx, -ny
    count = max(1, round(length / (2.2 * size)))
    d = ""
    for k in range(count):
        t0, t1 = (k + 0.25) / count, (k + 0.75) / count
        a = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
        b = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
        tm = (a[0] + b[0]) / 2 + nx * size, (a[1] + b[1]) / 2 + ny * size
        d += f"M{fmt(a[0])} {fmt(a[1])}L{fmt(tm[0])} {fmt(tm[1])}L{fmt(b[0])} {fmt(b[1])}Z"
    return d


def _merlons(p: Point, q: Point, size: float) -> str:
    """Square battlements standing on both sides of p→q: a wall, not a railway."""
    nx, ny, length = _normal(p, q)
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    count = max(1, round(length / (2.4 * size)))
    d = ""
    for k in range(count):
        t = (k + 0.5) / count * length
        cx, cy = p[0] + ux * t, p[1] + uy * t
        corners = [
            (cx + ux * a * size + nx * b * size, cy + uy * a * size + ny * b * size)
            for a, b in ((-0.6, -1.5), (0.6, -1.5), (0.6, 1.5), (-0.6, 1.5))
        ]
        d += "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in corners) + "Z"
    return d


def _arrow_heads(p: Point, q: Point, size: float) -> str:
    """Filled heads at both ends of p→q: a crossing that goes both ways."""
    nx, ny, length = _normal(p, q)
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    d = ""
    for tip, sign in ((q, 1), (p, -1)):
        base = (tip[0] - sign * ux * size * 1.3, tip[1] - sign * uy * size * 1.3)
        d += (
            f"M{fmt(tip[0])} {fmt(tip[1])}L{fmt(base[0] + nx * size)} {fmt(base[1] + ny * size)}"
            f"L{fmt(base[0] - nx * size)} {fmt(base[1] - ny * size)}Z"
        )
    return d


def _crossing(side: Side) -> tuple[Point, Point]:
    """Where a strait is drawn: across the side between the two centres, or along an edge."""
    if side.a is None or side.b is None:
        return side.p, side.q
    (ax, ay), (bx, by) = side.a, side.b
    return (ax + (bx - ax) * 0.28, ay + (by - ay) * 0.28), (
        ax + (bx - ax) * 0.72,
        ay + (by - ay) * 0.72,
    )


def sides_svg(style: str, sides: Sequence[Side], colour: str, unit: float) -> str:
    """Every side of one hexside type, drawn in its style."""
    u = unit
    if style == "river":
        d = "".join(_wavy(s.p, s.q, 0.05 * u) for s in sides)
        return _path(d, colour, 0.06 * u, stroke_linecap="round")
    if style == "canal":
        d = "".join(_seg(s.p, s.q) for s in sides)
        return _path(d, colour, 0.07 * u, stroke_linecap="round") + _path(
            d, "#ffffff", 0.025 * u, stroke_linecap="round"
        )
    if style == "strait":
        ends = [_crossing(s) for s in sides]
        d = "".join(_seg(p, q) for p, q in ends)
        heads = "".join(_arrow_heads(p, q, 0.06 * u) for p, q in ends)
        return _path(d, colour, 0.045 * u) + el("path", d=heads, fill=colour)
    if style == "wall":
        d = "".join(_seg(s.p, s.q) for s in sides)
        merlons = "".join(_merlons(s.p, s.q, 0.06 * u) for s in sides)
        return _path(d, colour, 0.06 * u) + el("path", d=merlons, fill=colour)
    if style == "fortified":
        d = "".join(_seg(s.p, s.q) for s in sides)
        teeth = "".join(_teeth(s.p, s.q, 0.07 * u, s.b) for s in sides)
        return _path(d, colour, 0.04 * u, stroke_linecap="round") + el("path", d=teeth, fill=colour)
    if style == "impassable":
        d = "".join(_seg(s.p, s.q) for s in sides)
        return _path(d, colour, 0.12 * u, stroke_linecap="round")
    if style == "alpine":
        d = "".join(_zigzag(s.p, s.q, 0.05 * u, 3) for s in sides)
        return _path(d, "#ffffff", 0.07 * u, stroke_linejoin="round") + _path(
            d, colour, 0.035 * u, stroke_linejoin="round"
        )
    d = "".join(_seg(s.p, s.q) for s in sides)
    return _path(d, colour, 0.05 * u, stroke_dasharray=f"{fmt(0.1 * u)} {fmt(0.06 * u)}")


def smooth_d(points: Sequence[Point], cut: float = 0.3) -> str:
    """A path through every point with its turns rounded off.

    Each corner is cut ``cut`` of the way back along both segments and joined by a quadratic
    curve through the corner's control point: the line stays within the hexes it names, and
    a sharp hex-to-hex zigzag does not overshoot the way a spline would.
    """
    if len(points) < 2:
        return ""
    d = f"M{fmt(points[0][0])} {fmt(points[0][1])}"
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = points[i - 1], points[i], points[i + 1]
        p = (bx + (ax - bx) * cut, by + (ay - by) * cut)
        q = (bx + (cx - bx) * cut, by + (cy - by) * cut)
        d += f"L{fmt(p[0])} {fmt(p[1])}Q{fmt(bx)} {fmt(by)} {fmt(q[0])} {fmt(q[1])}"
    d += f"L{fmt(points[-1][0])} {fmt(points[-1][1])}"
    return d


def routes_svg(style: str, routes: Sequence[Sequence[Point]], colour: str, unit: float) -> str:
    """Every line of one line type through its centres: railway, road, track, lane, route."""
    d = "".join(smooth_d(route) for route in routes if len(route) >= 2)
    u = unit
    if style == "rail":
        ties = f"{fmt(0.025 * u)} {fmt(0.1 * u)}"
        return _path(d, colour, 0.12 * u, stroke_dasharray=ties) + _path(
            d, colour, 0.035 * u, stroke_linecap="round", stroke_linejoin="round"
        )
    if style == "track":
        return _path(d, colour, 0.04 * u, stroke_dasharray=f"{fmt(0.1 * u)} {fmt(0.06 * u)}")
    if style == "sea-lane":
        return _path(d, colour, 0.035 * u, stroke_dasharray=f"{fmt(0.14 * u)} {fmt(0.08 * u)}")
    if style == "air-route":
        return _path(
            d, colour, 0.045 * u, stroke_dasharray=f"0 {fmt(0.1 * u)}", stroke_linecap="round"
        )
    return _path(d, "#ffffff", 0.085 * u, stroke_linecap="round", stroke_linejoin="round") + _path(
        d, colour, 0.05 * u, stroke_linecap="round", stroke_linejoin="round"
    )


def default_side_colour(style: str) -> str:
    """Colour for a hexside type whose colour is missing."""
    return {"river": "#2f6fbf", "canal": "#2b6cb0", "strait": "#2b6cb0"}.get(style, INK)
