"""Tables and combat results tables laid out as a grid sized from their measured text.

A wargamer reads a CRT by finding a column, then a die roll, then one short result, often
across the table under poor light. So results are set bold and centred in columns of equal
width, every other row is tinted to guide the eye, and nothing is ever shrunk to fit: a
table with dozens of columns simply grows, and the kit decides how to put it on paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.catalogue import ENGLISH, Words
from toolkit.model.chart import Chart
from toolkit.model.values import contrasting_text
from toolkit.render.charts.layout import Body, Cell, Frame, Line, Rect, Stack, stack
from toolkit.render.charts.text import (
    BLACK,
    Anchor,
    Font,
    blend,
    cell_text,
    widest,
    wrap,
)

PAD_X: float = 4.0
PAD_Y: float = 2.5
LABEL_CAP: float = 2.5 * 72
"""The widest a row-label column grows before its labels wrap (points)."""
COLUMN_CAP: float = 1.75 * 72
"""The widest a result column grows before its cells wrap (points)."""

HEAD = Font(8.5, bold=True)
DIE = Font(8.0)
HEADER_FILL = "#d2d2d2"
LABEL_FILL = "#ebebeb"
BODY_FILL = "#ffffff"
ROW_TINT = 0.07
"""How far every other row is darkened: enough to follow a row, not enough to hide a shade."""
SHADED_HEADER = 0.15

METHODS = frozenset(("odds", "differential"))
"""CRT methods with a printed name: the message 'chart.method.<method>'."""


@dataclass(frozen=True, slots=True)
class TableStyle:
    """What differs between a CRT and a plain table."""

    label_font: Font
    result_font: Font
    label_align: Anchor
    uniform: bool
    """Equal column widths: a CRT's columns are steps of one scale and should look it."""
    min_column: float


CRT_STYLE = TableStyle(Font(9.0, bold=True), Font(9.0, bold=True), "middle", True, 28.0)
TABLE_STYLE = TableStyle(Font(8.5), Font(8.5), "start", False, 22.0)


@dataclass(frozen=True, slots=True)
class Grid:
    """Column widths and the header's parts, decided before any cell is placed."""

    label_width: float
    widths: tuple[float, ...]
    band_height: float
    header_height: float
    method: str = ""
    """The CRT's method as printed over its columns ('' for none)."""

    @property
    def width(self) -> float:
        """The whole table's width."""
        return self.label_width + sum(self.widths)

    def column_x(self, index: int) -> float:
        """The left edge of result column ``index``."""
        return self.label_width + sum(self.widths[:index])


def table_body(chart: Chart, say: Words = ENGLISH) -> Body:
    """A table or CRT: header (corner, optional method band, column labels), then its rows."""
    style = CRT_STYLE if chart.type == "crt" else TABLE_STYLE
    values = [
        [cell_text(_value(row.cells, j), say) for j in range(len(chart.columns))]
        for row in chart.rows
    ]
    grid = _grid(chart, style, values, say)
    cells = _header_cells(chart, grid)
    y = grid.header_height
    for index, row in enumerate(chart.rows):
        row_cells = _row_cells(chart, style, grid, index, row.label, values[index], y)
        cells.extend(row_cells)
        y += row_cells[0].rect.h
    frames = (
        Frame(Rect(0, 0, grid.width, y), 1.0),
        Frame(Rect(0, 0, grid.width, grid.header_height), 0.8),
        Frame(Rect(0, 0, grid.label_width, y), 0.8),
    )
    return Body(grid.width, y, tuple(cells), frames)


def _value(cells: tuple[str | float | int | None, ...], index: int) -> str | float | int | None:
    """A row's cell, tolerating a short row (the loader reports it; drawing must not crash)."""
    return cells[index] if index < len(cells) else None


def _grid(chart: Chart, style: TableStyle, values: list[list[str]], say: Words) -> Grid:
    """Column widths first, then header heights: labels wrap to the widths, never the reverse."""
    label_width = _label_width(chart, style)
    widths = _column_widths(chart, style, values)
    method = _method(chart, say)
    band = HEAD.line_height + 2 * PAD_Y if method else 0.0
    if method and sum(widths) < HEAD.width(method) + 2 * PAD_X:
        grow = (HEAD.width(method) + 2 * PAD_X - sum(widths)) / len(widths)
        widths = [w + grow for w in widths]
    labels = max(
        (len(_column_lines(c.label, w)) for c, w in zip(chart.columns, widths, strict=True)),
        default=1,
    )
    header = band + labels * HEAD.line_height + 2 * PAD_Y
    corner = _corner_stack(chart, label_width)
    header = max(header, (corner[0].height if corner else 0.0) + 2 * PAD_Y)
    return Grid(label_width, tuple(widths), band, header, method)


