"""Bridges and fords are drawn where lines cross rivers: parapets for each bridge, stepping
stones for each ford, nothing where a line crosses a side that is not water."""

from __future__ import annotations

import dataclasses
import re

from tests.conftest import load_fixture
from toolkit.render.maps.bridges import STONES, bridges_svg
from toolkit.render.maps.draw import draw_map


def _svg(water: bool = True) -> str:
    game = load_fixture("river-crossing")
    if not water:
        dry = tuple(dataclasses.replace(t, style="alpine") for t in game.hexside_types)
        game = dataclasses.replace(game, hexside_types=dry)
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
