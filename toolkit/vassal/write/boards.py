"""Our maps as VASSAL boards: the drawn map as the board image, and a grid that names places.

Everything comes from the build's artwork: the map's PNG (its pixels) and its placement (where
the drawing put every location, in points). Hex and square maps get a numbered grid under which
VASSAL calls every hex what the map prints (:mod:`toolkit.vassal.format.numbering`); area spaces,
boxes and track cells become zones shaped as they are drawn and named as we name them, so the
chat log says "moves to Berlin". Where a grid's labels cannot be numbered by VASSAL, every hex
becomes a named region instead.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping, Sequence

from toolkit.artwork import MapArt
from toolkit.geometry import point_in_polygon
from toolkit.model import Game
from toolkit.model.map import AreaMapGrid, Grid, HexMapGrid, Location, Map, SquareMapGrid
from toolkit.vassal.format.layout import (
    Board,
    Pixel,
    Region,
    Zone,
    place_name,
    unique_place_names,
)
from toolkit.vassal.format.numbering import (
    NUMBERED_FROM,
    GridNumbering,
    NumberingError,
    hex_numbering,
    square_numbering,
    visual_centres,
)


def pixel_size(width: float, height: float, dpi: int) -> Pixel:
    """The pixel size of a drawing of ``width`` × ``height`` points rasterised at ``dpi``: what
    a board measures when only its placement is wanted (reading a saved game), not its image.

    :raises ValueError: no resolution to measure at.
    """
    if dpi <= 0:
        raise ValueError("a board without its image needs the resolution it was drawn at")
    # Halves round up, as the rasteriser rounds them (Python's round() would make 2462.5 2462).
    return math.floor(width * dpi / 72 + 0.5), math.floor(height * dpi / 72 + 0.5)


def png_size(png: bytes) -> Pixel:
    """Width and height of a PNG, read from its header.

    :raises ValueError: not a PNG.
    """
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def build_board(the_map: Map, art: MapArt, name: str, piece_height: int = 0, dpi: int = 0) -> Board:
    """The board of one map, from its drawing and placement (``piece_height``: a typical
    counter's height in pixels, to keep pieces off a space's printed name; ``dpi``: the
    resolution, when the drawing was not rasterised)."""
    image = f"map-{the_map.id}.png"
    return board_of(
        the_map.id, the_map.locations, the_map.grid, art, name, image, piece_height, dpi
    )


def board_of(
    place_id: str,
    locations: Mapping[str, Location],
    grid: Grid | None,
    art: MapArt,
    name: str,
    image: str,
    piece_height: int = 0,
    dpi: int = 0,
) -> Board:
    """The board of a map or of a chart with places (a track, a display; no grid)."""
    png = art.drawing.png
    size = png_size(png) if png else pixel_size(art.drawing.width, art.drawing.height, dpi)
    scale = (size[0] / art.drawing.width, size[1] / art.drawing.height)
    placement = art.placement
    centres = {
        label: _spot(label, (x * scale[0], y * scale[1]), locations, art, scale, piece_height)
        for label, (x, y) in placement.centres.items()
    }
    numbering = _numbering(grid, art, scale, size)
    names = unique_place_names(locations)
    zones = _zones(locations, names, art, scale, _nested_squares(locations, centres, piece_height))
    outlined = {zone.name for zone in zones}
    regions = tuple(
        Region(names[label], at, label)
        for label, at in centres.items()
        if label in locations
        and names[label] not in outlined
        and (numbering is None or locations[label].kind not in ("hex", "square"))
    )
    return Board(place_id, name, image, png, size, numbering, zones, regions, centres)


AREA_KINDS = ("land", "sea", "impassable")


def _spot(
    label: str,
    centre: tuple[float, float],
    locations: Mapping[str, Location],
    art: MapArt,
    scale: tuple[float, float],
    piece_height: int,
) -> Pixel:
    """Where pieces sit in a location: its centre, except in an area space, whose name is
    printed at its centre: there they sit where the drawing left room for a stack, clear of
    every printed name and symbol, or else below the name, if that is still inside the space."""
    x, y = centre
    location = locations.get(label)
    stack = art.placement.stacks.get(label)
    if stack is not None and location is not None and location.kind in AREA_KINDS:
        return round(stack[0] * scale[0]), round(stack[1] * scale[1])
    outline = art.placement.outlines.get(label)
    if location is not None and location.kind in AREA_KINDS and outline and piece_height:
        below = y + 0.7 * piece_height
        polygon = [(px * scale[0], py * scale[1]) for px, py in outline]
        if point_in_polygon(x, below, polygon):
            y = below
    return round(x), round(y)


def _numbering(
    grid: Grid | None, art: MapArt, scale: tuple[float, float], size: Pixel
) -> GridNumbering | None:
    """The numbered grid of a hex or square map, or None (area maps, or labels VASSAL cannot
    number: those hexes become regions)."""
    placement = art.placement
    try:
        if isinstance(grid, HexMapGrid) and placement.layout is not None:
            centres = visual_centres(grid.grid, placement.layout, scale, NUMBERED_FROM)
            return hex_numbering(grid.grid, centres, size)
        if isinstance(grid, SquareMapGrid) and placement.squares is not None:
            centres = visual_centres(grid.grid, placement.squares, scale, NUMBERED_FROM)
            return square_numbering(grid.grid, centres, size)
    except NumberingError:
        return None
    return None


def _zones(
    locations: Mapping[str, Location],
    names: Mapping[str, str],
    art: MapArt,
    scale: tuple[float, float],
    nested: Mapping[str, tuple[Pixel, ...]],
) -> tuple[Zone, ...]:
    """Zones for every outlined space, box and cell, and for each nested space drawn as a
    plate inside its parent; nested and smaller ones first, because VASSAL names a point by
    the first zone that holds it."""
    found: list[tuple[float, int, Zone]] = []
    paths = {
        label: tuple((round(x * scale[0]), round(y * scale[1])) for x, y in outline)
        for label, outline in art.placement.outlines.items()
    }
    for index, (label, path) in enumerate({**nested, **paths}.items()):
        location = locations.get(label)
        if location is None or location.kind in ("hex", "square"):
            continue
        found.append((_area(path), index, Zone(names[label], path, label)))
    return tuple(zone for _, _, zone in sorted(found, key=lambda item: (item[0], item[1])))


def _nested_squares(
    locations: Mapping[str, Location], spots: Mapping[str, Pixel], piece_height: int
) -> dict[str, tuple[Pixel, ...]]:
    """A square a piece and a half wide around where pieces sit in each nested space (a
    fortress inside its area), which has no outline of its own: without a zone of its own,
    VASSAL would name a piece set there after the area around it."""
    half = round(max(piece_height, NESTED_MIN_PX) * 0.75)
    return {
        label: (
            (x - half, y - half),
            (x + half, y - half),
            (x + half, y + half),
            (x - half, y + half),
        )
        for label, (x, y) in spots.items()
        if label in locations and locations[label].parent is not None
    }


NESTED_MIN_PX = 32
"""The least side of a nested space's square, where a map has no piece size (a chart)."""


