"""The spaces of an area map: land, sea and boxes, their nesting, polygons and adjacency.

Adjacency is declared on both sides on purpose: a border listed once is usually a typo, so the
loader reports it instead of guessing which side is right.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from toolkit.geometry import polygon_area, polygon_centroid, polygon_self_intersections
from toolkit.load.context import Context
from toolkit.load.game import frozen
from toolkit.load.jsonsource import Source
from toolkit.model.map import Adjacency, Location, Space, location_key

BORDER_TYPES = ("land", "sea", "coast", "air", "rail")
"""Border types every area map knows; hexside types from game.json add to them."""


def load_spaces(
    ctx: Context, source: Source, map_id: str, items: list[dict[str, Any]]
) -> tuple[dict[str, Location], list[Space], dict[str, tuple[Adjacency, ...]]]:
    locations: dict[str, Location] = {}
    spaces: list[Space] = []
    kinds = {item["id"]: item["kind"] for item in items}
    for i, item in enumerate(items):
        pointer = f"/spaces/{i}"
        if item["id"] in locations:
            ctx.error(
                source,
                "id.duplicate",
                f"space id {item['id']!r} appears twice on this map",
                pointer + "/id",
            )
            continue
        ctx.check_ref(source, "terrain", item.get("terrain"), pointer + "/terrain")
        ctx.check_ref(source, "faction", item.get("owner"), pointer + "/owner")
        ctx.check_ref(source, "space", item.get("parent"), pointer + "/parent", kinds)
        polygon, simple = _polygon(ctx, source, item.get("polygon"), pointer + "/polygon")
        center = item.get("center")
        if center is None and polygon and simple:
            center = polygon_centroid(polygon)
        if center is None and polygon is None:
            ctx.error(
                source,
                "map.no-center",
                f"space {item['id']!r} needs a center (or a polygon) to be drawn",
                pointer,
            )
        spaces.append(
            Space(
                item["id"], item["name"], item["kind"], tuple(center) if center else None, polygon
            )
        )
        locations[item["id"]] = Location(
            key=location_key(map_id, item["id"]),
            map_id=map_id,
            label=item["id"],
            kind=item["kind"],
            terrain=item.get("terrain"),
            name=item["name"],
            owner=item.get("owner"),
            parent=location_key(map_id, item["parent"]) if item.get("parent") else None,
            values=MappingProxyType(dict(item.get("values", {}))),
            tags=frozenset(item.get("tags", [])),
            properties=frozen(item.get("properties")),
        )
    adjacency = _adjacency(ctx, source, items, kinds)
    return locations, spaces, adjacency


def _polygon(
    ctx: Context, source: Source, points: list[list[float]] | None, pointer: str
) -> tuple[tuple[tuple[float, float], ...] | None, bool]:
    """The polygon, and whether it is simple (does not cross itself and encloses an area)."""
    if points is None:
        return None, False
    polygon = tuple((float(x), float(y)) for x, y in points)
    crossings = polygon_self_intersections(polygon)
    if crossings:
        a, b = crossings[0]
        ctx.error(
            source,
            "map.bad-polygon",
            f"the polygon crosses itself (edge {a + 1} crosses edge {b + 1}); "
            "list its corners in order around the outline",
            pointer,
        )
        return polygon, False
    if polygon_area(polygon) == 0:
        ctx.error(source, "map.bad-polygon", "the polygon encloses no area", pointer)
        return polygon, False
    return polygon, True


def _border_type(kind_a: str, kind_b: str) -> str:
    if kind_a == "sea" and kind_b == "sea":
        return "sea"
    if "sea" in (kind_a, kind_b):
        return "coast"
    return "land"


def _adjacency(
    ctx: Context, source: Source, items: list[dict[str, Any]], kinds: dict[str, str]
) -> dict[str, tuple[Adjacency, ...]]:
    border_types = list(BORDER_TYPES) + list(ctx.known("hexside type"))
    declared: dict[str, dict[str, tuple[str, str]]] = {}
    for i, item in enumerate(items):
        entries: dict[str, tuple[str, str]] = {}
        for j, entry in enumerate(item.get("adjacent", [])):
            pointer = f"/spaces/{i}/adjacent/{j}"
            to = entry if isinstance(entry, str) else entry["to"]
            if not ctx.check_ref(source, "space", to, pointer, kinds):
                continue
            if to == item["id"]:
                ctx.error(
                    source, "map.self-adjacent", f"space {to!r} lists itself as adjacent", pointer
                )
                continue
            kind = (
                _border_type(item["kind"], kinds[to])
                if isinstance(entry, str)
                else entry.get("type") or _border_type(item["kind"], kinds[to])
            )
            ctx.check_ref(source, "border type", kind, pointer, border_types)
            entries[to] = (kind, pointer)
        declared.setdefault(item["id"], {}).update(entries)
    adjacency: dict[str, tuple[Adjacency, ...]] = {}
    for space, entries in declared.items():
        for to, (kind, pointer) in entries.items():
            back = declared.get(to, {}).get(space)
            if back is None:
                ctx.error(
                    source,
                    "map.asymmetric-adjacency",
                    f"{space!r} lists {to!r} as adjacent but {to!r} does not list {space!r}; "
                    "add it to both",
                    pointer,
                )
            elif back[0] != kind:
                ctx.error(
                    source,
                    "map.asymmetric-adjacency",
                    f"the border {space!r}–{to!r} is {kind!r} here but {back[0]!r} from {to!r}",
                    pointer,
                )
        adjacency[space] = tuple(Adjacency(to, kind) for to, (kind, _) in entries.items())
    return adjacency
