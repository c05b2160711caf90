"""Card sheets read back from the PDF: cards at true size, nine poker cards a page, every copy,
backs in register behind their fronts, bleed past the cut, hostile text intact."""

from __future__ import annotations

import dataclasses
import io
import subprocess
from collections import defaultdict

import pytest
from pdfminer.layout import LTChar, LTComponent, LTContainer, LTPage
from pypdf import PdfReader

from tests.conftest import SOURCES, load_fixture
from tests.kit.conftest import (
    TOLERANCE,
    Box,
    layout_pages,
    make_kit,
    page_texts,
    painted_boxes,
    with_print,
)
from tests.kit.fakes import fake_artwork
from tests.kit.test_pdf import A4, LETTER, unmirror
from toolkit.artwork import Artwork, CardArt, Drawing
from toolkit.catalogue import words
from toolkit.kit.artwork import kit_art
from toolkit.kit.book import kit_settings, plan_kit
from toolkit.kit.cardsheets import (
    HEADER_ROOM,
    MIN_BLEED,
    SEAM,
    SIDE_HEADER,
    TOP_HEADER,
    UNPRINTED,
    card_grid,
    card_sheet_plans,
)
from toolkit.kit.draw import HEADER_SIZE, MARK_GAP, MARK_LENGTH, SMALLEST_HEADER_SIZE, side_heading
from toolkit.kit.layout import page_svg
from toolkit.kit.measure import text_width
from toolkit.kit.paper import MM, Page, paper
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.card import CARD_SIZES
from toolkit.options import BuildOptions
from toolkit.render.svg import attrs, esc, svg_document

SIDES = {"front": 0x50, "back": 0x60}


def _colour(index: int, side: str) -> str:
    return f"#{SIDES[side]:02x}{index // 256:02x}{index % 256:02x}"


def _side_of(colour: tuple[float, ...] | None) -> tuple[int, str] | None:
    if colour is None or len(colour) != 3:
        return None
    r, g, b = (round(c * 255) for c in colour)
    side = {v: k for k, v in SIDES.items()}.get(r)
    return None if side is None else (g * 256 + b, side)


def fake_cards(game: Game) -> Artwork:
    """The stand-in artwork with every card a full rectangle in a colour of its own."""
    art = fake_artwork(game)
    cards = {}
    for index, card in enumerate(game.cards):
        template = game.card_template(card.template)
        w, h = template.width, template.height
        sides = [
            Drawing(
                svg_document(w, h, f"<rect{attrs(x=0, y=0, width=w, height=h, fill=colour)}/>"),
                w,
                h,
            )
            for colour in (_colour(index, "front"), _colour(index, "back"))
        ]
        cards[card.id] = CardArt(*sides)
    return dataclasses.replace(art, cards=cards)


def with_copies(game: Game, **counts: int) -> Game:
    wanted = {key.replace("_", "-"): value for key, value in counts.items()}
    cards = tuple(
        dataclasses.replace(c, count=wanted[c.id]) if c.id in wanted else c for c in game.cards
    )
    return dataclasses.replace(game, cards=cards)


def card_boxes(page: LTPage) -> list[tuple[int, str, Box]]:
    found = []
    for box in painted_boxes(page):
        side = _side_of(box.colour)
        if side is not None:
            found.append((*side, box))
    return found


@pytest.fixture(scope="module")
def cards_game() -> Game:
    return load_fixture("cards-hex")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nine_poker_cards_a_page_at_true_size(cards_game: Game, paper: str) -> None:
    game = with_copies(cards_game, forced_march=12)
    pages = layout_pages(make_kit(game, fake_cards, paper=paper))
    per_page = [[box for _i, side, box in card_boxes(p) if side == "front"] for p in pages]
    assert max(len(boxes) for boxes in per_page) == 9
    width, height = CARD_SIZES["poker"]
    for boxes in per_page:
        for box in boxes:
            assert box.width == pytest.approx(width, abs=TOLERANCE)  # 63 mm
            assert box.height == pytest.approx(height, abs=TOLERANCE)  # 88 mm
            size = LETTER if paper == "letter" else A4
            assert 0 < box.x and box.x + box.width < size[0]
            assert 0 < box.y and box.y + box.height < size[1]


