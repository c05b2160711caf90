"""Running text over as many pages as it needs: the cover, the setup sheets.

Text is a list of ``Line`` values (already wrapped); ``paginate`` cuts it into page bodies and
never leaves a heading alone at the foot of a page.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.kit import draw
from toolkit.kit.paper import Page

BODY = 9.0
"""Point size of running text."""
LEADING = 1.3
TOP_ROOM = 10.0
"""Below the top margin, kept for the page header."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text, already short enough for its column."""

    text: str
    size: float = BODY
    bold: bool = False
    indent: float = 0.0
    space_before: float = 0.0
    right: str = ""
    """Right-aligned text on the same line (page numbers in the contents)."""
    keep_with_next: bool = False
    """Headings: move to the next page rather than end one."""
    colour: str = draw.INK

    @property
    def height(self) -> float:
        """Vertical space the line takes, its space before included."""
        return self.space_before + self.size * LEADING


def paragraph(
    content: str,
    width: float,
    *,
    size: float = BODY,
    bold: bool = False,
    indent: float = 0.0,
    hanging: float = 0.0,
    space_before: float = 0.0,
    colour: str = draw.INK,
) -> list[Line]:
    """``content`` wrapped into lines; ``hanging`` indents every line after the first."""
    lines = []
    wrapped = draw.wrap(content, width - indent - hanging, size, bold) if content else [""]
    for i, text in enumerate(wrapped):
        lines.append(
            Line(
                text,
                size,
                bold,
                indent + (hanging if i else 0.0),
                space_before if i == 0 else 0.0,
                colour=colour,
            )
        )
    return lines


def heading(content: str, *, size: float = 12.0, space_before: float = 10.0) -> Line:
    """A bold heading that stays with what follows."""
    return Line(content, size, True, space_before=space_before, keep_with_next=True)


def heading_lines(
    content: str, width: float, *, size: float = 12.0, space_before: float = 10.0
) -> list[Line]:
    """A bold heading wrapped to ``width`` (a long scenario name would run off the page), every
    line kept with what follows."""
    return [
        dataclasses.replace(line, keep_with_next=True)
        for line in paragraph(content, width, size=size, bold=True, space_before=space_before)
    ]


TIGHT_LEADING = 1.18
"""The leading a section is set in when that spares it a page holding a few lines."""
TIGHT_SPACE = 0.5
"""The share of the space before headings and paragraphs kept when tightening."""
SHORT_TAIL = 1 / 3
"""A last page filled less than this (of its height) is a tail: too little for a sheet."""

Placed = list[tuple[float, Line]]
"""A page's lines, each at the y of its foot."""


def paginate(lines: Iterable[Line], page: Page, *, even: bool = False) -> list[str]:
    """Page bodies holding ``lines`` in order; at least one (possibly empty) page. An ``even``
    section (the cover) is padded to an even count by its caller, so setting it tighter must
    spare a sheet, not just a page.

    A section is never left with a last page of a few lines: it is first set a little
    tighter (less leading, less space between blocks) when that fits it on a page fewer; if
    its last page is still short, lines move from the page before, so it holds a fair share.
    """
    lines = list(lines)
    leading = LEADING
    pages = _fill(lines, page)
    if len(pages) > 1 and _short(pages[-1], page):
        tightened = [_tightened(line) for line in lines]
        tight = _fill(tightened, page, TIGHT_LEADING)
        if _sheets(len(tight), even) < _sheets(len(pages), even):
            lines, pages, leading = tightened, tight, TIGHT_LEADING
    if len(pages) > 1 and _short(pages[-1], page):
        pages = _balanced(lines, page, pages, leading)
    return [_draw_lines(placed, page, leading) for placed in pages]


def _sheets(pages: int, even: bool) -> int:
    """The pages a section takes once padded (to an even count, when ``even``)."""
    return pages + pages % 2 if even else pages


def _fill(
    lines: list[Line], page: Page, leading: float = LEADING, shorten: tuple[int, float] = (0, 0.0)
) -> list[Placed]:
    """Lines laid down page after page, a heading kept with what follows; ``shorten`` (page
    index, points) ends one page that much higher (see :func:`_balanced`)."""
    top = page.margin + TOP_ROOM
    bottom = page.height - page.margin
    pages: list[Placed] = [[]]
    y = top
    for block in _blocks(lines):
        limit = bottom - (shorten[1] if len(pages) - 1 == shorten[0] else 0.0)
        block_height = sum(item.space_before + item.size * leading for item in block)
        if y + block_height > limit and pages[-1]:
            pages.append([])
            y = top
        for item in block:
            y += (item.space_before if pages[-1] else 0.0) + item.size * leading
            pages[-1].append((y, item))
    return pages


def _blocks(lines: list[Line]) -> list[list[Line]]:
    """Lines grouped so that a heading (``keep_with_next``) shares a block with what follows."""
    blocks: list[list[Line]] = []
    pending: list[Line] = []
    for line in lines:
        pending.append(line)
        if not line.keep_with_next:
            blocks.append(pending)
            pending = []
    if pending:
        blocks.append(pending)
    return blocks


def _short(placed: Placed, page: Page) -> bool:
    """Whether a page's lines fill less than :data:`SHORT_TAIL` of its text area."""
    top = page.margin + TOP_ROOM
    room = page.height - page.margin - top
    return not placed or placed[-1][0] - top < SHORT_TAIL * room


def _tightened(line: Line) -> Line:
    return dataclasses.replace(line, space_before=line.space_before * TIGHT_SPACE)


def _balanced(
    lines: list[Line], page: Page, pages: list[Placed], leading: float = LEADING
) -> list[Placed]:
    """The same number of pages with blocks moved from the page before the last onto the last
    one, so that the two share their lines about evenly."""
    top = page.margin + TOP_ROOM
    before = pages[-2][-1][0] - top
    tail = pages[-1][-1][0] - top
    balanced = _fill(lines, page, leading, shorten=(len(pages) - 2, (before - tail) / 2))
    return balanced if len(balanced) == len(pages) else pages


def _draw_lines(placed: Placed, page: Page, leading: float = LEADING) -> str:
    """SVG text for lines at their baselines (the baseline sits a little above the line's foot)."""
    parts = []
    for bottom, line in placed:
        baseline = bottom - line.size * (leading - 1) - line.size * 0.2
        parts.append(
            draw.text(
                page.margin + line.indent,
                baseline,
                line.text,
                line.size,
                bold=line.bold,
                colour=line.colour,
            )
        )
        if line.right:
            parts.append(
                draw.text(
                    page.width - page.margin,
                    baseline,
                    line.right,
                    line.size,
                    bold=line.bold,
                    anchor="end",
                    colour=line.colour,
                )
            )
    return "".join(parts)
