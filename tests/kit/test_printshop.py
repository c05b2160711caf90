"""The print-shop edition read back as a printer's preflight would: PDF/X-4 keys, the output
intent, no RGB anywhere, the ink limit, boxes, fonts, and the die lines on their own layer; and
third-party readers (qpdf, poppler, Ghostscript's separations) agreeing."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from pdfminer.layout import LTContainer, LTCurve, LTPage
from pypdf import PageObject, PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, StreamObject

from tests.conftest import SOURCES, load_fixture, tool_missing
from tests.kit.conftest import (
    TOLERANCE,
    face_boxes,
    layout_pages,
    make_kit,
    shared_kit,
    with_print,
)
from tests.kit.fakes import fake_artwork
from toolkit.catalogue import words
from toolkit.kit.artwork import kit_art
from toolkit.kit.book import build_kit, kit_settings, plan_kit
from toolkit.kit.errors import KitError
from toolkit.kit.paper import MM, paper
from toolkit.kit.pdf import writer
from toolkit.kit.pdf.cmyk import limit_ink, open_press
from toolkit.kit.pdf.pdfx import to_pdfx
from toolkit.kit.sheets import counter_pieces, sheet_plans
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.workers import Workers

INK_LIMIT = 260


def print_shop_kit(game: Game, **options: object) -> bytes:
    """The print-shop edition of ``game``, from the real renderers' drawings."""
    settings = BuildOptions(**options)  # type: ignore[arg-type]
    with Workers(game, settings.jobs) as workers:
        return build_kit(game, draw_artwork(game, workers), settings, workers, "print-shop")


@pytest.fixture(scope="module")
def cards_game() -> Game:
    return load_fixture("cards-hex")


@pytest.fixture(scope="module")
def shop_pdf(cards_game: Game) -> bytes:
    return print_shop_kit(cards_game, ink_limit=INK_LIMIT)


@pytest.fixture(scope="module")
def reader(shop_pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(shop_pdf))


def drawn(reader: PdfReader) -> Iterator[tuple[StreamObject, DictionaryObject]]:
    """Every content stream a page draws (pages, forms, patterns, Type 3 glyphs) with its
    resources, and every image, each once (an image with empty resources)."""
    seen: set[int] = set()

    def resources(res: DictionaryObject) -> Iterator[tuple[StreamObject, DictionaryObject]]:
        for kind in ("/XObject", "/Pattern"):
            for ref in res.get(kind, DictionaryObject()).get_object().values():
                obj = ref.get_object()
                if ref.idnum in seen or not isinstance(obj, StreamObject):
                    continue
                seen.add(ref.idnum)
                inner = obj.get("/Resources", DictionaryObject()).get_object()
                yield obj, inner
                yield from resources(inner)

    for page in reader.pages:
        res = page["/Resources"].get_object()
        contents = page.get_contents()
        assert contents is not None
        yield contents, res
        yield from resources(res)


_END = rb"(?=[\s/\[<(%]|$)"
RGB_OPERATOR = re.compile(rb"(?:^|\s)(?:[-+]?[\d.]+\s+){3}(?:rg|RG)" + _END)
CMYK_OPERATOR = re.compile(rb"(?:^|\s)((?:[-+]?[\d.]+\s+){4})[kK]" + _END)
DEVICE_SPACE = re.compile(rb"(/Device\w+)\s*(?:cs|CS)" + _END)
"""Colour operators found in a content stream's bytes: a scan, not a parse (pypdf's parser takes
seconds on a game's maps); numbers never stand before an operator inside the kit's strings,
which are glyph codes in hex."""


