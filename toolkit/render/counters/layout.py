"""Where the elements of a face go: five rows, each with a left, centre and right slot.

    top-left        top        top-right      ← top row, against the top inset
                   upper                      ← upper row
    left          center          right       ← middle row
                   lower                      ← lower row
    bottom-left    bottom      bottom-right   ← bottom row, against the bottom inset

The top and bottom rows hold to their edges; the upper, middle and lower rows share what is
left between them, each near its natural place (a quarter, half and three quarters down) unless
they would touch, when they are spaced evenly. Elements in the same slot are drawn over each
other (a chip's value over its icon). Side slots are sized first and kept symmetric, so the
centre — usually the unit symbol — stays centred on the counter. On a round counter every row
is fitted to the circle's chord where it ends up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from toolkit.render.counters.edges import Frame
from toolkit.render.counters.paint import Span
from toolkit.render.counters.pieces import Fitted

SLOTS: dict[str, tuple[str, str]] = {
    "top-left": ("top", "start"),
    "top": ("top", "middle"),
    "top-right": ("top", "end"),
    "upper": ("upper", "middle"),
    "left": ("middle", "start"),
    "center": ("middle", "middle"),
    "right": ("middle", "end"),
    "lower": ("lower", "middle"),
    "bottom-left": ("bottom", "start"),
    "bottom": ("bottom", "middle"),
    "bottom-right": ("bottom", "end"),
}
"""Position (as templates write it) → (row, anchor within the row)."""

MIDDLE_ROWS = ("upper", "middle", "lower")
NATURAL_PLACE = {"upper": 0.25, "middle": 0.5, "lower": 0.75}
"""Where each middle row's centre sits in the free region when nothing is in its way."""
EDGE_ROW_SHARE = 0.4
"""The top or bottom row may take at most this share of the height between the insets."""
PICTURE_FLOOR = 0.35
"""Pictures shrink to make room for text down to this share of their size, no further."""
SIDE_SHARE = 0.3
"""A side slot may take this share of its row's width when the centre slot is used."""


class Piece(Protocol):
    """Anything that can be fitted into a space (see counter_pieces)."""

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """Size it for a max_w x max_h space."""
        ...


@dataclass(frozen=True, slots=True)
class Slotted:
    """An element's piece and where the template put it."""

    index: int
    """The element's index in the layout, so drawings come out in template order."""
    piece: Piece
    at: str

    @property
    def row(self) -> str:
        """Its row."""
        return SLOTS[self.at][0]

    @property
    def anchor(self) -> str:
        """'start', 'middle' or 'end' within the row."""
        return SLOTS[self.at][1]


@dataclass(frozen=True, slots=True)
class FittedRow:
    """A row's pieces, sized together."""

    items: tuple[tuple[Slotted, Fitted], ...]
    h: float
    w: float
    """The width the row needs (sides, centre and the gaps between)."""


@dataclass(frozen=True, slots=True)
class Box:
    """The space left for rows once edge elements took their strips."""

    left: float
    top: float
    right: float
    bottom: float


def fit_row(items: list[Slotted], width: float, max_h: float, gap: float) -> FittedRow:
    """Fit a row's pieces into ``width``: side slots first (kept symmetric so the centre stays
    centred), the centre in what they leave."""
    sides = [s for s in items if s.anchor != "middle"]
    centre = [s for s in items if s.anchor == "middle"]
    if centre:
        fitted = [(s, s.piece.fit(SIDE_SHARE * width, max_h)) for s in sides]
    else:
        fitted = _fit_sides(sides, width, max_h, gap)
    side_w = max((f.w for _, f in fitted), default=0.0)
    centre_w = width - 2 * (side_w + gap) if side_w > 0 else width
    fitted += [(s, s.piece.fit(centre_w, max_h)) for s in centre]
    centre_used = max((f.w for s, f in fitted if s.anchor == "middle"), default=0.0)
    if centre_used:
        need = centre_used + (2 * (side_w + gap) if side_w else 0.0)
    else:
        need = (
            sum(
                max((f.w for s, f in fitted if s.anchor == a), default=0.0)
                for a in ("start", "end")
            )
            + gap
        )
    height = max((f.h for _, f in fitted), default=0.0)
    order = sorted(fitted, key=lambda pair: pair[0].index)
    return FittedRow(tuple(order), height, need)


