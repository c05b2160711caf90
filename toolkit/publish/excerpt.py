"""The part of a map a scenario is played on, with its starting units drawn where they stand.

One SVG per map in play, cut from the game's own map drawing (the very drawing the kit prints
and the module shows) and the counters' own face drawings, at their printed sizes: the card
prints it, and the catalogue page shows it rasterised.
"""

from __future__ import annotations

import base64
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toolkit.artwork import Artwork, Drawing
from toolkit.model import Game
from toolkit.model.map import parse_location_key
from toolkit.model.position import Piece, Position
from toolkit.model.scenario import Scenario, Setup
from toolkit.render.raster import svg_to_png
from toolkit.render.svg import attrs, esc, fmt, svg_document

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""left, top, right, bottom in the map drawing's points."""

SHOWN_PER_STACK = 4
"""Pieces drawn in one stack; the rest are counted on a badge."""
STACK_STEP = 3.0
"""How far each piece of a stack is drawn up and right of the one below (points)."""
EDGE = 4.0
"""How far an excerpt may reach past the playing area (points): the frame's line, short of
the title and legend bands beside it, which a cut would show in part."""


@dataclass(frozen=True, slots=True)
class Excerpt:
    """One map's excerpt as a standalone SVG of its printed size."""

    map_id: str
    title: str
    svg: str
    width: float
    height: float
    origin: tuple[float, float] = (0.0, 0.0)
    """Where its top left corner lies on its map's drawing (points)."""


def scenario_excerpts(
    game: Game, scenario: Scenario, artwork: Artwork, raster_dpi: int | None = None
) -> list[Excerpt]:
    """An excerpt of every map the scenario's area (or, without one, its pieces) lies on,
    main map first: the one holding the most starting pieces (see :func:`setup_excerpts`)."""
    return setup_excerpts(game, scenario.setup, artwork, scenario.area, raster_dpi)


def setup_excerpts(
    game: Game,
    setup: Setup,
    artwork: Artwork,
    area: Sequence[str] = (),
    raster_dpi: int | None = None,
    limit: int | None = None,
) -> list[Excerpt]:
    """An excerpt of every map ``area`` (or, when empty, the setup's pieces) lies on, main map
    first: the one holding the most starting pieces; at most ``limit`` of them.

    The map and the counters are placed as drawings of their own; with ``raster_dpi`` they
    are placed as images at that resolution, for an excerpt that will be rasterised: resvg
    draws the text of an SVG placed as an image without the bundled fonts (it was blank)."""
    position = Position.from_setup(game, setup)
    keys = list(area) or _piece_keys(setup, position)
    by_map: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        map_id, label = parse_location_key(key)
        if map_id in artwork.maps:
            by_map[map_id].append(label)
    stacks = _stacks(game, position)
    counts = {m: sum(len(s) for (mid, _), s in stacks.items() if mid == m) for m in by_map}
    ordered = sorted(by_map, key=lambda m: (-counts[m], m))
    chosen = ordered[:limit] if limit is not None else ordered
    return [_excerpt(game, artwork, m, by_map[m], stacks, raster_dpi) for m in chosen]


def _piece_keys(setup: Setup, position: Position) -> list[str]:
    """Where the pieces start, and where reinforcements arrive."""
    keys = [p.location for p in position.pieces if p.location is not None]
    keys += [r.at for r in setup.reinforcements if r.at is not None]
    return list(dict.fromkeys(keys))


def _stacks(game: Game, position: Position) -> dict[tuple[str, str], list[Piece]]:
    stacks: dict[tuple[str, str], list[Piece]] = defaultdict(list)
    for piece in position.pieces:
        if piece.location is not None:
            stacks[parse_location_key(piece.location)].append(piece)
    return stacks


