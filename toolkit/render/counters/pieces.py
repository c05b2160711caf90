"""The things a counter face lays out in rows: texts, framed boxes, NATO symbols with their
echelon, figure icons and images.

Each piece answers one question, ``fit(max_w, max_h)``: how large it will be drawn inside that
space, and how to draw it once the layout has chosen where. Texts shrink (and wrap) down to
5 pt and then refuse; pictures scale freely, keeping their proportions.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePath

from PIL import Image, UnidentifiedImageError

from toolkit.render.counters.text import Where, fit_text, text_svg, too_small
from toolkit.render.svg import attrs
from toolkit.render.symbols import (
    echelon_mark,
    echelon_width,
    icon,
    icon_aspect,
    icon_reach,
    unit_symbol,
)

Draw = Callable[[float, float, str], str]
"""Draws a fitted piece: (x where the anchor is, y of its top, anchor 'start'|'middle'|'end')."""

SYMBOL_RATIO = 1.5
"""Width over height of a NATO unit frame."""
ECHELON_SHARE = 0.3
"""Echelon mark height as a share of the symbol frame's height."""
ECHELON_GAP = 0.12
"""Gap between the echelon mark and the frame, as a share of the frame's height."""
MAX_IMAGE_BYTES = 4_000_000
"""Images larger than this are refused: a counter embeds its art in every face's SVG."""


@dataclass(frozen=True, slots=True)
class Fitted:
    """A piece sized for its place: ``w`` x ``h`` points, and how to draw it there."""

    w: float
    h: float
    draw: Draw
    strict: bool = False
    """True for text: its whole box must lie inside the counter's margin."""
    reach: float | None = None
    """For pictures: how far their ink reaches from the centre of their box (None: to its
    corners). A round chip icon inks no corner of its box, so it may be larger on a round
    counter than its box alone would allow."""


NOTHING = Fitted(0.0, 0.0, lambda x, y, anchor: "", True)


def left_of(x: float, w: float, anchor: str) -> float:
    """Left edge of a ``w``-wide box whose ``anchor`` point is at ``x``."""
    return x - {"start": 0.0, "middle": w / 2, "end": w}[anchor]


def _backdrop(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str | None,
    frame: str | None,
    frame_width: float,
    radius: float,
) -> str:
    """A rounded rectangle behind (or around) a piece; the frame's ink stays inside w x h."""
    inset = frame_width / 2 if frame else 0.0
    rect = attrs(
        x=x + inset,
        y=y + inset,
        width=w - 2 * inset,
        height=h - 2 * inset,
        rx=radius or None,
        fill=fill or "none",
        stroke=frame,
        stroke_width=frame_width if frame else None,
    )
    return f"<rect{rect}/>"


@dataclass(frozen=True, slots=True)
class TextPiece:
    """A text (its placeholders already filled), optionally on a fill or in a frame ('box')."""

    text: str
    size: float
    bold: bool
    color: str
    where: Where
    background: str | None = None
    frame: str | None = None
    optional: bool = False
    """Decoration we add ourselves (a generic back's faction name): dropped if it cannot fit."""

    def _pad(self) -> float:
        if self.frame:
            return 0.22 * self.size + self._frame_width()
        return 0.16 * self.size if self.background else 0.0

    def _frame_width(self) -> float:
        return max(0.45, 0.07 * self.size)

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """The text at the largest size up to its own that fits.

        :raises CounterLayoutError: it would need less than 5 pt.
        """
        pad = self._pad()
        setting = fit_text(self.text, self.size, self.bold, max_w - 2 * pad, max_h - 2 * pad)
        if setting is None:
            if self.optional:
                return NOTHING
            raise too_small(self.where, self.text, max_w - 2 * pad, max_h - 2 * pad, self.bold)
        w, h = setting.w + 2 * pad, setting.h + 2 * pad

        def draw(x: float, y: float, anchor: str) -> str:
            left = left_of(x, w, anchor)
            ground = ""
            if self.background or self.frame:
                ground = _backdrop(
                    left,
                    y,
                    w,
                    h,
                    self.background,
                    self.frame,
                    self._frame_width(),
                    0.12 * setting.size,
                )
            tx = {"start": left + pad, "middle": left + w / 2, "end": left + w - pad}[anchor]
            return ground + text_svg(setting, tx, y + pad, anchor, self.color)

        return Fitted(w, h, draw, strict=True)


@dataclass(frozen=True, slots=True)
class FrameBox:
    """An empty framed box ('box' without text): a square frame ``side`` points wide."""

    side: float
    color: str
    background: str | None

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """The largest square up to ``side`` that fits."""
        side = min(self.side, max_w, max_h)
        width = max(0.45, 0.06 * side)

        def draw(x: float, y: float, anchor: str) -> str:
            return _backdrop(
                left_of(x, side, anchor),
                y,
                side,
                side,
                self.background,
                self.color,
                width,
                0.1 * side,
            )

        return Fitted(side, side, draw, strict=True)


@lru_cache(maxsize=4096)
def _symbol(kind: str, x: float, y: float, w: float, h: float, stroke: str, fill: str) -> str:
    """unit_symbol, remembered: a counter sheet repeats the same few symbols at the same place."""
    return unit_symbol(kind, x, y, w, h, stroke=stroke, fill=fill)


@lru_cache(maxsize=4096)
def _echelon(echelon: str, cx: float, bottom: float, height: float, color: str) -> str:
    return echelon_mark(echelon, cx, bottom, height, color=color)


