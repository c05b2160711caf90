"""Counter imposition: where each copy of each counter goes on a sheet, and where its back goes.

Pure arithmetic over sizes, so the mirror rule — the reason backs line up — is tested on its own.

A sheet holds one group (a faction's counters, or the markers) as one or more *blocks*: a block is
a grid of counters of one size, cut out as a piece. Grids (not free rows) because every cut line
then runs straight across the whole block, which is what a guillotine or a ruler and knife need,
and crop marks in the margin can show each one. Blocks are centred across the page and stack from
the top; the header room is kept at both ends, so the mirrored backs also clear the header.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from toolkit.kit.errors import KitError
from toolkit.kit.paper import Page, Rect, grow, union

Duplex = Literal["long-edge", "short-edge"]
DUPLEX_MODES: tuple[str, ...] = ("long-edge", "short-edge")

MARK_SPACE: float = 14.0
"""Room a crop mark needs beyond the bleed: a 3 pt gap, a 9 pt mark and a little air."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One counter to print: how many copies, its trim size, and the sheet group it goes in."""

    counter: str
    width: float
    height: float
    copies: int
    group: str
    """Counters are grouped on sheets by this (the faction), so a sheet holds one army."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One copy of a counter on a sheet: its trim box on the front page."""

    counter: str
    x: float
    y: float
    width: float
    height: float
    row: int = 0
    """Row in its block (0 at the top)."""
    column: int = 0
    """Column in its block (0 at the left)."""

    @property
    def rect(self) -> Rect:
        """The trim box as (x, y, width, height)."""
        return (self.x, self.y, self.width, self.height)


@dataclass(frozen=True, slots=True)
class Block:
    """A grid of same-size counters cut out as one piece; filled row by row from the top left."""

    x: float
    y: float
    columns: int
    rows: int
    cell_width: float
    cell_height: float
    gutter: float
    """The gap between columns, and between rows unless ``row_gutter`` is given."""
    slots: tuple[Slot, ...]
    row_gutter: float | None = None
    """The gap between rows where it differs from the columns' (a card sheet gives each axis
    the widest gap its paper has room for)."""

    @property
    def gutter_y(self) -> float:
        """The gap between rows."""
        return self.gutter if self.row_gutter is None else self.row_gutter

    @property
    def width(self) -> float:
        """Width of the cut area."""
        return self.columns * self.cell_width + (self.columns - 1) * self.gutter

    @property
    def height(self) -> float:
        """Height of the cut area."""
        return self.rows * self.cell_height + (self.rows - 1) * self.gutter_y

    @property
    def rect(self) -> Rect:
        """The cut area."""
        return (self.x, self.y, self.width, self.height)

    def cuts_x(self) -> tuple[float, ...]:
        """x of every vertical cut line (two per gutter, one where counters butt)."""
        return _cuts(self.x, self.columns, self.cell_width, self.gutter)

    def cuts_y(self) -> tuple[float, ...]:
        """y of every horizontal cut line."""
        return _cuts(self.y, self.rows, self.cell_height, self.gutter_y)

    def occupied(self, row: int, column: int) -> bool:
        """Whether a counter sits in this cell (the last row may be part-filled)."""
        inside = 0 <= row < self.rows and 0 <= column < self.columns
        return inside and row * self.columns + column < len(self.slots)

    def bleed_of(self, slot: Slot, bleed: float) -> tuple[float, float, float, float]:
        """How far (left, top, right, bottom) ``slot``'s edge colour may run past its trim box.

        Towards a neighbour it stops at the middle of the gutter (nothing when counters butt), so
        a bleed never prints on another counter; elsewhere it runs the full ``bleed``.
        """
        across, down = min(bleed, self.gutter / 2), min(bleed, self.gutter_y / 2)
        row, column, taken = slot.row, slot.column, self.occupied
        return (
            across if taken(row, column - 1) else bleed,
            down if taken(row - 1, column) else bleed,
            across if taken(row, column + 1) else bleed,
            down if taken(row + 1, column) else bleed,
        )


@dataclass(frozen=True, slots=True)
class Sheet:
    """A page of counter fronts (its backs page is the mirror image)."""

    group: str
    blocks: tuple[Block, ...]

    @property
    def slots(self) -> tuple[Slot, ...]:
        """Every counter copy on the sheet, block by block, row by row."""
        return tuple(slot for block in self.blocks for slot in block.slots)

    @property
    def block(self) -> Rect:
        """The area all blocks cover: the page's TrimBox."""
        return union([b.rect for b in self.blocks])


