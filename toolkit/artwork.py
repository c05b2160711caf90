"""The game's drawings as typed values: what the build draws once and hands to every output.

The renderer fills these; the svg and png outputs write them, the kit places them on pages, and
a module writer can lay its boards and pieces out from them without drawing anything again or
reading an SVG: every size and position it needs is here, in points, as numbers.

Mappings here are plain dicts typed read-only: art is drawn in worker processes and sent back
by pickle, which read-only mapping proxies do not survive.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from toolkit.geometry import Layout, SquareLayout

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
class Artwork:
    """Every drawing of a game, by id, made once per build."""

    maps: Mapping[str, MapArt]
    counters: Mapping[str, CounterArt]
    charts: Mapping[str, ChartArt]
