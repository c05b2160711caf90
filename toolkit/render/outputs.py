"""The svg and png outputs: every map, counter face, chart and card side as drawn by the artwork
step.

PNG is rasterised from the very same SVG strings, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.artwork import Artwork, Drawing
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.workers import Workers


def drawings_by_path(artwork: Artwork) -> list[tuple[str, Drawing]]:
    """Every drawing with its path under svg/ and png/, without extension: maps/<map>,
    counters/<counter>-<face>, charts/<chart>, cards/<card>-front and cards/<card>-back."""
    paths = [(f"maps/{map_id}", art.drawing) for map_id, art in artwork.maps.items()]
    paths += [
        (f"counters/{counter_id}-{face}", drawing)
        for counter_id, art in artwork.counters.items()
        for face, drawing in art.faces.items()
    ]
    paths += [(f"charts/{chart_id}", art.drawing) for chart_id, art in artwork.charts.items()]
    for card_id, card in artwork.cards.items():
        paths += [(f"cards/{card_id}-front", card.front), (f"cards/{card_id}-back", card.back)]
    return paths


def svg_files(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> Iterator[tuple[str, bytes]]:
    """svg/maps/<map>.svg, svg/counters/<counter>-<face>.svg, svg/charts/<chart>.svg,
    svg/cards/<card>-front.svg and -back.svg."""
    for path, drawing in drawings_by_path(artwork):
        yield f"svg/{path}.svg", drawing.svg.encode("utf-8")


def png_files(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> Iterator[tuple[str, bytes]]:
    """png/… at the build's resolution (--dpi, else game.json's print.dpi), rasterised once by
    the artwork step for every output that shows pixels."""
    for path, drawing in drawings_by_path(artwork):
        if not drawing.png:
            raise ValueError(f"{path} was not rasterised: the png output must ask for pixels")
        yield f"png/{path}.png", drawing.png
