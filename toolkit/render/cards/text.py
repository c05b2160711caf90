"""Card text: the body's paragraphs with bold and italic words, flowed and shrunk to fit, and the
single-block texts (titles, labels, numbers) set on one or two lines.

A card is read in the hand, so its body is set like a page: left-aligned lines broken between
words, paragraphs a half line apart, shrunk as a whole from its size down to its floor
(:data:`~toolkit.model.card.BODY_FLOOR` unless the template says). Text that still does not fit
is refused with :class:`CardLayoutError`, which names the card, so the build reports it at the
designer's line: never drawn spilling out of its area, never cut.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from toolkit.render.counters.text import LEADING, SetText, set_lines, shown_text
from toolkit.render.fonts import font_metrics, text_width
from toolkit.render.svg import attrs, clean_text, esc

PARAGRAPH_GAP = 0.5
"""Extra space between paragraphs, in ems of the body's size."""
WRAP_GAIN = 1.15
"""A two-line title must print this much larger than on one line to be broken."""

_BOLD = r"\*\*(?!\s)((?:\*[^*]+\*|[^*])+?)(?<!\s)\*\*"
_ITALIC = r"\*(?!\s)((?:\*\*[^*]+\*\*|[^*])+?)(?<!\s)\*"
_SPAN = re.compile(f"{_BOLD}|{_ITALIC}", re.DOTALL)
_PARAGRAPHS = re.compile(r"\n[ \t\r]*\n")
_SPACE = re.compile(r"[ \t\r\n]+")


class CardLayoutError(ValueError):
    """A card face or back cannot be drawn legibly (a text that would need less than its floor,
    an image that cannot be read, a symbol that is not one).

    It carries where the problem is, so the build can report it as a located diagnostic.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        card_id: str,
        template_id: str,
        side: str,
        element: int | None,
        subject: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        """A diagnostic code, e.g. 'card.text-too-long'."""
        self.card_id = card_id
        self.template_id = template_id
        self.side = side
        """'front' or 'back'."""
        self.element = element
        """Index of the element at fault in the side's element list, or None."""
        self.subject = subject
        """The card's own field the problem is in ('text', 'title', 'values/year'), or ''."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with the keyword fields too: the error travels back from a worker process."""
        return (_rebuild, (str(self), self.__dict__.copy()))


def _rebuild(message: str, fields: dict[str, object]) -> CardLayoutError:
    """A CardLayoutError from its pickled parts."""
    return CardLayoutError(message, **fields)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class CardWhere:
    """Which element of which side of which card is being drawn."""

    card_id: str
    template_id: str
    side: str
    element: int | None = None

    def at(self, element: int | None) -> CardWhere:
        """The same side, another element."""
        return CardWhere(self.card_id, self.template_id, self.side, element)

    def error(self, code: str, message: str, subject: str = "") -> CardLayoutError:
        """A :class:`CardLayoutError` whose message names the card, side and element."""
        element = "" if self.element is None else f", element {self.element}"
        return CardLayoutError(
            f"card {self.card_id!r} (template {self.template_id!r}), {self.side}{element}: "
            f"{message}",
            code=code,
            card_id=self.card_id,
            template_id=self.template_id,
            side=self.side,
            element=self.element,
            subject=subject,
        )


# -- the body's markup -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fragment:
    """A piece of a word in one face."""

    text: str
    bold: bool = False
    italic: bool = False

    def em(self) -> float:
        """Advance width at 1 pt."""
        return text_width(self.text, 1.0, self.bold, italic=self.italic)


Word = tuple[Fragment, ...]
Paragraph = tuple[Word, ...]


def parse_body(text: str) -> tuple[Paragraph, ...]:
    """The body's paragraphs (split by a blank line) as words of fragments: ``**bold**`` and
    ``*italic*`` mark runs (nested as ``**a *b* c**``); a star that opens nothing is printed."""
    paragraphs = []
    for raw in _PARAGRAPHS.split(clean_text(text).strip()):
        flat = _SPACE.sub(" ", raw).strip(" ")
        if flat:
            paragraphs.append(_words(_runs(flat, False, False)))
    return tuple(paragraphs)


