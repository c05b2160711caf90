"""Counter faces drawn straight to PDF, judged by real tools against cairosvg's drawing.

Each face goes through both paths (the direct form, placed by the kit's own assembly, and
cairosvg converting the face alone) and poppler rasterises both: the pixels must agree but for
antialiasing. ``pdffonts`` and ``pdftotext`` judge the fonts and the text.

Poppler's cairo backend (``pdftocairo``) rasterises, not its Splash one (``pdftoppm``): Splash
draws the simple TrueType subsets cairo writes about 0.2 pt left of where FreeType puts the same
glyphs at the same origin (measured on "3-2-8" in DejaVu Sans Condensed Bold, 8 pt), which would
hide a real error of that size; ``pdftocairo`` agrees with FreeType for both files.
"""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from tests.conftest import SOURCES, load_fixture
from tests.kit.conftest import real_kit
from toolkit.kit.artwork import kit_art, svg_size
from toolkit.kit.book import kit_settings, plan_kit
from toolkit.kit.layout import PagePlan, Placement, page_svg
from toolkit.kit.paper import Page
from toolkit.kit.pdf import ArtPdf, convert_direct, svg_to_pdf
from toolkit.kit.pdf.assembly import assemble_pages
from toolkit.kit.pdf.direct import draw_face, font_index
from toolkit.kit.pdf.fontfiles import OBLIQUE_FONTS
from toolkit.kit.pdf.forms import decode_form, encode_form, is_face_form
from toolkit.kit.pdf.imported import is_import
from toolkit.kit.pdf.paint import Unsupported
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.render.svg import svg_document
from toolkit.workers import Workers

POPPLER = all(shutil.which(tool) for tool in ("pdftocairo", "pdffonts", "pdftotext"))
needs_poppler = pytest.mark.skipif(
    not POPPLER, reason="poppler-utils (pdftocairo, pdffonts, pdftotext) is not installed"
)
DPI = 1152
"""16 px per point. cairo (in ``pdftocairo``) puts each glyph on a whole pixel, so the same text
can land a pixel apart in two files whose positions differ by 1/100 pt: at this resolution that
pixel is 1/16 pt, well under the errors the test is for."""
INK = 64
"""A pixel differs when a channel is this far off (0-255): antialiasing moves less."""
ALLOWED = 0.005
"""Share of a face's pixels that may differ that much. Measured on the fixture's faces: at most
0.31 % (glyphs a pixel apart, above); one line of text moved by 1/4 pt: 0.58 %."""

ROOT = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'font-family="DejaVu Sans Condensed, DejaVu Sans, sans-serif" font-stretch="condensed" '
    'width="54pt" height="54pt" viewBox="0 0 54 54" version="1.1">'
)
EVERYTHING = (
    ROOT + '<rect x="0" y="0" width="54" height="54" fill="#5b8fd0"/>'
    '<rect x="3" y="3" width="20" height="12" rx="3" fill="#fff" stroke="#222" stroke-width="0.8"/>'
    '<ellipse cx="40" cy="9" rx="10" ry="5" fill="#e0c040" stroke="#000"/>'
    '<circle cx="46" cy="46" r="5" fill="none" stroke="#fff" stroke-width="1.5"/>'
    '<line x1="2" y1="20" x2="52" y2="22" stroke="#000" stroke-width="0.5"/>'
    '<line x1="2" y1="52" x2="40" y2="52" stroke="#000" stroke-width="0.5" '
    'stroke-dasharray="2,1 0.5 1" stroke-dashoffset="0.5"/>'
    '<polyline points="3,30 10,25 17,30 24,25" fill="none" stroke="#fff" stroke-linecap="round"'
    ' stroke-linejoin="round" stroke-width="1.2"/>'
    '<polygon points="30,26 38,26 34,33" fill="#a02020"/>'
    '<path d="M4 36h8v6h-8z m12 0 l6 0 0 6 -6 0 Z" fill="#203020" fill-rule="evenodd"/>'
    '<path d="M26 36 C28 30 34 30 36 36 S44 42 46 36 Q48 32 50 36 T52 38" fill="none"'
    ' stroke="#000" stroke-width="0.6"/>'
    '<path d="M4 50 a4 3 0 1 1 8 0 A4 4 30 0 0 20 50" fill="none" stroke="#ff0" '
    'stroke-width="0.7"/>'
    '<g transform="rotate(30 30 45) translate(1 0) scale(1.1)" fill="none" stroke="#fff" '
    'stroke-linecap="butt" stroke-width="0.6"><rect x="24" y="42" width="10" height="5"/>'
    '<path d="M24 42L34 47M24 47L34 42"/></g>'
    '<text x="27" y="19" font-size="6" font-weight="bold" text-anchor="middle" fill="#000">'
    "4-3 Ωé</text>"
    '<text x="52" y="31" font-size="4" text-anchor="end" fill="#fff">Zepp  [1]</text>'
    '<text x="3" y="25" font-size="3.5" font-family="DejaVu Sans" fill="#fff">start</text>'
    "</svg>"
)


