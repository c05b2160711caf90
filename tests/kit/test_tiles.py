"""Tiling maps and charts over pages (pure): coverage, overlap, orientation, chart scale."""

from __future__ import annotations

import pytest

from toolkit.kit.errors import KitError
from toolkit.kit.paper import INCH, Page, paper
from toolkit.kit.tiles import (
    MIN_CHART_SCALE,
    OVERLAP,
    chart_plans,
    column_letters,
    full_plan,
    plan_tiles,
    tile_area,
    tile_plans,
)

LETTER = paper("letter")


@pytest.mark.parametrize(
    "size", [(2880.0, 2304.0), (700.0, 300.0), (541.0, 2000.0)], ids=["world", "wide", "tall"]
)
def test_tiles_cover_the_drawing_with_overlap(size: tuple[float, float]) -> None:
    page, tiles = plan_tiles(*size, LETTER)
    area = tile_area(page)
    columns = max(t.column for t in tiles) + 1
    rows = max(t.row for t in tiles) + 1
    assert len(tiles) == columns * rows
    by_place = {(t.column, t.row): t for t in tiles}
    for tile in tiles:
        x, y, w, h = tile.source
        assert w <= area[2] + 1e-6 and h <= area[3] + 1e-6
        right = by_place.get((tile.column + 1, tile.row))
        if right is not None:
            assert x + w - right.source[0] == pytest.approx(OVERLAP)
        below = by_place.get((tile.column, tile.row + 1))
        if below is not None:
            assert y + h - below.source[1] == pytest.approx(OVERLAP)
    last = by_place[(columns - 1, rows - 1)]
    assert last.source[0] + last.source[2] == pytest.approx(size[0])
    assert last.source[1] + last.source[3] == pytest.approx(size[1])
    assert by_place[(0, 0)].source[:2] == (0.0, 0.0)


def test_tiles_share_the_map_evenly() -> None:
    """No last column or row of slivers: every tile along an axis has the same size."""
    _page, tiles = plan_tiles(2880.0, 2304.0, LETTER)
    assert len({round(t.source[2], 6) for t in tiles}) == 1
    assert len({round(t.source[3], 6) for t in tiles}) == 1


def test_the_orientation_that_needs_fewer_pages_wins() -> None:
    page, tiles = plan_tiles(1200.0, 480.0, LETTER)
    assert page.landscape and len(tiles) == 2
    page, tiles = plan_tiles(500.0, 700.0, LETTER)
    assert not page.landscape and len(tiles) == 1


def test_tile_pages_share_one_drawing_and_are_named() -> None:
    plans = tile_plans("map:world", "world", "Map: World", (2000.0, 1500.0), LETTER)
    assert {p.placements[0].art for p in plans} == {"map:world"}
    assert plans[0].label == "tile A1"
    assert "world A1" in plans[0].body
    for plan in plans:
        window = plan.placements[0].clip
        area = tile_area(plan.page)
        assert window[0] >= area[0] - 1e-6 and window[1] >= area[1] - 1e-6
        assert window[0] + window[2] <= area[0] + area[2] + 1e-6


def test_guides_on_both_sides_of_an_overlap_sit_on_the_same_map_spot() -> None:
    plans = tile_plans("map:m", "m", "Map", (1000.0, 600.0), LETTER)
    first, second = plans[0], plans[1]
    a, b = first.placements[0], second.placements[0]
    # the alignment line of A1 and the cut line of B1, converted back to map coordinates
    line_a = [float(part.split('"')[0]) for part in first.body.split('x1="')[1:]]
    line_b = [float(part.split('"')[0]) for part in second.body.split('x1="')[1:]]
    spots_a = {round((x - a.x) / a.scale, 3) for x in line_a}
    spots_b = {round((x - b.x) / b.scale, 3) for x in line_b}
    assert spots_a & spots_b


def test_column_letters() -> None:
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]


def test_full_size_page_is_the_map_plus_margins_and_trims_to_the_map() -> None:
    plan = full_plan("map:m", "m", "Map", (2880.0, 2304.0))
    assert plan.trim is not None
    assert plan.trim[2:] == (2880.0, 2304.0)
    assert plan.page.width == 2880.0 + INCH
    assert plan.placements[0].scale == 1.0


def test_a_small_chart_prints_at_full_size() -> None:
    [plan] = chart_plans("chart:c", "c", "Chart", (300.0, 200.0), LETTER)
    assert plan.placements[0].scale == 1.0


def test_a_wide_chart_turns_the_page_and_shrinks_a_little() -> None:
    [plan] = chart_plans("chart:c", "c", "Chart", (800.0, 400.0), LETTER)
    assert plan.page.landscape
    assert MIN_CHART_SCALE <= plan.placements[0].scale < 1.0
    assert "%" in plan.label


def test_a_chart_too_big_to_read_shrunk_is_tiled_at_full_size() -> None:
    plans = chart_plans("chart:c", "c", "Chart", (1400.0, 1000.0), LETTER)
    assert len(plans) > 1
    assert {p.placements[0].scale for p in plans} == {1.0}


def test_a_page_too_small_to_tile_on_is_refused() -> None:
    with pytest.raises(KitError):
        plan_tiles(1000.0, 1000.0, Page(100.0, 150.0, 20.0))


def test_a_map_too_big_for_one_pdf_page_is_refused_full_size() -> None:
    with pytest.raises(KitError, match="maps: tiled"):
        full_plan("map:m", "m", "Map", (15000.0, 1000.0))