def _cuts(start: float, count: int, size: float, gutter: float) -> tuple[float, ...]:
    """Cut positions along one axis of a grid."""
    edges: set[float] = set()
    for i in range(count):
        low = start + i * (size + gutter)
        edges.update((round(low, 4), round(low + size, 4)))
    return tuple(sorted(edges))


# -- the mirror rule -----------------------------------------------------------------------------


def mirror_rect(
    rect: Rect, page: Page, duplex: Duplex, offset: tuple[float, float] = (0.0, 0.0)
) -> Rect:
    """Where ``rect`` of a front page falls on the back page, plus the printer's offset.

    Long-edge duplex turns the sheet over its vertical axis (x mirrors); short-edge over its
    horizontal axis (y mirrors). ``offset`` is measured on the back (x right, y down) with the
    calibration page and simply added.

    :raises KitError: unknown duplex mode.
    """
    x, y, w, h = rect
    dx, dy = offset
    if duplex == "long-edge":
        return (page.width - x - w + dx, y + dy, w, h)
    if duplex == "short-edge":
        return (x + dx, page.height - y - h + dy, w, h)
    raise KitError(f"unknown duplex mode {duplex!r}; use {' or '.join(DUPLEX_MODES)}")


def mirror_point(
    x: float, y: float, page: Page, duplex: Duplex, offset: tuple[float, float] = (0.0, 0.0)
) -> tuple[float, float]:
    """Where a point of a front page falls on the back page (see :func:`mirror_rect`)."""
    mx, my, _w, _h = mirror_rect((x, y, 0.0, 0.0), page, duplex, offset)
    return (mx, my)


def mirror_slot(
    slot: Slot, page: Page, duplex: Duplex, offset: tuple[float, float] = (0.0, 0.0)
) -> Slot:
    """Where the back of ``slot`` is drawn on the backs page so it prints behind the front."""
    x, y, w, h = mirror_rect(slot.rect, page, duplex, offset)
    return Slot(slot.counter, x, y, w, h, slot.row, slot.column)


def back_rotation(duplex: Duplex) -> int:
    """Degrees to turn each back face inside its slot so a counter flipped sideways reads upright.

    Players flip a counter over its vertical axis. A long-edge sheet flips that way too, so backs
    print upright; a short-edge sheet flips over its horizontal axis, which would leave every back
    upside down in the hand — turning the face 180° in place makes both modes give the same counter.
    """
    return 0 if duplex == "long-edge" else 180


# -- imposition ------------------------------------------------------------------------------------


def impose(
    pieces: Sequence[Piece], page: Page, bleed: float, gutter: float, header: float = 0.0
) -> list[Sheet]:
    """Lay the pieces out in grids, a new sheet for each group and whenever a page is full.

    Groups keep the order of their first piece; within a group, each counter size becomes a grid
    block and the blocks stack down the sheet. ``header`` is kept free at the top and the bottom
    (symmetric, so a short-edge mirror lands clear of the header too).

    :raises KitError: a counter larger than the printable area, or a negative length.
    """
    if bleed < 0 or gutter < 0 or header < 0:
        raise KitError("bleed, gutter and header must not be negative")
    area = _Area(page.inner_width - 2 * bleed, page.inner_height - 2 * bleed - 2 * header)
    sheets: list[Sheet] = []
    for group in dict.fromkeys(p.group for p in pieces):
        members = [p for p in pieces if p.group == group]
        for stack in _fill_group(members, area, gutter, 2 * (bleed + MARK_SPACE)):
            top = page.margin + header + bleed
            sheets.append(_place(group, stack, page, top, gutter, 2 * (bleed + MARK_SPACE)))
    return sheets


@dataclass(frozen=True, slots=True)
class _Area:
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class _Grid:
    """A block before it has a position: size, shape and the copies in reading order."""

    width: float
    height: float
    columns: int
    rows: int
    copies: tuple[str, ...]


