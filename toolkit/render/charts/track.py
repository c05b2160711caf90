"""Tracks (turn records, money, morale) laid out as rows of equal cells a counter sits on.

A track cell is a place, not a label: a ½"–⅝" marker must sit in it, so cells are at least
:data:`CELL_MIN` on a side and all the same size (a marker moved along the track should
never fall between sizes). The label sits at the top, a note (reinforcements, weather) in
small type at the bottom, and the middle stays clear for the counter.
"""

from __future__ import annotations

from toolkit.model.chart import Chart, TrackCell
from toolkit.model.values import contrasting_text
from toolkit.render.charts.layout import Body, Cell, Rect, stack
from toolkit.render.charts.text import Font, longest_word, wrap

CELL_MIN: float = 0.65 * 72
"""The smallest cell side (points): room for a 5/8in counter with a hair to spare."""
NOTE_CELL_MAX: float = 1.25 * 72
"""The widest a cell grows so that its notes take fewer lines."""
NOTE_LINES: int = 4
"""Notes longer than this many lines make the cells wider (up to NOTE_CELL_MAX)."""
PAD: float = 3.0
ROW_GAP: float = 6.0
"""Space between wrapped rows, so each row reads as one strip."""
DEFAULT_WRAP: int = 10
LONG_TRACK: int = 20
"""Without a ``wrap``, tracks up to this many cells stay on one row; longer ones wrap by tens."""

LABEL = Font(10.0, bold=True)
NOTE = Font(6.5)
CELL_FILL = "#ffffff"
GRID = "#333333"


def track_body(chart: Chart) -> Body:
    """The track's cells, ``wrap`` to a row, left to right and top to bottom."""
    cells = chart.cells
    per_row = max(1, chart.wrap or (len(cells) if len(cells) <= LONG_TRACK else DEFAULT_WRAP))
    width = _cell_width(cells)
    height = max([width] + [_content_height(c, width) for c in cells])
    drawn = []
    places = []
    for i, cell in enumerate(cells):
        row, column = divmod(i, per_row)
        rect = Rect(column * width, row * (height + ROW_GAP), width, height)
        drawn.append(_cell(cell, rect))
        places.append((cell.label, rect))
    rows = -(-len(cells) // per_row)
    body_w = min(len(cells), per_row) * width
    body_h = rows * height + max(rows - 1, 0) * ROW_GAP
    return Body(body_w, body_h, tuple(drawn), grid=GRID, grid_width=0.75, places=tuple(places))


def _cell_width(cells: tuple[TrackCell, ...]) -> float:
    """The one width for all cells: the label's longest word must fit; notes may widen it."""
    base = max(
        [CELL_MIN]
        + [longest_word(c.label, LABEL) + 2 * PAD for c in cells]
        + [longest_word(c.note, NOTE) + 2 * PAD for c in cells]
    )
    notes = [c.note for c in cells if c.note]
    width = base
    while width < NOTE_CELL_MAX and any(
        len(wrap(n, NOTE, width - 2 * PAD)) > NOTE_LINES for n in notes
    ):
        width += 2.0
    return width


def _content_height(cell: TrackCell, width: float) -> float:
    """The height a cell's label and note need at this width (the cell may be taller)."""
    labels = len(wrap(cell.label, LABEL, width - 2 * PAD))
    notes = len(wrap(cell.note, NOTE, width - 2 * PAD))
    gap = PAD if notes else 0.0
    return labels * LABEL.line_height + gap + notes * NOTE.line_height + 2 * PAD


def _cell(cell: TrackCell, rect: Rect) -> Cell:
    """Label at the top, note at the bottom: the middle is where the marker sits."""
    fill = cell.shade or CELL_FILL
    ink = contrasting_text(fill)
    inner = rect.w - 2 * PAD
    texts = stack(wrap(cell.label, LABEL, inner), LABEL, valign="top", colour=ink) + stack(
        wrap(cell.note, NOTE, inner), NOTE, valign="bottom", colour=ink
    )
    return Cell(rect, fill, texts, PAD, PAD)