def _runs(text: str, bold: bool, italic: bool) -> list[Fragment]:
    out: list[Fragment] = []
    at = 0
    for match in _SPAN.finditer(text):
        if match.start() > at:
            out.append(Fragment(text[at : match.start()], bold, italic))
        if match.group(1) is not None:
            out += _runs(match.group(1), True, italic)
        else:
            out += _runs(match.group(2), bold, True)
        at = match.end()
    if at < len(text):
        out.append(Fragment(text[at:], bold, italic))
    return out


def _words(runs: list[Fragment]) -> Paragraph:
    """Runs cut at spaces into words; a word may change face in its middle ('**2**nd')."""
    words: list[list[Fragment]] = [[]]
    for run in runs:
        for i, piece in enumerate(run.text.split(" ")):
            if i > 0:
                words.append([])
            if piece:
                words[-1].append(Fragment(piece, run.bold, run.italic))
    return tuple(tuple(word) for word in words if word)


# -- flowing the body --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flowed:
    """A body set at a size: its paragraphs' lines, each a tuple of words."""

    size: float
    paragraphs: tuple[tuple[tuple[Word, ...], ...], ...]

    @property
    def lines(self) -> int:
        """How many lines in all."""
        return sum(len(p) for p in self.paragraphs)


def _space_em() -> float:
    """A space's width, the widest of the faces, so a line measured never prints wider."""
    return max(
        text_width(" ", 1.0, bold, italic=italic)
        for bold in (False, True)
        for italic in (False, True)
    )


def body_height(lines: int, paragraphs: int, size: float) -> float:
    """Height of ``lines`` lines in ``paragraphs`` paragraphs, from the face's ascent over the
    first line to its descent under the last."""
    ascent, descent = font_metrics(size)
    return ascent + descent + ((lines - 1) * LEADING + (paragraphs - 1) * PARAGRAPH_GAP) * size


def flow_body(paragraphs: tuple[Paragraph, ...], size: float, width: float) -> Flowed | None:
    """Greedy line breaks at ``size`` in ``width``; None when a word alone is wider."""
    space = _space_em() * size
    flowed = []
    for paragraph in paragraphs:
        lines: list[list[Word]] = []
        used = 0.0
        for word in paragraph:
            w = sum(f.em() for f in word) * size
            if w > width:
                return None
            if lines and used + space + w <= width:
                lines[-1].append(word)
                used += space + w
            else:
                lines.append([word])
                used = w
        flowed.append(tuple(tuple(line) for line in lines))
    return Flowed(size, tuple(flowed))


def _fits(paragraphs: tuple[Paragraph, ...], size: float, w: float, h: float) -> Flowed | None:
    flowed = flow_body(paragraphs, size, w)
    if flowed is None or body_height(flowed.lines, len(paragraphs), size) > h:
        return None
    return flowed


def fit_body(
    paragraphs: tuple[Paragraph, ...], size: float, floor: float, w: float, h: float
) -> Flowed | None:
    """The body at the largest size from ``size`` down to ``floor`` (to 1/100 pt) that fits
    ``w`` x ``h``; None when it does not fit even at ``floor``."""
    if not paragraphs:
        return Flowed(size, ())
    best = _fits(paragraphs, size, w, h)
    if best is not None:
        return best
    low = _fits(paragraphs, floor, w, h)
    if low is None:
        return None
    lo, hi = floor, size
    while hi - lo > 0.01:
        mid = (lo + hi) / 2
        found = _fits(paragraphs, mid, w, h)
        if found is None:
            hi = mid
        else:
            lo, low = mid, found
    return low


