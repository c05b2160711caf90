"""Directly drawn counter faces as PDF objects: one font subset per face file for the whole kit,
one Form XObject per face.

Every face's text names glyphs by their ids in the bundled font files (see ``facepdf``), so the
kit embeds each font once, as a CID font (Identity-H, glyph ids kept) subset to the glyphs of
every face, with widths and a ToUnicode map so the text can be searched and copied.
"""

from __future__ import annotations

import hashlib
import io
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)

from toolkit.kit.facepdf import FONT_FILES, FaceForm, FaceImage, Subsetter, subset_font


def merged_glyphs(forms: Iterable[FaceForm]) -> dict[int, dict[int, str]]:
    """Font index → glyph id → its text, over every form (the first text seen for a glyph)."""
    merged: dict[int, dict[int, str]] = {}
    for form in forms:
        for index, used in form.glyphs.items():
            target = merged.setdefault(index, {})
            for gid, text in used.items():
                target.setdefault(gid, text)
    return merged


def add_fonts(
    writer: PdfWriter, glyphs: Mapping[int, Mapping[int, str]], subset: Subsetter = subset_font
) -> dict[int, IndirectObject]:
    """One Type0 font per font index used, subset to the glyphs given (by ``subset``, which a
    build gives its cache)."""
    return {
        index: _type0(writer, index, used, subset(index, frozenset(used)))
        for index, used in sorted(glyphs.items())
        if used
    }


def _type0(writer: PdfWriter, index: int, used: Mapping[int, str], data: bytes) -> IndirectObject:
    font = TTFont(io.BytesIO(data), lazy=True)
    units = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    order = font.getGlyphOrder()
    tag = "".join(
        chr(65 + b % 26)
        for b in hashlib.sha256(data).digest()[:6]  # the same subset, the same tag
    )
    name = NameObject(f"/{tag}+{FONT_FILES[index].removesuffix('.ttf')}")

    def scaled(value: float) -> FloatObject:
        return FloatObject(round(value * 1000 / units, 3))

    file_stream = _stream(data, {"/Length1": NumberObject(len(data))})
    head, hhea = font["head"], font["hhea"]
    os2 = font["OS/2"] if "OS/2" in font else None
    cap = getattr(os2, "sCapHeight", 0) or hhea.ascent
    descriptor = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/FontDescriptor"),
            NameObject("/FontName"): name,
            NameObject("/Flags"): NumberObject(32),
            NameObject("/FontBBox"): ArrayObject(
                scaled(v) for v in (head.xMin, head.yMin, head.xMax, head.yMax)
            ),
            NameObject("/ItalicAngle"): NumberObject(0),
            NameObject("/Ascent"): scaled(hhea.ascent),
            NameObject("/Descent"): scaled(hhea.descent),
            NameObject("/CapHeight"): scaled(cap),
            NameObject("/StemV"): NumberObject(80),
            NameObject("/FontFile2"): writer._add_object(file_stream),
        }
    )
    widths = ArrayObject()
    for gid in sorted(used):
        widths.append(NumberObject(gid))
        widths.append(ArrayObject([scaled(metrics[order[gid]][0])]))
    cid_font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/CIDFontType2"),
            NameObject("/BaseFont"): name,
            NameObject("/CIDSystemInfo"): DictionaryObject(
                {
                    NameObject("/Registry"): TextStringObject("Adobe"),
                    NameObject("/Ordering"): TextStringObject("Identity"),
                    NameObject("/Supplement"): NumberObject(0),
                }
            ),
            NameObject("/FontDescriptor"): writer._add_object(descriptor),
            NameObject("/DW"): NumberObject(0),
            NameObject("/W"): widths,
            NameObject("/CIDToGIDMap"): NameObject("/Identity"),
        }
    )
    type0 = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type0"),
            NameObject("/BaseFont"): name,
            NameObject("/Encoding"): NameObject("/Identity-H"),
            NameObject("/DescendantFonts"): ArrayObject([writer._add_object(cid_font)]),
            NameObject("/ToUnicode"): writer._add_object(_stream(to_unicode(used))),
        }
    )
    return writer._add_object(type0)


