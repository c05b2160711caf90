"""maps/*.json → Map: the ground (grid and terrain, or spaces), then hexsides, lines, features,
boxes and links."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.load.charts import cell_names, name_locations
from toolkit.load.context import Context, get
from toolkit.load.game import colour, frozen, length
from toolkit.load.grids import grid_locations, load_grid
from toolkit.load.jsonsource import Source
from toolkit.load.lines import corner_sides, crossings, line_path, run_sides
from toolkit.load.outlines import load_outlines
from toolkit.load.spaces import load_spaces
from toolkit.model.chart import TrackCell
from toolkit.model.map import (
    AreaMapGrid,
    Box,
    Feature,
    HexMapGrid,
    Hexside,
    Line,
    Link,
    Location,
    Map,
    MapStyle,
    location_key,
)

EDGE_DIRECTIONS = {
    "flat": ("n", "ne", "se", "s", "sw", "nw"),
    "pointy": ("ne", "e", "se", "sw", "w", "nw"),
}
FEATURE_TYPES = (
    "city",
    "town",
    "capital",
    "port",
    "major-port",
    "fortress",
    "resource",
    "oil",
    "factory",
    "industrial-complex",
    "objective",
    "supply-source",
    "naval-base",
    "airfield",
    "convoy-center",
    "victory",
    "minefield",
    "label",
)


def load_map(ctx: Context, source: Source) -> Map | None:
    """Check one map source and build its Map (None when its grid itself is unusable)."""
    data = source.data
    map_id = data["id"]
    if not ctx.declare(source, "map", map_id, "/id"):
        return None
    grid = load_grid(ctx, source, data["grid"])
    if grid is None:
        return None
    terrain_known = list(ctx.known("terrain"))
    if grid.type == "area":
        extent = grid.extent if isinstance(grid, AreaMapGrid) else (1000.0, 1000.0)
        drawn = load_outlines(ctx, source, data["outlines"], extent) if "outlines" in data else {}
        # An unreadable drawing is reported once; the spaces it would outline need no centres.
        locations, spaces, adjacency = load_spaces(
            ctx, source, map_id, data.get("spaces", []), drawn, extent
        )
    else:
        locations = grid_locations(
            ctx, source, map_id, grid, data.get("terrain", {}), terrain_known
        )
        spaces, adjacency = [], {}
        if "outlines" in data:
            ctx.error(
                source,
                "map.spaces-on-grid",
                "outlines belong to area maps; this map is a hex or square grid",
                "/outlines",
            )
        if data.get("spaces"):
            ctx.error(
                source,
                "map.spaces-on-grid",
                "spaces belong to area maps; this map is a hex or square grid",
                "/spaces",
            )
    default = (data.get("terrain") or {}).get("default")
    features = _features(ctx, source, map_id, locations, data.get("features", []))
    _name_locations(locations, features)
    boxes = _boxes(ctx, source, map_id, locations, data.get("boxes", []))
    # The map's own adjacency query checks hexsides and lines, so the loader has no second one.
    ground = Map(
        id=map_id,
        name=data["name"],
        grid=grid,
        locations=MappingProxyType(locations),
        adjacency=MappingProxyType(adjacency),
    )
    the_map = replace(
        ground,
        terrain_default=default,
        hexsides=tuple(_hexsides(ctx, source, ground, data.get("hexsides", []))),
        lines=tuple(_lines(ctx, source, ground, data.get("lines", []), _places(features))),
        features=tuple(features),
        spaces=tuple(spaces),
        boxes=tuple(boxes),
        links=tuple(_links_unresolved(ctx, source, locations, data.get("links", []))),
        style=_style(ctx, source, data),
        properties=frozen(data.get("properties")),
        tags=frozenset(data.get("tags", [])),
    )
    the_map = replace(the_map, crossings=crossings(ctx, source, the_map, data.get("crossings", [])))
    ctx.maps[map_id] = the_map
    for location in locations.values():
        ctx.add_location(location)
    name_locations(ctx, map_id, _box_names(boxes))
    for feature, pointer in features_with_pointers(features):
        if feature.id and ctx.declare(source, "place", feature.id, pointer):
            ctx.places[feature.id] = location_key(map_id, feature.at)
    return the_map


def _places(features: list[Feature]) -> Mapping[str, str]:
    """Feature id → its label, so a line's waypoints may name the towns it joins."""
    return MappingProxyType({f.id: f.at for f in features if f.id})


