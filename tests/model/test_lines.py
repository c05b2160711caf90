"""Lines and hexsides in their short forms: waypoints filled along a shortest path, a river as
the run of sides between two groups of hexes or as a chain of corners, and the bridges and
fords where lines cross hexsides (read from the river-crossing fixture)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture, load_fixture
from toolkit.geometry import Hex
from toolkit.geometry.vertices import corner_hexes, corner_names, corners_side, direction_name
from toolkit.load import load_game
from toolkit.model.map import Crossing, Map


@pytest.fixture(scope="module")
def front() -> Map:
    return load_fixture("river-crossing").map("front")


def _line(the_map: Map, name: str) -> tuple[str, ...]:
    return next(line.path for line in the_map.lines if line.name == name)


def test_waypoints_fill_in_a_straight_shortest_path(front: Map) -> None:
    # "waypoints": ["0107", "1007"]: nine steps along row 07, every hex listed
    (railway,) = (line for line in front.lines if line.type == "railway")
    assert railway.path == tuple(f"{c:02d}07" for c in range(1, 11))


def test_waypoints_may_name_features_and_pass_through_them(front: Map) -> None:
    path = _line(front, "Old Road")  # ["0104", "ashford", "bridgeton", "1004"]
    assert path[0] == "0104" and path[-1] == "1004"
    assert "0403" in path and "0704" in path
    assert all(front.adjacent(a, b) for a, b in zip(path, path[1:], strict=False))
    assert len(path) - 1 == front.distance("0104", "0403") + front.distance(
        "0403", "0704"
    ) + front.distance("0704", "1004")


def test_a_run_between_two_columns_is_every_side_they_share(front: Map) -> None:
    river = [(s.a, s.b) for s in front.hexsides if s.type == "river"]
    shared = {
        frozenset((a, b))
        for a in (f"05{r:02d}" for r in range(1, 9))
        for b in front.neighbours(a)
        if b.startswith("06")
    }
    assert {frozenset(side) for side in river} == shared
    assert len(river) == 15  # 8 rows: each hex of 05 touches two of 06, but the first one


def test_a_chain_of_corners_follows_one_side_per_step(front: Map) -> None:
    # ["0802.sw", "0802.w", "0802.nw", "0801.w", "0801.nw"]
    stream = [(s.a, s.b) for s in front.hexsides if s.type == "stream"]
    assert stream == [("0703", "0802"), ("0702", "0802"), ("0702", "0801"), ("0701", "0801")]


def test_corner_names_follow_the_page() -> None:
    assert corner_names("flat") == ("e", "se", "sw", "w", "nw", "ne")
    assert corner_names("pointy") == ("se", "s", "sw", "nw", "n", "ne")
    assert [direction_name("flat", d) for d in range(6)] == ["se", "ne", "n", "nw", "sw", "s"]


def test_two_corners_one_side_apart_bound_that_side() -> None:
    centre = Hex(0, 0)
    east, south_east = corner_hexes("flat", centre, "e"), corner_hexes("flat", centre, "se")
    assert corners_side(east, south_east) == (Hex(0, 0), Hex(1, 0))
    assert corners_side(east, corner_hexes("flat", centre, "w")) is None
    with pytest.raises(ValueError, match="'n' is not a corner of a flat-top hex"):
        corner_hexes("flat", centre, "n")


def test_every_line_over_a_hexside_is_a_bridge_unless_a_ford_is_declared(front: Map) -> None:
    assert front.crossing("0603", "0504") == Crossing("bridge", "0504", "0603", ("road",))
    assert front.crossing("0507", "0607") == Crossing("bridge", "0507", "0607", ("railway",))
    ford = front.crossing("0602", "0503")
    assert ford == Crossing("ford", "0503", "0602", ("road",), "Miller's Ford")
    assert front.bridged("0504", "0603") and not front.bridged("0503", "0602")


def test_a_declared_bridge_needs_no_line(front: Map) -> None:
    assert front.crossing("0506", "0606") == Crossing("bridge", "0506", "0606", (), "Footbridge")
    assert front.crossing("0505", "0605") is None


def _broken(tmp_path: Path, change: dict[str, Any]) -> list[tuple[str, str]]:
    game = copy_fixture("river-crossing", tmp_path)
    path = game / "maps" / "front.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(change)
    path.write_text(json.dumps(data), encoding="utf-8")
    report = load_game(game).report
    return [(d.code, d.message) for d in report.errors]


def test_a_crossing_where_no_hexside_lies_is_an_error(tmp_path: Path) -> None:
    found = _broken(tmp_path, {"crossings": [{"sides": ["0101/0102"]}]})
    assert found == [
        (
            "map.crossing-no-hexside",
            "crossing '0101/0102': no hexside (river…) lies between 0101 and 0102, so there is "
            "nothing to cross; declare the hexside first",
        )
    ]


def test_an_unknown_waypoint_suggests_a_feature(tmp_path: Path) -> None:
    lines = [{"type": "road", "waypoints": ["0104", "ashfrod"]}]
    ((code, message),) = _broken(tmp_path, {"lines": lines, "crossings": []})
    assert code == "map.unknown-hex"
    assert message.startswith("waypoint 'ashfrod' is not a location or feature of this map")
    assert "did you mean 'ashford'" in message


def test_corners_must_be_one_side_apart(tmp_path: Path) -> None:
    sides = [{"type": "stream", "corners": ["0802.sw", "0802.nw"]}]
    assert _broken(tmp_path, {"hexsides": sides, "crossings": []}) == [
        (
            "map.not-adjacent",
            "corners '0802.sw' and '0802.nw' are not the two ends of one side; list each "
            "corner the line passes once, in order",
        )
    ]


def test_a_corner_chain_along_the_map_edge_gives_edge_sides(tmp_path: Path) -> None:
    game = copy_fixture("river-crossing", tmp_path)
    path = game / "maps" / "front.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hexsides"] = [{"type": "stream", "corners": ["0101.nw", "0101.ne"]}]
    data["crossings"] = []
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load_game(game)
    assert result.game is not None, result.report.format_text()
    (side,) = result.game.map("front").hexsides
    assert (side.a, side.b, side.edge) == ("0101", "n", True)
