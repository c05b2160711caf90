"""Tiling maps and charts over pages (pure): coverage, overlap, orientation, chart scale."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest

from toolkit.artwork import MapPlacement
from toolkit.kit.blank import background_spaces, window_needs
from toolkit.kit.errors import KitError
from toolkit.kit.paper import INCH, MM, Page, Rect, paper
from toolkit.kit.tiles import (
    LEFT_OUT,
    MIN_CHART_SCALE,
    OVERLAP,
    PANEL_CLEARANCE,
    Tile,
    _left_out,
    chart_plans,
    column_letters,
    full_plan,
    plan_tiles,
    tile_area,
    tile_plans,
)
from toolkit.render.maps.draw import draw_map

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


def _whole_somewhere(word: tuple[float, float, float, float], tiles: list[Tile]) -> bool:
    left, top, right, bottom = word
    return any(
        x <= left and right <= x + w and y <= top and bottom <= y + h
        for x, y, w, h in (t.source for t in tiles)
    )


def test_a_cut_moves_off_a_word_it_would_split_on_both_tiles() -> None:
    """A name longer than the overlap, across the middle of the first overlap, is on neither
    evenly spread tile whole; the cut moves so that one tile shows it whole."""
    size = (2880.0, 2304.0)
    page, even = plan_tiles(*size, LETTER)
    first, second = even[0].source, even[1].source
    cut = (first[0] + first[2] + second[0]) / 2
    word = (cut - 40.0, 300.0, cut + 40.0, 310.0)
    assert not _whole_somewhere(word, even)
    turned, tiles = plan_tiles(*size, LETTER, words=[word])
    assert turned == page and len(tiles) == len(even)
    assert _whole_somewhere(word, tiles)
    area = tile_area(turned)
    by_place = {(t.column, t.row): t for t in tiles}
    for tile in tiles:
        x, _y, w, _h = tile.source
        assert w <= area[2] + 1e-6
        right = by_place.get((tile.column + 1, tile.row))
        if right is not None:
            assert x + w - right.source[0] == pytest.approx(OVERLAP)
    last = max(tiles, key=lambda t: (t.row, t.column))
    assert last.source[0] + last.source[2] == pytest.approx(size[0])


def test_words_shorter_than_the_overlap_leave_the_tiles_even() -> None:
    size = (2880.0, 2304.0)
    _page, even = plan_tiles(*size, LETTER)
    cut = (even[0].source[2] + even[1].source[0]) / 2
    _page, tiles = plan_tiles(*size, LETTER, words=[(cut - 10.0, 0.0, cut + 10.0, 8.0)])
    assert [t.source for t in tiles] == [t.source for t in even]


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


def test_a_bled_tile_is_trimmed_on_its_window_and_its_map_runs_past_it() -> None:
    bleed = 3 * MM
    home = tile_plans("map:m", "m", "Map", (1000.0, 600.0), LETTER)
    shop = tile_plans("map:m", "m", "Map", (1000.0, 600.0), LETTER, bleed=bleed)
    assert len(home) == len(shop) > 1
    for plain, bled in zip(home, shop, strict=True):
        window, placement = plain.placements[0].clip, bled.placements[0]
        assert plain.trim is None and bled.trim == window
        x, y, w, h = window
        assert bled.bleed == pytest.approx((x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed))
        assert placement.clip == bled.bleed  # the map itself shows in the bleed
        assert (placement.x, placement.y) == (plain.placements[0].x, plain.placements[0].y)
        assert bled.body == plain.body  # the guides still lie in the window


def test_a_bled_full_size_map_keeps_its_crop_marks_clear_of_the_bleed() -> None:
    plan = full_plan("map:m", "m", "Map", (2880.0, 2304.0), bleed=3 * MM)
    assert plan.trim is not None and plan.bleed is not None
    assert plan.trim[0] - plan.bleed[0] == pytest.approx(3 * MM)
    bx, by, bw, bh = plan.bleed
    marks = re.findall(r'x1="([\d.]+)" x2="([\d.]+)" y1="([\d.]+)" y2="([\d.]+)"', plan.body)
    assert len(marks) == 8
    for x1, x2, y1, y2 in ((float(v) for v in mark) for mark in marks):
        assert (
            max(x1, x2) <= bx + 1e-6
            or min(x1, x2) >= bx + bw - 1e-6
            or max(y1, y2) <= by + 1e-6
            or min(y1, y2) >= by + bh - 1e-6
        )


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


# -- tiles with nothing on them ---------------------------------------------------------------

SEA_A = ((0.0, 0.0), (1000.0, 0.0), (1000.0, 300.0), (0.0, 300.0))
SEA_B = ((0.0, 300.0), (1000.0, 300.0), (1000.0, 600.0), (0.0, 600.0))
ISLAND = ((800.0, 450.0), (900.0, 450.0), (900.0, 550.0), (800.0, 550.0))


def _sea_map(**extra: object) -> MapPlacement:
    """Two sea zones over a 1000×600 map, an island in the second, names near the right."""
    return MapPlacement(
        (0.0, 0.0, 1000.0, 600.0),
        centres={"a": (900.0, 100.0), "b": (700.0, 400.0), "island": (850.0, 500.0)},
        outlines={"a": SEA_A, "b": SEA_B, "island": ISLAND},
        **extra,  # type: ignore[arg-type]
    )


def _blank(
    placement: MapPlacement, background: frozenset[str] = frozenset()
) -> Callable[[Rect], bool]:
    """Whether a window alone (no other tile printed) shows nothing."""
    needs = window_needs(placement, background)
    assert needs is not None
    return lambda window: needs([window])[0] == []


def test_a_window_of_open_sea_is_blank_and_a_coast_or_a_name_is_not() -> None:
    blank = _blank(_sea_map(), frozenset({"a", "b"}))
    assert blank((50.0, 50.0, 200.0, 200.0))  # inside sea a
    assert blank((50.0, 200.0, 200.0, 200.0))  # across the line between two sea zones
    assert not blank((750.0, 420.0, 200.0, 50.0))  # the island's coast
    assert not blank((850.0, 50.0, 100.0, 100.0))  # sea a's name
    marked = _blank(_sea_map(marks=((60.0, 60.0, 90.0, 70.0),)), frozenset({"a", "b"}))
    assert not marked((50.0, 50.0, 200.0, 200.0))  # a printed label
    strict = _blank(_sea_map())  # without background, every border counts
    assert not strict((50.0, 200.0, 200.0, 200.0))


def test_a_placement_without_outlines_blanks_nothing() -> None:
    assert window_needs(MapPlacement((0.0, 0.0, 1.0, 1.0))) is None


def test_what_a_printed_neighbour_shows_whole_leaves_a_window_empty() -> None:
    """A name in the overlap is whole on the other tile; a space's stack spot on the far
    side of it is shown where the space's name is: the right tile needs neither. Alone, it
    shows both."""
    land = ((0.0, 0.0), (1000.0, 0.0), (1000.0, 600.0), (0.0, 600.0))
    placement = MapPlacement(
        (0.0, 0.0, 1000.0, 600.0),
        centres={"land": (100.0, 100.0)},
        outlines={"land": land},
        stacks={"land": (900.0, 500.0)},
        marks=((480.0, 300.0, 520.0, 310.0),),
    )
    needs = window_needs(placement)
    assert needs is not None
    left, right = (0.0, 0.0, 530.0, 600.0), (470.0, 0.0, 530.0, 600.0)
    assert needs([left, right]) == [
        [frozenset(), frozenset({1})],
        [frozenset({0}), frozenset({0})],
    ]
    assert needs([right])[0] != []


def test_inside_the_map_a_border_needs_its_tile_and_at_the_edge_only_where_unseen() -> None:
    """Two land spaces side by side, their border running down the middle: a window on the
    border inside the map needs a page (leaving it out would make a hole); at the map's edge
    it does not, while another printed window shows the same border."""
    west = ((0.0, 0.0), (500.0, 0.0), (500.0, 900.0), (0.0, 900.0))
    east = ((500.0, 0.0), (1000.0, 0.0), (1000.0, 900.0), (500.0, 900.0))
    placement = MapPlacement((0.0, 0.0, 1000.0, 900.0), outlines={"west": west, "east": east})
    needs = window_needs(placement)
    assert needs is not None
    top, middle = (400.0, 0.0, 200.0, 300.0), (400.0, 300.0, 200.0, 300.0)
    assert needs([top, middle]) == [[frozenset({1})], [frozenset()]]


def test_a_blank_tile_has_no_page_and_a_grey_square_in_the_index() -> None:
    size = (2000.0, 1500.0)
    every = tile_plans("map:world", "World", "Map: World", size, LETTER)
    first = plan_tiles(*size, LETTER)[1][0].source

    def first_empty(windows: Sequence[Rect]) -> list[list[frozenset[int]]]:
        return [[] if w == first else [frozenset()] for w in windows]

    plans = tile_plans("map:world", "World", "Map: World", size, LETTER, needs=first_empty)
    assert len(plans) == len(every) - 1
    assert "tile A1" not in {p.label for p in plans}
    assert LEFT_OUT in plans[0].body and LEFT_OUT not in every[0].body
    # B1 lost its only neighbour on the left: no cut line there any more
    assert "✂" in every[1].body and plans[0].label == "tile B1" and "✂" not in plans[0].body

    def nothing(windows: Sequence[Rect]) -> list[list[frozenset[int]]]:
        return [[] for _ in windows]

    everything = tile_plans("map:w", "W", "Map", size, LETTER, needs=nothing)
    assert len(everything) == len(every)  # a map with nothing on it still prints


def test_a_blank_tile_that_joins_others_to_the_map_prints() -> None:
    """Of two rows of three tiles, the middle column is empty: its top tile is left out, but
    then its bottom one joins the last column to the rest and prints. An empty corner whose
    neighbour prints is left out."""
    tiles = [Tile(c, r, (c * 100.0, r * 100.0, 100.0, 100.0)) for r in range(2) for c in range(3)]
    needs: list[list[frozenset[int]]] = [[frozenset()] for _ in tiles]
    needs[1] = needs[4] = []
    assert _left_out(tiles, needs) == {(1, 0)}
    needs = [[frozenset()] for _ in tiles]
    needs[5] = []
    assert _left_out(tiles, needs) == {(2, 1)}


def _left_out_names(name: str, map_id: str) -> list[str]:
    from tests.model.rule_games import game

    the_game = game(name)
    drawn = draw_map(the_game, the_game.map(map_id))
    placement = drawn.placement
    needs = window_needs(placement, background_spaces(the_game, map_id))
    assert needs is not None
    page = paper(the_game.print.paper)
    _page, tiles = plan_tiles(
        *drawn.size, page, words=placement.names, blocks=placement.blocks, needs=needs
    )
    left_out = _left_out(tiles, needs([t.source for t in tiles]))
    return sorted(t.name for t in tiles if (t.column, t.row) in left_out)


def test_axis_allies_1914_leaves_out_its_tiles_of_open_sea_and_empty_land() -> None:
    """The world map's tiles of open Atlantic (A3), of Greenland's ice (B1) and of the far
    side of Siberia (F1) get no page: each shows nothing, or only what a printed tile shows
    too. C4 keeps its page: Sea Zone 24's name is on it."""
    assert _left_out_names("axis-allies-1914", "world") == ["A3", "B1", "F1"]