def colour_spaces(reader: PdfReader) -> set[str]:
    """The name of every colour space set or used anywhere: operators, resources, images,
    groups."""
    found: set[str] = set()
    for stream, res in drawn(reader):
        if stream.get("/Subtype") == "/Image":
            space = stream["/ColorSpace"].get_object()
            found.add(str(space[0] if isinstance(space, ArrayObject) else space))
            continue
        group = stream.get("/Group")
        if group is not None:
            found.add(str(group.get_object().get("/CS")))
        for space in res.get("/ColorSpace", DictionaryObject()).get_object().values():
            space = space.get_object()
            found.add(str(space[0] if isinstance(space, ArrayObject) else space))
        data = stream.get_data()
        if RGB_OPERATOR.search(data):
            found.add("/DeviceRGB")
        if CMYK_OPERATOR.search(data):
            found.add("/DeviceCMYK")
        found |= {name.decode() for name in DEVICE_SPACE.findall(data)}
    for page in reader.pages:
        if "/Group" in page:
            found.add(str(page["/Group"].get_object().get("/CS")))
    return found - {"None"}


def ink_totals(reader: PdfReader) -> list[float]:
    """The total ink (C + M + Y + K, 1 for 100 %) of every CMYK colour a content stream sets."""
    return [
        sum(float(v) for v in operands.split())
        for stream, _res in drawn(reader)
        if stream.get("/Subtype") != "/Image"
        for operands in CMYK_OPERATOR.findall(stream.get_data())
    ]


# -- PDF/X-4 -------------------------------------------------------------------------------------


def test_no_rgb_is_left_anywhere(reader: PdfReader) -> None:
    spaces = colour_spaces(reader)
    assert "/DeviceCMYK" in spaces
    assert not spaces & {"/DeviceRGB", "/CalRGB", "/ICCBased"}, spaces


def test_qpdf_finds_no_rgb_in_any_decoded_stream(shop_pdf: bytes, tmp_path: Path) -> None:
    if shutil.which("qpdf") is None:
        tool_missing("qpdf is not installed")
    source, plain = tmp_path / "kit.pdf", tmp_path / "plain.pdf"
    source.write_bytes(shop_pdf)
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", source, plain], check=True)
    text = plain.read_bytes()
    assert b"/DeviceRGB" not in text
    assert not re.search(rb"[\d.]+ [\d.]+ [\d.]+ (rg|RG)\s", text)


def test_images_are_cmyk(reader: PdfReader) -> None:
    images = [s for s, _res in drawn(reader) if s.get("/Subtype") == "/Image"]
    colour = [i for i in images if "/SMask" not in str(i.get("/ColorSpace"))]
    spaces = {str(i["/ColorSpace"]) for i in colour}
    assert spaces <= {"/DeviceCMYK", "/DeviceGray"}, spaces


def test_every_colour_keeps_under_the_ink_limit(reader: PdfReader) -> None:
    totals = ink_totals(reader)
    assert totals
    assert max(totals) <= INK_LIMIT / 100 + 1e-3


