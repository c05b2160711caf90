"""Link tabs name where a link leads: the target map's name and the location, never the raw
reference the source wrote."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from lxml import etree

from tests.conftest import load_fixture
from tests.model.twomaps import VALLEY_LINKS, load_two_maps, write_two_maps
from tests.render.helpers import parse
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.map import Link, parse_location_key
from toolkit.render.maps import map_svg
from toolkit.render.maps.links import arrivals, link_target, link_text

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def two_maps(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_two_maps(tmp_path_factory.mktemp("two-maps"))


def _texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in parse(svg).iter(f"{SVG}text")]


def test_an_unnamed_link_to_a_place_names_the_map_and_the_hex(two_maps: Game) -> None:
    [to_millbrook] = [link for link in two_maps.map("hills").links if not link.name]
    assert to_millbrook.to == "valley:0304"  # written 'millbrook' in the source
    assert link_text(two_maps, to_millbrook) == "The Valley 0304"


def test_a_named_link_keeps_its_printed_name(two_maps: Game) -> None:
    named = [link_text(two_maps, link) for link in two_maps.map("hills").links if link.name]
    assert named == ["A", "Rail"]


def test_delay_follows_the_target(two_maps: Game) -> None:
    [edge] = two_maps.map("valley").links
    assert link_text(two_maps, edge) == "The Hills 0505 (1 turn)"


def test_the_tab_on_the_map_reads_the_target(two_maps: Game) -> None:
    texts = _texts(map_svg(two_maps, two_maps.map("hills")))
    assert any("The Valley 0304" in text for text in texts)
    assert not any("millbrook" in text for text in texts)


def test_a_space_is_named_by_its_name() -> None:
    game = load_fixture("minimal-area")
    assert link_target(game, "europe:britain") == f"{game.map('europe').name} Britain"


def test_an_unresolved_target_of_a_hand_built_model_is_shown_as_written() -> None:
    game = load_fixture("minimal-hex")
    assert link_text(game, Link("0101", "nowhere")) == "nowhere"


def test_a_row_of_exits_to_one_map_shares_one_tab_clear_of_the_rest() -> None:
    """Distant Foreign Fields' Transcaucasian map leads from each hex of its bottom row to the
    Middle East map and from each of its left column to the Balkan map: a tab per hex crowded
    the edges, each tab against the next. One tab per row, on a bracket, is legible."""
    from tests.model.rule_games import game
    from tests.render.test_maps_labels import SVG, overlaps, text_boxes

    dff = game("distant-foreign-fields")
    svg = map_svg(dff, dff.map("tcf"))
    tabs = [text for _role, text, _box in text_boxes(svg, {"link"})]
    assert sorted(tabs) == ["BF (1 turn) ←", "↓ MEF (1 turn)"]
    links = etree.fromstring(svg.encode()).find(f".//{SVG}g[@class='links']")
    assert links is not None and len(links.findall(f"{SVG}path")) == 2  # the two brackets
    assert overlaps(svg) == []


def test_a_french_game_counts_the_turns_in_french(two_maps: Game) -> None:
    french = dataclasses.replace(two_maps, language="fr")
    [edge] = french.map("valley").links
    assert link_text(french, edge) == "The Hills 0505 (1 tour)"
    assert link_text(french, dataclasses.replace(edge, delay=2)) == "The Hills 0505 (2 tours)"
    assert link_text(two_maps, dataclasses.replace(edge, delay=2)) == "The Hills 0505 (2 turns)"


def test_a_name_that_is_only_the_hexs_own_number_gives_way_to_the_target(two_maps: Game) -> None:
    """The hex already prints its number: a tab saying it again would not say where it leads."""
    [edge] = two_maps.map("valley").links
    echo = dataclasses.replace(edge, name=edge.from_label, delay=0)
    assert link_text(two_maps, echo) == "The Hills 0505"


def test_fatal_alliances_exit_tabs_name_the_world_map() -> None:
    """The European map's junction links are named with their own hex numbers ('W1652'); each
    tab names the world map and its hex, as the other games' tabs name theirs."""
    from tests.model.rule_games import game

    fa = game("fatal-alliances")
    europe = fa.map("europe")
    world = fa.map("world").name
    texts = {link_text(fa, link) for link in europe.links}
    assert texts and all(re.fullmatch(re.escape(world) + r" \d{4}", text) for text in texts)
    drawn = "\n".join(_texts(map_svg(fa, europe)))
    assert not re.search(r"[←→↑↓] W\d{4}|W\d{4} ←", drawn)
    assert re.search(r"[←→↑↓] " + re.escape(world.split()[0]), drawn)


