"""Links to other maps: a small tab at the linked location, pointing to the nearest map edge,
naming the map (and the place) it leads to. A link declared on one map joins both ends (the
model makes it adjacency both ways), so the map it arrives on shows it too, unless that map
declares its own link back from the same location."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from toolkit.catalogue import words
from toolkit.model import Game
from toolkit.model.map import Link, LocationKey, Map, location_key, parse_location_key
from toolkit.render.maps.base import INK, Point, Rect, el, label_svg, line_height, rect_union
from toolkit.render.maps.features import around
from toolkit.render.maps.labels import Option, Placer, wrap
from toolkit.render.maps.plan import Plan, build_plan
from toolkit.render.svg import fmt

_ARROWS = {"left": "\u2190", "right": "\u2192", "top": "\u2191", "bottom": "\u2193"}
_OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def link_text(game: Game, link: Link) -> str:
    """What a tab says, in the game's language: the link's name ('A', 'BF'), or where it leads
    ('The Valley 0304') when it has none or its name is only the number its own hex prints
    already, which tells a player nothing of where to go; and the turns the crossing takes."""
    named = link.name and link.name != link.from_label
    return _with_delay(game, link.name if named else link_target(game, link.to), link.delay)


def _with_delay(game: Game, body: str, delay: int) -> str:
    """The tab's text with the turns the crossing takes, if any."""
    if not delay:
        return body
    plural = "one" if delay == 1 else "many"
    return words(game.language)(f"map.link.delay.{plural}", place=body, count=delay)


def link_target(game: Game, key: LocationKey) -> str:
    """The target map's name and the location as that map prints it: a hex or square by its
    label ('The Valley 0304'), a space or box by its name ('Europe North Sea')."""
    location = game.locations.get(key)
    if location is None:  # only a hand-built model: the loader resolves every link
        return key
    if location.kind in ("hex", "square"):
        place = location.label
    else:
        place = location.name or location.label
    target = game.location_table.maps.get(location.map_id)
    return f"{target.name if target else location.map_id} {place}"


def _edge(plan: Plan, x: float, y: float) -> str:
    f = plan.frame
    distances = {"left": x - f.x0, "right": f.x1 - x, "top": y - f.y0, "bottom": f.y1 - y}
    return min(distances, key=lambda k: (distances[k], k))


def _first_toward(edge: str, options: list[Option]) -> list[Option]:
    """Put the option on the side of the edge the link leads to first."""
    first = {"bottom": 0, "top": 1, "right": 2, "left": 3}[edge]
    return [options[first]] + [o for i, o in enumerate(options) if i != first]


def _tab_options(
    box: Rect, text: str, edge: str, reach: float
) -> Callable[[float, int], list[Option]]:
    def build(size: float, lines: int) -> list[Option]:
        return _first_toward(edge, around(box, wrap(text, lines), size, "link", reach, True))

    return build


@dataclass(frozen=True, slots=True)
class _Run:
    """Neighbouring locations along one map edge whose links read alike: one tab for all."""

    text: str
    edge: str
    centres: tuple[Point, ...]
    beside_each: bool = False
    """Also try the tab beside each of the locations, not only beside the whole run: a tab
    back comes after the map's own tabs, often at a junction inside the map among its hex
    numbers, where a long name finds room only here or there."""


def _runs(game: Game, the_map: Map, plan: Plan) -> list[_Run]:
    """The map's links as runs: the locations whose links read alike, each run a chain of
    neighbours (hexes or squares side by side), its tab toward the edge most of them are
    nearest to (a corner hex goes with its row)."""
    groups: dict[str, list[Point]] = {}
    for link in the_map.links:
        centre = plan.centres.get(link.from_label)
        if centre is not None and centre not in groups.setdefault(link_text(game, link), []):
            groups[link_text(game, link)].append(centre)
    runs = []
    for body, centres in groups.items():
        for chain in _chains(centres, 1.2 * plan.unit):
            runs.append(_run(body, _most_common([_edge(plan, *c) for c in chain]), chain))
    return runs


def _most_common(edges: list[str]) -> str:
    """The edge most of ``edges`` name, the first named on a tie."""
    counts = Counter(edges)
    return max(counts, key=lambda e: (counts[e], -edges.index(e)))


