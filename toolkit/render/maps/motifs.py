"""Terrain motifs (trees, hills, waves…) drawn as small symbol clusters, and polygon hatching.

A printed wargame map shows terrain as a tint plus a few symbols per hex, not as wallpaper:
one cluster per hex stays legible at any hex size and costs one ``<use>`` per hex. Area maps
scatter single motifs on a staggered lattice inside each cell, keeping every motif wholly
inside its cell, so no clip path (an offscreen layer per cell in the rasteriser) is needed.

Each motif is drawn centred on (0, 0) inside a box of side ``s``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from toolkit.geometry import point_in_polygon
from toolkit.render.maps.base import Point, circle_d, el, mix, poly_d
from toolkit.render.svg import fmt

PATTERNS = (
    "trees",
    "hills",
    "mountains",
    "peaks",
    "swamp",
    "marsh",
    "dunes",
    "waves",
    "dots",
    "rough",
    "city",
    "jungle",
    "ice",
)


def motif_ink(fill: str) -> str:
    """The motif colour for a terrain fill: the same hue, much darker."""
    return mix(fill, "#000000", 0.55)


def _stroke(d: str, ink: str, width: float) -> str:
    return el(
        "path",
        d=d,
        fill="none",
        stroke=ink,
        stroke_width=width,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def _solid(d: str, ink: str) -> str:
    return el("path", d=d, fill=ink)


def _trees(s: float, ink: str) -> str:
    # A conifer: a tall triangle on a short trunk, the commonest forest sign on hex maps.
    h = s / 2
    crown = poly_d([(0, -h), (0.42 * s, 0.22 * s), (-0.42 * s, 0.22 * s)])
    trunk = poly_d([(-0.06 * s, 0.22 * s), (0.06 * s, 0.22 * s), (0.06 * s, h), (-0.06 * s, h)])
    return _solid(crown + trunk, ink)


def _jungle(s: float, ink: str) -> str:
    # Broad-leaf crowns: three overlapping discs on a trunk, denser than forest's conifers.
    r = 0.2 * s
    d = (
        circle_d(-0.2 * s, -0.05 * s, r)
        + circle_d(0.2 * s, -0.05 * s, r)
        + circle_d(0, -0.25 * s, r)
    )
    d += poly_d([(-0.05 * s, 0), (0.05 * s, 0), (0.05 * s, 0.5 * s), (-0.05 * s, 0.5 * s)])
    return _solid(d, ink)


def _hills(s: float, ink: str) -> str:
    # Two rounded humps, the lower one in front.
    d = (
        f"M{fmt(-0.5 * s)} {fmt(0.25 * s)}Q{fmt(-0.2 * s)} {fmt(-0.45 * s)} {fmt(0.1 * s)} "
        f"{fmt(0.25 * s)}M{fmt(-0.05 * s)} {fmt(0.05 * s)}Q{fmt(0.22 * s)} {fmt(-0.3 * s)} "
        f"{fmt(0.5 * s)} {fmt(0.25 * s)}"
    )
    return _stroke(d, ink, 0.09 * s)


def _mountains(s: float, ink: str) -> str:
    # A massif: outlined peak with its shadow side filled.
    left, right, top, base = -0.5 * s, 0.5 * s, -0.4 * s, 0.35 * s
    outline = poly_d([(left, base), (0, top), (right, base)], close=False)
    shadow = poly_d([(0, top), (right, base), (0.1 * s, base)])
    return _solid(shadow, ink) + _stroke(outline, ink, 0.08 * s)


def _peaks(s: float, ink: str) -> str:
    # Sharp peaks with white snow caps: high mountains.
    body = poly_d(
        [
            (-0.5 * s, 0.4 * s),
            (-0.1 * s, -0.5 * s),
            (0.15 * s, 0.05 * s),
            (0.28 * s, -0.2 * s),
            (0.5 * s, 0.4 * s),
        ]
    )
    snow = poly_d(
        [(-0.1 * s, -0.5 * s), (-0.22 * s, -0.23 * s), (-0.1 * s, -0.3 * s), (0.02 * s, -0.22 * s)]
    )
    return _solid(body, ink) + el("path", d=snow, fill="#ffffff")


def _swamp(s: float, ink: str) -> str:
    # A tuft of reeds on a water line.
    d = f"M{fmt(-0.5 * s)} {fmt(0.3 * s)}H{fmt(0.5 * s)}"
    for dx, tilt in ((-0.2, -0.12), (0.0, 0.0), (0.2, 0.12)):
        d += f"M{fmt(dx * s)} {fmt(0.3 * s)}L{fmt((dx + tilt) * s)} {fmt(-0.35 * s)}"
    return _stroke(d, ink, 0.07 * s)


def _marsh(s: float, ink: str) -> str:
    # Broken water lines with a small tuft: wet ground, lighter than swamp.
    d = (
        f"M{fmt(-0.5 * s)} {fmt(0.1 * s)}H{fmt(-0.1 * s)}M{fmt(0.1 * s)} {fmt(0.1 * s)}"
        f"H{fmt(0.5 * s)}M{fmt(-0.3 * s)} {fmt(0.4 * s)}H{fmt(0.3 * s)}"
        f"M0 {fmt(0.1 * s)}L{fmt(-0.1 * s)} {fmt(-0.3 * s)}M0 {fmt(0.1 * s)}L{fmt(0.1 * s)} "
        f"{fmt(-0.3 * s)}"
    )
    return _stroke(d, ink, 0.06 * s)


def _dunes(s: float, ink: str) -> str:
    # Two crescent ridges.
    d = ""
    for dy in (-0.15, 0.25):
        d += (
            f"M{fmt(-0.45 * s)} {fmt((dy + 0.1) * s)}Q0 {fmt((dy - 0.3) * s)} "
            f"{fmt(0.45 * s)} {fmt((dy + 0.1) * s)}"
        )
    return _stroke(d, ink, 0.07 * s)


def _waves(s: float, ink: str) -> str:
    # Two short wave strokes.
    d = ""
    for dy in (-0.15, 0.2):
        y = dy * s
        d += (
            f"M{fmt(-0.45 * s)} {fmt(y)}q{fmt(0.225 * s)} {fmt(-0.2 * s)} {fmt(0.45 * s)} 0"
            f"t{fmt(0.45 * s)} 0"
        )
    return _stroke(d, ink, 0.06 * s)


def _dots(s: float, ink: str) -> str:
    # Stipple: open ground, sand, steppe.
    r = 0.07 * s
    points = ((-0.3, -0.25), (0.2, -0.3), (0.0, 0.05), (-0.35, 0.3), (0.35, 0.25))
    return _solid("".join(circle_d(x * s, y * s, r) for x, y in points), ink)


def _rough(s: float, ink: str) -> str:
    # Scattered rocks: small irregular shapes.
    rocks = (
        [(-0.45, 0.1), (-0.3, -0.15), (-0.15, 0.12)],
        [(0.0, -0.35), (0.2, -0.45), (0.3, -0.2), (0.12, -0.15)],
        [(0.1, 0.35), (0.25, 0.12), (0.45, 0.3)],
    )
    return _solid("".join(poly_d([(x * s, y * s) for x, y in rock]) for rock in rocks), ink)


def _city(s: float, ink: str) -> str:
    # Built-up blocks of different heights.
    blocks = ((-0.45, 0.0, 0.25, 0.45), (-0.15, -0.4, 0.28, 0.85), (0.18, -0.15, 0.27, 0.6))
    d = "".join(
        poly_d(
            [(x * s, y * s), ((x + w) * s, y * s), ((x + w) * s, (y + h) * s), (x * s, (y + h) * s)]
        )
        for x, y, w, h in blocks
    )
    return _solid(d, ink)


def _ice(s: float, ink: str) -> str:
    # A six-armed star: snow and ice.
    d = ""
    for k in range(3):
        a = math.pi * k / 3
        dx, dy = 0.42 * s * math.cos(a), 0.42 * s * math.sin(a)
        d += f"M{fmt(-dx)} {fmt(-dy)}L{fmt(dx)} {fmt(dy)}"
    return _stroke(d, ink, 0.07 * s)


MOTIFS: dict[str, Callable[[float, str], str]] = {
    "trees": _trees,
    "hills": _hills,
    "mountains": _mountains,
    "peaks": _peaks,
    "swamp": _swamp,
    "marsh": _marsh,
    "dunes": _dunes,
    "waves": _waves,
    "dots": _dots,
    "rough": _rough,
    "city": _city,
    "jungle": _jungle,
    "ice": _ice,
}

_CLUSTERS: dict[str, tuple[tuple[float, float], ...]] = {
    # Offsets in units of the cluster radius; three or two signs per hex read as terrain, more
    # read as texture and fight with the numbers and counters.
    "three": ((-0.55, 0.2), (0.55, 0.2), (0.0, -0.3)),
    "two": ((-0.45, 0.0), (0.45, 0.05)),
}
_CLUSTER_OF = {
    "hills": "two",
    "mountains": "two",
    "peaks": "two",
    "dunes": "two",
    "waves": "two",
    "marsh": "two",
    "city": "two",
}


def motif_svg(pattern: str, size: float, ink: str) -> str:
    """One motif centred on (0, 0), or nothing for an unknown pattern."""
    draw = MOTIFS.get(pattern)
    return draw(size, ink) if draw else ""


def cluster_svg(pattern: str, radius: float, ink: str, single_id: str) -> str:
    """A cluster of ``<use>``s of one motif, filling a circle of ``radius`` around (0, 0)."""
    offsets = _CLUSTERS[_CLUSTER_OF.get(pattern, "three")]
    return "".join(
        el("use", href="#" + single_id, x=dx * radius, y=dy * radius) for dx, dy in offsets
    )


def cluster_motif_size(pattern: str, radius: float) -> float:
    """Side of each motif in a cluster of ``radius``."""
    return radius * (0.8 if _CLUSTER_OF.get(pattern) == "two" else 0.62)


def scatter_points(
    polygon: Sequence[Point],
    spacing: float,
    size: float,
    keep_out: Sequence[tuple[float, float, float, float]] = (),
) -> list[Point]:
    """Staggered lattice points whose motif box (side ``size``) lies inside the polygon.

    ``keep_out`` boxes (x0, y0, x1, y1), e.g. names, get no motif.
    """
    if len(polygon) < 3 or spacing <= 0:
        return []
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    half = size / 2
    points: list[Point] = []
    row = 0
    y = math.floor(min(ys) / spacing) * spacing + spacing / 2
    while y < max(ys):
        offset = spacing / 2 if row % 2 else 0.0
        x = math.floor(min(xs) / spacing) * spacing + offset
        while x < max(xs) + spacing:
            corners = (
                (x - half, y - half),
                (x + half, y - half),
                (x + half, y + half),
                (x - half, y + half),
            )
            if all(point_in_polygon(cx, cy, polygon) for cx, cy in corners) and not any(
                x + half > k[0] and x - half < k[2] and y + half > k[1] and y - half < k[3]
                for k in keep_out
            ):
                points.append((x, y))
            x += spacing
        y += spacing * 0.87
        row += 1
    return points


def hatch_d(polygon: Sequence[Point], spacing: float) -> str:
    """Diagonal hatching inside a polygon as path data (exact, by scanline intersection)."""
    if len(polygon) < 3 or spacing <= 0:
        return ""
    # Lines x - y = c, for c on a lattice: intersect each with every edge, pair the crossings.
    values = [x - y for x, y in polygon]
    parts: list[str] = []
    c = math.floor(min(values) / spacing) * spacing + spacing / 2
    while c < max(values):
        crossings = sorted(_crossings(polygon, c))
        for i in range(0, len(crossings) - 1, 2):
            t0, t1 = crossings[i], crossings[i + 1]
            parts.append(f"M{fmt(t0 + c)} {fmt(t0)}L{fmt(t1 + c)} {fmt(t1)}")
        c += spacing
    return "".join(parts)


def _crossings(polygon: Sequence[Point], c: float) -> list[float]:
    """The y of each point where the line x - y = c crosses the polygon's outline."""
    found = []
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % len(polygon)]
        fa, fb = ax - ay - c, bx - by - c
        if (fa < 0) != (fb < 0):
            t = fa / (fa - fb)
            found.append(ay + (by - ay) * t)
    return found
