"""A map's title and legend on paper: the legend says each thing once (a border type an area
map draws its own way is not listed again as a hexside, and a terrain and a symbol of one name
share one line), and a long map name is set small enough to stay on one sheet of a tiled map."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import SOURCES
from toolkit.load import load_game
from toolkit.model.map import AreaMapGrid
from toolkit.render.maps.canvas import BAND_ALLOWANCE, lay_out_sheet
from toolkit.render.maps.decor import Block, LegendEntry, legend_block
from toolkit.render.maps.draw import (
    area_sizes,
    build_plan,
    draw_map,
    grid_sizes,
    map_legend,
    palette,
)
from toolkit.render.maps.legend import merged_legend

GAMES = sorted(p.parent.name for p in SOURCES.glob("*/game.json"))


@pytest.mark.parametrize("name", GAMES)
def test_every_legend_entry_is_printed_once(name: str) -> None:
    result = load_game(SOURCES / name)
    assert result.game is not None, result.report.format_text()
    game = result.game
    for the_map in game.maps:
        probe = build_plan(the_map, 0.0, 0.0)
        area = isinstance(the_map.grid, AreaMapGrid)
        sizes = area_sizes(probe) if area else grid_sizes(the_map, probe.unit)
        entries = map_legend(game, the_map, probe, sizes, palette(game, the_map))
        twice = [text for text, n in Counter(e.text for e in entries).items() if n > 1]
        assert not twice, (the_map.id, twice)


def test_a_name_said_twice_becomes_one_line_drawing_both_samples() -> None:
    entries = [
        LegendEntry("City", lambda x, y, w, h: "<rect/>"),
        LegendEntry("Road", lambda x, y, w, h: "<line/>"),
        LegendEntry("City", lambda x, y, w, h: "<circle/>"),
    ]
    merged = merged_legend(entries)
    assert [e.text for e in merged] == ["City", "Road"]
    assert merged[0].swatch(0, 0, 10, 10) == "<rect/><circle/>"


@pytest.mark.parametrize(
    ("name", "map_id"), [("axis-allies-1914", "world"), ("axis-allies-europe", "europe")]
)
def test_a_long_map_title_stays_on_one_sheet_of_the_tiled_map(name: str, map_id: str) -> None:
    """Axis & Allies 1914's map name and Axis & Allies Europe's game line under it, at the size
    their big maps would give them, ran over two or three tiles."""
    result = load_game(SOURCES / name)
    assert result.game is not None
    game = result.game
    drawn = draw_map(game, game.map(map_id))
    [title] = [block for block, _x, _y in drawn.sheet.blocks if block.role == "title"]
    assert title.width <= 7.5 * 72  # a Letter page inside its margins
    assert title.height >= 12.0  # still a title, not a footnote


def _panel(width: float, height: float, banded: Block | None = None) -> Block:
    return Block(width, height, lambda x, y: "", "legend", banded=banded)


@pytest.mark.parametrize(
    ("narrow_height", "wide_used"), [(200.0, False), (300.0, True)], ids=["a-bit", "much"]
)
def test_a_band_takes_a_legend_set_wide_only_where_narrow_costs_much_height(
    narrow_height: float, wide_used: bool
) -> None:
    """A legend set to fit one tile goes in the band as it is, unless its wide setting saves
    more than the allowance of height; inside the playing area it stays narrow."""
    wide = _panel(1200.0, 100.0)
    legend = _panel(400.0, narrow_height, banded=wide)
    sheet = lay_out_sheet((1500.0, 1000.0), 20.0, [], [(legend, "bottom-left")], [])
    [(placed, _x, _y)] = sheet.blocks
    assert (placed is wide) == wide_used
    assert BAND_ALLOWANCE == 2 * 72


def test_a_legend_too_wide_for_a_tile_is_parted_between_its_columns() -> None:
    entries = [LegendEntry(f"Entry {i}", lambda x, y, w, h: "") for i in range(12)]
    legend = legend_block(entries, 8.0, 900.0, "Legend")
    assert legend is not None and legend.pieces is not None
    pieces = legend.pieces(0.0, 0.0)
    assert len(pieces) > 1
    assert all(a.x1 < b.x0 for a, b in zip(pieces, pieces[1:], strict=False))
    assert pieces[0].x0 == 0.0 and pieces[-1].x1 <= legend.width
