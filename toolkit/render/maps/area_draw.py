"""Drawing the parts of an area map: territory fills, motifs, hatching, owner bands, outlines,
plates and nodes, and the area legend's samples.

Kept apart from map_area, which decides what goes where; everything here is given its shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.geometry import point_in_rings
from toolkit.model import Game
from toolkit.model.map import Location, Space
from toolkit.render.maps.base import INK, Point, Rect, el, mix, poly_d
from toolkit.render.maps.cells import clip_half_plane
from toolkit.render.maps.decor import Swatch
from toolkit.render.maps.features import owner_colour
from toolkit.render.maps.motifs import hatch_d, scatter_points

SEA_FILL = "#b9d6ee"
"""Sea without a terrain; the same as map_legend.SEA_DEFAULT, whose waves it gets."""
LAND_FILL = "#efe8cf"
IMPASSABLE_FILL = "#cdcdcd"
GROUND = "#e2ded3"
"""What shows in the gaps between spaces that are not adjacent: neutral, not sea, not land."""
OWNER_TINT = 0.25


@dataclass
class Tile:
    """A space drawn as a territory: its outline on the page and its fill."""

    space: Space
    location: Location
    outline: tuple[Point, ...]
    fill: str
    convex: bool = True
    index: int = 0
    """Position in the map's spaces: a safe, unique suffix for SVG ids."""
    rings: tuple[tuple[Point, ...], ...] = ()
    """A drawn shape's other rings on the page (its islands and holes), filled even-odd."""


def tile_d(tile: Tile) -> str:
    """Path data of a territory: its outline, then its islands and holes."""
    return poly_d(tile.outline) + "".join(poly_d(ring) for ring in tile.rings)


def in_tile(tile: Tile, x: float, y: float) -> bool:
    """Whether a point is inside the territory, not in one of its holes."""
    return point_in_rings(x, y, (tile.outline, *tile.rings))


def is_convex(points: tuple[Point, ...]) -> bool:
    signs = set()
    for i in range(len(points)):
        (ax, ay), (bx, by), (cx, cy) = (
            points[i],
            points[(i + 1) % len(points)],
            points[(i + 2) % len(points)],
        )
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def inset_convex(points: tuple[Point, ...], d: float) -> list[Point]:
    """A convex outline moved inwards by ``d`` on every side."""
    n = len(points)
    if n < 3:
        return []
    gx, gy = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    poly = list(points)
    for i in range(n):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        if length < 1e-9:
            continue
        nx, ny = -(by - ay) / length, (bx - ax) / length
        if (gx - ax) * nx + (gy - ay) * ny < 0:
            nx, ny = -nx, -ny
        poly = clip_half_plane(poly, -nx, -ny, -(nx * ax + ny * ay) - d)
        if len(poly) < 3:
            return []
    return poly


def fills_svg(tiles: list[Tile]) -> str:
    by_fill: dict[tuple[str, bool], list[str]] = {}
    for tile in tiles:
        if len(tile.outline) >= 3:
            # Only a shape with holes fills even-odd: overlapping polygons of one colour stay whole.
            by_fill.setdefault((tile.fill, bool(tile.rings)), []).append(tile_d(tile))
    return "".join(
        el("path", d="".join(ds), fill=fill, fill_rule="evenodd" if holes else None)
        for (fill, holes), ds in by_fill.items()
    )


def outlines_svg(tiles: list[Tile], width: float) -> str:
    land = "".join(tile_d(t) for t in tiles if len(t.outline) >= 3 and t.space.kind != "sea")
    sea = "".join(tile_d(t) for t in tiles if len(t.outline) >= 3 and t.space.kind == "sea")
    return (
        el(
            "path",
            d=sea,
            fill="none",
            stroke="#5b7fa6",
            stroke_width=width * 0.8,
            stroke_linejoin="round",
        )
        if sea
        else ""
    ) + (
        el("path", d=land, fill="none", stroke=INK, stroke_width=width, stroke_linejoin="round")
        if land
        else ""
    )


