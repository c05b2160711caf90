"""Lines and hexside runs in the short forms a designer writes.

A road is a few waypoints, filled in along the shortest path; a river is the run of sides
between two rows or columns of hexes, or a chain of hex corners. Each form becomes the same
model as the long one (a path of adjacent locations; a list of sides), so nothing downstream
knows which form the source used.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.geometry import HEX_DIRECTIONS, Hex, hex_line
from toolkit.geometry.vertices import corner_hexes, corners_side, direction_name
from toolkit.load.context import Context, get
from toolkit.load.jsonsource import Source
from toolkit.model.map import Crossing, CrossingType, HexMapGrid, Map
from toolkit.model.ranges import RangeError, expand_range, is_range_on

SidePair = tuple[str, str]
"""The two labels either side of a hexside (or a label and an edge direction)."""


def line_path(
    ctx: Context,
    source: Source,
    the_map: Map,
    item: dict[str, Any],
    pointer: str,
    places: Mapping[str, str],
) -> tuple[str, ...] | None:
    """The full path of a line given as ``waypoints``: each gap filled along a shortest path.

    Waypoints are labels or the ids of features on this map (``places``: id → label). None
    when a waypoint is unknown or two waypoints have no path between them (both reported).
    """
    labels: list[str] = []
    for j, ref in enumerate(item["waypoints"]):
        label = places.get(ref, ref)
        if label not in the_map.locations:
            ctx.error(
                source,
                "map.unknown-hex",
                f"waypoint {ref!r} is not a location or feature of this map"
                + did_you_mean(ref, [*the_map.locations, *places]),
                f"{pointer}/waypoints/{j}",
            )
            return None
        labels.append(label)
    path = [labels[0]]
    for j, (a, b) in enumerate(zip(labels, labels[1:], strict=False)):
        step = shortest_path(the_map, a, b)
        if step is None:
            ctx.error(
                source,
                "map.no-path",
                f"line: no path on this map joins waypoints {a} and {b}",
                f"{pointer}/waypoints/{j + 1}",
            )
            return None
        path.extend(step[1:])
    return tuple(path)


def shortest_path(the_map: Map, a: str, b: str) -> list[str] | None:
    """A shortest path of adjacent locations from ``a`` to ``b``, both included.

    On a hex map the straight hex line when every hex of it is on the map (a road drawn
    through it runs straight); otherwise, and on other maps, the first shortest path a
    breadth-first search finds in neighbour order, so the same sources give the same path.
    """
    straight = _hex_line(the_map, a, b)
    if straight is not None:
        return straight
    came_from: dict[str, str] = {a: a}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            break
        for there in the_map.neighbours(here):
            if there not in came_from:
                came_from[there] = here
                queue.append(there)
    if b not in came_from:
        return None
    path = [b]
    while path[-1] != a:
        path.append(came_from[path[-1]])
    return path[::-1]


def _hex_line(the_map: Map, a: str, b: str) -> list[str] | None:
    ha, hb = the_map.locations[a].hex, the_map.locations[b].hex
    if ha is None or hb is None:
        return None
    labels = [the_map.label_at(h) for h in hex_line(ha, hb)]
    return None if None in labels else [label for label in labels if label is not None]


def run_sides(
    ctx: Context, source: Source, the_map: Map, refs: list[str], pointer: str
) -> list[SidePair]:
    """The sides between two groups of hexes (``["0601-0610", "0701-0710"]``): every side of a
    hex of the first that a hex of the second shares, in the first group's order."""
    groups = [_group(ctx, source, the_map, ref, f"{pointer}/{k}") for k, ref in enumerate(refs)]
    if any(group is None for group in groups):
        return []
    first, second = (group or [] for group in groups)
    wanted = set(second)
    sides = [(a, b) for a in first for b in the_map.neighbours(a) if b in wanted]
    if not sides:
        ctx.error(
            source,
            "map.not-adjacent",
            f"no hex of {refs[0]!r} shares a side with a hex of {refs[1]!r}",
            pointer,
        )
    return sides


def _group(ctx: Context, source: Source, the_map: Map, ref: str, pointer: str) -> list[str] | None:
    if ref in the_map.locations:
        return [ref]
    if is_range_on(the_map, ref):
        try:
            return expand_range(the_map, ref)
        except RangeError as exc:
            ctx.error(source, "range.malformed", f"range {ref!r}: {exc}", pointer)
            return None
    ctx.error(
        source,
        "map.unknown-hex",
        f"{ref!r} is not a location or range of this map{did_you_mean(ref, the_map.locations)}",
        pointer,
    )
    return None