def _tabs(game: Game, map_id: str) -> list[str]:
    from tests.render.test_maps_labels import text_boxes

    return sorted(
        text for _role, text, _box in text_boxes(map_svg(game, game.map(map_id)), {"link"})
    )


def test_a_link_declared_on_one_map_shows_on_the_map_it_arrives_on(two_maps: Game) -> None:
    """The hills declare their links to the valley, and the valley its edge to the hills; each
    map also shows the other's, back to where they start, in as many turns."""
    assert {(a.here, a.source) for a in arrivals(two_maps, two_maps.map("valley"))} == {
        ("1008", "hills:0101"),
        ("0304", "hills:0102"),
        ("0101", "hills:0103"),
    }
    assert any(
        re.fullmatch("[←→↑↓] The Hills 0101|The Hills 0101 ←", tab)
        for tab in _tabs(two_maps, "valley")
    )
    assert any("The Valley 0505 (1 turn)" in tab for tab in _tabs(two_maps, "hills"))


def test_a_map_that_declares_its_own_link_back_shows_one_tab(tmp_path: Path) -> None:
    """Where both maps declare the link, each shows its own tab only: a second one, back to
    the same map, would say it twice."""
    back = {"from": "1008", "to": "hills:0101", "name": "A"}
    game = load_game(write_two_maps(tmp_path, links=[*VALLEY_LINKS, back])).game
    assert game is not None
    assert [a.here for a in arrivals(game, game.map("valley"))] == ["0304", "0101"]
    at_1008 = [tab for tab in _tabs(game, "valley") if "A" in tab.split() or "0101" in tab]
    assert at_1008 == ["↓ A"]  # its own tab; none back to the hills as well


def test_fatal_alliances_world_map_shows_the_junction_back_to_europe() -> None:
    """The links between the European and the world map are declared on the European map
    only. The world map draws them too: along each side of the grey ground the European map
    covers, one bracketed tab naming that map and the first and last of its hexes, pointing
    into the grey, clear of every name."""
    from tests.model.rule_games import game
    from tests.render.test_maps_labels import overlaps

    fa = game("fatal-alliances")
    europe = fa.map("europe")
    junction = {parse_location_key(link.to)[1] for link in europe.links}
    world = fa.map("world")
    assert {a.here for a in arrivals(fa, world)} == junction
    name = europe.name
    assert _tabs(fa, "world") == sorted(
        [f"↑ {name} W1652–W5952", f"↓ {name} W3317–W5917", f"{name} W5917–W5952 ←"]
    )
    svg = map_svg(fa, world)
    links = etree.fromstring(svg.encode()).find(f".//{SVG}g[@class='links']")
    assert links is not None and len(links.findall(f"{SVG}path")) == 3  # one bracket a side
    assert overlaps(svg) == []
    assert arrivals(fa, europe) == []  # the world map declares no links of its own


def test_a_tab_back_points_away_from_the_edge_its_links_leave_by() -> None:
    """Distant Foreign Fields' Transcaucasian map leads by rail off its left edge to one hex of
    the Balkan map, in a turn, from each hex of that edge; on the Balkan map that hex shows the
    way back, toward the right, naming the Transcaucasian hexes it reaches, in as many turns."""
    from tests.model.rule_games import game

    dff = game("distant-foreign-fields")
    tcf = dff.map("tcf").name
    assert f"→ {tcf} 0108–0116 (1 turn)" in _tabs(dff, "bf")
    assert f"↑ {tcf} 0116–1216 (1 turn)" in _tabs(dff, "mef")