def test_output_intent_embeds_a_cmyk_printer_profile(reader: PdfReader) -> None:
    (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"]
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    header = profile.get_data()[:128]
    assert header[12:16] == b"prtr" and header[16:20] == b"CMYK"


def test_pdfx_keys_and_metadata(reader: PdfReader, shop_pdf: bytes) -> None:
    assert shop_pdf.startswith(b"%PDF-1.6")
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-4"
    assert info["/Trapped"] == "/False"
    assert info["/Title"] == "Cards Hex"
    assert info["/CreationDate"] == info["/ModDate"]
    assert "/ID" in reader.trailer
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
    assert b"<xmpMM:DocumentID>" in xmp and b"<xmpMM:VersionID>" in xmp


def test_the_edition_is_deterministic(cards_game: Game, shop_pdf: bytes) -> None:
    assert print_shop_kit(cards_game, ink_limit=INK_LIMIT) == shop_pdf


def test_every_page_has_trim_and_bleed_inside_its_media(reader: PdfReader) -> None:
    for page in reader.pages:
        media, trim, bleed = (page[k] for k in ("/MediaBox", "/TrimBox", "/BleedBox"))
        assert float(media[0]) <= float(bleed[0]) <= float(trim[0])
        assert float(trim[2]) <= float(bleed[2]) <= float(media[2])


def test_pieces_bleed_3_mm(reader: PdfReader) -> None:
    sheets = [p for p in reader.pages if p.trimbox != p.mediabox]
    assert sheets
    for page in sheets:
        trim, bleed = page.trimbox, page.bleedbox
        assert float(trim.left) - float(bleed.left) >= 3 * MM - 1e-3
        assert float(bleed.top) - float(trim.top) >= 3 * MM - 1e-3


def clips(page: PageObject) -> list[tuple[float, ...]]:
    """Every rectangle a page's own content clips to (``x y w h re W n``), as (x0, y0, x1, y1)."""
    found = []
    operations = ContentStream(page.get_contents(), None).operations
    for (operands, operator), (_, after) in zip(operations, operations[1:], strict=False):
        if operator == b"re" and after == b"W":
            x, y, w, h = (float(v) for v in operands)
            found.append((x, y, x + w, y + h))
    return found


def test_map_tiles_are_trimmed_on_their_window_and_the_map_bleeds_3_mm(reader: PdfReader) -> None:
    tiles = [
        page
        for page in reader.pages
        if any(c == pytest.approx([float(v) for v in page.bleedbox], abs=1e-2) for c in clips(page))
    ]
    assert tiles  # the map's tile: its drawing clipped to the bleed, not to the trim
    for page in tiles:
        trim, bleed = page.trimbox, page.bleedbox
        assert trim != page.mediabox
        for inner, outer in ((bleed.left, trim.left), (bleed.bottom, trim.bottom)):
            assert float(outer) - float(inner) >= 3 * MM - 1e-3
        for inner, outer in ((trim.right, bleed.right), (trim.top, bleed.top)):
            assert float(outer) - float(inner) >= 3 * MM - 1e-3


def test_the_cover_is_a_job_sheet_for_the_printer(reader: PdfReader) -> None:
    cover = reader.pages[0].extract_text()
    for fact in ("For the printer", "PDF/X-4", f"{INK_LIMIT} %", "TrimBox", "CutContour"):
        assert fact in cover, fact
    assert "How to print" not in cover
    assert not any("Calibrat" in page.extract_text() for page in reader.pages)


def test_the_print_shop_plan_has_no_calibration_and_no_back_offset(cards_game: Game) -> None:
    game = with_print(cards_game, back_offset=(1.5, -2.0))
    art = kit_art(game, fake_artwork(game))
    home = plan_kit(game, art, kit_settings(game, BuildOptions()))
    shop_settings = kit_settings(game, BuildOptions(), "print-shop", "a press")
    shop = plan_kit(game, art, shop_settings)
    assert "Calibration" in {p.section for p in home.pages}
    assert "Calibration" not in {p.section for p in shop.pages}
    assert shop_settings.back_offset == (0.0, 0.0)
    assert [p.label for p in shop.pages if p.section != "Cover"] == [
        p.label for p in home.pages if p.section not in ("Cover", "Calibration")
    ]


def test_every_font_is_embedded(shop_pdf: bytes) -> None:
    if shutil.which("pdffonts") is None:
        tool_missing("poppler's pdffonts is not installed")
    listing = subprocess.run(
        ["pdffonts", "-"], input=shop_pdf, capture_output=True, check=True
    ).stdout.decode()
    rows = listing.splitlines()[2:]
    assert rows
    assert all(re.search(r"\byes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$", row) for row in rows), listing


def test_qpdf_and_poppler_read_it_without_complaint(shop_pdf: bytes, tmp_path: Path) -> None:
    if shutil.which("qpdf") is None or shutil.which("pdftoppm") is None:
        tool_missing("qpdf or poppler's pdftoppm is not installed")
    source = tmp_path / "kit.pdf"
    source.write_bytes(shop_pdf)
    checked = subprocess.run(["qpdf", "--check", source], capture_output=True, text=True)
    assert checked.returncode == 0 and "No syntax or stream encoding errors" in checked.stdout
    rendered = subprocess.run(
        ["pdftoppm", "-r", "20", "-png", source, tmp_path / "page"], capture_output=True, text=True
    )
    assert rendered.returncode == 0 and rendered.stderr == "", rendered.stderr


def test_ghostscript_renders_its_separations(shop_pdf: bytes, tmp_path: Path) -> None:
    if shutil.which("gs") is None:
        tool_missing("Ghostscript (gs) is not installed: the separations cannot be rendered")
    source = tmp_path / "kit.pdf"
    source.write_bytes(shop_pdf)
    sheet = die_forms(PdfReader(io.BytesIO(shop_pdf)))[0][0] + 1  # a sheet with die lines
    ran = subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", "-r20",
         f"-dFirstPage={sheet}", f"-dLastPage={sheet}", f"-sOutputFile={tmp_path / 'sep.tif'}",
         source],
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    made = {p.name for p in tmp_path.glob("sep*.tif")}
    for ink in ("Cyan", "Magenta", "Yellow", "Black", "CutContour"):
        assert f"sep({ink}).tif" in made, made


