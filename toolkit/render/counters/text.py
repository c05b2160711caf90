"""Counter text: placeholders filled, whitespace as SVG shows it, sizes fitted by measurement.

A counter is small and printed at 100 %, so text is the part most likely to go wrong: spill out
of the counter, or shrink until nobody can read it. Every label is therefore measured with the
bundled fonts (the same files the rasteriser uses), shrunk to fit its space, wrapped onto two or
three lines when that keeps it larger, and refused with :class:`CounterLayoutError` when it would
still need less than :data:`MIN_TEXT_PT`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from toolkit.catalogue import ENGLISH, Words
from toolkit.model.counter import Scalar
from toolkit.render.fonts import text_extent
from toolkit.render.svg import attrs, clean_text, esc, fmt

MIN_TEXT_PT = 5.0
"""The smallest size a counter prints (bold condensed stays legible at 100 % down to here)."""
PRINT_TEXT_PT = 6.0
"""The least size a printer accepts (see :mod:`toolkit.legibility`): the words the toolkit
sets on its own, such as a back's band, are never smaller, whatever the counter's size."""

LEADING = 1.12
"""Baseline-to-baseline distance of wrapped lines, in ems."""

MAX_LINES = 3
_MAX_WORDS = 12
"""Wrapping tries every split of up to this many words; longer texts split greedily."""
_WRAP_GAIN = 1.15
"""A wrapped layout must print this much larger than the one with a line fewer to be chosen,
so short labels stay on one line and only long ones break."""

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_XML_SPACE = re.compile(r"[ \t\r\n]+")


class CounterLayoutError(ValueError):
    """A counter face cannot be drawn legibly (a text that would need less than 5 pt, more
    steps than a block has edges, an image too large to embed...).

    It carries where the problem is, so the build can report it as a located diagnostic.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        counter_id: str,
        template_id: str,
        set_id: str,
        face: str,
        element: int | None,
        layout: str,
    ) -> None:
        super().__init__(message)
        self.code = code
        """A diagnostic code, e.g. 'counter.text-too-long'."""
        self.counter_id = counter_id
        self.template_id = template_id
        self.set_id = set_id
        """The counters file (sheet) id the counter comes from."""
        self.face = face
        """The face being drawn: 'front', 'back', 'hidden', 'step-2'..."""
        self.element = element
        """Index of the template element at fault in ``layout``, or None for the face itself."""
        self.layout = layout
        """Which element list: 'front' (template.front) or 'back' (template.back.elements)."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with the keyword fields too: the error travels back from a worker process,
        and without them it could not be rebuilt there (the pool would break)."""
        return (_rebuild, (str(self), self.__dict__.copy()))

    @property
    def pointer(self) -> str:
        """JSON pointer of the element inside its template, e.g. '/front/3', '/back/front/0'."""
        if self.element is None:
            return ""
        return f"/{'back/front' if self.layout == 'back' else 'front'}/{self.element}"


def _rebuild(message: str, fields: dict[str, object]) -> CounterLayoutError:
    """A CounterLayoutError from its pickled parts."""
    return CounterLayoutError(message, **fields)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Where:
    """Which element of which face is being drawn: everything an error message needs."""

    counter_id: str
    template_id: str
    set_id: str
    face: str
    layout: str = "front"
    element: int | None = None

    def at(self, element: int | None) -> Where:
        """The same face, another element."""
        return Where(
            self.counter_id, self.template_id, self.set_id, self.face, self.layout, element
        )

    def error(self, code: str, message: str) -> CounterLayoutError:
        """A :class:`CounterLayoutError` whose message names the counter, face and element."""
        element = "" if self.element is None else f", element {self.element}"
        return CounterLayoutError(
            f"counter {self.counter_id!r} (template {self.template_id!r}), face {self.face!r}"
            f"{element}: {message}",
            code=code,
            counter_id=self.counter_id,
            template_id=self.template_id,
            set_id=self.set_id,
            face=self.face,
            element=self.element,
            layout=self.layout,
        )


# -- content -----------------------------------------------------------------------------------


def format_value(value: Scalar, say: Words = ENGLISH) -> str:
    """A field value as printed in the game's language: whole floats without '.0', others with
    its decimal point, yes or no in its words, nothing for a missing value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return say("value.yes") if value else say("value.no")
    if isinstance(value, float):
        return say.decimal(value)
    return str(value)


def fill_placeholders(text: str, values: Mapping[str, Scalar], say: Words = ENGLISH) -> str:
    """'{attack}-{defence}' with the face's values; unknown names print as nothing."""
    return _PLACEHOLDER.sub(lambda m: format_value(values.get(m.group(1)), say), text)


def shown_text(text: str) -> str:
    """The characters SVG will actually show: XML-illegal ones dropped, runs of XML white space
    collapsed and trimmed (as SVG does), so what we measure is what is drawn. No-break spaces
    are kept: designers use them to hold '1 Pz' together."""
    return _XML_SPACE.sub(" ", clean_text(text)).strip(" ")


