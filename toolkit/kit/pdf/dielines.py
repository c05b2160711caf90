"""Die lines: every piece's cut path stroked in a spot colour, on a layer of its own.

Cutting plotters and die makers look for a Separation colour space named ``CutContour`` (the
name Roland, Mimaki, Summa and most RIPs take for "cut here, do not print") at full tint, with
overprint on so that the line never knocks a white hairline out of the art under it. The paths
sit in one optional content group, "Die lines", which a viewer can hide and a printer's RIP can
route to the cutter. The separation's alternate colour (magenta) is only how a viewer shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.kit.layout import Cut
from toolkit.kit.pdf.writer import PdfFile, dictionary, name, numbers, ref, string

SPOT = "CutContour"
"""The separation's name, as cutting plotters and die makers expect it."""
LAYER = "Die lines"
"""The optional content group's name, as a viewer's layer panel shows it."""
WIDTH = 0.25
"""Stroke width in points: a hairline, as cutters ask (they follow the path, not the ink)."""
KAPPA = 0.5522847498
"""How far a cubic Bézier's handles reach to draw a quarter circle (of radius 1)."""


@dataclass(frozen=True, slots=True)
class DieLines:
    """The objects every page's die lines share: the spot colour, the overprinting graphics
    state and the layer."""

    colour: int
    state: int
    layer: int

    def resources(self) -> dict[str, bytes]:
        """The resource dictionaries (by kind) a page drawing die lines adds to its own."""
        return {
            "ColorSpace": dictionary({"KitCut": ref(self.colour)}),
            "ExtGState": dictionary({"KitCutState": ref(self.state)}),
            "Properties": dictionary({"KitCutLayer": ref(self.layer)}),
        }

    def catalog_entry(self) -> bytes:
        """The catalog's /OCProperties: the one layer, named, shown and listed (PDF/X-4 asks
        every configuration dictionary for a /Name)."""
        layer = ref(self.layer)
        default = dictionary(
            {"Name": string(LAYER), "Order": b"[" + layer + b"]", "ON": b"[" + layer + b"]"}
        )
        return dictionary({"OCGs": b"[" + layer + b"]", "D": default})


def add_die_lines(pdf: PdfFile) -> DieLines:
    """Write the shared objects of the die lines once."""
    tint = dictionary(
        {
            "FunctionType": b"2",
            "Domain": numbers((0, 1)),
            "C0": numbers((0, 0, 0, 0)),
            "C1": numbers((0, 1, 0, 0)),
            "N": b"1",
        }
    )
    colour = pdf.add(b"[/Separation " + name(SPOT) + b" /DeviceCMYK " + tint + b"]")
    state = pdf.add(dictionary({"Type": b"/ExtGState", "OP": b"true", "op": b"true", "OPM": b"1"}))
    layer = pdf.add(dictionary({"Type": b"/OCG", "Name": string(LAYER)}))
    return DieLines(colour, state, layer)


def die_line_commands(cuts: Sequence[Cut], page_height: float) -> list[str]:
    """The content of a page's die lines: every cut path stroked in the spot colour at 100 %
    tint, inside the layer's marked content."""
    if not cuts:
        return []
    paths = [_path(cut, page_height) for cut in cuts]
    return [
        "/OC /KitCutLayer BDC q /KitCutState gs /KitCut CS 1 SCN",
        f"{_n(WIDTH)} w 0 J 0 j",
        *paths,
        "S Q EMC",
    ]


def _path(cut: Cut, page_height: float) -> str:
    """One closed cut path in PDF coordinates (y up): a rectangle, or with rounded corners."""
    x, top, width, height = cut.rect
    y = page_height - top - height
    r = min(cut.radius, width / 2, height / 2)
    if r <= 0:
        return f"{_n(x)} {_n(y)} {_n(width)} {_n(height)} re"
    k = r * KAPPA
    right, upper = x + width, y + height
    return " ".join(
        [
            f"{_n(x + r)} {_n(y)} m",
            f"{_n(right - r)} {_n(y)} l",
            f"{_n(right - r + k)} {_n(y)} {_n(right)} {_n(y + r - k)} {_n(right)} {_n(y + r)} c",
            f"{_n(right)} {_n(upper - r)} l",
            f"{_n(right)} {_n(upper - r + k)} {_n(right - r + k)} {_n(upper)} "
            f"{_n(right - r)} {_n(upper)} c",
            f"{_n(x + r)} {_n(upper)} l",
            f"{_n(x + r - k)} {_n(upper)} {_n(x)} {_n(upper - r + k)} {_n(x)} {_n(upper - r)} c",
            f"{_n(x)} {_n(y + r)} l",
            f"{_n(x)} {_n(y + r - k)} {_n(x + r - k)} {_n(y)} {_n(x + r)} {_n(y)} c h",
        ]
    )


def _n(value: float) -> str:
    """A coordinate to 1/10000 pt (far below the 0.1 mm a cut must hold), no '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
