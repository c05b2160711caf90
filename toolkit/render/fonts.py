"""The bundled fonts, and text measurement that agrees with what the rasterizer draws.

Every output (SVG, PNG, PDF, VASSAL images) must look the same on any machine, so we never
rely on system fonts: the DejaVu files ship inside the package (``toolkit/fonts``) and every
renderer measures text against those exact files. Widths come from Pillow's FreeType/Raqm
layout, which shapes and kerns the way resvg (rustybuzz) does, so a string measured here
occupies the same space in the PNG.

Naming trap, found by experiment: the condensed files declare the *typographic* family
"DejaVu Sans" with a condensed width. resvg (fontdb) only knows that family, so it reaches
the condensed faces through ``font-family: DejaVu Sans; font-stretch: condensed``, while
fontconfig-based tools (cairosvg, browsers) also accept the legacy name
"DejaVu Sans Condensed". :data:`FONT_FAMILY_CSS` plus :data:`FONT_STRETCH` satisfy both.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont, features

FONT_DIR: Path = Path(__file__).resolve().parent.parent / "fonts"
"""Where the bundled font files and their licence live."""

FONT_FAMILY: str = "DejaVu Sans Condensed"
"""The family our SVGs name first: what fontconfig-based consumers (cairosvg, browsers) know."""

RESVG_FAMILY: str = "DejaVu Sans"
"""The typographic family fontdb/resvg registers for every bundled face (see module doc)."""

FONT_STRETCH: str = "condensed"
"""``font-stretch`` that makes resvg pick the condensed faces out of :data:`RESVG_FAMILY`."""

FONT_FAMILY_CSS: str = f"{FONT_FAMILY}, {RESVG_FAMILY}, sans-serif"
"""The ``font-family`` list for SVG roots: legacy name first, then the one resvg can match."""

_FILES: dict[tuple[bool, bool, bool], str] = {
    # (bold, condensed, italic) -> file name; the key order is what text_width's flags select.
    (False, True, False): "DejaVuSansCondensed.ttf",
    (True, True, False): "DejaVuSansCondensed-Bold.ttf",
    (False, False, False): "DejaVuSans.ttf",
    (True, False, False): "DejaVuSans-Bold.ttf",
    # Cards set italic words in their body text; only the condensed faces are bundled oblique.
    (False, True, True): "DejaVuSansCondensed-Oblique.ttf",
    (True, True, True): "DejaVuSansCondensed-BoldOblique.ttf",
}

FALLBACK_FILE: str = "DroidSansFallbackFull.ttf"
"""Droid Sans Fallback (Apache-2.0): the glyphs DejaVu lacks, chiefly Chinese, Japanese and
Korean. resvg and fontconfig fall back to it by themselves; measurement does the same below."""

_REF_SIZE: int = 1000
"""Pillow measures at this pixel size and we scale linearly; at 1000 px hinting and the 1/64 px
grid are negligible, which is what an unhinted vector renderer (resvg, cairo) does."""

_WHITESPACE = str.maketrans({"\t": " ", "\n": " ", "\r": " "})


def font_files() -> list[str]:
    """Absolute paths of every bundled font file, sorted so callers get a stable order."""
    return sorted(str(FONT_DIR / name) for name in [*_FILES.values(), FALLBACK_FILE])


def font_path(bold: bool = False, condensed: bool = True, italic: bool = False) -> str:
    """Absolute path of the single face a renderer asks for (condensed is our default face).

    :raises KeyError: an italic face that is not bundled (only the condensed ones are).
    """
    return str(FONT_DIR / _FILES[(bool(bold), bool(condensed), bool(italic))])


@cache
def _font(bold: bool, condensed: bool, italic: bool = False) -> ImageFont.FreeTypeFont:
    """Load a face once; FreeType objects are costly to create and safe to reuse."""
    engine = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    return ImageFont.truetype(font_path(bold, condensed, italic), _REF_SIZE, layout_engine=engine)


@cache
def _fallback() -> ImageFont.FreeTypeFont:
    """The fallback face, loaded once."""
    return ImageFont.truetype(str(FONT_DIR / FALLBACK_FILE), _REF_SIZE)


@cache
def _notdef(bold: bool, condensed: bool, italic: bool = False) -> bytes:
    """The bitmap DejaVu draws for a character it does not have (its .notdef box)."""
    return bytes(_font(bold, condensed, italic).getmask("\U0010fffd"))


@lru_cache(maxsize=65536)
def _has_glyph(char: str, bold: bool, condensed: bool, italic: bool = False) -> bool:
    """Whether DejaVu draws ``char`` itself; the whole Latin, Greek and Cyrillic range does."""
    if ord(char) < 0x0530 or char.isspace():
        return True
    face = _font(bold, condensed, italic)
    return bytes(face.getmask(char)) != _notdef(bold, condensed, italic)


@lru_cache(maxsize=65536)
def _fallback_has(char: str) -> bool:
    """Whether the fallback face has ``char`` (it covers Chinese and Japanese, not Hangul)."""
    return bytes(_fallback().getmask(char)) != bytes(_fallback().getmask("\U0010fffd"))


def needs_fallback(char: str) -> bool:
    """Whether ``char`` is drawn from the fallback face (DejaVu lacks it, the fallback has it)."""
    return not _has_glyph(char, False, True) and _fallback_has(char)


def _runs(
    text: str, bold: bool, condensed: bool, italic: bool = False
) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """``text`` cut where the face changes: DejaVu where it has the glyphs, else the fallback.

    A character neither face has is drawn (and so measured) as DejaVu's missing-glyph box.
    """
    runs: list[tuple[str, ImageFont.FreeTypeFont]] = []
    for char in text:
        own = _has_glyph(char, bold, condensed, italic) or not _fallback_has(char)
        face = _font(bold, condensed, italic) if own else _fallback()
        if runs and runs[-1][1] is face:
            runs[-1] = (runs[-1][0] + char, face)
        else:
            runs.append((char, face))
    return runs


def _clean(text: str) -> str:
    """SVG turns tabs and newlines into spaces, and Pillow refuses multi-line text."""
    return str(text).translate(_WHITESPACE)


@lru_cache(maxsize=8192)
def _advance_em(text: str, bold: bool, condensed: bool, italic: bool = False) -> float:
    """Advance width of ``text`` in em (font-size units); cached as counters repeat labels."""
    if not text:
        return 0.0
    runs = _runs(text, bold, condensed, italic)
    return sum(float(face.getlength(run)) for run, face in runs) / _REF_SIZE


@lru_cache(maxsize=8192)
def _ink_em(text: str, bold: bool, condensed: bool, italic: bool = False) -> tuple[float, float]:
    """Ink extent above and below the baseline in em, both >= 0."""
    if not text.strip():
        return (0.0, 0.0)
    above = below = 0.0
    for run, face in _runs(text, bold, condensed, italic):
        if run.strip():
            _left, top, _right, bottom = face.getbbox(run, anchor="ls")
            above, below = max(above, -top / _REF_SIZE), max(below, bottom / _REF_SIZE)
    return (above, below)


def text_width(
    text: str, size_pt: float, bold: bool = False, *, condensed: bool = True, italic: bool = False
) -> float:
    """Advance width in points of ``text`` set at ``size_pt`` in a bundled face.

    This is the distance ``text-anchor`` uses, so a renderer can centre or shrink a label
    to fit. Runs of spaces are measured as written (SVG would collapse them), which errs on
    the safe, wider side.
    """
    return _advance_em(_clean(text), bool(bold), bool(condensed), bool(italic)) * float(size_pt)


def text_extent(
    text: str, size_pt: float, bold: bool = False, *, condensed: bool = True, italic: bool = False
) -> tuple[float, float, float]:
    """``(width, ascent, descent)`` in points: advance width plus this text's ink extent.

    Ascent and descent are measured on the actual glyphs (``"ace"`` has no ascender), both
    as positive distances from the baseline, so tests can prove a label's ink stays inside
    a counter. For a line height independent of the text use :func:`font_metrics`.
    """
    clean = _clean(text)
    flags = (bool(bold), bool(condensed), bool(italic))
    ascent, descent = _ink_em(clean, *flags)
    size = float(size_pt)
    return (_advance_em(clean, *flags) * size, ascent * size, descent * size)


def font_metrics(
    size_pt: float, bold: bool = False, *, condensed: bool = True
) -> tuple[float, float]:
    """The face's ``(ascent, descent)`` in points, for laying out lines of any content."""
    ascent, descent = _font(bool(bold), bool(condensed)).getmetrics()
    return (ascent / _REF_SIZE * float(size_pt), descent / _REF_SIZE * float(size_pt))
