"""Links to other maps: a small tab at the linked location, pointing to the nearest map edge,
naming the map (and the place) it leads to."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.model import Game
from toolkit.model.map import Link, LocationKey, Map
from toolkit.render.maps.base import INK, Rect, el, label_svg, rect_union
from toolkit.render.maps.features import around
from toolkit.render.maps.labels import Option, Placer, wrap
from toolkit.render.maps.plan import Plan

_ARROWS = {"left": "\u2190", "right": "\u2192", "top": "\u2191", "bottom": "\u2193"}


def link_text(game: Game, link: Link) -> str:
    """What a tab says: the link's name, or where it leads ('The Valley 0304')."""
    body = link.name or link_target(game, link.to)
    if link.delay:
        body += f" ({link.delay} turn{'s' if link.delay != 1 else ''})"
    return body


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


def link_tabs(game: Game, the_map: Map, plan: Plan, placer: Placer, size: float) -> str:
    """Every link of the map as a framed, arrowed tab placed clear of other labels: over two
    lines where one would not fit at a size a printer accepts."""
    out = []
    for link in the_map.links:
        centre = plan.centres.get(link.from_label)
        if centre is None:
            continue
        edge = _edge(plan, *centre)
        text = (
            f"{_ARROWS[edge]} {link_text(game, link)}"
            if edge in ("right", "top", "bottom")
            else f"{link_text(game, link)} {_ARROWS[edge]}"
        )
        x, y = centre
        point = Rect(x, y, x, y).grow(plan.unit * 0.12)
        placed = placer.place_sized(_tab_options(point, text, edge, plan.unit * 0.35), size)
        frame = rect_union(label.box for label in placed)
        if frame is None:
            continue
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
