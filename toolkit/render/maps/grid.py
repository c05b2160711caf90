"""Hex and square maps: terrain, grid lines, hex numbers, hexsides and lines.

Terrain is one path per terrain type (every hex of that type as a sub-path), the grid one path
with each side stroked once, and terrain symbols one ``<use>`` per hex: the drawing grows
linearly with the number of hexes and the rasteriser fills each pixel about once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from toolkit.geometry import (
    HEX_DIRECTIONS,
    Hex,
    hex_add,
    hex_corners,
    hexside_endpoints,
    hexside_of,
    point_in_polygon,
)
from toolkit.model import Game
from toolkit.model.map import Map
from toolkit.render.maps.base import (
    GRID_INK,
    INK,
    Label,
    Point,
    Rect,
    cap_height,
    el,
    grey_level,
    poly_d,
    safe_colour,
    text_box,
)
from toolkit.render.maps.plan import Plan
from toolkit.render.maps.strokes import Side, default_side_colour, routes_svg, sides_svg
from toolkit.render.svg import attrs, esc, fmt

NO_TERRAIN = "#fbfaf5"
"""The fill of a location whose terrain is missing or unknown."""


def terrain_svg(the_map: Map, plan: Plan, fills: Mapping[str, str]) -> str:
    """One filled path per terrain type, in the game's terrain order."""
    paths: dict[str, list[str]] = {}
    for label in the_map.locations:
        outline = plan.outline(label)
        if outline:
            terrain = the_map.locations[label].terrain or ""
            paths.setdefault(terrain if terrain in fills else "", []).append(poly_d(outline))
    order = [t for t in fills if t in paths] + ([""] if "" in paths else [])
    # Crisp edges: every terrain boundary is under a grid line, so antialiasing it only adds
    # work (and PNG size) without changing what is seen.
    return "".join(
        el("path", fill=fills.get(t, NO_TERRAIN), d="".join(paths[t]), shape_rendering="crispEdges")
        for t in order
    )


MUTED_CLUSTER = 0.4
"""Opacity of the terrain symbols in a location where a feature stands: the terrain still shows
(a town hex keeps the pattern the legend promises) and the feature's symbol and name read
over it."""


def clusters_svg(the_map: Map, plan: Plan, cluster_ids: Mapping[str, str], muted: set[str]) -> str:
    """A terrain symbol cluster per patterned location, faded where features stand."""
    uses = []
    for label, loc in the_map.locations.items():
        ref = cluster_ids.get(loc.terrain or "")
        if ref and label in plan.centres:
            x, y = plan.centres[label]
            opacity = MUTED_CLUSTER if label in muted else None
            uses.append(el("use", href="#" + ref, x=x, y=y, opacity=opacity))
    return "".join(uses)


def _side_corner_pairs(plan: Plan) -> list[tuple[int, int]]:
    """For each direction, which two of hex_corners() bound that side (same for every hex)."""
    assert plan.layout is not None
    origin = Hex(0, 0)
    corners = hex_corners(plan.layout, origin)
    pairs = []
    for direction in range(6):
        p, q = hexside_endpoints(plan.layout, hexside_of(origin, direction))
        pairs.append((_nearest(corners, p), _nearest(corners, q)))
    return pairs


def _nearest(points: Sequence[Point], p: Point) -> int:
    return min(
        range(len(points)), key=lambda i: (points[i][0] - p[0]) ** 2 + (points[i][1] - p[1]) ** 2
    )


def grid_lines_svg(plan: Plan, width: float) -> str:
    """Every hex or square side once: owned sides of each hex, plus sides on the map edge.

    A hex's drawn sides are joined into polylines (three owned sides are one run of corners),
    which keeps the path short and lets the rasteriser stroke it in few pieces.
    """
    if plan.kind == "square":
        return _square_lines(plan, width)
    if plan.layout is None:
        return ""
    direction_of = _corner_side_directions(plan)
    on_map = set(plan.hexes.values())
    parts = []
    for h in plan.hexes.values():
        drawn = [
            direction_of[k] < 3 or hex_add(h, HEX_DIRECTIONS[direction_of[k]]) not in on_map
            for k in range(6)
        ]
        parts.append(_runs(hex_corners(plan.layout, h), drawn))
    # Crisp: a 1-pixel grid line at print and screen resolutions, at a fraction of the cost.
    style = attrs(
        d="".join(parts),
        fill="none",
        stroke=GRID_INK,
        stroke_width=width,
        shape_rendering="crispEdges",
    )
    return f"<path{style}/>"


