"""The map sheet: where the playing area, the title block, the legend and box strips go.

The title block and legend sit in bands above or below the playing area (by their position's
corner), so they never cover a hex. Area maps first try the corner inside the frame, where a
schematic map often has empty sea, and only grow a band when a space's name is in the way; a
block with a wider, lower setting (a legend) takes it in a band where its own setting would
make the band much taller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from toolkit.model.map import Box
from toolkit.render.maps.base import Rect, rect_union
from toolkit.render.maps.decor import Block, box_strip, strip_size

GAP = 10.0
"""Points between the playing area and the bands, and between blocks in a band."""


@dataclass
class Sheet:
    """The laid-out sheet: canvas size, playing-area origin, and where every block goes."""

    width: float
    height: float
    origin: tuple[float, float]
    """Top-left of the playing area (the frame) on the canvas."""
    blocks: list[tuple[Block, float, float]]
    strip: list[tuple[Box, float, float]]
    """Boxes without a position, laid out along the bottom (absolute positions)."""


def _corner(position: str) -> tuple[str, str] | None:
    if position not in ("top-left", "top-right", "bottom-left", "bottom-right"):
        return None
    vertical, horizontal = position.split("-")
    return vertical, horizontal


def _inside_spot(block: Block, corner: tuple[str, str], frame: Rect, taken: list[Rect]) -> Rect:
    """The block's box in the frame's corner, below (or above) blocks already there."""
    vertical, horizontal = corner
    x = frame.x0 + GAP if horizontal == "left" else frame.x1 - GAP - block.width
    y = frame.y0 + GAP if vertical == "top" else frame.y1 - GAP - block.height
    for other in taken:
        if other.x0 < x + block.width and x < other.x1:
            y = other.y1 + GAP if vertical == "top" else min(y, other.y0 - GAP - block.height)
    return Rect(x, y, x + block.width, y + block.height)


@dataclass
class _Band:
    left: list[Block]
    right: list[Block]

    def rows(self, width: float) -> list[list[tuple[Block, str]]]:
        """Blocks per row: left and right blocks share a row while they fit side by side."""
        items = [(b, "left") for b in self.left] + [(b, "right") for b in self.right]
        rows: list[list[tuple[Block, str]]] = []
        used = 0.0
        for block, side in items:
            if rows and used + GAP + block.width <= width:
                rows[-1].append((block, side))
                used += GAP + block.width
            else:
                rows.append([(block, side)])
                used = block.width
        return rows

    def size(self, width: float) -> tuple[float, float]:
        rows = self.rows(width)
        if not rows:
            return 0.0, 0.0
        widest = max(sum(b.width for b, _ in row) + GAP * (len(row) - 1) for row in rows)
        return widest, sum(max(b.height for b, _ in row) for row in rows) + GAP * (len(rows) - 1)

    def place(self, x0: float, x1: float, y: float) -> list[tuple[Block, float, float]]:
        out = []
        for row in self.rows(x1 - x0):
            left, right = x0, x1
            for block, side in row:
                if side == "left":
                    out.append((block, left, y))
                    left += block.width + GAP
                else:
                    out.append((block, right - block.width, y))
                    right -= block.width + GAP
            y += max(b.height for b, _ in row) + GAP
        return out


BAND_ALLOWANCE = 2 * 72
"""How much taller a block set to fit one tile of a tiled map may make a band than its wider
setting: past that, the band across the whole map is mostly empty paper (a row of tiles more,
as likely as not), and the wide setting is used."""


def _for_band(block: Block) -> Block:
    """The block as a band holds it: as set, unless a wider setting saves much height."""
    wide = block.banded
    return wide if wide is not None and block.height - wide.height > BAND_ALLOWANCE else block


def lay_out_sheet(
    frame_size: tuple[float, float],
    margin: float,
    placed_boxes: Sequence[Rect],
    blocks: Sequence[tuple[Block, str]],
    loose_boxes: Sequence[Box],
    inside_ok: Callable[[Rect], bool] | None = None,
) -> Sheet:
    """Lay out the sheet around a playing area of ``frame_size``.

    ``placed_boxes`` are boxes with a position, relative to the frame's top-left; ``blocks``
    pairs each block with its position ('top-left'…); ``inside_ok`` (area maps) says whether a
    box relative to the frame covers nothing that matters.
    """
    fw, fh = frame_size
    content = rect_union([Rect(0, 0, fw, fh), *placed_boxes]) or Rect(0, 0, fw, fh)
    frame = Rect(0, 0, fw, fh)
    inside: list[tuple[Block, Rect]] = []
    bands = {"top": _Band([], []), "bottom": _Band([], [])}
    for block, position in blocks:
        corner = _corner(position) or ("top", "left")
        if inside_ok is not None:
            spot = _inside_spot(block, corner, frame, [r for _, r in inside])
            if spot.inside(frame) and inside_ok(spot):
                inside.append((block, spot))
                continue
        band = bands[corner[0]]
        (band.left if corner[1] == "left" else band.right).append(_for_band(block))
    width = max(
        content.width, bands["top"].size(content.width)[0], bands["bottom"].size(content.width)[0]
    )
    strip = box_strip(loose_boxes, width)
    strip_w, strip_h = strip_size(strip)
    width = max(width, strip_w)
    top_h = bands["top"].size(width)[1]
    bottom_h = bands["bottom"].size(width)[1]
    y = margin
    placements = bands["top"].place(margin, margin + width, y)
    y += top_h + (GAP if top_h else 0.0)
    origin = (margin - content.x0, y - content.y0)
    y += content.height
    placements += bands["bottom"].place(margin, margin + width, y + GAP)
    y += (GAP + bottom_h) if bottom_h else 0.0
    placements += [(b, r.x0 + origin[0], r.y0 + origin[1]) for b, r in inside]
    strip_abs = [(b, margin + x, y + GAP + sy) for b, x, sy in strip]
    y += (GAP + strip_h) if strip else 0.0
    return Sheet(width + 2 * margin, y + margin, origin, placements, strip_abs)
