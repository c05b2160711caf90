"""Area maps: filled spaces (designer polygons or schematic cells), borders, names and values.

Land takes its terrain colour tinted by its owner and a band of the owner's colour inside its
outline; sea is blue with waves and italic names; impassable spaces are grey and hatched;
nested spaces (a fortress in its area) and holding boxes are framed plates on top. With
``style: "nodes"`` every space is a circle and only the links show the map's graph.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from toolkit.catalogue import ENGLISH, Words, words
from toolkit.geometry import MIN_BORDER, point_in_polygon, point_in_rings, shared_borders
from toolkit.model import Game
from toolkit.model.map import AreaMapGrid, Location, Map, Space, parse_location_key
from toolkit.render.maps.area_draw import (
    GROUND,
    IMPASSABLE_FILL,
    LAND_FILL,
    OWNER_TINT,
    SEA_FILL,
    Tile,
    bands_svg,
    fills_svg,
    gap_swatch,
    hatch_svg,
    is_convex,
    motifs_svg,
    node_svg,
    outlines_svg,
    owner_swatch,
    plate_svg,
)
from toolkit.render.maps.area_links import (
    BORDER_STYLES,
    adjacency_sets,
    area_lines_svg,
    declared_borders,
    links_svg,
)
from toolkit.render.maps.base import (
    INK,
    MIN_TEXT,
    SEA_INK,
    Label,
    Point,
    Rect,
    el,
    label_svg,
    line_height,
    mix,
    readable_ink,
    shrunk,
    text_box,
)
from toolkit.render.maps.cells import Site, schematic_cells, shared_edge
from toolkit.render.maps.decor import LegendEntry, Swatch
from toolkit.render.maps.features import Sizes, owner_colour, values_text
from toolkit.render.maps.labels import Placer, block_box, wrap
from toolkit.render.maps.legend import Palette
from toolkit.render.maps.plan import Plan


@dataclass
class AreaParts:
    """What the area renderer hands back to maps.py."""

    svg: str
    labels: list[Label]
    space_names: dict[str, str]
    symbol_spots: Callable[[str, Rect], list[Point]]
    blocks: dict[str, Rect] = field(default_factory=dict)
    centres: dict[str, Point] = field(default_factory=dict)
    """Centres of every space drawn, nested ones without a centre included."""
    outlines: dict[str, tuple[Point, ...]] = field(default_factory=dict)
    """The polygon or schematic cell each territory is drawn as (nested spaces have none)."""
    rings: dict[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)
    """Every ring of each territory (its islands and holes too)."""


def band_width(plan: Plan) -> float:
    """Width of the owner's band inside a territory: visible, never louder than the names."""
    return min(5.0, max(2.0, 0.012 * plan.unit))


def _touching(tiles: list[Tile], drawn: set[tuple[str, str]]) -> Callable[[str, str], bool]:
    """Whether two spaces' outlines share a stretch of border (their link is then a reminder):
    ``drawn`` pairs measured once for drawn shapes, schematic cells compared edge by edge."""
    outlines = {t.space.id: t.outline for t in tiles if len(t.outline) >= 3}

    def touching(a: str, b: str) -> bool:
        if (min(a, b), max(a, b)) in drawn:
            return True
        if a not in outlines or b not in outlines:
            return False
        return shared_edge(outlines[a], outlines[b], 0.5) is not None

    return touching


def _drawn_shapes(tiles: list[Tile]) -> dict[str, tuple[tuple[Point, ...], ...]]:
    """The designer's shapes on the page (all rings), by space id; schematic cells excluded."""
    return {
        t.space.id: (t.outline, *t.rings) for t in tiles if t.space.polygon and len(t.outline) >= 3
    }


def area_sizes(plan: Plan) -> Sizes:
    """Text and symbol sizes for an area map, from the typical size of a space."""
    space = min(13.0, max(7.0, 0.05 * plan.unit))
    small = max(MIN_TEXT, space * 0.85)
    return Sizes(
        number=max(MIN_TEXT, space * 0.8), name=small, value=small, symbol=space * 1.35, space=space
    )


