"""Where reinforcements wait and where they enter.

Reinforcements may wait in a box on the table until their turn (the same pieces, so they count
once against the counter mix), and may enter at a choice of places: a range of hexes, or a
map edge, which the loader expands to the hexes along it.
"""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.geometry import format_label
from toolkit.geometry.vertices import EDGES, grid_edge_hexes
from toolkit.load.context import Context
from toolkit.load.jsonsource import Source
from toolkit.model.map import HexMapGrid, LocationKey, location_key

EDGE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def waiting_box(
    ctx: Context, source: Source, item: dict[str, Any], pointer: str
) -> LocationKey | None:
    """The box (or track cell) where the reinforcements wait, or None."""
    if "waiting" not in item:
        return None
    key = ctx.resolve_location(source, item["waiting"], pointer + "/waiting")
    if key is None:
        return None
    if ctx.locations[key].kind not in ("box", "cell"):
        ctx.error(
            source,
            "setup.waiting-not-a-box",
            f"reinforcements wait in a box or a track cell, and {item['waiting']!r} is a "
            f"{ctx.locations[key].kind}; name the box they wait in",
            pointer + "/waiting",
        )
        return None
    return key


def entry_places(
    ctx: Context, source: Source, item: dict[str, Any], pointer: str
) -> tuple[tuple[LocationKey, ...], str]:
    """The places the reinforcements may enter at, and how the source named them."""
    spec = item.get("enter")
    if spec is None:
        return (), ""
    if "at" in item:
        ctx.error(
            source,
            "setup.at-and-enter",
            "give either 'at' (one place) or 'enter' (a choice of places), not both",
            pointer + "/enter",
        )
        return (), ""
    if isinstance(spec, list):
        keys = ctx.resolve_locations(source, spec, pointer + "/enter")
        return tuple(dict.fromkeys(keys)), ", ".join(spec)
    return _edge(ctx, source, spec, pointer + "/enter")


def _edge(
    ctx: Context, source: Source, spec: dict[str, str], pointer: str
) -> tuple[tuple[LocationKey, ...], str]:
    map_id, edge = spec["map"], spec["edge"]
    the_map = ctx.maps.get(map_id)
    if the_map is None:
        ctx.check_ref(source, "map", map_id, pointer + "/map")
        return (), ""
    if not isinstance(the_map.grid, HexMapGrid):
        ctx.error(source, "setup.edge-not-hex", "map edges belong to hex maps", pointer + "/map")
        return (), ""
    if edge not in EDGES:
        ctx.error(
            source,
            "setup.bad-edge",
            f"{edge!r} is not an edge{did_you_mean(edge, EDGES)}; the edges are n, e, s, w",
            pointer + "/edge",
        )
        return (), ""
    grid = the_map.grid.grid
    hexes = [loc.hex for loc in the_map.locations.values() if loc.hex is not None]
    keys = tuple(
        location_key(map_id, format_label(grid, h))
        for h in grid_edge_hexes(grid.orientation, hexes, edge)
    )
    return keys, f"the {EDGE_NAMES[edge]} edge of {the_map.name}"
