"""Colours and outlines of counter faces: fills, greyed 'spent' faces, square, round and block
shapes, and bands (stripes) cut to the shape.

Colours reaching this module are the model's canonical '#rrggbb' strings, so mixing and greying
are plain arithmetic; the only colour decisions are contrast (black or white on a fill) and
tone (a spent face is drawn in greys, but for a band in its owner's colour).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.model.values import contrasting_text
from toolkit.render.svg import attrs, fmt

Span = tuple[float, float]
"""A horizontal extent (x left, x right) in points."""


# -- colours -----------------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(r: float, g: float, b: float) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(c))) for c in (r, g, b)))


def mix(a: str, b: str, share_of_b: float) -> str:
    """``a`` moved ``share_of_b`` of the way towards ``b`` (0 gives ``a``, 1 gives ``b``)."""
    ra, rb = _rgb(a), _rgb(b)
    return _hex(*(x + (y - x) * share_of_b for x, y in zip(ra, rb, strict=True)))


def greyed(colour: str) -> str:
    """The grey of a colour's lightness, pulled slightly towards the middle: a spent face looks
    washed out, yet its black text stays dark and its white text light."""
    r, g, b = _rgb(colour)
    level = 0.299 * r + 0.587 * g + 0.114 * b
    return _hex(*(36 + 0.76 * level,) * 3)


@dataclass(frozen=True, slots=True)
class Paint:
    """The colours of one face."""

    background: str
    ink: str
    """Default colour of text and symbols: the faction's text colour, or black/white by contrast."""
    grey: bool = False
    """A spent face: every colour is drawn as a grey."""
    identity: tuple[str, str] | None = None
    """The owner's colour and ink, where the ground does not show them as they are (a spent
    face's greys, a back of another colour): its band or stripe keeps the piece recognisable."""

    def tone(self, colour: str) -> str:
        """``colour`` as this face prints it."""
        return greyed(colour) if self.grey else colour

    def on(self, fill: str) -> str:
        """Black or white, whichever reads on ``fill`` (already toned)."""
        return contrasting_text(fill)


# -- shapes ------------------------------------------------------------------------------------

BLOCK_CORNER = 0.08
"""Corner radius of a block label, as a share of its smaller side."""


@dataclass(frozen=True, slots=True)
class Outline:
    """A counter's shape in its own w x h box: square, round (circle or ellipse) or block."""

    shape: str
    w: float
    h: float

    @property
    def corner(self) -> float:
        """Corner radius: a block's rounded corners; 0 for a square."""
        return BLOCK_CORNER * min(self.w, self.h) if self.shape == "block" else 0.0

    def fill_svg(self, fill: str, border: str | None, border_width: float) -> str:
        """The face's ground: its shape filled, inset by half the border so the border's ink
        stays inside the counter."""
        inset = border_width / 2 if border else 0.0
        stroke = {"stroke": border, "stroke_width": border_width} if border else {}
        if self.shape == "round" and self.w == self.h:
            circle = attrs(cx=self.w / 2, cy=self.h / 2, r=self.w / 2 - inset, fill=fill, **stroke)
            return f"<circle{circle}/>"
        if self.shape == "round":
            ellipse = attrs(
                cx=self.w / 2,
                cy=self.h / 2,
                rx=self.w / 2 - inset,
                ry=self.h / 2 - inset,
                fill=fill,
                **stroke,
            )
            return f"<ellipse{ellipse}/>"
        corner = max(self.corner - inset, 0.0) or None
        rect = attrs(
            x=inset,
            y=inset,
            width=self.w - 2 * inset,
            height=self.h - 2 * inset,
            rx=corner,
            fill=fill,
            **stroke,
        )
        return f"<rect{rect}/>"

    def border_svg(self, border: str, border_width: float) -> str:
        """Only the border, drawn over everything so bands and stripes do not hide it."""
        return self.fill_svg("none", border, border_width)

    def half_width(self, y: float, margin: float = 0.0) -> float:
        """Half the shape's width at height ``y``, ``margin`` inside its edge (0 outside)."""
        return _half_chord(self.shape, self.w, self.h, self.corner, y, margin)

    def half_height(self, x: float, margin: float = 0.0) -> float:
        """Half the shape's height at ``x``, ``margin`` inside its edge (0 outside)."""
        return _half_chord(self.shape, self.h, self.w, self.corner, x, margin)

    def span(self, y0: float, y1: float, margin: float) -> Span:
        """The widest horizontal extent that stays ``margin`` inside the shape for every y in
        y0..y1: where a row of text or a symbol may go."""
        half = min(self.half_width(y0, margin), self.half_width(y1, margin))
        if y0 <= self.h / 2 <= y1:
            half = min(half, self.half_width(self.h / 2, margin))
        return self.w / 2 - half, self.w / 2 + half

    def along(self, edge: str, t0: float, t1: float, margin: float) -> Span:
        """The extent along ``edge`` (x for top/bottom, y for left/right) that stays ``margin``
        inside the shape over the whole band ``t0``..``t1`` points in from that edge."""
        if edge in ("top", "bottom"):
            y0, y1 = (t0, t1) if edge == "top" else (self.h - t1, self.h - t0)
            return self.span(y0, y1, margin)
        x0, x1 = (t0, t1) if edge == "left" else (self.w - t1, self.w - t0)
        half = min(self.half_height(x0, margin), self.half_height(x1, margin))
        if x0 <= self.w / 2 <= x1:
            half = min(half, self.half_height(self.w / 2, margin))
        return self.h / 2 - half, self.h / 2 + half

    def depth_for(
        self, edge: str, start: float, length: float, thickness: float, margin: float
    ) -> float | None:
        """How far in from ``edge`` (at least ``start``) a ``length`` x ``thickness`` box must
        sit to lie ``margin`` inside the shape: ``start`` on a square, deeper towards the
        middle of a round counter, where its chords are longer. None if it fits nowhere."""

        def fits(t: float) -> bool:
            lo, hi = self.along(edge, t, t + thickness, margin)
            return hi - lo >= length - 1e-6

        if fits(start):
            return start
        deepest = (self.h if edge in ("top", "bottom") else self.w) / 2 - thickness / 2
        if deepest <= start or not fits(deepest):
            return None
        lo, hi = start, deepest
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if fits(mid) else (mid, hi)
        return hi

    def band_d(self, edge: str, t0: float, t1: float) -> str:
        """Path data of the part of the shape between ``t0`` and ``t1`` points from ``edge``
        ('top', 'bottom', 'left', 'right'): stripes and bands cut to the counter's shape."""
        if edge in ("top", "bottom"):
            lo, hi = (t0, t1) if edge == "top" else (self.h - t1, self.h - t0)
            return self._band(lo, hi, vertical=False)
        lo, hi = (t0, t1) if edge == "left" else (self.w - t1, self.w - t0)
        return self._band(lo, hi, vertical=True)

    def _band(self, lo: float, hi: float, vertical: bool) -> str:
        if self.shape == "round":
            return _ellipse_band(self.w, self.h, lo, hi, vertical)
        length = self.h if vertical else self.w
        chord = self.half_height if vertical else self.half_width
        ts = _samples(lo, hi, self.corner, self.w if vertical else self.h)
        right = [(length / 2 + chord(t), t) for t in ts]
        left = [(length / 2 - chord(t), t) for t in reversed(ts)]
        points = [(b, a) for a, b in right + left] if vertical else right + left
        return "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) + "Z"