def _area(path: tuple[Pixel, ...]) -> float:
    """The polygon's area (shoelace), to order zones from small to large."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(path, path[1:] + path[:1], strict=True):
        total += x0 * y1 - x1 * y0
    return abs(total) / 2


def is_area_map(the_map: Map) -> bool:
    """An area map: places are spaces, not a grid."""
    return isinstance(the_map.grid, AreaMapGrid)


# -- places as VASSAL names them ----------------------------------------------------------------

Places = dict[str, tuple[str, dict[str, Location]]]
"""Board name → (its map or chart id, VASSAL location name → a location of the game there)."""


def board_places(game: Game, boards: Sequence[Board]) -> Places:
    """Every location of the game under the name VASSAL gives it, board by board."""
    by_place: dict[str, list[Location]] = {}
    for location in game.locations.values():
        by_place.setdefault(location.map_id, []).append(location)
    found: Places = {}
    for board in boards:
        named_as = {zone.label: zone.name for zone in board.zones if zone.label}
        named_as |= {region.label: region.name for region in board.regions if region.label}
        names: dict[str, Location] = {}
        for location in by_place.get(board.map_id, []):
            if location.label in named_as:
                name = named_as[location.label]
            elif board.numbering is not None and location.kind in ("hex", "square"):
                name = location.label
            else:
                name = place_name(location)
            names.setdefault(name, location)
        found[board.name] = (board.map_id, names)
    return found


def vassal_places(game: Game, boards: Sequence[Board]) -> dict[str, tuple[str, str]]:
    """Location key → (board name, location name) as VASSAL names the place."""
    where: dict[str, tuple[str, str]] = {}
    for board, (_, named) in board_places(game, boards).items():
        for name, location in named.items():
            where.setdefault(location.key, (board, name))
    return where


def place_names(game: Game, boards: Sequence[Board]) -> dict[str, str]:
    """Location key → the name VASSAL gives the place."""
    return {key: name for key, (_, name) in vassal_places(game, boards).items()}