def space_fill(game: Game, fills: dict[str, str], location: Location, kind: str) -> str:
    """The fill of a space: sea blue, impassable grey, land its terrain tinted by its owner."""
    terrain = fills.get(location.terrain or "")
    if kind == "sea":
        return terrain or SEA_FILL
    if kind == "impassable":
        return terrain or IMPASSABLE_FILL
    if kind == "box":
        return "#ffffff"
    base = terrain or LAND_FILL
    owner = owner_colour(game, location.owner)
    return mix(base, owner, OWNER_TINT) if owner else base


def _nested(the_map: Map, space: Space) -> bool:
    location = the_map.locations.get(space.id)
    parent = location.parent if location is not None else None
    return parent is not None and parse_location_key(parent)[1] in the_map.locations


def _tiles(game: Game, the_map: Map, plan: Plan, fills: dict[str, str], gap: float) -> list[Tile]:
    """The territories: designer polygons where given, schematic cells elsewhere."""
    spaces = [
        s
        for s in the_map.spaces
        if s.kind in ("land", "sea", "impassable")
        and s.id in the_map.locations
        and not _nested(the_map, s)
    ]
    borders = adjacency_sets(declared_borders(the_map))
    # Designer polygons are drawn as given; only spaces without one get a schematic cell.
    sites = [
        Site(s.id, *plan.centres[s.id]) for s in spaces if s.id in plan.centres and not s.polygon
    ]
    frame = (plan.frame.x0, plan.frame.y0, plan.frame.width, plan.frame.height)
    cells = {} if is_nodes(the_map) else schematic_cells(sites, frame, borders, gap)
    tiles: list[Tile] = []
    for space in spaces:
        location = the_map.locations[space.id]
        outline: tuple[Point, ...] = cells.get(space.id, ())
        convex = True
        rings: tuple[tuple[Point, ...], ...] = ()
        if space.polygon and not is_nodes(the_map):
            outline = tuple(plan.to_page(x, y) for x, y in space.polygon)
            rings = tuple(tuple(plan.to_page(x, y) for x, y in r) for r in space.rings[1:])
            convex = is_convex(outline)
        tiles.append(
            Tile(
                space,
                location,
                outline,
                space_fill(game, fills, location, space.kind),
                convex,
                len(tiles),
                rings,
            )
        )
    return tiles


# -- names ---------------------------------------------------------------------------------------


def _name_style(kind: str, fill: str) -> tuple[bool, bool, str]:
    """(bold, italic, colour) of a space name: land bold, sea italic blue."""
    if kind == "sea":
        return False, True, SEA_INK if readable_ink(fill) == INK else "#ffffff"
    if kind == "impassable":
        return False, True, "#4d4d4d"
    return True, False, readable_ink(fill)


def _name_option(
    space: Space,
    location: Location,
    fill: str,
    at: Point,
    size: float,
    lines: int,
    say: Words,
) -> list[Label]:
    """The name lines and the values line, centred as a block on ``at``."""
    bold, italic, colour = _name_style(space.kind, fill)
    texts = wrap(space.name, lines) if space.name else []
    x, y = at
    values = values_text(location.values, say)
    value_size = size * 0.85
    step = line_height(size)
    height = step * len(texts) + (line_height(value_size) if values else 0)
    baseline = y - height / 2 + size * 0.78
    out = []
    for text in texts:
        out.append(Label(text, x, baseline, size, "middle", bold, italic, colour, role="space"))
        baseline += step
    if values:
        out.append(
            Label(
                values,
                x,
                baseline - step + line_height(value_size),
                value_size,
                "middle",
                True,
                False,
                colour,
                role="value",
            )
        )
    return out


