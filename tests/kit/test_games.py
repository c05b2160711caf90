"""Every game in sources/ builds a kit that passes the kit's checks, read back from the PDF."""

from __future__ import annotations

import io
from collections import defaultdict

import pytest
from pypdf import PdfReader

from tests.conftest import SOURCES
from tests.kit.conftest import (
    TOLERANCE,
    embedded_fonts,
    face_boxes,
    layout_pages,
    shared_kit,
    sheet_pairs,
)
from tests.kit.fakes import fake_artwork
from tests.kit.test_pdf import unmirror
from toolkit.catalogue import words
from toolkit.kit.artwork import kit_art
from toolkit.kit.paper import PAPER_SIZES, paper
from toolkit.kit.sheets import sheet_plans
from toolkit.load import load_game
from toolkit.model import Game

GAMES = sorted(p.parent.name for p in SOURCES.glob("*/game.json"))


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    result = load_game(SOURCES / request.param)
    assert result.game is not None, result.report.format_text()
    return result.game


def test_real_kit_pages_fonts_and_boxes(game: Game) -> None:
    pdf = shared_kit(game, real=True)
    reader = PdfReader(io.BytesIO(pdf))
    paper = tuple(round(side) for side in PAPER_SIZES[game.print.paper])
    sizes = [
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in reader.pages
    ]
    on_paper = [s for s in sizes if s in (paper, paper[::-1])]
    assert len(on_paper) == len(sizes) or game.print.maps != "tiled"
    # map tiles hold thousands of words; the header is checked on the pages around them
    sample = [reader.pages[i].extract_text() for i in (0, 1, len(sizes) - 1)]
    assert game.title in sample[0]
    say = words(game.language)
    numbers = (1, 2, len(sizes))
    assert all(
        say("kit.page.number", page=n, pages=len(sizes)) in text
        for n, text in zip(numbers, sample, strict=True)
    )
    for font in embedded_fonts(reader):
        owner = font["/DescendantFonts"][0].get_object() if font["/Subtype"] == "/Type0" else font
        descriptor = owner["/FontDescriptor"].get_object()
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor)
    sheets = [page for page in reader.pages if "/BleedBox" in page]  # only counter sheets bleed
    assert sheets, "no counter sheets"
    one_sided = say("kit.section.counters-one-sided", group="").rstrip(" :\u00a0")
    two_sided = [page for page in sheets if one_sided not in page.extract_text()]
    assert len(two_sided) % 2 == 0  # each sheet of fronts with backs has its page of backs
    for page in sheets:
        assert float(page.bleedbox.left) < float(page.trimbox.left)
        assert float(page.bleedbox.top) > float(page.trimbox.top)


def test_backs_line_up_for_this_games_counter_mix(game: Game) -> None:
    pdf = shared_kit(game)
    pages = layout_pages(pdf)
    paper = PAPER_SIZES[game.print.paper]
    offset = game.print.back_offset
    checked = 0
    for front_index, back_index in sheet_pairs(pdf):
        fronts: dict[int, list[tuple[float, float]]] = defaultdict(list)
        backs: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for index, face, box in face_boxes(pages[front_index]):
            assert face in ("front", "step")  # a block shows its full-strength step
            fronts[index].append((box.x, box.y))
        for index, face, box in face_boxes(pages[back_index]):
            assert face in ("back", "hidden")
            backs[index].append(unmirror(box, paper, game.print.duplex, offset))
        for index, spots in backs.items():
            for (bx, by), (fx, fy) in zip(sorted(spots), sorted(fronts[index]), strict=True):
                assert bx == pytest.approx(fx, abs=TOLERANCE)
                assert by == pytest.approx(fy, abs=TOLERANCE)
                checked += 1
    assert checked > 0


def test_two_factions_few_control_markers_share_one_page() -> None:
    """Axis & Allies Europe: Germany's and the United States' flags overflow their full sheets;
    they print on one page together, each faction's block whole, not on two nearly empty ones,
    and the cover lists the page under both."""
    game = load_game(SOURCES / "axis-allies-europe").game
    assert game is not None
    printed = kit_art(game, fake_artwork(game)).counters
    plans = sheet_plans(game, printed, paper("letter"), "long-edge", (0.0, 0.0), 9.0, 0.0)
    assert [(p.section, p.label) for p in plans.one_sided] == [
        ("Counters without backs: Germany, sheet 2 · United States, sheet 2", ""),
        ("Counters without backs: Markers", "sheet 1"),
    ]
    shared = plans.one_sided[0]
    assert shared.contents == (
        "Counters without backs: Germany",
        "Counters without backs: United States",
    )
    _x, y, _width, height = shared.trim or (0.0, 0.0, 0.0, 0.0)
    page = shared.page
    assert page.margin <= y and y + height <= page.height - page.margin  # both blocks fit
