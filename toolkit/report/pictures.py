"""Positions drawn: a board with the pieces on it as the module draws them (the module's own
images, at the size they have on the map; stacks offset as VASSAL offsets them), as a PNG or as
SVG that refers to images kept once per page.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from PIL import Image

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


def position_png(board_png: bytes, pieces: Sequence[Shown], images: Images) -> bytes:
    """The board with ``pieces`` drawn on it, bottom of each stack first."""
    with Image.open(io.BytesIO(board_png)) as opened:
        canvas = opened.convert("RGBA")
    for piece in pieces:
        size = images.sizes.get(piece.image)
        if size is None:
            square = Image.new("RGBA", FALLBACK_SIZE, (90, 90, 90, 255))
            canvas.alpha_composite(square, _clip(_corner(piece, FALLBACK_SIZE)))
            continue
        with Image.open(io.BytesIO(images.data[piece.image])) as opened:
            counter = opened.convert("RGBA")
        x, y = _corner(piece, size)
        canvas.paste(counter, (x, y), counter)
    out = io.BytesIO()
    canvas.convert("RGB").save(out, "PNG", optimize=False)
    return out.getvalue()


def _clip(at: tuple[int, int]) -> tuple[int, int]:
    return max(0, at[0]), max(0, at[1])


class Refs:
    """Image name → the id a page's shared ``<defs>`` gives it (a number: an image's name may
    say what a hidden piece is, so it is never written out)."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}

    def ref(self, name: str) -> str:
        if name not in self.ids:
            self.ids[name] = f"i{len(self.ids)}"
        return self.ids[name]


def step_svg(
    board: str,
    size: tuple[int, int],
    board_ref: str,
    pieces: Sequence[Shown],
    moves: Sequence[Move],
    images: Images,
    refs: Refs,
) -> str:
    """One board as it stood after a step: the board image and each piece as a ``<use>`` of
    images the page defines once, and each move as an arrow."""
    width, height = size
    parts = [
        f'<svg class="board" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label={quoteattr(board)} xmlns="http://www.w3.org/2000/svg">',
        f'<use href="#{board_ref}"/>',
    ]
    for piece in pieces:
        if piece.board != board:
            continue
        w, h = images.sizes.get(piece.image, FALLBACK_SIZE)
        x, y = _corner(piece, (w, h))
        title = f"<title>{_text(piece.name)}</title>"
        if piece.image in images.sizes:
            parts.append(f'<use href="#{refs.ref(piece.image)}" x="{x}" y="{y}">{title}</use>')
        else:
            parts.append(
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#5a5a5a">{title}</rect>'
            )
    for move in moves:
        if move.board != board:
            continue
        ex, ey = move.end
        if move.start is not None and move.start != move.end:
            sx, sy = move.start
            parts.append(
                f'<line class="move" x1="{sx}" y1="{sy}" x2="{ex}" y2="{ey}" '
                'marker-end="url(#arrow)"/>'
            )
        parts.append(f'<circle class="moved" cx="{ex}" cy="{ey}" r="{max(size) // 80 + 12}"/>')
    parts.append("</svg>")
    return "".join(parts)


def image_defs(refs: Refs, images: Images, boards: Mapping[str, tuple[str, bytes]]) -> str:
    """The page's shared definitions: the arrow head, each board and each piece image used,
    as data URIs."""
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
    parts.append("</defs></svg>")
    return "".join(parts)


def _text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
