"""svg_to_png: physical size, bundled fonts only, fallback, determinism."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from toolkit.render.raster import palette_png, svg_to_png, with_dpi
from toolkit.render.svg import attrs, svg_document

from .helpers import dark_pixels

NS = 'xmlns="http://www.w3.org/2000/svg"'


def _size(svg: str, dpi: int) -> tuple[int, int]:
    return Image.open(io.BytesIO(svg_to_png(svg, dpi))).size


@pytest.mark.parametrize("unit_size", ["1in", "72pt", "25.4mm"])
@pytest.mark.parametrize("dpi", [72, 150, 300])
def test_physical_units_scale_with_dpi(unit_size: str, dpi: int) -> None:
    svg = f'<svg {NS} width="{unit_size}" height="{unit_size}" viewBox="0 0 72 72"/>'
    assert _size(svg, dpi) == (dpi, dpi)


def test_one_inch_at_150_dpi_is_150_pixels() -> None:
    assert _size(svg_document(72, 72, ""), 150) == (150, 150)
    assert _size(svg_document(36, 36, ""), 150) == (75, 75)  # a half-inch counter
    assert _size(svg_document(612, 792, ""), 150) == (1275, 1650)  # US Letter


def test_fractional_pixel_sizes_round_to_nearest() -> None:
    assert _size(f'<svg {NS} width="1.23in" height="0.333in"/>', 150) == (185, 50)


def test_unitless_sizes_ignore_dpi() -> None:
    """Pinned resvg behaviour: px/unitless sizes are 1 px per unit whatever the dpi, which
    is why our documents always carry physical units."""
    svg = f'<svg {NS} width="96" height="48"/>'
    assert _size(svg, 300) == (96, 48)


def test_png_records_its_dpi() -> None:
    png = svg_to_png(svg_document(72, 72, ""), 300)
    assert Image.open(io.BytesIO(png)).info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_with_dpi_rejects_non_png() -> None:
    with pytest.raises(ValueError):
        with_dpi(b"GIF89a", 150)


@pytest.mark.parametrize("dpi", [0, -10])
def test_rejects_non_positive_dpi(dpi: int) -> None:
    with pytest.raises(ValueError):
        svg_to_png(svg_document(10, 10, ""), dpi)


def test_output_is_deterministic() -> None:
    body = (
        "".join(f"<circle{attrs(cx=i * 3.3, cy=20, r=2.2, fill='#a33')}/>" for i in range(20))
        + '<text x="4" y="40" font-size="12">Deterministic 4-6</text>'
    )
    doc = svg_document(72, 50, body)
    assert svg_to_png(doc, 150) == svg_to_png(doc, 150)


def test_transparent_by_default_and_background_on_request() -> None:
    clear = Image.open(io.BytesIO(svg_to_png(svg_document(10, 10, ""), 72))).convert("RGBA")
    assert clear.getpixel((5, 5))[3] == 0
    white = svg_to_png(svg_document(10, 10, ""), 72, background="#ffffff")
    assert Image.open(io.BytesIO(white)).convert("RGBA").getpixel((5, 5)) == (255, 255, 255, 255)


def _text_png(text_attrs: str, root_font: bool = True) -> Image.Image:
    body = (
        f'<rect width="144" height="72" fill="#fff"/><text x="10" y="45" font-size="24" '
        f'fill="#000" {text_attrs}>Hexes 4-6</text>'
    )
    doc = svg_document(144, 72, body)
    if not root_font:
        doc = f'<svg {NS} width="2in" height="1in" viewBox="0 0 144 72">{body}</svg>'
    return Image.open(io.BytesIO(svg_to_png(doc, 150))).convert("RGBA")


def _px(pt: float) -> int:
    return round(pt * 150 / 72)


def test_text_renders_inside_its_box() -> None:
    img = _text_png("")
    text_box = (_px(10), _px(45 - 20), _px(140), _px(45 + 6))
    assert dark_pixels(img, text_box) > 300
    assert dark_pixels(img) == dark_pixels(img, text_box)


@pytest.mark.parametrize(
    ("text_attrs", "root_font"),
    [
        ('font-family="No Such Font"', True),
        ("style=\"font-family: 'No Such Font'\"", True),
        ('font-family="serif"', True),
        ("", False),  # no family anywhere: the default family applies
        ('font-family="Comic Sans MS"', False),
    ],
)
def test_unknown_families_fall_back_to_the_bundled_font(text_attrs: str, root_font: bool) -> None:
    assert dark_pixels(_text_png(text_attrs, root_font)) > 300


def test_fallback_keeps_the_condensed_face() -> None:
    """The root's font-stretch still selects the condensed face after a fallback, and an
    explicit font-stretch="normal" gets the wider regular face."""
    condensed = _ink_right(_text_png(""))
    assert _ink_right(_text_png('font-family="No Such Font"')) == condensed
    assert _ink_right(_text_png('font-stretch="normal"')) > condensed + 5


def _ink_right(img: Image.Image) -> int:
    grey = img.convert("L").point(lambda p: 255 if p < 128 else 0)
    box = grey.getbbox()
    assert box is not None
    return box[2]


def _placed_as_image(inner: str, kind: str) -> Image.Image:
    """A text drawing placed inside another as an image of its own (SVG or PNG)."""
    data = inner.encode() if kind == "svg+xml" else svg_to_png(inner, 150)
    href = f"data:image/{kind};base64,{base64.b64encode(data).decode()}"
    outer = svg_document(144, 72, f'<image x="0" y="0" width="144" height="72" href="{href}"/>')
    return Image.open(io.BytesIO(svg_to_png(outer, 150))).convert("RGBA")


def test_text_of_a_drawing_placed_as_an_svg_image_is_lost_and_as_png_kept() -> None:
    """resvg draws an SVG placed as an image without the bundled fonts, so its text vanishes:
    why a publish excerpt made for the web places its drawings as PNG (it printed no text)."""
    inner = svg_document(144, 72, '<text x="10" y="45" font-size="24" fill="#000">Hexes 4-6</text>')
    assert dark_pixels(_placed_as_image(inner, "svg+xml")) < 20
    assert dark_pixels(_placed_as_image(inner, "png")) > 300


def test_a_palette_png_keeps_its_picture_and_resolution() -> None:
    doc = svg_document(144, 72, '<text x="10" y="45" font-size="24">Hexes 4-6</text>')
    png = svg_to_png(doc, 150, background="#ffffff")
    small = Image.open(io.BytesIO(palette_png(png, 150)))
    assert small.mode == "P" and round(small.info["dpi"][0]) == 150
    assert dark_pixels(small.convert("RGBA")) == dark_pixels(
        Image.open(io.BytesIO(png)).convert("RGBA")
    )
