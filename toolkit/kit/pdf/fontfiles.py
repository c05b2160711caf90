"""The bundled font files as the direct drawing uses them: what setting text needs (characters
to glyphs, advances, ink extents), read straight from the tables, and subsets for embedding.

``direct`` sets text with glyph ids of these files, so that every drawing of a kit can share
one embedded subset of each (see ``fonts``).
"""

from __future__ import annotations

import array
import io
import struct
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from toolkit.render.fonts import FONT_DIR

FONT_FILES: tuple[str, ...] = (
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DroidSansFallbackFull.ttf",
    "DejaVuSansCondensed-Oblique.ttf",
    "DejaVuSansCondensed-BoldOblique.ttf",
)
"""The bundled faces text may use; a face's content names font ``i`` as ``/F<i>``. New faces
go at the end, so the numbers of the others (and cached subsets named by them) stay."""
FALLBACK_FONT = 4
OBLIQUE_FONTS = (5, 6)
"""The condensed faces' oblique forms (regular, bold): cards' italic words."""


@dataclass
class FontData:
    """What setting text needs from one font file: characters to glyphs, advances, ink."""

    units: int
    cmap: dict[int, int]
    advances: list[int]
    ink: dict[int, tuple[float, float] | None]
    file: bytes
    """The font file, for the glyph headers read on demand (see :func:`glyph_ink`)."""
    glyphs: int
    """Where the 'glyf' table starts in the file."""
    loca: list[int]
    """Each glyph's offset in 'glyf', and the end of the last."""


@cache
def font_data(index: int) -> FontData:
    """One bundled font, loaded once per process.

    Read straight from the tables (head, hhea, hmtx, loca, the Unicode cmap), not through
    fontTools: a worker drawing a single changed face would spend more time loading fontTools
    and decoding glyph names than drawing. A test checks every bundled font reads the same as
    fontTools reads it.

    :raises ValueError: a font without the tables a bundled TrueType font has.
    """
    data = (FONT_DIR / FONT_FILES[index]).read_bytes()
    try:
        tables = _tables(data)
        head, hhea, maxp = tables[b"head"], tables[b"hhea"], tables[b"maxp"]
        units, long_loca = (
            struct.unpack_from(">H", data, head + 18)[0],
            struct.unpack_from(">h", data, head + 50)[0],
        )
        count = struct.unpack_from(">H", data, maxp + 4)[0]
        metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        pairs = _words(data, tables[b"hmtx"], 2 * metrics, "H")
        advances = list(pairs[0::2]) + [pairs[-2]] * (count - metrics)
        if long_loca:
            loca = list(_words(data, tables[b"loca"], count + 1, "I"))
        else:
            loca = [2 * v for v in _words(data, tables[b"loca"], count + 1, "H")]
        cmap = _unicode_cmap(data, tables[b"cmap"])
    except (KeyError, struct.error, IndexError) as error:
        raise ValueError(f"{FONT_FILES[index]}: not a font this reader knows: {error}") from None
    return FontData(units, cmap, advances, {}, data, tables[b"glyf"], loca)


def _tables(data: bytes) -> dict[bytes, int]:
    """Tag → offset of each table of a TrueType file."""
    count = struct.unpack_from(">H", data, 4)[0]
    return {
        tag: offset
        for tag, _sum, offset, _length in (
            struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count)
        )
    }


def _words(data: bytes, offset: int, count: int, kind: str) -> array.array[int]:
    """``count`` big-endian unsigned 16-bit ('H') or 32-bit ('I') numbers at ``offset``."""
    words = array.array(kind)
    words.frombytes(data[offset : offset + count * words.itemsize])
    if len(words) != count:
        raise IndexError("a table is cut short")
    if sys.byteorder == "little":
        words.byteswap()
    return words


def _unicode_cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Code point → glyph id from the full Unicode subtable (Windows, UCS-4, format 12), the
    one fontTools' ``getBestCmap`` prefers; unmapped code points (glyph 0) are left out."""
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        at = cmap + offset
        if (platform, encoding) == (3, 10) and struct.unpack_from(">H", data, at)[0] == 12:
            groups = struct.unpack_from(">I", data, at + 12)[0]
            found: dict[int, int] = {}
            for first, last, gid in struct.iter_unpack(
                ">III", data[at + 16 : at + 16 + 12 * groups]
            ):
                found.update((code, gid + code - first) for code in range(first, last + 1))
            return {code: gid for code, gid in found.items() if gid}
    raise KeyError("no format 12 Unicode cmap")


def glyph_ink(data: FontData, gid: int) -> tuple[float, float] | None:
    """A glyph's horizontal ink extent (xMin, xMax) in font units, from its header; None for a
    blank glyph (no outline data, or no contours)."""
    if gid not in data.ink:
        start, end = data.loca[gid], data.loca[gid + 1]
        contours, x_min, _y_min, x_max = (
            struct.unpack_from(">hhhh", data.file, data.glyphs + start) if end > start else (0,) * 4
        )
        data.ink[gid] = None if contours == 0 else (float(x_min), float(x_max))
    return data.ink[gid]


Subsetter = Callable[[int, frozenset[int]], bytes]
"""Font index, glyph ids → the font file keeping those glyphs (see :func:`subset_font`)."""


def subset_font(index: int, gids: frozenset[int]) -> bytes:
    """The font file ``index`` keeping only ``gids`` (at their own ids), without hinting or
    layout tables; the bytes depend only on the file and the glyphs."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

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