def _excerpt(
    game: Game,
    artwork: Artwork,
    map_id: str,
    labels: list[str],
    stacks: dict[tuple[str, str], list[Piece]],
    raster_dpi: int | None = None,
) -> Excerpt:
    art = artwork.maps[map_id]
    box = _bounds(art.placement.outlines, art.placement.centres, labels)
    margin = _counter_size(game, artwork)
    left, top, right, bottom = _clamp(
        (box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin),
        _clamp(
            _union(_grown(art.placement.frame, EDGE), box),
            (0.0, 0.0, art.drawing.width, art.drawing.height),
        ),
    )
    body = [_image(art.drawing, 0.0, 0.0, raster_dpi)]
    for (stack_map, label), pieces in sorted(stacks.items()):
        centre = art.placement.centres.get(label)
        if stack_map != map_id or centre is None:
            continue
        body.append(_stack(artwork, pieces, centre, raster_dpi))
    width, height = right - left, bottom - top
    inner = f'<g transform="translate({fmt(-left)},{fmt(-top)})">{"".join(body)}</g>'
    title = game.map(map_id).name
    document = svg_document(width, height, inner, title=title)
    return Excerpt(map_id, title, document, width, height, (left, top))


def _bounds(
    outlines: Mapping[str, tuple[Point, ...]], centres: Mapping[str, Point], labels: list[str]
) -> Box:
    """The box around the labels' outlines (their centres where nothing outlines them).

    :raises ValueError: none of the labels is drawn on the map.
    """
    xs: list[float] = []
    ys: list[float] = []
    for label in labels:
        points = outlines.get(label) or ((centres[label],) if label in centres else ())
        for x, y in points:
            xs.append(x)
            ys.append(y)
    if not xs:
        raise ValueError("no location of the area is drawn on its map")
    return min(xs), min(ys), max(xs), max(ys)


def _clamp(box: Box, within: Box) -> Box:
    """The part of ``box`` inside ``within``."""
    return (
        max(box[0], within[0]),
        max(box[1], within[1]),
        min(box[2], within[2]),
        min(box[3], within[3]),
    )


def _union(a: Box, b: Box) -> Box:
    """The box around both."""
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _grown(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _counter_size(game: Game, artwork: Artwork) -> float:
    """The largest counter's larger side: the margin kept around the area."""
    sizes = [
        max(d.width, d.height)
        for c in game.counters
        if c.id in artwork.counters
        for d in [artwork.counters[c.id].faces[c.front.id]]
    ]
    return max(sizes, default=36.0)


def _image(drawing: Drawing, x: float, y: float, raster_dpi: int | None = None) -> str:
    """A drawing placed as an image of its own: its ids cannot clash with the others'; as
    PNG at ``raster_dpi`` when given."""
    if raster_dpi is None:
        data = base64.b64encode(drawing.svg.encode("utf-8")).decode("ascii")
        href = f"data:image/svg+xml;base64,{data}"
    else:
        png = svg_to_png(drawing.svg, raster_dpi)
        href = f"data:image/png;base64,{base64.b64encode(png).decode('ascii')}"
    return (
        f"<image {attrs(x=fmt(x), y=fmt(y), width=fmt(drawing.width), height=fmt(drawing.height))}"
        f' href="{href}"/>'
    )


def _stack(
    artwork: Artwork,
    pieces: list[Piece],
    centre: tuple[float, float],
    raster_dpi: int | None = None,
) -> str:
    """The first pieces of a stack, each a little up and right of the one below, and a badge
    with the number of pieces when some are not drawn."""
    shown = pieces[:SHOWN_PER_STACK]
    parts = []
    for i, piece in enumerate(shown):
        faces = artwork.counters[piece.counter].faces
        drawing = faces.get(piece.face) or next(iter(faces.values()))
        x = centre[0] - drawing.width / 2 + i * STACK_STEP
        y = centre[1] - drawing.height / 2 - i * STACK_STEP
        parts.append(_image(drawing, x, y, raster_dpi))
    if len(pieces) > len(shown):
        last = artwork.counters[shown[-1].counter].faces
        d = next(iter(last.values()))
        x = centre[0] + d.width / 2 + (len(shown) - 1) * STACK_STEP
        y = centre[1] - d.height / 2 - (len(shown) - 1) * STACK_STEP
        parts.append(
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="7" fill="#ffffff" stroke="#000000" '
            f'stroke-width="0.8"/><text x="{fmt(x)}" y="{fmt(y + 2.8)}" font-size="8" '
            f'font-weight="bold" text-anchor="middle">{esc(len(pieces))}</text>'
        )
    return "".join(parts)
