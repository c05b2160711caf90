"""The kit read back with pypdf and pdfminer: sizes, boxes, fonts, determinism, registration."""

from __future__ import annotations

import dataclasses
import io
from collections import defaultdict

import pytest
from pdfminer.layout import LTPage
from pypdf import PdfReader

from tests.kit.conftest import (
    TOLERANCE,
    Box,
    big_map_drawings,
    embedded_fonts,
    face_boxes,
    layout_pages,
    make_kit,
    page_texts,
    painted_boxes,
    sheet_pairs,
    with_counts,
    with_print,
)
from tests.kit.fakes import EDGE, fake_artwork
from toolkit.kit.artwork import kit_art
from toolkit.kit.book import kit_settings, plan_kit
from toolkit.kit.cover import after_calibration
from toolkit.kit.paper import MM
from toolkit.model import Game
from toolkit.model.scenario import PieceState, Placement, Setup
from toolkit.options import BuildOptions

LETTER = (612.0, 792.0)
A4 = (595.2756, 841.8898)


def sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [
        (float(p.mediabox.width), float(p.mediabox.height))
        for p in PdfReader(io.BytesIO(pdf)).pages
    ]


# -- pages -----------------------------------------------------------------------------------------


def test_letter_kit_pages_are_letter(hex_kit: bytes) -> None:
    assert set(sizes(hex_kit)) == {LETTER}


def test_a4_kit_pages_are_a4(hex_game: Game) -> None:
    pages = sizes(make_kit(hex_game, paper="a4"))
    assert all(
        w == pytest.approx(A4[0], abs=0.01) and h == pytest.approx(A4[1], abs=0.01)
        for w, h in pages
    )


def headers(pdf: bytes) -> list[str]:
    """The header line of every page: 'Minimal Hex · <section> — <label> page N of M'."""
    found = []
    for text in page_texts(pdf):
        lines = [line for line in text.splitlines() if " of " in line and "page " in line]
        found.append(lines[-1])
    return found


def test_page_order_and_numbering(hex_kit: bytes) -> None:
    heads = headers(hex_kit)
    total = len(heads)
    order = ["Cover", "Calibration", "Counters", "Map", "Chart", "Setup", "Rules"]
    sections = []
    for number, head in enumerate(heads, start=1):
        assert head.startswith("Minimal Hex · ") and head.endswith(f"page {number} of {total}")
        sections.append(head.removeprefix("Minimal Hex · ").split(":")[0].split(" ")[0])
    assert sections == sorted(sections, key=order.index)
    assert set(sections) == set(order)
    assert sections[:2] == ["Cover", "Cover"]  # even, so every sheet front is an odd page
    pairs = sheet_pairs(hex_kit)
    assert len(pairs) == 2 and all(front % 2 == 0 for front, _back in pairs)  # 0-based


def test_a_sheet_with_nothing_on_its_back_gets_no_blank_back(hex_kit: bytes) -> None:
    """The markers print on one side: their sheet opens the single-sided pages, after the last
    backs page, instead of taking a blank back inside the double-sided ones."""
    heads = headers(hex_kit)
    markers = [n for n, head in enumerate(heads, start=1) if "Markers" in head]
    last_back = max(n for n, head in enumerate(heads, start=1) if ", backs (" in head)
    assert (
        len(markers) == 1 and "Counters without backs: Markers — sheet 1" in heads[markers[0] - 1]
    )
    assert markers[0] == last_back + 1
    cover = page_texts(hex_kit)[0]
    assert f"pages 5–{last_back} double-sided" in cover  # 3–4, the calibration, come first
    assert f"pages {markers[0]}–{len(heads)}, single-sided" in cover


def test_the_calibration_sheet_is_printed_once() -> None:
    """Step 2 prints the calibration sheet; the double-sided step starts after it."""
    assert after_calibration((3, 20), (3, 4)) == (5, 20)
    assert after_calibration((3, 4), (3, 4)) is None
    assert after_calibration((3, 20), None) == (3, 20)
    assert after_calibration(None, (3, 4)) is None


def test_cover_contents_give_the_right_pages(hex_kit: bytes) -> None:
    texts = page_texts(hex_kit)
    cover = texts[0]
    assert "How to print" in cover and "100 %" in cover and "flip on long edge" in cover
    first_map = next(i for i, t in enumerate(texts) if "Map: The Valley" in t and i > 1) + 1
    assert f"Map: The Valley page {first_map}" in cover.replace("pages", "page")
    setup = next(i for i, t in enumerate(texts) if "Starting positions" in t) + 1
    assert f"page {setup}" in cover