def test_every_copy_is_printed_with_its_back(cards_game: Game) -> None:
    game = with_copies(cards_game, mud=4)
    fronts: dict[int, int] = defaultdict(int)
    backs: dict[int, int] = defaultdict(int)
    for page in layout_pages(make_kit(game, fake_cards)):
        for index, side, _box in card_boxes(page):
            (fronts if side == "front" else backs)[index] += 1
    for index, card in enumerate(game.cards):
        assert fronts[index] == backs[index] == card.count, card.id
    assert fronts[[c.id for c in game.cards].index("heavy-guns")] == 2


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (1.5, -0.5)], ids=["no-offset", "offset"])
def test_card_backs_line_up_with_their_fronts(
    cards_game: Game, paper: str, duplex: str, offset_mm: tuple[float, float]
) -> None:
    offset = (offset_mm[0] * MM, offset_mm[1] * MM)
    game = with_copies(with_print(cards_game, back_offset=offset), forced_march=10, ambush=2)
    pages = layout_pages(make_kit(game, fake_cards, paper=paper, duplex=duplex))
    size = LETTER if paper == "letter" else A4
    checked = 0
    for number, page in enumerate(pages):
        fronts: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for index, side, box in card_boxes(page):
            if side == "front":
                fronts[index].append((box.x, box.y))
        if not fronts:
            continue
        faces = [box for _i, side, box in card_boxes(page) if side == "front"]
        assert_bleed_on_every_side(faces, size, max(game.print.bleed, MIN_BLEED))
        backs: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for index, side, box in card_boxes(pages[number + 1]):
            assert side == "back"
            backs[index].append(unmirror(box, size, duplex, offset))
        assert set(backs) == set(fronts)
        for index, spots in backs.items():
            assert len(spots) == len(fronts[index])
            for (bx, by), (fx, fy) in zip(sorted(spots), sorted(fronts[index]), strict=True):
                assert bx == pytest.approx(fx, abs=TOLERANCE)
                assert by == pytest.approx(fy, abs=TOLERANCE)
                checked += 1
    assert checked == sum(c.count for c in game.cards)
    assert max(len(fronts) for fronts in _fronts_per_page(pages)) == 9


def _fronts_per_page(pages: list[LTPage]) -> list[list[Box]]:
    return [[box for _i, side, box in card_boxes(p) if side == "front"] for p in pages]


def assert_bleed_on_every_side(faces: list[Box], paper: tuple[float, float], bleed: float) -> None:
    """Neighbouring cards stand apart, never sharing a cut, so each can carry its own bleed
    towards the other; by twice the 3 mm bleed, unless the grid already reaches as far towards
    the paper's edge as its bleed, crop marks and page header allow on that axis."""
    edge = bleed + MARK_GAP + MARK_LENGTH
    for axis in (0, 1):
        starts = sorted({round(box.x if axis == 0 else box.y, 2) for box in faces})
        length = faces[0].width if axis == 0 else faces[0].height
        gaps = [b - a - length for a, b in zip(starts, starts[1:], strict=False)]
        if not gaps:
            continue
        assert min(gaps) > 0.5  # a gap, not a shared cut line
        assert max(gaps) - min(gaps) < TOLERANCE  # one gap along the axis
        reach = starts[0] - edge, paper[axis] - (starts[-1] + length) - edge
        full = min(gaps) >= 2 * MIN_BLEED - TOLERANCE
        header = TOP_HEADER if axis else SIDE_HEADER  # the page header's room before the grid
        used = min(reach) < TOLERANCE or abs(reach[0] - header) < TOLERANCE
        assert full or used, (axis, gaps, reach)


POKER = CARD_SIZES["poker"]


