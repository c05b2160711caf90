"""A counter face's SVG (or a kit page's own drawing) written straight as PDF operators, for one
shared Form XObject per face.

The renderers write a small, fixed vocabulary (rectangles, circles, ellipses, paths, groups
with transforms, text in the bundled DejaVu faces, data: images with an optional greying
filter). Turning that into a PDF content stream directly costs a fraction of a millisecond,
where a round trip through cairosvg re-parses the drawing and asks cairo for the extents of
every glyph. Anything outside the vocabulary raises :class:`Unsupported`, and the caller
converts that drawing with cairosvg as before: never drawn wrongly, at worst more slowly.
Values and outlines are parsed in ``paint``; the result is a ``forms.FaceForm``.

Text is set the way cairosvg sets it (cairo's toy text API, no kerning, per-character advances
from the font; ``text-anchor`` aligns the *ink* extents of the whole string), with glyph ids of
the bundled font files, so every drawing of a kit can share one embedded subset of each font.
"""

from __future__ import annotations

import base64
import io
import math
import re
import zlib
from collections.abc import Mapping
from functools import cache

from lxml import etree  # type: ignore[import-untyped]

from toolkit.kit.pdf.fontfiles import FALLBACK_FONT, OBLIQUE_FONTS, font_data, glyph_ink
from toolkit.kit.pdf.forms import FaceForm, FaceImage
from toolkit.kit.pdf.paint import (
    Unsupported,
    dash_pattern,
    line_cap,
    line_join,
    numbers,
    outline,
    parse_colour,
    parse_length,
    parse_number,
    pdf_number,
    transform_matrix,
)

MAX_FACE_BYTES = 4_000_000
"""A face bigger than this is not parsed here (cairosvg, with its own limits, gets it)."""

_SVG = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

_INHERITED = frozenset(
    {
        "fill",
        "stroke",
        "stroke-width",
        "stroke-linecap",
        "stroke-linejoin",
        "fill-rule",
        "font-size",
        "font-weight",
        "font-style",
        "font-family",
        "font-stretch",
        "text-anchor",
        "stroke-dasharray",
        "stroke-dashoffset",
    }
)
_PLAIN = frozenset({"id", "class", "opacity", "fill-opacity", "stroke-opacity"})
"""Accepted everywhere; the opacities only at 1 (checked in :func:`_check_attributes`), a class
because a drawing with a style sheet (a <style> element or an xml-stylesheet instruction) is
refused as a whole."""
_OWN: Mapping[str, frozenset[str]] = {
    "svg": frozenset({"width", "height", "viewBox", "version"}),
    "g": frozenset({"transform"}),
    "rect": frozenset({"x", "y", "width", "height", "rx", "ry", "transform"}),
    "circle": frozenset({"cx", "cy", "r", "transform"}),
    "ellipse": frozenset({"cx", "cy", "rx", "ry", "transform"}),
    "path": frozenset({"d", "transform"}),
    "line": frozenset({"x1", "y1", "x2", "y2", "transform"}),
    "polyline": frozenset({"points", "transform"}),
    "polygon": frozenset({"points", "transform"}),
    "text": frozenset({"x", "y", "transform"}),
    "image": frozenset(
        {"x", "y", "width", "height", "preserveAspectRatio", "href", _XLINK_HREF, "filter"}
    ),
}
_IMAGE_TYPES = {"image/png", "image/jpeg", "image/gif", "image/webp"}


# -- fonts ---------------------------------------------------------------------------------------


def font_index(family: str, weight: str, stretch: str, style: str = "normal") -> int:
    """The bundled face cairo picks for these SVG font properties.

    cairosvg asks fontconfig for the *first* family of the list with the weight (bold at 550 and
    above) and the slant, and nothing else; the condensed faces are named by family. A family
    only fontconfig could resolve (a system font) is not drawn here.

    :raises Unsupported: a family other than the bundled ones or the generic sans-serif, or a
        slanted face that is not bundled (only the condensed faces come oblique).
    """
    first = family.split(",")[0].strip().strip("\"'").lower()
    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
    slanted = style in ("italic", "oblique")
    if first == "droid sans fallback":
        return FALLBACK_FONT
    if slanted and first != "dejavu sans condensed":
        raise Unsupported(f"font-style {style!r} in {family!r}")
    if first == "dejavu sans condensed":
        return OBLIQUE_FONTS[bold] if slanted else 1 if bold else 0
    if first in ("dejavu sans", "sans-serif", "sans"):
        return 3 if bold else 2
    raise Unsupported(f"font family {family!r}")


