"""The one shape every chart is made of: filled boxes holding stacks of measured lines.

Tables, tracks and displays differ only in how they size and place their boxes; they all
produce a :class:`Body` of :class:`Cell` values laid out from the origin, and
:func:`draw_body` writes any of them at any offset. Keeping layout (numbers) apart from
drawing (markup) is what lets a chart be measured before it is placed under its title.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from toolkit.render.charts.text import BLACK, Anchor, Font, text_element
from toolkit.render.svg import attrs

VAlign = Literal["top", "middle", "bottom"]


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned box in points."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        """The same box shifted by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text and the font it is measured and set in."""

    text: str
    font: Font


@dataclass(frozen=True, slots=True)
class Stack:
    """Lines set one under another, aligned as a block inside a cell's padding."""

    lines: tuple[Line, ...]
    align: Anchor = "middle"
    valign: VAlign = "middle"
    colour: str = BLACK

    @property
    def height(self) -> float:
        """The block's height: the sum of its line heights."""
        return sum(line.font.line_height for line in self.lines)


@dataclass(frozen=True, slots=True)
class Cell:
    """A filled box with its texts; ``pad`` is the clear space kept inside its edges."""

    rect: Rect
    fill: str
    stacks: tuple[Stack, ...] = ()
    pad_x: float = 4.0
    pad_y: float = 2.5


@dataclass(frozen=True, slots=True)
class Frame:
    """An unfilled outline drawn over the cells (a table's border, a box's edge)."""

    rect: Rect
    width: float
    colour: str = BLACK


@dataclass(frozen=True, slots=True)
class Body:
    """A laid-out chart body with its top-left corner at the origin."""

    width: float
    height: float
    cells: tuple[Cell, ...]
    frames: tuple[Frame, ...] = ()
    grid: str = "#808080"
    """The colour of each cell's own outline."""
    grid_width: float = 0.4
    places: tuple[tuple[str, Rect], ...] = ()
    """Where pieces go: each track cell's or display box's label and rectangle."""


def stack(
    texts: list[str],
    font: Font,
    align: Anchor = "middle",
    valign: VAlign = "middle",
    colour: str = BLACK,
) -> tuple[Stack, ...]:
    """One stack of lines in one font, or none when there is nothing to write."""
    if not texts:
        return ()
    return (Stack(tuple(Line(t, font) for t in texts), align, valign, colour),)


def draw_body(body: Body, dx: float, dy: float) -> str:
    """The body's markup at offset (dx, dy): every fill first, then texts, then frames.

    Fills go first so no later box paints over a neighbour's text; frames go last so a
    border is never hidden under a fill.
    """
    fills = [_cell_rect(cell.rect.moved(dx, dy), cell.fill, body) for cell in body.cells]
    texts = [t for cell in body.cells for t in _cell_texts(cell, dx, dy)]
    frames = [_frame(frame, dx, dy) for frame in body.frames]
    return "".join(fills + texts + frames)


def _cell_rect(rect: Rect, fill: str, body: Body) -> str:
    spec = attrs(
        class_="cell",
        x=rect.x,
        y=rect.y,
        width=rect.w,
        height=rect.h,
        fill=fill,
        stroke=body.grid,
        stroke_width=body.grid_width,
    )
    return f"<rect{spec}/>"


def _frame(frame: Frame, dx: float, dy: float) -> str:
    rect = frame.rect.moved(dx, dy)
    spec = attrs(
        x=rect.x,
        y=rect.y,
        width=rect.w,
        height=rect.h,
        fill="none",
        stroke=frame.colour,
        stroke_width=frame.width,
    )
    return f"<rect{spec}/>"


def _cell_texts(cell: Cell, dx: float, dy: float) -> Iterator[str]:
    rect = cell.rect.moved(dx, dy)
    for block in cell.stacks:
        top = _block_top(block, rect, cell.pad_y)
        x = _anchor_x(block.align, rect, cell.pad_x)
        for line in block.lines:
            yield text_element(
                x, top + line.font.ascent, line.text, line.font, block.align, block.colour
            )
            top += line.font.line_height


def _block_top(block: Stack, rect: Rect, pad_y: float) -> float:
    if block.valign == "top":
        return rect.y + pad_y
    if block.valign == "bottom":
        return rect.bottom - pad_y - block.height
    return rect.y + (rect.h - block.height) / 2


def _anchor_x(align: Anchor, rect: Rect, pad_x: float) -> float:
    if align == "start":
        return rect.x + pad_x
    if align == "end":
        return rect.right - pad_x
    return rect.x + rect.w / 2
