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
    """The boxes, ``wrap`` to a row, each a header band over an empty counter space."""
    boxes = chart.boxes
    per_row = max(1, chart.wrap or min(len(boxes), DEFAULT_WRAP))
    width = _box_width(boxes)
    band = (
        max([1] + [len(wrap(b.name, NAME, width - 2 * PAD)) for b in boxes]) * NAME.line_height
        + 2 * PAD
    )
    cells: list[Cell] = []
    frames: list[Frame] = []
    places: list[tuple[str, Rect]] = []
    for i, box in enumerate(boxes):
        row, column = divmod(i, per_row)
        x, y = column * (width + GAP), row * (band + BOX_BODY_H + GAP)
        cells.extend(_box_cells(game, box, Rect(x, y, width, band), width))
        frames.append(Frame(Rect(x, y, width, band + BOX_BODY_H), 1.0))
        places.append((box.id, Rect(x, y, width, band + BOX_BODY_H)))
    rows = -(-len(boxes) // per_row)
    body_w = min(len(boxes), per_row) * (width + GAP) - (GAP if boxes else 0.0)
    body_h = rows * (band + BOX_BODY_H + GAP) - (GAP if boxes else 0.0)
    return Body(
        body_w,
        body_h,
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


def _box_cells(game: Game, box: DisplayBox, band: Rect, width: float) -> list[Cell]:
    """The named band and the empty counter space under it."""
    band_fill, ink, body_fill = box_colours(game, box)
    name = stack(wrap(box.name, NAME, width - 2 * PAD), NAME, colour=ink)
    body = Rect(band.x, band.bottom, width, BOX_BODY_H)
    return [Cell(band, band_fill, name, PAD, PAD), Cell(body, body_fill, (), PAD, PAD)]


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
