"""Figure icons: silhouettes of ships, aircraft and Axis & Allies pieces, as SVG fragments.

Split from :mod:`toolkit.render.symbols.nato`, which re-exports everything public here, so
callers keep importing from there. Each icon is a small design (a union of polygons,
circles, rounded rectangles and bars, with holes punched through) scaled to fit the box it
is given; the vocabulary (:data:`ICON_TYPES`) comes from :mod:`toolkit.model.values`.

All coordinates are points (1/72 in), y growing downwards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.model.values import ICON_TYPES
from toolkit.render.svg import fmt
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

# Design language: each icon lives in its own design box (w x h units, y down, facing right)
# and is a union of simple shapes, optionally with holes (wheels, windows) punched through.
# Shapes: ("poly", points) ("circle", cx, cy, r) ("rrect", x, y, w, h, r)
# ("bar", x1, y1, x2, y2, thickness) — a straight member such as a gun barrel or a mast.
Shape = tuple[Any, ...]


@dataclass(frozen=True)
class _Icon:
    w: float
    h: float
    body: tuple[Shape, ...]
    holes: tuple[Shape, ...] = ()


def _bar(x1: float, y1: float, x2: float, y2: float, t: float) -> Shape:
    return ("bar", x1, y1, x2, y2, t)


def _poly(*pts: Point) -> Shape:
    return ("poly", tuple(pts))


def _circ(cx: float, cy: float, r: float) -> Shape:
    return ("circle", cx, cy, r)


def _rr(x: float, y: float, w: float, h: float, r: float) -> Shape:
    return ("rrect", x, y, w, h, r)


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


_ICONS: dict[str, _Icon] = {
    "infantry": _Icon(
        60,
        100,
        body=(
            _poly((18, 15), (20, 8), (27, 3.5), (35, 4), (40, 9), (41, 15)),  # helmet
            _circ(30, 17, 7),  # head
            _poly((22, 23), (37, 23), (41, 32), (39, 57), (21, 57), (20, 32)),  # torso
            _rr(13, 25, 9, 21, 2.5),  # pack
            _bar(35, 27, 46, 43, 7),  # arm
            _bar(33, 54, 45, 92, 9),  # front leg
            _bar(27, 54, 16, 92, 9),  # back leg
            _poly((40, 91), (53, 91), (53, 98), (40, 98)),  # boots
            _poly((9, 91), (22, 91), (22, 98), (9, 98)),
            _bar(41, 58, 56, 4, 3.4),  # rifle
            _bar(40, 61, 44, 46, 6),  # rifle stock
        ),
    ),
    "artillery": _Icon(
        100,
        64,
        body=(
            _bar(40, 44, 4, 60, 6.5),  # trail
            _poly((1, 56), (8, 56), (8, 63), (1, 63)),  # spade
            _circ(40, 44, 18),  # wheel
            _bar(36, 42, 98, 22, 5),  # barrel
            _bar(40, 40, 70, 30.5, 9),  # recoil cylinder
            _poly((50, 18), (58, 15), (61, 44), (53, 47)),  # shield
        ),
        holes=(
            ("sector", 40, 44, 13, 15, 80),
            ("sector", 40, 44, 13, 105, 170),
            ("sector", 40, 44, 13, 195, 255),
            ("sector", 40, 44, 13, 285, 345),
        ),
    ),
    "tank": _Icon(
        100,
        56,
        body=(
            _rr(3, 34, 94, 21, 10.5),  # track
            _poly((9, 36), (15, 25), (86, 25), (96, 35)),  # hull
            _poly((31, 26), (36, 13), (63, 12), (72, 19), (72, 26)),  # turret
            _bar(68, 18.5, 99.5, 18.5, 3.4),  # gun
            _rr(41, 7, 11, 7, 2),  # cupola
        ),
        holes=tuple(_circ(x, 44.5, 4.8) for x in (17, 30, 43, 56, 69, 82)),
    ),
    "landship": _Icon(  # the rhomboid tank of 1916-18: tracks all round, a gun in a side sponson
        100,
        52,
        body=(
            _poly((1, 30), (9, 6), (20, 2), (66, 2), (99, 16), (97, 36), (86, 50), (13, 50)),
            _rr(42, 0, 14, 5, 1.5),  # cab
        ),
        holes=(
            _poly((36, 20), (60, 20), (64, 36), (32, 36)),  # sponson
            *(_circ(x, 43, 3.2) for x in (20, 32, 44, 56, 68, 80)),  # track rollers
        ),
    ),
    "aa-gun": _Icon(
        100,
        84,
        body=(
            _poly((3, 69), (97, 69), (92, 75), (8, 75)),  # platform
            # wheels
            _circ(22, 76.5, 7),
            _circ(78, 76.5, 7),
            _poly((36, 70), (41, 52), (61, 52), (66, 70)),  # pedestal
            _circ(51, 50, 11),  # cradle
            _bar(47, 52, 79, 6, 4),  # twin barrels
            _bar(55, 54, 87, 8, 4),
            _rr(28, 43, 14, 9, 2),  # sight and layer's seat
        ),
        holes=(_circ(51, 50, 4),),
    ),
    "industrial-complex": _Icon(
        100,
        84,
        body=(
            _poly(
                (3, 82),
                (3, 44),
                (21, 30),
                (21, 44),
                (39, 30),
                (39, 44),
                (57, 30),
                (57, 44),
                (97, 44),
                (97, 82),
            ),  # saw-tooth hall
            _poly((67, 10), (78, 10), (79, 45), (66, 45)),  # chimneys
            _poly((83, 18), (91, 18), (92, 45), (82, 45)),
            _circ(74, 5.5, 4.5),  # smoke
            _circ(83, 5, 3.5),
            _circ(90, 5.5, 2.8),
        ),
        holes=(
            *(_rr(x, y, 7, 8, 1) for y in (50, 64) for x in (8, 19, 30, 41, 52)),
            _rr(70, 58, 14, 24, 1),  # gate
            *(_poly((x + 3, 42), (x + 15, 33), (x + 15, 42)) for x in (3, 21, 39)),  # skylights
        ),
    ),
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
    "battleship": _Icon(
        100,
        36,
        body=(
            _poly((1, 21), (99, 18), (93, 34), (7, 34), (2, 27)),  # deep hull
            _poly((30, 21.5), (30, 15), (62, 15), (62, 21.5)),  # citadel
            _poly(
                (48, 15.5), (49, 6), (51, 6), (52, 2.5), (56, 2.5), (57, 6), (59, 6), (60, 15.5)
            ),  # tower bridge
            _bar(54, 3, 54, 0.2, 1.1),  # mast
            _poly((38, 15.5), (39, 7), (45, 7), (45, 15.5)),  # funnel
            # A turret
            _rr(75, 14.5, 11, 5.5, 1.5),
            _bar(84, 16.5, 97, 15.5, 2),
            _poly((63, 21.5), (63, 13), (73, 13), (73, 21.5)),  # B barbette
            # B turret
            _rr(63, 9.5, 11, 5, 1.5),
            _bar(72, 11.5, 86, 10.5, 2),
            _poly((22, 21.5), (22, 14), (30, 14), (30, 21.5)),  # X barbette
            # X turret
            _rr(20, 10.5, 11, 5, 1.5),
            _bar(22, 12.5, 8, 11.5, 2),
            # Y turret
            _rr(8, 15, 11, 5.5, 1.5),
            _bar(10, 17, 1, 16.3, 2),
        ),
    ),
    "cruiser": _Icon(
        100,
        36,
        body=(
            _poly((1, 23), (99, 20), (94, 32), (7, 32), (2, 27)),
            _poly((57, 22), (58, 13), (62, 13), (63, 8), (67, 8), (68, 22)),  # bridge
            _bar(65, 8.5, 65, 1.5, 1.3),  # foremast
            _poly((44, 22), (45, 12), (50, 12), (51, 22)),  # funnels
            _poly((35, 22), (36, 13), (41, 13), (42, 22)),
            _bar(29, 22, 29, 7, 1.3),  # mainmast
            # A turret
            _rr(76, 17, 9, 5, 1.5),
            _bar(83, 18.5, 93, 17.5, 1.4),
            # Y turret
            _rr(14, 18, 9, 5, 1.5),
            _bar(16, 19.5, 5, 18.5, 1.4),
        ),
    ),
    "destroyer": _Icon(
        100,
        36,
        body=(
            _poly((1, 24), (99, 20), (95, 32), (8, 32), (2, 28)),
            _poly((66, 23), (67, 14), (75, 14), (76, 22)),  # bridge
            _bar(71, 14.5, 71, 4, 1.3),  # mast
            _poly((51, 23.5), (52, 13), (58, 13), (58, 23.5)),  # funnels
            _poly((41, 23.5), (42, 14), (48, 14), (48, 23.5)),
            # gun
            _rr(81, 17, 8, 5, 1.2),
            _bar(87, 18.8, 96, 18.2, 1.5),
            # aft gun
            _rr(10, 19.5, 8, 5, 1.2),
            _bar(11, 21.3, 2.5, 20.8, 1.5),
            _rr(25, 20, 12, 4, 1),  # torpedo tubes
        ),
    ),
    "carrier": _Icon(
        100,
        36,
        body=(
            _poly((0.5, 15), (99.5, 15), (97, 19.5), (3, 19.5)),  # flight deck
            _poly((6, 19), (96, 19), (90, 33), (12, 33)),  # hull
            _poly((63, 15.5), (64, 7), (77, 7), (78, 15.5)),  # island
            _poly((67, 7.5), (68, 2.5), (75, 2.5), (75, 7.5)),  # funnel
            _bar(72, 3, 72, 0.2, 1.2),
        ),
        holes=tuple(_rr(x, 21.5, 7, 3.5, 0.5) for x in (18, 30, 42, 54)),
    ),
    "transport": _Icon(
        100,
        36,
        body=(
            _poly((1, 19), (12, 22), (86, 22), (99, 16), (94, 33), (6, 33), (1, 26)),  # hull
            _poly((54, 22.5), (54, 15), (72, 15), (72, 22.5)),  # midships house
            _poly((57, 15.5), (57, 10), (69, 10), (69, 15.5)),  # bridge
            _poly((60, 10.5), (61, 3), (67, 3), (67, 10.5)),  # funnel
            _bar(30, 22.5, 30, 4, 1.6),
            _bar(30, 8, 42, 19, 1.1),  # foremast + boom
            _bar(84, 22.5, 84, 5, 1.6),
            _bar(84, 9, 76, 19, 1.1),
            _rr(20, 19.5, 16, 3, 0.5),
            _rr(38, 19.5, 12, 3, 0.5),  # hatches
        ),
    ),
    "submarine": _Icon(
        100,
        36,
        body=(
            _poly((1, 27), (8, 21), (88, 20.5), (99, 25), (90, 31), (10, 32.5)),  # hull
            _poly((46, 21), (50, 9), (64, 9), (68, 15), (68, 21)),  # conning tower
            _bar(55, 9.5, 55, 1.5, 1.5),  # periscopes
            _bar(59.5, 9.5, 59.5, 4, 1.2),
            # deck gun
            _rr(73, 17.5, 5, 3.5, 0.8),
            _bar(76, 18.8, 83, 17.8, 1.3),
        ),
    ),
}


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


def _arc_bars(
    cx: float, cy: float, r: float, a0: float, a1: float, t: float, n: int
) -> list[Shape]:
    """A thick arc as ``n`` bars with round joints (the anchor's arms)."""
    pts = [
        (
            cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / n)),
        )
        for k in range(n + 1)
    ]
    shapes: list[Shape] = [_bar(*p, *q, t) for p, q in zip(pts, pts[1:], strict=False)]
    shapes += [_circ(x, y, t / 2) for x, y in pts[1:-1]]
    return shapes


