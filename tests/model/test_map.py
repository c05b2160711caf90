"""Maps: location keys, and the per-map queries (neighbours, borders, hexsides, distance)."""

from __future__ import annotations

import dataclasses

import pytest

from tests.conftest import load_fixture
from tests.model.sources import source_game
from toolkit.model import Game
from toolkit.model.map import Hexside, Map, SquareMapGrid, location_key, parse_location_key

# -- location keys --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "parts"),
    [
        ("west:0712", ("west", "0712")),
        ("europe:north-sea", ("europe", "north-sea")),
        ("valley:turn/3", ("valley", "turn/3")),
        ("valley:clock/1:00", ("valley", "clock/1:00")),  # a track cell may hold a ':'
    ],
    ids=["hex", "space", "cell", "colon-in-label"],
)
def test_parse_location_key_round_trips(key: str, parts: tuple[str, str]) -> None:
    assert parse_location_key(key) == parts
    assert location_key(*parts) == key


@pytest.mark.parametrize("key", ["0712", ":0712", "west:", ":", ""])
def test_parse_location_key_refuses_a_malformed_key(key: str) -> None:
    with pytest.raises(ValueError, match=f"location key {key!r} is not 'map:label'"):
        parse_location_key(key)


# -- neighbours -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def valley() -> Map:
    """Minimal hex: 10 × 8 flat-top hexes, even columns shifted down."""
    return load_fixture("minimal-hex").map("valley")


@pytest.fixture(scope="module")
def squares() -> Map:
    """Minimal square: 10 × 8 squares, no diagonal moves."""
    return load_fixture("minimal-square").map("valley")


@pytest.fixture(scope="module")
def europe() -> Map:
    return load_fixture("minimal-area").map("europe")


@pytest.fixture(scope="module")
def dff() -> Game:
    """Distant Foreign Fields: pointy hexes, boxes, sides with two hexsides, links."""
    return source_game("distant-foreign-fields")


@pytest.fixture(scope="module")
def aa1914() -> Game:
    """Axis & Allies 1914: an area map with a canal between two sea zones."""
    return source_game("axis-allies-1914")


def _diagonal(the_map: Map) -> Map:
    assert isinstance(the_map.grid, SquareMapGrid) and not the_map.grid.diagonal
    return dataclasses.replace(the_map, grid=dataclasses.replace(the_map.grid, diagonal=True))


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("0505", {"0504", "0506", "0404", "0405", "0604", "0605"}),  # odd column: sits high
        ("0605", {"0604", "0606", "0505", "0506", "0705", "0706"}),  # even column: sits low
        ("0101", {"0102", "0201"}),  # top-left corner
        ("1001", {"1002", "0901", "0902"}),  # top-right corner of a low column
        ("0108", {"0107", "0207", "0208"}),  # bottom-left corner
        ("1008", {"1007", "0908"}),  # bottom-right corner
        ("0104", {"0103", "0105", "0203", "0204"}),  # west edge
    ],
    ids=["interior-odd", "interior-even", "nw-corner", "ne-corner", "sw-corner", "se-corner", "w"],
)
def test_hex_neighbours_are_those_on_the_map(valley: Map, label: str, expected: set[str]) -> None:
    found = valley.neighbours(label)
    assert set(found) == expected
    assert len(found) == len(expected)
    assert all(valley.adjacent(other, label) for other in found)  # symmetric


def test_hex_adjacency_is_false_two_hexes_apart(valley: Map) -> None:
    assert valley.adjacent("0505", "0504")
    assert not valley.adjacent("0505", "0503")
    assert not valley.adjacent("0505", "0505")


@pytest.mark.parametrize(
    ("label", "orthogonal", "diagonal"),
    [
        ("0505", {"0405", "0605", "0504", "0506"}, {"0404", "0604", "0406", "0606"}),
        ("0101", {"0201", "0102"}, {"0202"}),
        ("1008", {"0908", "1007"}, {"0907"}),
        ("0501", {"0401", "0601", "0502"}, {"0402", "0602"}),
    ],
    ids=["interior", "nw-corner", "se-corner", "n-edge"],
)
def test_square_neighbours_with_and_without_diagonals(
    squares: Map, label: str, orthogonal: set[str], diagonal: set[str]
) -> None:
    assert set(squares.neighbours(label)) == orthogonal
    assert set(_diagonal(squares).neighbours(label)) == orthogonal | diagonal
    assert len(_diagonal(squares).neighbours(label)) == len(orthogonal | diagonal)


