"""The kit's embedded fonts: one subset of each bundled font file for every drawing of the kit.

Every directly drawn face's text names glyphs by their ids in the bundled font files (see
``direct``), so the kit embeds each font once, as a CID font (Identity-H, glyph ids kept)
subset to the glyphs of every face, with widths and a ToUnicode map so the text can be searched
and copied.

A subset is measured (its widths and bounding box read with fontTools) and deflated when it is
made, and kept so in the build cache: a rebuild that prints no new character embeds the fonts
without loading fontTools or compressing a font file.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from toolkit.cache import Cache, pack, unpack_tagged
from toolkit.cache import key as cache_key
from toolkit.kit.pdf.fontfiles import FONT_FILES, Subsetter, subset_font
from toolkit.kit.pdf.forms import StoredForm
from toolkit.kit.pdf.writer import PdfFile, deflate, dictionary, name, number, numbers, ref, stream

SUBSET_MAGIC = b"toolkit-font-subset-1\n"


@dataclass(frozen=True, slots=True)
class FontSubset:
    """A subset of one bundled font, as the PDF embeds it."""

    base_font: str
    """``TAG+Name``: the tag is made from the subset's bytes (the same subset, the same tag)."""
    deflated: bytes
    """The font file, compressed."""
    length: int
    """The font file's size before compression (``/Length1``)."""
    bbox: tuple[float, float, float, float]
    """Font bounding box, ascent, descent and cap height in 1/1000 em, like the widths."""
    ascent: float
    descent: float
    cap_height: float
    widths: Mapping[int, float]
    """Glyph id → advance width, for every glyph the subset keeps."""


FontSource = Callable[[int, frozenset[int]], FontSubset]
"""Font index, glyph ids → the subset keeping them (see :func:`make_subset`)."""


def make_subset(index: int, gids: frozenset[int], subset: Subsetter = subset_font) -> FontSubset:
    """Subset font ``index`` to ``gids`` (with ``subset``) and measure the result."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    data = subset(index, gids)
    font = TTFont(io.BytesIO(data), lazy=True)
    units = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    order = font.getGlyphOrder()

    def scaled(value: float) -> float:
        return float(round(value * 1000 / units, 3))

    head, hhea = font["head"], font["hhea"]
    os2 = font["OS/2"] if "OS/2" in font else None
    cap = getattr(os2, "sCapHeight", 0) or hhea.ascent
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(data).digest()[:6])
    return FontSubset(
        f"{tag}+{FONT_FILES[index].removesuffix('.ttf')}",
        deflate(data),
        len(data),
        (scaled(head.xMin), scaled(head.yMin), scaled(head.xMax), scaled(head.yMax)),
        scaled(hhea.ascent),
        scaled(hhea.descent),
        scaled(cap),
        {gid: scaled(metrics[order[gid]][0]) for gid in sorted({0, *gids}) if gid < len(order)},
    )


def encode_subset(font: FontSubset) -> bytes:
    """The subset as a cache entry (see :func:`decode_subset`)."""
    head = {
        "name": font.base_font,
        "length": font.length,
        "bbox": list(font.bbox),
        "metrics": [font.ascent, font.descent, font.cap_height],
        "widths": [[g, w] for g, w in sorted(font.widths.items())],
    }
    return SUBSET_MAGIC + pack([("head", json.dumps(head).encode()), ("font", font.deflated)])


def decode_subset(entry: bytes) -> FontSubset:
    """A subset from its cache entry.

    :raises ValueError: not an entry :func:`encode_subset` wrote.
    """
    parts = unpack_tagged(entry, SUBSET_MAGIC, "a font subset")
    try:
        head = json.loads(parts["head"])
        x0, y0, x1, y1 = (float(v) for v in head["bbox"])
        ascent, descent, cap = (float(v) for v in head["metrics"])
        widths = {int(g): float(w) for g, w in head["widths"]}
        return FontSubset(
            str(head["name"]),
            parts["font"],
            int(head["length"]),
            (x0, y0, x1, y1),
            ascent,
            descent,
            cap,
            widths,
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"a damaged font subset: {error!r}") from None


def cached_subsets(cache: Cache) -> FontSource:
    """:func:`make_subset` through the build cache: after an edit that adds no new character,
    every subset is the one the last build made (fontTools is not even loaded)."""

    def subset(index: int, gids: frozenset[int]) -> FontSubset:
        ids = ",".join(str(g) for g in sorted(gids))
        entry_name = cache_key("font-subset", FONT_FILES[index], ids)
        entry = cache.get(entry_name)
        if entry is not None:
            with contextlib.suppress(ValueError):
                return decode_subset(entry)
        made = make_subset(index, gids)
        cache.put(entry_name, encode_subset(made))
        return made

    return subset


def merged_glyphs(forms: Iterable[StoredForm]) -> dict[int, dict[int, str]]:
    """Font index → glyph id → its text, over every form (the first text seen for a glyph)."""
    merged: dict[int, dict[int, str]] = {}
    seen: set[int] = set()
    for form in forms:
        if id(form.glyphs) in seen:  # a map shared by forms with one head (see load_form)
            continue
        seen.add(id(form.glyphs))
        for index, used in form.glyphs.items():
            target = merged.setdefault(index, {})
            for gid, text in used.items():
                target.setdefault(gid, text)
    return merged


def add_fonts(
    pdf: PdfFile, glyphs: Mapping[int, Mapping[int, str]], fonts: FontSource = make_subset
) -> dict[int, int]:
    """One Type0 font per font index used, subset to the glyphs given (by ``fonts``, which a
    build gives its cache); font index → the font's object number."""
    return {
        index: _type0(pdf, used, fonts(index, frozenset(used)))
        for index, used in sorted(glyphs.items())
        if used
    }