# -- die lines ---------------------------------------------------------------------------------


def die_forms(reader: PdfReader) -> list[tuple[int, StreamObject]]:
    """(page index, form) of every die-line form."""
    found = []
    for index, page in enumerate(reader.pages):
        for ref in page["/Resources"].get("/XObject", DictionaryObject()).values():
            form = ref.get_object()
            if "/OC" in form:
                found.append((index, form))
    return found


def test_die_lines_are_a_cutcontour_separation_on_their_own_layer(reader: PdfReader) -> None:
    forms = die_forms(reader)
    assert len(forms) == 5  # three counter fronts, two card fronts
    properties = reader.trailer["/Root"]["/OCProperties"]
    (layer,) = [g.get_object() for g in properties["/OCGs"]]
    assert layer["/Name"] == "Die lines"
    assert properties["/D"]["/Name"]
    for _index, form in forms:
        assert form["/OC"].get_object() == layer
        res = form["/Resources"]
        (space,) = [s.get_object() for s in res["/ColorSpace"].values()]
        assert space[0] == "/Separation" and space[1] == "/CutContour"
        (state,) = [s.get_object() for s in res["/ExtGState"].values()]
        assert state["/OP"] and state["/op"]
        operations = ContentStream(form, None).operations
        assert [[float(v) for v in o] for o, op in operations if op == b"SCN"] == [[1.0]]


def stroked(page: LTPage) -> list[tuple[float, float, float, float]]:
    """The box of every stroked, unfilled path on a page, y down."""
    found = []

    def walk(item: object) -> None:
        if isinstance(item, LTCurve) and item.stroke and not item.fill:
            found.append((item.x0, page.height - item.y1, item.width, item.height))
        if isinstance(item, LTContainer):
            for child in item:
                walk(child)

    walk(page)
    return found


def test_home_kit_die_lines_lie_on_every_counters_trim(cards_game: Game) -> None:
    with_lines = make_kit(cards_game, die_lines=True)
    pages = layout_pages(with_lines)
    checked = 0
    for page in pages:
        lines = stroked(page)
        for _counter, face, box in face_boxes(page):
            if face != "front":
                continue
            assert any(
                all(
                    abs(a - b) <= TOLERANCE
                    for a, b in zip(line, (box.x, box.y, box.width, box.height), strict=True)
                )
                for line in lines
            ), box
            checked += 1
    assert checked >= 3
    assert b"/CutContour" not in make_kit(cards_game)


def test_a_round_counters_die_line_is_a_circle() -> None:
    game = load_fixture("counters-kinds")
    printed = kit_art(game, fake_artwork(game)).counters
    plans = sheet_plans(game, printed, paper("letter"), "long-edge", (0.0, 0.0), 3 * MM, 0.0)
    cuts = [cut for plan in [*plans.two_sided, *plans.one_sided] for cut in plan.cuts]
    rounded = [cut for cut in cuts if cut.radius > 0]
    round_copies = sum(
        piece.copies
        for piece in counter_pieces(game, printed)
        if game.template(game.counter(piece.counter).template).shape == "round"
    )
    assert round_copies > 0 and len(rounded) == round_copies
    assert all(cut.radius == min(cut.rect[2:]) / 2 for cut in rounded)
    assert len(cuts) > len(rounded)  # square counters keep square corners


