"""What frames the playing area: title block, compass, scale bar, legend, boxes and tracks.

Each piece is a Block that knows its size before it is placed, so the canvas can reserve room
for it outside the playing area instead of printing it over hexes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from toolkit.model.map import Box
from toolkit.render.fonts import text_width
from toolkit.render.maps.base import (
    INK,
    Label,
    Rect,
    cap_height,
    el,
    finite,
    fit_size,
    label_svg,
    line_height,
    poly_d,
    readable_ink,
)
from toolkit.render.svg import fmt

Swatch = Callable[[float, float, float, float], str]
"""Draws a legend sample in the box (x, y, w, h)."""


@dataclass
class Block:
    """A framed piece of the map sheet, sized before placement; ``draw(x, y)`` gives its SVG."""

    width: float
    height: float
    draw: Callable[[float, float], str]
    role: str = "block"
    labels: Callable[[float, float], list[Label]] = field(default=lambda x, y: [])
    pieces: Callable[[float, float], list[Rect]] | None = None
    """Where the block drawn at (x, y) may be parted, as the boxes of its whole pieces (a
    legend's columns), for a block too wide for one sheet of a tiled map; None: it is one."""
    banded: Block | None = None
    """The same block set wider and lower, for a band across the sheet (where each point of
    height costs the whole map's width, and width is free); None: there is no other."""


# -- title block -----------------------------------------------------------------------------------


def panel_frame(x: float, y: float, width: float, height: float) -> str:
    """The white, rounded frame of the title block and of the legend."""
    return el(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        fill="#ffffff",
        stroke=INK,
        stroke_width=0.8,
        rx=3,
    )


def compass_svg(cx: float, cy: float, height: float) -> str:
    """A north arrow: a split diamond under an 'N', pointing up the page."""
    half = height * 0.16
    top, bottom = cy - height * 0.3, cy + height * 0.5
    left = poly_d([(cx, top), (cx - half, cy + height * 0.2), (cx, bottom - height * 0.12)])
    right = poly_d([(cx, top), (cx + half, cy + height * 0.2), (cx, bottom - height * 0.12)])
    body = el("path", d=left, fill="#ffffff", stroke=INK, stroke_width=height * 0.025) + el(
        "path", d=right, fill=INK, stroke=INK, stroke_width=height * 0.025
    )
    n = Label("N", cx, top - height * 0.06, height * 0.28, bold=True, role="decor")
    return f'<g class="compass">{body}{label_svg(n)}</g>'


def scale_bar_svg(x: float, y: float, step: float, count: int, text: str, size: float) -> str:
    """A bar ``count`` steps long, alternately dark and light, with its label below."""
    h = max(3.0, size * 0.45)
    cells = "".join(
        el(
            "rect",
            x=x + i * step,
            y=y,
            width=step,
            height=h,
            fill=INK if i % 2 == 0 else "#ffffff",
            stroke=INK,
            stroke_width=0.6,
        )
        for i in range(count)
    )
    label = Label(text, x, y + h + size + 2, size, "start", role="decor")
    return f'<g class="scale">{cells}{label_svg(label)}</g>'


COMPASS_WIDTH = 1.8
"""The room the title block's compass takes beside the name, in the name's sizes."""


def title_block(
    name: str, subtitle: str, size: float, compass: bool, scale: tuple[float, int, str] | None
) -> Block | None:
    """Map name, game line, and beside them the compass and under them the scale bar."""
    if not name and not compass and scale is None:
        return None
    sub_size = max(6.0, size * 0.45)
    text_w = max(text_width(name, size, True), text_width(subtitle, sub_size))
    compass_h = size * 2.6 if compass else 0.0
    compass_w = size * COMPASS_WIDTH if compass else 0.0
    scale_h = scale_w = 0.0
    if scale is not None:
        step, count, label = scale
        scale_w = max(step * count, text_width(label, sub_size))
        scale_h = max(3.0, sub_size * 0.45) + sub_size * 1.3 + 8
    height = max(compass_h, size * 1.1 + (line_height(sub_size) if subtitle else 0) + scale_h) + 8
    width = compass_w + max(text_w, scale_w) + 12

    def draw(x: float, y: float) -> str:
        parts = [panel_frame(x, y, width, height)]
        if compass:
            parts.append(
                compass_svg(x + 6 + compass_w / 2 - size * 0.25, y + height / 2, compass_h * 0.9)
            )
        tx = x + 6 + compass_w
        baseline = y + 4 + size * 0.95
        parts.append(label_svg(Label(name, tx, baseline, size, "start", True, role="title")))
        if subtitle:
            baseline += line_height(sub_size)
            parts.append(label_svg(Label(subtitle, tx, baseline, sub_size, "start", role="title")))
        if scale is not None:
            parts.append(scale_bar_svg(tx, baseline + 6, scale[0], scale[1], scale[2], sub_size))
        return f'<g class="title-block">{"".join(parts)}</g>'

    return Block(width, height, draw, "title")


def title_size_within(name: str, subtitle: str, compass: bool, width: float) -> float:
    """The name's size at which :func:`title_block` is ``width`` wide: the block's text, its
    compass and their padding all grow with the size."""
    per_point = max(text_width(name, 1.0, True), 0.45 * text_width(subtitle, 1.0))
    per_point += COMPASS_WIDTH if compass else 0.0
    return (width - 12) / max(per_point, 1e-6)


# -- legend --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a sample and what it means."""

    text: str
    swatch: Swatch


def legend_block(
    entries: Sequence[LegendEntry], size: float, max_width: float, heading: str
) -> Block | None:
    """The legend: a heading ('Legend', in the game's language) and entries in as many columns
    as fit ``max_width``."""
    if not entries:
        return None
    sw, sh = size * 3.2, size * 1.9
    row_h = sh + size * 0.5
    col_w = sw + size * 0.8 + max(text_width(e.text, size) for e in entries) + size * 1.5
    # As few rows as the width allows, but at least four: a legend is read down its columns.
    fit = max(1, int((max_width - 12) // col_w))
    rows = max(min(4, len(entries)), math.ceil(len(entries) / fit))
    columns = math.ceil(len(entries) / rows)
    head = size * 1.25
    width = columns * col_w + 12
    height = head + size * 1.2 + rows * row_h + 6

    def draw(x: float, y: float) -> str:
        parts = [
            panel_frame(x, y, width, height),
            label_svg(
                Label(heading, x + 6, y + 4 + head * 0.8, head, "start", True, role="legend")
            ),
        ]
        top = y + 4 + head + size * 0.5
        for i, entry in enumerate(entries):
            col, row = divmod(i, rows)
            ex, ey = x + 6 + col * col_w, top + row * row_h
            parts.append(entry.swatch(ex, ey, sw, sh))
            parts.append(
                label_svg(
                    Label(
                        entry.text,
                        ex + sw + size * 0.6,
                        ey + sh / 2 + cap_height(size) / 2,
                        size,
                        "start",
                        role="legend",
                    )
                )
            )
        return f'<g class="legend">{"".join(parts)}</g>'

    def pieces(x: float, y: float) -> list[Rect]:
        # each column as far as its own longest entry reaches; the first holds the heading too
        reach = [
            sw
            + size * 0.6
            + max(text_width(e.text, size) for e in entries[c * rows : (c + 1) * rows])
            for c in range(columns)
        ]
        first = Rect(x, y, x + 6 + max(reach[0], text_width(heading, head, True)), y + height)
        rest = [rect_of(x + 6 + c * col_w, y, reach[c], height) for c in range(1, columns)]
        return [first, *rest]

    return Block(width, height, draw, "legend", pieces=pieces)


# -- boxes and tracks ----------------------------------------------------------------------------

BOX_SIZE = (90.0, 72.0)
CELL_SIZE = 36.0


def box_size(box: Box) -> tuple[float, float, int, int, float]:
    """(width, height, columns, rows, header height) of a box or track."""
    header = 14.0
    if box.cells:
        cw, ch = box.width or CELL_SIZE, box.height or CELL_SIZE
        columns = max(1, min(box.columns or len(box.cells), len(box.cells)))
        rows = math.ceil(len(box.cells) / columns)
        return cw * columns, header + ch * rows, columns, rows, header
    return box.width or BOX_SIZE[0], box.height or BOX_SIZE[1], 0, 0, header


def box_cells(box: Box, x: float, y: float) -> list[tuple[float, float, float, float]]:
    """(left, top, width, height) of each cell of a track whose top-left corner is (x, y)."""
    width, height, columns, rows, header = box_size(box)
    if not box.cells:
        return []
    cw, ch = (width / columns, (height - header) / rows)
    cells = []
    for i in range(len(box.cells)):
        r, c = divmod(i, columns)
        cells.append((x + c * cw, y + header + r * ch, cw, ch))
    return cells


def box_svg(box: Box, x: float, y: float, fill: str, edge: str) -> tuple[str, list[Label]]:
    """A framed box or track with its title band; a track's cells carry their labels."""
    width, height, columns, rows, header = box_size(box)
    band = edge if edge != INK else "#e9e4d4"
    parts = [
        el("rect", x=x, y=y, width=width, height=height, fill=fill, stroke=edge, stroke_width=1.2),
        el("rect", x=x, y=y, width=width, height=header, fill=band, stroke=edge, stroke_width=1.2),
    ]
    size = fit_size(box.name, 8.0, width - 6, bold=True)
    labels = [
        Label(
            box.name,
            x + width / 2,
            y + header / 2 + cap_height(size) / 2,
            size,
            bold=True,
            fill=readable_ink(band),
            role="box",
        )
    ]
    if box.cells:
        grid = ""
        for cell, (cx, cy, cw, ch) in zip(box.cells, box_cells(box, x, y), strict=True):
            grid += f"M{fmt(cx)} {fmt(cy)}h{fmt(cw)}v{fmt(ch)}h{fmt(-cw)}Z"
            cell_size = fit_size(cell, min(9.0, ch * 0.28), cw - 3)
            labels.append(
                Label(cell, cx + cw / 2, cy + 2 + cap_height(cell_size), cell_size, role="cell")
            )
        parts.append(el("path", d=grid, fill="none", stroke=edge, stroke_width=0.7))
    return f'<g class="box">{"".join(parts)}{"".join(label_svg(lb) for lb in labels)}</g>', labels


def box_strip(
    boxes: Sequence[Box], max_width: float, gap: float = 10.0
) -> list[tuple[Box, float, float]]:
    """Positions (relative to the strip's top-left) for boxes laid left to right, wrapping."""
    placed = []
    x = y = row_h = 0.0
    for box in boxes:
        w, h = box_size(box)[:2]
        if x > 0 and x + w > max_width:
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        placed.append((box, x, y))
        x += w + gap
        row_h = max(row_h, h)
    return placed


def strip_size(placed: Sequence[tuple[Box, float, float]]) -> tuple[float, float]:
    """Width and height of a strip of boxes."""
    if not placed:
        return 0.0, 0.0
    sizes = [(x + box_size(b)[0], y + box_size(b)[1]) for b, x, y in placed]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def rect_of(x: float, y: float, width: float, height: float) -> Rect:
    """A Rect from a corner and a size."""
    return Rect(x, y, x + width, y + height)


def box_frame_rect(box: Box, area_scale: tuple[float, float] | None) -> Rect | None:
    """Where a positioned box lies relative to the playing area's top-left corner.

    ``at`` is in inches on hex and square maps and in map units on area maps (scaled by
    ``area_scale``); a box without a usable ``at`` returns None and goes to the bottom strip.
    """
    if box.at is None or len(box.at) != 2 or not finite(*box.at):
        return None
    sx, sy = area_scale if area_scale is not None else (72.0, 72.0)
    x, y = float(box.at[0]) * sx, float(box.at[1]) * sy
    width, height = box_size(box)[:2]
    return Rect(x, y, x + width, y + height) if finite(x, y) else None


def boxes_svg(
    placements: Sequence[tuple[Box, float, float]], fills: Callable[[Box], tuple[str, str]]
) -> tuple[str, list[Rect]]:
    """Every box and track at its place; also their areas, which labels must keep off."""
    out, areas = [], []
    for box, x, y in placements:
        fill, edge = fills(box)
        svg, _ = box_svg(box, x, y, fill, edge)
        out.append(svg)
        width, height = box_size(box)[:2]
        areas.append(rect_of(x, y, width, height))
    return "".join(out), areas
