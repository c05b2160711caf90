"""Cube/axial hex coordinates: the map-independent arithmetic every hex map is built on.

Axial coordinates (q, r) with the implied cube coordinate s = -q - r, following the conventions
of Red Blob Games' hex guide: direction 0 is (+1, 0) and the directions turn counter-clockwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def _require_int(name: str, value: object) -> None:
    """Reject floats and bools early, because a silently truncated coordinate moves a unit."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be an int, got {value!r}")


@dataclass(frozen=True, slots=True)
class Hex:
    """One hex in axial coordinates, hashable so it can key dictionaries and sets."""

    q: int
    r: int

    def __post_init__(self) -> None:
        """Keep coordinates integral so equality and hashing stay exact."""
        _require_int("Hex.q", self.q)
        _require_int("Hex.r", self.r)

    @property
    def s(self) -> int:
        """Third cube coordinate, derived so q + r + s == 0 always holds."""
        return -self.q - self.r


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """A point in hex space between hex centres, produced by pixel picking and line drawing."""

    q: float
    r: float

    def __post_init__(self) -> None:
        """Refuse NaN and infinities, which no rounding can turn into a hex."""
        for name, value in (("q", self.q), ("r", self.r)):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"FractionalHex.{name} must be a number, got {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"FractionalHex.{name} must be finite, got {value!r}")

    @property
    def s(self) -> float:
        """Third cube coordinate, needed by cube rounding."""
        return -self.q - self.r


HEX_DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def hex_round(f: FractionalHex) -> Hex:
    """Snap a fractional position to the hex containing it, keeping q + r + s == 0."""
    q, r, s = round(f.q), round(f.r), round(f.s)
    dq, dr, ds = abs(q - f.q), abs(r - f.r), abs(s - f.s)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_add(a: Hex, b: Hex) -> Hex:
    """Translate a hex by an offset expressed as a hex."""
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    """Offset from b to a, used for directions and distances."""
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(h: Hex, k: int) -> Hex:
    """Stretch an offset, e.g. to step several hexes in one direction."""
    _require_int("scale factor", k)
    return Hex(h.q * k, h.r * k)


def _require_direction(direction: int, count: int = 6) -> None:
    """Refuse out-of-range directions instead of silently wrapping them."""
    _require_int("direction", direction)
    if not 0 <= direction < count:
        raise ValueError(f"direction must be in 0..{count - 1}, got {direction!r}")


def hex_neighbor(h: Hex, direction: int) -> Hex:
    """The adjacent hex in one of the six fixed directions."""
    _require_direction(direction)
    return hex_add(h, HEX_DIRECTIONS[direction])


def hex_neighbors(h: Hex) -> tuple[Hex, ...]:
    """All six adjacent hexes, in direction order, for movement and adjacency checks."""
    return tuple(hex_add(h, d) for d in HEX_DIRECTIONS)


def hex_length(h: Hex) -> int:
    """Distance of an offset from the origin, the building block of hex_distance."""
    return max(abs(h.q), abs(h.r), abs(h.s))


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes, the range rule of most hex wargames."""
    return hex_length(hex_subtract(a, b))


def hex_direction_between(a: Hex, b: Hex) -> int:
    """Which direction leads from a to its neighbour b, for facing and hexside lookups."""
    offset = hex_subtract(b, a)
    try:
        return HEX_DIRECTIONS.index(offset)
    except ValueError:
        raise ValueError(f"{a!r} and {b!r} are not adjacent") from None


def _lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation, kept separate so hex_line reads as the maths."""
    return a + (b - a) * t


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes crossed by the straight line a-b, nudged so ties break the same way every run."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return [
        hex_round(FractionalHex(_lerp(aq, bq, i / n), _lerp(ar, br, i / n))) for i in range(n + 1)
    ]


def hex_range(center: Hex, n: int) -> list[Hex]:
    """Every hex within n steps of center, for ranges and zones of control."""
    _require_int("range", n)
    if n < 0:
        raise ValueError(f"range must be >= 0, got {n}")
    result = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            result.append(Hex(center.q + dq, center.r + dr))
    return result


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly radius steps away, walked in order around the centre."""
    _require_int("radius", radius)
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    h = hex_add(center, hex_scale(HEX_DIRECTIONS[4], radius))
    ring = []
    for direction in range(6):
        for _ in range(radius):
            ring.append(h)
            h = hex_neighbor(h, direction)
    return ring


@dataclass(frozen=True, slots=True)
class Hexside:
    """The side shared by two adjacent hexes, stored once so both hexes name the same side."""

    # Canonical form: the side is owned by the hex for which it lies in direction 0, 1 or 2; the
    # other hex is its neighbour in that direction. Build it with hexside_between or hexside_of.
    hex: Hex
    direction: int

    def __post_init__(self) -> None:
        """Only owned directions 0..2 are canonical, so equal sides compare and hash equal."""
        if not isinstance(self.hex, Hex):
            raise ValueError(f"Hexside.hex must be a Hex, got {self.hex!r}")
        _require_direction(self.direction, count=3)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes on either side, owner first."""
        return self.hex, hex_neighbor(self.hex, self.direction)


def hexside_of(h: Hex, direction: int) -> Hexside:
    """The side of h in a direction, even when the neighbour there lies off the map."""
    _require_direction(direction)
    if direction < 3:
        return Hexside(h, direction)
    return Hexside(hex_neighbor(h, direction), direction - 3)


def hexside_between(a: Hex, b: Hex) -> Hexside:
    """The side two adjacent hexes share, whichever order they are given in."""
    return hexside_of(a, hex_direction_between(a, b))