def face_kit(svg: str) -> bytes:
    """One page the size of the face, the face placed on it by the kit's own assembly."""
    width, height = svg_size(svg)
    page = PagePlan(
        Page(width, height, 0.0),
        "faces",
        "",
        (Placement("face:test", (0.0, 0.0, width, height), 0.0, 0.0, above=True),),
    )
    blank = svg_to_pdf(svg_document(width, height, ""))
    entry = encode_form(draw_face(svg))
    return assemble_pages([(page, blank)], {"face:test": ArtPdf(entry, width, height)}, {})


def rasterise(pdf: bytes, folder: Path, name: str, dpi: int = DPI) -> Image.Image:
    path = folder / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        ["pdftocairo", "-r", str(dpi), "-png", "-singlefile", str(path), str(folder / name)],
        check=True,
    )
    with Image.open(folder / f"{name}.png") as image:
        return image.convert("RGB")


def differing_share(a: Image.Image, b: Image.Image, blur: float = 0.0) -> float:
    """Share of pixels that differ by more than ``INK``, after a Gaussian ``blur`` (pixels) that
    lets a glyph land a pixel apart but not a missing or misplaced word."""
    assert a.size == b.size
    if blur:
        a, b = a.filter(ImageFilter.GaussianBlur(blur)), b.filter(ImageFilter.GaussianBlur(blur))
    difference = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > INK else 0)
    histogram = difference.histogram()
    return histogram[255] / (a.width * a.height)


def assert_same_drawing(svg: str, folder: Path, name: str) -> None:
    direct = rasterise(face_kit(svg), folder, f"{name}-direct")
    cairo = rasterise(svg_to_pdf(svg), folder, f"{name}-cairo")
    share = differing_share(direct, cairo)
    assert share <= ALLOWED, f"{name}: {share:.2%} of the pixels differ (see {folder})"


@pytest.fixture(scope="module")
def kinds() -> Game:
    return load_fixture("counters-kinds")


@pytest.fixture(scope="module")
def kinds_faces(kinds: Game) -> dict[str, str]:
    with Workers(kinds, 1) as workers:
        artwork = draw_artwork(kinds, workers)
    return {
        f"{counter_id}-{face_id}": drawing.svg
        for counter_id, art in sorted(artwork.counters.items())
        for face_id, drawing in sorted(art.faces.items())
    }


@needs_poppler
def test_every_kind_of_face_looks_as_cairosvg_draws_it(
    kinds_faces: dict[str, str], tmp_path: Path
) -> None:
    assert len(kinds_faces) > 30
    for name, svg in kinds_faces.items():
        assert_same_drawing(svg, tmp_path, name)


@needs_poppler
def test_the_whole_vocabulary_looks_as_cairosvg_draws_it(tmp_path: Path) -> None:
    assert_same_drawing(EVERYTHING, tmp_path, "everything")


FALLBACK = (
    ROOT + '<rect x="0" y="0" width="54" height="54" fill="#fff"/>'
    '<text x="3" y="20" font-size="7" fill="#000">Tōkyō 東京</text>'
    '<text x="3" y="40" font-size="7" font-weight="bold" fill="#000">軍 A</text></svg>'
)


