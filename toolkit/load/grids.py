"""A map's ground: its grid (hex, square or area), and every hex or square with its terrain.

A hex or square takes its terrain from the default, then from row strings read through the
legend, then from explicit lists of labels and ranges. An area map's locations are its spaces,
read by :mod:`toolkit.load.spaces`; what stands on any map is read by :mod:`toolkit.load.maps`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.geometry import (
    HexGrid,
    LabelFormat,
    SquareGrid,
    format_label,
    format_square_label,
    grid_hexes,
    hex_to_offset,
    square_grid_squares,
    square_to_offset,
)
from toolkit.load.context import Context, get
from toolkit.load.game import length
from toolkit.load.hexsize import hex_size
from toolkit.load.jsonsource import Source
from toolkit.model.map import (
    AreaMapGrid,
    HexMapGrid,
    Location,
    Map,
    SquareMapGrid,
    location_key,
)

MAX_LOCATIONS = 200_000
"""Far above any printed map (a big monster game has ~10,000 hexes); refused before allocating."""


def _label_format(data: dict[str, Any]) -> LabelFormat:
    return LabelFormat(
        style=get(data, "style", "numeric"),
        digits=get(data, "digits", 2),
        separator=get(data, "separator", ""),
        prefix=get(data, "prefix", ""),
        order=get(data, "order", "column-row"),
    )


def load_grid(
    ctx: Context, source: Source, data: dict[str, Any]
) -> HexMapGrid | SquareMapGrid | AreaMapGrid | None:
    """A map's grid from its source (None, reported, when it is unusable or too large)."""
    kind = data["type"]
    if kind in ("hex", "square") and data["columns"] * data["rows"] > MAX_LOCATIONS:
        ctx.error(
            source,
            "map.too-large",
            f"{data['columns']} × {data['rows']} = {data['columns'] * data['rows']:,} "
            f"locations; maps are limited to {MAX_LOCATIONS:,}",
            "/grid",
        )
        return None
    try:
        if kind == "hex":
            return _hex_grid(ctx, source, data)
        if kind == "square":
            grid = SquareGrid(
                data["columns"],
                data["rows"],
                get(data, "first_column", 1),
                get(data, "first_row", 1),
                get(data, "origin", "top-left"),
                _label_format(data.get("label", {})),
            )
            size = length(ctx, source, data.get("cell_size"), "/grid/cell_size", 54.0)
            return SquareMapGrid(grid, size, bool(data.get("diagonal", False)))
    except ValueError as exc:
        ctx.error(source, "map.bad-grid", f"grid: {exc}", "/grid")
        return None
    width = length(ctx, source, data["width"], "/grid/width", 720.0)
    height = length(ctx, source, data["height"], "/grid/height", 720.0)
    extent = tuple(data.get("extent", (1000.0, 1000.0 * height / width)))
    if extent[0] <= 0 or extent[1] <= 0:
        ctx.error(source, "map.bad-grid", "grid: extent must be positive", "/grid/extent")
        return None
    return AreaMapGrid(
        width, height, (float(extent[0]), float(extent[1])), get(data, "style", "areas")
    )


def _hex_grid(ctx: Context, source: Source, data: dict[str, Any]) -> HexMapGrid:
    grid = HexGrid(
        orientation=get(data, "orientation", "flat"),
        columns=data["columns"],
        rows=data["rows"],
        first_column=get(data, "first_column", 1),
        first_row=get(data, "first_row", 1),
        shifted=get(data, "shifted", "even"),
        origin=get(data, "origin", "top-left"),
        label=_label_format(data.get("label", {})),
    )
    width, height = hex_size(ctx, source, data, grid.orientation)
    return HexMapGrid(grid, width, height, bool(data.get("half_hexes", False)))


