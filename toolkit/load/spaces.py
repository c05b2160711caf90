"""The spaces of an area map: land, sea and boxes, their nesting, polygons and adjacency.

Adjacency is declared on both sides on purpose: a border listed once is usually a typo, so the
loader reports it instead of guessing which side is right.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.geometry import (
    MIN_BORDER,
    polygon_area,
    polygon_centroid,
    polygon_self_intersections,
    shared_borders,
)
from toolkit.load.context import Context
from toolkit.load.game import frozen
from toolkit.load.jsonsource import Source
from toolkit.model.map import Adjacency, Location, Space, location_key

BORDER_TYPES = ("land", "sea", "coast", "air", "rail")
"""Border types every area map knows; hexside types from game.json add to them."""


BORDER_TOLERANCE = 1 / 2000
"""How far apart (as a share of the map's larger extent) two drawn edges may lie and still be one
border: a border traced twice by hand is never exact."""
CROSSING_FREE = ("land",)
"""Border types that must be a drawn shared border when both spaces are outlined; every other
type (sea, coast, strait, canal, a sea lane…) may join spaces apart and is drawn as a link."""


def load_spaces(
    ctx: Context,
    source: Source,
    map_id: str,
    items: list[dict[str, Any]],
    drawn: Mapping[str, tuple[tuple[tuple[float, float], ...], ...]] | None = MappingProxyType({}),
    extent: tuple[float, float] = (1000.0, 1000.0),
) -> tuple[dict[str, Location], list[Space], dict[str, tuple[Adjacency, ...]]]:
    """The spaces, their locations and their borders; ``drawn`` are outlines from a drawing,
    by space id, whose shared borders are checked against the declared adjacency (None: the
    drawing could not be read, which is reported, so a space without a centre is not)."""
    locations: dict[str, Location] = {}
    spaces: list[Space] = []
    kinds = {item["id"]: item["kind"] for item in items}
    unreadable = drawn is None
    drawn = drawn or {}
    _unknown_outlines(ctx, source, drawn, kinds)
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
        rings: tuple[tuple[tuple[float, float], ...], ...] = ()
        if item.get("polygon") is None and item["id"] in drawn:
            rings = drawn[item["id"]]
            main = max(rings, key=polygon_area)
            polygon, simple = _polygon(
                ctx, source, [list(p) for p in main], "/outlines", f"the shape {item['id']!r}: "
            )
            rings = (main, *(r for r in rings if r is not main)) if len(rings) > 1 else ()
        else:
            polygon, simple = _polygon(ctx, source, item.get("polygon"), pointer + "/polygon")
        center = item.get("center")
        if center is None and polygon and simple:
            center = polygon_centroid(polygon)
        if center is None and polygon is None and not unreadable:
            ctx.error(
                source,
                "map.no-center",
                f"space {item['id']!r} needs a center (or a polygon) to be drawn",
                pointer,
            )
        spaces.append(
            Space(
                item["id"],
                item["name"],
                item["kind"],
                tuple(center) if center else None,
                polygon,
                rings,
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
    if drawn:
        _check_borders(ctx, source, items, spaces, adjacency, extent)
    return locations, spaces, adjacency


def _unknown_outlines(
    ctx: Context, source: Source, drawn: Mapping[str, object], kinds: dict[str, str]
) -> None:
    """A shape named after no space is a typo in the drawing (or a space left out)."""
    for name in sorted(set(drawn) - set(kinds)):
        ctx.error(
            source,
            "map.unknown-outline",
            f"the drawing has a shape {name!r} but no space has that id"
            f"{did_you_mean(name, kinds)}; rename the shape or add the space",
            "/outlines",
        )


def _check_borders(
    ctx: Context,
    source: Source,
    items: list[dict[str, Any]],
    spaces: list[Space],
    adjacency: Mapping[str, tuple[Adjacency, ...]],
    extent: tuple[float, float],
) -> None:
    """Every drawn border declared, and every declared plain land border drawn."""
    scale = max(extent)
    index = {item["id"]: i for i, item in enumerate(items)}
    nested = {item["id"] for item in items if item.get("parent")}
    outlined = {
        s.id: s.rings or (s.polygon,)
        for s in spaces
        if s.polygon and s.kind != "box" and s.id not in nested
    }
    touching = {
        pair: length
        for pair, length in shared_borders(outlined, scale * BORDER_TOLERANCE).items()
        if length >= scale * MIN_BORDER
    }
    declared = {(a, e.to): e.type for a, entries in adjacency.items() for e in entries}
    for (a, b), length in sorted(touching.items()):
        kinds = {items[index[a]]["kind"], items[index[b]]["kind"]}
        if (a, b) in declared or (b, a) in declared or "impassable" in kinds:
            continue
        ctx.error(
            source,
            "map.border-undeclared",
            f"{a!r} and {b!r} share a drawn border ({length:.0f} units long) but neither lists "
            "the other as adjacent; add the adjacency to both, or draw them apart",
            f"/spaces/{index[a]}/adjacent",
        )
    for (a, b), kind in sorted(declared.items()):
        if a > b or kind not in CROSSING_FREE or a not in outlined or b not in outlined:
            continue
        if (a, b) in touching:
            continue
        entry = next(
            j
            for j, e in enumerate(items[index[a]].get("adjacent", []))
            if (e if isinstance(e, str) else e["to"]) == b
        )
        ctx.error(
            source,
            "map.border-not-drawn",
            f"{a!r} lists {b!r} as adjacent but their drawn outlines do not touch; draw their "
            "common border, or give the border a type that crosses water (strait, …) to have "
            "it drawn as a link",
            f"/spaces/{index[a]}/adjacent/{entry}",
        )


def _polygon(
    ctx: Context, source: Source, points: list[list[float]] | None, pointer: str, what: str = ""
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
            f"{what}the polygon crosses itself (edge {a + 1} crosses edge {b + 1}); "
            "list its corners in order around the outline",
            pointer,
        )
        return polygon, False
    if polygon_area(polygon) == 0:
        ctx.error(source, "map.bad-polygon", f"{what}the polygon encloses no area", pointer)
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
