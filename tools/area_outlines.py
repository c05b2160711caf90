"""Derive an area map's outlines from Natural Earth coastlines and a few seed points per space.

Run once when authoring (never at build time), e.g.::

    npm install world-atlas@2            # Natural Earth land, public domain, as TopoJSON
    pip install "shapely>=2.1"           # only this script needs it
    python tools/area_outlines.py tools/outlines/europe-engulfed.json \\
        --atlas node_modules/world-atlas/land-50m.json

The config names the game's map file, a projection and the longitude/latitude bounds that fill
the map's extent, and for each land or sea space one or more seed points (longitude, latitude).
Land is shared among land seeds and water among sea seeds, each point going to the nearest seed
of its own medium (a Voronoi partition clipped to the coastline); a piece cut off from its seed
(the far side of a strait) joins the neighbour it shares most border with. Where two spaces
touch but the rules do not make them adjacent, a thin gap is cut between them (the map's
"Gap: not adjacent"). The script writes ``<map>-outlines.svg`` beside the map, points the map
at it, and lists declared land borders that the coastline leaves apart, for the designer to
retype as straits or to reseed.

Territory borders are representative, not historical: they follow the seeds, not a rulebook map.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import numpy
import shapely
import shapely.ops
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import polylabel, unary_union

ROOT = Path(__file__).resolve().parent.parent
MIN_BORDER = 1 / 250
"""The shortest shared border the loader counts (toolkit/load/spaces.py), as a share of the
larger extent."""
GAP = 1 / 220
"""The width of a gap cut between two spaces that touch but are not adjacent (share of extent)."""


def topo_land(path: Path) -> shapely.Geometry:
    """The land of a world-atlas TopoJSON file, in longitude and latitude."""
    topo = json.loads(path.read_text(encoding="utf-8"))
    scale, translate = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * scale[0] + translate[0], y * scale[1] + translate[1]))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for index in indices:
            points = arcs[index] if index >= 0 else arcs[~index][::-1]
            out += points[1:] if out else points
        # Eurasia's ring wraps at 180° (Chukotka): unwrap it so it is one plane polygon.
        if any(x > 150 for x, _ in out) and any(x < -150 for x, _ in out):
            out = [(x + 360 if x < -150 else x, y) for x, y in out]
        return out

    polygons = []
    for geometry in topo["objects"]["land"]["geometries"]:
        shapes = [geometry["arcs"]] if geometry["type"] == "Polygon" else geometry["arcs"]
        for shape in shapes:
            polygons.append(
                shapely.make_valid(
                    Polygon(ring(shape[0]), [ring(r) for r in shape[1:]]), method="structure"
                )
            )
    return unary_union(polygons)


class Projection:
    """Longitude/latitude → map units, the same sums as the loader's GeoJSON outlines."""

    def __init__(self, name: str, bounds: list[float], extent: tuple[float, float]) -> None:
        self.name, self.extent = name, extent
        self.west, self.south, self.east, self.north = bounds
        self.standard = (self.south + self.north) / 2
        self.x0, self.y0 = self.plane(self.west, self.north)
        self.x1, self.y1 = self.plane(self.east, self.south)

    def plane(self, lon: float, lat: float) -> tuple[float, float]:
        if self.name == "mercator":
            return lon, math.degrees(math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)))
        return lon * math.cos(math.radians(self.standard)), lat

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        """Map units back to longitude and latitude (to write a fitted seed down)."""
        px = self.x0 + x / self.extent[0] * (self.x1 - self.x0)
        py = self.y0 + y / self.extent[1] * (self.y1 - self.y0)
        if self.name == "mercator":
            return px, math.degrees(2 * math.atan(math.exp(math.radians(py))) - math.pi / 2)
        return px / math.cos(math.radians(self.standard)), py

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        px, py = self.plane(lon, lat)
        return (
            (px - self.x0) / (self.x1 - self.x0) * self.extent[0],
            (py - self.y0) / (self.y1 - self.y0) * self.extent[1],
        )


def project_geometry(geometry: shapely.Geometry, projection: Projection) -> shapely.Geometry:
    def move(coords: Any) -> Any:
        return [projection(lon, lat) for lon, lat in coords]

    return shapely.transform(geometry, lambda a: numpy.array(move(a)))


