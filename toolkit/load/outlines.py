"""Area-map outlines drawn elsewhere: an SVG whose shapes' ids are the space ids, or a GeoJSON
file whose features' ids are, with a named projection.

Designers draw territories in a drawing program or a GIS, not as lists of numbers; this reads
that drawing into map units so it can be checked (every declared border drawn, every drawn
border declared) and printed. Curves are followed by short straight steps, which at map scale
is indistinguishable from the curve and keeps every later measure a polygon measure.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from toolkit.geometry import PROJECTIONS, Point, project
from toolkit.load.context import Context
from toolkit.load.jsonsource import MAX_SOURCE_BYTES, Source

Ring = tuple[Point, ...]
Outlines = dict[str, tuple[Ring, ...]]

_CURVE_STEPS = 6
"""Straight steps per curve segment: finer than print can show at a territory's size."""
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_SHAPES = ("path", "polygon", "rect")


class OutlineError(ValueError):
    """A drawing that cannot be read as outlines; the message says what and where."""


def load_outlines(
    ctx: Context, source: Source, spec: dict[str, Any], extent: tuple[float, float]
) -> Outlines | None:
    """The outlines a map's ``outlines`` entry names, in map units, by space id (None when the
    file cannot be read: that is reported)."""
    key = "svg" if "svg" in spec else "geojson"
    pointer = f"/outlines/{key}"
    path = ctx.image_path(source, spec[key], pointer)
    if path is None:
        return None
    if path.stat().st_size > MAX_SOURCE_BYTES:
        ctx.error(
            source,
            "map.bad-outlines",
            f"{spec[key]!r} is larger than {MAX_SOURCE_BYTES // (1024 * 1024)} MB; "
            "simplify the drawing",
            pointer,
        )
        return None
    try:
        if key == "svg":
            return svg_outlines(path.read_bytes(), extent)
        bounds = spec.get("bounds")
        return geojson_outlines(path.read_bytes(), spec["projection"], bounds, extent)
    except OutlineError as exc:
        ctx.error(source, "map.bad-outlines", f"{spec[key]!r}: {exc}", pointer)
        return None


# -- SVG -----------------------------------------------------------------------------------------


def svg_outlines(raw: bytes, extent: tuple[float, float]) -> Outlines:
    """Every path, polygon and rect with an id, its viewBox stretched over the map's extent.

    :raises OutlineError: not SVG, no viewBox or size, or a path that cannot be read.
    """
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as exc:
        raise OutlineError(f"not a readable SVG ({exc})") from None
    if not root.tag.endswith("svg"):
        raise OutlineError("not an SVG drawing (its root element is not <svg>)")
    box = _view_box(root)
    sx, sy = extent[0] / box[2], extent[1] / box[3]
    found: Outlines = {}
    for element, matrix in _walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
        name = element.tag.rsplit("}", 1)[-1]
        ident = element.get("id")
        if name not in _SHAPES or not ident:
            continue
        try:
            rings = _shape_rings(name, element)
        except (ValueError, IndexError):
            raise OutlineError(f"the shape {ident!r} has a path that cannot be read") from None
        placed = tuple(
            tuple(_apply(matrix, p, box, sx, sy) for p in ring) for ring in rings if len(ring) >= 3
        )
        if not placed:
            raise OutlineError(f"the shape {ident!r} encloses nothing")
        if ident in found:
            raise OutlineError(f"two shapes have the id {ident!r}; give each space one shape")
        found[ident] = placed
    return found


def _view_box(root: ET.Element) -> tuple[float, float, float, float]:
    numbers = [float(n) for n in _NUMBER.findall(root.get("viewBox", ""))]
    if len(numbers) != 4:
        numbers = [0.0, 0.0, *(_length(root.get(k)) for k in ("width", "height"))]
    if numbers[2] <= 0 or numbers[3] <= 0:
        raise OutlineError("the drawing needs a viewBox (or a width and height) to be scaled")
    return numbers[0], numbers[1], numbers[2], numbers[3]


def _length(text: str | None) -> float:
    match = _NUMBER.match(text or "")
    return float(match.group()) if match else 0.0


Matrix = tuple[float, float, float, float, float, float]


def _walk(element: ET.Element, matrix: Matrix) -> Iterator[tuple[ET.Element, Matrix]]:
    """Every element with the transform that applies to it (its own and its groups')."""
    own = _compose(matrix, _transform(element.get("transform", "")))
    yield element, own
    for child in element:
        yield from _walk(child, own)


def _compose(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def _transform(text: str) -> Matrix:
    """The matrix of an SVG transform attribute (matrix, translate, scale, rotate)."""
    matrix: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(n) for n in _NUMBER.findall(args)]
        step: Matrix
        if name == "matrix" and len(v) == 6:
            step = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate" and v:
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate" and len(v) == 1:
            cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            step = (cos, sin, -sin, cos, 0.0, 0.0)
        else:
            raise OutlineError(f"the transform {name}({args}) is not supported; apply it first")
        matrix = _compose(matrix, step)
    return matrix


def _apply(
    m: Matrix, p: Point, box: tuple[float, float, float, float], sx: float, sy: float
) -> Point:
    x = m[0] * p[0] + m[2] * p[1] + m[4]
    y = m[1] * p[0] + m[3] * p[1] + m[5]
    return round((x - box[0]) * sx, 3), round((y - box[1]) * sy, 3)


