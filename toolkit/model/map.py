"""Maps and locations: every place a piece can be, with one label each."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from toolkit.geometry import (
    Hex,
    HexGrid,
    Square,
    SquareGrid,
    hex_distance,
    hex_neighbors,
    offset_to_square,
    square_distance,
    square_neighbors,
)
from toolkit.model.base import empty

Scalar = float | int | str | bool | None
LocationKey = str
"""'map:label' — the one name of a location everywhere (setups, rules, module, saved games)."""
LocationKind = Literal["hex", "square", "land", "sea", "box", "impassable", "cell"]

EMPTY: Mapping[str, Scalar] = empty()
EMPTY_VALUES: Mapping[str, float] = empty()


def location_key(map_id: str, label: str) -> LocationKey:
    """The key of a location: 'map:label'."""
    return f"{map_id}:{label}"


def parse_location_key(key: LocationKey) -> tuple[str, str]:
    """The map id and the label of a key: 'west:0712' → ('west', '0712').

    Map ids never hold a ':' but labels may (a track cell named '1:00'), so the first ':' splits.

    :raises ValueError: the key has no ':', or nothing on one side of it.
    """
    map_id, sep, label = key.partition(":")
    if not (sep and map_id and label):
        raise ValueError(f"location key {key!r} is not 'map:label'")
    return map_id, label


@dataclass(frozen=True, slots=True)
class Location:
    """A hex, square, area space, box or track cell."""

    key: LocationKey
    map_id: str
    """The map (or display chart) it is on."""
    label: str
    """Its label on that map: '0712', 'berlin', 'force-pool', 'turn-track/3'."""
    kind: LocationKind
    terrain: str | None = None
    name: str = ""
    """A printed name (the space's, or the feature's in the hex)."""
    owner: str | None = None
    parent: LocationKey | None = None
    hex: Hex | None = None
    """Hex maps: the axial coordinate (labels are only for people)."""
    column: int | None = None
    row: int | None = None
    """Hex and square maps: the printed column and row numbers."""
    values: Mapping[str, float] = empty()
    tags: frozenset[str] = frozenset()
    properties: Mapping[str, Scalar] = empty()

    def __hash__(self) -> int:
        """Locations are identified by key (their mappings cannot be hashed)."""
        return hash(("location", self.key))


@dataclass(frozen=True, slots=True)
class HexMapGrid:
    """A hex grid with its printed size."""

    grid: HexGrid
    hex_width: float
    """Points; flat: corner to corner, pointy: side to side."""
    hex_height: float
    half_hexes: bool = False
    type: Literal["hex"] = "hex"


@dataclass(frozen=True, slots=True)
class SquareMapGrid:
    """A square grid with its printed size."""

    grid: SquareGrid
    cell_size: float
    diagonal: bool = False
    type: Literal["square"] = "square"


@dataclass(frozen=True, slots=True)
class AreaMapGrid:
    """An area map: spaces with explicit adjacency, drawn in map units."""

    width: float
    """Printed width in points."""
    height: float
    extent: tuple[float, float]
    """The coordinate range that spans width × height."""
    style: Literal["areas", "nodes"] = "areas"
    type: Literal["area"] = "area"


Grid = HexMapGrid | SquareMapGrid | AreaMapGrid


@dataclass(frozen=True, slots=True)
class Hexside:
    """A feature on the side between two locations (or on a map edge: ``b`` is a direction)."""

    type: str
    a: str
    """Label of the first location."""
    b: str
    """Label of the second location, or a direction ('n', 'se'…) for a map-edge side."""
    name: str = ""
    edge: bool = False


@dataclass(frozen=True, slots=True)
class Line:
    """A railway, road… through a path of adjacent locations."""

    type: str
    path: tuple[str, ...]
    name: str = ""


CrossingType = Literal["bridge", "ford"]


@dataclass(frozen=True, slots=True)
class Crossing:
    """Where a road or railway crosses a hexside (a river), as data the maps draw and the rules
    read: a bridge carries zones of control, supply and road movement across; a ford does not.

    Every line that crosses a hexside makes a bridge unless the map declares a ford there; a
    map may also declare a bridge no line leads to.
    """

    type: CrossingType
    a: str
    """Label of the location on one side."""
    b: str
    """Label of the location on the other side."""
    lines: tuple[str, ...] = ()
    """The line types that cross here, in source order (none: a bridge of its own)."""
    name: str = ""


@dataclass(frozen=True, slots=True)
class Feature:
    """A city, port, capital, fortress… at a location."""

    type: str
    at: str
    """The label of its location."""
    id: str | None = None
    name: str = ""
    owner: str | None = None
    values: Mapping[str, float] = empty()
    tags: frozenset[str] = frozenset()
    properties: Mapping[str, Scalar] = empty()


@dataclass(frozen=True, slots=True)
class Adjacency:
    """One side of an area-map border."""

    to: str
    type: str
    """'land', 'sea', 'coast', or a hexside type id (strait, canal…)."""


@dataclass(frozen=True, slots=True)
class Space:
    """The drawing data of an area-map space (its rules data is on its Location)."""

    id: str
    name: str
    kind: Literal["land", "sea", "box", "impassable"]
    center: tuple[float, float] | None = None
    polygon: tuple[tuple[float, float], ...] | None = None
    """Its outline (the largest ring of a drawn shape), in map units."""
    rings: tuple[tuple[tuple[float, float], ...], ...] = ()
    """Every ring of a drawn shape, ``polygon`` first, then its islands and holes (filled
    even-odd); empty when the outline is the one polygon."""


@dataclass(frozen=True, slots=True)
class Box:
    """A box or track printed on a map."""

    id: str
    name: str
    at: tuple[float, float] | None = None
    width: float | None = None
    height: float | None = None
    cells: tuple[str, ...] = ()
    columns: int | None = None
    color: str | None = None
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class Link:
    """A connection from a location of this map to one on another map."""

    from_label: str
    to: LocationKey
    type: str = "adjacent"
    name: str = ""
    delay: int = 0


@dataclass(frozen=True, slots=True)
class MapStyle:
    """Drawing options: title, legend, compass, scale bar, hex numbers (lengths in points)."""

    margin: float = 18.0
    background: str = "white"
    title_position: str = "top-left"
    title_size: float | None = None
    legend_position: str = "bottom-right"
    compass: bool = False
    scale_label: str | None = None
    scale_hexes: int = 1
    numbers_position: str = "top"
    numbers_size: float | None = None
    numbers_color: str = "#333333"


@dataclass(frozen=True)
class Map:
    """One map: its grid, its locations by label, and what is drawn on it."""

    id: str
    name: str
    grid: Grid
    locations: Mapping[str, Location]
    """Label → location, in label order (hexes column by column, spaces as written)."""
    terrain_default: str | None = None
    hexsides: tuple[Hexside, ...] = ()
    lines: tuple[Line, ...] = ()
    crossings: tuple[Crossing, ...] = ()
    """Bridges and fords where lines cross hexsides, one per side."""
    features: tuple[Feature, ...] = ()
    spaces: tuple[Space, ...] = ()
    adjacency: Mapping[str, tuple[Adjacency, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Area maps: label → its borders."""
    boxes: tuple[Box, ...] = ()
    links: tuple[Link, ...] = ()
    style: MapStyle = MapStyle()
    properties: Mapping[str, Scalar] = empty()
    tags: frozenset[str] = frozenset()

    def location(self, label: str) -> Location:
        """The location with this label on this map.

        :raises KeyError: no such label.
        """
        return self.locations[label]

    # -- queries: each built on first use from an index, so a call costs O(neighbours) -----------

    def neighbours(self, label: str) -> tuple[str, ...]:
        """The labels adjacent to ``label`` on this map.

        Hexes: the (up to) six around it that exist on the map, in direction order. Squares: the
        orthogonal ones, and the diagonal ones when the grid says so. Area spaces: the declared
        borders, as written. Boxes and track cells have no neighbours.

        :raises KeyError: no such label.
        """
        location = self._known(label)
        if location.hex is not None:
            return tuple(self._by_hex[h] for h in hex_neighbors(location.hex) if h in self._by_hex)
        square = self._squares.get(label)
        if square is not None:
            return tuple(
                self._by_square[s]
                for s in square_neighbors(square, self._diagonal)
                if s in self._by_square
            )
        return tuple(self._borders.get(label, {}))

    def adjacent(self, a: str, b: str) -> bool:
        """True when ``a`` and ``b`` are neighbours on this map (see :meth:`neighbours`).

        :raises KeyError: either label is not on this map.
        """
        self._known(b)
        return b in self.neighbours(a)

    def border_type(self, a: str, b: str) -> str | None:
        """Area maps: the declared type of the border between two spaces ('land', 'strait'…).

        None when they share no border, and on hex and square maps (their sides are hexsides).
        :raises KeyError: either label is not on this map.
        """
        self._known(a)
        self._known(b)
        return self._borders.get(a, {}).get(b)

    def hexsides_between(self, a: str, b: str) -> tuple[Hexside, ...]:
        """Every hexside declared between ``a`` and ``b``, in either order (a river and a border
        may share a side); for a map-edge side, ``b`` is its direction ('n', 'se'…).

        :raises KeyError: ``a`` is not on this map.
        """
        self._known(a)
        return self._hexside_index.get(frozenset((a, b)), ())

    def hexside(self, a: str, b: str, type: str | None = None) -> Hexside | None:
        """The first hexside declared between ``a`` and ``b`` (of ``type`` when given), or None.

        :raises KeyError: ``a`` is not on this map.
        """
        sides = self.hexsides_between(a, b)
        return next((s for s in sides if type is None or s.type == type), None)

    def lines_between(self, a: str, b: str) -> tuple[Line, ...]:
        """Every line (road, railway…) that runs from ``a`` straight to ``b`` or back, i.e.
        has them one after the other on its path.

        :raises KeyError: ``a`` is not on this map.
        """
        self._known(a)
        return self._line_index.get(frozenset((a, b)), ())

    def crossing(self, a: str, b: str) -> Crossing | None:
        """The bridge or ford on the side between ``a`` and ``b`` (either order), or None.

        :raises KeyError: ``a`` is not on this map.
        """
        self._known(a)
        return self._crossing_index.get(frozenset((a, b)))

    def bridged(self, a: str, b: str) -> bool:
        """True when a bridge spans the side between ``a`` and ``b``.

        :raises KeyError: ``a`` is not on this map.
        """
        found = self.crossing(a, b)
        return found is not None and found.type == "bridge"

    def features_at(self, label: str) -> tuple[Feature, ...]:
        """The features at ``label``, in source order.

        :raises KeyError: no such label.
        """
        self._known(label)
        return self._feature_index.get(label, ())

    def distance(self, a: str, b: str) -> int:
        """Grid steps from ``a`` to ``b``: hexes on a hex map, squares on a square map (counting
        diagonal steps when the grid allows them).

        :raises KeyError: either label is not on this map.
        :raises ValueError: an area map, or a box or track cell (they have no place on the grid).
        """
        la, lb = self._known(a), self._known(b)
        if la.hex is not None and lb.hex is not None:
            return hex_distance(la.hex, lb.hex)
        sa, sb = self._squares.get(a), self._squares.get(b)
        if sa is not None and sb is not None:
            return square_distance(sa, sb, self._diagonal)
        off = b if la.hex is not None or sa is not None else a
        raise ValueError(
            f"{off!r} is not a hex or square of map {self.id!r}, so it has no grid distance"
        )

    def label_at(self, h: Hex) -> str | None:
        """The label of the hex at axial coordinate ``h`` on this map, or None (off the map)."""
        return self._by_hex.get(h)

    def _known(self, label: str) -> Location:
        try:
            return self.locations[label]
        except KeyError:
            raise KeyError(f"no location {label!r} on map {self.id!r}") from None

    @property
    def _diagonal(self) -> bool:
        return isinstance(self.grid, SquareMapGrid) and self.grid.diagonal

    @functools.cached_property
    def _by_hex(self) -> dict[Hex, str]:
        return {loc.hex: label for label, loc in self.locations.items() if loc.hex is not None}

    @functools.cached_property
    def _squares(self) -> dict[str, Square]:
        """Label → visual square, for the squares of a square map."""
        if not isinstance(self.grid, SquareMapGrid):
            return {}
        grid = self.grid.grid
        return {
            label: offset_to_square(grid, loc.column, loc.row)
            for label, loc in self.locations.items()
            if loc.kind == "square" and loc.column is not None and loc.row is not None
        }

    @functools.cached_property
    def _by_square(self) -> dict[Square, str]:
        return {square: label for label, square in self._squares.items()}

    @functools.cached_property
    def _borders(self) -> dict[str, dict[str, str]]:
        """Area maps: label → {neighbour: border type}, in declared order."""
        return {
            label: {entry.to: entry.type for entry in entries}
            for label, entries in self.adjacency.items()
        }

    @functools.cached_property
    def _hexside_index(self) -> dict[frozenset[str], tuple[Hexside, ...]]:
        index: dict[frozenset[str], tuple[Hexside, ...]] = {}
        for side in self.hexsides:
            pair = frozenset((side.a, side.b))
            index[pair] = (*index.get(pair, ()), side)
        return index

    @functools.cached_property
    def _line_index(self) -> dict[frozenset[str], tuple[Line, ...]]:
        index: dict[frozenset[str], tuple[Line, ...]] = {}
        for line in self.lines:
            for a, b in zip(line.path, line.path[1:], strict=False):
                pair = frozenset((a, b))
                if line not in index.get(pair, ()):
                    index[pair] = (*index.get(pair, ()), line)
        return index

    @functools.cached_property
    def _crossing_index(self) -> dict[frozenset[str], Crossing]:
        return {frozenset((c.a, c.b)): c for c in self.crossings}

    @functools.cached_property
    def _feature_index(self) -> dict[str, tuple[Feature, ...]]:
        index: dict[str, tuple[Feature, ...]] = {}
        for feature in self.features:
            index[feature.at] = (*index.get(feature.at, ()), feature)
        return index
