"""Charts: golden drawings, text that stays inside its cells, the CRT's data where the model
says, physical size, determinism and escaping.

The layout checks read the SVG back (every ``<text>`` with its x, y, size, weight and anchor,
every ``rect class="cell"``) and measure with :func:`toolkit.render.fonts.text_extent`, so they
judge what was written, not what the renderer believes it wrote.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from PIL import Image

from tests.golden import check_golden
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.chart import Chart, Column, DisplayBox, Row, TrackCell
from toolkit.render.charts import MARGIN, chart_svg
from toolkit.render.charts import text as chart_text
from toolkit.render.charts.text import MIN_SIZE, Font, cell_text, wrap
from toolkit.render.fonts import font_metrics, text_extent, text_width
from toolkit.render.raster import svg_to_png

from .helpers import parse

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = TESTS / "fixtures"
SOURCES = TESTS.parent / "sources"
SVG = "{http://www.w3.org/2000/svg}"
INSET = 2.5
"""Every chart keeps at least this much clear space between a cell's edge and its text."""
EPS = 1e-3
COUNTER_CELL = 0.6 * 72


def load(name: str) -> Game:
    """A fixture game, loaded through the real loader."""
    result = load_game(FIXTURES / name)
    assert result.game is not None, result.report.format_text()
    return result.game


def source_charts() -> list[tuple[Game, Chart]]:
    """Every chart of every game in sources/ that loads cleanly (games in progress are skipped)."""
    found = []
    for folder in sorted(p for p in SOURCES.glob("*") if (p / "game.json").is_file()):
        game = load_game(folder).game
        if game is not None:
            found.extend((game, chart) for chart in game.charts)
    return found


FIXTURE_CHARTS = [
    ("minimal-hex", "crt"),
    ("charts-table", "terrain"),
    ("charts-track", "turns"),
    ("charts-track", "morale"),
    ("charts-display", "pools"),
    ("charts-hostile", "hostile"),
    ("charts-hostile", "hostile-track"),
    ("charts-hostile", "hostile-display"),
]


def fixture_svg(fixture: str, chart_id: str) -> str:
    game = load(fixture)
    return chart_svg(game, game.chart(chart_id))


# --- reading an SVG back --------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def holds_point(self, x: float, y: float) -> bool:
        return self.x <= x <= self.right and self.y <= y <= self.bottom

    def holds(self, ink: tuple[float, float, float, float], inset: float = 0.0) -> bool:
        return (
            ink[0] >= self.x + inset - EPS
            and ink[1] >= self.y + inset - EPS
            and ink[2] <= self.right - inset + EPS
            and ink[3] <= self.bottom - inset + EPS
        )

    def overlaps(self, ink: tuple[float, float, float, float]) -> bool:
        return ink[0] < self.right and ink[2] > self.x and ink[1] < self.bottom and ink[3] > self.y


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    size: float
    bold: bool
    anchor: str
    content: str

    def _left(self, width: float) -> float:
        return self.x - {"start": 0.0, "middle": width / 2, "end": width}[self.anchor]

    def ink(self) -> tuple[float, float, float, float]:
        """Where the glyphs are: advance width by this text's own ascent and descent."""
        width, ascent, descent = text_extent(self.content, self.size, self.bold)
        left = self._left(width)
        return (left, self.y - ascent, left + width, self.y + descent)

    def line_box(self) -> tuple[float, float, float, float]:
        """The line's layout box: advance width by the face's ascent and descent."""
        ascent, descent = font_metrics(self.size, self.bold)
        width = text_width(self.content, self.size, self.bold)
        left = self._left(width)
        return (left, self.y - ascent, left + width, self.y + descent)


def read_texts(root: etree._Element) -> list[Text]:
    return [
        Text(
            float(t.get("x")),
            float(t.get("y")),
            float(t.get("font-size")),
            t.get("font-weight") == "bold",
            t.get("text-anchor", "start"),
            t.text or "",
        )
        for t in root.iter(f"{SVG}text")
    ]


