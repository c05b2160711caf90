"""The game's drawings as typed values: what the build draws once and hands to every output.

The renderer fills these; the svg and png outputs write them, the kit places them on pages, and
a module writer can lay its boards and pieces out from them without drawing anything again or
reading an SVG: every size and position it needs is here, in points, as numbers.

Mappings here are plain dicts typed read-only: art is drawn in worker processes and sent back
by pickle, which read-only mapping proxies do not survive.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from toolkit.geometry import Layout, SquareLayout
from toolkit.geometry.layout import Orientation

Point = tuple[float, float]
"""(x, y) in points from the drawing's top-left corner, y growing down."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """One standalone SVG document, its size in points, and (once rasterised) its PNG."""

    svg: str
    width: float
    height: float
    png: bytes = b""
    """The same drawing as PNG at the build's resolution; empty until an output needs it."""


@dataclass(frozen=True, slots=True)
class MapPlacement:
    """Where the playing area and every location of a map sit on its drawing."""

    frame: tuple[float, float, float, float]
    """The playing area: left, top, right, bottom."""
    layout: Layout | None = None
    """Hex maps: the layout that turns axial hexes into page points (origin included)."""
    squares: SquareLayout | None = None
    """Square maps: the same for squares."""
    centres: Mapping[str, Point] = field(default_factory=dict)
    """Location label → its centre, for every hex, square, space, box and track cell drawn."""
    outlines: Mapping[str, tuple[Point, ...]] = field(default_factory=dict)
    """Location label → its outline as drawn (hex and square corners, an area's polygon or
    schematic cell, a box's or cell's rectangle); absent where nothing outlines it."""
    stacks: Mapping[str, Point] = field(default_factory=dict)
    """Area spaces: where a stack of pieces sits clear of every printed name and symbol."""
    marks: tuple[tuple[float, float, float, float], ...] = ()
    """Boxes (left, top, right, bottom) of everything printed that is no location's outline:
    names, numbers, symbols, stretches of lines, the title and the legend."""
    names: tuple[tuple[float, float, float, float], ...] = ()
    """Boxes (left, top, right, bottom) of the printed words among the marks (names, numbers,
    values), which a tiled map's cuts had better not split."""
    blocks: tuple[tuple[float, float, float, float], ...] = ()
    """Boxes (left, top, right, bottom) of the framed panels that say what the map is (the title
    block, the legend), which a tiled map's cuts must not cross."""
    boxes: tuple[tuple[float, float, float, float], ...] = ()
    """Boxes (left, top, right, bottom) of the boxes and tracks printed on the map, which a
    tiled map's cuts must not cross either, where they can keep off the ``blocks`` too."""
    cells: tuple[tuple[float, float, float, float], ...] = ()
    """The tracks' cells, each a little inside the sides it shares with a neighbour: a cut
    that must cross a track runs between two of them."""


@dataclass(frozen=True, slots=True)
class MapArt:
    """A drawn map."""

    drawing: Drawing
    placement: MapPlacement


@dataclass(frozen=True, slots=True)
class ChartArt:
    """A drawn chart, and where its places (track cells, display boxes) sit on it."""

    drawing: Drawing
    placement: MapPlacement
    """Centres and outlines of the chart's locations, by label; empty for a table."""


@dataclass(frozen=True, slots=True)
class CounterArt:
    """Every face of one counter, drawn at the counter's size."""

    faces: Mapping[str, Drawing]
    """Face id ('front', 'back', 'hidden', 'step-N') → its drawing, in the model's face order."""


@dataclass(frozen=True, slots=True)
class CardArt:
    """A card's face and back, drawn at the card's trim size (bleed is the kit's)."""

    front: Drawing
    back: Drawing


@dataclass(frozen=True, slots=True)
class Artwork:
    """Every drawing of a game, by id, made once per build."""

    maps: Mapping[str, MapArt]
    counters: Mapping[str, CounterArt]
    charts: Mapping[str, ChartArt]
    cards: Mapping[str, CardArt] = field(default_factory=dict)
    """Card id → its face and back."""


# -- as plain data, for the build's cache ------------------------------------------------------


def placement_data(placement: MapPlacement) -> dict[str, Any]:
    """The placement as JSON-ready data; floats keep every bit (JSON writes their shortest
    exact form), so a placement read back is equal to the one drawn."""
    return {
        "frame": list(placement.frame),
        "layout": asdict(placement.layout) if placement.layout else None,
        "squares": asdict(placement.squares) if placement.squares else None,
        "centres": {k: list(v) for k, v in placement.centres.items()},
        "outlines": {k: [list(p) for p in v] for k, v in placement.outlines.items()},
        "stacks": {k: list(v) for k, v in placement.stacks.items()},
        "marks": [list(m) for m in placement.marks],
        "names": [list(m) for m in placement.names],
        "blocks": [list(m) for m in placement.blocks],
        "boxes": [list(m) for m in placement.boxes],
        "cells": [list(m) for m in placement.cells],
    }


def placement_from_data(data: Mapping[str, Any]) -> MapPlacement:
    """A placement from :func:`placement_data`'s output.

    :raises ValueError: the data is not such output (a damaged or foreign cache entry).
    """
    try:
        layout = data["layout"]
        squares = data["squares"]
        return MapPlacement(
            frame=_point4(data["frame"]),
            layout=(
                Layout(**{**layout, "orientation": Orientation(**layout["orientation"])})
                if layout is not None
                else None
            ),
            squares=SquareLayout(**squares) if squares is not None else None,
            centres={str(k): _point(v) for k, v in data["centres"].items()},
            outlines={str(k): tuple(_point(p) for p in v) for k, v in data["outlines"].items()},
            stacks={str(k): _point(v) for k, v in data["stacks"].items()},
            marks=tuple(_point4(m) for m in data["marks"]),
            names=tuple(_point4(m) for m in data["names"]),
            blocks=tuple(_point4(m) for m in data["blocks"]),
            boxes=tuple(_point4(m) for m in data["boxes"]),
            cells=tuple(_point4(m) for m in data["cells"]),
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a map placement: {error}") from None


def _point(value: Any) -> Point:
    x, y = value
    return (float(x), float(y))


def _point4(value: Any) -> tuple[float, float, float, float]:
    left, top, right, bottom = value
    return (float(left), float(top), float(right), float(bottom))