def _run(body: str, edge: str, chain: list[Point], beside_each: bool = False) -> _Run:
    """A run's tab: its text with the arrow toward ``edge``, its locations along the edge."""
    along = 0 if edge in ("top", "bottom") else 1
    arrowed = f"{_ARROWS[edge]} {body}" if edge != "left" else f"{body} {_ARROWS[edge]}"
    return _Run(arrowed, edge, tuple(sorted(chain, key=lambda p: p[along])), beside_each)


@dataclass(frozen=True, slots=True)
class Arrival:
    """A link declared on another map that arrives at ``here`` on this one."""

    here: str
    """The location's label on this map."""
    source: LocationKey
    """Where the link starts, on the map that declares it."""
    link: Link


def arrivals(game: Game, the_map: Map) -> list[Arrival]:
    """The links other maps declare to this one, except at a location whose own links already
    lead to that map: its own tab says where to go, a second would say it again."""
    back = {(link.from_label, parse_location_key(link.to)[0]) for link in the_map.links}
    found = []
    for other in game.maps:
        for link in other.links if other.id != the_map.id else ():
            map_id, label = parse_location_key(link.to)
            if map_id == the_map.id and (label, other.id) not in back:
                found.append(Arrival(label, location_key(other.id, link.from_label), link))
    return found


def _arrival_runs(game: Game, the_map: Map, plan: Plan) -> list[_Run]:
    """Tabs back to the maps whose links arrive here. A tab points away from the edge its link
    leaves its own map by (a link off the bottom of one map comes in from above on the next),
    wherever on this map the junction lies. Neighbouring locations reached from one map, the
    same way and in as many turns, share one tab naming the map and the locations they lead
    back to."""
    found = [a for a in arrivals(game, the_map) if a.here in plan.centres]
    plans = {
        map_id: build_plan(game.map(map_id), 0.0, 0.0)
        for map_id in dict.fromkeys(parse_location_key(a.source)[0] for a in found)
    }

    def way_back(arrival: Arrival) -> str:
        map_id, label = parse_location_key(arrival.source)
        start = plans[map_id].centres.get(label)
        if start is None:  # a space drawn without a centre: toward this map's edge
            return _edge(plan, *plan.centres[arrival.here])
        return _OPPOSITE[_edge(plans[map_id], *start)]

    ways: dict[str, list[str]] = {}
    for arrival in found:
        ways.setdefault(arrival.here, []).append(way_back(arrival))
    way_at = {here: _most_common(edges) for here, edges in ways.items()}
    groups: dict[tuple[str, int, str], dict[Point, list[LocationKey]]] = {}
    for arrival in found:
        key = (parse_location_key(arrival.source)[0], arrival.link.delay, way_at[arrival.here])
        starts = groups.setdefault(key, {}).setdefault(plan.centres[arrival.here], [])
        starts.append(arrival.source)
    runs = []
    for (map_id, delay, edge), by_centre in groups.items():
        for chain in _chains(list(by_centre), 1.2 * plan.unit):
            starts = list(dict.fromkeys(s for centre in chain for s in by_centre[centre]))
            body = _with_delay(game, _arrival_target(game, map_id, starts), delay)
            runs.append(_run(body, edge, chain, beside_each=True))
    return runs


def _arrival_target(game: Game, map_id: str, starts: list[LocationKey]) -> str:
    """Where a tab back leads: one location as a link's tab names it; several hexes or
    squares as the map and the first and last of them in the map's order ('The Hills
    0101–0105'); several spaces as the map alone, a range of names meaning nothing."""
    if len(starts) == 1:
        return link_target(game, starts[0])
    source = game.map(map_id)
    labels = [parse_location_key(key)[1] for key in starts]
    places = [source.locations.get(label) for label in labels]
    if any(place is None or place.kind not in ("hex", "square") for place in places):
        return source.name
    order = {label: i for i, label in enumerate(source.locations)}
    first, last = min(labels, key=order.__getitem__), max(labels, key=order.__getitem__)
    return f"{source.name} {first}\u2013{last}"


def _chains(points: list[Point], reach: float) -> list[list[Point]]:
    """The points in groups linked by steps no longer than ``reach``."""
    chains: list[list[Point]] = []
    for point in points:
        joined = [c for c in chains if any(math.dist(point, p) <= reach for p in c)]
        merged = [point] + [p for c in joined for p in c]
        chains = [c for c in chains if c not in joined] + [merged]
    return chains


