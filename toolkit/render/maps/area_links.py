"""The borders of an area map drawn as links between space centres, one per declared pair.

Links start and end at the edge of each space's name block, so they point at names without
crossing them. A border typed with a hexside type (strait, canal…) is drawn in that type's
style, and a hexside listed on the map for a pair overrides the plain link.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from toolkit.geometry import closest_points, shared_segments
from toolkit.model import Game
from toolkit.model.map import Map
from toolkit.render.maps.base import INK, SEA_INK, Point, Rect, circle_d, el, safe_colour
from toolkit.render.maps.strokes import Side, default_side_colour, routes_svg, sides_svg
from toolkit.render.svg import fmt

BORDER_STYLES: dict[str, tuple[str, str, str]] = {
    # adjacency type → (legend text's message id, stroke colour, how it is drawn)
    "land": ("map.border.land", "#6b5a45", "solid"),
    "sea": ("map.border.sea", SEA_INK, "dashed"),
    "coast": ("map.border.coast", "#4f7bb0", "dotted"),
    "air": ("map.border.air", "#7a7a7a", "dotted"),
    "rail": ("map.border.rail", INK, "rail"),
}


@dataclass(frozen=True, slots=True)
class Border:
    """One declared border between two spaces (a < b), and its type."""

    a: str
    b: str
    type: str


def declared_borders(the_map: Map) -> list[Border]:
    """Every declared pair once, sorted; a map hexside on a pair overrides its type."""
    pairs: dict[tuple[str, str], str] = {}
    for space, entries in the_map.adjacency.items():
        for entry in entries:
            key = (min(space, entry.to), max(space, entry.to))
            pairs.setdefault(key, entry.type)
    for hs in the_map.hexsides:
        if not hs.edge:
            pairs[(min(hs.a, hs.b), max(hs.a, hs.b))] = hs.type
    return [Border(a, b, t) for (a, b), t in sorted(pairs.items())]


def adjacency_sets(borders: list[Border]) -> dict[str, frozenset[str]]:
    """Space → the spaces it borders."""
    out: dict[str, set[str]] = {}
    for border in borders:
        out.setdefault(border.a, set()).add(border.b)
        out.setdefault(border.b, set()).add(border.a)
    return {k: frozenset(v) for k, v in out.items()}


def _exit(box: Rect, p: Point, q: Point) -> float:
    """The fraction along p→q where it leaves ``box`` (p inside); 0 when p is outside."""
    t_best = 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for edge, delta, start in (
        (box.x0, dx, p[0]),
        (box.x1, dx, p[0]),
        (box.y0, dy, p[1]),
        (box.y1, dy, p[1]),
    ):
        if delta != 0:
            t = (edge - start) / delta
            if 0 < t < t_best:
                t_best = t
    inside = box.x0 <= p[0] <= box.x1 and box.y0 <= p[1] <= box.y1
    return t_best if inside else 0.0


def _circle_exit(radius: float, p: Point, q: Point) -> float:
    length = math.dist(p, q)
    return radius / length if length > 0 else 1.0


def trimmed(
    p: Point, q: Point, start: Rect | float | None, end: Rect | float | None
) -> tuple[Point, Point] | None:
    """The part of p→q outside the two name blocks (or node circles), or None if none is."""

    def cut(shape: Rect | float | None, a: Point, b: Point) -> float:
        if shape is None:
            return 0.0
        if isinstance(shape, Rect):
            return _exit(shape, a, b)
        return _circle_exit(shape, a, b)

    t0 = cut(start, p, q)
    t1 = 1.0 - cut(end, q, p)
    if t1 - t0 < 0.02 or math.dist(p, q) * (t1 - t0) < 3.0:
        return None
    return (
        (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
        (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1),
    )


def border_svg(
    kind: str, segments: list[tuple[Point, Point]], game: Game, width: float, quiet: bool = False
) -> str:
    """All links of one border type, in one or two paths; ``quiet`` ones echo a drawn border."""
    if not segments:
        return ""
    types = {t.id: t for t in game.hexside_types}
    if kind in types:
        style = types[kind].style
        colour = safe_colour(types[kind].color, default_side_colour(style))
        return sides_svg(style, [Side(p, q) for p, q in segments], colour, width * 40)
    _, colour, how = BORDER_STYLES.get(kind, ("", INK, "solid"))
    d = "".join(f"M{fmt(p[0])} {fmt(p[1])}L{fmt(q[0])} {fmt(q[1])}" for p, q in segments)
    if how == "rail":
        return routes_svg("rail", [list(s) for s in segments], colour, width * 12)
    dash = {
        "dashed": f"{fmt(width * 5)} {fmt(width * 3)}",
        "dotted": f"{fmt(width * 0.1)} {fmt(width * 2.6)}",
    }.get(how)
    if quiet:
        width *= 0.6
    line = el(
        "path",
        d=d,
        fill="none",
        stroke=colour,
        stroke_width=width * (1.5 if how == "dotted" else 1.0),
        stroke_linecap="round",
        stroke_dasharray=dash,
    )
    if quiet:
        return line
    halo = el(
        "path",
        d=d,
        fill="none",
        stroke="#ffffff",
        stroke_width=width * 2.4,
        stroke_opacity=0.55,
        stroke_linecap="round",
        stroke_dasharray=dash,
    )
    # Dots at both ends: a link that crosses other spaces still reads as joining these two.
    ends = "".join(circle_d(x, y, width * 1.7) for p, q in segments for x, y in (p, q))
    return halo + line + el("path", d=ends, fill=colour)


Rings = tuple[tuple[Point, ...], ...]


def _drawn_border(
    border: Border,
    outlines: Mapping[str, Rings],
    touching: Callable[[str, str], bool],
    reach: float,
) -> list[tuple[Point, Point]] | None:
    """How a border between two drawn shapes shows: nothing more where they touch (a plain
    border), the special border's stroke along their common edge (a river, a canal), or, where
    they do not touch, a short link across the gap between their nearest points (a strait, a
    sea lane, a port), reaching a little into each so it reads as joining them. None when a
    space has no drawn shape."""
    a, b = outlines.get(border.a), outlines.get(border.b)
    if a is None or b is None:
        return None
    tolerance = reach * 0.1
    if touching(border.a, border.b):
        if border.type in BORDER_STYLES:
            return []
        return shared_segments(a, b, tolerance)
    p, q = closest_points(a, b)
    gap = math.dist(p, q)
    ux, uy = ((q[0] - p[0]) / gap, (q[1] - p[1]) / gap) if gap > 1e-9 else (0.0, 1.0)
    return [((p[0] - ux * reach, p[1] - uy * reach), (q[0] + ux * reach, q[1] + uy * reach))]


def links_svg(
    game: Game,
    borders: list[Border],
    centres: Mapping[str, Point],
    shapes: Mapping[str, Rect | float],
    width: float,
    touching: Callable[[str, str], bool] = lambda a, b: False,
    outlines: Mapping[str, Rings] | None = None,
    reach: float = 6.0,
) -> str:
    """Every declared border the outlines cannot show, as a link.

    Between two drawn shapes (``outlines``, on the page) a link is short and crosses only the
    gap between them; see :func:`_drawn_border`. Otherwise it runs between the two name blocks.
    Where two spaces' outlines already touch, their shared edge is the border and a plain land,
    sea or coast link would only clutter the map, so none is drawn; special borders (straits,
    canals…) and adjacencies the schematic cannot show as a shared edge get a link.
    """
    by_type: dict[tuple[str, bool], list[tuple[Point, Point]]] = {}
    for border in borders:
        drawn = _drawn_border(border, outlines or {}, touching, reach)
        if drawn is not None:
            by_type.setdefault((border.type, False), []).extend(drawn)
            continue
        p, q = centres.get(border.a), centres.get(border.b)
        if p is None or q is None:
            continue
        segment = trimmed(p, q, shapes.get(border.a), shapes.get(border.b))
        if segment is not None:
            if touching(border.a, border.b) and border.type in BORDER_STYLES:
                continue  # the shared edge already shows this border
            by_type.setdefault((border.type, False), []).append(segment)
    order = list(BORDER_STYLES) + [t.id for t in game.hexside_types]
    kinds = sorted(
        by_type, key=lambda k: (not k[1], order.index(k[0]) if k[0] in order else len(order), k[0])
    )
    return "".join(
        border_svg(kind, by_type[(kind, quiet)], game, width, quiet)
        for kind, quiet in kinds
        if by_type[(kind, quiet)]
    )


def area_lines_svg(
    game: Game,
    the_map: Map,
    centres: Mapping[str, Point],
    shapes: Mapping[str, Rect | float],
    unit: float,
) -> str:
    """Railways and roads between spaces, each leg running from name block to name block."""
    types = {t.id: t for t in game.line_types}
    by_type: dict[str, list[list[Point]]] = {}
    for line in the_map.lines:
        for a, b in zip(line.path, line.path[1:], strict=False):
            if a in centres and b in centres:
                leg = trimmed(centres[a], centres[b], shapes.get(a), shapes.get(b))
                if leg is not None:
                    by_type.setdefault(line.type, []).append(list(leg))
    out = []
    for type_id in sorted(by_type):
        kind = types.get(type_id)
        colour = safe_colour(kind.color if kind else None, INK)
        out.append(routes_svg(kind.style if kind else "road", by_type[type_id], colour, unit))
    return "".join(out)
