"""The few SVG string helpers every renderer shares, so escaping and number formatting happen
in exactly one place.

Renderers build SVG as strings (fast, diff-friendly, no DOM), which makes two things easy to
get wrong: a unit name such as ``Kampfgruppe "Peiper" & Co.`` breaking the markup, and floats
such as ``12.000000001`` or ``-0.0`` making golden files churn between machines. ``esc`` and
``fmt`` are the only sanctioned ways to put text and numbers into markup.
"""

from __future__ import annotations

import math
import re

from toolkit.render.fonts import FONT_FAMILY_CSS, FONT_STRETCH

SVG_NS: str = "http://www.w3.org/2000/svg"
XLINK_NS: str = "http://www.w3.org/1999/xlink"

# Everything XML 1.0 forbids (C0 controls except TAB/LF/CR, lone surrogates, U+FFFE/U+FFFF),
# plus the C1 controls it merely discourages: in names they are mis-decoded Windows-1252
# debris, never meaning, and some consumers reject them.
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

# Tab/newline/CR become character references so attribute-value normalisation cannot turn
# them into spaces; quotes are escaped so one function serves text and attributes alike.
_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "'": "&#39;",
        "\t": "&#9;",
        "\n": "&#10;",
        "\r": "&#13;",
    }
)

# Keyword names that cannot be spelled as Python identifiers.
_SPECIAL_NAMES: dict[str, str] = {
    "xlink_href": "xlink:href",
    "xml_space": "xml:space",
    "xml_lang": "xml:lang",
}


def clean_text(text: object) -> str:
    """``text`` as a string with the characters XML cannot carry removed (not escaped)."""
    return _ILLEGAL.sub("", str(text))


def esc(text: object) -> str:
    """Escape ``text`` for use as element content *or* a quoted attribute value.

    Illegal XML 1.0 characters are dropped rather than replaced: a visible U+FFFD on a
    counter would be worse than a silently removed control byte.
    """
    return clean_text(text).translate(_ESCAPES)


def fmt(x: float) -> str:
    """Format a coordinate compactly and identically on every platform.

    At most three decimals (1/1000 pt is far below print resolution), no trailing zeros, and
    never ``-0``, so golden files only change when geometry does.
    """
    value = float(x)
    if not math.isfinite(value):
        raise ValueError(f"cannot write a non-finite number into SVG: {x!r}")
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attr_name(key: str) -> str:
    """Map a Python keyword to its SVG attribute name: ``stroke_width`` -> ``stroke-width``,
    ``class_`` -> ``class``, ``xlink_href`` -> ``xlink:href``."""
    key = key.rstrip("_") if key.endswith("_") and len(key) > 1 else key
    return _SPECIAL_NAMES.get(key, key.replace("_", "-"))


def attr_value(value: object) -> str:
    """Render one attribute value: numbers through :func:`fmt`, everything else escaped."""
    if isinstance(value, bool):
        # ``True`` has no single SVG spelling; make the caller choose the string.
        raise TypeError("boolean attribute values are ambiguous in SVG; pass a string")
    if isinstance(value, (int, float)):
        return fmt(value)
    return esc(value)


def attrs(**kw: object) -> str:
    """Render `` key="value"`` pairs (leading space included), sorted by attribute name so the
    output never depends on call-site argument order; ``None`` values are omitted."""
    pairs = sorted((attr_name(k), attr_value(v)) for k, v in kw.items() if v is not None)
    return "".join(f' {name}="{value}"' for name, value in pairs)


def declared_size(width_pt: float, height_pt: float) -> tuple[float, float]:
    """The size in points that :func:`svg_document` writes on a document of this size."""
    return float(fmt(width_pt)), float(fmt(height_pt))


def svg_document(
    width_pt: float,
    height_pt: float,
    body: str,
    defs: str = "",
    title: str | None = None,
) -> str:
    """A standalone SVG whose user unit is the point.

    ``width``/``height`` are in ``pt`` so rasterizers and PDF converters get the physical
    size right, and the ``viewBox`` maps one user unit to one point so renderers can work in
    points throughout. The root carries the bundled font family (and the stretch that makes
    resvg choose the condensed faces), so no text element has to repeat it.
    """
    if not (float(width_pt) > 0 and float(height_pt) > 0):
        raise ValueError(f"document size must be positive, got {width_pt!r} x {height_pt!r}")
    w, h = fmt(width_pt), fmt(height_pt)
    root = attrs(
        xmlns=SVG_NS,
        version="1.1",
        width=f"{w}pt",
        height=f"{h}pt",
        viewBox=f"0 0 {w} {h}",
        font_family=FONT_FAMILY_CSS,
        font_stretch=FONT_STRETCH,
    )
    parts = [f'<svg{root} xmlns:xlink="{XLINK_NS}">']
    if title is not None:
        parts.append(f"<title>{esc(title)}</title>")
    if defs:
        parts.append(f"<defs>{defs}</defs>")
    parts.append(body)
    parts.append("</svg>\n")
    return "".join(parts)