def _small_ship(dx: float, dy: float) -> list[Shape]:
    """One warship of a fleet group, 70 x 18 design units, its top-left at (dx, dy)."""

    def at(*pts: Point) -> Shape:
        return _poly(*((x + dx, y + dy) for x, y in pts))

    return [
        at((0, 10), (70, 8), (66, 17.5), (5, 17.5)),  # hull
        at((24, 8.7), (26, 3.5), (46, 3.5), (48, 8.3)),  # superstructure
        at((33, 4), (34, 0), (39, 0), (40, 4)),  # funnel
        _bar(dx + 52, dy + 8, dx + 52, dy + 0.5, 1.6),  # mast
    ]


# No standard exists for most of these; each is the pictogram wargame markers customarily use.
_ICONS.update(
    {
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
        # A plain steamer: the generic ship of naval markers.
        "ship": _Icon(
            100,
            36,
            body=(
                _poly((1, 18), (12, 20), (88, 20), (99, 16), (95, 33), (6, 33), (2, 26)),  # hull
                _poly((34, 20.5), (35, 12), (71, 12), (72, 20.5)),  # superstructure
                _poly((60, 12.5), (60, 6), (71, 6), (71, 12.5)),  # bridge
                _poly((43, 12.5), (45, 2), (52, 2), (53, 12.5)),  # funnel
                _bar(82, 20.5, 82, 4, 1.5),  # masts
                _bar(20, 20.5, 20, 6, 1.5),
            ),
            holes=tuple(_circ(x, 25.5, 1.6) for x in range(18, 88, 10)),
        ),
        # A fleet: three warships in line of bearing.
        "fleet": _Icon(
            100,
            60,
            body=(
                *_small_ship(30, 0),
                *_small_ship(15, 21),
                *_small_ship(0, 42),
            ),
        ),
        # The sailor's anchor: ring, stock, shank and curved arms ending in flukes.
        "anchor": _Icon(
            80,
            100,
            body=(
                _circ(40, 9, 8.5),  # ring
                _bar(40, 16, 40, 92, 8),  # shank
                _rr(18, 22, 44, 7, 3.5),  # stock
                *_arc_bars(40, 58, 33, 165, 15, 7.5, 8),  # arms
                _poly((3, 55), (17, 62), (5, 72)),  # flukes
                _poly((77, 55), (63, 62), (75, 72)),
                _circ(40, 92, 5.5),  # crown
            ),
            holes=(_circ(40, 9, 4.5),),
        ),
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
        # A fort: curtain wall between two towers, battlements, an arched gate.
        "fort": _Icon(
            100,
            80,
            body=(
                _poly((28, 80), (28, 44), (72, 44), (72, 80)),  # curtain wall
                *(_rr(x, 36, 8, 9, 0.5) for x in (31, 46, 61)),  # battlements
                _poly((2, 80), (2, 20), (28, 20), (28, 80)),  # towers
                _poly((72, 80), (72, 20), (98, 20), (98, 80)),
                *(_rr(x, 11, 6.5, 10, 0.5) for x in (2, 11.75, 21.5, 72, 81.75, 91.5)),
            ),
            holes=(
                _poly((40, 80), (40, 62), (50, 52), (60, 62), (60, 80)),  # gate
                _rr(12, 30, 6, 14, 3),  # windows
                _rr(82, 30, 6, 14, 3),
                _rr(12, 54, 6, 14, 3),
                _rr(82, 54, 6, 14, 3),
            ),
        ),
        # A trench line seen from above: fire bays and traverses, sandbags along the parapet.
        "trench": _Icon(
            100,
            40,
            body=(
                _bar(1, 10, 24, 10, 8),
                _bar(20, 6, 20, 30, 8),
                _bar(16, 26, 44, 26, 8),
                _bar(40, 30, 40, 6, 8),
                _bar(36, 10, 64, 10, 8),
                _bar(60, 6, 60, 30, 8),
                _bar(56, 26, 84, 26, 8),
                _bar(80, 30, 80, 6, 8),
                _bar(76, 10, 99, 10, 8),
                # barbed wire in front: a zig-zag
                *(
                    _bar(x, 34 if k % 2 else 39, x + 7, 39 if k % 2 else 34, 1.8)
                    for k, x in enumerate(range(2, 92, 7))
                ),
            ),
        ),
        # A supply crate in perspective, its planks showing: a box, never a NATO frame.
        "supply": _Icon(
            100,
            80,
            body=(_poly((1, 24), (27, 1), (99, 1), (99, 56), (72, 79), (1, 79)),),
            holes=(
                *(_rr(7, y, 59, 10, 1) for y in (30, 46, 62)),  # front planks
                _poly((13, 20), (29, 6), (88, 6), (71, 20)),  # lid
                *(
                    _poly((77, y), (94, y - 14.5), (94, y - 3), (77, y + 11.5))
                    for y in (29, 46, 63)
                ),
            ),
        ),
    }
)

# ICON_TYPES (imported above) is the model's vocabulary; _ICONS draws every one of them.

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
    if key not in _ICONS:
        raise _suggest("icon", str(text).strip(), ICON_TYPES)
    return key


def icon_aspect(kind: str) -> float:
    """Height over width of the icon's design, so a layout can size the box it will fill."""
    spec = _ICONS[parse_icon(kind)]
    return spec.h / spec.w


def icon_reach(kind: str) -> float:
    """How far the icon's ink reaches from the centre of its box, as a share of the box's
    width: a round counter can then check the figure, not its box, against its circle."""
    spec = _ICONS[parse_icon(kind)]
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
    spec = _ICONS[parse_icon(kind)]
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
