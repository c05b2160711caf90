"""Axial hex arithmetic: invariants of neighbours, distance, lines, ranges and hexsides."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from toolkit.geometry import (
    HEX_DIRECTIONS,
    FractionalHex,
    Hex,
    Hexside,
    hex_add,
    hex_direction_between,
    hex_distance,
    hex_line,
    hex_neighbor,
    hex_neighbors,
    hex_range,
    hex_ring,
    hex_round,
    hex_scale,
    hex_subtract,
    hexside_between,
    hexside_of,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
directions = st.integers(min_value=0, max_value=5)
FAST = settings(max_examples=60, deadline=None)


def test_hex_repr_and_s() -> None:
    """The repr is what error messages quote, and s closes the cube coordinates."""
    h = Hex(1, -2)
    assert repr(h) == "Hex(q=1, r=-2)"
    assert h.s == 1


@pytest.mark.parametrize("q, r", [(1.0, 0), (0, 0.5), (True, 0), (0, "1")], ids=repr)
def test_hex_refuses_non_int(q: object, r: object) -> None:
    """A float or bool coordinate is a bug upstream, not a hex."""
    with pytest.raises(ValueError, match="must be an int"):
        Hex(q, r)  # type: ignore[arg-type]


def test_hex_is_frozen_and_hashable() -> None:
    """Hexes key dictionaries, so they must not change under their hash."""
    h = Hex(2, 3)
    assert {h: 1}[Hex(2, 3)] == 1
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]


def test_directions_follow_red_blob_order() -> None:
    """Direction 0 is +q, then counter-clockwise; other modules index this table."""
    expected = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert [(d.q, d.r) for d in HEX_DIRECTIONS] == expected


@FAST
@given(hexes, hexes)
def test_add_subtract_inverse(a: Hex, b: Hex) -> None:
    """Subtracting undoes adding, so offsets can be stored and replayed."""
    assert hex_subtract(hex_add(a, b), b) == a


@FAST
@given(hexes, st.integers(min_value=-5, max_value=5))
def test_scale_is_repeated_add(h: Hex, k: int) -> None:
    """Scaling steps k times in the same direction."""
    total = Hex(0, 0)
    for _ in range(abs(k)):
        total = hex_add(total, h)
    assert hex_scale(h, k) == (total if k >= 0 else hex_subtract(Hex(0, 0), total))


@FAST
@given(hexes, st.floats(-0.49, 0.49), st.floats(-0.49, 0.49))
def test_round_snaps_points_inside_the_hex(h: Hex, dq: float, dr: float) -> None:
    """Any point less than half a step from the centre on all three axes belongs to that hex."""
    assume(abs(dq + dr) < 0.49)
    assert hex_round(FractionalHex(h.q + dq, h.r + dr)) == h


def test_round_example_near_a_corner() -> None:
    """A point just past the boundary rounds to the neighbour, keeping q + r + s == 0."""
    assert hex_round(FractionalHex(0.6, -0.1)) == Hex(1, 0)
    assert hex_round(FractionalHex(0.3, 0.45)) == Hex(0, 1)
    rounded = hex_round(FractionalHex(0.4, 0.4))
    assert rounded.q + rounded.r + rounded.s == 0


def test_fractional_hex_refuses_nan() -> None:
    """NaN has no hex, and would round to garbage."""
    with pytest.raises(ValueError, match="finite"):
        FractionalHex(float("nan"), 0.0)


@FAST
@given(hexes)
def test_neighbours_are_symmetric_and_distinct(h: Hex) -> None:
    """Adjacency is mutual and the six neighbours are six different hexes at distance 1."""
    neighbours = hex_neighbors(h)
    assert len(set(neighbours)) == 6
    for n in neighbours:
        assert h in hex_neighbors(n)
        assert hex_distance(h, n) == 1


@FAST
@given(hexes, directions)
def test_neighbor_and_direction_between_agree(h: Hex, direction: int) -> None:
    """hex_direction_between inverts hex_neighbor, and opposite directions face each other."""
    n = hex_neighbor(h, direction)
    assert n == hex_neighbors(h)[direction]
    assert hex_direction_between(h, n) == direction
    assert hex_direction_between(n, h) == (direction + 3) % 6


@pytest.mark.parametrize("direction", [-1, 6, 1.0], ids=repr)
def test_neighbor_refuses_bad_direction(direction: object) -> None:
    """There are six directions; anything else is a caller bug."""
    with pytest.raises(ValueError):
        hex_neighbor(Hex(0, 0), direction)  # type: ignore[arg-type]


@pytest.mark.parametrize("b", [Hex(0, 0), Hex(2, 0), Hex(1, 1)], ids=repr)
def test_direction_between_refuses_non_adjacent(b: Hex) -> None:
    """Only neighbours have a direction between them."""
    with pytest.raises(ValueError, match="not adjacent"):
        hex_direction_between(Hex(0, 0), b)


@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    """Identity, symmetry and the triangle inequality, which range rules rely on."""
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, b) == hex_distance(b, a)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


def test_distance_examples() -> None:
    """Hand-counted distances, including a move that is not along one axis."""
    assert hex_distance(Hex(0, 0), Hex(3, 0)) == 3
    assert hex_distance(Hex(0, 0), Hex(2, 1)) == 3
    assert hex_distance(Hex(0, 0), Hex(2, -1)) == 2


@FAST
@given(hexes, hexes)
def test_line_is_a_shortest_connected_path(a: Hex, b: Hex) -> None:
    """Distance + 1 hexes, from a to b, each step to a neighbour, the same on every call."""
    line = hex_line(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(p, n) == 1 for p, n in zip(line, line[1:], strict=False))
    assert hex_line(a, b) == line


@FAST
@given(hexes, hexes, st.builds(Hex, st.integers(-1000, 1000), st.integers(-1000, 1000)))
def test_line_ties_break_the_same_way_anywhere(a: Hex, b: Hex, shift: Hex) -> None:
    """The nudge makes ties independent of position: a moved line is the same line, moved."""
    moved = hex_line(hex_add(a, shift), hex_add(b, shift))
    assert moved == [hex_add(h, shift) for h in hex_line(a, b)]


@pytest.mark.parametrize("shift", [Hex(1, 0), Hex(0, 1), Hex(-7, 3)], ids=repr)
@pytest.mark.parametrize(
    "offset", [Hex(1, -2), Hex(-3, -3), Hex(-4, -4), Hex(-4, 1), Hex(-4, 2)], ids=repr
)
def test_line_along_hexsides_is_translation_invariant(offset: Hex, shift: Hex) -> None:
    """Lines through hex corners or along sides tie; ties must not flip with the hexes' parity."""
    base = hex_line(Hex(0, 0), offset)
    assert hex_line(shift, hex_add(offset, shift)) == [hex_add(h, shift) for h in base]