def _corner_side_directions(plan: Plan) -> list[int]:
    """For the side from corner k to corner k + 1, the direction of the hex across it."""
    out = [0] * 6
    for direction, (a, b) in enumerate(_side_corner_pairs(plan)):
        k = a if (a + 1) % 6 == b else b
        out[k] = direction
    return out


def _runs(corners: Sequence[Point], drawn: Sequence[bool]) -> str:
    """Path data for the drawn sides (side k joins corner k to k + 1) as polylines."""
    if all(drawn):
        return poly_d(corners)
    start = next((k for k in range(6) if drawn[k] and not drawn[k - 1]), None)
    if start is None:
        return ""
    d = ""
    k = start
    for _ in range(6):
        if drawn[k]:
            x, y = corners[(k + 1) % 6]
            if not drawn[k - 1] or not d:
                d += f"M{fmt(corners[k][0])} {fmt(corners[k][1])}"
            d += f"L{fmt(x)} {fmt(y)}"
        k = (k + 1) % 6
    return d


def _square_lines(plan: Plan, width: float) -> str:
    f = plan.frame
    size = plan.unit
    columns = round(f.width / size)
    rows = round(f.height / size)
    d = "".join(f"M{fmt(f.x0 + i * size)} {fmt(f.y0)}V{fmt(f.y1)}" for i in range(columns + 1))
    d += "".join(f"M{fmt(f.x0)} {fmt(f.y0 + j * size)}H{fmt(f.x1)}" for j in range(rows + 1))
    return el(
        "path", d=d, fill="none", stroke=GRID_INK, stroke_width=width, shape_rendering="crispEdges"
    )


# -- hex numbers ---------------------------------------------------------------------------------


def _chord(outline: Sequence[Point], y: float) -> float:
    """Width of a convex outline at height y."""
    xs = []
    for i in range(len(outline)):
        (ax, ay), (bx, by) = outline[i], outline[(i + 1) % len(outline)]
        if (ay - y) * (by - y) <= 0 and ay != by:
            xs.append(ax + (bx - ax) * (y - ay) / (by - ay))
    return max(xs) - min(xs) if len(xs) >= 2 else 0.0


def number_offset(plan: Plan, position: str, size: float, sample: str) -> float:
    """Baseline offset from the centre for hex numbers at the top, bottom or centre.

    Pointy hexes narrow to a corner, so the number moves down until it fits the hex's width.
    """
    first = next(iter(plan.centres), None)
    outline = plan.outline(first) if first is not None else []
    if first is None or not outline:
        return 0.0
    cx, cy = plan.centres[first]
    cap = cap_height(size)
    if position == "center":
        return cap / 2
    width = text_box(sample, 0, 0, size).width + size * 0.6
    pad = max(size * 0.3, plan.unit * 0.075)  # clear of a river along the top side
    top = min(y for _, y in outline) - cy
    bottom = max(y for _, y in outline) - cy
    t = pad
    while t < (bottom - top) / 2:
        y_edge = (top + t) if position == "top" else (bottom - t)
        if _chord(outline, cy + y_edge) >= width:
            break
        t += 0.25
    return top + t + cap if position == "top" else bottom - t - 0.22 * size


def number_labels(
    the_map: Map, plan: Plan, size: float, colour: str, position: str, fills: Mapping[str, str]
) -> list[Label]:
    """The hex (or square) number in every location whose number is inside the frame."""
    if position == "none" or not plan.centres:
        return []
    sample = max((label for label in plan.centres), key=len)
    dy = number_offset(plan, position, size, sample)
    labels = []
    frame = plan.frame.grow(0.01)
    for label in plan.centres:
        x, y = plan.centres[label]
        terrain = the_map.locations[label].terrain or ""
        ink = number_colour(colour, fills.get(terrain, NO_TERRAIN))
        item = Label(label, x, y + dy, size, "middle", fill=ink, role="number")
        if item.box.inside(frame):
            labels.append(item)
    return labels