def test_europe_engulfed_leaves_out_the_far_side_of_the_urals() -> None:
    """Tile G2 showed the inside of the Urals space, named on G1, and a stretch of its border
    with Kuibyshev that F2 shows too; G3 the like of the Urals, Astrakhan and Persia."""
    assert _left_out_names("europe-engulfed", "europe") == ["G2", "G3"]


# -- the map's title block and legend --------------------------------------------------------


def test_a_cut_moves_off_a_panel_it_would_run_through() -> None:
    """A title block across the first even cut is whole between two cuts once it is known."""
    size = (2880.0, 2304.0)
    page, even = plan_tiles(*size, LETTER)
    cut = (even[0].source[2] + even[1].source[0]) / 2
    panel = (cut - 100.0, 20.0, cut + 20.0, 60.0)
    assert not _whole_somewhere(panel, even)
    turned, tiles = plan_tiles(*size, LETTER, blocks=[panel])
    assert turned == page and len(tiles) == len(even)
    assert _whole_somewhere(panel, tiles)


def test_a_panel_outweighs_a_word() -> None:
    """Where a cut must split a word or run through a panel, it splits the word."""
    size = (2880.0, 2304.0)
    _page, even = plan_tiles(*size, LETTER)
    cut = (even[0].source[2] + even[1].source[0]) / 2
    panel = (cut - 60.0, 20.0, cut + 60.0, 60.0)
    words = [(cut - 120.0, 300.0, cut - 50.0, 310.0), (cut + 50.0, 300.0, cut + 120.0, 310.0)]
    _page, tiles = plan_tiles(*size, LETTER, words=words, blocks=[panel])
    assert _whole_somewhere(panel, tiles)