def read_cells(root: etree._Element) -> list[Box]:
    return [
        Box(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
        for r in root.iter(f"{SVG}rect")
        if r.get("class") == "cell"
    ]


def home(text: Text, cells: list[Box]) -> Box | None:
    """The smallest cell holding the text's anchor point: the cell the text belongs to."""
    holding = [c for c in cells if c.holds_point(text.x, text.y)]
    return min(holding, key=lambda c: c.w * c.h, default=None)


def canvas(root: etree._Element) -> Box:
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    return Box(0, 0, w, h)


def assert_text_contained(svg: str) -> None:
    """Each text's ink lies inside its cell's padding; free text (title, notes) touches no
    cell and stays on the canvas."""
    root = parse(svg)
    cells = read_cells(root)
    page = canvas(root)
    for text in read_texts(root):
        cell = home(text, cells)
        if cell is not None:
            assert cell.holds(text.ink(), INSET), f"{text.content!r} spills out of {cell}"
        else:
            assert page.holds(text.ink(), MARGIN), f"{text.content!r} leaves the canvas"
            assert not any(c.overlaps(text.ink()) for c in cells), f"{text.content!r} hits a cell"


def cell_contents(svg: str) -> dict[Box, str]:
    """Each cell's text, its lines joined by spaces in reading order."""
    root = parse(svg)
    cells = read_cells(root)
    lines: dict[Box, list[Text]] = {c: [] for c in cells}
    for text in read_texts(root):
        cell = home(text, cells)
        if cell is not None:
            lines[cell].append(text)
    return {
        c: " ".join(t.content for t in sorted(ts, key=lambda t: (t.y, t.x)))
        for c, ts in lines.items()
    }


def cell_at(contents: dict[Box, str], row_label: str, column_label: str) -> Box:
    """The body cell under the header cell reading ``column_label``, level with the row label
    cell reading ``row_label``: found by position, as a player finds it."""
    left = min(c.x for c in contents)
    label_cells = sorted((c for c in contents if math.isclose(c.x, left)), key=lambda c: c.y)
    corner = label_cells[0]
    rows = [c for c in label_cells[1:] if contents[c] == row_label]
    columns = [
        c
        for c, text in contents.items()
        if text == column_label and c.x > left and c.bottom <= corner.bottom + EPS
    ]
    assert len(rows) == 1, f"row {row_label!r} found {len(rows)} times"
    assert len(columns) == 1, f"column {column_label!r} found {len(columns)} times in the header"
    matches = [
        c for c in contents if math.isclose(c.x, columns[0].x) and math.isclose(c.y, rows[0].y)
    ]
    assert len(matches) == 1
    return matches[0]


# --- golden files ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "chart_id"),
    [
        ("minimal-hex", "crt"),
        ("charts-table", "terrain"),
        ("charts-track", "turns"),
        ("charts-display", "pools"),
    ],
    ids=["crt", "table", "track", "display"],
)
def test_chart_matches_golden(fixture: str, chart_id: str) -> None:
    check_golden(f"charts/{chart_id}", fixture_svg(fixture, chart_id))


# --- layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "chart_id"), FIXTURE_CHARTS, ids=[c for _, c in FIXTURE_CHARTS]
)
def test_no_text_spills_out_of_its_cell(fixture: str, chart_id: str) -> None:
    assert_text_contained(fixture_svg(fixture, chart_id))


def test_every_source_chart_keeps_its_text_inside() -> None:
    """The games being written in sources/ are the real test of the layout."""
    for game, chart in source_charts():
        svg = chart_svg(game, chart)
        assert_text_contained(svg)
        assert all(t.size >= MIN_SIZE for t in read_texts(parse(svg))), chart.id


def test_the_containment_check_catches_a_lying_measure(monkeypatch: pytest.MonkeyPatch) -> None:
    """If layout measured text narrower than it is drawn, the check above must fail."""
    real = chart_text.text_width
    monkeypatch.setattr(
        chart_text, "text_width", lambda text, size, bold=False: 0.7 * real(text, size, bold)
    )
    with pytest.raises(AssertionError, match="spills out"):
        assert_text_contained(fixture_svg("charts-table", "terrain"))


