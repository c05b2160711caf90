"""print.charts: charts that fit together share a page, in order, each at its size alone."""

from __future__ import annotations

import dataclasses
import io
import re
from itertools import combinations

import pytest
from pypdf import PdfReader

from tests.conftest import SOURCES
from tests.kit.conftest import make_kit, page_texts, shared_kit, with_print
from tests.kit.fakes import fake_artwork
from toolkit.kit import draw
from toolkit.kit.artwork import KitArt, kit_art
from toolkit.kit.book import KitPlan, kit_settings, plan_kit
from toolkit.kit.charts import GAP, ChartItem, chart_pages, fill_area
from toolkit.kit.errors import KitError
from toolkit.kit.layout import PagePlan, section_pages
from toolkit.kit.paper import Page, Rect, paper
from toolkit.kit.tiles import MIN_CHART_SCALE, chart_plans, tile_area
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.workers import Workers

LETTER = paper("letter")
EPS = 1e-6

SIZES = [
    (306, 333), (252, 236), (208, 195), (242, 162), (320, 216), (283, 297), (900, 700),
    (227, 511), (227, 135), (527, 143), (582, 371), (560, 760), (223, 131), (714, 129),
]  # fmt: skip
"""Small tables, tracks, a chart too big to shrink (tiled) and one that shrinks to fit."""


def items(sizes: list[tuple[int, int]]) -> list[ChartItem]:
    return [ChartItem(f"chart:c{i}", f"c{i}", f"Chart {i}", s) for i, s in enumerate(sizes)]


