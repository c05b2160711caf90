"""SVG -> PNG with resvg, using only the bundled fonts, at a physical resolution.

Facts about resvg_py 0.5 this module relies on (each is pinned by a test in
``tests/render/test_raster.py``):

* ``dpi`` is the unit-conversion resolution: a root ``width="1in"`` (or ``72pt``,
  ``25.4mm``) becomes ``dpi`` pixels, rounded to the nearest pixel. Unitless/``px`` sizes
  ignore ``dpi`` entirely (1 user unit = 1 pixel), and the default ``dpi=0`` turns every
  physical size into zero, so resvg rejects the document ("SVG has an invalid size").
  Hence documents must carry physical units, as :func:`toolkit.render.svg.svg_document` does.
* With ``skip_system_fonts`` the font database holds only the files we pass. A family name
  it does not know does *not* fall back to the ``font_family`` option: the text silently
  disappears. The ``font_family`` option only applies where no family is given at all. We
  therefore also pass a user style sheet that pins every element to the bundled family; as
  that family is the only one loaded, this is exactly "fall back to the bundled font", and
  ``font-stretch``/``font-weight`` still choose among its faces.
* Output is byte-for-byte deterministic for the same input and options.
"""

from __future__ import annotations

import io
import struct
import zlib

import resvg_py

from toolkit.render.fonts import RESVG_FAMILY, font_files

# `!important` is needed to beat inline `style="font-family: ..."` declarations.
_FONT_PIN_CSS: str = f'* {{ font-family: "{RESVG_FAMILY}" !important; }}'

_PNG_SIGNATURE: bytes = b"\x89PNG\r\n\x1a\n"
_INCH_M: float = 0.0254


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC over type+data."""
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def with_dpi(png: bytes, dpi: int) -> bytes:
    """Insert a ``pHYs`` chunk after IHDR so print and layout tools size the image right.

    resvg writes no resolution; without it a 300 dpi counter sheet opens at 72 or 96 dpi
    (four times too large) in most viewers and in the PDF assembler.
    """
    if not png.startswith(_PNG_SIGNATURE):
        raise ValueError("not a PNG")
    ihdr_end = len(_PNG_SIGNATURE) + 8 + 13 + 4  # signature, IHDR header, IHDR data, CRC
    if png[len(_PNG_SIGNATURE) + 4 : len(_PNG_SIGNATURE) + 8] != b"IHDR":
        raise ValueError("PNG does not start with IHDR")
    ppm = round(dpi / _INCH_M)
    phys = _png_chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1))  # unit 1 = metre
    return png[:ihdr_end] + phys + png[ihdr_end:]


def svg_to_png(svg: str, dpi: int = 150, *, background: str | None = None) -> bytes:
    """Rasterize ``svg`` (sized in ``in``/``mm``/``pt``) to PNG bytes at ``dpi``.

    Only the bundled fonts are visible to the renderer, so the image is the same on every
    machine; any family the SVG names falls back to them. ``background`` (a CSS colour)
    fills the canvas; by default it stays transparent, which counters composited onto sheets
    need. The PNG records ``dpi`` in its ``pHYs`` chunk.
    """
    if not dpi > 0:
        raise ValueError(f"dpi must be positive, got {dpi!r}")
    png = resvg_py.svg_to_bytes(
        svg_string=svg,
        dpi=float(dpi),
        background=background,
        skip_system_fonts=True,
        font_files=font_files(),
        font_family=RESVG_FAMILY,
        serif_family=RESVG_FAMILY,
        sans_serif_family=RESVG_FAMILY,
        cursive_family=RESVG_FAMILY,
        fantasy_family=RESVG_FAMILY,
        monospace_family=RESVG_FAMILY,
        style_sheet=_FONT_PIN_CSS,
    )
    return with_dpi(bytes(png), int(round(dpi)))


def palette_png(png: bytes, dpi: int) -> bytes:
    """The same picture in at most 256 colours (a third of the size for a map): for images
    shown on web pages, where a map's text and hatching would otherwise weigh megabytes.
    Median cut, no dithering: the same input always gives the same bytes."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        reduced = image.convert("RGB").quantize(
            256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        out = io.BytesIO()
        reduced.save(out, "PNG", optimize=True, dpi=(dpi, dpi))
    return out.getvalue()
