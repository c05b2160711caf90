"""Our module's boards read back from its build file: which map each VASSAL map is, its grid
numbering, and its zones and regions, with the place each of them names.

Reading a save or log back into positions needs only where every place is on each board, and
the build file holds all of it: the grid VASSAL numbers hexes and squares with, a zone per
outlined space, box and cell, a region per place named by its point. That is what the module
writer derived from the drawn maps, so nothing has to be drawn again to read a log (drawing a
large game's maps costs seconds; reading its build file, milliseconds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toolkit.geometry import point_in_polygon
from toolkit.model import Game
from toolkit.model.map import Location
from toolkit.vassal.format import components as c
from toolkit.vassal.format.layout import Board, Pixel, Region, Zone, board_names, unique_place_names
from toolkit.vassal.format.numbering import GridNumbering, NumberingError, grid_location_point
from toolkit.vassal.read.grids import grid_numbering
from toolkit.vassal.read.reader import XmlElement

GRID_KINDS = ("hex", "square")


def module_boards(game: Game, root: XmlElement) -> list[Board]:
    """The boards of ``game``'s module (its build file's ``root``) that are the game's maps
    and charts, in the build file's order; maps it does not have (the card table, hands) are
    left out. Boards have no image here: reading positions never needs one."""
    places = _places_by_location(game)
    charted = [chart.id for chart in game.charts if places.get(chart.id)]
    by_name = {name: place for place, name in board_names(game, charted).items()}
    boards: list[Board] = []
    for element in root.iter(c.MAP):
        name = str(element.get("mapName", ""))
        board = next(element.iter(c.BOARD), None)
        if name not in by_name or board is None:
            continue
        place = by_name[name]
        boards.append(_board(place, name, board, places.get(place, {})))
    return boards


def _places_by_location(game: Game) -> dict[str, dict[str, Location]]:
    """Map or chart id → its locations by label."""
    found: dict[str, dict[str, Location]] = {}
    for location in game.locations.values():
        found.setdefault(location.map_id, {})[location.label] = location
    return found


def _board(place: str, name: str, board: XmlElement, locations: Mapping[str, Location]) -> Board:
    size = (_int(board.get("width")), _int(board.get("height")))
    label_of = {named: label for label, named in unique_place_names(locations).items()}
    zones: list[Zone] = []
    regions: list[Region] = []
    numbering: GridNumbering | None = None
    for element in board.iter():
        if element.tag == c.ZONE:
            zone_name = str(element.get("name", ""))
            path = _path(str(element.get("path", "")))
            if len(path) >= 3:
                zones.append(Zone(zone_name, path, label_of.get(zone_name, "")))
        elif element.tag == c.REGION:
            region_name = str(element.get("name", ""))
            at = (_int(element.get("originx")), _int(element.get("originy")))
            regions.append(Region(region_name, at, label_of.get(region_name, "")))
        elif element.tag in (c.HEX_GRID, c.SQUARE_GRID) and numbering is None:
            numbering = grid_numbering(element, size)
    centres = _centres(locations, numbering, zones, regions)
    return Board(
        place,
        name,
        str(board.get("image", "")),
        b"",
        size,
        numbering,
        tuple(zones),
        tuple(regions),
        centres,
    )


def _centres(
    locations: Mapping[str, Location],
    numbering: GridNumbering | None,
    zones: Sequence[Zone],
    regions: Sequence[Region],
) -> dict[str, Pixel]:
    """Where each place of the board is: a hex or square where its grid puts it, a region at
    its point, a zone at the middle of its outline."""
    centres: dict[str, Pixel] = {}
    if numbering is not None:
        for label, location in locations.items():
            if location.kind in GRID_KINDS:
                try:
                    centres[label] = grid_location_point(numbering, label)
                except NumberingError:
                    continue
    for region in regions:
        if region.label:
            centres.setdefault(region.label, region.at)
    for zone in reversed(zones):  # the first zone of a place is the one VASSAL names it by
        if zone.label:
            centres[zone.label] = zone_middle(zone.path)
    return centres


def zone_middle(path: Sequence[Pixel]) -> Pixel:
    """A point inside an outline, near its middle: its centroid, or where that falls outside
    (a crescent, an L), the middle of the outline's widest stretch across that height."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(path, [*path[1:], path[0]], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if area == 0:
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        return round(sum(xs) / len(xs)), round(sum(ys) / len(ys))
    x, y = cx / (3 * area), cy / (3 * area)
    if point_in_polygon(x, y, path):
        return round(x), round(y)
    crossings = sorted(
        x0 + (y - y0) * (x1 - x0) / (y1 - y0)
        for (x0, y0), (x1, y1) in zip(path, [*path[1:], path[0]], strict=True)
        if (y0 <= y) != (y1 <= y)
    )
    spans = list(zip(crossings[::2], crossings[1::2], strict=False))
    if not spans:
        return round(x), round(y)
    left, right = max(spans, key=lambda span: span[1] - span[0])
    return round((left + right) / 2), round(y)


def _path(text: str) -> tuple[Pixel, ...]:
    points: list[Pixel] = []
    for pair in text.split(";"):
        x, _, y = pair.partition(",")
        try:
            points.append((int(x), int(y)))
        except ValueError:
            return ()
    return tuple(points)


def _int(value: object) -> int:
    try:
        return int(float(str(value)))
    except ValueError:
        return 0
