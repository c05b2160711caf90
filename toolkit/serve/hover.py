"""What the preview's hover names: every place of a map drawing, with its outline as drawn.

Made from the model and the placement the map renderer returned with its drawing, so the label
under the pointer is the label printed on the hex (the one label function made both), and the
outline is the one drawn, in the drawing's own points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from toolkit.artwork import MapPlacement, Point
from toolkit.model import Game
from toolkit.model.map import Map

NODE_REACH = 8.0
"""Half the side of the square a place drawn without an outline (a node) answers the pointer
within, in points."""

Place = dict[str, object]
"""One place as the page reads it (JSON): label, name, kind, terrain, features, sides, lines,
adjacent (an area's declared neighbours), outline (a flat list x0, y0, x1, y1, …)."""


def map_places(game: Game, the_map: Map, placement: MapPlacement) -> list[Place]:
    """Every place drawn on the map with what a player asks of it, innermost first: the page
    names the first place whose outline holds the pointer, so a fortress inside an area, or a
    box cell inside its box, wins over what surrounds it."""
    sides = _hexsides_by_label(game, the_map)
    lines = _lines_by_label(game, the_map)
    terrain = {t.id: t.name for t in game.terrain}
    places: list[tuple[float, Place]] = []
    for label, centre in placement.centres.items():
        outline = placement.outlines.get(label) or _node_square(centre)
        location = the_map.locations.get(label)
        kind = location.kind if location is not None else "place"
        terrain_id = location.terrain if location is not None else None
        place: Place = {
            "label": label,
            "name": location.name if location is not None else "",
            "kind": kind,
            "terrain": terrain.get(terrain_id, terrain_id) if terrain_id else "",
            "features": [_named(f.type, f.name) for f in the_map.features_at(label)]
            if location is not None
            else [],
            "sides": sides.get(label, []),
            "lines": lines.get(label, []),
            "adjacent": _adjacent(game, the_map, label),
            "outline": [round(v, 1) for point in outline for v in point],
        }
        places.append((_area(outline), place))
    places.sort(key=lambda item: item[0])
    return [place for _, place in places]


def _node_square(centre: Point) -> tuple[Point, ...]:
    x, y = centre
    r = NODE_REACH
    return ((x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r))


def _area(outline: Sequence[Point]) -> float:
    """The polygon's area (shoelace formula), whichever way round it is drawn."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(outline, [*outline[1:], outline[0]], strict=True):
        total += x0 * y1 - x1 * y0
    return abs(total) / 2


def _named(kind: str, name: str) -> str:
    """'Bridgeton (city)', or the kind alone when the thing has no name."""
    return f"{name} ({kind.lower()})" if name else kind


def _hexsides_by_label(game: Game, the_map: Map) -> Mapping[str, list[str]]:
    """Label → its hexsides and crossings ('Broad River (river) to 0601', 'bridge to 0606'),
    one pass over the map's hexsides."""
    names = {t.id: t.name for t in game.hexside_types}
    found: dict[str, list[str]] = defaultdict(list)
    for side in the_map.hexsides:
        kind = names.get(side.type, side.type)
        named = _named(kind, side.name)
        if side.edge:  # b is the edge's direction
            found[side.a].append(f"{named} on the {side.b} edge")
            continue
        found[side.a].append(f"{named} to {side.b}")
        found[side.b].append(f"{named} to {side.a}")
    for crossing in the_map.crossings:
        named = _named(str(crossing.type), crossing.name)
        found[crossing.a].append(f"{named} to {crossing.b}")
        found[crossing.b].append(f"{named} to {crossing.a}")
    return found


def _lines_by_label(game: Game, the_map: Map) -> Mapping[str, list[str]]:
    """Label → the lines (roads, railways) that pass through it, each named once."""
    names = {t.id: t.name for t in game.line_types}
    found: dict[str, list[str]] = defaultdict(list)
    for line in the_map.lines:
        kind = names.get(line.type, line.type)
        text = _named(kind, line.name)
        for label in dict.fromkeys(line.path):
            if text not in found[label]:
                found[label].append(text)
    return found


def _adjacent(game: Game, the_map: Map, label: str) -> list[str]:
    """The spaces an area map declares next to ``label``, by name, with the kind of border
    where it is more than land to land or sea to sea ('Britain (strait)')."""
    kinds = {t.id: t.name.lower() for t in game.hexside_types}
    found = []
    for link in the_map.adjacency.get(label, ()):
        other = the_map.locations.get(link.to)
        name = other.name if other is not None and other.name else link.to
        plain = link.type in ("land", "sea")
        found.append(name if plain else f"{name} ({kinds.get(link.type, link.type)})")
    return found
