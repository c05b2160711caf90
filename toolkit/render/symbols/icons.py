"""Figure icons: silhouettes of ships, aircraft and Axis & Allies pieces, as SVG fragments.

Split from :mod:`toolkit.render.symbols.nato`, which re-exports everything public here, so
callers keep importing from there. Each icon is a small design (a union of polygons,
circles, rounded rectangles and bars, with holes punched through) scaled to fit the box it
is given; the vocabulary (:data:`ICON_TYPES`) comes from :mod:`toolkit.model.values`. The
designs themselves live in :mod:`toolkit.render.symbols.figures`, one module per family
(land, air, sea, markers); this module names, measures and draws them.

All coordinates are points (1/72 in), y growing downwards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from toolkit.model.values import ICON_TYPES
from toolkit.render.svg import fmt
from toolkit.render.symbols.figures import FIGURES
from toolkit.render.symbols.figures.shapes import Shape
from toolkit.render.symbols.paths import Point, _circle_d, _norm, _path, _poly_d, _suggest

__all__ = [
    "ICON_TYPES",
    "Shape",
    "icon",
    "icon_aspect",
    "icon_outline_width",
    "icon_reach",
    "parse_icon",
]

_ICON_ALIASES: dict[str, str] = {
    "armour": "tank",
    "armor": "tank",
    "aa": "aa-gun",
    "anti-aircraft": "aa-gun",
    "antiaircraft-gun": "aa-gun",
    "factory": "industrial-complex",
    "industry": "industrial-complex",
    "ic": "industrial-complex",
    "aircraft-carrier": "carrier",
    "sub": "submarine",
    "u-boat": "submarine",
    "bb": "battleship",
    "ca": "cruiser",
    "dd": "destroyer",
    "cv": "carrier",
    "ss": "submarine",
    "ap": "transport",
}


def parse_icon(text: str) -> str:
    """Canonical icon name for ``text``; raises ValueError with suggestions if unknown."""
    key = _norm(text)
    key = _ICON_ALIASES.get(key, key)
    if key not in FIGURES:
        raise _suggest("icon", str(text).strip(), ICON_TYPES)
    return key


def icon_aspect(kind: str) -> float:
    """Height over width of the icon's design, so a layout can size the box it will fill."""
    spec = FIGURES[parse_icon(kind)]
    return spec.h / spec.w


def icon_reach(kind: str) -> float:
    """How far the icon's ink reaches from the centre of its box, as a share of the box's
    width: a round counter can then check the figure, not its box, against its circle."""
    spec = FIGURES[parse_icon(kind)]
    cx, cy = spec.w / 2, spec.h / 2
    reach = 0.0
    for shape in spec.body:
        kind_ = shape[0]
        if kind_ == "circle":
            reach = max(reach, math.hypot(shape[1] - cx, shape[2] - cy) + shape[3])
            continue
        if kind_ == "poly":
            points = list(shape[1])
        elif kind_ == "bar":
            points = _bar_points(*shape[1:])
        else:  # rrect: its corners, a slight overestimate
            _, x, y, w, h, _r = shape
            points = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        reach = max(reach, *(math.hypot(px - cx, py - cy) for px, py in points))
    return reach / spec.w


def _signed_area(pts: Sequence[Point]) -> float:
    """Shoelace area; positive for clockwise-on-screen (y down) polygons."""
    pairs = zip(pts, [*pts[1:], pts[0]], strict=True)
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs) / 2


def _bar_points(x1: float, y1: float, x2: float, y2: float, t: float) -> list[Point]:
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length * t / 2, (x2 - x1) / length * t / 2
    return [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)]