@pytest.mark.parametrize(
    ("name", "map_id", "legend"),
    [
        ("axis-allies-europe", "europe", "whole"),
        ("fatal-alliances", "europe", "parted"),
        ("fatal-alliances", "world", "parted"),
        ("europe-engulfed", "europe", "parted"),
        ("axis-allies-1914", "world", "parted"),
    ],
    ids=["aa-europe", "fa-europe", "fa-world", "europe-engulfed", "aa-1914"],
)
def test_the_title_block_and_legend_columns_are_whole_on_one_tile(
    name: str, map_id: str, legend: str
) -> None:
    """No cut between tiles runs through a map's title block, nor through its legend where
    the legend is set to fit a tile; one set across the map in a band is parted between its
    columns, never through one."""
    from tests.model.rule_games import game

    drawn_game = game(name)
    drawn = draw_map(drawn_game, drawn_game.map(map_id))
    page = paper(drawn_game.print.paper)
    placement = drawn.placement
    _turned, tiles = plan_tiles(
        *drawn.size,
        page,
        words=placement.names,
        blocks=placement.blocks,
        boxes=placement.boxes,
        cells=placement.cells,
    )
    [title] = [
        (x, y, x + b.width, y + b.height) for b, x, y in drawn.sheet.blocks if b.role == "title"
    ]
    assert title in placement.blocks
    assert _whole_somewhere(title, tiles)
    crossed = [b for b in placement.blocks if not _whole_somewhere(b, tiles)]
    assert len(placement.blocks) == 2 if legend == "whole" else len(placement.blocks) > 2
    assert crossed == []


