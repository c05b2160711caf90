"""A contact sheet of every unit type at every echelon on half-inch counters, plus every
figure icon: the page a wargamer looks at to judge the symbols.

Run ``python tests/render/contact_sheet.py /tmp/symbols.png [dpi]`` to regenerate it; the
test suite builds and rasterizes it at low resolution to keep it working.
"""

from __future__ import annotations

import sys

from toolkit.render.fonts import text_width
from toolkit.render.raster import svg_to_png
from toolkit.render.svg import attrs, esc, svg_document
from toolkit.render.symbols import (
    ECHELONS,
    ICON_TYPES,
    UNIT_TYPES,
    echelon_mark,
    icon,
    unit_symbol,
)

COUNTER = 36.0  # half an inch, in points
GAP = 6.0
LABEL_W = 84.0
COMBINATIONS: tuple[str, ...] = (
    "armour+infantry",
    "artillery+motorised",
    "artillery+mechanised",
    "cavalry+armour",
    "headquarters+armour",
    "headquarters+infantry",
    "mountain+artillery",
    "airborne+artillery",
    "anti-tank+motorised",
    "anti-aircraft+mechanised",
    "engineer+armour",
    "marine+armour",
)


def _label(x: float, y: float, text: str, size: float, anchor: str = "start") -> str:
    return f"<text{attrs(x=x, y=y, font_size=size, text_anchor=anchor)}>{esc(text)}</text>"


def _counter(x: float, y: float, kind: str, echelon: str) -> str:
    """One half-inch counter laid out the usual way: echelon, symbol, factors."""
    sym_w, sym_h = 0.3 * 72 * 0.85, 0.2 * 72 * 0.85
    sx, sy = x + (COUNTER - sym_w) / 2, y + 10.5
    card = attrs(
        x=x,
        y=y,
        width=COUNTER,
        height=COUNTER,
        rx=2,
        fill="#c8d8a8",
        stroke="#444",
        stroke_width=0.3,
    )
    factors = attrs(
        x=x + COUNTER / 2,
        y=y + COUNTER - 3,
        font_size=7.5,
        font_weight="bold",
        text_anchor="middle",
    )
    return "".join(
        [
            f"<rect{card}/>",
            echelon_mark(echelon, x + COUNTER / 2, sy - 1.2, 3.6),
            unit_symbol(kind, sx, sy, sym_w, sym_h),
            f"<text{factors}>4-6</text>",
        ]
    )


def _icon_row(y: float, fill: str, stroke: str, paper: str) -> str:
    parts = []
    for i, kind in enumerate(ICON_TYPES):
        x = LABEL_W + i % len(ECHELONS) * (COUNTER + GAP)
        yy = y + i // len(ECHELONS) * (COUNTER + GAP)
        card = attrs(
            x=x,
            y=yy,
            width=COUNTER,
            height=COUNTER,
            rx=2,
            fill=paper,
            stroke="#444",
            stroke_width=0.3,
        )
        parts.append(f"<rect{card}/>")
        parts.append(icon(kind, x + 3, yy + 4, COUNTER - 6, COUNTER - 14, fill=fill, stroke=stroke))
        size = min(4.6, 4.6 * (COUNTER - 3) / text_width(kind, 4.6))  # shrink to fit
        parts.append(_label(x + COUNTER / 2, yy + COUNTER - 3, kind, size, "middle"))
    return "".join(parts)


def build_contact_sheet() -> str:
    """The whole sheet as an SVG document (points)."""
    kinds = list(UNIT_TYPES) + list(COMBINATIONS)
    parts = [_label(4, 12, "unit types x echelons, 1/2 in counters", 7)]
    for j, echelon in enumerate(ECHELONS):
        parts.append(_label(LABEL_W + j * (COUNTER + GAP) + COUNTER / 2, 24, echelon, 6, "middle"))
    top = 30.0
    for i, kind in enumerate(kinds):
        y = top + i * (COUNTER + GAP)
        parts.append(_label(4, y + COUNTER / 2 + 2, kind, 6.5))
        for j, echelon in enumerate(ECHELONS):
            parts.append(_counter(LABEL_W + j * (COUNTER + GAP), y, kind, echelon))
    rows = -(-len(ICON_TYPES) // len(ECHELONS))
    y = top + len(kinds) * (COUNTER + GAP) + 8
    parts.append(_label(4, y + COUNTER / 2, "icons (plain)", 6.5))
    parts.append(_icon_row(y, "#000", "none", "#e8d8b0"))
    y += rows * (COUNTER + GAP)
    parts.append(_label(4, y + COUNTER / 2, "icons (outlined)", 6.5))
    parts.append(_icon_row(y, "#5a6e3a", "#000", "#9db0c8"))
    width = LABEL_W + len(ECHELONS) * (COUNTER + GAP)
    height = y + rows * (COUNTER + GAP)
    paper = f"<rect{attrs(width=width, height=height, fill='#fff')}/>"
    return svg_document(width, height, paper + "".join(parts), title="Unit symbol sheet")


def main(argv: list[str]) -> None:
    out = argv[1] if len(argv) > 1 else "symbols.png"
    dpi = int(argv[2]) if len(argv) > 2 else 300
    with open(out, "wb") as fh:
        fh.write(svg_to_png(build_contact_sheet(), dpi))


if __name__ == "__main__":
    main(sys.argv)