def _fill_group(
    pieces: Sequence[Piece], area: _Area, gutter: float, gap: float
) -> list[list[_Grid]]:
    """Split a group into sheets, each a stack of grids that fits ``area``."""
    sheets: list[list[_Grid]] = []
    stack: list[_Grid] = []
    used = 0.0
    for (width, height), copies in _by_size(pieces).items():
        columns = _fit(area.width, width, gutter)
        if columns < 1 or _fit(area.height, height, gutter) < 1:
            raise KitError(
                f"counter {copies[0]!r} ({width / 72:.2f}×{height / 72:.2f} in) "
                "is larger than the printable area of the page"
            )
        remaining = list(copies)
        while remaining:
            room = area.height - used - (gap if stack else 0.0)
            rows = min(_fit(room, height, gutter), math.ceil(len(remaining) / columns))
            if rows < 1:
                sheets.append(stack)
                stack, used = [], 0.0
                continue
            taken, remaining = remaining[: rows * columns], remaining[rows * columns :]
            grid = _Grid(width, height, min(columns, len(taken)), rows, tuple(taken))
            used += (gap if stack else 0.0) + rows * height + (rows - 1) * gutter
            stack.append(grid)
    if stack:
        sheets.append(stack)
    return sheets


def _by_size(pieces: Sequence[Piece]) -> dict[tuple[float, float], list[str]]:
    """Every copy, grouped by counter size in order of first appearance."""
    sizes: dict[tuple[float, float], list[str]] = {}
    for piece in pieces:
        if piece.copies < 0:
            raise KitError(f"counter {piece.counter!r} has a negative count")
        sizes.setdefault((piece.width, piece.height), []).extend([piece.counter] * piece.copies)
    return {size: copies for size, copies in sizes.items() if copies}


def _fit(room: float, size: float, gutter: float) -> int:
    """How many ``size`` cells with ``gutter`` between them fit in ``room`` (1e-6 pt of slack)."""
    if room + 1e-6 < size:
        return 0
    return int((room + gutter + 1e-6) // (size + gutter))


def _place(
    group: str, stack: list[_Grid], page: Page, top: float, gutter: float, gap: float
) -> Sheet:
    """Stack the grids from ``top`` down, each centred across the page; give every copy a slot."""
    heights = [g.rows * g.height + (g.rows - 1) * gutter for g in stack]
    y = top
    blocks = []
    for grid, height in zip(stack, heights, strict=True):
        width = grid.columns * grid.width + (grid.columns - 1) * gutter
        x = (page.width - width) / 2
        slots = tuple(
            Slot(
                counter,
                x + (i % grid.columns) * (grid.width + gutter),
                y + (i // grid.columns) * (grid.height + gutter),
                grid.width,
                grid.height,
                i // grid.columns,
                i % grid.columns,
            )
            for i, counter in enumerate(grid.copies)
        )
        blocks.append(Block(x, y, grid.columns, grid.rows, grid.width, grid.height, gutter, slots))
        y += height + gap
    return Sheet(group, tuple(blocks))


def share_pages(
    sheets: Sequence[Sheet], page: Page, bleed: float, header: float = 0.0
) -> list[tuple[Sheet, ...]]:
    """Sheets laid out by :func:`impose`, put one under another on as few pages as keep them
    in order, each sheet whole: a sheet that leaves room below takes the next one there, with
    the gap :func:`impose` keeps between blocks. For sheets that need no page of their own
    (one-sided counters left over from several groups), so none prints nearly empty."""
    gap = 2 * (bleed + MARK_SPACE)
    bottom = page.height - page.margin - header - bleed
    pages: list[list[Sheet]] = []
    for sheet in sheets:
        if pages:
            _x, top, _w, height = pages[-1][-1].block
            moved = _moved(sheet, top + height + gap - sheet.block[1])
            if moved.block[1] + moved.block[3] <= bottom + 1e-6:
                pages[-1].append(moved)
                continue
        pages.append([sheet])
    return [tuple(shared) for shared in pages]


def _moved(sheet: Sheet, dy: float) -> Sheet:
    """``sheet`` moved ``dy`` down the page, every block and slot with it."""
    blocks = tuple(
        dataclasses.replace(
            block,
            y=block.y + dy,
            slots=tuple(dataclasses.replace(slot, y=slot.y + dy) for slot in block.slots),
        )
        for block in sheet.blocks
    )
    return Sheet(sheet.group, blocks)


def bleed_rect(block: Block, slot: Slot, bleed: float) -> Rect:
    """The area ``slot``'s edge colour fills: its trim box grown by :meth:`Block.bleed_of`."""
    return grow(slot.rect, *block.bleed_of(slot, bleed))