def test_card_die_lines_are_rounded_and_tile_the_sheet(reader: PdfReader) -> None:
    card_pages = [
        (i, f) for i, f in die_forms(reader) if b" c\n" in f.get_data() or b" c " in f.get_data()
    ]
    assert card_pages
    for index, form in card_pages:
        text = form.get_data().decode()
        assert text.count(" c") % 4 == 0  # four rounded corners a card
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", text)]
        trim = reader.pages[index].trimbox
        assert min(numbers[6:]) >= float(trim.left) - TOLERANCE


# -- colour and settings -------------------------------------------------------------------------


def test_limit_ink_keeps_black_and_scales_the_colours() -> None:
    c, m, y, k = limit_ink((0.8, 0.8, 0.8, 0.9), 300)
    assert k == 0.9
    assert c + m + y + k == pytest.approx(3.0)
    assert limit_ink((0.2, 0.1, 0.0, 0.0), 300) == (0.2, 0.1, 0.0, 0.0)


def test_rich_black_is_held_under_a_lower_limit() -> None:
    assert sum(open_press(240).cmyk(0, 0, 0)) <= 2.4 + 1e-3
    assert sum(open_press(400).cmyk(0, 0, 0)) > 2.4


def test_a_missing_profile_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(KitError, match="libgs-common") as caught:
        open_press(300, tmp_path / "missing.icc")
    assert "\n" not in str(caught.value)


def test_an_impossible_ink_limit_is_refused() -> None:
    with pytest.raises(KitError, match="ink limit"):
        open_press(50)


# -- what cairo's pages may hold, converted -----------------------------------------------------


def rgb_page() -> bytes:
    """A one-page PDF with RGB in every place the conversion looks: operators, a named colour
    space, a shading, a transparency group and a deflated picture."""
    pdf = writer.PdfFile()
    catalog, tree = pdf.reserve(), pdf.reserve()
    pixels = writer.deflate(bytes([200, 30, 30]) * 4)
    picture = pdf.add(
        writer.stream(
            {
                "Type": b"/XObject",
                "Subtype": b"/Image",
                "Width": b"2",
                "Height": b"2",
                "ColorSpace": b"/DeviceRGB",
                "BitsPerComponent": b"8",
            },
            pixels,
            deflated=True,
        )
    )
    ramp = b"<</FunctionType 2/Domain[0 1]/C0[1 0 0]/C1[0 0 1]/N 1>>"
    shading = pdf.add(
        b"<</ShadingType 2/ColorSpace/DeviceRGB/Coords[0 0 100 0]/Function" + ramp + b">>"
    )
    content = (
        b"1 0 0 rg 0 0 1 RG /CS0 cs 0 1 0 sc 0 0 10 10 re f /Sh0 sh q 10 0 0 10 0 0 cm /Im0 Do Q"
        b" q 10 0 0 10 20 0 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \x00\x80\x00 EI Q"
    )
    body = pdf.add(writer.stream({}, writer.deflate(content), deflated=True))
    resources = (
        b"<</ColorSpace<</CS0/DeviceRGB>>/Shading<</Sh0 %d 0 R>>/XObject<</Im0 %d 0 R>>>>"
        % (shading, picture)
    )
    page = pdf.add(
        b"<</Type/Page/Parent %d 0 R/MediaBox[0 0 100 100]/Group<</S/Transparency/CS/DeviceRGB>>"
        b"/Resources %s/Contents %d 0 R>>" % (tree, resources, body)
    )
    pdf.put(tree, b"<</Type/Pages/Kids[%d 0 R]/Count 1>>" % page)
    pdf.put(catalog, b"<</Type/Catalog/Pages %d 0 R>>" % tree)
    return pdf.write(catalog)