def test_canvas_is_content_plus_margin_in_points() -> None:
    for fixture, chart_id in FIXTURE_CHARTS:
        svg = fixture_svg(fixture, chart_id)
        root = parse(svg)
        page = canvas(root)
        assert root.get("width") == f"{root.get('viewBox').split()[2]}pt"
        assert root.get("height") == f"{root.get('viewBox').split()[3]}pt"
        boxes = [(c.x, c.y, c.right, c.bottom) for c in read_cells(root)]
        boxes += [t.line_box() for t in read_texts(root)]
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert (left, top) == pytest.approx((MARGIN, MARGIN), abs=0.01), chart_id
        assert (right, bottom) == pytest.approx((page.w - MARGIN, page.h - MARGIN), abs=0.01), (
            chart_id
        )


# --- tables and CRTs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "chart_id"),
    [("minimal-hex", "crt"), ("charts-table", "terrain"), ("charts-hostile", "hostile")],
    ids=["crt", "table", "hostile"],
)
def test_drawn_cells_are_the_model_data(fixture: str, chart_id: str) -> None:
    game = load(fixture)
    chart = game.chart(chart_id)
    contents = cell_contents(chart_svg(game, chart))
    for row in chart.rows:
        for column in chart.columns:
            cell = cell_at(contents, row.label, column.label)
            assert contents[cell] == cell_text(chart.lookup(row.label, column.label)), (
                row.label,
                column.label,
            )


def test_crt_header_shows_method_and_die() -> None:
    texts = [t.content for t in read_texts(parse(fixture_svg("minimal-hex", "crt")))]
    assert "Odds" in texts and "1d6" in texts and "Die" in texts
    hostile = [t.content for t in read_texts(parse(fixture_svg("charts-hostile", "hostile")))]
    assert "Differential" in hostile and "2d6" in hostile


def test_shaded_columns_and_alternate_rows_are_tinted() -> None:
    game = load("charts-table")
    chart = game.chart("terrain")
    root = parse(chart_svg(game, chart))
    contents = cell_contents(chart_svg(game, chart))
    fills = {
        (round(float(r.get("x")), 2), round(float(r.get("y")), 2)): r.get("fill")
        for r in root.iter(f"{SVG}rect")
        if r.get("class") == "cell"
    }
    clear = cell_at(contents, "Clear", "Defence")
    forest = cell_at(contents, "Forest", "Defence")
    assert fills[(round(clear.x, 2), round(clear.y, 2))] == "#f4dfb0"
    assert fills[(round(forest.x, 2), round(forest.y, 2))] not in ("#f4dfb0", "#ffffff")
    plain = cell_at(contents, "Clear", "Movement cost")
    assert fills[(round(plain.x, 2), round(plain.y, 2))] == "#ffffff"


def test_null_cells_are_empty_and_numbers_print_as_written() -> None:
    contents = cell_contents(fixture_svg("charts-table", "terrain"))
    assert contents[cell_at(contents, "Clear", "Combat shift")] == ""
    assert contents[cell_at(contents, "Road", "Movement cost")] == "0.5"
    assert contents[cell_at(contents, "Clear", "Movement cost")] == "1"


def test_a_huge_table_grows_instead_of_shrinking() -> None:
    columns = tuple(Column(f"{n}-1") for n in range(1, 41))
    rows = tuple(Row(str(r), tuple(f"A{r % 3}/D{n % 4}" for n in range(40))) for r in range(90))
    chart = Chart(
        "big",
        "A very big CRT",
        "crt",
        method="odds",
        die="1d100",
        row_header="Roll",
        columns=columns,
        rows=rows,
        notes=("Word " * 400,),
    )
    svg = chart_svg(Game("g", "G", Path(".")), chart)
    root = parse(svg)
    assert all(t.size >= MIN_SIZE for t in read_texts(root))
    assert canvas(root).w > 40 * 28 and canvas(root).h > 90 * 12
    assert_text_contained(svg)


# --- tracks and displays --------------------------------------------------------------------


