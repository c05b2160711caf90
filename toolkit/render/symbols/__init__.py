"""Unit symbols (NATO), echelon marks and icons, as SVG fragments for counters and legends."""

from __future__ import annotations

from toolkit.render.symbols.nato import (
    ECHELON_MARKS,
    ECHELONS,
    ICON_TYPES,
    UNIT_TYPES,
    echelon_mark,
    echelon_width,
    icon,
    icon_aspect,
    icon_reach,
    parse_echelon,
    parse_icon,
    parse_unit_type,
    unit_symbol,
)

__all__ = [
    "ECHELONS",
    "ECHELON_MARKS",
    "ICON_TYPES",
    "UNIT_TYPES",
    "echelon_mark",
    "echelon_width",
    "icon",
    "icon_aspect",
    "icon_reach",
    "parse_echelon",
    "parse_icon",
    "parse_unit_type",
    "unit_symbol",
]