def grid_locations(
    ctx: Context,
    source: Source,
    map_id: str,
    grid: HexMapGrid | SquareMapGrid,
    terrain: dict[str, Any],
    terrain_known: list[str],
) -> dict[str, Location]:
    """Every hex or square, with its terrain from default, row strings, then explicit lists."""
    cells: list[tuple[str, Any, int, int]] = []
    if isinstance(grid, HexMapGrid):
        for h in grid_hexes(grid.grid):
            column, row = hex_to_offset(grid.grid, h)
            cells.append((format_label(grid.grid, h), h, column, row))
        kind = "hex"
    else:
        for sq in square_grid_squares(grid.grid):
            column, row = square_to_offset(grid.grid, sq)
            cells.append((format_square_label(grid.grid, sq), sq, column, row))
        kind = "square"
    by_position = {(c, r): label for label, _, c, r in cells}
    chosen = _terrain_assignment(ctx, source, map_id, grid, terrain, terrain_known, by_position)
    locations = {}
    for label, coord, column, row in cells:
        locations[label] = Location(
            key=location_key(map_id, label),
            map_id=map_id,
            label=label,
            kind=kind,  # type: ignore[arg-type]
            terrain=chosen.get(label),
            hex=coord if kind == "hex" else None,
            column=column,
            row=row,
        )
    return locations


def _terrain_assignment(
    ctx: Context,
    source: Source,
    map_id: str,
    grid: HexMapGrid | SquareMapGrid,
    terrain: dict[str, Any],
    known: list[str],
    by_position: dict[tuple[int, int], str],
) -> dict[str, str]:
    chosen: dict[str, str] = {}
    default = terrain.get("default")
    if default is not None and ctx.check_ref(source, "terrain", default, "/terrain/default", known):
        chosen = dict.fromkeys(by_position.values(), default)
    legend = terrain.get("legend", {})
    for char, terrain_id in legend.items():
        ctx.check_ref(source, "terrain", terrain_id, f"/terrain/legend/{char}", known)
    rows = terrain.get("rows")
    if rows is not None:
        _apply_rows(ctx, source, grid, rows, legend, by_position, chosen)
    for terrain_id, refs in terrain.get("hexes", {}).items():
        pointer = f"/terrain/hexes/{terrain_id}"
        if not ctx.check_ref(source, "terrain", terrain_id, pointer, known):
            continue
        for key in ctx_resolve_local(ctx, source, map_id, by_position, grid, refs, pointer):
            chosen[key] = terrain_id
    return chosen


def ctx_resolve_local(
    ctx: Context,
    source: Source,
    map_id: str,
    by_position: dict[tuple[int, int], str],
    grid: HexMapGrid | SquareMapGrid,
    refs: list[str],
    pointer: str,
) -> list[str]:
    """Labels of this (not yet registered) map named by labels and ranges."""
    from toolkit.model.ranges import RangeError, expand_range, is_range_on

    labels = set(by_position.values())
    stub = Map(id=map_id, name="", grid=grid, locations=MappingProxyType({}))
    found: list[str] = []
    for i, ref in enumerate(refs):
        label = ref.removeprefix(map_id + ":")
        if label in labels:
            found.append(label)
        elif is_range_on(stub, label):
            try:
                found.extend(expand_range(stub, label))
            except RangeError as exc:
                ctx.error(source, "range.malformed", f"range {ref!r}: {exc}", f"{pointer}/{i}")
        else:
            ctx.error(
                source,
                "map.unknown-hex",
                f"{ref!r} is not a location on this map{did_you_mean(label, labels)}",
                f"{pointer}/{i}",
            )
    return found


def _apply_rows(
    ctx: Context,
    source: Source,
    grid: HexMapGrid | SquareMapGrid,
    rows: list[str],
    legend: dict[str, str],
    by_position: dict[tuple[int, int], str],
    chosen: dict[str, str],
) -> None:
    g = grid.grid
    if len(rows) != g.rows:
        ctx.error(
            source,
            "map.terrain-rows",
            f"terrain has {len(rows)} row strings but the grid has {g.rows} rows",
            "/terrain/rows",
        )
    for i, text in enumerate(rows[: g.rows]):
        compact = text.replace(" ", "")
        pointer = f"/terrain/rows/{i}"
        if len(compact) != g.columns:
            ctx.error(
                source,
                "map.terrain-rows",
                f"row {i + 1} has {len(compact)} characters but the grid has {g.columns} columns",
                pointer,
            )
        for j, char in enumerate(compact[: g.columns]):
            if char not in legend:
                ctx.error(
                    source,
                    "map.unknown-terrain",
                    f"row {i + 1}, column {j + 1}: {char!r} is not in the terrain legend "
                    f"({', '.join(repr(c) for c in legend) or 'the legend is empty'})",
                    pointer,
                )
                break
            label = by_position.get((g.first_column + j, g.first_row + i))
            if label is not None:
                chosen[label] = legend[char]
