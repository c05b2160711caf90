"""The svg and png outputs: every map, counter face and chart as written by the artwork step.

PNG is rasterised from the very same SVG strings, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.artwork import Artwork, Drawing
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.raster import svg_to_png
from toolkit.workers import Workers


def drawings_by_path(artwork: Artwork) -> list[tuple[str, Drawing]]:
    """Every drawing with its path under svg/ and png/, without extension: maps/<map>,
    counters/<counter>-<face>, charts/<chart>."""
    paths = [(f"maps/{map_id}", art.drawing) for map_id, art in artwork.maps.items()]
    paths += [
        (f"counters/{counter_id}-{face}", drawing)
        for counter_id, art in artwork.counters.items()
        for face, drawing in art.faces.items()
    ]
    paths += [(f"charts/{chart_id}", drawing) for chart_id, drawing in artwork.charts.items()]
    return paths


def svg_files(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> Iterator[tuple[str, bytes]]:
    """svg/maps/<map>.svg, svg/counters/<counter>-<face>.svg, svg/charts/<chart>.svg."""
    for path, drawing in drawings_by_path(artwork):
        yield f"svg/{path}.svg", drawing.svg.encode("utf-8")


def png_files(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> Iterator[tuple[str, bytes]]:
    """png/… at the DPI asked for (--dpi, else game.json's print.dpi)."""
    dpi = options.dpi or game.print.dpi
    paths = drawings_by_path(artwork)
    jobs = [(drawing.svg, dpi) for _, drawing in paths]
    chunk = max(1, len(jobs) // (workers.jobs * 8))
    pngs = workers.map(_rasterise, jobs, chunksize=chunk)
    for (path, _), png in zip(paths, pngs, strict=True):
        yield f"png/{path}.png", png


def _rasterise(game: Game, job: tuple[str, int]) -> bytes:
    svg, dpi = job
    return svg_to_png(svg, dpi)