# -- boxes and tracks printed on a map ------------------------------------------------------------


def test_a_cut_keeps_off_a_box_before_words_but_not_before_the_title() -> None:
    """A box outweighs words as the title does; where the cut must run through the title or a
    box, it runs through the box."""
    size = (2880.0, 2304.0)
    page, even = plan_tiles(*size, LETTER)
    cut = (even[0].source[2] + even[1].source[0]) / 2
    box = (cut - 60.0, 400.0, cut + 60.0, 444.0)
    words = [(cut - 120.0, 300.0, cut - 50.0, 310.0), (cut + 50.0, 300.0, cut + 120.0, 310.0)]
    turned, tiles = plan_tiles(*size, LETTER, words=words, boxes=[box])
    assert turned == page and _whole_somewhere(box, tiles)
    # every place the cut could take runs through the title block or one of the boxes
    title = (cut - 200.0, 20.0, cut + 10.0, 60.0)
    boxes = [(cut + 5.0, 400.0, cut + 200.0, 444.0), (cut - 2000.0, 500.0, cut - 195.0, 544.0)]
    boxes.append((cut + 195.0, 600.0, cut + 2000.0, 644.0))
    _page, tiles = plan_tiles(*size, LETTER, blocks=[title], boxes=boxes)
    line = (tiles[0].source[2] + tiles[1].source[0]) / 2
    assert _whole_somewhere(title, tiles)
    assert sum(1 for b in boxes if b[0] < line < b[2]) == 1