def numbers_svg(labels: Sequence[Label], size: float) -> str:
    """Hex numbers as a group of texts per colour, sharing their font attributes."""
    by_colour: dict[str, list[Label]] = {}
    for label in labels:
        by_colour.setdefault(label.fill, []).append(label)
    out = []
    for colour in sorted(by_colour):
        body = "".join(
            f"<text{attrs(x=lb.x, y=lb.y)}>{esc(lb.text)}</text>" for lb in by_colour[colour]
        )
        group = attrs(class_="numbers", font_size=size, fill=colour, text_anchor="middle")
        out.append(f"<g{group}>{body}</g>")
    return "".join(out)


def number_colour(colour: str, fill: str) -> str:
    """The numbers' colour, or a light one where it would vanish into a dark terrain."""
    if grey_level(fill) < 95 and grey_level(colour) < 110:
        return "#f2f2f2"
    return colour


# -- hexsides and lines --------------------------------------------------------------------------


def hexsides_svg(game: Game, the_map: Map, plan: Plan) -> str:
    """Every hexside feature, grouped by type in the game's order."""
    types = {t.id: t for t in game.hexside_types}
    by_type: dict[str, list[Side]] = {}
    for hs in the_map.hexsides:
        ends = plan.side(hs.a, hs.b)
        if ends is None:
            continue
        a, b = plan.centres.get(hs.a), plan.centres.get(hs.b)
        by_type.setdefault(hs.type, []).append(Side(ends[0], ends[1], a, b))
    out = []
    for type_id in sorted(by_type, key=lambda t: (list(types).index(t) if t in types else 1e9, t)):
        kind = types.get(type_id)
        style = kind.style if kind else "dashed"
        colour = safe_colour(kind.color if kind else None, default_side_colour(style))
        out.append(sides_svg(style, by_type[type_id], colour, plan.unit))
    return "".join(out)


def lines_svg(
    game: Game,
    the_map: Map,
    plan: Plan,
    centres: Mapping[str, Point] | None = None,
    unit: float | None = None,
) -> str:
    """Every line (railway, road…) through the centres of its path, grouped by type.

    Area maps pass their own centres (nested spaces included) and a stroke scale, since their
    spaces are far larger than the lines drawn between them.
    """
    centres = plan.centres if centres is None else centres
    types = {t.id: t for t in game.line_types}
    by_type: dict[str, list[list[Point]]] = {}
    for line in the_map.lines:
        route = [centres[label] for label in line.path if label in centres]
        if len(route) >= 2:
            by_type.setdefault(line.type, []).append(route)
    out = []
    for type_id in sorted(by_type, key=lambda t: (list(types).index(t) if t in types else 1e9, t)):
        kind = types.get(type_id)
        style = kind.style if kind else "road"
        colour = safe_colour(kind.color if kind else None, INK)
        out.append(routes_svg(style, by_type[type_id], colour, plan.unit))
    return "".join(out)


def mat_svg(frame: Rect, width: float, height: float, colour: str) -> str:
    """Background over everything outside the frame: the cut of half hexes, without a clip."""
    # The outer edges overshoot the canvas so no partial pixel row lets a cut hex show.
    o = 4.0
    rects = [
        (-o, -o, width + 2 * o, frame.y0 + o),
        (-o, frame.y1, width + 2 * o, height - frame.y1 + o),
        (-o, frame.y0, frame.x0 + o, frame.height),
        (frame.x1, frame.y0, width - frame.x1 + o, frame.height),
    ]
    return "".join(
        el("rect", x=x, y=y, width=w, height=h, fill=colour)
        for x, y, w, h in rects
        if w > 0 and h > 0
    )


