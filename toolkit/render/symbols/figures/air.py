"""Figure icons of the air: aircraft seen from above and in profile, airships and balloons."""

from __future__ import annotations

import math
from collections.abc import Sequence

from toolkit.render.symbols.figures.shapes import Shape, _bar, _circ, _Icon, _poly, _rr


def _mirror_y(shape: Shape, h: float) -> Shape:
    """The shape reflected about the icon's horizontal centre line (for aircraft seen from
    above, whose two wings are mirror images)."""
    if shape[0] == "poly":
        return ("poly", tuple((x, h - y) for x, y in reversed(shape[1])))
    if shape[0] == "rrect":
        _, x, y, w, hh, r = shape
        return ("rrect", x, h - y - hh, w, hh, r)
    raise ValueError(shape[0])  # pragma: no cover - only polygons and rrects are mirrored


def _plane(w: float, h: float, half: Sequence[Shape], centre: Sequence[Shape]) -> _Icon:
    return _Icon(w, h, tuple(centre) + tuple(half) + tuple(_mirror_y(s, h) for s in half))


def _superellipse(cx: float, cy: float, rx: float, ry: float, power: float, n: int = 36) -> Shape:
    """A rounded-rectangle-like oval (power > 2 squares it off), as a polygon: airship hulls."""
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        c, s = math.cos(a), math.sin(a)
        pts.append(
            (
                cx + rx * math.copysign(abs(c) ** (2 / power), c),
                cy + ry * math.copysign(abs(s) ** (2 / power), s),
            )
        )
    return ("poly", tuple(pts))


AIR: dict[str, _Icon] = {
    "fighter": _plane(
        100,
        84,
        half=(
            _poly((50, 38), (57, 5), (66, 3), (72, 38)),  # wing
            _poly((4, 40), (9, 27), (17, 27), (21, 40)),  # tailplane
        ),
        centre=(
            _poly(
                (2, 42),
                (8, 38.5),
                (30, 37.5),
                (72, 36.5),
                (88, 38),
                (96, 40),
                (98.5, 42),
                (96, 44),
                (88, 46),
                (72, 47.5),
                (30, 46.5),
                (8, 45.5),
            ),  # fuselage
            _bar(99, 31, 99, 53, 2),  # propeller
        ),
    ),
    "bomber": _plane(
        100,
        100,
        half=(
            _poly((48, 45), (58, 2), (67, 2), (76, 45)),  # wing
            _rr(60, 14, 24, 7, 3.5),  # outer engine
            _rr(63, 29, 24, 7, 3.5),  # inner engine
            _poly((3, 47), (8, 27), (17, 27), (22, 47)),  # tailplane
        ),
        centre=(
            _poly(
                (1, 50),
                (6, 46),
                (20, 44.5),
                (78, 44),
                (92, 45.5),
                (98, 48),
                (99.5, 50),
                (98, 52),
                (92, 54.5),
                (78, 56),
                (20, 55.5),
                (6, 54),
            ),  # fuselage
        ),
    ),
    # No standard exists for most of the figures below; each is the pictogram wargame markers
    # customarily use.
    # A generic aeroplane, in profile (the fighter and bomber are seen from above).
    "aircraft": _Icon(
        100,
        40,
        body=(
            _poly(
                (2, 16),
                (8, 13),
                (30, 13),
                (78, 12),
                (90, 14),
                (96, 18),
                (96, 22),
                (90, 25),
                (78, 26),
                (30, 24),
                (8, 21),
                (2, 20),
            ),  # fuselage
            _poly((3, 16), (8, 1), (15, 1), (21, 14)),  # fin
            _rr(1, 16.5, 20, 3.5, 1.7),  # tailplane
            _rr(44, 19.5, 30, 5.5, 2.7),  # wing, edge-on
            _poly((60, 12.5), (65, 6.5), (75, 6.5), (79, 12.5)),  # canopy
            _bar(99, 5, 99, 35, 2.2),  # propeller
            _circ(96, 20, 3),  # spinner
            _bar(58, 25, 56, 34, 2.2),  # undercarriage
            _circ(56, 35, 4.5),
        ),
    ),
    # The reconnaissance plane of the First World War: a two-seat biplane, in profile.
    "recon-plane": _Icon(
        100,
        50,
        body=(
            _poly(
                (2, 22),
                (10, 18.5),
                (80, 17),
                (91, 20),
                (95, 24),
                (91, 28),
                (80, 30.5),
                (10, 27),
                (2, 26),
            ),  # fuselage
            _rr(38, 3, 38, 5, 2.5),  # upper wing
            _rr(42, 27.5, 32, 5, 2.5),  # lower wing
            _bar(47, 7, 50, 28, 1.8),  # interplane struts
            _bar(68, 7, 70, 28, 1.8),
            _poly((3, 22), (6, 7), (13, 7), (20, 19)),  # fin
            _rr(1, 22, 17, 3.5, 1.7),  # tailplane
            _circ(33, 16.5, 3.5),  # observer's gun ring
            _bar(98.5, 9, 98.5, 39, 2.2),  # propeller
            _circ(95.5, 24, 3),
            _bar(60, 31, 58, 41, 1.8),  # undercarriage
            _circ(58, 44.5, 5),
        ),
    ),
    # A rigid airship: cylindrical hull, cruciform tail fins, two gondolas.
    "zeppelin": _Icon(
        100,
        36,
        body=(
            _superellipse(53, 15, 46, 13, 2.6),
            _poly((3, 15), (9, 1), (20, 3), (22, 15)),  # upper fin
            _poly((3, 15), (9, 29), (20, 27), (22, 15)),  # lower fin
            _rr(60, 26, 16, 8, 3),  # control gondola
            _rr(30, 26, 11, 7, 3),  # engine gondola
        ),
    ),
    # A round observation balloon with its basket.
    "balloon": _Icon(
        70,
        100,
        body=(
            _circ(35, 33, 32),  # envelope
            _poly((19, 57), (51, 57), (41, 74), (29, 74)),  # neck
            _bar(29.5, 73, 27, 87, 2),  # rigging
            _bar(40.5, 73, 43, 87, 2),
            _rr(23, 85, 24, 14, 2.5),  # basket
        ),
        holes=(
            _bar(35, 3, 35, 62, 2.5),  # gore seams: tells it from the chip and the star
            _bar(20, 7.5, 20, 58, 2.2),
            _bar(50, 7.5, 50, 58, 2.2),
        ),
    ),
}
"""Aircraft and lighter-than-air craft, by icon name."""
