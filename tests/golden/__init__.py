"""Golden files: checked-in expected outputs, compared after normalisation.

Run ``make golden`` (TOOLKIT_UPDATE_GOLDEN=1) to rewrite them, then review the diff like code.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from lxml import etree

GOLDEN_DIR = Path(__file__).resolve().parent
_NUMBER = re.compile(r"-?\d+\.\d+")


def normalise_svg(svg: str) -> str:
    """Canonical XML with numbers rounded to 2 decimals, one element per line.

    Rounding hides float noise between platforms; canonical form hides attribute order.
    """
    root = etree.fromstring(svg.encode("utf-8"))
    for element in root.iter():
        for key, value in element.attrib.items():
            element.attrib[key] = _NUMBER.sub(lambda m: f"{float(m.group()):.2f}", value)
    etree.indent(root, space=" ")
    return etree.tostring(root, method="c14n").decode("utf-8") + "\n"


def check_golden(name: str, svg: str) -> None:
    """Compare ``svg`` with tests/golden/<name>.svg (or rewrite it under ``make golden``)."""
    path = GOLDEN_DIR / f"{name}.svg"
    actual = normalise_svg(svg)
    if os.environ.get("TOOLKIT_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {path.name}; run `make golden` and review it"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{name}.svg differs from its golden file; if the change is "
        "intended run `make golden` and review the diff"
    )
