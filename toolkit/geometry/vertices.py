"""Hex corners by name, and the side two neighbouring corners bound.

A river drawn along hexsides is, to a designer, a chain of corners ("from the north-east corner
of 0605 down to the south corner of 0609"). A corner is shared by three hexes; two corners one
side apart share exactly two of them, and the side between those two is the side they bound.
"""

from __future__ import annotations

import math

from .hexes import HEX_DIRECTIONS, Hex, hex_neighbor
from .layout import ORIENTATIONS, Orientation

COMPASS_NAMES = ("e", "se", "s", "sw", "w", "nw", "n", "ne")
"""Compass names by angle, clockwise from east on a page whose y grows down."""


def _compass(x: float, y: float) -> str:
    """The compass name nearest to a page direction."""
    eighths = round(math.atan2(y, x) / (math.tau / 8)) % 8
    return COMPASS_NAMES[eighths]


def corner_names(orientation: str) -> tuple[str, ...]:
    """The compass name of each corner of a hex, in corner-index order (flat: e, se, sw, w, nw,
    ne; pointy: se, s, sw, nw, n, ne).

    :raises KeyError: not 'flat' or 'pointy'.
    """
    m = ORIENTATIONS[orientation]
    return tuple(
        _compass(math.cos(a), math.sin(a))
        for a in (math.tau * (m.start_angle + i) / 6 for i in range(6))
    )


def direction_name(orientation: str, direction: int) -> str:
    """The compass name of a hex direction on the page ('n', 'se'…), as map-edge sides say it."""
    m: Orientation = ORIENTATIONS[orientation]
    d = HEX_DIRECTIONS[direction]
    return _compass(m.f0 * d.q + m.f1 * d.r, m.f2 * d.q + m.f3 * d.r)


def corner_hexes(orientation: str, h: Hex, name: str) -> frozenset[Hex]:
    """The three hexes that meet at the corner ``name`` of ``h``.

    :raises ValueError: ``name`` is not a corner of a hex in this orientation.
    """
    names = corner_names(orientation)
    if name not in names:
        raise ValueError(
            f"{name!r} is not a corner of a {orientation}-top hex; its corners are "
            + ", ".join(names)
        )
    corner = names.index(name)
    m = ORIENTATIONS[orientation]
    angle = math.tau * (m.start_angle + corner) / 6
    cx, cy = math.cos(angle), math.sin(angle)

    # The two neighbours whose centres lie nearest the corner share it.
    def closeness(direction: int) -> float:
        """Minus the squared distance from the neighbour's centre to the corner."""
        d = HEX_DIRECTIONS[direction]
        x, y = m.f0 * d.q + m.f1 * d.r, m.f2 * d.q + m.f3 * d.r
        return -((x - cx) ** 2 + (y - cy) ** 2)

    nearest = sorted(range(6), key=closeness, reverse=True)[:2]
    return frozenset((h, *(hex_neighbor(h, d) for d in nearest)))


def corners_side(a: frozenset[Hex], b: frozenset[Hex]) -> tuple[Hex, Hex] | None:
    """The two hexes on either side of the side joining corners ``a`` and ``b`` (each given by
    its three hexes), in a stable order; None when the corners are not one side apart."""
    shared = a & b
    if len(shared) != 2:
        return None
    first, second = sorted(shared, key=lambda h: (h.q, h.r))
    return first, second


EDGES = ("n", "e", "s", "w")
"""The four edges of a hex map, by the compass on the page."""


def grid_edge_hexes(orientation: str, hexes: list[Hex], edge: str) -> list[Hex]:
    """The hexes along one edge of a map on the page ('n', 'e', 's', 'w'), in ``hexes`` order.

    A hex is on the edge when its centre lies within 0.9 hex sizes of the outermost centre
    on that side: the first column or row, and the half-shifted one beside it where the grid
    staggers along that edge (a ragged edge is entered from both).

    :raises ValueError: not one of the four edges.
    """
    if edge not in EDGES:
        raise ValueError(f"{edge!r} is not an edge of a map; its edges are {', '.join(EDGES)}")
    m = ORIENTATIONS[orientation]

    def toward(h: Hex) -> float:
        """How far out toward the edge a hex's centre lies."""
        x, y = m.f0 * h.q + m.f1 * h.r, m.f2 * h.q + m.f3 * h.r
        return {"n": -y, "s": y, "e": x, "w": -x}[edge]

    if not hexes:
        return []
    outer = max(toward(h) for h in hexes)
    return [h for h in hexes if toward(h) >= outer - 0.9]