def _glyphs(text: str, index: int) -> list[tuple[int, int, str]]:
    """(font index, glyph id, character) for each character: the face's own glyph, else the
    fallback face's, else the face's missing-glyph box."""
    main = font_data(index)
    result = []
    for char in text:
        code = ord(char)
        if code in main.cmap:
            result.append((index, main.cmap[code], char))
        elif code in font_data(FALLBACK_FONT).cmap:
            result.append((FALLBACK_FONT, font_data(FALLBACK_FONT).cmap[code], char))
        else:
            result.append((index, 0, char))
    return result


# -- the drawing ---------------------------------------------------------------------------------


def draw_face(svg: str) -> FaceForm:
    """The face as PDF operators.

    :raises Unsupported: the face needs cairosvg (an element, attribute or value not handled).
    """
    if len(svg) > MAX_FACE_BYTES:
        raise Unsupported("face too large")
    if "<?xml-stylesheet" in svg:
        raise Unsupported("a style sheet")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(svg.encode("utf-8"), parser)
    except etree.XMLSyntaxError as error:
        raise Unsupported(f"not XML: {error}") from None
    if root.tag != f"{_SVG}svg":
        raise Unsupported("root is not <svg>")
    box = _viewbox(root)
    drawer = _Drawer(box[3])
    drawer.filters = _filters(root)
    drawer.children(root, _style(root, {}))
    return FaceForm(
        b"".join(drawer.out),
        box[2],
        box[3],
        {i: dict(sorted(used.items())) for i, used in sorted(drawer.glyphs.items())},
        tuple(drawer.images),
    )


def _viewbox(root: etree._Element) -> tuple[float, float, float, float]:
    _check_attributes(root, "svg")
    parts = root.get("viewBox", "").replace(",", " ").split()
    if len(parts) != 4:
        raise Unsupported("no viewBox")
    x, y, w, h = (float(p) for p in parts)
    if x or y or w <= 0 or h <= 0:
        raise Unsupported("a viewBox not at the origin")
    return (x, y, w, h)


def _filters(root: etree._Element) -> frozenset[str]:
    """Ids of the greying filters in <defs> (``feColorMatrix saturate 0``, all they may hold)."""
    found = set()
    for defs in root.iterchildren(f"{_SVG}defs"):
        for child in defs:
            if not isinstance(child.tag, str):
                continue
            primitives = [p for p in child if isinstance(p.tag, str)]
            if (
                child.tag != f"{_SVG}filter"
                or set(child.attrib) != {"id"}
                or len(primitives) != 1
                or primitives[0].tag != f"{_SVG}feColorMatrix"
                or dict(primitives[0].attrib) != {"type": "saturate", "values": "0"}
            ):
                raise Unsupported("<defs> other than a greying filter")
            found.add(child.get("id"))
    return frozenset(found)


def _check_attributes(element: etree._Element, tag: str) -> None:
    for name in element.attrib:
        if name not in _OWN[tag] and name not in _INHERITED and name not in _PLAIN:
            raise Unsupported(f"<{tag} {name}>")
    for name in ("opacity", "fill-opacity", "stroke-opacity"):
        value = element.get(name)
        if value is not None and parse_number(value) != 1.0:
            raise Unsupported(f"{name}={value!r}")


def _style(element: etree._Element, parent: Mapping[str, str]) -> dict[str, str]:
    style = dict(parent)
    for name in _INHERITED:
        value = element.get(name)
        if value is not None:
            if value.strip() == "inherit":
                continue
            style[name] = value.strip()
    return style