def _fit_sides(
    sides: list[Slotted], width: float, max_h: float, gap: float
) -> list[tuple[Slotted, Fitted]]:
    """Left and right slots without a centre: each takes what it needs, and when both need
    more than the row has, the shorter keeps its width and the longer gets the rest."""
    half = (width - gap) / 2
    need = {
        a: max((s.piece.fit(width, max_h).w for s in sides if s.anchor == a), default=0.0)
        for a in ("start", "end")
    }
    caps = {"start": half, "end": half}
    if need["start"] + need["end"] + gap <= width:
        caps = {"start": width, "end": width}
    elif need["start"] <= half:
        caps["end"] = width - gap - need["start"]
    elif need["end"] <= half:
        caps["start"] = width - gap - need["end"]
    return [(s, s.piece.fit(caps[s.anchor], max_h)) for s in sides]


class RowLayout:
    """Lays out the rows of one face inside ``box`` and draws them."""

    def __init__(self, rows: Mapping[str, list[Slotted]], box: Box, frame: Frame) -> None:
        self.rows, self.box, self.frame = rows, box, frame
        self.drawings: dict[int, str] = {}
        self.centres: dict[str, float] = {}
        """Where each row ended up (its vertical centre): stripes across the counter use it."""

    def span(self, y0: float, y1: float) -> Span:
        """Room across the counter for something spanning y0..y1: inside the insets and,
        on a round counter, inside the circle."""
        lo, hi = self.frame.outline.span(y0, y1, self.frame.margin)
        return max(lo, self.box.left), min(hi, self.box.right)

    def row_span(self, row: FittedRow, y0: float, align: str) -> Span:
        """Room for ``row``'s text with the row's top at ``y0``: the narrowest any of its texts
        allows, each aligned 'top', 'bottom' or 'middle' in the row. Pictures are checked
        against the shape one by one when drawn (:meth:`_inside`)."""
        lo, hi = self.box.left, self.box.right
        for _, piece in row.items:
            top = {"top": y0, "bottom": y0 + row.h - piece.h, "middle": y0 + (row.h - piece.h) / 2}[
                align
            ]
            span = (
                self.span(top, top + piece.h)
                if piece.strict
                else self.span(top + piece.h / 2, top + piece.h / 2)
            )
            lo, hi = max(lo, span[0]), min(hi, span[1])
        return lo, hi

    def widest(self) -> float:
        """The most room any row could have (at the counter's middle)."""
        lo, hi = self.span(self.frame.outline.h / 2, self.frame.outline.h / 2)
        return hi - lo

    def run(self) -> dict[int, str]:
        """Place and draw every row; returns each element's drawing by element index."""
        top = self._edge_row("top")
        bottom = self._edge_row("bottom")
        region_top = top + self.frame.gap if self.rows.get("top") else self.box.top
        region_bottom = bottom - self.frame.gap if self.rows.get("bottom") else self.box.bottom
        self._middle_rows(region_top, region_bottom)
        return self.drawings

    # -- top and bottom rows -------------------------------------------------------------------

    def _edge_row(self, row: str) -> float:
        """Fit and draw the top or bottom row against its inset; returns its inner edge."""
        items = self.rows.get(row, [])
        inset = self.box.top if row == "top" else self.frame.outline.h - self.box.bottom
        if not items:
            return self.box.top if row == "top" else self.box.bottom
        cap = EDGE_ROW_SHARE * (self.box.bottom - self.box.top)
        fitted = fit_row(items, self.widest(), cap, self.frame.gap)
        depth = self.frame.outline.depth_for(row, inset, fitted.w, fitted.h, self.frame.margin)
        depth = inset if depth is None else depth
        y0 = depth if row == "top" else self.frame.outline.h - depth - fitted.h
        lo, hi = self.row_span(fitted, y0, row)
        if hi - lo < fitted.w - 1e-6:
            fitted = fit_row(items, hi - lo, cap, self.frame.gap)
            if row == "bottom":
                y0 = self.frame.outline.h - depth - fitted.h
            lo, hi = self.row_span(fitted, y0, row)
        self.centres[row] = y0 + fitted.h / 2
        for slotted, piece in fitted.items:
            y = y0 if row == "top" else y0 + fitted.h - piece.h
            self._draw(slotted, piece, (lo, hi), y)
        return y0 + fitted.h if row == "top" else y0

    # -- upper, middle and lower rows ----------------------------------------------------------

    def _middle_rows(self, top: float, bottom: float) -> None:
        """Fit the middle rows into top..bottom, place them, refit each to its own chord."""
        names = [name for name in MIDDLE_ROWS if self.rows.get(name)]
        for name in MIDDLE_ROWS:
            self.centres.setdefault(name, top + NATURAL_PLACE[name] * (bottom - top))
        if not names:
            return
        height = max(bottom - top, 0.0)
        width = self.widest()
        fitted = {n: fit_row(self.rows[n], width, height, self.frame.gap) for n in names}
        room = height - self.frame.gap * (len(names) - 1)
        total = sum(f.h for f in fitted.values())
        if total > room:
            fitted = self._squeeze(fitted, width, room)
        centres = self._place(names, {n: f.h for n, f in fitted.items()}, top, bottom)
        for name in names:
            row, cy = fitted[name], centres[name]
            lo, hi = self.row_span(row, cy - row.h / 2, "middle")
            if hi - lo < row.w - 1e-6:
                row = fit_row(self.rows[name], hi - lo, row.h, self.frame.gap)
                lo, hi = self.row_span(row, cy - row.h / 2, "middle")
            self.centres[name] = cy
            for slotted, piece in row.items:
                self._draw(slotted, piece, (lo, hi), cy - piece.h / 2)

    def _squeeze(
        self, fitted: dict[str, FittedRow], width: float, room: float
    ) -> dict[str, FittedRow]:
        """Rows that together are taller than ``room``, made to fit: pictures give way first
        (a symbol drawn a little smaller reads as well; a text below its size may not), and
        only when that is not enough does everything shrink in proportion."""
        total = sum(f.h for f in fitted.values())
        texts = {n for n, f in fitted.items() if all(p.strict for _, p in f.items)}
        text_h = sum(fitted[n].h for n in texts)
        picture_h = total - text_h
        if picture_h > 0 and room - text_h >= PICTURE_FLOOR * picture_h:
            share = (room - text_h) / picture_h
            return {
                n: f if n in texts else fit_row(self.rows[n], width, f.h * share, self.frame.gap)
                for n, f in fitted.items()
            }
        share = max(room, 0.0) / total
        return {
            n: fit_row(self.rows[n], width, f.h * share, self.frame.gap) for n, f in fitted.items()
        }

    def _place(
        self, names: list[str], heights: dict[str, float], top: float, bottom: float
    ) -> dict[str, float]:
        """Each row's centre: its natural place if rows keep apart, else evenly spaced."""
        gap = self.frame.gap
        centres = {}
        for name in names:
            half = heights[name] / 2
            natural = top + NATURAL_PLACE[name] * (bottom - top)
            centres[name] = min(max(natural, top + half), bottom - half)
        spaced = all(
            centres[b] - heights[b] / 2 >= centres[a] + heights[a] / 2 + gap - 1e-6
            for a, b in zip(names, names[1:], strict=False)
        )
        if spaced:
            return centres
        free = (bottom - top) - sum(heights.values())
        step = max(free, 0.0) / (len(names) + 1)
        y = top
        for name in names:
            y += step
            centres[name] = y + heights[name] / 2
            y += heights[name]
        return centres

    def _draw(self, slotted: Slotted, piece: Fitted, span: Span, y: float) -> None:
        lo, hi = span
        x = {"start": lo, "middle": (lo + hi) / 2, "end": hi}[slotted.anchor]
        if not piece.strict and self.frame.outline.shape == "round":
            piece, y = self._inside(slotted, piece, x, y)
        self.drawings[slotted.index] = piece.draw(x, y, slotted.anchor)

    def _inside(self, slotted: Slotted, piece: Fitted, x: float, y: float) -> tuple[Fitted, float]:
        """A picture on a round counter, shrunk about its centre until its ink stays inside
        the circle (half a margin in from the cut)."""
        outline = self.frame.outline
        allowed = min(outline.w, outline.h) / 2 - self.frame.margin / 2
        for _ in range(3):
            reach = piece.reach if piece.reach is not None else math.hypot(piece.w, piece.h) / 2
            cx = x + {"start": piece.w / 2, "middle": 0.0, "end": -piece.w / 2}[slotted.anchor]
            cy = y + piece.h / 2
            distance = math.hypot(cx - outline.w / 2, cy - outline.h / 2)
            if distance + reach <= allowed + 1e-6 or reach <= 0:
                break
            scale = max((allowed - distance) / reach, 0.05) * 0.999
            smaller = slotted.piece.fit(piece.w * scale, piece.h * scale)
            y, piece = cy - smaller.h / 2, smaller
        return piece, y