def test_fonts_are_embedded(hex_kit: bytes) -> None:
    fonts = embedded_fonts(PdfReader(io.BytesIO(hex_kit)))
    assert fonts
    for font in fonts:
        descriptor_owner = (
            font["/DescendantFonts"][0].get_object() if font["/Subtype"] == "/Type0" else font
        )
        descriptor = descriptor_owner["/FontDescriptor"].get_object()
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), font["/BaseFont"]
        assert "DejaVuSansCondensed" in str(font["/BaseFont"])


def test_counter_sheets_have_trim_and_bleed_boxes(hex_kit: bytes, hex_layout: list[LTPage]) -> None:
    reader = PdfReader(io.BytesIO(hex_kit))
    pairs = sheet_pairs(hex_kit)
    assert pairs
    for front, back in pairs:
        for index in (front, back):
            page = reader.pages[index]
            trim, bleed = page.trimbox, page.bleedbox
            assert float(bleed.left) == pytest.approx(float(trim.left) - 9.0, abs=1e-3)
            assert float(bleed.top) == pytest.approx(float(trim.top) + 9.0, abs=1e-3)
        # the trim box is where the fronts are, as pdfminer sees them
        boxes = [box for _i, face, box in face_boxes(hex_layout[front]) if face == "front"]
        trim = reader.pages[front].trimbox
        assert min(b.x for b in boxes) == pytest.approx(float(trim.left), abs=TOLERANCE)
        assert max(b.x + b.width for b in boxes) == pytest.approx(float(trim.right), abs=TOLERANCE)
        top = 792 - float(trim.top)
        assert min(b.y for b in boxes) == pytest.approx(top, abs=TOLERANCE)


def test_two_builds_are_byte_identical(
    hex_game: Game, hex_kit: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert make_kit(hex_game) == hex_kit
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    pinned = make_kit(hex_game)
    assert pinned == make_kit(hex_game, jobs=2)
    info = PdfReader(io.BytesIO(pinned)).metadata
    assert info is not None and info["/CreationDate"] == "D:20231114221320Z"


def test_metadata_is_fixed_and_there_is_no_id(hex_kit: bytes) -> None:
    reader = PdfReader(io.BytesIO(hex_kit))
    assert reader.metadata is not None
    assert reader.metadata["/Title"] == "Minimal Hex"
    assert reader.metadata["/Producer"] == "toolkit"
    assert "/CreationDate" not in reader.metadata
    assert "/ID" not in reader.trailer


# -- counters, measured ----------------------------------------------------------------------------


def test_a_five_eighths_counter_measures_five_eighths(hex_layout: list[LTPage]) -> None:
    found = [box for page in hex_layout for _i, _face, box in face_boxes(page)]
    assert len(found) >= 7
    for box in found:
        assert box.width == pytest.approx(45.0, abs=TOLERANCE)
        assert box.height == pytest.approx(45.0, abs=TOLERANCE)


def test_every_copy_is_printed(hex_game: Game) -> None:
    game = with_counts(hex_game, bl_1_inf=3, turn=5)
    pages = layout_pages(make_kit(game))
    fronts: dict[int, int] = defaultdict(int)
    backs: dict[int, int] = defaultdict(int)
    for page in pages:
        for index, face, _box in face_boxes(page):
            (fronts if face == "front" else backs)[index] += 1
    ids = [c.id for c in game.counters]
    assert fronts[ids.index("bl-1-inf")] == 3 and backs[ids.index("bl-1-inf")] == 3
    assert fronts[ids.index("rd-1-inf")] == 2
    assert fronts[ids.index("turn")] == 5 and backs[ids.index("turn")] == 0


def unmirror(
    box: Box, page: tuple[float, float], duplex: str, offset: tuple[float, float]
) -> tuple[float, float]:
    """Where a back's box must have been on the front for the two to print back to back."""
    x, y = box.x - offset[0], box.y - offset[1]
    if duplex == "long-edge":
        return (page[0] - x - box.width, y)
    return (x, page[1] - y - box.height)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (1.5, -0.5)], ids=["no-offset", "offset"])