# -- fitting -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetText:
    """Text set at a size: its lines and their measured ink, in points."""

    lines: tuple[str, ...]
    size: float
    bold: bool
    widths: tuple[float, ...]
    ascent: float
    """Ink above the first baseline."""
    descent: float
    """Ink below the last baseline."""

    @property
    def w(self) -> float:
        """Advance width of the widest line."""
        return max(self.widths)

    @property
    def h(self) -> float:
        """From the top of the first line's ink to the bottom of the last line's."""
        return self.ascent + (len(self.lines) - 1) * LEADING * self.size + self.descent


def set_lines(lines: tuple[str, ...], size: float, bold: bool) -> SetText:
    """Measure ``lines`` at ``size`` with the bundled condensed face."""
    extents = [text_extent(line, size, bold) for line in lines]
    return SetText(lines, size, bold, tuple(e[0] for e in extents), extents[0][1], extents[-1][2])


def _splits(words: list[str], count: int) -> list[tuple[str, ...]]:
    """Every way to break ``words`` into ``count`` lines (greedy halves when there are many)."""
    if count == 1 or len(words) < count:
        return [(" ".join(words),)] if count == 1 else []
    if len(words) > _MAX_WORDS:
        step = len(words) / count
        even = [round(step * k) for k in range(1, count)]
        return [
            tuple(
                " ".join(words[a:b]) for a, b in zip([0, *even], [*even, len(words)], strict=True)
            )
        ]
    result = []
    for cuts in combinations(range(1, len(words)), count - 1):
        bounds = zip((0, *cuts), (*cuts, len(words)), strict=True)
        result.append(tuple(" ".join(words[a:b]) for a, b in bounds))
    return result


def _largest(lines: tuple[str, ...], size: float, bold: bool, max_w: float, max_h: float) -> float:
    """The largest size (at most ``size``) at which ``lines`` fit max_w x max_h."""
    unit = set_lines(lines, 1.0, bold)
    if unit.w <= 0 or unit.h <= 0:
        return size
    return min(size, max_w / unit.w, max_h / unit.h)


def fit_text(
    text: str, size: float, bold: bool, max_w: float, max_h: float, wrap: bool = True
) -> SetText | None:
    """``text`` at the largest size up to ``size`` that fits max_w x max_h, wrapped onto up to
    three lines when that prints it clearly larger; None when even that is below 5 pt.

    A requested size below :data:`MIN_TEXT_PT` is raised to it: legibility at 100 % print
    size is a promise of the toolkit, not a template option.
    """
    size = max(size, MIN_TEXT_PT)
    words = text.split(" ")
    best_lines: tuple[str, ...] = (text,)
    best_size = _largest(best_lines, size, bold, max_w, max_h)
    if wrap and best_size < size:
        for count in range(2, MAX_LINES + 1):
            for lines in _splits(words, count):
                fitted = _largest(lines, size, bold, max_w, max_h)
                better = fitted > best_size * _WRAP_GAIN or (
                    fitted > best_size
                    and (len(lines) == len(best_lines) or best_size < MIN_TEXT_PT)
                )
                if better:
                    best_lines, best_size = lines, fitted
    # Round down to 1/100 pt: the size written into the SVG is then exactly the one measured.
    best_size = math.floor(best_size * 100 + 1e-6) / 100
    if best_size < MIN_TEXT_PT:
        return None
    return set_lines(best_lines, best_size, bold)


def too_small(where: Where, text: str, max_w: float, max_h: float, bold: bool) -> Exception:
    """The error for a text that cannot be set at 5 pt in max_w x max_h."""
    needed = text_extent(text, MIN_TEXT_PT, bold)[0]
    return where.error(
        "counter.text-too-long",
        f"{text!r} does not fit: at the smallest readable size ({MIN_TEXT_PT:g}pt) it is "
        f"{needed:.2f}pt wide, but its place is {max(max_w, 0):.2f}pt x {max(max_h, 0):.2f}pt; "
        "shorten it, move it to a freer position, or use a larger counter",
    )


# -- output ------------------------------------------------------------------------------------


def text_svg(
    text: SetText,
    x: float,
    top: float,
    anchor: str,
    color: str,
    rotate: tuple[float, float, float] | None = None,
) -> str:
    """One ``<text>`` per line, its ink box starting at ``top``; ``x`` is where ``anchor``
    ('start', 'middle', 'end') puts it. ``rotate`` = (degrees, cx, cy) turns it about a point."""
    weight = "bold" if text.bold else None
    transform = None if rotate is None else "rotate({} {} {})".format(*map(fmt, rotate))
    out = []
    for i, line in enumerate(text.lines):
        baseline = top + text.ascent + i * LEADING * text.size
        markup = attrs(
            x=x,
            y=baseline,
            font_size=text.size,
            font_weight=weight,
            text_anchor=anchor,
            fill=color,
            transform=transform,
        )
        out.append(f"<text{markup}>{esc(line)}</text>")
    return "".join(out)
