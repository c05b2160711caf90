"""What runs along a counter's edges: stripes (and the bands of reduced and spent backs),
strength dots, and a block's step numbers.

Edge elements are placed before anything else and take their strip of the counter, so the
rest of the layout fits in what remains instead of colliding with them. Stripes lie flush with
the edge (a band of colour reaching the cut); dots and numbers sit inside the margin. On a
round counter each is moved inwards until the circle's chord is long enough for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from toolkit.render.counters.paint import Outline
from toolkit.render.counters.pieces import Fitted, TextPiece
from toolkit.render.counters.text import MIN_TEXT_PT, CounterLayoutError, Where, too_small
from toolkit.render.svg import attrs, fmt

EDGES = ("top", "right", "bottom", "left")
TURN = {"top": 0, "right": 90, "bottom": 180, "left": 270}
"""How far a text on each edge is turned so it reads upright from that side of the counter."""

DOT_GAP = 0.9
"""Space between strength dots, in dot radii."""
MIN_DOT_RADIUS = 0.6
"""Smaller dots than this (1.2 pt across) vanish in print."""
MAX_BAND = 1 / 3
"""A labelled stripe reaches at most this share of the smaller side in from its edge: on a
round piece, deep enough that a long word (SUBMERGED on a 3/4in disc) still prints at 6 pt."""

Draw = Callable[[], str]


@dataclass(frozen=True, slots=True)
class Frame:
    """What edge elements need to know of the face: its shape and its margins."""

    outline: Outline
    margin: float
    """Distance kept from the cut, where text and symbols would risk being trimmed."""
    gap: float
    """Space between neighbouring elements."""

    def length(self, edge: str) -> float:
        """The side along ``edge``."""
        return self.outline.w if edge in ("top", "bottom") else self.outline.h

    def depth_or_fail(
        self, where: Where, edge: str, start: float, length: float, thickness: float, what: str
    ) -> float:
        """:meth:`Outline.depth_for`, or a worded error when nothing that long fits."""
        depth = self.outline.depth_for(edge, start, length, thickness, self.margin)
        if depth is None:
            raise where.error(
                "counter.does-not-fit",
                f"{what} ({length:.1f}pt long) does not fit along the {edge} edge",
            )
        return depth


class EdgeItem(Protocol):
    """An element that takes a strip along one or more edges."""

    @property
    def flush(self) -> bool:
        """True: it lies against the cut (stripes); False: inside the margin (dots, numbers)."""
        ...

    def place(self, starts: Mapping[str, float], frame: Frame) -> tuple[dict[str, float], Draw]:
        """Where it goes, given how far in each edge is already taken: (thickness it takes
        per edge, how to draw it)."""
        ...


def stack_edges(items: Sequence[EdgeItem], frame: Frame) -> tuple[dict[str, float], list[Draw]]:
    """Place edge items from the cut inwards: flush stripes first, then dots and numbers.

    Returns the insets left for the rest of the layout (per edge) and each item's drawing, in
    the order given.
    """
    taken = dict.fromkeys(EDGES, 0.0)
    draws: dict[int, Draw] = {}
    for i, item in enumerate(items):
        if item.flush:
            claims, draws[i] = item.place(taken, frame)
            for edge, thickness in claims.items():
                taken[edge] += thickness
    starts = {
        edge: max(frame.margin, taken[edge] + frame.gap) if taken[edge] else frame.margin
        for edge in EDGES
    }
    for i, item in enumerate(items):
        if not item.flush:
            claims, draws[i] = item.place(starts, frame)
            for edge, thickness in claims.items():
                starts[edge] += thickness + frame.gap
    return starts, [draws[i] for i in range(len(items))]


def _turned(svg: str, degrees: float, cx: float, cy: float) -> str:
    """``svg`` turned about (cx, cy); upright drawings pass through unchanged."""
    if not degrees % 360:
        return svg
    return f'<g transform="rotate({fmt(degrees)} {fmt(cx)} {fmt(cy)})">{svg}</g>'


def _draw_on_edge(
    frame: Frame,
    edge: str,
    depth: float,
    w: float,
    h: float,
    draw: Callable[[float, float, str], str],
) -> str:
    """Draw a w x h upright piece centred along ``edge``, ``depth`` in from it, turned to read
    from that edge."""
    lo, hi = frame.outline.along(edge, depth, depth + h, frame.margin)
    mid = (lo + hi) / 2
    outline = frame.outline
    cx, cy = {
        "top": (mid, depth + h / 2),
        "bottom": (mid, outline.h - depth - h / 2),
        "left": (depth + h / 2, mid),
        "right": (outline.w - depth - h / 2, mid),
    }[edge]
    return _turned(draw(cx, cy - h / 2, "middle"), TURN[edge], cx, cy)


@dataclass(frozen=True, slots=True)
class StripeItem:
    """A band of colour along an edge, ``thickness`` points deep at least, with an optional
    label (the word on a reduced or spent back's band, an elite stripe's name)."""

    edge: str
    thickness: float
    fill: str
    label: TextPiece | None = None
    flush: bool = True

    def place(self, starts: Mapping[str, float], frame: Frame) -> tuple[dict[str, float], Draw]:
        """The band from the current edge inwards, deep enough for its label."""
        t0 = starts[self.edge]
        thickness, label_draw = self.thickness, ""
        if self.label is not None:
            label, depth, fitted = self._label(t0, frame)
            thickness = max(thickness, depth - t0 + fitted.h + 0.2 * label.size)
            label_draw = _draw_on_edge(frame, self.edge, depth, fitted.w, fitted.h, fitted.draw)
        band_d = frame.outline.band_d(self.edge, t0, t0 + thickness)
        band = f"<path{attrs(d=band_d, fill=self.fill)}/>"
        return {self.edge: thickness}, lambda: band + label_draw

    def _label(self, t0: float, frame: Frame) -> tuple[TextPiece, float, Fitted]:
        """The label at the largest size whose band stays within :data:`MAX_BAND` of the edge.

        On a square counter that is simply the label's size; on a round one a smaller label
        sits nearer the edge (the chord it needs is shorter), so the size is searched for.
        """
        assert self.label is not None
        limit = t0 + MAX_BAND * min(frame.outline.w, frame.outline.h)
        best = self._try(self.label, t0, frame, limit)
        if best is not None:
            return best
        smallest = replace(self.label, size=MIN_TEXT_PT)
        if self._try(smallest, t0, frame, limit) is None:
            lo, hi = frame.outline.along(self.edge, limit, limit + MIN_TEXT_PT, frame.margin)
            raise too_small(
                self.label.where, self.label.text, hi - lo, MIN_TEXT_PT, self.label.bold
            )
        low, high = MIN_TEXT_PT, self.label.size
        for _ in range(12):
            mid = (low + high) / 2
            low, high = (
                (mid, high)
                if self._try(replace(self.label, size=mid), t0, frame, limit)
                else (low, mid)
            )
        found = self._try(replace(self.label, size=low), t0, frame, limit)
        assert found is not None
        return found

    def _try(
        self, label: TextPiece, t0: float, frame: Frame, limit: float
    ) -> tuple[TextPiece, float, Fitted] | None:
        """(label, depth, fitted) if ``label`` fits with its band ending before ``limit``."""
        pad = 0.2 * label.size
        lo, hi = frame.outline.along(self.edge, limit, limit, frame.margin)
        try:
            fitted = label.fit(hi - lo, 3 * label.size)
        except CounterLayoutError:
            return None
        depth = frame.outline.depth_for(
            self.edge, max(t0 + pad, frame.margin), fitted.w, fitted.h, frame.margin
        )
        if depth is None or depth + fitted.h + pad > limit + 1e-6:
            return None
        return label, depth, fitted


@dataclass(frozen=True, slots=True)
class DotsItem:
    """Strength dots in a row along an edge (the number of steps or strength points)."""

    edge: str
    count: int
    radius: float
    color: str
    where: Where
    flush: bool = False

    def place(self, starts: Mapping[str, float], frame: Frame) -> tuple[dict[str, float], Draw]:
        """The row of dots centred along the edge, shrunk if the edge is too short for them."""
        n, start = self.count, starts[self.edge]
        room = frame.length(self.edge) - 2 * frame.margin
        r = min(self.radius, room / (2 * n + DOT_GAP * (n - 1)))
        if r < MIN_DOT_RADIUS:
            raise self.where.error(
                "counter.too-many-dots", f"{n} dots do not fit along the {self.edge} edge"
            )
        length = 2 * r * n + DOT_GAP * r * (n - 1)
        depth = frame.depth_or_fail(self.where, self.edge, start, length, 2 * r, f"{n} dots")
        lo, hi = frame.outline.along(self.edge, depth, depth + 2 * r, frame.margin)
        first = (lo + hi) / 2 - length / 2 + r
        along = [first + k * (2 + DOT_GAP) * r for k in range(n)]
        across = {
            "top": depth + r,
            "left": depth + r,
            "bottom": frame.outline.h - depth - r,
            "right": frame.outline.w - depth - r,
        }[self.edge]
        centres = [(a, across) if self.edge in ("top", "bottom") else (across, a) for a in along]
        d = "".join(
            f"M{fmt(x - r)} {fmt(y)}a{fmt(r)} {fmt(r)} 0 1 0 {fmt(2 * r)} 0"
            f"a{fmt(r)} {fmt(r)} 0 1 0 {fmt(-2 * r)} 0Z"
            for x, y in centres
        )
        dots = f"<path{attrs(d=d, fill=self.color)}/>"
        return {self.edge: depth - start + 2 * r}, lambda: dots


@dataclass(frozen=True, slots=True)
class StepsItem:
    """A block's step numbers: the current strength on the top edge and the others on the
    right, bottom and left edges, each turned to read upright once the block is turned to it.

    ``labels`` maps each edge to its number ('' leaves that edge blank); ``reference`` lists
    every number the block ever shows, so all its step faces reserve the same room and the
    rest of the label does not move between them.
    """

    labels: Mapping[str, str]
    reference: tuple[str, ...]
    size: float
    bold: bool
    color: str
    where: Where
    flush: bool = False

    def _piece(self, text: str) -> TextPiece:
        return TextPiece(text, self.size, self.bold, self.color, self.where)

    def place(self, starts: Mapping[str, float], frame: Frame) -> tuple[dict[str, float], Draw]:
        """Numbers on all four edges, each edge reserving room for the largest number."""
        room = min(frame.outline.w, frame.outline.h) / 4
        sizes = [self._piece(text).fit(room, room) for text in self.reference]
        w, h = max(f.w for f in sizes), max(f.h for f in sizes)
        claims, parts = {}, []
        for edge in EDGES:
            depth = frame.depth_or_fail(self.where, edge, starts[edge], w, h, "a step number")
            claims[edge] = depth - starts[edge] + h
            text = self.labels.get(edge, "")
            if text:
                fitted = self._piece(text).fit(room, room)
                parts.append(
                    _draw_on_edge(
                        frame, edge, depth + (h - fitted.h) / 2, fitted.w, fitted.h, fitted.draw
                    )
                )
        drawing = "".join(parts)
        return claims, lambda: drawing


def step_labels(current: int, steps: int) -> dict[str, str]:
    """The number on each edge of a block at strength ``current`` out of ``steps``.

    At full strength the top shows ``steps``, the right ``steps - 1``, the bottom
    ``steps - 2``, the left ``steps - 3``; a block at ``current`` is that label turned
    counter-clockwise ``steps - current`` times, so turning it once more (CCW) brings the next
    lower number to the top.
    """
    turns = steps - current
    labels = {}
    for index, edge in enumerate(EDGES):
        value = steps - (index + turns) % 4
        labels[edge] = str(value) if value >= 1 else ""
    return labels
