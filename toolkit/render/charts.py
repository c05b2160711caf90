"""Charts as SVG: tables, CRTs, tracks and displays (to be drawn)."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.chart import Chart
from toolkit.render.svg import svg_document


def chart_svg(game: Game, chart: Chart) -> str:
    """The chart drawn as one standalone SVG document."""
    return svg_document(72, 72, "", title=chart.title)
