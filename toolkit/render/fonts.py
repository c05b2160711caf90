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

_FILES: dict[tuple[bool, bool], str] = {
    # (bold, condensed) -> file name; the key order is what text_width's flags select.
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
}

_REF_SIZE: int = 1000
"""Pillow measures at this pixel size and we scale linearly; at 1000 px hinting and the 1/64 px
grid are negligible, which is what an unhinted vector renderer (resvg, cairo) does."""

_WHITESPACE = str.maketrans({"\t": " ", "\n": " ", "\r": " "})


def font_files() -> list[str]:
    """Absolute paths of every bundled font file, sorted so callers get a stable order."""
    return sorted(str(FONT_DIR / name) for name in _FILES.values())


def font_path(bold: bool = False, condensed: bool = True) -> str:
    """Absolute path of the single face a renderer asks for (condensed is our default face)."""
    return str(FONT_DIR / _FILES[(bool(bold), bool(condensed))])


@cache
def _font(bold: bool, condensed: bool) -> ImageFont.FreeTypeFont:
    """Load a face once; FreeType objects are costly to create and safe to reuse."""
    engine = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    return ImageFont.truetype(font_path(bold, condensed), _REF_SIZE, layout_engine=engine)


def _clean(text: str) -> str:
    """SVG turns tabs and newlines into spaces, and Pillow refuses multi-line text."""
    return str(text).translate(_WHITESPACE)


@lru_cache(maxsize=8192)
def _advance_em(text: str, bold: bool, condensed: bool) -> float:
    """Advance width of ``text`` in em (font-size units); cached as counters repeat labels."""
    if not text:
        return 0.0
    return float(_font(bold, condensed).getlength(text)) / _REF_SIZE


@lru_cache(maxsize=8192)
def _ink_em(text: str, bold: bool, condensed: bool) -> tuple[float, float]:
    """Ink extent above and below the baseline in em, both >= 0."""
    if not text.strip():
        return (0.0, 0.0)
    _left, top, _right, bottom = _font(bold, condensed).getbbox(text, anchor="ls")
    return (max(0.0, -top / _REF_SIZE), max(0.0, bottom / _REF_SIZE))


def text_width(text: str, size_pt: float, bold: bool = False, *, condensed: bool = True) -> float:
    """Advance width in points of ``text`` set at ``size_pt`` in a bundled face.

    This is the distance ``text-anchor`` uses, so a renderer can centre or shrink a label
    to fit. Runs of spaces are measured as written (SVG would collapse them), which errs on
    the safe, wider side.
    """
    return _advance_em(_clean(text), bool(bold), bool(condensed)) * float(size_pt)


def text_extent(
    text: str, size_pt: float, bold: bool = False, *, condensed: bool = True
) -> tuple[float, float, float]:
    """``(width, ascent, descent)`` in points: advance width plus this text's ink extent.

    Ascent and descent are measured on the actual glyphs (``"ace"`` has no ascender), both
    as positive distances from the baseline, so tests can prove a label's ink stays inside
    a counter. For a line height independent of the text use :func:`font_metrics`.
    """
    clean = _clean(text)
    ascent, descent = _ink_em(clean, bool(bold), bool(condensed))
    size = float(size_pt)
    return (_advance_em(clean, bool(bold), bool(condensed)) * size, ascent * size, descent * size)


def font_metrics(
    size_pt: float, bold: bool = False, *, condensed: bool = True
) -> tuple[float, float]:
    """The face's ``(ascent, descent)`` in points, for laying out lines of any content."""
    ascent, descent = _font(bool(bold), bool(condensed)).getmetrics()
    return (ascent / _REF_SIZE * float(size_pt), descent / _REF_SIZE * float(size_pt))
