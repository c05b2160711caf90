"""Figure icons of the sea: warships in profile, a merchant ship, a fleet, the anchor."""

from __future__ import annotations

import math

from toolkit.render.symbols.figures.shapes import Shape, _bar, _circ, _Icon, _poly, _rr
from toolkit.render.symbols.paths import Point


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


SEA: dict[str, _Icon] = {
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
    # No standard exists for most of the figures below; each is the pictogram wargame markers
    # customarily use.
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
}
"""Ships and naval markers, by icon name."""