def _shape_rings(name: str, element: ET.Element) -> list[list[Point]]:
    if name == "polygon":
        v = [float(n) for n in _NUMBER.findall(element.get("points", ""))]
        return [list(zip(v[0::2], v[1::2], strict=False))]
    if name == "rect":
        x, y = _length(element.get("x")), _length(element.get("y"))
        w, h = _length(element.get("width")), _length(element.get("height"))
        return [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]]
    return path_rings(element.get("d", ""))


def path_rings(d: str) -> list[list[Point]]:
    """The closed rings of an SVG path's ``d``; curves followed by short straight steps.

    :raises ValueError: a command without its numbers.
    """
    tokens = _TOKEN.findall(d)
    rings: list[list[Point]] = []
    ring: list[Point] = []
    x = y = 0.0
    start = (0.0, 0.0)
    control: Point | None = None
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise ValueError("a path must start with a command")
        upper = command.upper()
        v = [float(t) for t in tokens[i : i + _ARITY[upper]]]
        if len(v) < _ARITY[upper] or any(t.isalpha() for t in tokens[i : i + _ARITY[upper]]):
            raise ValueError(f"{command} needs {_ARITY[upper]} numbers")
        i += _ARITY[upper]
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if upper == "Z":
            if len(ring) >= 3:
                rings.append(ring)
            ring, (x, y), control = [], start, None
            if i < len(tokens) and not tokens[i].isalpha():
                raise ValueError("Z takes no numbers")
            continue
        if upper == "M":
            if len(ring) >= 3:
                rings.append(ring)
            x, y = ox + v[0], oy + v[1]
            ring, start = [(x, y)], (x, y)
            command = "l" if rel else "L"
            control = None
            continue
        if upper == "H":
            x = ox + v[0]
        elif upper == "V":
            y = (y if rel else 0.0) + v[0]
        elif upper in ("L", "T", "A"):
            x, y = ox + v[-2], oy + v[-1]
        else:
            points = [(ox + v[k], oy + v[k + 1]) for k in range(0, len(v), 2)]
            if upper == "S":
                mirrored = (2 * x - control[0], 2 * y - control[1]) if control else (x, y)
                points = [mirrored, *points]
            ring += _bezier([(x, y), *points])
            control = points[-2]
            x, y = points[-1]
            continue
        control = None
        ring.append((x, y))
    if len(ring) >= 3:
        rings.append(ring)
    return rings


def _bezier(points: list[Point]) -> list[Point]:
    """Points along a quadratic or cubic Bézier curve, its start left out."""
    out = []
    for step in range(1, _CURVE_STEPS + 1):
        t = step / _CURVE_STEPS
        level = points
        while len(level) > 1:
            level = [
                (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                for a, b in zip(level, level[1:], strict=False)
            ]
        out.append(level[0])
    return out


# -- GeoJSON -------------------------------------------------------------------------------------


def geojson_outlines(
    raw: bytes, projection: str, bounds: list[float] | None, extent: tuple[float, float]
) -> Outlines:
    """Polygon and MultiPolygon features by their id (``id`` or ``properties.id``), projected
    and stretched so ``bounds`` ([west, south, east, north], default: the features' own) fill
    the map's extent.

    :raises OutlineError: not GeoJSON, a feature without an id, an unknown projection.
    """
    if projection not in PROJECTIONS:
        raise OutlineError(f"unknown projection {projection!r} (known: {', '.join(PROJECTIONS)})")
    try:
        data = json.loads(raw)
        features = data["features"] if data.get("type") == "FeatureCollection" else [data]
        shapes = [_feature_rings(f) for f in features]
    except (ValueError, KeyError, TypeError, AttributeError):
        raise OutlineError("not a GeoJSON FeatureCollection of polygons with ids") from None
    lons = [p[0] for _, rings in shapes for ring in rings for p in ring]
    lats = [p[1] for _, rings in shapes for ring in rings for p in ring]
    if not lons:
        raise OutlineError("no polygon features")
    west, south, east, north = bounds or (min(lons), min(lats), max(lons), max(lats))
    standard = (south + north) / 2
    try:
        x0, y0 = project(west, north, projection, standard)
        x1, y1 = project(east, south, projection, standard)
        found: Outlines = {}
        for ident, rings in shapes:
            if ident in found:
                raise OutlineError(f"two features have the id {ident!r}")
            placed = []
            for ring in rings:
                out = []
                for lon, lat in ring:
                    px, py = project(lon, lat, projection, standard)
                    out.append(
                        (
                            round((px - x0) / (x1 - x0) * extent[0], 3),
                            round((py - y0) / (y1 - y0) * extent[1], 3),
                        )
                    )
                placed.append(tuple(out[:-1] if out[0] == out[-1] else out))
            found[ident] = tuple(r for r in placed if len(r) >= 3)
    except (ValueError, ZeroDivisionError) as exc:
        raise OutlineError(str(exc) or "the bounds enclose nothing") from None
    return found


def _feature_rings(feature: dict[str, Any]) -> tuple[str, list[list[Point]]]:
    ident = feature.get("id") or (feature.get("properties") or {}).get("id")
    if not isinstance(ident, str) or not ident:
        raise KeyError("id")
    geometry = feature["geometry"]
    polygons = (
        [geometry["coordinates"]]
        if geometry["type"] == "Polygon"
        else geometry["coordinates"]
        if geometry["type"] == "MultiPolygon"
        else None
    )
    if polygons is None:
        raise TypeError(geometry["type"])
    rings = [[(float(p[0]), float(p[1])) for p in ring] for polygon in polygons for ring in polygon]
    return ident, rings