@pytest.mark.parametrize(
    ("paper", "gaps_mm", "header"),
    [
        # Letter: no room above the cards, so the header runs up the left margin and the
        # columns leave it room; down the page three cards leave under a millimetre
        (LETTER, (3.39, 0.47), "side"),
        # A4: the header above the crop marks, the rows apart by what is left
        (A4, (3.27, 5.03), "top"),
    ],
    ids=["letter", "a4"],
)
def test_cards_stand_apart_by_what_the_paper_leaves(
    paper: tuple[float, float], gaps_mm: tuple[float, float], header: str
) -> None:
    page = Page(paper[0], paper[1], 0.5 * 72)
    grid = card_grid(page, POKER[0], POKER[1], MIN_BLEED, None)
    assert (grid.columns, grid.rows) == (3, 3)
    assert grid.gap_x / MM == pytest.approx(gaps_mm[0], abs=0.01)
    assert grid.gap_y / MM == pytest.approx(gaps_mm[1], abs=0.01)
    room_above = grid.top - MIN_BLEED - MARK_GAP - MARK_LENGTH
    assert (room_above >= HEADER_ROOM - 1e-6) == (header == "top")
    # a header up the side stands no nearer the paper's edge than a home printer prints
    assert header == "top" or grid.left - MIN_BLEED - MARK_GAP - HEADER_SIZE >= UNPRINTED - 1e-6


def test_a_designers_gutter_is_kept_even_when_it_costs_a_card() -> None:
    page = Page(LETTER[0], LETTER[1], 0.5 * 72)
    assert card_grid(page, *POKER, MIN_BLEED, 0.0).rows == 3
    six = card_grid(page, *POKER, MIN_BLEED, 6 * MM)
    assert (six.rows, six.gap_y) == (2, 6 * MM)
    assert card_grid(page, POKER[0], 300 * MM, MIN_BLEED, None).rows == 0
    assert card_grid(page, 150 * MM, POKER[1], MIN_BLEED, None).columns == 1


def test_a_designers_zero_gutter_butts_the_cards(cards_game: Game) -> None:
    game = with_copies(with_print(cards_game, gutter=0.0), forced_march=12)
    (fronts, *_rest) = (p for p in _fronts_per_page(layout_pages(make_kit(game, fake_cards))) if p)
    xs = sorted({round(box.x, 2) for box in fronts})
    assert len(fronts) == 9
    assert xs[1] - xs[0] == pytest.approx(POKER[0], abs=TOLERANCE)  # shared cut lines


def test_card_fronts_are_odd_pages_and_carry_bleed_and_cut_lines(cards_game: Game) -> None:
    settings = kit_settings(cards_game, BuildOptions())
    plan = plan_kit(cards_game, kit_art(cards_game, fake_cards(cards_game)), settings)
    numbered = list(enumerate(plan.pages, start=1))
    fronts = [(n, p) for n, p in numbered if p.section.startswith("Cards:") and "fronts" in p.label]
    assert [p.section for _n, p in fronts] == ["Cards: Blue events", "Cards: Red events"]
    for number, page in fronts:
        assert number % 2 == 1
        assert page.trim is not None and page.bleed is not None
        assert page.bleed[0] <= page.trim[0] - MIN_BLEED + 1e-6
        grounds = [p for p in page.placements if not p.above]
        faces = [p for p in page.placements if p.above]
        assert len(faces) == 2 * len(grounds)  # each card: its face, then its cut line
        for ground, face in zip(grounds, faces[::2], strict=True):
            gx, gy, gw, gh = ground.clip
            fx, fy, fw, fh = face.clip
            sides = (fx - gx, fy - gy, gx + gw - fx - fw, gy + gh - fy - fh)
            assert min(sides) > SEAM  # a bleed of its own on every side, beyond the seam
            assert max(sides) >= MIN_BLEED - 1e-6
        cut = plan.art[faces[1].art].svg
        assert 'stroke="#8c8c8c"' in cut and "rx=" in cut


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_page_has_its_header_and_page_number(cards_game: Game, paper: str) -> None:
    """Nine poker cards leave Letter no room at the top: the header runs up the left margin,
    clear of the cards and their bleed, as every other page has one."""
    game = with_copies(cards_game, forced_march=12)
    pdf = make_kit(game, fake_cards, paper=paper)
    texts = page_texts(pdf)
    cards = [n for n, t in enumerate(texts, start=1) if f"{game.title} · Cards: " in t]
    assert len(cards) == 6
    for number in cards:
        assert f"page {number} of {len(texts)}" in texts[number - 1]
    if paper == "letter":
        (fronts,) = layout_pages(pdf)[cards[0] - 1 : cards[0]]
        left = min(box.x for _i, side, box in card_boxes(fronts) if side == "front")
        header = [c for c in _chars(fronts) if c.get_text() == "C"]
        assert header and max(c.x1 for c in header) < left - MIN_BLEED


