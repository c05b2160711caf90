"""Figure icons for game markers that are no unit: a gaming chip, a flag, a star."""

from __future__ import annotations

import math

from toolkit.render.symbols.figures.shapes import Shape, _bar, _circ, _Icon, _poly


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> Shape:
    """A regular star, first point straight up."""
    pts = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.radians(-90 + 180 * k / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return ("poly", tuple(pts))


def _ring_spot(cx: float, cy: float, r0: float, r1: float, angle: float, half: float) -> Shape:
    """A quadrilateral between radii r0..r1 spanning ``angle`` ± ``half`` degrees: chip spots."""
    a0, a1 = math.radians(angle - half), math.radians(angle + half)
    return _poly(
        (cx + r0 * math.cos(a0), cy + r0 * math.sin(a0)),
        (cx + r1 * math.cos(a0), cy + r1 * math.sin(a0)),
        (cx + r1 * math.cos(a1), cy + r1 * math.sin(a1)),
        (cx + r0 * math.cos(a1), cy + r0 * math.sin(a1)),
    )


MARKERS: dict[str, _Icon] = {
    # No standard exists for most of these; each is the pictogram wargame markers customarily
    # use.
    # A gaming chip seen from above: a rim with spots, a groove, a centre disc.
    "chip": _Icon(
        100,
        100,
        body=(
            _circ(50, 50, 49.5),
            _circ(50, 50, 31),
        ),
        holes=(
            _circ(50, 50, 36),
            *(_ring_spot(50, 50, 39.5, 47.5, a, 11) for a in range(0, 360, 45)),
        ),
    ),
    # A flag flying from a pole.
    "flag": _Icon(
        80,
        100,
        body=(
            _bar(9, 6, 9, 100, 5.5),  # pole
            _circ(9, 5, 4.5),  # finial
            _poly(
                (11, 9),
                (26, 5),
                (43, 9),
                (60, 14),
                (79, 9),
                (78, 48),
                (60, 53),
                (43, 48),
                (26, 43),
                (11, 47),
            ),
        ),
    ),
    # A five-pointed star.
    "star": _Icon(100, 95, body=(_star(50, 52.6, 50, 20),)),
}
"""Markers, by icon name."""
