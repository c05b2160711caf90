"""A counter face's SVG drawn straight into PDF operators, for one shared Form XObject per face.

The counter renderers write a small, fixed vocabulary (rectangles, circles, ellipses, paths,
groups with transforms, text in the bundled DejaVu faces, data: images with an optional greying
filter). Turning that into a PDF content stream directly costs a fraction of a millisecond,
where a round trip through cairosvg re-parses the face and asks cairo for the extents of every
glyph. Anything outside the vocabulary raises :class:`Unsupported`, and the caller converts that
face with cairosvg as before: a face is never drawn wrongly, at worst more slowly.

Text is set the way cairosvg sets it (cairo's toy text API, no kerning, per-character advances
from the font; ``text-anchor`` aligns the *ink* extents of the whole string), with glyph ids of
the bundled font files, so every face of a kit can share one embedded subset of each font.
"""

from __future__ import annotations

import base64
import io
import json
import math
import re
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lxml import etree  # type: ignore[import-untyped]

from toolkit.cache import pack, unpack
from toolkit.render.fonts import FONT_DIR

MAGIC = b"toolkit-face-pdf-1\n"
"""How a directly drawn face's cache entry starts (a cairosvg fallback entry starts ``%PDF``)."""

FONT_FILES: tuple[str, ...] = (
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DroidSansFallbackFull.ttf",
)
"""The bundled faces text may use; a face's content names font ``i`` as ``/F<i>``."""
FALLBACK_FONT = 4
MAX_FACE_BYTES = 4_000_000
"""A face bigger than this is not parsed here (cairosvg, with its own limits, gets it)."""

_SVG = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px)?\s*$")
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_NAMED = {"black": (0, 0, 0), "white": (255, 255, 255)}
_KAPPA = 0.5522847498307936
"""Control-point distance of a quarter circle drawn as one cubic Bézier (radius 1)."""

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
        "font-family",
        "font-stretch",
        "text-anchor",
        "stroke-dasharray",
        "stroke-dashoffset",
    }
)
_PLAIN = frozenset({"id", "opacity", "fill-opacity", "stroke-opacity"})
"""Accepted everywhere; the opacities only at 1 (checked in :func:`_check_opacity`)."""
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


class Unsupported(ValueError):
    """The face uses something the direct path does not draw; cairosvg must convert it."""


@dataclass(frozen=True, slots=True)
class FaceImage:
    """A raster picture of a face as a PDF image: 8-bit samples, deflated, maybe with alpha."""

    width: int
    height: int
    grey: bool
    data: bytes
    """Deflated samples: one byte per pixel when ``grey``, else three."""
    alpha: bytes = b""
    """Deflated 8-bit alpha samples (the image's soft mask); empty when opaque."""


@dataclass(frozen=True, slots=True)
class FaceForm:
    """One face as PDF operators in its own user space (the SVG's viewBox, y up)."""

    content: bytes
    width: float
    """Size of the viewBox, the form's bounding box."""
    height: float
    glyphs: Mapping[int, Mapping[int, str]] = field(default_factory=dict)
    """Font index (in :data:`FONT_FILES`) → glyph id → the text it shows (for ToUnicode)."""
    images: tuple[FaceImage, ...] = ()
    """The pictures, named ``/Im<i>`` in the content."""


# -- fonts ---------------------------------------------------------------------------------------


@dataclass
class _FontData:
    """What setting text needs from one font file: characters to glyphs, advances, ink."""

    units: int
    cmap: dict[int, int]
    advances: list[int]
    ink: dict[int, tuple[float, float] | None]
    font: Any
    """The fontTools ``TTFont`` (untyped), for glyph outlines on demand."""


@cache
def _font(index: int) -> _FontData:
    """One bundled font, loaded once per process (lazily: only the glyphs used are decoded)."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(str(FONT_DIR / FONT_FILES[index]), lazy=True)
    order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
    cmap = {code: order[name] for code, name in font.getBestCmap().items()}
    metrics = font["hmtx"].metrics
    advances = [metrics[name][0] for name in font.getGlyphOrder()]
    return _FontData(font["head"].unitsPerEm, cmap, advances, {}, font)


def _ink(data: _FontData, gid: int) -> tuple[float, float] | None:
    """A glyph's horizontal ink extent (xMin, xMax) in font units; None for a blank glyph."""
    if gid not in data.ink:
        glyf = data.font["glyf"]
        glyph = glyf[glyf.getGlyphName(gid)]
        if glyph.numberOfContours == 0:
            data.ink[gid] = None
        else:
            if not hasattr(glyph, "xMin"):
                glyph.recalcBounds(glyf)
            data.ink[gid] = (float(glyph.xMin), float(glyph.xMax))
    return data.ink[gid]


