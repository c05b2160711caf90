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


def paginate(lines: Iterable[Line], page: Page) -> list[str]:
    """Page bodies holding ``lines`` in order; at least one (possibly empty) page."""
    top = page.margin + TOP_ROOM
    bottom = page.height - page.margin
    pages: list[list[tuple[float, Line]]] = [[]]
    y = top
    pending: list[Line] = []
    for line in lines:
        pending.append(line)
        if line.keep_with_next:
            continue
        block_height = sum(item.height for item in pending)
        if y + block_height > bottom and pages[-1]:
            pages.append([])
            y = top
        for item in pending:
            first_on_page = not pages[-1]
            y += (0.0 if first_on_page else item.space_before) + item.size * LEADING
            pages[-1].append((y, item))
        pending = []
    for item in pending:
        y += item.height
        pages[-1].append((y, item))
    return [_draw_lines(placed, page) for placed in pages]


def _draw_lines(placed: list[tuple[float, Line]], page: Page) -> str:
    """SVG text for lines at their baselines (the baseline sits a little above the line's foot)."""
    parts = []
    for bottom, line in placed:
        baseline = bottom - line.size * (LEADING - 1) - line.size * 0.2
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