def features_with_pointers(features: list[Feature]) -> list[tuple[Feature, str]]:
    """Features with the pointer of their id (features keep their source order)."""
    return [(f, f"/features/{i}/id") for i, f in enumerate(features)]


def resolve_links(ctx: Context, source: Source, the_map: Map) -> Map:
    """The map with each link's target resolved to a key ('millbrook' → 'valley:0304').

    Run once every map is known (a link may point at a map loaded later); a target that does not
    resolve is reported and left as written.
    """
    links = []
    for i, link in enumerate(the_map.links):
        key = ctx.resolve_location(source, link.to, f"/links/{i}/to")
        links.append(link if key is None else replace(link, to=key))
    resolved = replace(the_map, links=tuple(links))
    ctx.maps[the_map.id] = resolved
    return resolved


# -- things on the map ---------------------------------------------------------------------------


def _check_label(
    ctx: Context, source: Source, label: str, locations: Mapping[str, Location], pointer: str
) -> bool:
    if label in locations:
        return True
    ctx.error(
        source,
        "map.unknown-hex",
        f"{label!r} is not a location on this map{did_you_mean(label, set(locations))}",
        pointer,
    )
    return False


def _hexsides(
    ctx: Context, source: Source, the_map: Map, items: list[dict[str, Any]]
) -> list[Hexside]:
    sides: list[Hexside] = []
    grid, locations = the_map.grid, the_map.locations
    orientation = grid.grid.orientation if isinstance(grid, HexMapGrid) else "pointy"
    directions = EDGE_DIRECTIONS[orientation]
    for i, item in enumerate(items):
        ctx.check_ref(source, "hexside type", item["type"], f"/hexsides/{i}/type")
        sides.extend(_hexside_run(ctx, source, the_map, item, f"/hexsides/{i}"))
        for j, side in enumerate(item.get("sides", [])):
            pointer = f"/hexsides/{i}/sides/{j}"
            a, b = side.split("/")
            if not _check_label(ctx, source, a, locations, pointer):
                continue
            if b in directions and b not in locations:
                sides.append(Hexside(item["type"], a, b, get(item, "name", ""), edge=True))
                continue
            if not _check_label(ctx, source, b, locations, pointer):
                continue
            if not the_map.adjacent(a, b):
                ctx.error(
                    source,
                    "map.not-adjacent",
                    f"hexside {side!r}: {a} and {b} are not adjacent, so they share no side",
                    pointer,
                )
                continue
            sides.append(Hexside(item["type"], a, b, get(item, "name", "")))
    return sides


def _hexside_run(
    ctx: Context, source: Source, the_map: Map, item: dict[str, Any], pointer: str
) -> list[Hexside]:
    """The sides an item gives as a run between two groups of hexes or a chain of corners."""
    pairs = []
    if "between" in item:
        pairs += run_sides(ctx, source, the_map, item["between"], pointer + "/between")
    if "corners" in item:
        pairs += corner_sides(ctx, source, the_map, item["corners"], pointer + "/corners")
    name = get(item, "name", "")
    return [Hexside(item["type"], a, b, name, edge=b not in the_map.locations) for a, b in pairs]


def _lines(
    ctx: Context,
    source: Source,
    the_map: Map,
    items: list[dict[str, Any]],
    places: Mapping[str, str] = MappingProxyType({}),
) -> list[Line]:
    lines: list[Line] = []
    locations = the_map.locations
    for i, item in enumerate(items):
        ctx.check_ref(source, "line type", item["type"], f"/lines/{i}/type")
        if "waypoints" in item:
            filled = line_path(ctx, source, the_map, item, f"/lines/{i}", places)
            if filled is not None:
                lines.append(Line(item["type"], filled, get(item, "name", "")))
            continue
        path = item["path"]
        ok = True
        for j, label in enumerate(path):
            pointer = f"/lines/{i}/path/{j}"
            if not _check_label(ctx, source, label, locations, pointer):
                ok = False
            elif j and path[j - 1] in locations and not the_map.adjacent(path[j - 1], label):
                ctx.error(
                    source,
                    "map.not-adjacent",
                    f"line: {path[j - 1]} and {label} are not adjacent; list every location "
                    "the line passes through",
                    pointer,
                )
                ok = False
        if ok:
            lines.append(Line(item["type"], tuple(path), get(item, "name", "")))
    return lines