def test_a_side_header_too_long_shrinks_then_leaves_out_the_title() -> None:
    title, section, right = "Distant Foreign Fields", "Cards: All cards — sheet 1, fronts", "page 9"
    full = f"{title} · {section}"
    wide = text_width(full, HEADER_SIZE) + 12 + text_width(right, HEADER_SIZE)
    assert side_heading(wide, title, section, right) == (full, HEADER_SIZE)
    assert side_heading(wide - 1, title, section, right) == (full, SMALLEST_HEADER_SIZE)
    short = text_width(section, HEADER_SIZE) + 12 + text_width(right, HEADER_SIZE)
    assert side_heading(short, title, section, right) == (section, HEADER_SIZE)
    head, size = side_heading(short / 2, title, section, right)
    assert head.endswith("…") and size == SMALLEST_HEADER_SIZE  # the last resort, never wider
    assert text_width(head, size) + text_width(right, size) < short / 2


EXAMPLES = sorted(p.parent.name for p in SOURCES.glob("*/game.json"))


@pytest.fixture(scope="module", params=EXAMPLES)
def example(request: pytest.FixtureRequest) -> Game:
    result = load_game(SOURCES / request.param)
    assert result.game is not None, result.report.format_text()
    return result.game


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("paper_name", ["letter", "a4"])
def test_no_card_sheet_header_of_an_example_game_is_cut_short(
    example: Game, paper_name: str, duplex: str
) -> None:
    """Poker cards fill a Letter page, so their header runs up the left margin, one card high:
    what it says is printed whole, whichever paper and duplex, up to a kit of 999 pages."""
    settings = kit_settings(example, BuildOptions(paper=paper_name, duplex=duplex))
    blank = Drawing(svg_document(10, 10, ""), 10, 10)
    art = {card.id: CardArt(blank, blank) for card in example.cards}
    plans = card_sheet_plans(
        example,
        art,
        paper(settings.paper),
        settings.duplex,
        settings.back_offset,
        settings.bleed,
        settings.gutter,
    ).pages
    assert bool(plans) == bool(example.cards)
    say = words(example.language)
    for plan in plans:
        svg = page_svg(plan, example.title, 999, 999, say)
        assert "…" not in svg, (plan.section, plan.label)
        assert esc(plan.label) in svg and esc(plan.section) in svg


def _chars(page: LTPage) -> list[LTChar]:
    found: list[LTChar] = []

    def walk(item: LTComponent) -> None:
        if isinstance(item, LTChar):
            found.append(item)
        if isinstance(item, LTContainer):
            for child in item:
                walk(child)

    walk(page)
    return found


def test_card_text_reaches_the_pdf_intact() -> None:
    """The real drawings: text kept as text, hostile characters and all, in embedded fonts."""
    from tests.kit.conftest import real_kit
    from tests.render.test_cards import HOSTILE

    game = load_fixture("cards-hex")
    card = dataclasses.replace(game.cards[0], title="Hostile", text=HOSTILE)
    game = dataclasses.replace(game, cards=(card, *game.cards[1:]))
    pdf = real_kit(game)
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert '<script>alert("x")</script>;' in text
    assert "'quoted' a/b\\c &" in text
    # right-to-left words: every letter kept (extractors give them in either reading order)
    assert "שלום עולם" in text or "םלוע םולש" in text
    assert "Keep this card hidden until you" in text  # an italic run
    fonts = subprocess.run(
        ["pdffonts", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    assert "DejaVuSansCondensed-Oblique" in fonts
    for line in fonts.splitlines()[2:]:
        assert " yes " in line, line  # every font embedded
