"""The build's artwork as the kit places it: which face prints on each side, and its edge colour.

The kit never draws a counter, map or chart: it takes the very drawings the svg output writes
(drawn once per build, see :func:`toolkit.render.artwork.draw_artwork`) and only decides where
they go.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from toolkit.artwork import Artwork, CardArt, Drawing, MapPlacement
from toolkit.model import Game
from toolkit.model.counter import Counter

_LENGTH = re.compile(r"^\s*([0-9.]+(?:[eE][-+]?[0-9]+)?)\s*(pt|px|in|mm|cm|pc)?\s*$")
_POINTS: dict[str | None, float] = {
    "pt": 1.0,
    "px": 0.75,
    "in": 72.0,
    "mm": 72 / 25.4,
    "cm": 72 / 2.54,
    "pc": 12.0,
    None: 0.75,
}
_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_FIRST = re.compile(
    r"<defs\b.*?</defs>|<title\b.*?</title>"
    r"|<(rect|ellipse|circle|path|polygon|g|use|image|text|line|polyline)\b[^>]*>",
    re.S,
)
"""The first shape of a drawing, or a block before it whose shapes are not drawn."""
_SHAPE_ATTR = re.compile(r"""([\w:-]+)\s*=\s*(["'])(.*?)\2""", re.S)
_ATTR = re.compile(r"""\b(width|height|viewBox)\s*=\s*(["'])(.*?)\2""", re.S)


@dataclass(frozen=True, slots=True)
class PrintedCounter:
    """What one counter prints: a front and maybe a back, each with the colour of its edge."""

    counter: Counter
    front: str
    """SVG of the face printed on the sheet's front."""
    front_edge: str
    back: str | None
    """SVG of the face printed behind it; None leaves the back blank (one-sided counter)."""
    back_edge: str


@dataclass(frozen=True, slots=True)
class KitArt:
    """Every drawing the kit places, by id: counters as printed, maps and charts as drawn."""

    counters: Mapping[str, PrintedCounter]
    maps: Mapping[str, Drawing]
    charts: Mapping[str, Drawing]
    cards: Mapping[str, CardArt] = field(default_factory=dict)
    places: Mapping[str, MapPlacement] = field(default_factory=dict)
    """Map id → where its drawing put every location and mark (to leave blank tiles out)."""
    """Card id → its face and back, as drawn (the card sheets add the bleed)."""


def kit_art(game: Game, artwork: Artwork) -> KitArt:
    """The build's artwork, with each counter's printed sides chosen."""
    printed = {
        c.id: printed_counter(game, c, artwork.counters[c.id].faces)
        for c in game.counters
        if c.id in artwork.counters and artwork.counters[c.id].faces
    }
    maps = {map_id: art.drawing for map_id, art in artwork.maps.items()}
    charts = {chart_id: art.drawing for chart_id, art in artwork.charts.items()}
    places = {map_id: art.placement for map_id, art in artwork.maps.items()}
    return KitArt(printed, maps, charts, dict(artwork.cards), places)


def printed_counter(game: Game, counter: Counter, drawn: Mapping[str, Drawing]) -> PrintedCounter:
    """The drawings of the faces a counter prints (the model's ``printed_faces``), with the
    colour each face's bleed continues.

    :raises ValueError: the artwork lacks the face the model says is printed (a renderer bug).
    """
    front_face, back_face = counter.printed_faces
    if front_face.id not in drawn:
        raise ValueError(f"counter {counter.id!r} has no face to print (drawn: {sorted(drawn)})")
    front = drawn[front_face.id].svg
    back = drawn[back_face.id].svg if back_face is not None and back_face.id in drawn else None
    return PrintedCounter(
        counter,
        front,
        background_fill(front) or edge_colour(game, counter, back=False),
        back,
        (background_fill(back) if back else None) or edge_colour(game, counter, back=True),
    )


def background_fill(svg: str) -> str | None:
    """The colour of a face's background, read off the drawing: the fill of its first shape when
    that shape covers the whole face (a full rectangle, or the disc of a round counter).

    The drawing is the truth (a "damaged" back may be grey on a green counter), so the bleed
    continues exactly what is printed at the edge. None when the first shape does not qualify.
    """
    try:
        width, height = _viewbox_size(svg)
    except ValueError:
        return None
    at = svg.find(">", svg.find("<svg")) + 1
    while (found := _FIRST.search(svg, at)) is not None and found.group(1) is None:
        at = found.end()  # a <defs> or <title> block: no shape in it is drawn
    if found is None:
        return None
    return _shape_fill(found.group(0), found.group(1), width, height)


@lru_cache(maxsize=4096)
def _shape_fill(shape: str, tag: str, width: float, height: float) -> str | None:
    """The fill of a shape's tag when it covers ``width``×``height``: faces of one template
    and faction share their first shape, so this is read once for all of them."""
    found: dict[str, str] = {name: value.strip() for name, _q, value in _SHAPE_ATTR.findall(shape)}
    style = {
        key.strip(): value.strip()
        for key, _colon, value in (
            part.partition(":") for part in found.get("style", "").split(";") if ":" in part
        )
    }
    fill = style.get("fill", found.get("fill", "black"))
    if not _covers(tag, found, width, height) or not _plain_colour(fill):
        return None
    return fill


def _viewbox_size(svg: str) -> tuple[float, float]:
    """The user-space size of a drawing (its viewBox, else its size)."""
    root = _ROOT.search(svg)
    return _root_sizes(root.group(0) if root else "")[1]


def _covers(tag: str, found: Mapping[str, str], width: float, height: float) -> bool:
    """Whether a rect/ellipse/circle spans the whole face (within 1 %)."""

    def number(name: str, default: float = 0.0) -> float:
        try:
            return float(found.get(name, default))
        except ValueError:
            return float("nan")

    slack = 0.01 * max(width, height)
    if tag == "rect":
        return (
            number("x") <= slack
            and number("y") <= slack
            and number("width") >= width - slack
            and number("height") >= height - slack
        )
    if tag not in ("ellipse", "circle"):
        return False
    rx = number("r") if tag == "circle" else number("rx")
    ry = number("r") if tag == "circle" else number("ry")
    return rx * 2 >= width - slack and ry * 2 >= height - slack


def _plain_colour(fill: str) -> bool:
    """A colour the kit can repeat in the bleed (not none, a gradient or a pattern)."""
    return bool(fill) and fill not in ("none", "transparent") and not fill.startswith("url(")


def edge_colour(game: Game, counter: Counter, back: bool) -> str:
    """The colour of a face's bleed when the drawing does not tell: the template's background
    (or the back's own), else the faction colour, so a slightly-off cut shows no white paper."""
    template = game.template(counter.template)
    if back and template.back.background and template.back.background != "faction":
        return template.back.background
    if template.background != "faction":
        return template.background
    if counter.faction:
        return game.faction(counter.faction).color
    return "#ffffff"


def svg_size(svg: str) -> tuple[float, float]:
    """Width and height in points of an SVG document, read from its root element.

    Units follow CSS (px = 0.75 pt, as cairosvg converts them); without width and height the
    viewBox size is taken in px.

    :raises ValueError: no <svg> root or no usable size.
    """
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("not an SVG document: no <svg> element")
    size, _box = _root_sizes(root.group(0))
    if isinstance(size, str):
        raise ValueError(size)
    return size


@lru_cache(maxsize=1024)
def _root_sizes(root: str) -> tuple[tuple[float, float] | str, tuple[float, float]]:
    """The size in points (or why there is none) and the user-space size of an <svg> start
    tag: a kit's thousands of faces have a handful of different ones, so each is read once.

    :raises ValueError: no user-space size (neither a viewBox nor a size).
    """
    found = {name: value for name, _quote, value in _ATTR.findall(root)}
    box = found.get("viewBox", "").replace(",", " ").split()
    sizes = []
    size: tuple[float, float] | str = ""
    for index, name in ((2, "width"), (3, "height")):
        length = _length(found.get(name, ""))
        if length is None and len(box) == 4:
            length = float(box[index]) * 0.75
        if length is None or length <= 0:
            size = f"the SVG has no usable {name} ({found.get(name)!r})"
            break
        sizes.append(length)
    else:
        size = (sizes[0], sizes[1])
    if len(box) == 4:
        return size, (float(box[2]), float(box[3]))
    if isinstance(size, str):
        raise ValueError(size)
    return size, size


def _length(value: str) -> float | None:
    """A CSS length in points, or None when absent or relative (a percentage)."""
    match = _LENGTH.match(value)
    if not match:
        return None
    return float(match.group(1)) * _POINTS[match.group(2)]