def _features(
    ctx: Context,
    source: Source,
    map_id: str,
    locations: dict[str, Location],
    items: list[dict[str, Any]],
) -> list[Feature]:
    features = []
    for i, item in enumerate(items):
        pointer = f"/features/{i}"
        ctx.check_ref(source, "faction", item.get("owner"), pointer + "/owner")
        if not _check_label(ctx, source, item["at"], locations, pointer + "/at"):
            continue
        features.append(
            Feature(
                type=item["type"],
                at=item["at"],
                id=item.get("id"),
                name=get(item, "name", ""),
                owner=item.get("owner"),
                values=MappingProxyType(dict(item.get("values", {}))),
                tags=frozenset(item.get("tags", [])),
                properties=frozen(item.get("properties")),
            )
        )
    return features


def _name_locations(locations: dict[str, Location], features: list[Feature]) -> None:
    """A hex or square takes the name of its first named feature (its printed place name)."""
    for feature in features:
        location = locations.get(feature.at)
        if feature.name and location is not None and not location.name:
            locations[feature.at] = replace(location, name=feature.name)


def _boxes(
    ctx: Context,
    source: Source,
    map_id: str,
    locations: dict[str, Location],
    items: list[dict[str, Any]],
) -> list[Box]:
    boxes = []
    for i, item in enumerate(items):
        pointer = f"/boxes/{i}"
        if item["id"] in locations:
            ctx.error(
                source,
                "id.duplicate",
                f"box id {item['id']!r} is already a location on this map",
                pointer + "/id",
            )
            continue
        ctx.check_ref(source, "faction", item.get("owner"), pointer + "/owner")
        cells = tuple(item.get("cells", []))
        if len(set(cells)) != len(cells):
            ctx.error(
                source,
                "id.duplicate",
                "a track's cells must have different labels",
                pointer + "/cells",
            )
        box = Box(
            item["id"],
            item["name"],
            tuple(item["at"]) if "at" in item else None,
            length(ctx, source, item.get("width"), pointer + "/width", 0.0) or None,
            length(ctx, source, item.get("height"), pointer + "/height", 0.0) or None,
            cells,
            item.get("columns"),
            colour(ctx, source, item.get("color"), pointer + "/color", "") or None,
            item.get("owner"),
        )
        boxes.append(box)
        locations[box.id] = Location(
            location_key(map_id, box.id), map_id, box.id, "box", name=box.name, owner=box.owner
        )
        for cell in cells:
            label = f"{box.id}/{cell}"
            locations[label] = Location(
                location_key(map_id, label),
                map_id,
                label,
                "cell",
                name=cell,
                parent=location_key(map_id, box.id),
            )
    return boxes


def _box_names(boxes: list[Box]) -> list[tuple[str, str]]:
    """A map's boxes by printed name, and their cells by number ('turn-track/1')."""
    names = []
    for box in boxes:
        names.append((box.name, box.id))
        cells = tuple(TrackCell(f"{box.id}/{cell}") for cell in box.cells)
        names += [(f"{box.id}/{n}", label) for n, label in cell_names(cells, dated=False)]
    return names


def _links_unresolved(
    ctx: Context, source: Source, locations: dict[str, Location], items: list[dict[str, Any]]
) -> list[Link]:
    links = []
    for i, item in enumerate(items):
        if _check_label(ctx, source, item["from"], locations, f"/links/{i}/from"):
            links.append(
                Link(
                    item["from"],
                    item["to"],
                    get(item, "type", "adjacent"),
                    get(item, "name", ""),
                    get(item, "delay", 0),
                )
            )
    return links


def _style(ctx: Context, source: Source, data: dict[str, Any]) -> MapStyle:
    title = data.get("title", {})
    numbers = data.get("hex_numbers", {})
    scale = data.get("scale")
    return MapStyle(
        margin=length(ctx, source, data.get("margin"), "/margin", 18.0),
        background=colour(ctx, source, data.get("background"), "/background", "#ffffff"),
        title_position=get(title, "position", "top-left"),
        title_size=length(ctx, source, title.get("size"), "/title/size", 0.0) or None,
        legend_position=get(data.get("legend", {}), "position", "bottom-right"),
        compass=bool(data.get("compass", False)),
        scale_label=scale["label"] if scale else None,
        scale_hexes=scale.get("hexes", 1) if scale else 1,
        numbers_position=get(numbers, "position", "top"),
        numbers_size=length(ctx, source, numbers.get("size"), "/hex_numbers/size", 0.0) or None,
        numbers_color=colour(ctx, source, numbers.get("color"), "/hex_numbers/color", "#333333"),
    )