def bands_svg(game: Game, tiles: list[Tile], band: float) -> str:
    """The owner's colour as a band just inside each owned territory's outline."""
    out = []
    clips = []
    for tile in tiles:
        i = tile.index
        colour = owner_colour(game, tile.location.owner)
        if colour is None or len(tile.outline) < 3 or tile.space.kind == "sea":
            continue
        if tile.convex and not tile.rings:
            inner = inset_convex(tile.outline, band / 2)
            if inner:
                out.append(
                    el(
                        "path",
                        d=poly_d(inner),
                        fill="none",
                        stroke=colour,
                        stroke_width=band,
                        stroke_linejoin="round",
                    )
                )
        else:
            clip = el("path", d=tile_d(tile), clip_rule="evenodd")
            clips.append(f'<clipPath id="band{i}">{clip}</clipPath>')
            out.append(
                el(
                    "path",
                    d=tile_d(tile),
                    fill="none",
                    stroke=colour,
                    stroke_width=band * 2,
                    clip_path=f"url(#band{i})",
                )
            )
    return "".join(clips) + "".join(out)


def motifs_svg(
    tiles: list[Tile],
    single_ids: dict[str, str],
    patterns: dict[str, str],
    motif: float,
    keep_out: dict[str, Rect],
) -> str:
    """Terrain motifs scattered inside each territory, clear of its name."""
    uses = []
    for tile in tiles:
        terrain = tile.location.terrain or ""
        ref = single_ids.get(terrain)
        if ref is None and tile.space.kind == "sea":
            ref = "msea"
        if ref is None or len(tile.outline) < 3:
            continue
        box = keep_out.get(tile.space.id)
        keep = [(box.x0, box.y0, box.x1, box.y1)] if box else []
        for x, y in scatter_points(tile.outline, motif * 3.2, motif * 1.1, keep):
            if tile.rings and not in_tile(tile, x, y):
                continue  # in a hole: on an island drawn over it
            uses.append(el("use", href="#" + ref, x=x, y=y))
    return "".join(uses)


def hatch_svg(tiles: list[Tile], spacing: float) -> str:
    d = "".join(
        hatch_d(t.outline, spacing)
        for t in tiles
        if t.space.kind == "impassable" and len(t.outline) >= 3
    )
    return el("path", d=d, fill="none", stroke="#6e6e6e", stroke_width=spacing * 0.12) if d else ""


def plate_svg(box: Rect, fill: str, heavy: bool) -> str:
    """A framed plate: a nested space or a holding box drawn around its name."""
    rx = 2.0 if not heavy else 0.0
    return el(
        "rect",
        x=box.x0,
        y=box.y0,
        width=box.width,
        height=box.height,
        rx=rx,
        fill=fill,
        stroke=INK,
        stroke_width=1.6 if heavy else 1.0,
    )


def node_svg(centre: Point, radius: float, fill: str, owner: str | None) -> str:
    """A node of a point-to-point map; an owned one is ringed in its owner's colour."""
    width = max(0.8, radius * 0.06)
    ring = (
        el(
            "circle",
            cx=centre[0],
            cy=centre[1],
            r=radius - width * 1.5,
            fill="none",
            stroke=owner,
            stroke_width=width * 2,
        )
        if owner
        else ""
    )
    return (
        el(
            "circle",
            cx=centre[0],
            cy=centre[1],
            r=radius,
            fill=fill,
            stroke=INK,
            stroke_width=width,
        )
        + ring
    )


def owner_swatch(colour: str, band: float) -> Swatch:
    def swatch(x: float, y: float, w: float, h: float) -> str:
        fill = mix(LAND_FILL, colour, OWNER_TINT)
        b = min(band, h / 4)
        return el(
            "rect", x=x, y=y, width=w, height=h, fill=fill, stroke=INK, stroke_width=0.6
        ) + el(
            "rect",
            x=x + b / 2 + 0.3,
            y=y + b / 2 + 0.3,
            width=w - b - 0.6,
            height=h - b - 0.6,
            fill="none",
            stroke=colour,
            stroke_width=b,
        )

    return swatch


def gap_swatch(x: float, y: float, w: float, h: float) -> str:
    half = (w - 4) / 2
    return (
        el("rect", x=x, y=y, width=w, height=h, fill=GROUND)
        + el("rect", x=x, y=y, width=half, height=h, fill=LAND_FILL, stroke=INK, stroke_width=0.6)
        + el(
            "rect",
            x=x + half + 4,
            y=y,
            width=half,
            height=h,
            fill=LAND_FILL,
            stroke=INK,
            stroke_width=0.6,
        )
    )
