"""Positions drawn: a board with the pieces on it as the module draws them (the module's own
images, at the size they have on the map; stacks offset as VASSAL offsets them), as a PNG or as
SVG that refers to images kept once per page.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import quoteattr

from PIL import Image, ImageDraw

from toolkit.report.scene import Shown
from toolkit.report.story import Move

STACK_OFFSET = (3, -3)
"""How far each piece of a stack is drawn from the one under it (VASSAL's unexpanded stack)."""


@dataclass(frozen=True, slots=True)
class Images:
    """The module's images by name (PNG bytes) and each one's size in pixels."""

    data: Mapping[str, bytes]
    sizes: Mapping[str, tuple[int, int]]

    @classmethod
    def of(cls, data: Mapping[str, bytes]) -> Images:
        sizes: dict[str, tuple[int, int]] = {}
        for name, png in data.items():
            try:
                with Image.open(io.BytesIO(png)) as image:
                    sizes[name] = image.size
            except (OSError, ValueError):
                continue  # not an image Pillow reads: the piece is drawn as a plain square
        return cls(data, sizes)


FALLBACK_SIZE = (48, 48)


def _corner(piece: Shown, size: tuple[int, int]) -> tuple[int, int]:
    dx, dy = STACK_OFFSET
    return (
        piece.at[0] - size[0] // 2 + dx * piece.depth,
        piece.at[1] - size[1] // 2 + dy * piece.depth,
    )


class Painter:
    """Draws positions with the module's images, each decoded once."""

    def __init__(self, images: Images, scale: float = 1.0) -> None:
        self.images = images
        self.scale = scale
        """Board pixels to picture pixels: a replay is drawn at its final size, not shrunk."""
        self._decoded: dict[str, Image.Image] = {}

    def _image(self, name: str, data: bytes) -> Image.Image:
        if name not in self._decoded:
            with Image.open(io.BytesIO(data)) as opened:
                image = opened.convert("RGBA")
            if self.scale != 1.0:
                size = (
                    max(1, round(image.width * self.scale)),
                    max(1, round(image.height * self.scale)),
                )
                image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
            self._decoded[name] = image
        return self._decoded[name]

    def _at(self, point: tuple[int, int]) -> tuple[int, int]:
        return round(point[0] * self.scale), round(point[1] * self.scale)

    def position(
        self, board: str, board_png: bytes, pieces: Sequence[Shown], moves: Sequence[Move] = ()
    ) -> Image.Image:
        """The board with the pieces on it, bottom of each stack first, and each move's arrow."""
        return next(self.frames(board, board_png, [(pieces, moves)])).copy()

    def frames(
        self,
        board: str,
        board_png: bytes,
        steps: Iterable[tuple[Sequence[Shown], Sequence[Move]]],
    ) -> Iterator[Image.Image]:
        """Each of ``steps`` (its pieces and moves) drawn on the board, one after the other on
        one canvas: the board is decoded once, and each picture redraws only where a piece
        changed or an arrow was, from the bare board up. The canvas is the same object each
        time: use each picture before asking for the next."""
        bare = self._image("\0board:" + board, board_png)
        canvas = bare.copy()
        shown: frozenset[Shown] | None = None
        arrows: list[Box] = []
        for pieces, moves in steps:
            on = [piece for piece in pieces if piece.board == board]
            if shown is None:
                dirty = [(0, 0, canvas.width, canvas.height)]
            else:
                dirty = [self._box(p) for p in shown.symmetric_difference(on)] + arrows
            for box in dirty:
                self._redraw(canvas, bare, on, box)
            arrows = self._arrows(canvas, board, moves)
            shown = frozenset(on)
            yield canvas

    def _box(self, piece: Shown) -> Box:
        """Where a piece is drawn on the picture: left, top, right, bottom."""
        size = self.images.sizes.get(piece.image, FALLBACK_SIZE)
        left, top = self._at(_corner(piece, size))
        width, height = self._sized(piece).size
        return left, top, left + width, top + height

    def _sized(self, piece: Shown) -> Image.Image:
        if piece.image not in self.images.sizes:
            if "\0fallback" not in self._decoded:
                grey = Image.new("RGBA", self._at(FALLBACK_SIZE), (90, 90, 90, 255))
                self._decoded["\0fallback"] = grey
            return self._decoded["\0fallback"]
        return self._image(piece.image, self.images.data[piece.image])

    def _redraw(
        self, canvas: Image.Image, bare: Image.Image, pieces: Sequence[Shown], box: Box
    ) -> None:
        """One part of the canvas drawn again: the bare board, then every piece over it."""
        clipped = _overlap(box, (0, 0, canvas.width, canvas.height))
        if clipped is None:
            return
        part = bare.crop(clipped)
        for piece in pieces:
            drawn = self._box(piece)
            inside = _overlap(drawn, clipped)
            if inside is None:
                continue
            left, top = drawn[:2]
            source = (inside[0] - left, inside[1] - top, inside[2] - left, inside[3] - top)
            at = (inside[0] - clipped[0], inside[1] - clipped[1])
            part.alpha_composite(self._sized(piece), at, source)
        canvas.paste(part, clipped[:2])

    def _arrows(self, canvas: Image.Image, board: str, moves: Sequence[Move]) -> list[Box]:
        """Each move on ``board`` drawn as an arrow; where they were drawn."""
        draw = ImageDraw.Draw(canvas)
        width = max(3, max(canvas.size) // 250)
        boxes: list[Box] = []
        for move in moves:
            if move.board != board:
                continue
            start = self._at(move.start) if move.start is not None else None
            via = tuple(self._at(point) for point in move.via)
            scaled = replace(move, start=start, end=self._at(move.end), via=via)
            _arrow(draw, scaled, width)
            points = [scaled.end, *scaled.via, *([scaled.start] if scaled.start else [])]
            reach = 5 * width + 2
            boxes.append(
                (
                    min(x for x, _ in points) - reach,
                    min(y for _, y in points) - reach,
                    max(x for x, _ in points) + reach,
                    max(y for _, y in points) + reach,
                )
            )
        return boxes


Box = tuple[int, int, int, int]
"""A part of a picture: left, top, right, bottom, in picture pixels."""


def _overlap(a: Box, b: Box) -> Box | None:
    """The part two boxes share (None: none)."""
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _arrow(draw: ImageDraw.ImageDraw, move: Move, width: int) -> None:
    """A move as a red arrow ending in a ring on the place the piece went to."""
    ex, ey = move.end
    radius = 4 * width
    if move.start is not None and move.start != move.end:
        points = [move.start, *move.via, move.end]
        draw.line(points, fill=ARROW, width=width, joint="curve")
        sx, sy = points[-2]
        length = math.hypot(ex - sx, ey - sy) or 1.0
        ux, uy = (ex - sx) / length, (ey - sy) / length
        tip = (ex - ux * radius, ey - uy * radius)
        back = (tip[0] - ux * 3 * width, tip[1] - uy * 3 * width)
        left = (back[0] - uy * 2 * width, back[1] + ux * 2 * width)
        right = (back[0] + uy * 2 * width, back[1] - ux * 2 * width)
        draw.polygon([tip, left, right], fill=ARROW)
    draw.ellipse([ex - radius, ey - radius, ex + radius, ey + radius], outline=ARROW, width=width)


ARROW = (215, 25, 28, 255)


def png_bytes(image: Image.Image) -> bytes:
    """An image as PNG."""
    out = io.BytesIO()
    image.convert("RGB").save(out, "PNG", compress_level=3)  # a map: level 9 costs seconds
    return out.getvalue()


def position_png(board_png: bytes, pieces: Sequence[Shown], images: Images) -> bytes:
    """The board with ``pieces`` drawn on it, bottom of each stack first."""
    board = pieces[0].board if pieces else ""
    return png_bytes(Painter(images).position(board, board_png, pieces))


FORUM_WIDTH = 800
"""The width of an animation that forums show without scaling it down."""


MAX_FRAMES = 150
"""A longer replay keeps every step's position but not every frame: an evenly spaced
selection, ending on the last step, so a forum post stays a few megabytes."""


def thinned(count: int) -> list[int]:
    """Which of ``count`` frames a replay keeps: all, or :data:`MAX_FRAMES` evenly spaced
    from the first to the last."""
    if count <= MAX_FRAMES:
        return list(range(count))
    step = (count - 1) / (MAX_FRAMES - 1)
    return [round(i * step) for i in range(MAX_FRAMES)]


def forum_scale(width: int) -> float:
    """The scale that brings a board of ``width`` pixels to :data:`FORUM_WIDTH` at most."""
    return min(1.0, FORUM_WIDTH / width) if width else 1.0


def animation(frames: Iterable[Image.Image], frame_ms: int = 900, hold_ms: int = 3000) -> bytes:
    """An animated GIF of ``frames``, scaled to :data:`FORUM_WIDTH` at most, the last one held.
    Every frame takes the first one's palette, so a frame stores only what changed; each is
    reduced to it as it comes (a frame may be a canvas drawn on again for the next one)."""
    scaled: list[Image.Image] = []
    for frame in frames:
        if not scaled:
            first = _fit(frame).convert("RGB").quantize(colors=255)
            palette = (first.getpalette() or [])[: 255 * 3]
            palette += [0] * (255 * 3 - len(palette))
            first.putpalette(palette + list(ARROW[:3]))  # the arrows' red, which the start lacks
            scaled.append(first)
            continue
        rgb = _fit(frame).convert("RGB")
        scaled.append(rgb.quantize(palette=scaled[0], dither=Image.Dither.NONE))
    durations = [frame_ms] * (len(scaled) - 1) + [hold_ms]
    out = io.BytesIO()
    scaled[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=scaled[1:],
        duration=durations,
        loop=0,
    )
    return out.getvalue()


def _fit(image: Image.Image) -> Image.Image:
    if image.width <= FORUM_WIDTH:
        return image
    height = round(image.height * FORUM_WIDTH / image.width)
    return image.resize((FORUM_WIDTH, height), Image.Resampling.BILINEAR)


class Refs:
    """Image name → the id a page's shared ``<defs>`` gives it (a number: an image's name may
    say what a hidden piece is, so it is never written out)."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}

    def ref(self, name: str) -> str:
        if name not in self.ids:
            self.ids[name] = f"i{len(self.ids)}"
        return self.ids[name]


def board_state_svg(
    state_ref: str, board_ref: str, pieces: Sequence[Shown], images: Images, refs: Refs
) -> str:
    """A board as it stood, once for every step that shows it so: the board image and each
    piece as a ``<use>`` of images the page defines once, as a group steps refer to."""
    parts = [f'<g id="{state_ref}"><use href="#{board_ref}"/>']
    for piece in pieces:
        w, h = images.sizes.get(piece.image, FALLBACK_SIZE)
        x, y = _corner(piece, (w, h))
        title = f"<title>{_text(piece.name)}</title>"
        if piece.image in images.sizes:
            parts.append(f'<use href="#{refs.ref(piece.image)}" x="{x}" y="{y}">{title}</use>')
        else:
            parts.append(
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#5a5a5a">{title}</rect>'
            )
    parts.append("</g>")
    return "".join(parts)


def step_svg(
    board: str,
    size: tuple[int, int],
    state_ref: str,
    moves: Sequence[Move],
    view: tuple[int, int, int, int] | None = None,
) -> str:
    """One board as it stood after a step: the board's state (:func:`board_state_svg`), and
    each move on it as an arrow (``view``: only that part of the board, x, y, width,
    height)."""
    width, height = size
    box = " ".join(str(n) for n in view or (0, 0, width, height))
    kind = "board close-up" if view else "board"
    parts = [
        f'<svg class="{kind}" viewBox="{box}" role="img" '
        f'aria-label={quoteattr(board)} xmlns="http://www.w3.org/2000/svg">',
        f'<use href="#{state_ref}"/>',
    ]
    for move in moves:
        if move.board != board:
            continue
        ex, ey = move.end
        if move.start is not None and move.start != move.end and move.via:
            points = " ".join(f"{x},{y}" for x, y in (move.start, *move.via, move.end))
            parts.append(f'<polyline class="move" points="{points}" marker-end="url(#arrow)"/>')
        elif move.start is not None and move.start != move.end:
            sx, sy = move.start
            parts.append(
                f'<line class="move" x1="{sx}" y1="{sy}" x2="{ex}" y2="{ey}" '
                'marker-end="url(#arrow)"/>'
            )
        parts.append(f'<circle class="moved" cx="{ex}" cy="{ey}" r="{max(size) // 80 + 12}"/>')
    parts.append("</svg>")
    return "".join(parts)


CLOSE_UP = 1500
"""A board wider or taller than this (in pixels) gets a close-up of each step's moves."""


def close_up(
    size: tuple[int, int], moves: Sequence[Move], board: str, margin: int = 250
) -> tuple[int, int, int, int] | None:
    """The part of a large board around a step's moves on it (x, y, width, height), or None
    when the board is small enough to see them whole, or nothing moved on it."""
    points = [
        p for m in moves if m.board == board for p in (m.start, *m.via, m.end) if p is not None
    ]
    if not points or max(size) <= CLOSE_UP:
        return None
    left = max(0, min(x for x, _ in points) - margin)
    top = max(0, min(y for _, y in points) - margin)
    right = min(size[0], max(x for x, _ in points) + margin)
    bottom = min(size[1], max(y for _, y in points) + margin)
    return left, top, right - left, bottom - top


def image_defs(
    refs: Refs,
    images: Images,
    boards: Mapping[str, tuple[str, bytes]],
    states: Sequence[str] = (),
) -> str:
    """The page's shared definitions: the arrow head, each board and each piece image used,
    as data URIs, and each state of a board the steps show (:func:`board_state_svg`)."""
    import base64

    parts = [
        '<svg class="defs" width="0" height="0" aria-hidden="true" '
        'xmlns="http://www.w3.org/2000/svg"><defs>',
        '<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
        'fill="#d7191c"/></marker>',
    ]
    for ref, png in boards.values():
        with Image.open(io.BytesIO(png)) as opened:
            w, h = opened.size
        data = base64.b64encode(png).decode("ascii")
        parts.append(
            f'<image id="{ref}" width="{w}" height="{h}" href="data:image/png;base64,{data}"/>'
        )
    for name, ref in refs.ids.items():
        w, h = images.sizes[name]
        data = base64.b64encode(images.data[name]).decode("ascii")
        parts.append(
            f'<image id="{ref}" width="{w}" height="{h}" href="data:image/png;base64,{data}"/>'
        )
    parts.extend(states)
    parts.append("</defs></svg>")
    return "".join(parts)


def _text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