def test_backs_line_up_with_their_fronts(
    hex_game: Game, paper: str, duplex: str, offset_mm: tuple[float, float]
) -> None:
    offset = (offset_mm[0] * MM, offset_mm[1] * MM)
    game = with_counts(with_print(hex_game, back_offset=offset), bl_1_inf=40, rd_2_art=3)
    pdf = make_kit(game, paper=paper, duplex=duplex)
    pages = layout_pages(pdf)
    size = LETTER if paper == "letter" else A4
    checked = 0
    for front_index, back_index in sheet_pairs(pdf):
        fronts: dict[int, list[tuple[float, float]]] = defaultdict(list)
        backs: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for index, face, box in face_boxes(pages[front_index]):
            assert face == "front"
            fronts[index].append((box.x, box.y))
        for index, face, box in face_boxes(pages[back_index]):
            assert face == "back"
            backs[index].append(unmirror(box, size, duplex, offset))
        for index, spots in backs.items():
            assert len(spots) == len(fronts[index])
            for (bx, by), (fx, fy) in zip(sorted(spots), sorted(fronts[index]), strict=True):
                assert bx == pytest.approx(fx, abs=TOLERANCE)
                assert by == pytest.approx(fy, abs=TOLERANCE)
                checked += 1
    assert checked >= 45


def test_short_edge_backs_are_turned_in_place(hex_game: Game) -> None:
    options = BuildOptions(duplex="short-edge")
    plan = plan_kit(
        hex_game, kit_art(hex_game, fake_artwork(hex_game)), kit_settings(hex_game, options)
    )
    backs = [p for p in plan.pages if "backs" in p.label]
    fronts = [p for p in plan.pages if "fronts" in p.label]
    assert all("rotate(180" in p.body for p in backs if "<image" in p.body)
    assert not any("rotate(" in p.body for p in fronts)


# -- maps, charts, setups --------------------------------------------------------------------------


def test_map_tiles_share_one_drawing(hex_game: Game) -> None:
    pdf = make_kit(hex_game, big_map_drawings)
    reader = PdfReader(io.BytesIO(pdf))
    texts = page_texts(pdf)
    tiles = [i for i, t in enumerate(texts) if "Map: The Valley — tile" in t]
    assert len(tiles) >= 6
    shared = {reader.pages[i]["/Resources"]["/XObject"].raw_get("/KitArt0").idnum for i in tiles}
    assert len(shared) == 1
    assert "The Valley A1" in texts[tiles[0]] and "The Valley B1" in texts[tiles[1]]


def test_full_size_map_page_is_trimmed_to_the_map(hex_game: Game) -> None:
    pdf = make_kit(hex_game, big_map_drawings, maps="full")
    reader = PdfReader(io.BytesIO(pdf))
    full = [p for p in reader.pages if float(p.mediabox.width) > 1000]
    assert len(full) == 1
    trim = full[0].trimbox
    assert (float(trim.width), float(trim.height)) == pytest.approx((2000.0, 1500.0))
    both = make_kit(hex_game, big_map_drawings, maps="both")
    assert len(PdfReader(io.BytesIO(both)).pages) > len(reader.pages)


def test_the_map_drawing_keeps_its_size_on_a_tile(hex_game: Game) -> None:
    pdf = make_kit(hex_game, big_map_drawings)
    texts = page_texts(pdf)
    index = next(i for i, t in enumerate(texts) if "The Valley A1" in t)
    page = layout_pages(pdf)[index]
    cells = [
        b
        for b in painted_boxes(page)
        if b.colour and tuple(round(c, 2) for c in b.colour) == (0.95, 0.93, 0.82)
    ]
    assert cells, "no map cell found on the tile"
    assert all(abs(b.width - 36.0) < TOLERANCE or b.width < 36.0 for b in cells)
    assert any(abs(b.width - 36.0) < TOLERANCE and abs(b.height - 36.0) < TOLERANCE for b in cells)


def test_big_chart_is_tiled_small_chart_is_not(hex_game: Game, hex_kit: bytes) -> None:
    small = [t for t in page_texts(hex_kit)[2:] if "Chart: Combat Results Table" in t]
    assert len(small) == 1
    big = [
        t
        for t in page_texts(make_kit(hex_game, big_map_drawings))[2:]
        if "Chart: Combat Results Table" in t
    ]
    assert len(big) > 1 and "Combat Results Table A1" in big[0]