def to_unicode(used: Mapping[int, str]) -> bytes:
    """A ToUnicode CMap from two-byte glyph ids to the text each shows."""
    lines = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<0000> <FFFF>",
        "endcodespacerange",
    ]
    entries = sorted(used.items())
    for start in range(0, len(entries), 100):
        chunk = entries[start : start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        for gid, text in chunk:
            lines.append(f"<{gid:04X}> <{text.encode('utf-16-be').hex().upper()}>")
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return ("\n".join(lines) + "\n").encode("ascii")


def shared_resources(writer: PdfWriter, fonts: Mapping[int, IndirectObject]) -> IndirectObject:
    """One resource dictionary naming every font, shared by all faces without pictures: a kit
    holds thousands of faces, and a dictionary each would cost more than most faces' drawing."""
    entries = DictionaryObject({NameObject(f"/F{i}"): fonts[i] for i in sorted(fonts)})
    return writer._add_object(DictionaryObject({NameObject("/Font"): entries}))


def page_body(
    writer: PdfWriter,
    form: FaceForm,
    size: tuple[float, float],
    fonts: Mapping[int, IndirectObject],
) -> tuple[IndirectObject, DictionaryObject]:
    """A page's own drawing, drawn directly, as its content stream (its graphics state kept to
    itself) and the resources it needs: the kit's fonts and its pictures."""
    resources = DictionaryObject()
    if form.glyphs:
        resources[NameObject("/Font")] = DictionaryObject(
            {NameObject(f"/F{i}"): fonts[i] for i in sorted(form.glyphs)}
        )
    if form.images:
        resources[NameObject("/XObject")] = DictionaryObject(
            {NameObject(f"/Im{i}"): _image(writer, im) for i, im in enumerate(form.images)}
        )
    sx, sy = size[0] / form.width, size[1] / form.height
    scale = f"{sx:.6f} 0 0 {sy:.6f} 0 0 cm\n".encode("ascii") if (sx, sy) != (1, 1) else b""
    content = b"q\n" + scale + form.content + b"Q\n"
    return writer._add_object(_stream(content)), resources


def face_xobject(
    writer: PdfWriter,
    form: FaceForm,
    size: tuple[float, float],
    fonts: Mapping[int, IndirectObject],
    shared: IndirectObject,
) -> IndirectObject:
    """The face as a Form XObject sized ``size`` (points), using the kit's fonts: through the
    ``shared`` resources unless it has pictures of its own."""
    resources: DictionaryObject | IndirectObject = shared
    if form.images:
        own = DictionaryObject(
            {NameObject(f"/Im{i}"): _image(writer, im) for i, im in enumerate(form.images)}
        )
        resources = DictionaryObject({NameObject("/XObject"): own})
        if form.glyphs:
            resources[NameObject("/Font")] = DictionaryObject(
                {NameObject(f"/F{i}"): fonts[i] for i in sorted(form.glyphs)}
            )
    entries: dict[Any, Any] = {
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(_number(v) for v in (0, 0, form.width, form.height)),
        NameObject("/Resources"): resources,
    }
    sx, sy = size[0] / form.width, size[1] / form.height
    if abs(sx - 1) > 1e-9 or abs(sy - 1) > 1e-9:
        entries[NameObject("/Matrix")] = ArrayObject(_number(v) for v in (sx, 0, 0, sy, 0, 0))
    return writer._add_object(_stream(form.content, entries))


def _number(value: float) -> NumberObject | FloatObject:
    """A whole number written as one (``36``, not ``36.0``), else a real."""
    return NumberObject(int(value)) if float(value).is_integer() else FloatObject(value)


def _image(writer: PdfWriter, image: FaceImage) -> IndirectObject:
    def picture(data: bytes, grey: bool) -> StreamObject:
        return _stream(
            zlib.decompress(data),
            {
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Image"),
                NameObject("/Width"): NumberObject(image.width),
                NameObject("/Height"): NumberObject(image.height),
                NameObject("/ColorSpace"): NameObject("/DeviceGray" if grey else "/DeviceRGB"),
                NameObject("/BitsPerComponent"): NumberObject(8),
                NameObject("/Interpolate"): BooleanObject(True),
            },
        )

    main = picture(image.data, image.grey)
    if image.alpha:
        main[NameObject("/SMask")] = writer._add_object(picture(image.alpha, True))
    return writer._add_object(main)


def _stream(data: bytes, entries: Mapping[Any, Any] | None = None) -> StreamObject:
    """A deflated stream holding ``data``, with the dictionary ``entries``."""
    stream = DecodedStreamObject()
    stream.set_data(data)
    encoded: StreamObject = stream.flate_encode()
    for key, value in (entries or {}).items():
        encoded[NameObject(str(key))] = value
    return encoded