@needs_poppler
def test_glyphs_dejavu_lacks_come_from_the_fallback_face(tmp_path: Path) -> None:
    assert_same_drawing(FALLBACK, tmp_path, "fallback")
    kit = tmp_path / "fallback.pdf"
    kit.write_bytes(face_kit(FALLBACK))
    fonts = sorted(name.partition("+")[2] for name in face_fonts(kit.read_bytes()).values())
    assert fonts == ["DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DroidSansFallbackFull"]
    text = subprocess.run(
        ["pdftotext", str(kit), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "Tōkyō 東京" in text


@needs_poppler
def test_a_wrongly_placed_glyph_is_caught(tmp_path: Path) -> None:
    """The comparison can fail: one line of text half a point off is over the allowance."""
    moved = EVERYTHING.replace('x="27" y="19"', 'x="27.5" y="19"')
    direct = rasterise(face_kit(moved), tmp_path, "moved")
    cairo = rasterise(svg_to_pdf(EVERYTHING), tmp_path, "cairo")
    assert differing_share(direct, cairo) > ALLOWED


@needs_poppler
def test_a_greyed_picture_is_grey(tmp_path: Path) -> None:
    picture = Image.new("RGB", (8, 8), (220, 30, 30))
    png = io.BytesIO()
    picture.save(png, "PNG")
    import base64

    href = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode("ascii")
    svg = (
        ROOT + '<defs><filter id="grey"><feColorMatrix type="saturate" values="0"/></filter>'
        '</defs><rect x="0" y="0" width="54" height="54" fill="#ffffff"/>'
        f'<image x="7" y="7" width="40" height="40" preserveAspectRatio="xMidYMid meet" '
        f'xlink:href="{href}" filter="url(#grey)"/></svg>'
    )
    image = rasterise(face_kit(svg), tmp_path, "grey")
    r, g, b = image.getpixel((image.width // 2, image.height // 2))  # type: ignore[misc]
    assert r == g == b
    assert 60 < r < 160  # the red's luminance, not black or white
    coloured = rasterise(face_kit(svg.replace(' filter="url(#grey)"', "")), tmp_path, "red")
    assert coloured.getpixel((image.width // 2, image.height // 2))[0] > 200  # type: ignore[index]


@pytest.mark.parametrize(
    "body",
    [
        '<linearGradient id="g"/><rect width="5" height="5" fill="url(#g)"/>',
        '<rect width="5" height="5" fill="#000" opacity="0.5"/>',
        '<rect width="5" height="5" style="fill: red"/>',
        '<rect width="5" height="5" fill="rgb(1, 2, 3)"/>',
        '<rect width="5" height="5" stroke="#000" stroke-dasharray="1em 1"/>',
        '<text x="1" y="5" font-family="Comic Sans MS">a</text>',
        '<text x="1" y="5">a<tspan fill="#f00">b</tspan></text>',
        '<text x="1" y="5" letter-spacing="2">ab</text>',
        '<text x="1" y="5" font-size="1em">a</text>',
        '<image width="5" height="5" xlink:href="art/picture.png"/>',
        '<use xlink:href="#a"/>',
        '<path d="M1 1 L 2"/>',
        '<g clip-path="url(#c)"/>',
    ],
    ids=[
        "gradient",
        "opacity",
        "style",
        "rgb",
        "dashes",
        "system-font",
        "tspan",
        "letter-spacing",
        "em",
        "file-image",
        "use",
        "bad-path",
        "clip",
    ],
)
def test_what_is_not_drawn_directly_is_refused(body: str) -> None:
    with pytest.raises(Unsupported):
        draw_face(ROOT + body + "</svg>")


def test_fonts_are_the_ones_cairo_picks() -> None:
    assert font_index("DejaVu Sans Condensed, DejaVu Sans, sans-serif", "bold", "condensed") == 1
    assert font_index("DejaVu Sans Condensed, DejaVu Sans", "", "condensed") == 0
    assert font_index("DejaVu Sans", "700", "normal") == 3
    assert font_index("'DejaVu Sans'", "normal", "condensed") == 2  # cairosvg ignores stretch
    condensed = "DejaVu Sans Condensed, DejaVu Sans"
    assert font_index(condensed, "", "condensed", "italic") == OBLIQUE_FONTS[0]
    assert font_index(condensed, "bold", "condensed", "italic") == OBLIQUE_FONTS[1]
    with pytest.raises(Unsupported):
        font_index("DejaVu Sans", "", "normal", "italic")  # no wide oblique face is bundled
    with pytest.raises(Unsupported):
        font_index("Times New Roman", "", "")


def test_a_form_survives_the_cache() -> None:
    form = draw_face(EVERYTHING)
    assert decode_form(encode_form(form)) == form
    assert set(form.glyphs) == {0, 1, 2}  # condensed, condensed bold, DejaVu Sans


def test_a_face_the_direct_path_refuses_is_converted_by_cairosvg(
    kinds: Game, caplog: pytest.LogCaptureFixture
) -> None:
    strange = ROOT + '<rect width="54" height="54" fill="#000" opacity="0.5"/></svg>'
    with Workers(kinds, 1) as workers, caplog.at_level(logging.DEBUG, "toolkit.kit.pdf"):
        converted = convert_direct([EVERYTHING, strange], workers)
    assert is_face_form(converted[0])
    assert is_import(converted[1])  # cairosvg's page, imported once where it was converted
    assert "1 of 2 distinct drawings converted by cairosvg" in caplog.text


@pytest.mark.parametrize("name", sorted(p.parent.name for p in SOURCES.glob("*/game.json")))
def test_every_face_of_the_games_is_drawn_directly(name: str) -> None:
    result = load_game(SOURCES / name)
    assert result.game is not None
    with Workers(result.game, 1) as workers:
        artwork = draw_artwork(result.game, workers)
    faces = [d.svg for art in artwork.counters.values() for d in art.faces.values()]
    assert faces
    for svg in faces:
        draw_face(svg)  # raises Unsupported for anything cairosvg would have to draw


@pytest.fixture(scope="module")
def kinds_kit(kinds: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("kit") / "kit.pdf"
    path.write_bytes(real_kit(kinds))
    return path


def face_fonts(kit: bytes) -> dict[int, str]:
    """Object number → base font name of every font the counter sheets' face forms use."""
    found: dict[int, str] = {}
    for page in PdfReader(io.BytesIO(kit)).pages:
        resources: Any = page["/Resources"].get_object()
        xobjects = resources.get("/XObject", {})
        for reference in xobjects.values():
            form = reference.get_object()
            fonts = form.get("/Resources", {}).get("/Font", {})
            if "/BBox" in form and fonts and set(fonts) <= {f"/F{i}" for i in range(5)}:
                for font in fonts.values():
                    found[font.idnum] = str(font.get_object()["/BaseFont"])
    return found


@needs_poppler
def test_face_fonts_are_embedded_once_and_subset(kinds_kit: Path) -> None:
    fonts = face_fonts(kinds_kit.read_bytes())
    faces = sorted(name.partition("+")[2] for name in fonts.values())
    assert faces == ["DejaVuSansCondensed", "DejaVuSansCondensed-Bold"]  # each once, shared
    listing = subprocess.run(
        ["pdffonts", str(kinds_kit)], check=True, capture_output=True, text=True
    ).stdout
    rows = {int(row[-2]): row for row in (line.split() for line in listing.splitlines()[2:])}
    for number, name in fonts.items():
        assert rows[number][0] == name.lstrip("/")
        assert rows[number][1:4] == ["CID", "TrueType", "Identity-H"], rows[number]
        assert rows[number][4:7] == ["yes", "yes", "yes"], rows[number]  # embedded, subset, map


@needs_poppler
def test_counter_text_is_searchable(kinds_kit: Path) -> None:
    text = subprocess.run(
        ["pdftotext", str(kinds_kit), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "3-2-8" in text  # values printed only on counters (the 7th Panzer, the 3rd Guards)
    assert "5-5-4" in text


PAGE_DPI = 150
PAGE_BLUR = 1.5
"""A page is compared blurred: at 150 dpi cairo puts glyphs a whole pixel (1/2 pt) apart."""
PAGE_ALLOWED = 0.00005
"""Share of a page's pixels that may differ after the blur. Measured on the cover: the same
page 0; one letter missing 0.007 %; a heading 1 pt lower 0.027 %; a heading not bold 0.34 %."""


@needs_poppler
def test_every_kind_of_page_body_looks_as_cairosvg_draws_it(tmp_path: Path) -> None:
    """Page bodies (cover, calibration, sheets' bleed and marks, map tiles, setups, summary)
    drawn directly, against the same page with its body converted by cairosvg; the placed maps
    and faces are the same in both."""
    game = load_fixture("minimal-hex")
    with Workers(game, 1) as workers:
        artwork = draw_artwork(game, workers)
    settings = kit_settings(game, BuildOptions())
    plan = plan_kit(game, kit_art(game, artwork), settings)
    art = {
        key: ArtPdf(
            encode_form(draw_face(d.svg)) if key.startswith("face:") else svg_to_pdf(d.svg),
            d.width,
            d.height,
        )
        for key, d in plan.art.items()
    }
    seen: set[str] = set()
    total = len(plan.pages)
    for number, page in enumerate(plan.pages, start=1):
        kind = page.section.split(":")[0] + (page.label.split(",")[-1] if page.label else "")
        if kind in seen:
            continue
        seen.add(kind)
        svg = page_svg(page, game.title, number, total)
        direct = assemble_pages([(page, encode_form(draw_face(svg)))], art, {})
        cairo = assemble_pages([(page, svg_to_pdf(svg))], art, {})
        a = rasterise(direct, tmp_path, f"page{number}-direct", PAGE_DPI)
        b = rasterise(cairo, tmp_path, f"page{number}-cairo", PAGE_DPI)
        share = differing_share(a, b, PAGE_BLUR)
        assert share <= PAGE_ALLOWED, f"page {number} ({kind}): {share:.3%} differ"
    assert len(seen) >= 6


@needs_poppler
@pytest.mark.parametrize(
    "fixture", ["charts-table", "charts-track", "charts-display", "charts-hostile", "minimal-hex"]
)
def test_charts_look_as_cairosvg_draws_them(fixture: str, tmp_path: Path) -> None:
    """Charts keep to the same vocabulary (a class names cells, with no style sheet)."""
    game = load_fixture(fixture)
    with Workers(game, 1) as workers:
        artwork = draw_artwork(game, workers, counters=False)
    assert artwork.charts
    for chart_id, chart in artwork.charts.items():
        svg = chart.drawing.svg
        direct = rasterise(face_kit(svg), tmp_path, f"{chart_id}-direct", PAGE_DPI)
        cairo = rasterise(svg_to_pdf(svg), tmp_path, f"{chart_id}-cairo", PAGE_DPI)
        share = differing_share(direct, cairo, PAGE_BLUR)
        assert share <= PAGE_ALLOWED, f"{fixture} {chart_id}: {share:.3%} differ"


def test_a_style_sheet_is_refused() -> None:
    with pytest.raises(Unsupported):
        draw_face(ROOT + "<style>.cell { fill: red }</style></svg>")
    with pytest.raises(Unsupported):
        draw_face('<?xml-stylesheet href="s.css"?>' + EVERYTHING)


@pytest.mark.parametrize("index", range(5), ids=lambda i: str(i))
def test_fonts_read_as_fonttools_reads_them(index: int) -> None:
    """Text is set from our own reading of the font tables (a worker need not load fontTools):
    the same code points, advances and ink extents as fontTools finds."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    from toolkit.kit.pdf.fontfiles import FONT_FILES, font_data, glyph_ink
    from toolkit.render.fonts import FONT_DIR

    ours = font_data(index)
    with TTFont(str(FONT_DIR / FONT_FILES[index]), lazy=True) as font:
        order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
        assert ours.units == font["head"].unitsPerEm
        assert ours.cmap == {code: order[name] for code, name in font.getBestCmap().items()}
        metrics = font["hmtx"].metrics
        assert ours.advances == [metrics[name][0] for name in font.getGlyphOrder()]
        glyf = font["glyf"]
        for gid in range(0, len(order), 7):
            glyph = glyf[glyf.getGlyphName(gid)]
            expected = None if glyph.numberOfContours == 0 else (glyph.xMin, glyph.xMax)
            assert glyph_ink(ours, gid) == expected, gid