def overlap(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    """Whether two rectangles come closer than ``gap``."""
    return (
        a[0] < b[0] + b[2] + gap - EPS
        and b[0] < a[0] + a[2] + gap - EPS
        and a[1] < b[1] + b[3] + gap - EPS
        and b[1] < a[1] + a[3] + gap - EPS
    )


def inside(rect: Rect, area: Rect) -> bool:
    return (
        rect[0] >= area[0] - EPS
        and rect[1] >= area[1] - EPS
        and rect[0] + rect[2] <= area[0] + area[2] + EPS
        and rect[1] + rect[3] <= area[1] + area[3] + EPS
    )


# -- the packing, pure -----------------------------------------------------------------------------


def test_packed_charts_keep_their_order_size_and_distance() -> None:
    charts = items(SIZES)
    plans = chart_pages(charts, LETTER)
    alone = {c.key: chart_plans(c.key, c.name, c.section, c.size, LETTER) for c in charts}
    shown = [p.art for plan in plans for p in plan.placements]
    assert list(dict.fromkeys(shown)) == [c.key for c in charts]  # the game's order
    for plan in plans:
        area = tile_area(plan.page)
        for placement in plan.placements:
            assert inside(placement.clip, area)
            own = {p.scale for p in alone[placement.art][0].placements[:1]}
            assert placement.scale >= MIN_CHART_SCALE
            assert placement.scale >= min(own) - EPS  # never smaller than on a page of its own
        for a, b in combinations(plan.placements, 2):
            assert not overlap(a.clip, b.clip, GAP)
    assert len(plans) < sum(len(p) for p in alone.values())


def test_a_chart_that_shrinks_or_is_tiled_keeps_its_own_pages() -> None:
    charts = items(SIZES)
    plans = chart_pages(charts, LETTER)
    for c in (charts[6], charts[11]):  # tiled; shrunk to fit
        own = [p for p in plans if any(x.art == c.key for x in p.placements)]
        assert own == chart_plans(c.key, c.name, c.section, c.size, LETTER)
        assert all(len(p.placements) == 1 for p in own)
    shrunk = next(p for p in plans if p.placements[0].art == charts[11].key)
    assert MIN_CHART_SCALE <= shrunk.placements[0].scale < 1.0


def test_one_per_page_is_the_old_layout() -> None:
    charts = items(SIZES)
    expected = [
        plan for c in charts for plan in chart_plans(c.key, c.name, c.section, c.size, LETTER)
    ]
    assert chart_pages(charts, LETTER, "one-per-page") == expected


def test_a_lone_chart_is_placed_as_on_a_page_of_its_own() -> None:
    [chart] = items([(300, 200)])
    assert chart_pages([chart], LETTER) == chart_plans(
        chart.key, chart.name, chart.section, chart.size, LETTER
    )


def test_small_charts_stack_beside_a_tall_one() -> None:
    spots = fill_area([(227, 511), (250, 150), (250, 150), (250, 150)], 540, 700)
    assert spots == [(0, 0), (227 + GAP, 0), (227 + GAP, 150 + GAP), (227 + GAP, 2 * (150 + GAP))]


def test_the_page_turns_when_that_holds_more() -> None:
    plans = chart_pages(items([(350, 400), (350, 400)]), LETTER)
    assert len(plans) == 1 and plans[0].page.landscape


def test_a_packed_page_names_its_charts_and_the_contents_list_each() -> None:
    plans = chart_pages(items([(250, 150), (250, 150), (250, 150)]), LETTER)
    [page] = plans
    assert page.section == "Charts: Chart 0 · Chart 1 · Chart 2"
    contents = section_pages([PagePlan(LETTER, "Cover", ""), *plans, PagePlan(LETTER, "Setup", "")])
    assert contents == [
        ("Cover", 1, 1),
        ("Chart: Chart 0", 2, 2),
        ("Chart: Chart 1", 2, 2),
        ("Chart: Chart 2", 2, 2),
        ("Setup", 3, 3),
    ]


def test_a_long_header_takes_a_second_line_inside_the_margin() -> None:
    section = "Charts: " + " · ".join(f"A rather long chart title number {i}" for i in range(12))
    head = draw.header(LETTER, "Game", section, "page 3 of 40")
    baselines = sorted({float(y) for y in re.findall(r'<text[^>]* y="([\d.]+)"', head)})
    assert len(baselines) == 2 and baselines[1] < LETTER.margin
    assert "number 0" in head and "…" in head


def test_an_unknown_charts_mode_is_refused(hex_game: Game) -> None:
    with pytest.raises(KitError, match="unknown charts mode 'stacked'"):
        kit_settings(with_print(hex_game, charts="stacked"), BuildOptions())


# -- a real game, read back from the PDF -----------------------------------------------------------

PLACED = re.compile(
    rb"q (\S+) (\S+) (\S+) (\S+) re W n (\S+) 0 0 (\S+) (\S+) (\S+) cm /KitArt\d+ Do Q"
)


@pytest.fixture(scope="module")
def fatal_alliances() -> Game:
    result = load_game(SOURCES / "fatal-alliances")
    assert result.game is not None, result.report.format_text()
    return result.game


@pytest.fixture(scope="module")
def fatal_art(fatal_alliances: Game) -> KitArt:
    with Workers(fatal_alliances, 2) as workers:
        return kit_art(fatal_alliances, draw_artwork(fatal_alliances, workers))


def _plan(game: Game, art: KitArt, charts: str) -> KitPlan:
    game = with_print(game, charts=charts)
    return plan_kit(game, art, kit_settings(game, BuildOptions()))


def _chart_pages(plan: KitPlan) -> list[PagePlan]:
    return [p for p in plan.pages if _shows_charts(p)]


def _shows_charts(page: PagePlan) -> bool:
    return any(placement.art.startswith("chart:") for placement in page.placements)


def test_fatal_alliances_charts_take_half_the_pages(
    fatal_alliances: Game, fatal_art: KitArt
) -> None:
    before = _chart_pages(_plan(fatal_alliances, fatal_art, "one-per-page"))
    after = _chart_pages(_plan(fatal_alliances, fatal_art, "packed"))
    assert len(fatal_alliances.charts) == 36
    assert (len(before), len(after)) == (42, 22)


def test_fatal_alliances_packed_pages_read_back(fatal_alliances: Game, fatal_art: KitArt) -> None:
    """In the PDF: every chart window inside the printable area, none overlapping another, none
    scaled below the limit, and the cover's contents pointing at the page each chart is on."""
    plan = _plan(fatal_alliances, fatal_art, "packed")
    pdf = shared_kit(fatal_alliances, real=True)
    reader = PdfReader(io.BytesIO(pdf))
    texts = page_texts(pdf)
    assert len(reader.pages) == len(plan.pages)
    shared = 0
    for number, page_plan in enumerate(plan.pages, start=1):
        if not _shows_charts(page_plan):
            continue
        page = reader.pages[number - 1]
        height = float(page.mediabox.height)
        contents = page["/Contents"][0].get_object().get_data()
        windows = []
        for match in PLACED.finditer(contents):
            x, y, w, h, sx, sy = (float(v) for v in match.groups()[:6])
            assert sx == sy >= MIN_CHART_SCALE
            windows.append((x, height - y - h, w, h))
        assert len(windows) == len(page_plan.placements)
        area = tile_area(Page(float(page.mediabox.width), height))
        for window in windows:
            assert inside(window, area)
        for a, b in combinations(windows, 2):
            assert not overlap(a, b)
        if len(windows) > 1:
            shared += 1
            text = " ".join(texts[number - 1].split())
            assert all(c.partition(":")[2].strip() in text for c in page_plan.contents)
        for entry in page_plan.contents or (page_plan.section,):
            cover = " ".join((texts[0] + texts[1]).split())  # French spaces before ':' included
            entry = " ".join(entry.split())
            found = re.search(rf"{re.escape(entry)} pages? (\d+)(?:(?:–| à )(\d+))?", cover)
            assert found is not None, entry
            assert int(found[1]) <= number <= int(found[2] or found[1])
    assert shared >= 10


def test_packing_is_the_default_and_one_per_page_still_works(hex_game: Game) -> None:
    assert hex_game.print.charts == "packed"
    two = dataclasses.replace(hex_game, charts=hex_game.charts * 2)
    two = dataclasses.replace(
        two,
        charts=tuple(dataclasses.replace(c, id=f"{c.id}-{i}") for i, c in enumerate(two.charts)),
    )
    packed = [t for t in page_texts(make_kit(two, fake_artwork))[2:] if "Combat Results" in t]
    alone = [
        t
        for t in page_texts(make_kit(with_print(two, charts="one-per-page"), fake_artwork))[2:]
        if "Combat Results" in t
    ]
    assert (len(packed), len(alone)) == (1, 2)
