"""Maps as SVG: terrain, hexsides, lines, features, labels, boxes, legend.

``map_svg(game, the_map)`` draws one map as a standalone SVG in points. The work is split by
what a map is made of: map_plan (where locations are), map_grid (hex and square maps),
map_area (area maps), map_features and map_labels (symbols and collision-free names),
map_legend (palette and legend), map_decor and map_canvas (title block, legend, boxes, and
the sheet around the playing area).

Drawing happens in two passes: first everything is measured and placed (sheet, labels,
symbols), then the layers are written bottom to top, so nothing placed later can hide what a
player must read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from toolkit.artwork import MapPlacement
from toolkit.catalogue import words
from toolkit.model import Game
from toolkit.model.map import AreaMapGrid, Box, Map
from toolkit.render.maps.area import (
    AreaParts,
    area_layers,
    area_legend,
    area_sizes,
    area_spots,
    area_stacks,
)
from toolkit.render.maps.base import (
    INK,
    MIN_TEXT,
    Label,
    Point,
    Rect,
    el,
    label_svg,
    safe_colour,
)
from toolkit.render.maps.bridges import bridges_svg
from toolkit.render.maps.canvas import Sheet, lay_out_sheet
from toolkit.render.maps.decor import (
    Block,
    LegendEntry,
    box_cells,
    box_frame_rect,
    box_size,
    boxes_svg,
    legend_block,
    title_block,
    title_size_within,
)
from toolkit.render.maps.features import (
    Placed,
    Sizes,
    feature_groups,
    owner_colour,
    place_groups,
)
from toolkit.render.maps.grid import (
    NAME_REACH,
    clusters_svg,
    crossed_numbers,
    grid_lines_svg,
    hexsides_svg,
    inside_outline,
    line_segments,
    lines_svg,
    mat_svg,
    number_labels,
    numbers_beside_lines,
    numbers_svg,
    plates_svg,
    segment_boxes,
    terrain_svg,
    widened,
)
from toolkit.render.maps.labels import Placer
from toolkit.render.maps.legend import Palette, common_legend, merged_legend, palette, scale_of
from toolkit.render.maps.links import link_tabs
from toolkit.render.maps.plan import Plan, build_plan, frame_size
from toolkit.render.svg import declared_size, svg_document

__all__ = ["MapDrawing", "draw_map", "map_svg"]


@dataclass
class MapDrawing:
    """A drawn map and what tests and other outputs need to know about it."""

    svg: str
    size: tuple[float, float]
    """Width and height in points, as the document declares them."""
    plan: Plan
    """Where the playing area and every location ended up (VASSAL needs the grid origin)."""
    sheet: Sheet
    labels: list[Label]
    """Every placed map label: hex numbers, space and feature names, values."""
    placement: MapPlacement
    """Where the playing area and every location landed, for outputs that place pieces."""


def map_svg(game: Game, the_map: Map) -> str:
    """The map drawn as one standalone SVG document."""
    return draw_map(game, the_map).svg


def draw_map(game: Game, the_map: Map) -> MapDrawing:
    """Draw a map: lay out the sheet, place everything, then write the layers in order."""
    area = isinstance(the_map.grid, AreaMapGrid)
    probe = build_plan(the_map, 0.0, 0.0)
    sizes = area_sizes(probe) if area else grid_sizes(the_map, probe.unit)
    colours = palette(game, the_map)
    sheet, fixed = _sheet(game, the_map, probe, sizes, colours)
    plan = build_plan(the_map, *sheet.origin)
    # names may reach a little past the playing area, never past the sheet's edge
    reach = plan.frame.grow(plan.unit * 0.25)
    bounds = Rect(
        max(reach.x0, 0.0),
        max(reach.y0, 0.0),
        min(reach.x1, sheet.width),
        min(reach.y1, sheet.height),
    )
    placer = Placer(max(plan.unit, 8.0), bounds)
    for block, x, y in sheet.blocks:
        placer.block(Rect(x, y, x + block.width, y + block.height))
    placements = [(b, r.x0 + sheet.origin[0], r.y0 + sheet.origin[1]) for b, r in fixed]
    boxes, areas = boxes_svg(placements + sheet.strip, lambda b: _box_colours(game, b))
    for rect in areas:
        placer.block(rect)
    stacks: dict[str, Point] = {}
    if area:
        body, labels, spots, parts = _area_body(game, the_map, plan, sizes, colours, placer)
    else:
        body, labels = _grid_body(game, the_map, plan, sizes, colours, placer, sheet)
        spots = _grid_spots(plan)
    spots.update(_box_spots(placements + sheet.strip))
    body += boxes + link_tabs(game, the_map, plan, placer, sizes.value)
    if area:
        stacks = area_stacks(parts, placer)
    body += "".join(block.draw(x, y) for block, x, y in sheet.blocks)
    background = safe_colour(the_map.style.background, "#ffffff")
    ground = el("rect", width=sheet.width, height=sheet.height, fill=background)
    svg = svg_document(
        sheet.width, sheet.height, ground + body, colours.defs(plan, sizes), title=the_map.name
    )
    size = declared_size(sheet.width, sheet.height)
    marks = [*placer.marks(), *(label.box for label in labels)]
    panels = [Rect(x, y, x + block.width, y + block.height) for block, x, y in sheet.blocks]
    whole_boxes, cells = _boxes_whole(placements + sheet.strip)
    placement = _placement(
        plan, spots, stacks, [*marks, *panels], [label.box for label in labels], _whole(sheet)
    )
    placement = replace(placement, boxes=whole_boxes, cells=cells)
    return MapDrawing(svg, size, plan, sheet, labels, placement)


NUMBER_CLEARANCE = 0.3
"""Clear space kept around a hex number, in its sizes, so no name sits so close beside, above
or under a number that the two read as one label ('W3434' over 'Trieste')."""


def _whole(sheet: Sheet) -> list[Rect]:
    """What a tiled map's cuts must not cross: each panel (title block, legend) that fits one
    sheet, and the pieces of one too wide for that (a legend's columns)."""
    whole = []
    for block, x, y in sheet.blocks:
        if block.width > PANEL_WIDTH and block.pieces is not None:
            whole += block.pieces(x, y)
        else:
            whole.append(Rect(x, y, x + block.width, y + block.height))
    return whole


Edges = tuple[float, float, float, float]
"""(left, top, right, bottom), as the placement gives boxes."""

CELL_INSET = 4.0
"""How far inside each side it shares with a neighbour a track's cell is kept whole: more
than a tiled map's cuts keep from a panel's frame, so a cut may run between two cells."""


def _boxes_whole(
    placements: Sequence[tuple[Box, float, float]],
) -> tuple[tuple[Edges, ...], tuple[Edges, ...]]:
    """The boxes and tracks printed on the map, as the placement gives them to the tiler: each
    whole, and each track's cells, so that a cut that cannot keep clear of a track (one longer
    than a tile) leaves every cell, and the counters in it, on one tile."""
    boxes, cells = [], []
    for box, x, y in placements:
        width, height = box_size(box)[:2]
        boxes.append((x, y, x + width, y + height))
        drawn = box_cells(box, x, y)
        cells += [_cell_inside(cell, drawn) for cell in drawn]
    return tuple(sorted(set(boxes))), tuple(sorted(set(cells)))


def _cell_inside(
    cell: tuple[float, float, float, float], cells: Sequence[tuple[float, float, float, float]]
) -> Edges:
    """(left, top, right, bottom) of a track's cell, ``CELL_INSET`` inside each side it shares
    with a neighbour."""
    x, y, w, h = cell
    corners = {(round(cx, 3), round(cy, 3)) for cx, cy, _w, _h in cells}

    def inset(dx: float, dy: float) -> float:
        return CELL_INSET if (round(x + dx, 3), round(y + dy, 3)) in corners else 0.0

    return (x + inset(-w, 0), y + inset(0, -h), x + w - inset(w, 0), y + h - inset(0, h))


def grid_sizes(the_map: Map, unit: float) -> Sizes:
    """Text and symbol sizes for a hex or square map, widened to the location size."""
    number = the_map.style.numbers_size or min(10.0, max(MIN_TEXT, 0.13 * unit))
    name = min(12.0, max(MIN_TEXT, 0.16 * unit))
    value = max(MIN_TEXT, 0.8 * name)
    return Sizes(number=number, name=name, value=value, symbol=min(24.0, max(6.0, 0.3 * unit)))


# -- the sheet ------------------------------------------------------------------------------------


def _sheet(
    game: Game, the_map: Map, probe: Plan, sizes: Sizes, colours: Palette
) -> tuple[Sheet, list[tuple[Box, Rect]]]:
    """The sheet around the playing area, and the boxes that have a place on the map."""
    width, height = (max(1.0, v) for v in frame_size(the_map))
    area = isinstance(the_map.grid, AreaMapGrid)
    rects = [(box, box_frame_rect(box, probe.scale if area else None)) for box in the_map.boxes]
    fixed = [(box, rect) for box, rect in rects if rect is not None]
    loose = [box for box, rect in rects if rect is None]
    blocks = _blocks(game, the_map, probe, sizes, colours, width)
    inside_ok = area_spots(the_map, probe, sizes, [r for _, r in fixed]) if area else None
    sheet = lay_out_sheet(
        (width, height),
        max(0.0, the_map.style.margin),
        [r for _, r in fixed],
        blocks,
        loose,
        inside_ok,
    )
    return sheet, fixed


def _blocks(
    game: Game, the_map: Map, probe: Plan, sizes: Sizes, colours: Palette, width: float
) -> list[tuple[Block, str]]:
    """The title block and the legend, with the corners the source asks for."""
    style = the_map.style
    say = words(game.language)
    out: list[tuple[Block, str]] = []
    title_size = style.title_size or min(30.0, max(12.0, min(width, probe.frame.height) / 25))
    subtitle = " — ".join(t for t in (game.title, game.subtitle) if t)
    if not style.title_size:  # a long name is set smaller rather than run over the next tile
        fit = title_size_within(the_map.name, subtitle, style.compass, PANEL_WIDTH)
        title_size = max(12.0, min(title_size, fit))
    shown = style.title_position != "none"
    title = title_block(
        the_map.name if shown else "",
        subtitle if shown else "",
        title_size,
        style.compass,
        scale_of(the_map, probe, title_size * 0.45, say),
    )
    if title is not None:
        out.append((title, style.title_position if shown else "top-left"))
    if style.legend_position != "none":
        entries = map_legend(game, the_map, probe, sizes, colours)
        legend_size = min(12.0, max(7.0, sizes.name * 1.1))
        heading = say("map.legend.title")
        # whole on one tile of a tiled map; across the map where a band would grow too tall
        legend = legend_block(entries, legend_size, min(max(width, 300.0), PANEL_WIDTH), heading)
        wide = legend_block(entries, legend_size, max(width, 300.0), heading)
        if legend is not None:
            if wide is not None and wide.width > legend.width:
                legend = replace(legend, banded=wide)
            out.append((legend, style.legend_position))
    return out


PANEL_WIDTH = 6 * 72
"""The widest the title block is set unless the source sizes it: a panel no wider lies whole
on one tile of the map printed on letter or A4 paper (margins and overlap included), so no
cut between tiles need run through it. The legend is set as narrow, unless it lies in a band
across the map where that would cost much paper (see ``canvas.BAND_ALLOWANCE``): it then
takes the map's width, and a cut parts it between its columns."""


def map_legend(
    game: Game, the_map: Map, plan: Plan, sizes: Sizes, colours: Palette
) -> list[LegendEntry]:
    """The legend's entries, each name once: what the map draws, and an area map's borders."""
    entries = common_legend(game, the_map, plan, sizes, colours)
    if isinstance(the_map.grid, AreaMapGrid):
        entries += area_legend(game, the_map, plan, sizes, colours)
    return merged_legend(entries)


def _box_colours(game: Game, box: Box) -> tuple[str, str]:
    """A box's fill, and its frame: the owner's colour for a force pool, else ink."""
    return safe_colour(box.color, "#ffffff"), owner_colour(game, box.owner) or INK


# -- the playing area -----------------------------------------------------------------------------


def _grid_body(
    game: Game,
    the_map: Map,
    plan: Plan,
    sizes: Sizes,
    colours: Palette,
    placer: Placer,
    sheet: Sheet,
) -> tuple[str, list[Label]]:
    """Layers of a hex or square map, bottom to top."""
    style = the_map.style
    numbers = number_labels(
        the_map, plan, sizes.number, style.numbers_color, style.numbers_position, colours.fills
    )
    numbers = numbers_beside_lines(the_map, plan, numbers, plan.unit * 0.07)
    for label in numbers:  # a name just under a number would read as its second line
        placer.keep_apart(label.box, NUMBER_CLEARANCE * label.size)
    for p, q, _ in line_segments(the_map, plan):
        for box in segment_boxes(p, q, plan.unit * 0.06):
            placer.avoid(box)
    groups = feature_groups(game, the_map)
    half = getattr(the_map.grid, "half_hexes", False)
    layers = [
        terrain_svg(the_map, plan, colours.fills),
        clusters_svg(the_map, plan, colours.cluster_ids, {g.at for g in groups}),
        grid_lines_svg(plan, max(0.3, plan.unit * 0.012)),
        hexsides_svg(game, the_map, plan),
        lines_svg(game, the_map, plan),
        bridges_svg(game, the_map, plan),
        mat_svg(plan.frame, sheet.width, sheet.height, safe_colour(style.background, "#ffffff"))
        if half
        else "",
        plates_svg(crossed_numbers(the_map, plan, numbers, plan.unit * 0.04)),
        numbers_svg(numbers, sizes.number),
    ]
    # Symbols sit a little above the centre (or well above it when numbers take the centre).
    lift = 0.24 * plan.unit if style.numbers_position == "center" else 0.04 * plan.unit

    def spots(at: str, row: Rect) -> list[tuple[float, float]]:
        cx, cy = plan.centres[at]
        return [(cx, cy - lift)]

    def home(at: str, box: Rect) -> bool:
        return inside_outline(box, widened(plan.outline(at), plan.centres[at], NAME_REACH))

    placed = place_groups(groups, placer, sizes, spots, plan.unit * 0.35, plan.centres, home=home)
    return "".join(layers) + _features_svg(placed), numbers + placed.labels


def _area_body(
    game: Game, the_map: Map, plan: Plan, sizes: Sizes, colours: Palette, placer: Placer
) -> tuple[str, list[Label], dict[str, Spot], AreaParts]:
    """Layers of an area map: spaces, borders, names, then features; and where each space is."""
    parts = area_layers(game, the_map, plan, sizes, colours, placer)
    groups = feature_groups(game, the_map, parts.space_names)
    placed = place_groups(
        groups, placer, sizes, parts.symbol_spots, sizes.symbol, parts.centres, (1, 2, 3, 0)
    )
    spots = {
        label: (centre, parts.outlines.get(label, ())) for label, centre in parts.centres.items()
    }
    return parts.svg + _features_svg(placed), parts.labels + placed.labels, spots, parts


def _features_svg(placed: Placed) -> str:
    """Symbols, then pale plates, then the names and values on them."""
    symbols = "".join(placed.symbols)
    labels = "".join(label_svg(lb) for lb in placed.labels)
    return (
        f'<g class="features">{symbols}</g>{plates_svg(placed.labels)}'
        f'<g class="labels">{labels}</g>'
    )


# -- where locations landed ---------------------------------------------------------------------

Spot = tuple[Point, tuple[Point, ...]]
"""A location's centre and its outline on the drawing (empty when nothing outlines it)."""


def _grid_spots(plan: Plan) -> dict[str, Spot]:
    """Every hex or square: its centre and corners."""
    return {label: (centre, tuple(plan.outline(label))) for label, centre in plan.centres.items()}


def _box_spots(placements: list[tuple[Box, float, float]]) -> dict[str, Spot]:
    """Every box and track cell drawn on the sheet, as the rectangle it is printed in."""
    spots: dict[str, Spot] = {}
    for box, x, y in placements:
        width, height = box_size(box)[:2]
        spots[box.id] = _rect_spot(x, y, width, height)
        for cell, rect in zip(box.cells, box_cells(box, x, y), strict=True):
            spots[f"{box.id}/{cell}"] = _rect_spot(*rect)
    return spots


def _rect_spot(x: float, y: float, width: float, height: float) -> Spot:
    corners = ((x, y), (x + width, y), (x + width, y + height), (x, y + height))
    return (x + width / 2, y + height / 2), corners


def _placement(
    plan: Plan,
    spots: dict[str, Spot],
    stacks: dict[str, Point],
    marks: list[Rect],
    names: list[Rect],
    blocks: list[Rect],
) -> MapPlacement:
    """The typed placement other outputs read instead of the SVG."""
    frame = plan.frame
    return MapPlacement(
        (frame.x0, frame.y0, frame.x1, frame.y1),
        layout=plan.layout,
        squares=plan.squares,
        centres={label: spot[0] for label, spot in spots.items()},
        outlines={label: spot[1] for label, spot in spots.items() if spot[1]},
        stacks=stacks,
        marks=tuple(sorted({(r.x0, r.y0, r.x1, r.y1) for r in marks})),
        names=tuple(sorted({(r.x0, r.y0, r.x1, r.y1) for r in names})),
        blocks=tuple(sorted({(r.x0, r.y0, r.x1, r.y1) for r in blocks})),
    )
