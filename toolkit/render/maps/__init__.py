"""Maps as SVG: hex, square and area maps, with everything a wargamer expects printed on them.

:func:`draw_map` returns the drawing and where every location landed on it; the modules
beside it each draw one part (see :mod:`toolkit.render.maps.draw`).
"""

from __future__ import annotations

from toolkit.render.maps.draw import MapDrawing, draw_map, map_svg

__all__ = ["MapDrawing", "draw_map", "map_svg"]