def _type0(pdf: PdfFile, used: Mapping[int, str], font: FontSubset) -> int:
    base = name(font.base_font)
    font_file = pdf.add(stream({"Length1": b"%d" % font.length}, font.deflated, deflated=True))
    descriptor = dictionary(
        {
            "Type": b"/FontDescriptor",
            "FontName": base,
            "Flags": b"32",
            "FontBBox": numbers(font.bbox),
            "ItalicAngle": b"0",
            "Ascent": number(font.ascent),
            "Descent": number(font.descent),
            "CapHeight": number(font.cap_height),
            "StemV": b"80",
            "FontFile2": ref(font_file),
        }
    )
    widths = b" ".join(
        b"%d [%s]" % (gid, number(font.widths.get(gid, 0.0))) for gid in sorted(used)
    )
    cid_font = dictionary(
        {
            "Type": b"/Font",
            "Subtype": b"/CIDFontType2",
            "BaseFont": base,
            "CIDSystemInfo": b"<</Registry (Adobe) /Ordering (Identity) /Supplement 0>>",
            "FontDescriptor": ref(pdf.add(descriptor)),
            "DW": b"0",
            "W": b"[" + widths + b"]",
            "CIDToGIDMap": b"/Identity",
        }
    )
    cmap = pdf.add(stream({}, deflate(to_unicode(used)), deflated=True))
    type0 = dictionary(
        {
            "Type": b"/Font",
            "Subtype": b"/Type0",
            "BaseFont": base,
            "Encoding": b"/Identity-H",
            "DescendantFonts": b"[" + ref(pdf.add(cid_font)) + b"]",
            "ToUnicode": ref(cmap),
        }
    )
    return pdf.add(type0)


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


def font_resources(fonts: Mapping[int, int], used: Iterable[int]) -> bytes:
    """``<< /F0 n 0 R ... >>`` for the font indexes ``used``."""
    return b"<<" + b"".join(b"/F%d %d 0 R" % (i, fonts[i]) for i in sorted(used)) + b">>"


def shared_resources(pdf: PdfFile, fonts: Mapping[int, int]) -> int:
    """One resource dictionary naming every font, shared by all faces without pictures: a kit
    holds thousands of faces, and a dictionary each would cost more than most faces' drawing."""
    return pdf.add(b"<</Font " + font_resources(fonts, fonts) + b">>")