def test_line_along_a_hexside_is_deterministic() -> None:
    """A line running exactly along hexsides picks the same side every time (the nudge)."""
    line = hex_line(Hex(0, 0), Hex(1, -2))
    assert line == [Hex(0, 0), Hex(0, -1), Hex(1, -2)] or line == [
        Hex(0, 0),
        Hex(1, -1),
        Hex(1, -2),
    ]
    assert line == hex_line(Hex(0, 0), Hex(1, -2))
    assert hex_line(Hex(4, 4), Hex(4, 4)) == [Hex(4, 4)]


@settings(max_examples=25, deadline=None)
@given(hexes, st.integers(min_value=0, max_value=6))
def test_range_holds_every_hex_within_n(center: Hex, n: int) -> None:
    """3n(n+1)+1 distinct hexes, all within n steps, and every such hex is present."""
    area = hex_range(center, n)
    assert len(area) == len(set(area)) == 3 * n * (n + 1) + 1
    assert all(hex_distance(center, h) <= n for h in area)
    box = {Hex(center.q + dq, center.r + dr) for dq in range(-n, n + 1) for dr in range(-n, n + 1)}
    assert {h for h in box if hex_distance(center, h) <= n} <= set(area)


@settings(max_examples=25, deadline=None)
@given(hexes, st.integers(min_value=1, max_value=7))
def test_ring_is_a_closed_walk_at_radius(center: Hex, radius: int) -> None:
    """6r distinct hexes at exactly r steps, consecutive ones adjacent, closing on itself."""
    ring = hex_ring(center, radius)
    assert len(ring) == len(set(ring)) == 6 * radius
    assert all(hex_distance(center, h) == radius for h in ring)
    assert all(hex_distance(p, n) == 1 for p, n in zip(ring, ring[1:] + ring[:1], strict=True))


def test_ring_zero_and_negative() -> None:
    """Radius 0 is the centre alone; negative radii are refused."""
    assert hex_ring(Hex(2, 2), 0) == [Hex(2, 2)]
    with pytest.raises(ValueError):
        hex_ring(Hex(0, 0), -1)
    with pytest.raises(ValueError):
        hex_range(Hex(0, 0), -1)


@FAST
@given(hexes, directions)
def test_hexside_is_canonical(h: Hex, direction: int) -> None:
    """Both hexes name the same side object, equal and with equal hashes."""
    n = hex_neighbor(h, direction)
    side = hexside_between(h, n)
    assert side == hexside_between(n, h)
    assert hash(side) == hash(hexside_between(n, h))
    assert side == hexside_of(h, direction) == hexside_of(n, (direction + 3) % 6)
    assert set(side.hexes) == {h, n}
    assert side.direction in (0, 1, 2)


@FAST
@given(hexes)
def test_hex_has_six_sides_sharing_one_with_each_neighbour(h: Hex) -> None:
    """Six distinct sides per hex; each neighbour shares exactly one of them."""
    sides = {hexside_of(h, d) for d in range(6)}
    assert len(sides) == 6
    for n in hex_neighbors(h):
        assert len(sides & {hexside_of(n, d) for d in range(6)}) == 1


def test_hexside_of_edge_hex_works_off_map() -> None:
    """A side is defined even when the hex beyond it is off any map."""
    side = hexside_of(Hex(0, 0), 3)
    assert side == Hexside(Hex(-1, 0), 0)
    assert side.hexes == (Hex(-1, 0), Hex(0, 0))


@pytest.mark.parametrize("b", [Hex(0, 0), Hex(0, 2), Hex(-2, 1)], ids=repr)
def test_hexside_between_refuses_non_adjacent(b: Hex) -> None:
    """Only adjacent hexes share a side."""
    with pytest.raises(ValueError, match="not adjacent"):
        hexside_between(Hex(0, 0), b)


@pytest.mark.parametrize("direction", [3, 4, 5, -1], ids=repr)
def test_hexside_refuses_non_canonical_direction(direction: int) -> None:
    """A side stored from its other hex would compare unequal, so it is refused."""
    with pytest.raises(ValueError):
        Hexside(Hex(0, 0), direction)