def test_every_kind_of_rgb_becomes_cmyk() -> None:
    press = open_press(300)
    out = PdfReader(io.BytesIO(to_pdfx(rgb_page(), press, "Test")))
    assert colour_spaces(out) == {"/DeviceCMYK"}
    page = out.pages[0]
    operations = ContentStream(page.get_contents(), None).operations
    fills = [[float(v) for v in o] for o, op in operations if op in (b"k", b"sc")]
    assert fills[0] == pytest.approx(press.cmyk(1, 0, 0), abs=1e-3)
    assert fills[1] == pytest.approx(press.cmyk(0, 1, 0), abs=1e-3)
    shading = page["/Resources"]["/Shading"]["/Sh0"].get_object()
    assert shading["/ColorSpace"] == "/DeviceCMYK"
    assert len(shading["/Function"]["/C0"]) == 4
    picture = page["/Resources"]["/XObject"]["/Im0"].get_object()
    assert picture["/ColorSpace"] == "/DeviceCMYK"
    first = tuple(b / 255 for b in picture.get_data()[:4])
    assert first == pytest.approx(press.cmyk(200 / 255, 30 / 255, 30 / 255), abs=2 / 255)
    (inline,) = [o for o, op in operations if op == b"INLINE IMAGE"]
    assert inline["settings"]["/CS"] == "/CMYK"
    pixel = tuple(b / 255 for b in inline["data"])
    assert pixel == pytest.approx(press.cmyk(0, 128 / 255, 0), abs=2 / 255)


def test_the_print_shop_edition_bleeds_3_mm_whatever_the_game_says(cards_game: Game) -> None:
    thin = with_print(cards_game, bleed=1.0)
    assert kit_settings(thin, BuildOptions()).bleed == 1.0
    assert kit_settings(thin, BuildOptions(), "print-shop").bleed == pytest.approx(3 * MM)


# -- every example game's edition ---------------------------------------------------------------

GAMES = sorted(p.parent.name for p in SOURCES.glob("*/game.json"))


def preflight(reader: PdfReader, ink_limit: int) -> list[str]:
    """What a printer's preflight would refuse in a print-shop kit, one line each: RGB anywhere,
    ink over the limit, no PDF/X-4 output intent, a page without its boxes, a piece sheet
    without 3 mm of bleed, die lines off their CutContour layer."""
    problems = []
    rgb = colour_spaces(reader) - {"/DeviceCMYK", "/DeviceGray", "/Separation", "/Pattern"}
    if rgb:
        problems.append(f"colour spaces other than CMYK and grey: {sorted(rgb)}")
    totals = ink_totals(reader)
    if not totals or max(totals) > ink_limit / 100 + 1e-3:
        problems.append(f"ink over {ink_limit} %: {max(totals, default=0):.2f}")
    info = reader.trailer["/Info"].get_object()
    intents = reader.trailer["/Root"].get("/OutputIntents", ArrayObject())
    profiles = [i.get_object()["/DestOutputProfile"].get_object() for i in intents]
    if info.get("/GTS_PDFXVersion") != "PDF/X-4" or [p["/N"] for p in profiles] != [4]:
        problems.append("no PDF/X-4 key or no CMYK output intent")
    for number, page in enumerate(reader.pages, start=1):
        if "/TrimBox" not in page or "/BleedBox" not in page:
            problems.append(f"page {number}: no TrimBox or BleedBox")
        elif page.trimbox != page.mediabox and (
            float(page.trimbox.left) - float(page.bleedbox.left) < 3 * MM - 1e-3
        ):
            problems.append(f"page {number}: less than 3 mm of bleed")
    forms = die_forms(reader)
    layers = reader.trailer["/Root"].get("/OCProperties", DictionaryObject()).get("/OCGs", [])
    if not forms or len(layers) != 1:
        problems.append("no die lines, or not on one layer")
    for index, form in forms:
        spaces = form["/Resources"].get("/ColorSpace", DictionaryObject()).values()
        inks = [s.get_object()[1] for s in spaces]
        if form["/OC"].get_object() != layers[0].get_object() or inks != ["/CutContour"]:
            problems.append(f"page {index + 1}: die lines not a CutContour separation")
    return problems


