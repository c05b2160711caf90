"""Maps as SVG: terrain, hexsides, lines, features, labels, boxes, legend (to be drawn)."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.map import Map
from toolkit.render.svg import svg_document


def map_svg(game: Game, the_map: Map) -> str:
    """The map drawn as one standalone SVG document."""
    return svg_document(72, 72, "", title=the_map.name)