def _half_chord(
    shape: str, across: float, along: float, corner: float, t: float, margin: float
) -> float:
    """Half the extent ``across`` of a shape whose other side is ``along``, at ``t`` along it."""
    if shape == "round":
        ra, rb = across / 2 - margin, along / 2 - margin
        if ra <= 0 or rb <= 0:
            return 0.0
        u = (t - along / 2) / rb
        return ra * math.sqrt(1 - u * u) if abs(u) < 1 else 0.0
    if not margin <= t <= along - margin:
        return 0.0
    half = across / 2 - margin
    radius = max(corner - margin, 0.0)
    dist = min(t - margin, along - margin - t)
    if dist < radius:
        half -= radius - math.sqrt(radius * radius - (radius - dist) ** 2)
    return max(half, 0.0)


def _samples(lo: float, hi: float, corner: float, along: float) -> list[float]:
    """Positions along a band edge: its two ends, plus points through any rounded corner."""
    ts = {lo, hi}
    if corner > 0:
        for start, end in ((0.0, corner), (along - corner, along)):
            a, b = max(lo, start), min(hi, end)
            if a < b:
                ts.update(a + (b - a) * k / 12 for k in range(13))
    return sorted(ts)


def _ellipse_band(w: float, h: float, lo: float, hi: float, vertical: bool) -> str:
    """The slice of the ellipse inscribed in w x h between ``lo`` and ``hi`` (y, or x when
    ``vertical``), with true arcs so the band's edge lies exactly on the counter's."""
    rx, ry = w / 2, h / 2
    arc = f"A{fmt(rx)} {fmt(ry)} 0 0 1 "
    if not vertical:
        lo, hi = max(lo, 0.0), min(hi, h)

        def xs(y: float) -> Span:
            half = _half_chord("round", w, h, 0.0, y, 0.0)
            return rx - half, rx + half

        (l0, r0), (l1, r1) = xs(lo), xs(hi)
        return (
            f"M{fmt(l0)} {fmt(lo)}L{fmt(r0)} {fmt(lo)}{arc}{fmt(r1)} {fmt(hi)}"
            f"L{fmt(l1)} {fmt(hi)}{arc}{fmt(l0)} {fmt(lo)}Z"
        )
    lo, hi = max(lo, 0.0), min(hi, w)

    def ys(x: float) -> Span:
        half = _half_chord("round", h, w, 0.0, x, 0.0)
        return ry - half, ry + half

    (t0, b0), (t1, b1) = ys(lo), ys(hi)
    return (
        f"M{fmt(lo)} {fmt(t0)}{arc}{fmt(hi)} {fmt(t1)}L{fmt(hi)} {fmt(b1)}{arc}{fmt(lo)} {fmt(b0)}Z"
    )
