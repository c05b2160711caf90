"""Charts as SVG: tables, CRTs, tracks and displays, each under its title with its notes.

The document is exactly its content plus :data:`MARGIN`, in points, so the print-and-play
kit can scale or tile it onto a page knowing its real size. Text is never shrunk to fit:
a big chart makes a big drawing, and every text stays at least
:data:`toolkit.render.charts.text.MIN_SIZE`.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.artwork import Drawing, MapPlacement
from toolkit.catalogue import words
from toolkit.model import Game
from toolkit.model.chart import Chart
from toolkit.render.charts.display import display_body
from toolkit.render.charts.layout import Body, draw_body
from toolkit.render.charts.table import table_body
from toolkit.render.charts.tec import tec_table
from toolkit.render.charts.text import Font, text_element, widest, wrap
from toolkit.render.charts.track import track_body
from toolkit.render.svg import attrs, declared_size, svg_document

MARGIN: float = 6.0
TITLE = Font(11.0, bold=True)
CITE = Font(7.0)
NOTE = Font(7.5)
TITLE_MIN_W: float = 3.0 * 72
"""A title wraps only beyond this width or the chart's, whichever is wider."""
NOTES_MIN_W: float = 3.0 * 72
NOTES_MAX_W: float = 7.0 * 72
"""Notes wrap to the chart's width, but never into lines too short or too long to read."""
CITE_GAP: float = 12.0
TITLE_GAP: float = 5.0
NOTES_GAP: float = 5.0
PARAGRAPH_GAP: float = 2.0
GREY = "#555555"


@dataclass(frozen=True, slots=True)
class Heading:
    """The title lines, and the rule citation either beside the last line or under them."""

    lines: tuple[str, ...]
    cite: str
    cite_beside: bool
    width: float

    @property
    def height(self) -> float:
        """Title lines plus a cite line when the cite does not fit beside the title."""
        cite_line = CITE.line_height if self.cite and not self.cite_beside else 0.0
        return len(self.lines) * TITLE.line_height + cite_line


def chart_svg(game: Game, chart: Chart) -> str:
    """The chart drawn as one standalone SVG document, sized to its content."""
    return draw_chart(game, chart)[0].svg


def draw_chart(game: Game, chart: Chart) -> tuple[Drawing, MapPlacement]:
    """The chart as a drawing sized to its content, and where its places (track cells,
    display boxes) sit on it."""
    body = chart_body(game, chart)
    heading = _heading(chart, body.width)
    notes = _notes(chart, max(body.width, heading.width))
    width = max(body.width, heading.width, widest([line for p in notes for line in p], NOTE))
    body_y = MARGIN + heading.height + TITLE_GAP
    notes_y = body_y + body.height + NOTES_GAP
    bottom = notes_y + _notes_height(notes) if notes else body_y + body.height
    height = bottom - MARGIN
    paper = attrs(width=width + 2 * MARGIN, height=height + 2 * MARGIN, fill="#ffffff")
    parts = [
        f"<rect{paper}/>",
        _draw_heading(heading, width),
        draw_body(body, MARGIN, body_y),
        _draw_notes(notes, notes_y),
    ]
    size = (width + 2 * MARGIN, height + 2 * MARGIN)
    drawing = Drawing(svg_document(*size, "".join(parts), title=chart.title), *declared_size(*size))
    return drawing, _placement(body, MARGIN, body_y, size)


def _placement(body: Body, dx: float, dy: float, size: tuple[float, float]) -> MapPlacement:
    """The body's places moved to where the body is drawn."""
    centres = {}
    outlines = {}
    for label, rect in body.places:
        x, y = rect.x + dx, rect.y + dy
        centres[label] = (x + rect.w / 2, y + rect.h / 2)
        outlines[label] = (
            (x, y),
            (x + rect.w, y),
            (x + rect.w, y + rect.h),
            (x, y + rect.h),
        )
    return MapPlacement((0.0, 0.0, size[0], size[1]), centres=centres, outlines=outlines)


def chart_body(game: Game, chart: Chart) -> Body:
    """The chart without title or notes, laid out from the origin."""
    if chart.type == "track":
        return track_body(chart)
    if chart.type == "display":
        return display_body(game, chart)
    if chart.type == "tec":
        return table_body(tec_table(game, chart), words(game.language))
    return table_body(chart, words(game.language))


def _heading(chart: Chart, body_width: float) -> Heading:
    """The title wrapped to the chart (or TITLE_MIN_W), and where its citation fits."""
    lines = wrap(chart.title, TITLE, max(body_width, TITLE_MIN_W))
    width = max(body_width, widest(lines, TITLE))
    if not chart.cite:
        return Heading(tuple(lines), "", False, width)
    cite_w = CITE.width(chart.cite)
    last = TITLE.width(lines[-1]) if lines else 0.0
    if last + CITE_GAP + cite_w <= width:
        return Heading(tuple(lines), chart.cite, True, width)
    return Heading(tuple(lines), chart.cite, False, max(width, cite_w))


def _draw_heading(heading: Heading, width: float) -> str:
    """Title lines from the top margin; the cite right-aligned beside the last, or under it."""
    parts = []
    y = MARGIN
    for line in heading.lines:
        parts.append(text_element(MARGIN, y + TITLE.ascent, line, TITLE))
        y += TITLE.line_height
    if heading.cite and heading.cite_beside:
        baseline = y - TITLE.line_height + TITLE.ascent
        parts.append(text_element(MARGIN + width, baseline, heading.cite, CITE, "end", GREY))
    elif heading.cite:
        parts.append(text_element(MARGIN, y + CITE.ascent, heading.cite, CITE, colour=GREY))
    return "".join(parts)


def _notes(chart: Chart, width: float) -> list[list[str]]:
    """Each note as its lines, wrapped to the chart's width within readable limits."""
    measure = min(max(width, NOTES_MIN_W), NOTES_MAX_W)
    return [lines for lines in (wrap(note, NOTE, measure) for note in chart.notes) if lines]


def _notes_height(notes: list[list[str]]) -> float:
    """All note lines plus a small gap between notes, so each reads as its own paragraph."""
    lines = sum(len(p) for p in notes)
    return lines * NOTE.line_height + (len(notes) - 1) * PARAGRAPH_GAP


def _draw_notes(notes: list[list[str]], top: float) -> str:
    """The notes, left-aligned under the chart."""
    parts = []
    y = top
    for paragraph in notes:
        for line in paragraph:
            parts.append(text_element(MARGIN, y + NOTE.ascent, line, NOTE))
            y += NOTE.line_height
        y += PARAGRAPH_GAP
    return "".join(parts)