def _method(chart: Chart, say: Words) -> str:
    """The CRT's method as printed over its columns ('' for none)."""
    if chart.type != "crt" or not chart.columns or not chart.method:
        return ""
    if chart.method in METHODS:
        return say(f"chart.method.{chart.method}")
    return chart.method.capitalize()


def _label_width(chart: Chart, style: TableStyle) -> float:
    """Wide enough for the longest label and the corner, up to LABEL_CAP (then labels wrap)."""
    natural = max(
        [
            widest(wrap(row.label, style.label_font, float("inf")), style.label_font)
            for row in chart.rows
        ]
        + [widest(wrap(chart.row_header, HEAD, float("inf")), HEAD), DIE.width(chart.die or "")]
    )
    return min(max(natural + 2 * PAD_X, style.min_column), LABEL_CAP)


def _column_widths(chart: Chart, style: TableStyle, values: list[list[str]]) -> list[float]:
    """Each column as wide as its widest line (heading or cell) plus padding, within limits."""
    widths = []
    for j, column in enumerate(chart.columns):
        texts = [row[j] for row in values]
        natural = max(
            [widest(wrap(column.label, HEAD, float("inf")), HEAD)]
            + [widest(wrap(t, style.result_font, float("inf")), style.result_font) for t in texts]
        )
        widths.append(min(max(natural + 2 * PAD_X, style.min_column), COLUMN_CAP))
    if style.uniform and widths:
        widths = [max(widths)] * len(widths)
    return widths


def _column_lines(label: str, width: float) -> list[str]:
    return wrap(label, HEAD, width - 2 * PAD_X)


def _corner_stack(chart: Chart, label_width: float) -> tuple[Stack, ...]:
    """The corner names the row labels and the dice rolled on the table (e.g. 'Die', '1d6')."""
    lines = [Line(t, HEAD) for t in wrap(chart.row_header, HEAD, label_width - 2 * PAD_X)]
    lines += [Line(t, DIE) for t in wrap(chart.die or "", DIE, label_width - 2 * PAD_X)]
    if not lines:
        return ()
    return (Stack(tuple(lines), "middle", "middle", contrasting_text(HEADER_FILL)),)


def _header_cells(chart: Chart, grid: Grid) -> list[Cell]:
    """The corner, the CRT's method band over the columns, and one heading per column."""
    cells = [
        Cell(
            Rect(0, 0, grid.label_width, grid.header_height),
            HEADER_FILL,
            _corner_stack(chart, grid.label_width),
            PAD_X,
            PAD_Y,
        )
    ]
    method = grid.method
    if method:
        band = Rect(grid.label_width, 0, sum(grid.widths), grid.band_height)
        cells.append(Cell(band, HEADER_FILL, stack([method], HEAD, colour=BLACK), PAD_X, PAD_Y))
    for j, column in enumerate(chart.columns):
        fill = blend(column.shade, BLACK, SHADED_HEADER) if column.shade else HEADER_FILL
        rect = Rect(
            grid.column_x(j),
            grid.band_height,
            grid.widths[j],
            grid.header_height - grid.band_height,
        )
        lines = _column_lines(column.label, grid.widths[j])
        cells.append(
            Cell(rect, fill, stack(lines, HEAD, colour=contrasting_text(fill)), PAD_X, PAD_Y)
        )
    return cells


def _row_cells(
    chart: Chart, style: TableStyle, grid: Grid, index: int, label: str, values: list[str], y: float
) -> list[Cell]:
    """One row: its label cell then one centred cell per column, all of the row's height."""
    label_lines = wrap(label, style.label_font, grid.label_width - 2 * PAD_X)
    value_lines = [
        wrap(v, style.result_font, w - 2 * PAD_X) for v, w in zip(values, grid.widths, strict=True)
    ]
    count = max([len(label_lines), 1] + [len(lines) for lines in value_lines])
    height = count * max(style.label_font.line_height, style.result_font.line_height) + 2 * PAD_Y
    label_fill = _tint(LABEL_FILL, index)
    cells = [
        Cell(
            Rect(0, y, grid.label_width, height),
            label_fill,
            stack(
                label_lines,
                style.label_font,
                style.label_align,
                colour=contrasting_text(label_fill),
            ),
            PAD_X,
            PAD_Y,
        )
    ]
    for j, lines in enumerate(value_lines):
        fill = _tint(chart.columns[j].shade or BODY_FILL, index)
        cells.append(
            Cell(
                Rect(grid.column_x(j), y, grid.widths[j], height),
                fill,
                stack(lines, style.result_font, colour=contrasting_text(fill)),
                PAD_X,
                PAD_Y,
            )
        )
    return cells


def _tint(fill: str, index: int) -> str:
    """Every other row a shade darker, whatever its column's own colour."""
    return blend(fill, BLACK, ROW_TINT) if index % 2 else fill
