"""The printed size of a hex, said without traps.

``hex_width`` means corner to corner on a flat-top map but side to side on a pointy-top one, and
``hex_height`` alone stretches the hex away from the default width; both caught designers out.
``across_flats`` and ``across_corners`` say the measure a ruler takes on a printed hex whatever
the orientation; a hex that comes out irregular by accident is a warning naming the size drawn.
"""

from __future__ import annotations

from typing import Any

from toolkit.load.context import Context
from toolkit.load.game import length
from toolkit.load.jsonsource import Source

DEFAULT_WIDTH = 54.0
"""0.75in: the hex of most printed maps."""
RATIO = 2 / 3**0.5
"""A regular hex's across-corners over its across-flats."""
TOLERANCE = 0.01
"""A printed size rounded to a millimetre or a 1/16in is still a regular hex."""


def hex_size(
    ctx: Context, source: Source, data: dict[str, Any], orientation: str
) -> tuple[float, float]:
    """The hex's printed width and height in points (flat: corner to corner × side to side;
    pointy: side to side × corner to corner)."""
    flats = length(ctx, source, data.get("across_flats"), "/grid/across_flats", 0.0) or None
    corners = length(ctx, source, data.get("across_corners"), "/grid/across_corners", 0.0) or None
    if flats is not None or corners is not None:
        if "hex_width" in data or "hex_height" in data:
            ctx.error(
                source,
                "map.hex-size",
                "give the hex size either as across_flats / across_corners or as hex_width / "
                "hex_height, not both",
                "/grid",
            )
        flats, corners = _regular(ctx, source, flats, corners)
        return (corners, flats) if orientation == "flat" else (flats, corners)
    return _by_width_height(ctx, source, data, orientation)


def _regular(
    ctx: Context, source: Source, flats: float | None, corners: float | None
) -> tuple[float, float]:
    """Across the flats and across the corners, the one missing made regular from the other."""
    if flats is None:
        return (corners or DEFAULT_WIDTH) / RATIO, corners or DEFAULT_WIDTH
    if corners is None:
        return flats, flats * RATIO
    if abs(corners / flats / RATIO - 1) > TOLERANCE:
        ctx.warn(
            source,
            "map.irregular-hex",
            f"the hex is drawn {_pt(flats)} across the flats and {_pt(corners)} across the "
            f"corners, which is not a regular hex (regular: {_pt(flats * RATIO)} across the "
            "corners); give only one of them for a regular hex",
            "/grid/across_corners",
        )
    return flats, corners


def _by_width_height(
    ctx: Context, source: Source, data: dict[str, Any], orientation: str
) -> tuple[float, float]:
    """The older form: width, and a height regular to it unless given."""
    width = length(ctx, source, data.get("hex_width"), "/grid/hex_width", DEFAULT_WIDTH)
    regular = width / RATIO if orientation == "flat" else width * RATIO
    height = length(ctx, source, data.get("hex_height"), "/grid/hex_height", regular)
    if "hex_height" in data and "hex_width" not in data and abs(height / regular - 1) > TOLERANCE:
        ctx.warn(
            source,
            "map.irregular-hex",
            f"only hex_height is given, so the hex is drawn {_pt(width)} wide (the default "
            f"width) and {_pt(height)} high, stretched from a regular hex ({_pt(regular)} high); "
            "give across_flats or across_corners for a regular hex",
            "/grid/hex_height",
        )
    return width, height


def _pt(points: float) -> str:
    """A length as a designer reads it: inches and millimetres."""
    return f"{points / 72:.3g}in ({points * 25.4 / 72:.1f}mm)"
