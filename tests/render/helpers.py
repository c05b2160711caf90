"""Raster helpers shared by the render tests: they judge drawings by the pixels resvg
produces, which is what ends up on the counter, rather than by parsing path data."""

from __future__ import annotations

import io

from lxml import etree
from PIL import Image

from toolkit.render.raster import svg_to_png
from toolkit.render.svg import svg_document

DPI = 300
PX_PT = 72 / DPI
"""One pixel in points at the test resolution: the slack antialiasing is allowed."""


def parse(svg: str) -> etree._Element:
    """Parse with lxml, failing the test on any well-formedness error."""
    return etree.fromstring(svg.encode("utf-8"))


def render(
    body: str, w_pt: float, h_pt: float, dpi: int = DPI, background: str | None = None
) -> Image.Image:
    """Render ``body`` in a ``w_pt`` x ``h_pt`` document and return the RGBA image."""
    png = svg_to_png(svg_document(w_pt, h_pt, body), dpi, background=background)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def ink_box_pt(
    body: str, w_pt: float, h_pt: float, dpi: int = DPI, threshold: int = 8
) -> tuple[float, float, float, float] | None:
    """Bounding box (points) of every pixel with alpha above ``threshold``; None if blank."""
    alpha = render(body, w_pt, h_pt, dpi).getchannel("A")
    box = alpha.point(lambda a: 255 if a > threshold else 0).getbbox()
    if box is None:
        return None
    scale = 72 / dpi
    return (box[0] * scale, box[1] * scale, box[2] * scale, box[3] * scale)


def assert_inside(
    ink: tuple[float, float, float, float] | None,
    box: tuple[float, float, float, float],
    slack: float = PX_PT,
) -> None:
    """``ink`` (x0, y0, x1, y1) lies within ``box`` (x, y, w, h) give or take ``slack``."""
    assert ink is not None, "nothing was drawn"
    x, y, w, h = box
    assert ink[0] >= x - slack, f"ink spills left: {ink} vs {box}"
    assert ink[1] >= y - slack, f"ink spills above: {ink} vs {box}"
    assert ink[2] <= x + w + slack, f"ink spills right: {ink} vs {box}"
    assert ink[3] <= y + h + slack, f"ink spills below: {ink} vs {box}"


def dark_pixels(
    img: Image.Image, box_px: tuple[int, int, int, int] | None = None, level: int = 100
) -> int:
    """Count pixels darker than ``level`` (after compositing on white) inside ``box_px``."""
    flat = Image.new("RGBA", img.size, "white")
    flat.alpha_composite(img)
    grey = flat.convert("L")
    if box_px is not None:
        grey = grey.crop(box_px)
    return sum(grey.point(lambda p: 1 if p < level else 0).histogram()[1:])