def place_space_name(
    placer: Placer,
    space: Space,
    location: Location,
    fill: str,
    at: Point,
    size: float,
    say: Words = ENGLISH,
) -> list[Label]:
    """A space's name block at its centre, nudged up, down or sideways when that is taken."""
    x, y = at
    step = line_height(size)
    tries = []
    shares = ((1.0, 1), (1.0, 2), (0.85, 2), (0.72, 2))
    for font, lines in dict.fromkeys((shrunk(size, share), lines) for share, lines in shares):
        for dx, dy in (
            (0, 0),
            (0, -step),
            (0, step),
            (-2 * step, 0),
            (2 * step, 0),
            (0, -2 * step),
            (0, 2 * step),
        ):
            option = _name_option(space, location, fill, (x + dx, y + dy), font, lines, say)
            tries.append(option)
    tries = [t for t in tries if t]
    return placer.place(tries) if tries else []


# -- drawing -------------------------------------------------------------------------------------


def _fallback_centre(
    the_map: Map, space: Space, centres: dict[str, Point], unit: float
) -> Point | None:
    """A nested space without a centre goes just below its parent's."""
    parent = the_map.locations[space.id].parent
    label = parse_location_key(parent)[1] if parent is not None else ""
    if label in centres:
        x, y = centres[label]
        return x, y + unit * 0.25
    return None


def _place_names(
    game: Game,
    the_map: Map,
    plan: Plan,
    sizes: Sizes,
    tiles: list[Tile],
    placer: Placer,
    fills: dict[str, str],
    parts: AreaParts,
    centres: dict[str, Point],
) -> list[tuple[Rect, str, bool]]:
    """Names of territories first, then of nested spaces and boxes (which get plates)."""
    say = words(game.language)
    for tile in tiles:
        at = centres.get(tile.space.id)
        if at is not None:
            placed = place_space_name(
                placer, tile.space, tile.location, tile.fill, at, sizes.space, say
            )
            parts.labels += placed
            box = block_box(placed)
            if box is not None:
                parts.blocks[tile.space.id] = box
    plates = []
    tile_ids = {t.space.id for t in tiles}
    for space in the_map.spaces:
        if space.id in tile_ids or space.id not in the_map.locations:
            continue
        at = centres.get(space.id) or _fallback_centre(the_map, space, centres, plan.unit)
        if at is None:
            continue
        centres[space.id] = at
        location = the_map.locations[space.id]
        fill = space_fill(game, fills, location, space.kind)
        placed = place_space_name(placer, space, location, fill, at, sizes.space * 0.9, say)
        parts.labels += placed
        box = block_box(placed) or Rect(at[0], at[1], at[0], at[1])
        plate = box.grow(3.0 if space.kind != "box" else 6.0)
        placer.block(plate)
        parts.blocks[space.id] = plate
        plates.append((plate, fill, space.kind == "box"))
    return plates


def _spots(parts: AreaParts, centres: dict[str, Point]) -> Callable[[str, Rect], list[Point]]:
    """Where a space's feature symbols may go: above its name, below, left, right."""

    def spots(at: str, row: Rect) -> list[Point]:
        box = parts.blocks.get(at)
        if box is None:
            x, y = centres.get(at, (0.0, 0.0))
            box = Rect(x, y, x, y)
        gap = 1.5
        cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
        return [
            (cx, box.y0 - gap - row.height / 2),
            (cx, box.y1 + gap + row.height / 2),
            (box.x0 - gap - row.width / 2, cy),
            (box.x1 + gap + row.width / 2, cy),
        ]

    return spots