def corner_sides(
    ctx: Context, source: Source, the_map: Map, refs: list[str], pointer: str
) -> list[SidePair]:
    """The sides along a chain of hex corners (``["0605.ne", "0605.e", "0606.ne"]``): each
    corner and the next must be the two ends of one side."""
    grid = the_map.grid
    if not isinstance(grid, HexMapGrid):
        ctx.error(source, "map.not-hex", "corners belong to hex maps", pointer)
        return []
    orientation = grid.grid.orientation
    corners: list[frozenset[Hex]] = []
    for k, ref in enumerate(refs):
        corner = _corner(ctx, source, the_map, orientation, ref, f"{pointer}/{k}")
        if corner is None:
            return []
        corners.append(corner)
    sides: list[SidePair] = []
    for k, (a, b) in enumerate(zip(corners, corners[1:], strict=False)):
        pair = corners_side(a, b)
        if pair is None:
            why = "are the same corner" if a == b else "are not the two ends of one side"
            ctx.error(
                source,
                "map.not-adjacent",
                f"corners {refs[k]!r} and {refs[k + 1]!r} {why}; list each corner the line "
                "passes once, in order",
                f"{pointer}/{k + 1}",
            )
            return []
        side = _side_labels(orientation, the_map, *pair)
        if side is not None:
            sides.append(side)
    return sides


def _corner(
    ctx: Context, source: Source, the_map: Map, orientation: str, ref: str, pointer: str
) -> frozenset[Hex] | None:
    label, dot, name = ref.rpartition(".")
    location = the_map.locations.get(label) if dot else None
    if location is None or location.hex is None:
        ctx.error(
            source,
            "map.unknown-hex",
            f"corner {ref!r}: write it as a hex label, '.', and a corner (e.g. '0605.ne')"
            + ("" if not dot else f"; {label!r} is not a hex of this map"),
            pointer,
        )
        return None
    try:
        return corner_hexes(orientation, location.hex, name)
    except ValueError as exc:
        ctx.error(source, "map.bad-corner", f"corner {ref!r}: {exc}", pointer)
        return None


def _side_labels(orientation: str, the_map: Map, a: Hex, b: Hex) -> SidePair | None:
    """Labels either side; a side with one hex off the map is that hex's map-edge side."""
    la, lb = the_map.label_at(a), the_map.label_at(b)
    if la is not None and lb is not None:
        return la, lb
    inside, outside, label = (a, b, la) if la is not None else (b, a, lb)
    if label is None:
        return None  # both hexes off the map: nothing to draw there
    delta = Hex(outside.q - inside.q, outside.r - inside.r)
    return label, direction_name(orientation, HEX_DIRECTIONS.index(delta))


def crossings(
    ctx: Context, source: Source, the_map: Map, items: list[dict[str, Any]]
) -> tuple[Crossing, ...]:
    """Every bridge and ford of a map (``the_map`` has its hexsides and lines): one where each
    line crosses a hexside, a bridge unless the map declares a ford there; and each declared
    one, which must sit on a hexside."""
    declared: dict[frozenset[str], tuple[CrossingType, str]] = {}
    for i, item in enumerate(items):
        for j, side in enumerate(item["sides"]):
            pointer = f"/crossings/{i}/sides/{j}"
            a, _, b = side.partition("/")
            if not (the_map.locations.get(a) and the_map.locations.get(b)):
                unknown = a if a not in the_map.locations else b
                ctx.error(
                    source,
                    "map.unknown-hex",
                    f"{unknown!r} is not a location on this map"
                    + did_you_mean(unknown, the_map.locations),
                    pointer,
                )
            elif not the_map.hexsides_between(a, b):
                ctx.error(
                    source,
                    "map.crossing-no-hexside",
                    f"crossing {side!r}: no hexside (river…) lies between {a} and {b}, so there "
                    "is nothing to cross; declare the hexside first",
                    pointer,
                )
            else:
                declared[frozenset((a, b))] = (get(item, "type", "bridge"), get(item, "name", ""))
    found: dict[frozenset[str], Crossing] = {}
    for line in the_map.lines:
        for a, b in zip(line.path, line.path[1:], strict=False):
            pair = frozenset((a, b))
            if not the_map.hexsides_between(a, b):
                continue
            kind, name = declared.get(pair, ("bridge", ""))
            known = found.get(pair)
            lines = known.lines if known is not None else ()
            if line.type not in lines:
                lines = (*lines, line.type)
            low, high = sorted(pair)
            found[pair] = Crossing(kind, low, high, lines, name)
    for pair, (kind, name) in declared.items():
        low, high = sorted(pair)
        found.setdefault(pair, Crossing(kind, low, high, (), name))
    return tuple(found.values())