def _segment_hits(p: Point, q: Point, box: Rect) -> bool:
    """Whether segment p→q passes through a box (Liang–Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for delta, low, high, start in ((dx, box.x0, box.x1, p[0]), (dy, box.y0, box.y1, p[1])):
        if delta == 0:
            if not low <= start <= high:
                return False
            continue
        a, b = (low - start) / delta, (high - start) / delta
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t0 > t1:
            return False
    return True


def line_segments(the_map: Map, plan: Plan) -> list[tuple[Point, Point, tuple[str, ...]]]:
    """Every drawn line step (centre to centre) and hexside, with the locations it touches."""
    segments: list[tuple[Point, Point, tuple[str, ...]]] = []
    for line in the_map.lines:
        for a, b in zip(line.path, line.path[1:], strict=False):
            if a in plan.centres and b in plan.centres:
                segments.append((plan.centres[a], plan.centres[b], (a, b)))
    for hs in the_map.hexsides:
        ends = plan.side(hs.a, hs.b)
        if ends is not None:
            segments.append((ends[0], ends[1], (hs.a, hs.b)))
    return segments


def segment_boxes(p: Point, q: Point, reach: float) -> list[Rect]:
    """Small boxes along p→q covering a stroke ``reach`` either side of it."""
    length = math.dist(p, q)
    steps = max(1, math.ceil(length / max(reach * 2, 1.0)))
    return [
        Rect(x - reach, y - reach, x + reach, y + reach)
        for x, y in (
            (p[0] + (q[0] - p[0]) * i / steps, p[1] + (q[1] - p[1]) * i / steps)
            for i in range(steps + 1)
        )
    ]


def numbers_beside_lines(
    the_map: Map, plan: Plan, numbers: Sequence[Label], reach: float
) -> list[Label]:
    """Hex numbers moved sideways, inside their hex, off the roads and railways that run
    through them (a line to the hex above crosses a number at the top). A number with no room
    beside its lines stays, and gets a plate (:func:`crossed_numbers`)."""
    routes: dict[str, list[tuple[Point, Point]]] = {}
    for line in the_map.lines:
        for a, b in zip(line.path, line.path[1:], strict=False):
            if a in plan.centres and b in plan.centres:
                for label in (a, b):
                    routes.setdefault(label, []).append((plan.centres[a], plan.centres[b]))
    moved = []
    for number in numbers:
        segments = routes.get(number.text, [])
        if any(_segment_hits(p, q, number.box.grow(reach)) for p, q in segments):
            number = _beside(number, segments, plan.outline(number.text), reach)
        moved.append(number)
    return moved


def _beside(
    number: Label, segments: Sequence[tuple[Point, Point]], outline: Sequence[Point], reach: float
) -> Label:
    """The nearest sideways shift of a number that clears every segment and stays in the hex,
    moving it down a little (where the hex widens) only when the side has no room."""
    step = max(number.size * 0.25, 0.5)
    toward_centre = (
        1.0 if number.y < (max(y for _, y in outline) + min(y for _, y in outline)) / 2 else -1.0
    )
    for j in range(7):  # at most 1.5 x the number's size towards the centre
        for k in range(1, 41):
            for dx in (k * step, -k * step):
                shifted = replace(number, x=number.x + dx, y=number.y + toward_centre * j * step)
                box = shifted.box.grow(reach)
                if inside_outline(shifted.box, outline) and not any(
                    _segment_hits(p, q, box) for p, q in segments
                ):
                    return shifted
    return number


NAME_REACH = 1.3
"""How far a place name may reach sideways past its hex, as a scale of the hex's width about
its centre: a name a little wider than its hex reads as belonging to it, one across three hexes
does not. Upwards and downwards it stays inside (above it is the hex number)."""


def widened(outline: Sequence[Point], centre: Point, factor: float) -> list[Point]:
    """An outline stretched sideways by ``factor`` about ``centre``."""
    cx = centre[0]
    return [(cx + (x - cx) * factor, y) for x, y in outline]


def inside_outline(box: Rect, outline: Sequence[Point]) -> bool:
    """Whether a box lies inside a convex outline (a hex, a square): all four corners do."""
    corners = ((box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1))
    return bool(outline) and all(point_in_polygon(x, y, outline) for x, y in corners)


def crossed_numbers(
    the_map: Map, plan: Plan, numbers: Sequence[Label], reach: float
) -> list[Label]:
    """Hex numbers that a line or a hexside runs through: they get a plate to stay legible.

    Only the hexes a segment joins or separates can have their number crossed by it, so the
    check is linear in the number of segments.
    """
    by_label = {lb.text: lb for lb in numbers}
    crossed: dict[str, Label] = {}
    for p, q, labels in line_segments(the_map, plan):
        for label in labels:
            number = by_label.get(label)
            if number is not None and _segment_hits(p, q, number.box.grow(reach)):
                crossed[label] = number
    return [crossed[k] for k in sorted(crossed)]


def plates_svg(labels: Sequence[Label]) -> str:
    """Pale plates under labels, so a road or river under a name does not garble it."""
    rects = "".join(
        el("rect", x=b.x0, y=b.y0, width=b.width, height=b.height)
        for b in (lb.box.grow(0.4) for lb in labels)
    )
    if not rects:
        return ""
    return f'<g class="plates" fill="#ffffff" fill-opacity="0.85">{rects}</g>'