def test_the_preflight_refuses_a_home_kit(cards_game: Game) -> None:
    home = PdfReader(io.BytesIO(make_kit(cards_game)))
    refused = " ".join(preflight(home, INK_LIMIT))
    for reason in ("CMYK and grey", "output intent", "die lines"):
        assert reason in refused, reason


def separations(pdf: bytes, pages: list[int], folder: Path) -> set[str]:
    """The files Ghostscript's tiffsep device writes for ``pages`` (1-based) at 10 dpi."""
    source = folder / "kit.pdf"
    source.write_bytes(pdf)
    made: set[str] = set()
    for page in pages:
        ran = subprocess.run(
            ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", "-r10",
             f"-dFirstPage={page}", f"-dLastPage={page}",
             f"-sOutputFile={folder / f'page{page}.tif'}", source],
            capture_output=True,
            text=True,
        )  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        made |= {p.name for p in folder.glob(f"page{page}(*).tif")}
    return made


@pytest.fixture(scope="module", params=GAMES)
def example(request: pytest.FixtureRequest) -> tuple[Game, bytes]:
    """An example game and its print-shop edition (built with its home kit, once a session)."""
    result = load_game(SOURCES / request.param)
    assert result.game is not None, result.report.format_text()
    return result.game, shared_kit(result.game, real=True, edition="print-shop")


def test_every_example_games_edition_passes_the_preflight(example: tuple[Game, bytes]) -> None:
    _game, pdf = example
    assert preflight(PdfReader(io.BytesIO(pdf)), BuildOptions().ink_limit) == []


def test_every_example_games_fonts_are_embedded(example: tuple[Game, bytes]) -> None:
    if shutil.which("pdffonts") is None:
        tool_missing("poppler's pdffonts is not installed")
    listing = subprocess.run(
        ["pdffonts", "-"], input=example[1], capture_output=True, check=True
    ).stdout.decode()
    rows = listing.splitlines()[2:]
    assert rows
    assert all(re.search(r"\byes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$", row) for row in rows), listing


def sheet_texts(pdf: bytes, first: int, last: int) -> dict[int, str]:
    """The text of pages ``first`` to ``last`` (1-based) by poppler's pdftotext: pypdf's
    extraction reads every counter face's form, seconds a sheet. Spaces are made plain (the
    kit's French sets no-break spaces that poppler gives back as plain ones)."""
    text = subprocess.run(
        ["pdftotext", "-f", str(first), "-l", str(last), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return {page: " ".join(t.split()) for page, t in enumerate(text.split("\f"), start=first)}


def test_ghostscript_cuts_a_counter_and_a_card_sheet_of_every_example_game(
    example: tuple[Game, bytes], tmp_path: Path
) -> None:
    if shutil.which("gs") is None or shutil.which("pdftotext") is None:
        tool_missing("Ghostscript (gs) or poppler's pdftotext is not installed")
    game, pdf = example
    with_lines = [index + 1 for index, _form in die_forms(PdfReader(io.BytesIO(pdf)))]
    texts = sheet_texts(pdf, with_lines[0], with_lines[-1])
    say = words(game.language)
    headers = [
        " ".join(say(f"kit.section.{kind}", group="").split()) for kind in ("counters", "cards")
    ]
    sheets = [next((page for page in with_lines if header in texts[page]), 0) for header in headers]
    counters, cards = sheets
    assert counters and bool(cards) == bool(game.cards), sheets
    pages = [page for page in sheets if page]
    made = separations(pdf, pages, tmp_path)
    for page in pages:
        for ink in ("Cyan", "Magenta", "Yellow", "Black", "CutContour"):
            assert f"page{page}({ink}).tif" in made, made