def test_a_cut_that_must_cross_a_track_runs_between_its_cells() -> None:
    """A track longer than a tile is cut, between two cells and through none."""
    from toolkit.render.maps.draw import CELL_INSET

    size = (2880.0, 2304.0)
    _page, even = plan_tiles(*size, LETTER)
    cut = (even[0].source[2] + even[1].source[0]) / 2
    track = (cut - 310.0, 400.0, cut + 410.0, 450.0)
    edges = [track[0] + 36.0 * i for i in range(21)]
    cells = [
        (a + (CELL_INSET if a > track[0] else 0.0), 414.0, b - CELL_INSET, 450.0)
        for a, b in zip(edges, edges[1:], strict=False)
    ]
    _page, tiles = plan_tiles(*size, LETTER, boxes=[track], cells=cells)
    line = (tiles[0].source[2] + tiles[1].source[0]) / 2
    assert track[0] < line < track[2]
    assert min(abs(line - edge) for edge in edges) <= CELL_INSET - PANEL_CLEARANCE


def _drawn(name: str, map_id: str) -> tuple[object, MapPlacement, Page, list[Tile]]:
    from tests.model.rule_games import game

    the_game = game(name)
    drawn = draw_map(the_game, the_game.map(map_id))
    place = drawn.placement
    needs = window_needs(place, background_spaces(the_game, map_id))
    turned, tiles = plan_tiles(
        *drawn.size,
        paper(the_game.print.paper),
        words=place.names,
        blocks=place.blocks,
        needs=needs,
        boxes=place.boxes,
        cells=place.cells,
    )
    return drawn.size, place, turned, tiles


def _cuts(starts: list[float], half: float) -> list[float]:
    return [start + half for start in sorted(set(starts))[1:]]


def _through(cut: float, spans: list[tuple[float, float]]) -> int:
    return sum(1 for a, b in spans if a - PANEL_CLEARANCE < cut < b + PANEL_CLEARANCE)


@pytest.mark.parametrize("map_id", ["europe", "world"])
def test_fatal_alliances_sea_boxes_are_cut_only_where_no_cut_could_move(map_id: str) -> None:
    """Every sea box the real maps print is a box the cuts keep off; a cut runs through one only
    where, between its neighbours, every other place it could take runs through the title
    block, a legend column, or as many boxes."""
    from tests.model.rule_games import game

    size, place, turned, tiles = _drawn("fatal-alliances", map_id)
    sea_boxes = game("fatal-alliances").map(map_id).boxes
    printed = {
        tuple(place.outlines[box.id][i][k] for i, k in ((0, 0), (0, 1), (2, 0), (2, 1)))
        for box in sea_boxes
    }
    assert printed == set(place.boxes)
    _x, _y, area_w, area_h = tile_area(turned)
    half = OVERLAP / 2
    for axis, window in ((0, area_w), (1, area_h)):
        panels = [(b[axis], b[axis + 2]) for b in place.blocks]
        boxes = [(b[axis], b[axis + 2]) for b in place.boxes]
        cuts = _cuts([t.source[axis] for t in tiles], half)
        bounds = [half, *cuts, size[axis] + half - OVERLAP]
        for i, cut in enumerate(cuts, start=1):
            if not _through(cut, boxes):
                continue
            low = bounds[i + 1] - window + OVERLAP
            high = bounds[i - 1] + window - OVERLAP
            spots = [low + k * 0.5 for k in range(int((high - low) / 0.5) + 1)]
            best = min((_through(c, panels), _through(c, boxes)) for c in spots)
            assert (_through(cut, panels), _through(cut, boxes)) == best, (axis, cut)
