"""Measured text for charts: fonts, word wrapping and the ``<text>`` element.

A chart is a grid of boxes sized from the words in them. Layout and drawing must therefore
use the very same measure, or a label that "fits" by one rule spills by the other: every
width here comes from :func:`toolkit.render.fonts.text_width` on the bundled condensed face,
which is what the rasteriser and the PDF converter draw with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from toolkit.catalogue import ENGLISH, Words
from toolkit.render.fonts import font_metrics, text_width
from toolkit.render.svg import attrs, esc

Anchor = Literal["start", "middle", "end"]

MIN_SIZE: float = 6.5
"""The smallest text a chart prints (points): below it a home printer smudges digits."""

BLACK: str = "#000000"

_EPSILON: float = 1e-6
"""Slack in fit tests: a column sized to a line's width must not wrap it on a rounding error."""


@dataclass(frozen=True, slots=True)
class Font:
    """A size and weight of the bundled condensed face: the only thing layout needs to measure."""

    size: float
    bold: bool = False

    def __post_init__(self) -> None:
        if self.size < MIN_SIZE:
            raise ValueError(f"chart text must be at least {MIN_SIZE} pt, got {self.size!r}")

    def width(self, text: str) -> float:
        """Advance width of ``text`` in points, as ``text-anchor`` uses it."""
        return text_width(text, self.size, self.bold)

    @property
    def ascent(self) -> float:
        """The face's ascent: the baseline sits this far below a line's top."""
        return font_metrics(self.size, self.bold)[0]

    @property
    def line_height(self) -> float:
        """Ascent plus descent: lines stacked this far apart never touch, whatever they say."""
        ascent, descent = font_metrics(self.size, self.bold)
        return ascent + descent


def cell_text(value: str | float | int | None, say: Words = ENGLISH) -> str:
    """How a table value is printed: None is an empty cell, 2.0 prints as the designer's 2, and
    0.5 with the decimal point of the game's language ('0,5' in French)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return say.decimal(value)
    return str(value)


def wrap(text: str, font: Font, width: float) -> list[str]:
    """``text`` as lines no wider than ``width``.

    Line breaks in the source are kept (a designer's list stays a list), words fill lines
    greedily, and a word too long for any line is cut between characters, because nothing a
    source says may spill out of its box. Only spaces separate words: a tab stays inside its
    word, measured as a space, exactly as SVG will draw it.
    """
    lines: list[str] = []
    for paragraph in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        lines.extend(_fill([w for w in paragraph.split(" ") if w], font, width) or [""])
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _fill(words: list[str], font: Font, width: float) -> list[str]:
    """Greedy line filling; measures each candidate line whole so kerning is counted."""
    lines: list[str] = []
    current = ""
    for word in words:
        for piece in _cut(word, font, width):
            candidate = f"{current} {piece}" if current else piece
            if current and font.width(candidate) > width + _EPSILON:
                lines.append(current)
                current = piece
            else:
                current = candidate
    if current:
        lines.append(current)
    return lines


def _cut(word: str, font: Font, width: float) -> list[str]:
    """A word split into pieces that each fit ``width`` (at least one character per piece)."""
    if font.width(word) <= width + _EPSILON:
        return [word]
    pieces: list[str] = []
    current = ""
    for char in word:
        if current and font.width(current + char) > width + _EPSILON:
            pieces.append(current)
            current = char
        else:
            current += char
    return pieces + [current] if current else pieces


def widest(lines: list[str], font: Font) -> float:
    """The width of the widest line (0 for none)."""
    return max((font.width(line) for line in lines), default=0.0)


def longest_word(text: str, font: Font) -> float:
    """The width of the widest single word: a column narrower than this must cut a word."""
    return max((font.width(word) for word in text.split()), default=0.0)


def text_element(
    x: float, y: float, content: str, font: Font, anchor: Anchor = "start", colour: str = BLACK
) -> str:
    """One line of text with its baseline at ``y``.

    Size, weight and anchor are written on every element rather than inherited, so each text
    can be measured on its own (the layout tests do exactly that).
    """
    spec = attrs(
        x=x,
        y=y,
        font_size=font.size,
        font_weight="bold" if font.bold else None,
        text_anchor=None if anchor == "start" else anchor,
        fill=None if colour == BLACK else colour,
    )
    return f"<text{spec}>{esc(content)}</text>"


def blend(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0…1) of the way towards ``other``; both '#rrggbb'.

    Tints are computed rather than drawn with opacity, so a shaded column stays one solid
    colour on every printer and in every converter.
    """
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(x + (y - x) * amount) for x, y in zip(a, b, strict=True)]
    return "#{:02x}{:02x}{:02x}".format(*mixed)
