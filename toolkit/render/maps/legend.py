"""The map's palette (terrain fills and motifs, symbols in ``<defs>``) and its legend entries.

Terrain colours come from game.json, but two fills that print as the same grey would make a
black-and-white copy unreadable, so fills used on one map are spread apart in lightness by a
few percent where they are too close; hue and the designer's intent stay.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from toolkit.catalogue import ENGLISH, Words, words
from toolkit.geometry import hex_neighbors, hex_to_point
from toolkit.model import Game
from toolkit.model.game import HexsideType, LineType
from toolkit.model.map import AreaMapGrid, CrossingType, Map
from toolkit.render.maps.base import INK, el, grey_level, safe_colour, with_lightness
from toolkit.render.maps.bridges import WATER_STYLES, crossing_sign, water_crossings
from toolkit.render.maps.decor import LegendEntry, Swatch
from toolkit.render.maps.features import Sizes
from toolkit.render.maps.grid import NO_TERRAIN
from toolkit.render.maps.motifs import (
    PATTERNS,
    cluster_motif_size,
    cluster_svg,
    motif_ink,
    motif_svg,
)
from toolkit.render.maps.plan import Plan
from toolkit.render.maps.strokes import Side, default_side_colour, routes_svg, sides_svg
from toolkit.render.maps.symbols import (
    DEFAULT_FILL,
    FEATURE_ORDER,
    symbol_defs,
    symbol_use,
)
from toolkit.render.svg import fmt

SEA_MOTIF = "msea"
SEA_DEFAULT = "#b9d6ee"
MIN_GREY_STEP = 16.0
"""Grey levels (of 255) between terrain fills used on one map."""


@dataclass
class Palette:
    """Fills and motif ids per terrain type, and the feature types drawn, for one map."""

    fills: dict[str, str]
    patterns: dict[str, str]
    used: list[str]
    single_ids: dict[str, str] = field(default_factory=dict)
    cluster_ids: dict[str, str] = field(default_factory=dict)
    features: set[str] = field(default_factory=set)
    area: bool = False

    def motif_size(self, plan: Plan, sizes: Sizes, terrain: str) -> float:
        """The side of one motif: clustered per hex on grids, a fixed size on area maps."""
        if self.area:
            return sizes.space * 1.3
        return cluster_motif_size(self.patterns[terrain], 0.3 * plan.unit)

    def defs(self, plan: Plan, sizes: Sizes) -> str:
        """Motifs, clusters and feature symbols, each defined once for ``<use>``."""
        parts = []
        for terrain, ref in self.single_ids.items():
            pattern = self.patterns[terrain]
            ink = motif_ink(self.fills[terrain])
            motif = motif_svg(pattern, self.motif_size(plan, sizes, terrain), ink)
            # Crisp: terrain signs are decoration; antialiasing thousands of them costs a
            # third of the raster time (mostly in PNG size) and is not missed at print size.
            parts.append(f'<g id="{ref}" shape-rendering="crispEdges">{motif}</g>')
            if terrain in self.cluster_ids:
                cluster = cluster_svg(pattern, 0.3 * plan.unit, ink, ref)
                parts.append(f'<g id="{self.cluster_ids[terrain]}">{cluster}</g>')
        if self.area:
            # Sea spaces without a terrain still get waves: water must read as water.
            wave = motif_svg("waves", self.motif_size(plan, sizes, ""), motif_ink(SEA_DEFAULT))
            parts.append(f'<g id="{SEA_MOTIF}" shape-rendering="crispEdges">{wave}</g>')
        parts.append(symbol_defs(self.features, sizes.symbol))
        return "".join(parts)


def _spread(levels: dict[str, float]) -> dict[str, float]:
    """Grey targets at least MIN_GREY_STEP apart, moving each fill as little as possible."""
    ordered = sorted(levels.items(), key=lambda kv: (kv[1], kv[0]))
    targets: dict[str, float] = {}
    previous = -math.inf
    for key, level in ordered:
        targets[key] = max(level, previous + MIN_GREY_STEP)
        previous = targets[key]
    overflow = max(0.0, previous - 247.0)
    return {k: max(20.0, v - overflow) if overflow else v for k, v in targets.items()}


def palette(game: Game, the_map: Map) -> Palette:
    """The palette for one map: fills of the terrain used on it, spread apart in grey."""
    used_set = {loc.terrain for loc in the_map.locations.values() if loc.terrain}
    used = [t.id for t in game.terrain if t.id in used_set]
    fills = {t.id: safe_colour(t.color, NO_TERRAIN) for t in game.terrain}
    targets = _spread({t: grey_level(fills[t]) for t in used})
    for terrain, grey in targets.items():
        if abs(grey - grey_level(fills[terrain])) > 0.5:
            fills[terrain] = with_lightness(fills[terrain], grey)
    patterns = {
        t.id: (t.pattern if t.pattern in PATTERNS else ("waves" if t.water else ""))
        for t in game.terrain
    }
    patterns = {k: ("waves" if not v and _is_water(game, k) else v) for k, v in patterns.items()}
    area = isinstance(the_map.grid, AreaMapGrid)
    singles = {t: f"m{i}" for i, t in enumerate(used) if patterns.get(t)}
    clusters = {} if area else {t: f"c{i}" for i, t in enumerate(used) if patterns.get(t)}
    features = {f.type for f in the_map.features}
    return Palette(fills, patterns, used, singles, clusters, features, area)


def _is_water(game: Game, terrain: str) -> bool:
    return any(t.id == terrain and t.water for t in game.terrain)


def scale_of(
    the_map: Map, plan: Plan, size: float, say: Words = ENGLISH
) -> tuple[float, int, str] | None:
    """(step in points, steps, label) of the scale bar, when the source asks for one."""
    style = the_map.style
    if not style.scale_label:
        return None
    count = max(1, min(int(style.scale_hexes), 20))
    if plan.kind == "hex" and plan.layout is not None and plan.hexes:
        h = next(iter(plan.hexes.values()))
        cx, cy = hex_to_point(plan.layout, h)
        step = min(
            math.hypot(x - cx, y - cy)
            for x, y in (hex_to_point(plan.layout, n) for n in hex_neighbors(h))
        )
        return step, count, say("map.scale.hex", scale=style.scale_label)
    if plan.kind == "square":
        return plan.unit, count, say("map.scale.square", scale=style.scale_label)
    return 72.0, count, say("map.scale.inch", scale=style.scale_label)


# -- legend entries ------------------------------------------------------------------------------


def _terrain_swatch(fill: str, ref: str | None, motif: float) -> Swatch:
    def swatch(x: float, y: float, w: float, h: float) -> str:
        out = el("rect", x=x, y=y, width=w, height=h, fill=fill, stroke=INK, stroke_width=0.5)
        if ref:
            k = min(1.0, h * 0.8 / motif) if motif > 0 else 1.0
            where = f"translate({fmt(x + w / 2)} {fmt(y + h / 2)}) scale({fmt(k)})"
            out += f'<use href="#{ref}" transform="{where}"/>'
        return out

    return swatch


def _side_swatch(style: str, colour: str) -> Swatch:
    def swatch(x: float, y: float, w: float, h: float) -> str:
        mid = y + h / 2
        side = Side(
            (x + 2, mid), (x + w - 2, mid), (x + w / 2, y - h / 2), (x + w / 2, y + 1.5 * h)
        )
        return sides_svg(style, [side], colour, h * 1.6)

    return swatch


def _route_swatch(style: str, colour: str) -> Swatch:
    def swatch(x: float, y: float, w: float, h: float) -> str:
        return routes_svg(style, [[(x + 2, y + h / 2), (x + w - 2, y + h / 2)]], colour, h * 1.6)

    return swatch


def _symbol_swatch(kind: str, size: float) -> Swatch:
    def swatch(x: float, y: float, w: float, h: float) -> str:
        k = min(1.0, h / size) if size > 0 else 1.0
        use = symbol_use(kind, 0, 0, DEFAULT_FILL.get(kind))
        where = f"translate({fmt(x + w / 2)} {fmt(y + h / 2)}) scale({fmt(k)})"
        return f'<g transform="{where}">{use}</g>'

    return swatch


def _crossing_swatch(
    kind: CrossingType, river: HexsideType | None, road: LineType | None
) -> Swatch:
    """The map's own bridge or ford sign, over a river and the road it carries, at the scale
    of the other line swatches."""

    def swatch(x: float, y: float, w: float, h: float) -> str:
        out = ""
        if river is not None:
            colour = safe_colour(river.color, default_side_colour(river.style))
            out += _side_swatch(river.style, colour)(x, y, w, h)
        if road is not None:
            colour = safe_colour(road.color, INK)
            out += routes_svg(road.style, [[(x + w / 2, y), (x + w / 2, y + h)]], colour, h * 1.6)
        return out + crossing_sign(kind, (x + w / 2, y + h / 2), (0.0, 1.0), h * 1.6)

    return swatch


def crossing_legend(game: Game, the_map: Map) -> list[LegendEntry]:
    """A bridge entry and a ford entry when the map draws one, each shown over the river and
    the line of the first such crossing on the map."""
    entries = []
    crossings = water_crossings(game, the_map)
    sides = {t.id: t for t in game.hexside_types}
    lines = {t.id: t for t in game.line_types}
    say = words(game.language)
    kinds: tuple[CrossingType, ...] = ("bridge", "ford")
    for kind in kinds:
        first = next((c for c in crossings if c.type == kind), None)
        if first is None:
            continue
        river = next(
            (
                sides[s.type]
                for s in the_map.hexsides_between(first.a, first.b)
                if s.type in sides and sides[s.type].style in WATER_STYLES
            ),
            None,
        )
        road = next((lines[t] for t in first.lines if t in lines), None)
        entries.append(LegendEntry(say(f"map.legend.{kind}"), _crossing_swatch(kind, river, road)))
    return entries


def common_legend(
    game: Game, the_map: Map, plan: Plan, sizes: Sizes, colours: Palette
) -> list[LegendEntry]:
    """Terrain, hexside and line types, bridges and fords, and feature types used on this map,
    in the game's order."""
    entries = []
    names = {t.id: t.name for t in game.terrain}
    for terrain in colours.used:
        ref = colours.single_ids.get(terrain)
        motif = colours.motif_size(plan, sizes, terrain) if ref else 0.0
        entries.append(
            LegendEntry(names[terrain], _terrain_swatch(colours.fills[terrain], ref, motif))
        )
    # an area map draws its typed borders its own way, and lists them with the borders
    used_sides = (
        set() if isinstance(the_map.grid, AreaMapGrid) else {h.type for h in the_map.hexsides}
    )
    for side_type in game.hexside_types:
        if side_type.id in used_sides:
            colour = safe_colour(side_type.color, default_side_colour(side_type.style))
            entries.append(LegendEntry(side_type.name, _side_swatch(side_type.style, colour)))
    used_lines = {line.type for line in the_map.lines}
    for line_type in game.line_types:
        if line_type.id in used_lines:
            swatch = _route_swatch(line_type.style, safe_colour(line_type.color, INK))
            entries.append(LegendEntry(line_type.name, swatch))
    entries.extend(crossing_legend(game, the_map))
    for kind in FEATURE_ORDER:
        if kind in colours.features and kind != "label":
            name = words(game.language)(f"map.feature.{kind}")
            entries.append(LegendEntry(name, _symbol_swatch(kind, sizes.symbol)))
    return merged_legend(entries)


def merged_legend(entries: list[LegendEntry]) -> list[LegendEntry]:
    """One entry per name: a terrain and a symbol called alike ('City') share one line, the
    symbol drawn over the terrain's sample, where the legend would otherwise say it twice."""
    merged: dict[str, LegendEntry] = {}
    for entry in entries:
        first = merged.get(entry.text)
        merged[entry.text] = (
            entry
            if first is None
            else LegendEntry(entry.text, _overlaid(first.swatch, entry.swatch))
        )
    return list(merged.values())


def _overlaid(under: Swatch, over: Swatch) -> Swatch:
    def swatch(x: float, y: float, w: float, h: float) -> str:
        return under(x, y, w, h) + over(x, y, w, h)

    return swatch