def partition(
    medium: shapely.Geometry, seeds: dict[str, list[tuple[float, float]]], frame: Polygon
) -> dict[str, shapely.Geometry]:
    """Each space's share of ``medium``: the Voronoi cells of its seeds, clipped, and every
    piece cut off from all of its seeds handed to the neighbour sharing most border with it."""
    points = [(space, Point(xy)) for space, xys in seeds.items() for xy in xys]
    cells = shapely.voronoi_polygons(shapely.MultiPoint([p for _, p in points]), extend_to=frame)
    owned: dict[str, list[shapely.Geometry]] = {}
    for cell in cells.geoms:
        for space, point in points:
            if cell.contains(point):
                owned.setdefault(space, []).append(cell)
                break
    kept: dict[str, shapely.Geometry] = {}
    loose: list[shapely.Geometry] = []
    for space, parts in owned.items():
        clipped = unary_union(parts).intersection(medium)
        pieces = list(clipped.geoms) if hasattr(clipped, "geoms") else [clipped]
        mine = [p for p in pieces if any(p.buffer(0.01).contains(Point(xy)) for xy in seeds[space])]
        if not mine and pieces:  # a seed off the coastline: keep the piece nearest to it
            mine = [min(pieces, key=lambda p: min(p.distance(Point(xy)) for xy in seeds[space]))]
        kept[space] = unary_union(mine) if mine else Polygon()
        loose += [p for p in pieces if p not in mine and p.area > 0]
    for _ in range(4):  # a loose piece may only touch another loose piece at first
        left = []
        for piece in sorted(loose, key=lambda p: -p.area):
            best, length = None, 0.0
            for space, geometry in kept.items():
                shared = piece.boundary.intersection(geometry.boundary).length
                if shared > length:
                    best, length = space, shared
            if best is None:
                left.append(piece)
            else:
                kept[best] = unary_union([kept[best], piece])
        loose = left
    return kept


def borders(shapes: dict[str, shapely.Geometry], minimum: float) -> dict[tuple[str, str], float]:
    """Pairs of spaces whose outlines share at least ``minimum`` of border."""
    names = sorted(n for n, g in shapes.items() if not g.is_empty)
    tree = shapely.STRtree([shapes[n] for n in names])
    out = {}
    for name in names:
        for j in tree.query(shapes[name].buffer(0.5)):
            other = names[int(j)]
            if other <= name:
                continue
            shared = shapes[name].buffer(0.3).intersection(shapes[other].boundary).length
            if shared >= minimum:
                out[(name, other)] = shared
    return out