def test_setup_sheet_lists_every_placement(hex_game: Game, hex_kit: bytes) -> None:
    text = "\n".join(t for t in page_texts(hex_kit) if "Setup: Meeting Engagement" in t)
    assert "Meeting Engagement" in text and "Starting positions" in text
    setup = hex_game.setup("meeting")
    for placement in setup.placements:
        label = placement.at.partition(":")[2]
        assert label in text
        for piece in placement.pieces:
            assert f"{piece.count} × {hex_game.counter(piece.counter).name}" in text
    assert "Millbrook — 0304\n" in text
    assert "(The Valley)" not in text  # the game's only map is not named after every space
    assert "Control at start" in text and "Blue Army (24)" in text


def test_cover_says_what_the_game_is(hex_game: Game, hex_kit: bytes) -> None:
    cover = " ".join(page_texts(hex_kit)[0].split())
    assert hex_game.description and " ".join(hex_game.description.split()) in cover


def test_setup_sheet_says_whose_each_piece_is(hex_game: Game, hex_kit: bytes) -> None:
    text = "\n".join(t for t in page_texts(hex_kit) if "Setup: Meeting Engagement" in t)
    blue, red = text.index("Starting positions: Blue"), text.index("Starting positions: Red")
    assert blue < red
    assert "1 × 1st Infantry [Blue Army]" in text[blue:red]
    assert "2 × 1st Rifles [Red Army]" in text[red:]
    assert "[Red Army]" not in text[blue:red] and "[Blue Army]" not in text[red:]


def test_rules_summary_lists_every_checkable_rule(hex_game: Game, hex_kit: bytes) -> None:
    pages = [t for t in page_texts(hex_kit) if "Rules summary" in t]
    assert pages, "no rules summary page"
    text = " ".join(" ".join(pages).split())
    assert hex_game.rules
    for rule in hex_game.rules:
        assert f"{rule.cite} {rule.text}" in text, rule.id
    for heading in ("Stacking", "Where units may go", "Movement", "Victory"):
        assert heading in text
    assert "Rules summary page" in " ".join(page_texts(hex_kit)[0].split())  # in the contents


def test_a_game_without_rules_has_no_summary(hex_game: Game) -> None:
    game = dataclasses.replace(hex_game, rules=())
    assert not any("Rules summary" in t for t in page_texts(make_kit(game)))


def test_area_game_kit(minimal_area: Game) -> None:
    pdf = make_kit(minimal_area)
    texts = page_texts(pdf)
    assert "Germany · Berlin\n" in "\n".join(texts)
    # no counter has a back: no calibration pair, no backs pages
    assert not any("Calibration" in t for t in texts)
    assert not any("backs" in t for t in texts)
    fronts = [box for page in layout_pages(pdf) for _i, _f, box in face_boxes(page)]
    assert len(fronts) == 22


def test_setups_paginate(hex_game: Game) -> None:
    many = tuple(Placement(key, (PieceState("bl-1-inf", 1),)) for key in hex_game.locations)
    game = dataclasses.replace(hex_game, setups=(Setup("long", "Long", placements=many),))
    texts = [t for t in page_texts(make_kit(game)) if "Setup: Long" in t]
    assert len(texts) >= 3
    joined = "\n".join(texts)
    assert all(key.partition(":")[2] in joined for key in hex_game.locations)


def test_bleed_continues_the_drawn_edge_colour_past_the_cut(
    hex_kit: bytes, hex_layout: list[LTPage]
) -> None:
    edge = tuple(int(EDGE[i : i + 2], 16) / 255 for i in (1, 3, 5))
    for front, back in sheet_pairs(hex_kit):
        for index in (front, back):
            faces = [box for _i, _f, box in face_boxes(hex_layout[index])]
            if not faces:
                continue
            fills = [
                box
                for box in painted_boxes(hex_layout[index])
                if box.colour
                and len(box.colour) == 3
                and all(abs(c - e) < 0.01 for c, e in zip(box.colour, edge, strict=True))
            ]
            left = min(b.x for b in faces)
            top = min(b.y for b in faces)
            assert min(b.x for b in fills) == pytest.approx(left - 9.0, abs=TOLERANCE)
            assert min(b.y for b in fills) == pytest.approx(top - 9.0, abs=TOLERANCE)


def test_a_game_with_nothing_to_print_still_gets_a_cover(hex_game: Game) -> None:
    bare = dataclasses.replace(hex_game, counters=(), maps=(), charts=(), setups=(), rules=())
    texts = page_texts(make_kit(bare))
    assert len(texts) == 2  # the cover and its blank back
    assert "How to print" in texts[0] and "Calibrate" not in texts[0]
