"""The few things the kit draws itself: text, lines, crop and registration marks, page headers.

Everything else on a kit page (counters, maps, charts) is the renderer's drawing, placed as is.
All functions return SVG fragments in page coordinates (points, y down) and go through ``esc``,
so no name from the sources can break the markup. The most frequent (text, lines, rectangles:
thousands on a big game's sheets and setups) write their attributes directly, in the order
``attrs`` would, rather than through it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from toolkit.kit.measure import text_width
from toolkit.kit.paper import Page, Rect
from toolkit.render.svg import attrs, esc, fmt

INK = "#000000"
MUTED = "#555555"
HAIRLINE = 0.3
"""Width of marks: visible on any printer, too thin to matter if a cut misses it by a hair."""

MARK_GAP = 3.0
"""Crop marks start this far outside the bleed, so a clean cut never shows them."""
MARK_LENGTH = 9.0
HEADER_SIZE = 7.0
"""Point size of the title and page number in the margin."""
SMALLEST_HEADER_SIZE = 6.0
"""The least a header shrinks to where its margin is short: still read without a loupe."""


def text(
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    bold: bool = False,
    anchor: str = "start",
    colour: str = INK,
) -> str:
    """One line of text with its baseline at ``y`` (attributes in ``attrs``' order)."""
    weight = ' font-weight="bold"' if bold else ""
    align = "" if anchor == "start" else f' text-anchor="{_esc(anchor)}"'
    return (
        f'<text fill="{_esc(colour)}" font-size="{_fmt(size)}"{weight}{align} '
        f'x="{_fmt(x)}" y="{_fmt(y)}">{esc(content)}</text>'
    )


def line(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    *,
    width: float = HAIRLINE,
    colour: str = INK,
    dash: str | None = None,
) -> str:
    """A straight line (attributes in ``attrs``' order, written directly: a sheet has hundreds
    of crop marks)."""
    dashes = f' stroke-dasharray="{_esc(dash)}"' if dash is not None else ""
    return (
        f'<line stroke="{_esc(colour)}"{dashes} stroke-width="{_fmt(width)}" '
        f'x1="{_fmt(x1)}" x2="{_fmt(x2)}" y1="{_fmt(y1)}" y2="{_fmt(y2)}"/>'
    )


def rect(r: Rect, *, fill: str = "none", stroke: str | None = None, width: float = HAIRLINE) -> str:
    """A rectangle (attributes in ``attrs``' order, written directly: a sheet has one under
    every counter)."""
    x, y, w, h = r
    outline = f' stroke="{_esc(stroke)}"' if stroke is not None else ""
    if stroke:
        outline += f' stroke-width="{_fmt(width)}"'
    return (
        f'<rect fill="{_esc(fill)}" height="{_fmt(h)}"{outline} width="{_fmt(w)}" '
        f'x="{_fmt(x)}" y="{_fmt(y)}"/>'
    )


@lru_cache(maxsize=1024)
def _esc(value: str) -> str:
    """``esc`` of a colour or dash pattern: the same few on every page."""
    return esc(value)


@lru_cache(maxsize=8192)
def _fmt(value: float) -> str:
    """``fmt`` of a coordinate: a sheet's rows and columns repeat the same few hundred."""
    return fmt(value)


def group(body: str, transform: str | None = None) -> str:
    """A group, transformed or not (an empty transform is left out)."""
    return f"<g{attrs(transform=transform or None)}>{body}</g>"


def translate(dx: float, dy: float) -> str:
    """An SVG translate transform, or '' for none."""
    return "" if dx == 0 and dy == 0 else f"translate({fmt(dx)} {fmt(dy)})"


def wrap(content: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``content`` in lines no wider than ``width`` (a long word gets a line of its own)."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        whole = " ".join(_words(paragraph))
        if text_width(whole, size, bold) <= width:  # what the loop below ends with: one line
            lines.append(whole)
            continue
        current = ""
        for word in _words(paragraph):
            candidate = f"{current} {word}" if current else word
            if current and text_width(candidate, size, bold) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def _words(paragraph: str) -> list[str]:
    """The words of a line, split only where a line may break: a no-break space (French puts
    one before « : » and inside « ») holds its two sides together."""
    return _BREAKS.split(paragraph.strip(" \t\r\f\v"))


_BREAKS = re.compile(r"[ \t\r\f\v]+")


def fit_text(content: str, width: float, size: float, bold: bool = False) -> str:
    """``content`` shortened with an ellipsis until it fits ``width``."""
    if text_width(content, size, bold) <= width:
        return content
    while content and text_width(content + "…", size, bold) > width:
        content = content[:-1]
    return content.rstrip() + "…"


# -- marks ---------------------------------------------------------------------------------------


def crop_marks(cut: Rect, xs: Iterable[float], ys: Iterable[float], bleed: float) -> str:
    """Short lines in the margin, outside ``cut`` grown by ``bleed``, continuing every cut line.

    They stay clear of the bleed so no mark prints on a counter, and a ruler laid across a pair of
    opposite marks follows the cut exactly.
    """
    x, y, w, h = cut
    near, far = bleed + MARK_GAP, bleed + MARK_GAP + MARK_LENGTH
    parts = []
    for cx in xs:
        parts.append(line(cx, y - near, cx, y - far))
        parts.append(line(cx, y + h + near, cx, y + h + far))
    for cy in ys:
        parts.append(line(x - near, cy, x - far, cy))
        parts.append(line(x + w + near, cy, x + w + far, cy))
    return "".join(parts)


def registration_mark(x: float, y: float, radius: float = 4.0) -> str:
    """A target (circle and cross) centred on (x, y): drawn at mirrored places on both sides, the
    two coincide when held to the light if the printer registers the back correctly."""
    arm = radius + 2
    ring = attrs(cx=x, cy=y, r=radius, fill="none", stroke=INK, stroke_width=HAIRLINE)
    return f"<circle{ring}/>" + line(x - arm, y, x + arm, y) + line(x, y - arm, x, y + arm)


def crosshair(x: float, y: float, size: float, width: float = 0.5) -> str:
    """A large cross with rings, for the calibration page."""
    rings = "".join(
        f"<circle{attrs(cx=x, cy=y, r=r, fill='none', stroke=INK, stroke_width=HAIRLINE)}/>"
        for r in (size * 0.25, size * 0.5)
    )
    return (
        rings
        + line(x - size, y, x + size, y, width=width)
        + line(x, y - size, x, y + size, width=width)
    )


# -- headers -------------------------------------------------------------------------------------


def side_header(strip: tuple[float, float, float], title: str, section: str, right: str) -> str:
    """The header turned to run up a side margin, for a page whose top has no room (a sheet of
    poker cards on Letter): ``strip`` is (x of the baseline, top, bottom) of a stretch clear of
    marks; the glyphs stand on the paper's side of the baseline. ``right`` (the page number)
    ends the line; the heading before it is the fullest that fits whole (see ``side_heading``).
    """
    x, top, bottom = strip
    room = bottom - top
    head, size = side_heading(room, title, section, right)
    line = text(x, bottom, head, size, colour=MUTED) + text(
        x + room, bottom, right, size, anchor="end", colour=MUTED
    )
    return group(line, f"rotate(-90 {fmt(x)} {fmt(bottom)})")


def side_heading(room: float, title: str, section: str, right: str) -> tuple[str, float]:
    """The heading and point size of a side header ``room`` long: the title and the section at
    the header's size, else smaller, else the section alone (the title heads every other page
    and the cover, so nothing a player needs is lost); cut short with an ellipsis only when
    not even that fits, so a player reads the whole of what is printed."""
    for heading in (f"{title} · {section}", section):
        for size in (HEADER_SIZE, SMALLEST_HEADER_SIZE):
            if text_width(heading, size) + _header_gap(size) + text_width(right, size) <= room:
                return heading, size
    size = SMALLEST_HEADER_SIZE
    return fit_text(section, room - text_width(right, size) - _header_gap(size), size), size


def _header_gap(size: float) -> float:
    """The space between a header's heading and its page number."""
    return 12 * size / HEADER_SIZE


def header(page: Page, title: str, section: str, right: str) -> str:
    """The game title, the section and ``right`` ("page N of M"), small, in the top margin.

    A section too long for one line (a page of packed charts names them all) takes a second
    line, still inside the margin; beyond that it is shortened with an ellipsis.
    """
    baseline = page.margin - 14
    room = page.inner_width - text_width(right, HEADER_SIZE) - 12
    lines = wrap(f"{title} · {section}" if section else title, room, HEADER_SIZE)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return "".join(
        text(
            page.margin,
            baseline + i * HEADER_SIZE * 1.25,
            fit_text(line, room, HEADER_SIZE),
            HEADER_SIZE,
            colour=MUTED,
        )
        for i, line in enumerate(lines)
    ) + text(page.width - page.margin, baseline, right, HEADER_SIZE, anchor="end", colour=MUTED)
