"""Schematic cells for area maps drawn without polygons: a Voronoi-like cell per centre.

Most area games give only a centre per space. A cell per centre (the points nearer to it than to
any other centre) fills the map the way territories do, but two cells that merely touch would
claim a border the rules do not have. So each cell is cut back by a gap along every side it
shares with a space it is NOT adjacent to: only declared borders are drawn as touching.

Cells are convex (a rectangle cut by half-planes), so clipping by one half-plane at a time
(Sutherland-Hodgman) is exact. Centres farther away than twice a cell's current radius cannot
cut it, which keeps the work near-linear for maps whose spaces are spread out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Polygon = tuple[Point, ...]

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Site:
    """One space taking part in the tiling: its id and centre in page points."""

    id: str
    x: float
    y: float


def clip_half_plane(poly: Sequence[Point], nx: float, ny: float, limit: float) -> list[Point]:
    """The part of a convex polygon where ``nx * x + ny * y <= limit``."""
    out: list[Point] = []
    count = len(poly)
    for i in range(count):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % count]
        da, db = nx * ax + ny * ay - limit, nx * bx + ny * by - limit
        if da <= 0:
            out.append((ax, ay))
        if (da < 0 < db) or (db < 0 < da):
            t = da / (da - db)
            out.append((ax + (bx - ax) * t, ay + (by - ay) * t))
    return out


def _radius(poly: Sequence[Point], x: float, y: float) -> float:
    """Distance from the site to its cell's farthest corner."""
    return max((math.hypot(px - x, py - y) for px, py in poly), default=0.0)


def _cell(
    site: Site,
    others: list[tuple[float, Site]],
    frame: Polygon,
    adjacent: frozenset[str],
    gap: float,
) -> Polygon:
    """Clip the frame by the bisector with every nearby site, pulled back where not adjacent."""
    poly: list[Point] = list(frame)
    for distance, other in others:
        if len(poly) < 3 or distance > 2 * _radius(poly, site.x, site.y) + gap:
            break
        if distance < _EPS:
            continue  # two spaces on one centre: the loader allows it; do not divide by zero
        nx, ny = (other.x - site.x) / distance, (other.y - site.y) / distance
        mid = nx * (site.x + other.x) / 2 + ny * (site.y + other.y) / 2
        poly = clip_half_plane(poly, nx, ny, mid - (0.0 if other.id in adjacent else gap / 2))
    return tuple(poly) if len(poly) >= 3 else ()


def schematic_cells(
    sites: Sequence[Site],
    frame: tuple[float, float, float, float],
    adjacency: Mapping[str, frozenset[str]],
    gap: float,
) -> dict[str, Polygon]:
    """A convex cell per site inside ``frame`` (x, y, w, h); empty where nothing is left."""
    x, y, w, h = frame
    rect: Polygon = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    cells: dict[str, Polygon] = {}
    ordered = sorted(sites, key=lambda s: (s.x, s.y, s.id))
    for site in ordered:
        others = sorted(
            ((math.hypot(o.x - site.x, o.y - site.y), o) for o in ordered if o is not site),
            key=lambda pair: (pair[0], pair[1].id),
        )
        cells[site.id] = _cell(site, others, rect, adjacency.get(site.id, frozenset()), gap)
    return cells


def shared_edge(
    a: Sequence[Point], b: Sequence[Point], tolerance: float
) -> tuple[Point, Point] | None:
    """The longest stretch of a's outline that lies on b's outline (touching cells), if any."""
    best: tuple[Point, Point] | None = None
    best_length = tolerance
    for i in range(len(a)):
        p, q = a[i], a[(i + 1) % len(a)]
        for j in range(len(b)):
            r, s = b[j], b[(j + 1) % len(b)]
            segment = _overlap(p, q, r, s, tolerance)
            if segment is not None:
                length = math.dist(*segment)
                if length > best_length:
                    best, best_length = segment, length
    return best


def _overlap(
    p: Point, q: Point, r: Point, s: Point, tolerance: float
) -> tuple[Point, Point] | None:
    """The common part of two nearly collinear segments p-q and r-s, or None."""
    length = math.dist(p, q)
    if length < _EPS:
        return None
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    for point in (r, s):
        if abs((point[0] - p[0]) * uy - (point[1] - p[1]) * ux) > tolerance:
            return None
    tr = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
    ts = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy
    lo, hi = max(0.0, min(tr, ts)), min(length, max(tr, ts))
    if hi - lo <= tolerance:
        return None
    return (p[0] + ux * lo, p[1] + uy * lo), (p[0] + ux * hi, p[1] + uy * hi)