def area_layers(
    game: Game, the_map: Map, plan: Plan, sizes: Sizes, colours: Palette, placer: Placer
) -> AreaParts:
    """Draw the spaces of an area map and place their names; features come after."""
    fills = colours.fills
    nodes = is_nodes(the_map)
    gap = min(9.0, max(4.0, 0.03 * plan.unit))
    tiles = _tiles(game, the_map, plan, fills, gap)
    centres = dict(plan.centres)
    parts = AreaParts("", [], {s.id: s.name for s in the_map.spaces}, lambda a, r: [])
    plates = _place_names(game, the_map, plan, sizes, tiles, placer, fills, parts, centres)
    shapes: dict[str, Rect | float] = {k: b.grow(2.0) for k, b in parts.blocks.items()}
    circles = _nodes(game, the_map, tiles, parts, centres, sizes, shapes) if nodes else ""
    keep = {k: b.grow(sizes.symbol * 1.3) for k, b in parts.blocks.items()}
    line_w = min(1.4, max(0.7, 0.004 * plan.unit))
    f = plan.frame
    ground = GROUND if not nodes else "#f7f5ef"
    layers = [el("rect", x=f.x0, y=f.y0, width=f.width, height=f.height, fill=ground)]
    # Schematic cells first, designer polygons over them: a polygon hides the cells it covers.
    for group in ([t for t in tiles if not t.space.polygon], [t for t in tiles if t.space.polygon]):
        layers += [
            fills_svg(group),
            motifs_svg(group, colours.single_ids, colours.patterns, sizes.space * 1.3, keep),
            hatch_svg(group, sizes.space * 0.6),
            bands_svg(game, group, band_width(plan)),
            outlines_svg(group, line_w),
        ]
    drawn = _drawn_shapes(tiles)
    least = max(f.width, f.height) * MIN_BORDER
    pairs = {k for k, v in shared_borders(drawn, 0.6).items() if v >= least}
    borders = links_svg(
        game,
        declared_borders(the_map),
        centres,
        shapes,
        line_w,
        _touching(tiles, pairs),
        drawn,
        sizes.symbol * 0.6,
    )
    borders += area_lines_svg(game, the_map, centres, shapes, sizes.symbol * 2.2)
    layers += [
        circles,
        f'<g class="borders">{borders}</g>',
        "".join(plate_svg(box, fill, heavy) for box, fill, heavy in plates),
        f'<g class="spaces">{"".join(label_svg(lb) for lb in parts.labels)}</g>',
        el(
            "rect",
            x=f.x0,
            y=f.y0,
            width=f.width,
            height=f.height,
            fill="none",
            stroke=INK,
            stroke_width=1.5,
        ),
    ]
    parts.svg = "".join(layers)
    parts.symbol_spots = _spots(parts, centres)
    parts.centres = centres
    parts.outlines = {tile.space.id: tile.outline for tile in tiles if tile.outline}
    parts.rings = {t.space.id: (t.outline, *t.rings) for t in tiles if len(t.outline) >= 3}
    return parts


def _nodes(
    game: Game,
    the_map: Map,
    tiles: list[Tile],
    parts: AreaParts,
    centres: dict[str, Point],
    sizes: Sizes,
    shapes: dict[str, Rect | float],
) -> str:
    """Circles of a point-to-point map, each sized to hold its name and a row of symbols;
    their radii go into ``shapes`` so the links stop at the rim."""
    featured = {f.at for f in the_map.features if f.type != "label"}
    circles = []
    for tile in tiles:
        box = parts.blocks.get(tile.space.id)
        at = centres.get(tile.space.id)
        if box is None or at is None:
            continue
        symbols = sizes.symbol * 1.2 if tile.space.id in featured else 0.0
        half_h = max(box.y1 - at[1], at[1] - box.y0 + symbols)
        radius = max(sizes.symbol * 1.2, ((box.width / 2) ** 2 + half_h**2) ** 0.5 + 3)
        shapes[tile.space.id] = radius
        owner = owner_colour(game, tile.location.owner)
        circles.append(node_svg(at, radius, tile.fill, owner))
    return "".join(circles)


def area_spots(
    the_map: Map, probe: Plan, sizes: Sizes, taken: list[Rect]
) -> Callable[[Rect], bool]:
    """Whether a box (relative to the frame) stays clear of every space's name and of the
    boxes printed on the map."""
    boxes = list(taken)
    for space in the_map.spaces:
        at = probe.centres.get(space.id)
        if at is not None and space.name:
            boxes.append(
                text_box(space.name, at[0], at[1], sizes.space, bold=True).grow(sizes.symbol * 1.5)
            )
    return lambda rect: not any(rect.overlaps(b) for b in boxes)