def test_track_cells_hold_a_counter_and_wrap() -> None:
    game = load("charts-track")
    for chart_id, count, per_row in (("turns", 8, 5), ("morale", 25, 10)):
        cells = read_cells(parse(chart_svg(game, game.chart(chart_id))))
        assert len(cells) == count
        assert all(c.w >= COUNTER_CELL and c.h >= COUNTER_CELL for c in cells)
        assert all(0.75 <= c.h / c.w <= 1.5 for c in cells), "cells should be square-ish"
        assert len({(c.w, c.h) for c in cells}) == 1, "a marker moves along equal cells"
        rows = sorted({c.y for c in cells})
        assert len(rows) == -(-count // per_row)
        assert max(sum(1 for c in cells if c.y == y) for y in rows) == per_row


def test_track_notes_are_small_and_inside() -> None:
    svg = fixture_svg("charts-track", "turns")
    texts = read_texts(parse(svg))
    note = next(t for t in texts if t.content.startswith("Axis"))
    label = next(t for t in texts if t.content == "Jun 1941")
    assert MIN_SIZE <= note.size < label.size
    assert label.y < note.y


def test_display_bands_take_the_owner_colour() -> None:
    game = load("charts-display")
    root = parse(chart_svg(game, game.chart("pools")))
    cells = read_cells(root)
    fills = [r.get("fill") for r in root.iter(f"{SVG}rect") if r.get("class") == "cell"]
    assert game.faction("bl").color in fills and game.faction("rd").color in fills
    bodies = [c for c in cells if c.h >= 1.2 * 72]
    assert len(bodies) == 4 and all(c.w >= 2 * 72 for c in bodies)
    names = [t.content for t in read_texts(root)]
    assert "Blue Army force pool" in names and "Eliminated units" in names


def test_a_display_box_takes_its_own_size_and_its_row_the_tallest() -> None:
    """A force pool of 78 blocks needs more room than the common box: a box may give its own
    width and the height of its counter space; the boxes beside it keep the common size."""
    from toolkit.render.charts.display import BOX_BODY_H, display_body

    game = load("charts-display")
    big = DisplayBox("big", "Germany", width=7 * 72, height=8 * 72)
    chart = Chart(
        "d", "Pools", "display", wrap=2, boxes=(big, DisplayBox("a", "A"), DisplayBox("b", "B"))
    )
    places = dict(display_body(game, chart).places)
    band = places["big"].h - 8 * 72
    assert places["big"].w == 7 * 72 and band > 0
    assert places["a"].x > places["big"].right
    assert places["a"].h == pytest.approx(band + BOX_BODY_H)
    assert places["b"].y > places["big"].bottom, "the next row starts under the tallest box"


def test_display_box_sizes_are_read_as_lengths(tmp_path: Path) -> None:
    import shutil

    target = tmp_path / "charts-display"
    shutil.copytree(FIXTURES / "charts-display", target)
    pools = target / "charts" / "pools.json"
    text = pools.read_text(encoding="utf-8")
    marker = '"id": "blue-pool"'
    assert marker in text
    pools.write_text(
        text.replace(marker, marker + ', "width": "7.25in", "height": "8in"', 1), encoding="utf-8"
    )
    result = load_game(target)
    assert result.game is not None, result.report.format_text()
    box = result.game.chart("pools").boxes[0]
    assert (box.width, box.height) == (7.25 * 72, 8 * 72)
    assert all(b.width is None and b.height is None for b in result.game.chart("pools").boxes[1:])


# --- properties of every output -------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "chart_id"), FIXTURE_CHARTS, ids=[c for _, c in FIXTURE_CHARTS]
)
def test_deterministic_and_well_formed(fixture: str, chart_id: str) -> None:
    first = fixture_svg(fixture, chart_id)
    assert fixture_svg(fixture, chart_id) == first
    root = etree.fromstring(first.encode("utf-8"), etree.XMLParser(resolve_entities=False))
    assert root.tag == f"{SVG}svg"


@pytest.mark.parametrize("chart_id", ["hostile", "hostile-track", "hostile-display"])
def test_hostile_text_is_escaped(chart_id: str) -> None:
    game = load("charts-hostile")
    chart = game.chart(chart_id)
    svg = chart_svg(game, chart)
    root = parse(svg)
    assert not list(root.iter("script", f"{SVG}script", "b", f"{SVG}b", "i", f"{SVG}i"))
    assert "\t" not in svg, "a raw tab would turn into a space in attributes"
    drawn = " ".join(t.content for t in read_texts(root))
    assert root.find(f"{SVG}title").text == chart.title
    for text in _texts_of(chart):
        for word in text.replace("\n", " ").split(" "):
            if word:
                assert word in drawn, word


