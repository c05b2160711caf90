"""Charts as SVG: tables and CRTs, tracks and displays (see :mod:`toolkit.render.charts.draw`)."""

from __future__ import annotations

from toolkit.render.charts.draw import MARGIN, chart_svg, draw_chart

__all__ = ["MARGIN", "chart_svg", "draw_chart"]