def area_legend(
    game: Game, the_map: Map, plan: Plan, sizes: Sizes, colours: Palette
) -> list[LegendEntry]:
    """Owners' colours, the border types drawn, and what a gap between spaces means."""

    say = words(game.language)
    entries = []
    owners = {loc.owner for loc in the_map.locations.values() if loc.owner and loc.kind == "land"}
    band = band_width(plan)
    for faction in game.factions:
        if faction.id in owners:
            colour = owner_colour(game, faction.id) or "#808080"
            entries.append(LegendEntry(faction.name, owner_swatch(colour, band)))
    used = {b.type for b in declared_borders(the_map)}
    names = {t.id: t.name for t in game.hexside_types}
    width = min(1.4, max(0.7, 0.004 * plan.unit))
    for kind in [*BORDER_STYLES, *names]:
        if kind in used:
            text = say(BORDER_STYLES[kind][0]) if kind in BORDER_STYLES else names[kind]
            entries.append(LegendEntry(text, _border_swatch(game, kind, width)))
    if not is_nodes(the_map):
        entries.append(LegendEntry(say("map.legend.gap"), gap_swatch))
    return entries


def _border_swatch(game: Game, kind: str, width: float) -> Swatch:
    from toolkit.render.maps.area_links import border_svg

    def swatch(x: float, y: float, w: float, h: float) -> str:
        return border_svg(kind, [((x + 2, y + h / 2), (x + w - 2, y + h / 2))], game, width)

    return swatch


def is_nodes(the_map: Map) -> bool:
    return isinstance(the_map.grid, AreaMapGrid) and the_map.grid.style == "nodes"
    return isinstance(the_map.grid, AreaMapGrid) and is_nodes(the_map)


STACK = 36.0
"""The side of the square a stack of pieces is given in a space, in points: a half-inch
counter, the size most games print."""


def area_stacks(parts: AreaParts, placer: Placer) -> dict[str, Point]:
    """Where a stack of pieces sits in each territory: the centre of a counter-sized square
    inside its outline and clear of every name and symbol printed (nearest its name), so a
    stack dropped there in VASSAL hides no label. A space too small or too crowded for one is
    left out, and its pieces go by its centre."""
    stacks: dict[str, Point] = {}
    for space, rings in parts.rings.items():
        for side in (STACK, STACK * 2 / 3, STACK / 2):  # a smaller stack in a small space
            spot = _stack_spot(parts, placer, space, rings, side)
            if spot is not None:
                stacks[space] = spot
                break
    return stacks


def _stack_spot(
    parts: AreaParts,
    placer: Placer,
    space: str,
    rings: tuple[tuple[Point, ...], ...],
    side: float,
) -> Point | None:
    """The centre of a clear square of ``side`` inside the space, nearest below its name."""
    xs = [x for x, _ in rings[0]]
    ys = [y for _, y in rings[0]]
    name = parts.blocks.get(space)
    cx, cy = parts.centres.get(space, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    target = (cx, name.y1 + side / 2) if name is not None else (cx, cy)
    step = max((max(xs) - min(xs)) / 16, (max(ys) - min(ys)) / 16, side / 6)
    best: tuple[float, Point] | None = None
    y = min(ys) + side / 2
    while y <= max(ys) - side / 2:
        x = min(xs) + side / 2
        while x <= max(xs) - side / 2:
            square = Rect(x - side / 2, y - side / 2, x + side / 2, y + side / 2)
            corners = [(square.x0, square.y0), (square.x1, square.y0), (x, y)]
            corners += [(square.x1, square.y1), (square.x0, square.y1)]
            # Inside the main outline too: VASSAL's zone is that ring alone.
            inside = all(
                point_in_rings(px, py, rings) and point_in_polygon(px, py, rings[0])
                for px, py in corners
            )
            if inside and placer.free(square):
                distance = math.dist((x, y), target)
                if best is None or distance < best[0]:
                    best = (distance, (x, y))
            x += step
        y += step
    return best[1] if best is not None else None