class _Drawer:
    """Walks the face's elements and writes their operators into ``out``."""

    def __init__(self, height: float) -> None:
        self.out: list[bytes] = [f"1 0 0 -1 0 {pdf_number(height)} cm 4 M\n".encode("ascii")]
        self.glyphs: dict[int, dict[int, str]] = {}
        self.images: list[FaceImage] = []
        self.filters: frozenset[str] = frozenset()
        self.state: dict[str, str] = {}
        """Graphics state set so far (operator → operands), so nothing is set twice."""
        self.saved: list[dict[str, str]] = []

    def set(self, operator: str, operands: str) -> str:
        """``operands operator``, or nothing when the state already holds it."""
        if self.state.get(operator) == operands:
            return ""
        self.state[operator] = operands
        return f"{operands} {operator} "

    def children(self, parent: etree._Element, style: Mapping[str, str]) -> None:
        for child in parent:
            if not isinstance(child.tag, str):  # a comment or processing instruction
                continue
            if not child.tag.startswith(_SVG):
                raise Unsupported(f"element {child.tag!r}")
            tag = child.tag[len(_SVG) :]
            if tag in ("title", "desc", "defs"):
                continue
            if tag not in _OWN or tag == "svg":
                raise Unsupported(f"<{tag}>")
            _check_attributes(child, tag)
            self.element(child, tag, _style(child, style))

    def element(self, element: etree._Element, tag: str, style: Mapping[str, str]) -> None:
        transform = element.get("transform")
        if transform is not None:
            self.out.append(b"q " + transform_matrix(transform).encode("ascii") + b" cm\n")
            self.saved.append(dict(self.state))
        if tag == "g":
            self.children(element, style)
        elif tag == "text":
            if len(element):
                raise Unsupported("<text> with child elements")
            self.text(element, style)
        elif tag == "image":
            if len(element):
                raise Unsupported("<image> with children")
            self.image(element)
        else:
            if len(element):
                raise Unsupported(f"<{tag}> with children")
            self.shape(outline(element, tag), style, closed_only=tag == "line")
        if transform is not None:
            self.out.append(b"Q\n")
            self.state = self.saved.pop()

    def shape(self, path: str, style: Mapping[str, str], closed_only: bool = False) -> None:
        """Fill, then stroke, like cairosvg (a <line> is never filled)."""
        if not path:
            return
        fill = None if closed_only else parse_colour(style.get("fill", "black"))
        stroke = parse_colour(style.get("stroke", "none"))
        width = parse_length(style.get("stroke-width", "1"))
        if width <= 0:
            stroke = None
        if fill is None and stroke is None:
            return
        ops = ""
        if fill is not None:
            ops += self.set("rg", fill)
        if stroke is not None:
            ops += self.set("RG", stroke) + self.set("w", pdf_number(width))
            ops += self.set("J", str(line_cap(style))) + self.set("j", str(line_join(style)))
            ops += self.set("d", dash_pattern(style))
        even = style.get("fill-rule", "nonzero") == "evenodd"
        if fill is not None and stroke is not None:
            paint = "B*" if even else "B"
        elif fill is not None:
            paint = "f*" if even else "f"
        else:
            paint = "S"
        self.out.append(f"{ops}{path}{paint}\n".encode("ascii"))

    def text(self, element: etree._Element, style: Mapping[str, str]) -> None:
        """One line of text, placed like cairosvg places it (see the module's docstring)."""
        if element.get("{http://www.w3.org/XML/1998/namespace}space") is not None:
            raise Unsupported("xml:space")
        if parse_colour(style.get("stroke", "none")) is not None:
            raise Unsupported("stroked text")
        content = _white_space(element.text or "")
        fill = parse_colour(style.get("fill", "black"))
        if not content or fill is None:
            return
        size = parse_length(style.get("font-size", "16"))
        stretch = style.get("font-stretch", "normal")
        index = font_index(
            style.get("font-family", "sans-serif"),
            style.get("font-weight", ""),
            stretch,
            style.get("font-style", "normal"),
        )
        anchor = style.get("text-anchor", "start")
        if anchor not in ("start", "middle", "end"):
            raise Unsupported(f"text-anchor={anchor!r}")
        glyphs = _glyphs(content, index)
        pen, low, high = 0.0, math.inf, -math.inf
        for font, gid, _char in glyphs:
            data = font_data(font)
            scale = size / data.units
            ink = glyph_ink(data, gid)
            if ink is not None and ink[1] > ink[0]:
                low, high = min(low, pen + ink[0] * scale), max(high, pen + ink[1] * scale)
            pen += data.advances[gid] * scale
        shift = 0.0
        if low <= high and anchor != "start":
            shift = -(low + high) / 2 if anchor == "middle" else -high
        x = parse_length(element.get("x", "0")) + shift
        y = parse_length(element.get("y", "0"))
        runs: list[str] = []
        current = -1
        for font, gid, char in glyphs:
            self.glyphs.setdefault(font, {}).setdefault(gid, char)
            if font != current:
                runs.append(
                    f"> Tj /F{font} {pdf_number(size)} Tf <"
                    if runs
                    else f"/F{font} {pdf_number(size)} Tf <"
                )
                current = font
            runs.append(f"{gid:04x}")
        shown = "".join(runs)
        colour = self.set("rg", fill)
        self.out.append(
            f"BT {colour}1 0 0 -1 {pdf_number(x)} {pdf_number(y)} Tm {shown}> Tj ET\n".encode(
                "ascii"
            )
        )

    def image(self, element: etree._Element) -> None:
        """A data: picture, placed as ``preserveAspectRatio="xMidYMid meet"`` puts it."""
        aspect = element.get("preserveAspectRatio", "xMidYMid meet").split()
        if aspect not in (["xMidYMid"], ["xMidYMid", "meet"]):
            raise Unsupported(f"preserveAspectRatio={aspect!r}")
        grey = False
        if element.get("filter") is not None:
            match = re.fullmatch(r"\s*url\(#([^)]+)\)\s*", element.get("filter"))
            if match is None or match.group(1) not in self.filters:
                raise Unsupported("an unknown filter")
            grey = True
        href = element.get(_XLINK_HREF, element.get("href", ""))
        picture = _decode_image(href, grey)
        x, y = parse_length(element.get("x", "0")), parse_length(element.get("y", "0"))
        w, h = parse_length(element.get("width", "0")), parse_length(element.get("height", "0"))
        if w <= 0 or h <= 0:
            return
        scale = min(w / picture.width, h / picture.height)
        dw, dh = picture.width * scale, picture.height * scale
        dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
        name = f"/Im{len(self.images)}"
        self.images.append(picture)
        self.out.append(f"q {numbers(dw, 0, 0, -dh, dx, dy + dh)} cm {name} Do Q\n".encode("ascii"))


