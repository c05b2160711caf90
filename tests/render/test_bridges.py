"""Bridges and fords are drawn where lines cross rivers: parapets for each bridge, stepping
stones for each ford, nothing where a line crosses a side that is not water; the legend shows
the same signs when the map has them."""

from __future__ import annotations

import dataclasses
import re

from tests.conftest import load_fixture
from toolkit.model import Game
from toolkit.render.maps.bridges import STONES, bridges_svg, crossing_sign
from toolkit.render.maps.draw import draw_map
from toolkit.render.maps.legend import crossing_legend


def _with_water(water: bool = True) -> Game:
    game = load_fixture("river-crossing")
    if not water:
        dry = tuple(dataclasses.replace(t, style="alpine") for t in game.hexside_types)
        game = dataclasses.replace(game, hexside_types=dry)
    return game


def _svg(water: bool = True) -> str:
    game = _with_water(water)
    the_map = game.map("front")
    return bridges_svg(game, the_map, draw_map(game, the_map).plan)


def test_each_bridge_has_two_parapets_and_each_ford_three_stones() -> None:
    svg = _svg()
    bridges = list(load_fixture("river-crossing").map("front").crossings)
    parapets = re.search(r'<path d="([^"]*)" fill="none"', svg)
    assert parapets is not None
    assert parapets.group(1).count("M") == 2 * sum(c.type == "bridge" for c in bridges) == 8
    stones = re.search(rf'<path d="([^"]*)" fill="{STONES}"', svg)
    assert stones is not None
    assert stones.group(1).count("M") == 3 * sum(c.type == "ford" for c in bridges) == 3


def test_a_line_over_a_dry_side_is_not_drawn_as_a_bridge() -> None:
    assert _svg(water=False) == ""


def test_the_map_draws_its_bridges_over_its_lines() -> None:
    game = load_fixture("river-crossing")
    svg = draw_map(game, game.map("front")).svg
    assert _svg() in svg
    assert svg.index(_svg()) > svg.index('stroke="#8a5a2b"')  # after the roads


def _legend(game: Game) -> dict[str, str]:
    """Legend entry text → its swatch drawn in a 40 × 10 box."""
    the_map = game.map("front")
    return {
        entry.text: entry.swatch(0.0, 0.0, 40.0, 10.0) for entry in crossing_legend(game, the_map)
    }


def test_the_legend_shows_the_maps_own_bridge_and_ford_signs() -> None:
    legend = _legend(load_fixture("river-crossing"))
    assert list(legend) == ["Bridge", "Ford"]
    # One drawing: the map's parapets and stones, over the river and the road they cross.
    assert crossing_sign("bridge", (20.0, 5.0), (0.0, 1.0), 16.0) in legend["Bridge"]
    assert crossing_sign("ford", (20.0, 5.0), (0.0, 1.0), 16.0) in legend["Ford"]
    assert 'stroke="#8a5a2b"' in legend["Bridge"]  # the road the bridge carries


def test_the_whole_legend_lists_bridges_and_fords_after_the_lines() -> None:
    game = load_fixture("river-crossing")
    svg = draw_map(game, game.map("front")).svg
    assert svg.index(">Railway<") < svg.index(">Bridge<") < svg.index(">Ford<")


def test_a_map_without_crossings_has_no_bridge_or_ford_in_its_legend() -> None:
    game = load_fixture("river-crossing")
    fords_only = dataclasses.replace(
        game.map("front"),
        crossings=tuple(c for c in game.map("front").crossings if c.type == "ford"),
    )
    assert list(_legend(dataclasses.replace(game, maps=(fords_only,)))) == ["Ford"]
    assert _legend(_with_water(False)) == {}  # crossings over dry sides are not drawn