def _shape_d(shape: Shape, tx: Callable[[Point], Point], s: float, clockwise: bool) -> str:
    """Path data for one design shape, mapped to page coordinates, wound ``clockwise`` (on
    screen) for solid parts and anticlockwise for holes so nonzero filling punches them."""
    kind = shape[0]
    if kind in ("poly", "bar"):
        pts = list(shape[1]) if kind == "poly" else _bar_points(*shape[1:])
        if (_signed_area(pts) > 0) != clockwise:
            pts.reverse()
        return _poly_d(tx(p) for p in pts)
    if kind == "circle":
        cx, cy = tx((shape[1], shape[2]))
        return _circle_d(cx, cy, shape[3] * s, clockwise)
    if kind == "rrect":
        _, x, y, w, h, r = shape
        r = min(r, w / 2, h / 2)
        (x0, y0), (x1, y1) = tx((x, y)), tx((x + w, y + h))
        rr = fmt(r * s)
        ends = [  # corners in clockwise screen order
            f"M{fmt(x0 + r * s)} {fmt(y0)}H{fmt(x1 - r * s)}A{rr} {rr} 0 0 1 {fmt(x1)} "
            f"{fmt(y0 + r * s)}V{fmt(y1 - r * s)}A{rr} {rr} 0 0 1 {fmt(x1 - r * s)} {fmt(y1)}"
            f"H{fmt(x0 + r * s)}A{rr} {rr} 0 0 1 {fmt(x0)} {fmt(y1 - r * s)}"
            f"V{fmt(y0 + r * s)}A{rr} {rr} 0 0 1 {fmt(x0 + r * s)} {fmt(y0)}Z",
            f"M{fmt(x0 + r * s)} {fmt(y0)}A{rr} {rr} 0 0 0 {fmt(x0)} {fmt(y0 + r * s)}"
            f"V{fmt(y1 - r * s)}A{rr} {rr} 0 0 0 {fmt(x0 + r * s)} {fmt(y1)}"
            f"H{fmt(x1 - r * s)}A{rr} {rr} 0 0 0 {fmt(x1)} {fmt(y1 - r * s)}"
            f"V{fmt(y0 + r * s)}A{rr} {rr} 0 0 0 {fmt(x1 - r * s)} {fmt(y0)}Z",
        ]
        return ends[0] if clockwise else ends[1]
    if kind == "sector":
        # A ring segment between angles a0..a1 (degrees, clockwise on screen from +x):
        # used for the gaps between a wheel's spokes.
        _, cx, cy, r, a0, a1 = shape
        pts = [(cx, cy)] + [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (a0 + (a1 - a0) * k / 8 for k in range(9))
        ]
        if (_signed_area(pts) > 0) != clockwise:
            pts.reverse()
        return _poly_d(tx(p) for p in pts)
    raise ValueError(f"unknown shape {kind!r}")  # pragma: no cover


def icon_outline_width(width: float, height: float) -> float:
    """Outline width for an icon box; the silhouette is inset by this so it stays inside."""
    return max(0.25, 0.02 * min(width, height))


def icon(
    kind: str,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str = "#000",
    stroke: str = "none",
) -> str:
    """A silhouette of ``kind`` (see :data:`ICON_TYPES`) centred in the box, facing right.

    The design keeps its proportions and is scaled to fit the box. ``fill`` colours the
    silhouette; ``stroke`` (if not ``"none"``) draws an outline around the *whole* figure —
    not around each part — and around its holes, so figures in national colours stay
    readable on any background while keeping the same visual weight as each other.
    """
    if width <= 0 or height <= 0:
        raise ValueError(f"icon box must have a positive size, got {width!r} x {height!r}")
    spec = FIGURES[parse_icon(kind)]
    ow = icon_outline_width(width, height) if stroke != "none" else 0.0
    avail_w, avail_h = width - 2 * ow, height - 2 * ow
    s = min(avail_w / spec.w, avail_h / spec.h)
    ox = x + (width - spec.w * s) / 2
    oy = y + (height - spec.h * s) / 2

    def tx(p: Point) -> Point:
        return (ox + p[0] * s, oy + p[1] * s)

    d = "".join(_shape_d(sh, tx, s, True) for sh in spec.body)
    d += "".join(_shape_d(sh, tx, s, False) for sh in spec.holes)
    out = []
    if stroke != "none":
        # Stroke twice as wide under the fill: only the outer half shows, outlining the union.
        out.append(
            _path(d, fill="none", stroke=stroke, stroke_width=2 * ow, stroke_linejoin="round")
        )
    out.append(_path(d, fill=fill, stroke="none"))
    return "<g>" + "".join(out) + "</g>"
