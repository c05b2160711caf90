"""Bridges and fords where lines cross rivers, drawn over the line so a player sees at a
glance where the river may be crossed and how.

A bridge is the printed-map sign: two parapets either side of the road, their ends splayed
outward (the road itself is already drawn over the river). A ford is a row of stepping
stones across the river beside the road. Crossings of sides that are not water (a road through
a pass) are rules data only and are not drawn.
"""

from __future__ import annotations

import math

from toolkit.model import Game
from toolkit.model.map import Crossing, CrossingType, Map
from toolkit.render.maps.base import INK, Point, el
from toolkit.render.maps.plan import Plan
from toolkit.render.svg import fmt

WATER_STYLES = frozenset({"river", "canal", "strait"})
"""Hexside styles a bridge spans."""
STONES = "#6b5a44"


def water_crossings(game: Game, the_map: Map) -> list[Crossing]:
    """The crossings drawn on the map: those over a water side, in the map's order."""
    water = {t.id for t in game.hexside_types if t.style in WATER_STYLES}
    return [
        crossing
        for crossing in the_map.crossings
        if any(side.type in water for side in the_map.hexsides_between(crossing.a, crossing.b))
    ]


def bridges_svg(game: Game, the_map: Map, plan: Plan) -> str:
    """Every bridge and ford of a hex or square map, in the map's crossing order."""
    parapets, stones = [], []
    for crossing in water_crossings(game, the_map):
        ends = _ends(plan, crossing)
        if ends is None:
            continue
        if crossing.type == "bridge":
            parapets.append(_bridge(*ends, plan.unit))
        else:
            stones.append(_ford(*ends, plan.unit))
    return _parapets_svg(parapets, plan.unit) + _stones_svg(stones)


def crossing_sign(kind: CrossingType, at: Point, along: Point, unit: float) -> str:
    """One bridge or ford at ``at``, crossing in the unit direction ``along``, drawn as on a
    map whose hexes measure ``unit``: the legend shows the map's own sign this way."""
    across = (-along[1], along[0])
    if kind == "bridge":
        return _parapets_svg([_bridge(at, along, across, unit)], unit)
    return _stones_svg([_ford(at, along, across, unit)])


def _parapets_svg(parapets: list[str], unit: float) -> str:
    if not parapets:
        return ""
    return el(
        "path",
        d="".join(parapets),
        fill="none",
        stroke=INK,
        stroke_width=0.028 * unit,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def _stones_svg(stones: list[str]) -> str:
    return el("path", d="".join(stones), fill=STONES, stroke="none") if stones else ""


def _ends(plan: Plan, crossing: Crossing) -> tuple[Point, Point, Point] | None:
    """The side's midpoint, and the unit vectors along the crossing (a to b) and across it."""
    side = plan.side(crossing.a, crossing.b)
    a, b = plan.centres.get(crossing.a), plan.centres.get(crossing.b)
    if side is None or a is None or b is None:
        return None
    (px, py), (qx, qy) = side
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return ((px + qx) / 2, (py + qy) / 2), (ux, uy), (-uy, ux)


def _at(m: Point, u: Point, n: Point, along: float, across: float) -> str:
    return f"{fmt(m[0] + u[0] * along + n[0] * across)} {fmt(m[1] + u[1] * along + n[1] * across)}"


def _bridge(m: Point, u: Point, n: Point, unit: float) -> str:
    """The two splayed parapets of one bridge."""
    half, width, splay = 0.15 * unit, 0.075 * unit, 0.05 * unit
    rails = ""
    for side in (-1.0, 1.0):
        w = side * width
        s = side * (width + splay)
        rails += (
            f"M{_at(m, u, n, -half - splay, s)}L{_at(m, u, n, -half, w)}"
            f"L{_at(m, u, n, half, w)}L{_at(m, u, n, half + splay, s)}"
        )
    return rails


def _ford(m: Point, u: Point, n: Point, unit: float) -> str:
    """Three stepping stones across the river, just beside the road."""
    r = 0.03 * unit
    d = ""
    for along in (-0.08 * unit, 0.0, 0.08 * unit):
        cx = m[0] + u[0] * along + n[0] * 0.09 * unit
        cy = m[1] + u[1] * along + n[1] * 0.09 * unit
        d += (
            f"M{fmt(cx - r)} {fmt(cy)}a{fmt(r)} {fmt(r)} 0 1 0 {fmt(2 * r)} 0"
            f"a{fmt(r)} {fmt(r)} 0 1 0 {fmt(-2 * r)} 0Z"
        )
    return d