def link_tabs(game: Game, the_map: Map, plan: Plan, placer: Placer, size: float) -> str:
    """Every link of the map as a framed, arrowed tab placed clear of other labels: over two
    lines where one would not fit at a size a printer accepts. Neighbouring locations along
    an edge that lead to the same place share one tab, on a bracket along the edge that spans
    them: a row of identical tabs would crowd the edge and bury its names."""
    out = []
    for run in _runs(game, the_map, plan) + _arrival_runs(game, the_map, plan):
        xs, ys = [p[0] for p in run.centres], [p[1] for p in run.centres]
        span = Rect(min(xs), min(ys), max(xs), max(ys))
        build = _tab_options(span.grow(plan.unit * 0.12), run.text, run.edge, plan.unit * 0.35)
        if run.beside_each:
            build = _beside_each(build, run, plan.unit)
        bracket = None
        if len(run.centres) > 1:
            bracket = _bracket_line(span, run.edge, plan.unit * 0.35)
            build = _on_line(bracket, build)
        placed = placer.place_sized(build, size)
        frame = rect_union(label.box for label in placed)
        if frame is None:
            continue
        if bracket is not None:
            out.append(_bracket(bracket, run.edge, plan.unit * 0.15))
            placer.avoid(bracket.grow(1.0))
        box = frame.grow(0.5)
        out.append(
            el(
                "rect",
                x=box.x0,
                y=box.y0,
                width=box.width,
                height=box.height,
                rx=1,
                fill="#fff8dc",
                stroke=INK,
                stroke_width=0.4,
            )
        )
        out += [label_svg(label) for label in placed]
    return f'<g class="links">{"".join(out)}</g>' if out else ""


def _beside_each(
    build: Callable[[float, int], list[Option]], run: _Run, unit: float
) -> Callable[[float, int], list[Option]]:
    """``build``'s options, then the same around each of the run's locations in turn, close
    to it, then just clear of it (beyond its neighbours' numbers and names)."""
    each = [
        _tab_options(Rect(x, y, x, y).grow(unit * grow), run.text, run.edge, unit * 0.35)
        for grow in (0.12, 0.5)
        for x, y in run.centres
    ]

    def beside(size: float, lines: int) -> list[Option]:
        return build(size, lines) + [o for one in each for o in one(size, lines)]

    return beside


def _bracket_line(span: Rect, edge: str, beyond: float) -> Rect:
    """Where a run's bracket runs: along the run, ``beyond`` its locations' centres on the
    side of the edge (a line of no width, as a box)."""
    if edge == "bottom":
        return Rect(span.x0, span.y1 + beyond, span.x1, span.y1 + beyond)
    if edge == "top":
        return Rect(span.x0, span.y0 - beyond, span.x1, span.y0 - beyond)
    if edge == "left":
        return Rect(span.x0 - beyond, span.y0, span.x0 - beyond, span.y1)
    return Rect(span.x1 + beyond, span.y0, span.x1 + beyond, span.y1)


def _on_line(
    line: Rect, build: Callable[[float, int], list[Option]]
) -> Callable[[float, int], list[Option]]:
    """``build``'s options after one centred on the middle of the bracket ``line``."""

    def on_line(size: float, lines: int) -> list[Option]:
        options = build(size, lines)
        first = options[0]
        baseline = (line.y0 + line.y1) / 2 + 0.36 * size - line_height(size) * (len(first) - 1) / 2
        centred = [
            dataclasses.replace(label, x=(line.x0 + line.x1) / 2, y=label.y - first[0].y + baseline)
            for label in first
        ]
        return [centred, *options]

    return on_line


def _bracket(line: Rect, edge: str, tick: float) -> str:
    """The bracket: the ``line`` with a tick at each end, toward the locations it spans."""
    if edge in ("top", "bottom"):
        toward = -tick if edge == "bottom" else tick
        points = [
            (line.x0, line.y0 + toward),
            (line.x0, line.y0),
            (line.x1, line.y0),
            (line.x1, line.y0 + toward),
        ]
    else:
        toward = tick if edge == "left" else -tick
        points = [
            (line.x0 + toward, line.y0),
            (line.x0, line.y0),
            (line.x0, line.y1),
            (line.x0 + toward, line.y1),
        ]
    d = "M" + " L".join(f"{fmt(px)} {fmt(py)}" for px, py in points)
    return el("path", d=d, fill="none", stroke=INK, stroke_width=0.8)
