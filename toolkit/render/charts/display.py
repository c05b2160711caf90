"""Displays (force pools, holding boxes) laid out as a grid of framed boxes.

Each box is a location pieces are put in, so its body is empty space sized for a few
counters; its header band carries the name in the owner's faction colour, which is how
players at a table tell at a glance whose pool is whose.
"""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.chart import Chart, DisplayBox
from toolkit.model.values import contrasting_text
from toolkit.render.charts.layout import Body, Cell, Frame, Rect, stack
from toolkit.render.charts.text import BLACK, Font, blend, longest_word, widest, wrap

BOX_MIN_W: float = 2.0 * 72
"""A box is at least this wide (points): three 5/8in counters side by side, with margins."""
BOX_MAX_W: float = 3.0 * 72
"""Names longer than this wrap onto more lines rather than widen every box."""
BOX_BODY_H: float = 1.25 * 72
"""The counter space under the band: two rows of 5/8in counters."""
PAD: float = 4.0
GAP: float = 8.0
DEFAULT_WRAP: int = 4

NAME = Font(9.0, bold=True)
NEUTRAL_BAND = "#6e6e6e"
BODY_FILL = "#ffffff"
BODY_TINT = 0.85
"""How pale an owner's colour becomes as the fill of its box: visible, and counters stand out."""
COLOURED_BAND = 0.3


def display_body(game: Game, chart: Chart) -> Body:
    """The boxes, ``wrap`` to a row, each a header band over an empty counter space.

    Boxes share one width and one height unless a box gives its own (a force pool sized for
    every block of its power); a row is as tall as its tallest box, so the grid stays tidy.
    """
    boxes = chart.boxes
    per_row = max(1, chart.wrap or min(len(boxes), DEFAULT_WRAP))
    common = _box_width(boxes)
    widths = [box.width or common for box in boxes]
    band = (
        max(
            [1] + [len(wrap(b.name, NAME, w - 2 * PAD)) for b, w in zip(boxes, widths, strict=True)]
        )
        * NAME.line_height
        + 2 * PAD
    )
    cells: list[Cell] = []
    frames: list[Frame] = []
    places: list[tuple[str, Rect]] = []
    y, body_w = 0.0, 0.0
    for start in range(0, len(boxes), per_row):
        row = range(start, min(start + per_row, len(boxes)))
        x = 0.0
        for i in row:
            box, width = boxes[i], widths[i]
            rect = Rect(x, y, width, band + (box.height or BOX_BODY_H))
            cells.extend(_box_cells(game, box, rect, band))
            frames.append(Frame(rect, 1.0))
            places.append((box.id, rect))
            x += width + GAP
        body_w = max(body_w, x - GAP)
        y += band + max(boxes[i].height or BOX_BODY_H for i in row) + GAP
    return Body(
        body_w,
        y - (GAP if boxes else 0.0),
        tuple(cells),
        tuple(frames),
        grid="#444444",
        grid_width=0.5,
        places=tuple(places),
    )


def _box_width(boxes: tuple[DisplayBox, ...]) -> float:
    """One width for all boxes: a tidy grid, wide enough for the longest name up to a cap."""
    natural = max([widest(wrap(b.name, NAME, float("inf")), NAME) for b in boxes], default=0.0)
    words = max([longest_word(b.name, NAME) for b in boxes], default=0.0)
    return max(BOX_MIN_W, min(natural + 2 * PAD, BOX_MAX_W), min(words + 2 * PAD, BOX_MAX_W))


def _box_cells(game: Game, box: DisplayBox, rect: Rect, band: float) -> list[Cell]:
    """The named band and the empty counter space under it."""
    band_fill, ink, body_fill = box_colours(game, box)
    name = stack(wrap(box.name, NAME, rect.w - 2 * PAD), NAME, colour=ink)
    body = Rect(rect.x, rect.y + band, rect.w, rect.h - band)
    return [
        Cell(Rect(rect.x, rect.y, rect.w, band), band_fill, name, PAD, PAD),
        Cell(body, body_fill, (), PAD, PAD),
    ]


def box_colours(game: Game, box: DisplayBox) -> tuple[str, str, str]:
    """(band, band text, body) colours: the owner's colours, else the box's own, else grey."""
    if box.owner:
        faction = game.faction(box.owner)
        body = box.color or blend(faction.color, "#ffffff", BODY_TINT)
        return faction.color, faction.text_color, body
    if box.color:
        band = blend(box.color, BLACK, COLOURED_BAND)
        return band, contrasting_text(band), box.color
    return NEUTRAL_BAND, contrasting_text(NEUTRAL_BAND), BODY_FILL