@dataclass(frozen=True, slots=True)
class SymbolPiece:
    """A NATO unit symbol, ``width`` points wide at most, with its echelon mark above it."""

    kind: str
    width: float
    color: str
    fill: str = "none"
    echelon: str | None = None
    echelon_color: str | None = None

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """Frame, gap and mark scaled together to fit, the frame keeping its 3:2 shape."""
        frame_h = self.width / SYMBOL_RATIO
        mark_h = ECHELON_SHARE * frame_h if self.echelon else 0.0
        gap = ECHELON_GAP * frame_h if self.echelon else 0.0
        mark_w = echelon_width(self.echelon, mark_h) if self.echelon else 0.0
        natural_w, natural_h = max(self.width, mark_w), frame_h + gap + mark_h
        scale = min(1.0, max_w / natural_w, max_h / natural_h)
        w, h = natural_w * scale, natural_h * scale
        sym_w, sym_h, mark_h, gap = self.width * scale, frame_h * scale, mark_h * scale, gap * scale

        def draw(x: float, y: float, anchor: str) -> str:
            cx = left_of(x, w, anchor) + w / 2
            out = ""
            if self.echelon:
                out = _echelon(
                    self.echelon, cx, y + mark_h, mark_h, self.echelon_color or self.color
                )
            return out + _symbol(
                self.kind, cx - sym_w / 2, y + mark_h + gap, sym_w, sym_h, self.color, self.fill
            )

        return Fitted(w, h, draw)


@dataclass(frozen=True, slots=True)
class EchelonPiece:
    """An echelon mark on its own (set apart from its unit symbol, or without one),
    ``height`` points tall and at most ``width`` points wide."""

    echelon: str
    height: float
    color: str
    width: float = math.inf

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """The mark scaled to fit."""
        natural_w = echelon_width(self.echelon, self.height)
        scale = min(1.0, min(max_w, self.width) / natural_w, max_h / self.height)
        w, h = natural_w * scale, self.height * scale

        def draw(x: float, y: float, anchor: str) -> str:
            return _echelon(self.echelon, left_of(x, w, anchor) + w / 2, y + h, h, self.color)

        return Fitted(w, h, draw)


def _picture_box(extent: float, aspect: float) -> tuple[float, float]:
    """(w, h) of a picture whose larger side is ``extent`` and whose h/w is ``aspect``."""
    return (extent, extent * aspect) if aspect <= 1 else (extent / aspect, extent)


@dataclass(frozen=True, slots=True)
class IconPiece:
    """A figure icon whose larger side is ``extent`` points at most."""

    kind: str
    extent: float
    color: str

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """The silhouette scaled to fit, keeping its proportions."""
        natural_w, natural_h = _picture_box(self.extent, icon_aspect(self.kind))
        scale = min(1.0, max_w / natural_w, max_h / natural_h)
        w, h = natural_w * scale, natural_h * scale

        def draw(x: float, y: float, anchor: str) -> str:
            return icon(self.kind, left_of(x, w, anchor), y, w, h, fill=self.color)

        return Fitted(w, h, draw, reach=icon_reach(self.kind) * w)


@dataclass(frozen=True, slots=True)
class ImagePiece:
    """Art from the game folder, embedded as a data: URI so every face stays standalone."""

    uri: str
    aspect: float
    extent: float
    filter_id: str | None = None
    """A greying filter (spent faces) defined in the document's <defs>."""

    def fit(self, max_w: float, max_h: float) -> Fitted:
        """The image scaled to fit, keeping its proportions."""
        natural_w, natural_h = _picture_box(self.extent, self.aspect)
        scale = min(1.0, max_w / natural_w, max_h / natural_h)
        w, h = natural_w * scale, natural_h * scale

        def draw(x: float, y: float, anchor: str) -> str:
            markup = attrs(
                x=left_of(x, w, anchor),
                y=y,
                width=w,
                height=h,
                preserveAspectRatio="xMidYMid meet",
                xlink_href=self.uri,
                filter=f"url(#{self.filter_id})" if self.filter_id else None,
            )
            return f"<image{markup}/>"

        return Fitted(w, h, draw)


_MIME = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
}


def load_image(path: Path) -> tuple[str, float]:
    """(data: URI, height/width) of an image file, read afresh each time (an edited file must
    show in the next build of the same process) and encoded once per distinct content.

    :raises ValueError: too large, or not an image we can embed.
    """
    if path.stat().st_size > MAX_IMAGE_BYTES:
        raise ValueError(
            f"image {path.name!r} is {path.stat().st_size // 1000} kB; counters embed "
            f"their art, so keep it under {MAX_IMAGE_BYTES // 1_000_000} MB"
        )
    return _encoded(path.name, path.read_bytes())


@lru_cache(maxsize=256)
def _encoded(name: str, data: bytes) -> tuple[str, float]:
    mime = _MIME.get(PurePath(name).suffix.lower())
    if mime is None:
        raise ValueError(f"image {name!r}: use PNG, JPEG, GIF, WebP or SVG")
    aspect = 1.0
    if mime != "image/svg+xml":
        try:
            with Image.open(io.BytesIO(data)) as picture:
                aspect = picture.height / picture.width
        except (UnidentifiedImageError, OSError, ZeroDivisionError):
            raise ValueError(f"image {name!r} cannot be read as {mime}") from None
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}", aspect
