"""What one kit page is before it becomes PDF: its size, its SVG body, and the shared artwork on it.

Pages are planned first (pure values) and numbered afterwards, because every page says
"page N of M" and the cover lists where each section starts.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.catalogue import ENGLISH, Words
from toolkit.kit import draw
from toolkit.kit.paper import Page, Rect
from toolkit.render.svg import svg_document


@dataclass(frozen=True, slots=True)
class Placement:
    """A shared drawing (a map, a chart, a counter face) shown through a window of the page.

    The drawing is converted to PDF once and every page that shows part of it refers to that one
    Form XObject: a 40-tile map costs one map, not forty.
    """

    art: str
    """Key of the artwork: 'map:<id>', 'chart:<id>' or 'face:<hash of its SVG>'."""
    clip: Rect
    """The window on the page, in page coordinates."""
    x: float
    """Page position of the artwork's top-left corner (it may lie outside the window)."""
    y: float
    scale: float = 1.0
    rotate: int = 0
    """Degrees (clockwise, as in SVG) the drawing turns about the window's centre."""
    above: bool = False
    """Drawn over the page's own content rather than under it (counter faces over their bleed)."""


@dataclass(frozen=True, slots=True)
class Cut:
    """Where one piece is cut out: its trim box on the page and its corners' radius.

    A cutting plotter or a die maker follows these (the die lines), so they are the pieces'
    own trim boxes, not the sheet's crop marks.
    """

    rect: Rect
    radius: float = 0.0
    """Points; 0 for square corners (counters), half the side for a round counter (a circle)."""


@dataclass(frozen=True, slots=True)
class PagePlan:
    """One page of the kit, ready to number and convert."""

    page: Page
    section: str
    """What the cover's contents and the header call the part this page belongs to."""
    body: str
    """The page's own SVG content (marks, text, counters), drawn over any placements."""
    placements: tuple[Placement, ...] = ()
    label: str = ""
    """This page within its section ('sheet 1, fronts', 'valley A2'), shown in the header."""
    trim: Rect | None = None
    """Where the finished piece is cut (PDF TrimBox)."""
    bleed: Rect | None = None
    """How far the printing runs past the cut (PDF BleedBox)."""
    contents: tuple[str, ...] = ()
    """The cover's contents entries on this page, when it holds several (packed charts);
    empty: the page is listed under its section."""
    side_header: tuple[float, float, float] | None = None
    """Where the header runs up a side margin instead, when the top has no room (a card sheet
    filling a Letter page): (x of its baseline, top, bottom); see ``draw.side_header``."""
    cuts: tuple[Cut, ...] = ()
    """The die lines of the pieces on this page (fronts only: a die or a plotter cuts the
    printed sheet from its front)."""


def page_svg(plan: PagePlan, title: str, number: int, total: int, say: Words = ENGLISH) -> str:
    """The complete SVG document of a planned page, with its header."""
    section = f"{plan.section} — {plan.label}" if plan.label else plan.section
    page_of = say("kit.page.number", page=number, pages=total)
    if plan.side_header is not None:
        head = draw.side_header(plan.side_header, title, section, page_of)
    else:
        head = draw.header(plan.page, title, section, page_of)
    return svg_document(plan.page.width, plan.page.height, plan.body + head)


def section_pages(plans: list[PagePlan], first: int = 1) -> list[tuple[str, int, int]]:
    """(entry, first page, last page) for each contents entry in order of appearance: a page's
    section, or each of the entries of a page that holds several."""
    spans: dict[str, list[int]] = {}
    for number, plan in enumerate(plans, start=first):
        for entry in plan.contents or (plan.section,):
            spans.setdefault(entry, [number, number])[1] = number
    return [(section, low, high) for section, (low, high) in spans.items()]