Subsetter = Callable[[int, frozenset[int]], bytes]
"""Font index, glyph ids → the font file keeping those glyphs (see :func:`subset_font`)."""


def subset_font(index: int, gids: frozenset[int]) -> bytes:
    """The font file ``index`` keeping only ``gids`` (at their own ids), without hinting or
    layout tables; the bytes depend only on the file and the glyphs."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.hinting = False
    options.layout_features = []
    options.glyph_names = False
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "BASE", "JSTF", "MATH"]
    font = TTFont(str(FONT_DIR / FONT_FILES[index]), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=sorted({0, *gids}))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def font_index(family: str, weight: str, stretch: str) -> int:
    """The bundled face cairo picks for these SVG font properties.

    cairosvg asks fontconfig for the *first* family of the list with the weight (bold at 550 and
    above) and nothing else; the condensed faces are named by family. A family only fontconfig
    could resolve (a system font) is not drawn here.

    :raises Unsupported: a family other than the bundled ones or the generic sans-serif.
    """
    first = family.split(",")[0].strip().strip("\"'").lower()
    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
    if first == "droid sans fallback":
        return FALLBACK_FONT
    if first == "dejavu sans condensed":
        return 1 if bold else 0
    if first in ("dejavu sans", "sans-serif", "sans"):
        return 3 if bold else 2
    raise Unsupported(f"font family {family!r}")


def _glyphs(text: str, index: int) -> list[tuple[int, int, str]]:
    """(font index, glyph id, character) for each character: the face's own glyph, else the
    fallback face's, else the face's missing-glyph box."""
    main = _font(index)
    result = []
    for char in text:
        code = ord(char)
        if code in main.cmap:
            result.append((index, main.cmap[code], char))
        elif code in _font(FALLBACK_FONT).cmap:
            result.append((FALLBACK_FONT, _font(FALLBACK_FONT).cmap[code], char))
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
        if value is not None and _number(value) != 1.0:
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
        self.out: list[bytes] = [f"1 0 0 -1 0 {_n(height)} cm 4 M\n".encode("ascii")]
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
            self.out.append(b"q " + _matrix(transform).encode("ascii") + b" cm\n")
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
            self.shape(_outline(element, tag), style, closed_only=tag == "line")
        if transform is not None:
            self.out.append(b"Q\n")
            self.state = self.saved.pop()

    def shape(self, path: str, style: Mapping[str, str], closed_only: bool = False) -> None:
        """Fill, then stroke, like cairosvg (a <line> is never filled)."""
        if not path:
            return
        fill = None if closed_only else _colour(style.get("fill", "black"))
        stroke = _colour(style.get("stroke", "none"))
        width = _length(style.get("stroke-width", "1"))
        if width <= 0:
            stroke = None
        if fill is None and stroke is None:
            return
        ops = ""
        if fill is not None:
            ops += self.set("rg", fill)
        if stroke is not None:
            ops += self.set("RG", stroke) + self.set("w", _n(width))
            ops += self.set("J", str(_cap(style))) + self.set("j", str(_join(style)))
            ops += self.set("d", _dashes(style))
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
        if _colour(style.get("stroke", "none")) is not None:
            raise Unsupported("stroked text")
        content = _white_space(element.text or "")
        fill = _colour(style.get("fill", "black"))
        if not content or fill is None:
            return
        size = _length(style.get("font-size", "16"))
        stretch = style.get("font-stretch", "normal")
        index = font_index(
            style.get("font-family", "sans-serif"), style.get("font-weight", ""), stretch
        )
        anchor = style.get("text-anchor", "start")
        if anchor not in ("start", "middle", "end"):
            raise Unsupported(f"text-anchor={anchor!r}")
        glyphs = _glyphs(content, index)
        pen, low, high = 0.0, math.inf, -math.inf
        for font, gid, _char in glyphs:
            data = _font(font)
            scale = size / data.units
            ink = _ink(data, gid)
            if ink is not None and ink[1] > ink[0]:
                low, high = min(low, pen + ink[0] * scale), max(high, pen + ink[1] * scale)
            pen += data.advances[gid] * scale
        shift = 0.0
        if low <= high and anchor != "start":
            shift = -(low + high) / 2 if anchor == "middle" else -high
        x = _length(element.get("x", "0")) + shift
        y = _length(element.get("y", "0"))
        runs: list[str] = []
        current = -1
        for font, gid, char in glyphs:
            self.glyphs.setdefault(font, {}).setdefault(gid, char)
            if font != current:
                runs.append(
                    f"> Tj /F{font} {_n(size)} Tf <" if runs else f"/F{font} {_n(size)} Tf <"
                )
                current = font
            runs.append(f"{gid:04x}")
        shown = "".join(runs)
        colour = self.set("rg", fill)
        self.out.append(f"BT {colour}1 0 0 -1 {_n(x)} {_n(y)} Tm {shown}> Tj ET\n".encode("ascii"))

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
        x, y = _length(element.get("x", "0")), _length(element.get("y", "0"))
        w, h = _length(element.get("width", "0")), _length(element.get("height", "0"))
        if w <= 0 or h <= 0:
            return
        scale = min(w / picture.width, h / picture.height)
        dw, dh = picture.width * scale, picture.height * scale
        dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
        name = f"/Im{len(self.images)}"
        self.images.append(picture)
        self.out.append(
            f"q {_n(dw)} 0 0 {_n(-dh)} {_n(dx)} {_n(dy + dh)} cm {name} Do Q\n".encode("ascii")
        )


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


# -- values --------------------------------------------------------------------------------------


def _n(value: float) -> str:
    """A number for a content stream: at most 4 decimals, no '-0'."""
    if not math.isfinite(value):
        raise Unsupported("a number that is not finite")
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _number(value: str) -> float:
    try:
        result = float(value)
    except ValueError:
        raise Unsupported(f"not a number: {value!r}") from None
    if not math.isfinite(result):
        raise Unsupported(f"not a finite number: {value!r}")
    return result


def _length(value: str) -> float:
    """A user-space length: a plain number or px (cairosvg's other units are not drawn here)."""
    match = _LENGTH.match(value)
    if match is None:
        raise Unsupported(f"a length {value!r}")
    return _number(match.group(1))


def _colour(value: str) -> str | None:
    """A fill or stroke as PDF colour operands ``r g b``; None for no paint."""
    value = value.strip().lower()
    if value in ("none", "transparent"):
        return None
    if value in _NAMED:
        rgb = _NAMED[value]
    elif re.fullmatch(r"#[0-9a-f]{6}", value):
        rgb = (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    elif re.fullmatch(r"#[0-9a-f]{3}", value):
        rgb = (int(value[1] * 2, 16), int(value[2] * 2, 16), int(value[3] * 2, 16))
    else:
        raise Unsupported(f"a colour {value!r}")
    return " ".join(_n(c / 255) for c in rgb)


def _cap(style: Mapping[str, str]) -> int:
    value = style.get("stroke-linecap", "butt")
    if value not in ("butt", "round", "square"):
        raise Unsupported(f"stroke-linecap={value!r}")
    return ("butt", "round", "square").index(value)


def _join(style: Mapping[str, str]) -> int:
    value = style.get("stroke-linejoin", "miter")
    if value not in ("miter", "round", "bevel"):
        raise Unsupported(f"stroke-linejoin={value!r}")
    return ("miter", "round", "bevel").index(value)


def _dashes(style: Mapping[str, str]) -> str:
    """``stroke-dasharray`` and its offset as ``d`` operands; solid when the lengths add to 0,
    as cairosvg has it."""
    value = style.get("stroke-dasharray", "none").strip()
    if value == "none":
        return "[] 0"
    lengths = [_length(v) for v in value.replace(",", " ").split()]
    if any(v < 0 for v in lengths):
        raise Unsupported(f"stroke-dasharray={value!r}")
    if not sum(lengths):
        return "[] 0"
    offset = _length(style.get("stroke-dashoffset", "0"))
    return f"[{' '.join(_n(v) for v in lengths)}] {_n(offset)}"


def _matrix(transform: str) -> str:
    """An SVG transform list as the operands of one ``cm``."""
    a, b, c, d, e, f = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
    at = 0
    text = transform.strip()
    while at < len(text):
        match = _TRANSFORM.match(text, at)
        if match is None:
            raise Unsupported(f"transform {transform!r}")
        at = match.end()
        args = [float(v) for v in _NUMBER.findall(match.group(2))]
        m = _transform_matrix(match.group(1), args)
        a, b, c, d, e, f = (
            a * m[0] + c * m[1],
            b * m[0] + d * m[1],
            a * m[2] + c * m[3],
            b * m[2] + d * m[3],
            a * m[4] + c * m[5] + e,
            b * m[4] + d * m[5] + f,
        )
    return " ".join(_n(v) for v in (a, b, c, d, e, f))


def _transform_matrix(kind: str, args: list[float]) -> tuple[float, ...]:
    if kind == "matrix" and len(args) == 6:
        return tuple(args)
    if kind == "translate" and len(args) in (1, 2):
        return (1, 0, 0, 1, args[0], args[1] if len(args) == 2 else 0)
    if kind == "scale" and len(args) in (1, 2):
        return (args[0], 0, 0, args[-1], 0, 0)
    if kind == "rotate" and len(args) in (1, 3):
        angle = math.radians(args[0])
        cos, sin = math.cos(angle), math.sin(angle)
        cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
        return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
    if kind in ("skewX", "skewY") and len(args) == 1:
        t = math.tan(math.radians(args[0]))
        return (1, 0, t, 1, 0, 0) if kind == "skewX" else (1, t, 0, 1, 0, 0)
    raise Unsupported(f"transform {kind}({args})")


# -- outlines ------------------------------------------------------------------------------------


def _outline(element: etree._Element, tag: str) -> str:
    """The element's outline as path operators (y down: the content's first ``cm`` flips)."""

    def get(name: str, default: str = "0") -> float:
        return _length(element.get(name, default))

    if tag == "rect":
        return _rect(get("x"), get("y"), get("width"), get("height"), element)
    if tag == "circle":
        r = get("r")
        return _ellipse(get("cx"), get("cy"), r, r) if r > 0 else ""
    if tag == "ellipse":
        rx, ry = get("rx"), get("ry")
        return _ellipse(get("cx"), get("cy"), rx, ry) if rx > 0 and ry > 0 else ""
    if tag == "line":
        return f"{_n(get('x1'))} {_n(get('y1'))} m {_n(get('x2'))} {_n(get('y2'))} l\n"
    if tag in ("polyline", "polygon"):
        values = [_number(v) for v in _NUMBER.findall(element.get("points", ""))]
        points = list(zip(values[::2], values[1::2], strict=False))
        if len(points) < 2:
            return ""
        ops = [f"{_n(points[0][0])} {_n(points[0][1])} m"]
        ops.extend(f"{_n(x)} {_n(y)} l" for x, y in points[1:])
        if tag == "polygon":
            ops.append("h")
        return " ".join(ops) + "\n"
    return _path(element.get("d", ""))


def _rect(x: float, y: float, w: float, h: float, element: etree._Element) -> str:
    if w <= 0 or h <= 0:
        return ""
    rx_text, ry_text = element.get("rx"), element.get("ry")
    rx = _length(rx_text) if rx_text is not None else None
    ry = _length(ry_text) if ry_text is not None else None
    rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)
    rx, ry = min(max(rx, 0.0), w / 2), min(max(ry, 0.0), h / 2)
    if rx <= 0 or ry <= 0:
        return f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re\n"
    kx, ky = rx * _KAPPA, ry * _KAPPA
    r, b = x + w, y + h
    return (
        f"{_n(x + rx)} {_n(y)} m {_n(r - rx)} {_n(y)} l "
        f"{_n(r - rx + kx)} {_n(y)} {_n(r)} {_n(y + ry - ky)} {_n(r)} {_n(y + ry)} c "
        f"{_n(r)} {_n(b - ry)} l "
        f"{_n(r)} {_n(b - ry + ky)} {_n(r - rx + kx)} {_n(b)} {_n(r - rx)} {_n(b)} c "
        f"{_n(x + rx)} {_n(b)} l "
        f"{_n(x + rx - kx)} {_n(b)} {_n(x)} {_n(b - ry + ky)} {_n(x)} {_n(b - ry)} c "
        f"{_n(x)} {_n(y + ry)} l "
        f"{_n(x)} {_n(y + ry - ky)} {_n(x + rx - kx)} {_n(y)} {_n(x + rx)} {_n(y)} c h\n"
    )


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    kx, ky = rx * _KAPPA, ry * _KAPPA
    return (
        f"{_n(cx + rx)} {_n(cy)} m "
        f"{_n(cx + rx)} {_n(cy + ky)} {_n(cx + kx)} {_n(cy + ry)} {_n(cx)} {_n(cy + ry)} c "
        f"{_n(cx - kx)} {_n(cy + ry)} {_n(cx - rx)} {_n(cy + ky)} {_n(cx - rx)} {_n(cy)} c "
        f"{_n(cx - rx)} {_n(cy - ky)} {_n(cx - kx)} {_n(cy - ry)} {_n(cx)} {_n(cy - ry)} c "
        f"{_n(cx + kx)} {_n(cy - ry)} {_n(cx + rx)} {_n(cy - ky)} {_n(cx + rx)} {_n(cy)} c h\n"
    )


_PATH_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def _path_commands(d: str) -> Iterator[tuple[str, list[float]]]:
    """(command, arguments) of path data, repeated commands split; arc flags may be packed."""
    tokens: list[str] = []
    at = 0
    command = ""
    while at < len(d):
        if d[at] in " \t\r\n,":
            at += 1
            continue
        if command.lower() == "a" and len(tokens) % 7 in (3, 4) and d[at] in "01":
            tokens.append(d[at])  # a flag is one digit, even written without a separator
            at += 1
            continue
        match = _PATH_TOKEN.match(d, at)
        if match is None:
            raise Unsupported(f"path data at {d[at : at + 10]!r}")
        at = match.end()
        if match.group(1):
            if command:
                yield from _split(command, tokens)
            command, tokens = match.group(1), []
        elif not command:
            raise Unsupported("path data before a command")
        else:
            tokens.append(match.group(2))
    if command:
        yield from _split(command, tokens)


def _split(command: str, tokens: list[str]) -> Iterator[tuple[str, list[float]]]:
    arity = _ARITY[command.lower()]
    values = [_number(t) for t in tokens]
    if arity == 0:
        if values:
            raise Unsupported("numbers after Z")
        yield command, []
        return
    if not values or len(values) % arity:
        raise Unsupported(f"path command {command} with {len(values)} numbers")
    for i in range(0, len(values), arity):
        # after a moveto, further pairs are linetos (of the same relativity)
        name = command if i == 0 or command not in "Mm" else ("L" if command == "M" else "l")
        yield name, values[i : i + arity]


def _path(d: str) -> str:
    """SVG path data as PDF path operators (quadratics and arcs as cubics)."""
    ops: list[str] = []
    x = y = sx = sy = 0.0
    last_control: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None
    previous = ""
    for command, v in _path_commands(d):
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        kind = command.upper()
        control: tuple[float, float] | None = None
        quad: tuple[float, float] | None = None
        if kind == "M":
            x, y = ox + v[0], oy + v[1]
            sx, sy = x, y
            ops.append(f"{_n(x)} {_n(y)} m")
        elif kind == "L":
            x, y = ox + v[0], oy + v[1]
            ops.append(f"{_n(x)} {_n(y)} l")
        elif kind == "H":
            x = ox + v[0]
            ops.append(f"{_n(x)} {_n(y)} l")
        elif kind == "V":
            y = (y if rel else 0.0) + v[0]
            ops.append(f"{_n(x)} {_n(y)} l")
        elif kind in ("C", "S"):
            if kind == "C":
                c1 = (ox + v[0], oy + v[1])
                rest = v[2:]
            else:
                c1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                rest = v
            c2 = (ox + rest[0], oy + rest[1])
            x, y = ox + rest[2], oy + rest[3]
            ops.append(_curve(c1, c2, (x, y)))
            control = c2
        elif kind in ("Q", "T"):
            if kind == "Q":
                q = (ox + v[0], oy + v[1])
                end = (ox + v[2], oy + v[3])
            else:
                q = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                end = (ox + v[0], oy + v[1])
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            x, y = end
            ops.append(_curve(c1, c2, end))
            quad = q
        elif kind == "A":
            end = (ox + v[5], oy + v[6])
            ops.extend(_arc((x, y), v[0], v[1], v[2], v[3] != 0, v[4] != 0, end))
            x, y = end
        else:  # Z
            ops.append("h")
            x, y = sx, sy
        if previous == "" and kind != "M":
            raise Unsupported("path data not starting with a moveto")
        previous = kind
        last_control, last_quad = control, quad
    return " ".join(ops) + "\n" if ops else ""


def _curve(c1: tuple[float, float], c2: tuple[float, float], end: tuple[float, float]) -> str:
    return f"{_n(c1[0])} {_n(c1[1])} {_n(c2[0])} {_n(c2[1])} {_n(end[0])} {_n(end[1])} c"


def _arc(
    start: tuple[float, float],
    rx: float,
    ry: float,
    rotation: float,
    large: bool,
    sweep: bool,
    end: tuple[float, float],
) -> list[str]:
    """An elliptical arc as cubics (SVG implementation notes, endpoint to centre form)."""
    (x1, y1), (x2, y2) = start, end
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [f"{_n(x2)} {_n(y2)} l"]
    phi = math.radians(rotation % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    factor = math.sqrt(max(0.0, numerator / denominator)) if denominator else 0.0
    if large == sweep:
        factor = -factor
    cxp, cyp = factor * rx * y1p / ry, -factor * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    ops = []
    for i in range(pieces):
        a1, a2 = theta + i * step, theta + (i + 1) * step

        def point(a: float) -> tuple[float, float]:
            px, py = rx * math.cos(a), ry * math.sin(a)
            return (cx + cos * px - sin * py, cy + sin * px + cos * py)

        def tangent(a: float) -> tuple[float, float]:
            px, py = -rx * math.sin(a), ry * math.cos(a)
            return (cos * px - sin * py, sin * px + cos * py)

        p1, p2 = point(a1), point(a2)
        t1, t2 = tangent(a1), tangent(a2)
        c1 = (p1[0] + k * t1[0], p1[1] + k * t1[1])
        c2 = (p2[0] - k * t2[0], p2[1] - k * t2[1])
        ops.append(_curve(c1, c2, p2 if i < pieces - 1 else (x2, y2)))
    return ops


# -- cache entries -------------------------------------------------------------------------------


def encode_form(form: FaceForm) -> bytes:
    """The form as a cache entry (see :func:`decode_form`)."""
    head = {
        "size": [form.width, form.height],
        "glyphs": {str(i): [[g, t] for g, t in used.items()] for i, used in form.glyphs.items()},
        "images": [[im.width, im.height, im.grey] for im in form.images],
    }
    parts = [("head", json.dumps(head, sort_keys=True).encode()), ("content", form.content)]
    for i, im in enumerate(form.images):
        parts.append((f"image{i}", im.data))
        parts.append((f"alpha{i}", im.alpha))
    return MAGIC + pack(parts)


def is_face_form(entry: bytes) -> bool:
    """Whether a converted face is a direct drawing (else it is cairosvg's one-page PDF)."""
    return entry.startswith(MAGIC)


def decode_form(entry: bytes) -> FaceForm:
    """A form from its cache entry.

    :raises ValueError: not an entry :func:`encode_form` wrote.
    """
    if not entry.startswith(MAGIC):
        raise ValueError("not a face form")
    parts = dict(unpack(entry[len(MAGIC) :]))
    head = json.loads(parts["head"])
    images = tuple(
        FaceImage(w, h, grey, parts[f"image{i}"], parts[f"alpha{i}"])
        for i, (w, h, grey) in enumerate(head["images"])
    )
    glyphs = {int(i): {int(g): t for g, t in used} for i, used in head["glyphs"].items()}
    return FaceForm(parts["content"], head["size"][0], head["size"][1], glyphs, images)