def test_area_neighbours_are_the_declared_borders_with_their_type(europe: Map) -> None:
    assert europe.neighbours("britain") == ("north-sea", "france")  # as written
    assert europe.border_type("britain", "france") == "strait"
    assert europe.border_type("france", "britain") == "strait"
    assert europe.border_type("britain", "north-sea") == "coast"
    assert europe.border_type("north-sea", "britain") == "coast"
    assert europe.border_type("france", "germany") == "land"
    assert europe.border_type("britain", "germany") is None
    assert europe.neighbours("kiel") == ()  # declares no border
    assert not europe.adjacent("kiel", "germany")


def test_grid_maps_have_no_border_types(valley: Map) -> None:
    assert valley.border_type("0505", "0504") is None


def test_boxes_have_no_neighbours(dff: Game) -> None:
    wf = dff.map("wf")
    assert wf.location("london").kind == "box"
    assert wf.neighbours("london") == ()
    assert not wf.adjacent("london", "0101")


def test_unknown_labels_are_named_in_the_error(valley: Map) -> None:
    with pytest.raises(KeyError, match="no location '9999' on map 'valley'"):
        valley.neighbours("9999")
    with pytest.raises(KeyError, match="no location 'nowhere'"):
        valley.adjacent("0101", "nowhere")
    with pytest.raises(KeyError, match="'9999'"):
        valley.features_at("9999")


# -- hexsides -------------------------------------------------------------------------------------


def test_hexside_is_found_from_either_side(valley: Map) -> None:
    river = valley.hexside("0601", "0602")
    assert river is not None and river.type == "river" and river.name == "Blue River"
    assert valley.hexside("0602", "0601") is river
    assert valley.hexside("0601", "0602", type="river") is river
    assert valley.hexside("0601", "0602", type="road") is None
    assert valley.hexside("0505", "0504") is None  # adjacent, nothing on the side


def test_every_declared_side_is_found(valley: Map) -> None:
    assert valley.hexsides
    for side in valley.hexsides:
        assert valley.hexside(side.a, side.b) is side
        assert valley.hexside(side.b, side.a) is side


def test_a_side_can_carry_several_hexsides(dff: Game) -> None:
    wf = dff.map("wf")
    both = wf.hexsides_between("1402", "1401")
    assert sorted(s.type for s in both) == ["border", "lake"]
    assert wf.hexsides_between("1401", "1402") == both
    assert wf.hexside("1401", "1402", type="border") is not None


def test_map_edge_sides_are_found_by_direction(valley: Map) -> None:
    edge = Hexside("river", "0101", "n", edge=True)
    the_map = dataclasses.replace(valley, hexsides=(edge,))
    assert the_map.hexside("0101", "n") is edge
    assert the_map.hexside("0101", "ne") is None


def test_area_borders_can_carry_hexsides(aa1914: Game) -> None:
    world = aa1914.map("world")
    canal = world.hexside("sz28", "sz19")
    assert canal is not None and canal.type == "canal"


# -- features and distance ------------------------------------------------------------------------


def test_features_at_a_location(valley: Map) -> None:
    assert [f.id for f in valley.features_at("0304")] == ["millbrook"]
    assert valley.features_at("0101") == ()


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [("0505", "0505", 0), ("0505", "0604", 1), ("0505", "0503", 2), ("0101", "1008", 12)],
)
def test_hex_distance(valley: Map, a: str, b: str, steps: int) -> None:
    assert valley.distance(a, b) == steps
    assert valley.distance(b, a) == steps


def test_square_distance_counts_diagonals_only_when_allowed(squares: Map) -> None:
    assert squares.distance("0101", "1008") == 9 + 7
    assert _diagonal(squares).distance("0101", "1008") == 9
    assert squares.distance("0505", "0606") == 2
    assert _diagonal(squares).distance("0505", "0606") == 1


def test_distance_needs_grid_locations(europe: Map, dff: Game) -> None:
    with pytest.raises(ValueError, match="'britain' is not a hex or square of map 'europe'"):
        europe.distance("britain", "france")
    wf = dff.map("wf")
    with pytest.raises(ValueError, match="'london' is not a hex or square"):
        wf.distance("0101", "london")


# -- real games -----------------------------------------------------------------------------------


def test_pointy_hex_neighbours_on_a_real_map(dff: Game) -> None:
    wf = dff.map("wf")
    assert len(wf.neighbours("1010")) == 6
    assert all(wf.distance("1010", other) == 1 for other in wf.neighbours("1010"))
    corner = next(iter(wf.locations))
    assert 2 <= len(wf.neighbours(corner)) <= 3