def _white_space(text: str) -> str:
    """SVG's default white-space handling, as cairosvg applies it to a lone text node."""
    text = re.sub("[\n\r]", "", text).replace("\t", " ")
    return re.sub(" +", " ", text).strip(" ")


def _decode_image(href: str, grey: bool) -> FaceImage:
    """A data: URL's raster picture as PDF image samples (greyed as ``saturate(0)`` does)."""
    match = re.fullmatch(r"data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)", href.strip(), re.S)
    if match is None or match.group(1) not in _IMAGE_TYPES:
        raise Unsupported("an image that is not a base64 raster data: URL")
    from PIL import Image

    try:
        with Image.open(io.BytesIO(base64.b64decode(match.group(2)))) as opened:
            opened.load()
            picture = opened.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise Unsupported(f"an unreadable image: {error}") from None
    if picture.width == 0 or picture.height == 0:
        raise Unsupported("an empty image")
    alpha = picture.getchannel("A")
    opaque = alpha.getextrema() == (255, 255)
    if grey:
        samples = _grey(picture.convert("RGB"))
    else:
        samples = picture.convert("RGB").tobytes()
    return FaceImage(
        picture.width,
        picture.height,
        grey,
        zlib.compress(samples, 6),
        b"" if opaque else zlib.compress(alpha.tobytes(), 6),
    )


@cache
def _linear_table() -> tuple[float, ...]:
    return tuple(
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        for c in (i / 255 for i in range(256))
    )


def _grey(picture: object) -> bytes:
    """Luminance of each pixel, computed in linear light as SVG filters are by default
    (``color-interpolation-filters: linearRGB``), back in sRGB."""
    from PIL import Image

    assert isinstance(picture, Image.Image)
    table = _linear_table()
    raw = picture.tobytes()
    out = bytearray(len(raw) // 3)
    memo: dict[bytes, int] = {}
    for i in range(len(out)):
        pixel = raw[3 * i : 3 * i + 3]
        value = memo.get(pixel)
        if value is None:
            lum = 0.2126 * table[pixel[0]] + 0.7152 * table[pixel[1]] + 0.0722 * table[pixel[2]]
            srgb = lum * 12.92 if lum <= 0.0031308 else 1.055 * lum ** (1 / 2.4) - 0.055
            value = memo[pixel] = max(0, min(255, round(srgb * 255)))
        out[i] = value
    return bytes(out)
