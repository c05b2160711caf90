"""Game-wide location queries: neighbours across map links, sides, features, distance, paths."""

from __future__ import annotations

import pytest

from tests.conftest import load_fixture
from tests.model.sources import source_game
from tests.model.twomaps import load_two_maps
from toolkit.model import Game
from toolkit.model.queries import (
    ADJACENT_LINKS,
    location_adjacent,
    location_border_type,
    location_distance,
    location_features,
    location_hexside,
    location_hexsides,
    location_lines,
    location_links,
    location_neighbours,
    location_path,
)


@pytest.fixture(scope="module")
def two_maps(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """valley and hills (see tests/model/twomaps.py): links A, to millbrook, rail, and an edge."""
    return load_two_maps(tmp_path_factory.mktemp("two-maps"))


@pytest.fixture(scope="module")
def hexes() -> Game:
    return load_fixture("minimal-hex")


# -- links are resolved, and join both ends -------------------------------------------------------


def test_link_targets_hold_resolved_keys(two_maps: Game) -> None:
    hills = two_maps.map("hills")
    assert [link.to for link in hills.links] == ["valley:1008", "valley:0304", "valley:0101"]
    assert all(link.to in two_maps.locations for m in two_maps.maps for link in m.links)


def test_a_link_makes_neighbours_both_ways(two_maps: Game) -> None:
    corner = ("hills:0201", "hills:0102", "valley:1008")
    assert location_neighbours(two_maps, "hills:0101") == corner
    assert location_neighbours(two_maps, "valley:1008") == (
        "valley:1007",
        "valley:0908",
        "hills:0101",  # declared on the hills map only
    )
    assert location_adjacent(two_maps, "valley:1008", "hills:0101")
    assert location_adjacent(two_maps, "hills:0101", "valley:1008")


def test_a_place_id_link_leads_to_its_hex(two_maps: Game) -> None:
    assert "valley:0304" in location_neighbours(two_maps, "hills:0102")
    assert "hills:0102" in location_neighbours(two_maps, "valley:0304")


def test_edge_links_join_and_rail_links_only_when_asked(two_maps: Game) -> None:
    assert location_adjacent(two_maps, "valley:0505", "hills:0505")  # an 'edge' link
    assert not location_adjacent(two_maps, "hills:0103", "valley:0101")  # a rail exit
    rail = {"rail"}
    assert location_adjacent(two_maps, "hills:0103", "valley:0101", link_types=rail)
    assert location_neighbours(two_maps, "valley:0101", link_types=rail)[-1] == "hills:0103"
    assert "rail" not in ADJACENT_LINKS


def test_links_at_a_location_from_either_end(two_maps: Game) -> None:
    [end] = location_links(two_maps, "valley:0505")
    assert (end.to, end.link.type, end.link.delay) == ("hills:0505", "edge", 1)
    [back] = location_links(two_maps, "hills:0505")
    assert back.to == "valley:0505" and back.link is end.link
    assert location_links(two_maps, "valley:0606") == ()


def test_neighbours_on_one_map_need_no_link(hexes: Game) -> None:
    assert set(location_neighbours(hexes, "valley:0101")) == {"valley:0102", "valley:0201"}
    assert not location_adjacent(hexes, "valley:0101", "valley:0202")


def test_each_neighbour_once_when_both_maps_declare_the_link() -> None:
    game = source_game("distant-foreign-fields")
    wf_side = next(link for link in game.map("wf").links if link.to.startswith("seine:"))
    here = f"wf:{wf_side.from_label}"
    assert location_neighbours(game, here).count(wf_side.to) == 1
    assert len(location_links(game, here)) == 2  # declared on wf, and back on seine


def test_one_sided_links_of_a_real_game_join_both_ways() -> None:
    game = source_game("fatal-alliances")
    assert not game.map("world").links
    for link in game.map("europe").links:
        assert location_adjacent(game, link.to, f"europe:{link.from_label}")


def test_unknown_keys_are_named(hexes: Game) -> None:
    with pytest.raises(KeyError, match="no location 'valley:9999'"):
        location_neighbours(hexes, "valley:9999")
    with pytest.raises(KeyError, match="no location 'hills:0101'"):
        location_adjacent(hexes, "valley:0101", "hills:0101")


# -- sides, borders, features, distance -----------------------------------------------------------


def test_hexside_between_keys_either_way(hexes: Game) -> None:
    river = location_hexside(hexes, "valley:0601", "valley:0602")
    assert river is not None and river.name == "Blue River"
    assert location_hexside(hexes, "valley:0602", "valley:0601") is river
    assert location_hexside(hexes, "valley:0602", "valley:0601", type="road") is None
    assert location_hexsides(hexes, "valley:0101", "valley:0102") == ()


def test_lines_between_consecutive_hexes_of_their_path(hexes: Game) -> None:
    (road,) = location_lines(hexes, "valley:0305", "valley:0304")
    assert road.type == "road" and location_lines(hexes, "valley:0304", "valley:0305") == (road,)
    assert location_lines(hexes, "valley:0105", "valley:0305") == ()  # on the road, not a step
    assert location_lines(hexes, "valley:0101", "valley:0102") == ()


def test_no_line_across_maps(two_maps: Game) -> None:
    assert location_lines(two_maps, "hills:0101", "valley:1008") == ()


def test_no_hexside_across_maps(two_maps: Game) -> None:
    assert location_hexsides(two_maps, "hills:0101", "valley:1008") == ()
    assert location_hexside(two_maps, "hills:0601", "valley:0602") is None


def test_border_types_of_an_area_map() -> None:
    game = load_fixture("minimal-area")
    assert location_border_type(game, "europe:britain", "europe:france") == "strait"
    assert location_border_type(game, "europe:germany", "europe:north-sea") == "coast"
    assert location_border_type(game, "europe:britain", "europe:pripet") is None


def test_features_at_a_key(hexes: Game) -> None:
    assert [f.id for f in location_features(hexes, "valley:0906")] == ["redtown"]
    assert location_features(hexes, "valley:0101") == ()


def test_features_on_a_display_chart_are_none() -> None:
    game = load_fixture("charts-display")
    assert location_features(game, "pools:reserve") == ()
    assert location_neighbours(game, "pools:reserve") == ()


def test_distance_on_one_map_only(two_maps: Game) -> None:
    assert location_distance(two_maps, "valley:0101", "valley:0103") == 2
    with pytest.raises(ValueError, match="not on one map"):
        location_distance(two_maps, "hills:0101", "valley:1008")


# -- paths ----------------------------------------------------------------------------------------


def test_path_is_a_shortest_chain_of_neighbours(hexes: Game) -> None:
    path = location_path(hexes, "valley:0101", "valley:0104")
    assert path == ("valley:0101", "valley:0102", "valley:0103", "valley:0104")
    assert location_path(hexes, "valley:0505", "valley:0505") == ("valley:0505",)


def test_path_crosses_maps_through_links(two_maps: Game) -> None:
    path = location_path(two_maps, "hills:0201", "valley:1007")
    assert path == ("hills:0201", "hills:0101", "valley:1008", "valley:1007")


def test_path_obeys_the_step_test(hexes: Game) -> None:
    def dry(here: str, there: str) -> bool:
        return hexes.locations[there].terrain != "lake"

    # 0403 and 0603 are two hexes apart, across the lake at 0503 (and 0404, 0504 below it)
    assert location_path(hexes, "valley:0403", "valley:0603") is not None
    around = location_path(hexes, "valley:0403", "valley:0603", can_step=dry)
    assert around is not None and all(dry("", key) for key in around)
    assert len(around) - 1 == 4 > hexes.map("valley").distance("0403", "0603") == 2
    assert location_path(hexes, "valley:0101", "valley:1008", can_step=lambda a, b: False) is None
