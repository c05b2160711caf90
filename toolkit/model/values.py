"""Parsing the small value notations of the sources: lengths with units, CSS colours, echelons.

Every parser raises ``ValueError`` with a worded message; the loader turns it into a diagnostic.
"""

from __future__ import annotations

import difflib
import re
from fractions import Fraction

from PIL import ImageColor

POINTS_PER_UNIT = {"in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "pt": 1.0}
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)(?:\s*/\s*([0-9]+))?\s*(in|mm|cm|pt)\s*$")

Points = float
"""Lengths inside the model are in PostScript points (1/72 in), the unit of SVG and PDF."""


def parse_length(text: str) -> Points:
    """'5/8in' → 45.0 points.

    :raises ValueError: not a length with a unit, or zero denominator.
    """
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(
            f"{text!r} is not a length; write a number and a unit, e.g. '5/8in', '16mm'"
        )
    number, denominator, unit = match.groups()
    value = Fraction(number)
    if denominator is not None:
        if int(denominator) == 0:
            raise ValueError(f"{text!r} divides by zero")
        value /= int(denominator)
    return float(value) * POINTS_PER_UNIT[unit]


def parse_colour(text: str) -> str:
    """Check a CSS colour and return it as '#rrggbb' (so contrast and output are uniform).

    :raises ValueError: not a colour.
    """
    value = text.strip()
    try:
        rgb = ImageColor.getrgb(value)
    except ValueError:
        raise ValueError(
            f"{text!r} is not a colour; use '#rrggbb', 'rgb(r, g, b)' or a CSS colour name"
        ) from None
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def colour_luminance(colour: str) -> float:
    """Relative luminance (0 black … 1 white) of a '#rrggbb' colour, as WCAG defines it."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two '#rrggbb' colours: 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((colour_luminance(first), colour_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def contrasting_text(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    luminance = colour_luminance(colour)
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#ffffff"


ECHELONS = (
    "team",
    "squad",
    "section",
    "platoon",
    "company",
    "battalion",
    "regiment",
    "brigade",
    "division",
    "corps",
    "army",
    "army-group",
)
_ECHELON_ALIASES = {
    "ø": "team",
    "•": "squad",
    "••": "section",
    "•••": "platoon",
    "i": "company",
    "|": "company",
    "ii": "battalion",
    "||": "battalion",
    "iii": "regiment",
    "|||": "regiment",
    "x": "brigade",
    "xx": "division",
    "xxx": "corps",
    "xxxx": "army",
    "xxxxx": "army-group",
    "army group": "army-group",
    "armygroup": "army-group",
    "bde": "brigade",
    "div": "division",
    "bn": "battalion",
    "coy": "company",
    "co": "company",
    "regt": "regiment",
}


def parse_echelon(text: str) -> str:
    """'XX' or 'division' → 'division'.

    :raises ValueError: not an echelon.
    """
    key = text.strip().lower()
    if key in ECHELONS:
        return key
    if key in _ECHELON_ALIASES:
        return _ECHELON_ALIASES[key]
    raise ValueError(
        f"{text!r} is not an echelon{_did_you_mean(key, (*ECHELONS, *_ECHELON_ALIASES))}; "
        f"use one of {', '.join(ECHELONS)} or 'XX'-style marks"
    )


UNIT_TYPES = (
    "infantry",
    "cavalry",
    "armour",
    "mechanised",
    "motorised",
    "artillery",
    "mountain",
    "marine",
    "airborne",
    "engineer",
    "headquarters",
    "militia",
    "garrison",
    "fortress",
    "anti-tank",
    "reconnaissance",
    "anti-aircraft",
    "supply",
    "partisan",
    "gas",
    "railway-gun",
    "heavy-artillery",
    "siege-artillery",
    "naval",
    "air",
)
"""NATO-style unit types counters may show; the renderer draws each (and '+' combinations)."""

ICON_TYPES = (
    "infantry",
    "artillery",
    "tank",
    "landship",
    "fighter",
    "bomber",
    "battleship",
    "cruiser",
    "destroyer",
    "carrier",
    "transport",
    "submarine",
    "aa-gun",
    "industrial-complex",
    "ship",
    "aircraft",
    "zeppelin",
    "balloon",
    "recon-plane",
    "fleet",
    "chip",
    "flag",
    "star",
    "fort",
    "trench",
    "supply",
    "anchor",
)
"""Silhouettes and simple icons for figure games and markers."""


def parse_unit_type(text: str) -> str:
    """'armour+infantry' → itself, checked part by part.

    :raises ValueError: an unknown part.
    """
    parts = [p.strip().lower() for p in text.split("+")]
    for part in parts:
        if part not in UNIT_TYPES:
            raise ValueError(
                f"{part!r} is not a unit type{_did_you_mean(part, UNIT_TYPES)}; "
                f"the unit types are {', '.join(UNIT_TYPES)} (combine them with '+')"
            )
    return "+".join(parts)


def _did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    """A " (did you mean 'x'?)" hint, as the loader's references give: a closed list of
    choices deserves the same help as a list of ids."""
    matches = difflib.get_close_matches(word, choices, n=2, cutoff=0.6)
    return f" (did you mean {' or '.join(repr(m) for m in matches)}?)" if matches else ""