def declared_pairs(spaces: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    out = {}
    for space in spaces:
        for entry in space.get("adjacent", []):
            to = entry if isinstance(entry, str) else entry["to"]
            kind = "" if isinstance(entry, str) else entry.get("type", "")
            out[tuple(sorted((space["id"], to)))] = kind
    return out  # type: ignore[return-value]


def rings_d(geometry: shapely.Geometry) -> str:
    """An SVG path's d for every ring of a (multi)polygon, coordinates to a tenth of a unit."""
    polygons = list(geometry.geoms) if isinstance(geometry, MultiPolygon) else [geometry]
    out = []
    for polygon in polygons:
        if polygon.is_empty or not isinstance(polygon, Polygon):
            continue
        for ring in [polygon.exterior, *polygon.interiors]:
            coords = list(ring.coords)[:-1]
            if len(coords) >= 3:
                out.append(
                    "M" + "L".join(f"{round(x, 1):g} {round(y, 1):g}" for x, y in coords) + "Z"
                )
    return "".join(out)


def polygons_only(geometry: shapely.Geometry, smallest: float) -> shapely.Geometry:
    parts = geometry.geoms if hasattr(geometry, "geoms") else [geometry]
    keep = [p for p in parts if isinstance(p, Polygon) and p.area >= smallest]
    return MultiPolygon(keep) if len(keep) > 1 else keep[0] if keep else Polygon()


def fit_seas(
    spaces: list[dict[str, Any]],
    seeds: dict[str, list[tuple[float, float]]],
    land: shapely.Geometry,
) -> None:
    """Seeds for sea spaces the config leaves out, from the map's own centres: the affine map
    that best carries the land spaces' old centres onto their seeds carries the seas' too, and
    a sea seed that lands ashore moves to the nearest water."""
    pairs = [
        (s["center"], seeds[s["id"]][0]) for s in spaces if s["id"] in seeds and s.get("center")
    ]
    old = numpy.array([[x, y, 1.0] for (x, y), _ in pairs])
    new = numpy.array([xy for _, xy in pairs])
    matrix, *_ = numpy.linalg.lstsq(old, new, rcond=None)
    for space in spaces:
        if space["kind"] == "sea" and space["id"] not in seeds and space.get("center"):
            x, y = numpy.array([*space["center"], 1.0]) @ matrix
            point = Point(float(x), float(y))
            if land.contains(point):
                coast = shapely.ops.nearest_points(land.boundary, point)[0]
                away = (coast.x - point.x, coast.y - point.y)
                size = math.hypot(*away) or 1.0
                point = Point(coast.x + away[0] / size * 4, coast.y + away[1] / size * 4)
            seeds[space["id"]] = [(point.x, point.y)]


CROSSINGS = ("canal", "suez-canal", "strait", "cape-route", "air-route", "air")
"""Border types that join spaces across land or water by design: their seeds are left alone."""


def draw_together(
    seeds_a: dict[str, list[tuple[float, float]]],
    a: str,
    seeds_b: dict[str, list[tuple[float, float]]],
    b: str,
    allowed: Any,
    only_first: bool = False,
) -> None:
    """Move the nearest seeds of two spaces a little towards each other (``only_first``: only
    a's), where ``allowed`` says a seed may go (a sea seed stays in the water)."""
    i, j = min(
        ((i, j) for i in range(len(seeds_a[a])) for j in range(len(seeds_b[b]))),
        key=lambda ij: math.dist(seeds_a[a][ij[0]], seeds_b[b][ij[1]]),
    )
    (ax, ay), (bx, by) = seeds_a[a][i], seeds_b[b][j]
    step_a = (ax + (bx - ax) * 0.06, ay + (by - ay) * 0.06)
    if allowed(step_a):
        seeds_a[a][i] = step_a
    step_b = (bx + (ax - bx) * 0.06, by + (ay - by) * 0.06)
    if not only_first and allowed(step_b):
        seeds_b[b][j] = step_b


def polygonal(geometry: shapely.Geometry) -> shapely.Geometry:
    """Only the polygons of a result (an overlay can leave stray lines and points)."""
    geometry = shapely.make_valid(geometry)
    parts = geometry.geoms if hasattr(geometry, "geoms") else [geometry]
    return unary_union([p for p in parts if isinstance(p, Polygon | MultiPolygon)])


def cut_gaps(
    shapes: dict[str, shapely.Geometry],
    declared: dict[tuple[str, str], str],
    kinds: dict[str, str],
    scale: float,
) -> None:
    """A thin gap between every two spaces that touch but are not adjacent (the map legend's
    "Gap: not adjacent"); measured again after each round, as a cut can leave a sliver."""
    for _ in range(3):
        pairs = [
            pair
            for pair in sorted(borders(shapes, scale * MIN_BORDER * 0.5))
            if pair not in declared and "impassable" not in (kinds[pair[0]], kinds[pair[1]])
        ]
        for a, b in pairs:
            line = (
                shapes[a]
                .boundary.intersection(shapes[b].buffer(0.5))
                .union(shapes[b].boundary.intersection(shapes[a].buffer(0.5)))
            )
            if (kinds[a] == "sea") != (kinds[b] == "sea"):
                # Along a coast the gap is cut from the water: the coastline stays whole, and
                # so do the land borders that end on it.
                sea_side = a if kinds[a] == "sea" else b
                cut = line.buffer(scale * GAP, cap_style="flat")
                shapes[sea_side] = polygonal(shapes[sea_side].difference(cut))
            else:
                cut = line.buffer(scale * GAP / 2, cap_style="flat")
                shapes[a] = polygonal(shapes[a].difference(cut))
                shapes[b] = polygonal(shapes[b].difference(cut))
            print(f"gap cut between {a} and {b} (not adjacent)", file=sys.stderr)


def label_point(geometry: shapely.Geometry) -> tuple[float, float]:
    """Where a space's name and pieces go: the point of its largest part farthest from its
    outline, so the name block and a stack have the most room."""
    parts = geometry.geoms if hasattr(geometry, "geoms") else [geometry]
    largest = max(parts, key=lambda p: p.area)
    point = polylabel(largest, tolerance=0.5)
    return round(point.x, 1), round(point.y, 1)


def write_centres(map_path: Path, centres: dict[str, tuple[float, float]]) -> None:
    """Each space's "center" rewritten in place, one space per line, the rest of the file as
    the designer wrote it."""
    lines = map_path.read_text(encoding="utf-8").split("\n")
    current = ""
    for i, line in enumerate(lines):
        found = re.match(r'\s*\{?"id": "([^"]+)"', line)
        current = found.group(1) if found else current
        if current in centres and '"center"' in line:
            x, y = centres[current]
            lines[i] = re.sub(r'"center": \[[^\]]*\]', f'"center": [{x:g}, {y:g}]', line, count=1)
    map_path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("config", type=Path)
    parser.add_argument("--atlas", type=Path, required=True, help="world-atlas land-50m.json")
    args = parser.parse_args(argv)
    config = json.loads(args.config.read_text(encoding="utf-8"))
    map_path = ROOT / config["map"]
    the_map = json.loads(map_path.read_text(encoding="utf-8"))
    extent = tuple(the_map["grid"]["extent"])
    scale = max(extent)
    projection = Projection(config["projection"], config["bounds"], extent)  # type: ignore[arg-type]
    frame = box(0, 0, *extent)
    west, south, east, north = config["bounds"]
    world = topo_land(args.atlas).intersection(box(west - 5, south - 5, east + 5, north + 5))
    land = project_geometry(world, projection).intersection(frame)
    land = land.simplify(config.get("simplify", 0.0012) * scale)
    kinds = {s["id"]: s["kind"] for s in the_map["spaces"]}
    seeds = {
        space: [projection(*p) for p in (points if isinstance(points[0], list) else [points])]
        for space, points in config["seeds"].items()
    }
    land = polygons_only(land, (scale * 0.004) ** 2)
    if config.pop("fit_seas", False):  # once: the seeds found are written into the config
        fit_seas(the_map["spaces"], seeds, land)
        for space in the_map["spaces"]:
            if space["kind"] == "sea" and space["id"] not in config["seeds"]:
                lon, lat = projection.inverse(*seeds[space["id"]][0])
                config["seeds"][space["id"]] = [round(lon, 2), round(lat, 2)]
        args.config.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    islands = [  # an island too small for the atlas (Malta) is drawn as a round one
        Point(xy).buffer(scale * 0.008)
        for space, xys in seeds.items()
        if kinds[space] != "sea"
        for xy in xys
        if not land.contains(Point(xy))
    ]
    land = unary_union([land, *islands])
    sea = frame.difference(land)
    on_land = {s: p for s, p in seeds.items() if kinds[s] != "sea"}
    at_sea = {s: p for s, p in seeds.items() if kinds[s] == "sea"}
    declared = declared_pairs(the_map["spaces"])
    plain = {pair for pair, kind in declared.items() if kind in ("", "land")}
    for _ in range(config.get("nudges", 80)):
        shapes = partition(land, on_land, frame)
        touching = borders(shapes, scale * MIN_BORDER * config.get("margin", 2.5))
        missing = [
            (a, b)
            for a, b in sorted(plain)
            if a in on_land and b in on_land and (a, b) not in touching
        ]
        if not missing:
            break
        for a, b in missing:  # Voronoi neighbours are near each other: draw the nearest in
            draw_together(on_land, a, on_land, b, lambda xy: True)
    water = sea.buffer(-scale * 0.002)
    afloat = lambda xy: water.contains(Point(xy))  # noqa: E731
    for _ in range(config.get("sea_nudges", 60)):  # then sea borders and coasts, seas moving
        shapes = {**partition(land, on_land, frame), **partition(sea, at_sea, frame)}
        touching = borders(shapes, scale * MIN_BORDER * 2)
        missing = [
            (a, b)
            for a, b in sorted(declared)
            if a in shapes and b in shapes and (a, b) not in touching
            and "sea" in (kinds[a], kinds[b]) and declared[(a, b)] not in CROSSINGS
        ]
        if not missing:
            break
        for a, b in missing:
            if kinds[a] == "sea" and kinds[b] == "sea":
                draw_together(at_sea, a, at_sea, b, afloat)
            else:
                sea_id, land_id = (a, b) if kinds[a] == "sea" else (b, a)
                draw_together(at_sea, sea_id, on_land, land_id, afloat, only_first=True)
    shapes = {**partition(land, on_land, frame), **partition(sea, at_sea, frame)}
    shapes = {k: polygonal(v) for k, v in shapes.items()}
    first = borders(shapes, 0.01)
    cut_gaps(shapes, declared, kinds, scale)
    shapes = {
        k: polygons_only(
            shapely.make_valid(shapely.set_precision(v.buffer(0), 0.1)), (scale * 0.002) ** 2
        )
        for k, v in shapes.items()
    }
    touching = borders(shapes, scale * MIN_BORDER)
    for (a, b), kind in sorted(declared.items()):
        if a in shapes and b in shapes and (a, b) not in touching:
            medium = "land" if kinds[a] != "sea" and kinds[b] != "sea" else "water"
            if medium == "land" and kind in ("", "land"):
                before = first.get((a, b), 0.0)
                print(
                    f"declared land border not drawn: {a} – {b} ({before:.1f} before gaps)",
                    file=sys.stderr,
                )
    name = map_path.stem + "-outlines.svg"
    paths = "".join(
        f'<path id="{space}" d="{rings_d(shapes[space])}"/>\n'
        for space in sorted(shapes)
        if not shapes[space].is_empty
    )
    (map_path.parent / name).write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {extent[0]:g} {extent[1]:g}">\n'
        f"<!-- Derived by tools/area_outlines.py from Natural Earth (public domain) -->\n"
        f"{paths}</svg>\n",
        encoding="utf-8",
    )
    print(f"wrote {map_path.parent / name} ({len(shapes)} spaces)", file=sys.stderr)
    centres = {s: label_point(g) for s, g in shapes.items() if not g.is_empty}
    nested = config.get("nested", {})
    centres.update({s: projection(*p) for s, p in nested.items()})
    write_centres(map_path, centres)
    if '"outlines"' not in map_path.read_text(encoding="utf-8"):
        print(f'add "outlines": {{"svg": "maps/{name}"}} to {map_path}', file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