def _texts_of(chart: Chart) -> list[str]:
    return (
        [chart.title, chart.row_header, chart.cite, *chart.notes]
        + [c.label for c in chart.columns]
        + [r.label for r in chart.rows]
        + [cell_text(v) for r in chart.rows for v in r.cells]
        + [t for c in chart.cells for t in (c.label, c.note)]
        + [b.name for b in chart.boxes]
    )


def test_hostile_names_built_in_code_are_escaped() -> None:
    """A model built without the loader (say, by a script) is escaped just the same."""
    chart = Chart("x", 'A <b> & "c"', "track", cells=(TrackCell("<1>", "x & y", "#000000"),))
    boxes = Chart("y", "Boxes", "display", boxes=(DisplayBox("a", "Łódź & <Київ>"),))
    for item in (chart, boxes):
        root = parse(chart_svg(Game("g", "G", Path(".")), item))
        assert not list(root.iter(f"{SVG}b"))


# --- wrapping -------------------------------------------------------------------------------


def test_wrap_keeps_breaks_and_cuts_long_words() -> None:
    font = Font(8.0)
    assert wrap("one\ntwo", font, 500) == ["one", "two"]
    assert wrap("", font, 50) == [] and wrap("   ", font, 50) == []
    pieces = wrap("Supercalifragilistic", font, 20)
    assert len(pieces) > 1 and "".join(pieces) == "Supercalifragilistic"
    assert all(font.width(p) <= 20 for p in pieces)


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet=st.sampled_from("ab WMiíЖ1-/\t"), max_size=80),
    st.floats(min_value=12, max_value=200),
)
def test_wrap_never_exceeds_the_width_and_keeps_every_word(text: str, width: float) -> None:
    font = Font(7.0, bold=True)
    lines = wrap(text, font, width)
    assert all(font.width(line) <= width + 1e-6 for line in lines)
    assert "".join("".join(lines).split(" ")) == "".join(text.split(" "))


EDGE_CASES = {
    "table-without-rows": Chart("t", "Empty", "table", columns=(Column("A"), Column("B"))),
    "table-without-columns": Chart("t", "Labels only", "table", rows=(Row("x", ()),)),
    "short-row": Chart(
        "t",
        "Short row",
        "crt",
        method="odds",
        columns=(Column("1-1"), Column("2-1")),
        rows=(Row("1", ("AE",)),),
    ),
    "one-column-crt": Chart(
        "t",
        "Narrow",
        "crt",
        method="differential",
        die="1d6",
        columns=(Column("0"),),
        rows=(Row("1", ("DR",)),),
    ),
    "empty-track": Chart("t", "No cells", "track"),
    "empty-display": Chart("t", "No boxes", "display"),
    "long-words": Chart(
        "t",
        "W" * 200,
        "track",
        cite="C" * 40,
        notes=("N" * 5000,),
        cells=(TrackCell("L" * 40, "n" * 200),),
    ),
    "long-box-name": Chart(
        "t", "Boxes", "display", boxes=(DisplayBox("a", "Ж" * 200), DisplayBox("b", "word " * 40))
    ),
    "long-cells": Chart(
        "t",
        "Prose",
        "table",
        row_header="R" * 60,
        columns=(Column("C" * 60),),
        rows=(Row("x" * 60, ("y" * 80,)),),
    ),
}


@pytest.mark.parametrize("name", list(EDGE_CASES))
def test_edge_cases_render_and_stay_inside(name: str) -> None:
    svg = chart_svg(Game("g", "G", Path(".")), EDGE_CASES[name])
    root = parse(svg)
    assert canvas(root).w > 0 and canvas(root).h > 0
    assert_text_contained(svg)


def test_png_has_the_physical_size() -> None:
    """PNG and PDF come from this SVG: at 150 dpi a chart of w pt is w / 72 * 150 pixels."""
    svg = fixture_svg("minimal-hex", "crt")
    page = canvas(parse(svg))
    image = Image.open(io.BytesIO(svg_to_png(svg, 150)))
    assert image.size == (round(page.w / 72 * 150), round(page.h / 72 * 150))