def body_svg(flowed: Flowed, x: float, top: float, width: float, align: str, color: str) -> str:
    """The flowed body as ``<text>`` runs, its first line's ascent at ``top``; a run is a stretch
    of one face, placed by measurement so bold and italic words sit where they were measured."""
    size = flowed.size
    ascent = font_metrics(size)[0]
    space = _space_em() * size
    out = []
    baseline = top + ascent
    for p, paragraph in enumerate(flowed.paragraphs):
        if p:
            baseline += PARAGRAPH_GAP * size
        for line in paragraph:
            runs = _line_runs(line)
            widths = [text_width(t, size, b, italic=i) for t, b, i, _ in runs]
            total = sum(widths) + space * sum(1 for r in runs if r[3])
            pen = x + {"left": 0.0, "center": (width - total) / 2, "right": width - total}[align]
            for (text, bold, italic, spaced), w in zip(runs, widths, strict=True):
                pen += space if spaced else 0.0
                markup = attrs(
                    x=pen,
                    y=baseline,
                    font_size=size,
                    font_weight="bold" if bold else None,
                    font_style="italic" if italic else None,
                    fill=color,
                )
                out.append(f"<text{markup}>{esc(text)}</text>")
                pen += w
            baseline += LEADING * size
    return "".join(out)


def _line_runs(line: tuple[Word, ...]) -> list[tuple[str, bool, bool, bool]]:
    """A line's stretches of one face: (text, bold, italic, a space before it). A space between
    two words of the same face stays inside the stretch; one between faces is the pen's."""
    runs: list[tuple[str, bool, bool, bool]] = []
    for i, word in enumerate(line):
        for j, fragment in enumerate(word):
            spaced = i > 0 and j == 0
            if runs and (runs[-1][1], runs[-1][2]) == (fragment.bold, fragment.italic):
                text, bold, italic, before = runs[-1]
                runs[-1] = (text + (" " if spaced else "") + fragment.text, bold, italic, before)
            else:
                runs.append((fragment.text, fragment.bold, fragment.italic, spaced))
    return runs


# -- one-block texts ---------------------------------------------------------------------------


def _largest(lines: tuple[str, ...], size: float, bold: bool, w: float, h: float) -> float:
    unit = set_lines(lines, 1.0, bold)
    if unit.w <= 0 or unit.h <= 0:
        return size
    return min(size, w / unit.w, h / unit.h)


def fit_block(
    text: str, size: float, floor: float, bold: bool, w: float, h: float, max_lines: int = 2
) -> SetText | None:
    """``text`` (already as shown) at the largest size up to ``size`` in ``w`` x ``h``, broken
    onto two lines when that prints it clearly larger; None below ``floor``."""
    words = text.split(" ")
    best: tuple[str, ...] = (text,)
    best_size = _largest(best, size, bold, w, h)
    if max_lines > 1 and best_size < size:
        for cut in range(1, len(words)):
            lines = (" ".join(words[:cut]), " ".join(words[cut:]))
            fitted = _largest(lines, size, bold, w, h)
            if fitted > best_size * WRAP_GAIN or (len(best) == 2 and fitted > best_size):
                best, best_size = lines, fitted
    best_size = math.floor(best_size * 100 + 1e-6) / 100
    if best_size < floor:
        return None
    return set_lines(best, best_size, bold)


def block_too_long(
    where: CardWhere, text: str, floor: float, w: float, h: float, subject: str = ""
) -> CardLayoutError:
    """The error for a text that cannot be set at ``floor`` in ``w`` x ``h``."""
    return where.error(
        "card.text-too-long",
        f"{shorten(text)!r} does not fit its place ({max(w, 0):.1f}pt x {max(h, 0):.1f}pt) even "
        f"at {floor:g}pt; shorten it, or give the element a larger area",
        subject,
    )


def shorten(text: str, limit: int = 60) -> str:
    """A long text cut for a message."""
    text = shown_text(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
