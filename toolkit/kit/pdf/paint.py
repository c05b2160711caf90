"""SVG values and outlines as PDF operands: numbers, lengths, colours, dashes, transforms,
and every shape the renderers draw (rect, circle, ellipse, line, polyline, polygon, path with
curves and arcs) as path operators, for the direct drawing (``direct``).

Anything outside what is parsed here raises :class:`Unsupported`; the caller then hands the
whole drawing to cairosvg.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping

from lxml import etree  # type: ignore[import-untyped]

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px)?\s*$")
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_NAMED = {"black": (0, 0, 0), "white": (255, 255, 255)}
_KAPPA = 0.5522847498307936
"""Control-point distance of a quarter circle drawn as one cubic Bézier (radius 1)."""


class Unsupported(ValueError):
    """The drawing uses something the direct path does not draw; cairosvg must convert it."""


# -- values --------------------------------------------------------------------------------------


def pdf_number(value: float) -> str:
    """A number for a content stream: at most 4 decimals, no '-0'."""
    if not math.isfinite(value):
        raise Unsupported("a number that is not finite")
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def numbers(*values: float) -> str:
    """Operands for a content stream, separated by spaces."""
    return " ".join(pdf_number(v) for v in values)


def parse_number(value: str) -> float:
    try:
        result = float(value)
    except ValueError:
        raise Unsupported(f"not a number: {value!r}") from None
    if not math.isfinite(result):
        raise Unsupported(f"not a finite number: {value!r}")
    return result


def parse_length(value: str) -> float:
    """A user-space length: a plain number or px (cairosvg's other units are not drawn here)."""
    match = _LENGTH.match(value)
    if match is None:
        raise Unsupported(f"a length {value!r}")
    return parse_number(match.group(1))


def parse_colour(value: str) -> str | None:
    """A fill or stroke as PDF colour operands ``r g b``; None for no paint."""
    value = value.strip().lower()
    if value in ("none", "transparent"):
        return None
    if value in _NAMED:
        rgb = _NAMED[value]
    elif re.fullmatch(r"#[0-9a-f]{6}", value):
        rgb = (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    elif re.fullmatch(r"#[0-9a-f]{3}", value):
        rgb = (int(value[1] * 2, 16), int(value[2] * 2, 16), int(value[3] * 2, 16))
    else:
        raise Unsupported(f"a colour {value!r}")
    return " ".join(pdf_number(c / 255) for c in rgb)


def line_cap(style: Mapping[str, str]) -> int:
    value = style.get("stroke-linecap", "butt")
    if value not in ("butt", "round", "square"):
        raise Unsupported(f"stroke-linecap={value!r}")
    return ("butt", "round", "square").index(value)


def line_join(style: Mapping[str, str]) -> int:
    value = style.get("stroke-linejoin", "miter")
    if value not in ("miter", "round", "bevel"):
        raise Unsupported(f"stroke-linejoin={value!r}")
    return ("miter", "round", "bevel").index(value)


def dash_pattern(style: Mapping[str, str]) -> str:
    """``stroke-dasharray`` and its offset as ``d`` operands; solid when the lengths add to 0,
    as cairosvg has it."""
    value = style.get("stroke-dasharray", "none").strip()
    if value == "none":
        return "[] 0"
    lengths = [parse_length(v) for v in value.replace(",", " ").split()]
    if any(v < 0 for v in lengths):
        raise Unsupported(f"stroke-dasharray={value!r}")
    if not sum(lengths):
        return "[] 0"
    offset = parse_length(style.get("stroke-dashoffset", "0"))
    return f"[{' '.join(pdf_number(v) for v in lengths)}] {pdf_number(offset)}"


def transform_matrix(transform: str) -> str:
    """An SVG transform list as the operands of one ``cm``."""
    a, b, c, d, e, f = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
    at = 0
    text = transform.strip()
    while at < len(text):
        match = _TRANSFORM.match(text, at)
        if match is None:
            raise Unsupported(f"transform {transform!r}")
        at = match.end()
        args = [float(v) for v in _NUMBER.findall(match.group(2))]
        m = _transform_matrix(match.group(1), args)
        a, b, c, d, e, f = (
            a * m[0] + c * m[1],
            b * m[0] + d * m[1],
            a * m[2] + c * m[3],
            b * m[2] + d * m[3],
            a * m[4] + c * m[5] + e,
            b * m[4] + d * m[5] + f,
        )
    return " ".join(pdf_number(v) for v in (a, b, c, d, e, f))


def _transform_matrix(kind: str, args: list[float]) -> tuple[float, ...]:
    if kind == "matrix" and len(args) == 6:
        return tuple(args)
    if kind == "translate" and len(args) in (1, 2):
        return (1, 0, 0, 1, args[0], args[1] if len(args) == 2 else 0)
    if kind == "scale" and len(args) in (1, 2):
        return (args[0], 0, 0, args[-1], 0, 0)
    if kind == "rotate" and len(args) in (1, 3):
        angle = math.radians(args[0])
        cos, sin = math.cos(angle), math.sin(angle)
        cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
        return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
    if kind in ("skewX", "skewY") and len(args) == 1:
        t = math.tan(math.radians(args[0]))
        return (1, 0, t, 1, 0, 0) if kind == "skewX" else (1, t, 0, 1, 0, 0)
    raise Unsupported(f"transform {kind}({args})")


# -- outlines ------------------------------------------------------------------------------------


def outline(element: etree._Element, tag: str) -> str:
    """The element's outline as path operators (y down: the content's first ``cm`` flips)."""

    def get(name: str, default: str = "0") -> float:
        return parse_length(element.get(name, default))

    if tag == "rect":
        return _rect(get("x"), get("y"), get("width"), get("height"), element)
    if tag == "circle":
        r = get("r")
        return _ellipse(get("cx"), get("cy"), r, r) if r > 0 else ""
    if tag == "ellipse":
        rx, ry = get("rx"), get("ry")
        return _ellipse(get("cx"), get("cy"), rx, ry) if rx > 0 and ry > 0 else ""
    if tag == "line":
        return f"{numbers(get('x1'), get('y1'))} m {numbers(get('x2'), get('y2'))} l\n"
    if tag in ("polyline", "polygon"):
        values = [parse_number(v) for v in _NUMBER.findall(element.get("points", ""))]
        points = list(zip(values[::2], values[1::2], strict=False))
        if len(points) < 2:
            return ""
        ops = [f"{pdf_number(points[0][0])} {pdf_number(points[0][1])} m"]
        ops.extend(f"{pdf_number(x)} {pdf_number(y)} l" for x, y in points[1:])
        if tag == "polygon":
            ops.append("h")
        return " ".join(ops) + "\n"
    return _path(element.get("d", ""))


def _rect(x: float, y: float, w: float, h: float, element: etree._Element) -> str:
    if w <= 0 or h <= 0:
        return ""
    rx_text, ry_text = element.get("rx"), element.get("ry")
    rx = parse_length(rx_text) if rx_text is not None else None
    ry = parse_length(ry_text) if ry_text is not None else None
    rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)
    rx, ry = min(max(rx, 0.0), w / 2), min(max(ry, 0.0), h / 2)
    if rx <= 0 or ry <= 0:
        return f"{numbers(x, y, w, h)} re\n"
    kx, ky = rx * _KAPPA, ry * _KAPPA
    r, b = x + w, y + h
    return (
        f"{numbers(x + rx, y)} m {numbers(r - rx, y)} l "
        f"{numbers(r - rx + kx, y, r, y + ry - ky, r, y + ry)} c {numbers(r, b - ry)} l "
        f"{numbers(r, b - ry + ky, r - rx + kx, b, r - rx, b)} c {numbers(x + rx, b)} l "
        f"{numbers(x + rx - kx, b, x, b - ry + ky, x, b - ry)} c {numbers(x, y + ry)} l "
        f"{numbers(x, y + ry - ky, x + rx - kx, y, x + rx, y)} c h\n"
    )


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    kx, ky = rx * _KAPPA, ry * _KAPPA
    return (
        f"{numbers(cx + rx, cy)} m "
        f"{numbers(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)} c "
        f"{numbers(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)} c "
        f"{numbers(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)} c "
        f"{numbers(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)} c h\n"
    )


_PATH_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def _path_commands(d: str) -> Iterator[tuple[str, list[float]]]:
    """(command, arguments) of path data, repeated commands split; arc flags may be packed."""
    tokens: list[str] = []
    at = 0
    command = ""
    while at < len(d):
        if d[at] in " \t\r\n,":
            at += 1
            continue
        if command.lower() == "a" and len(tokens) % 7 in (3, 4) and d[at] in "01":
            tokens.append(d[at])  # a flag is one digit, even written without a separator
            at += 1
            continue
        match = _PATH_TOKEN.match(d, at)
        if match is None:
            raise Unsupported(f"path data at {d[at : at + 10]!r}")
        at = match.end()
        if match.group(1):
            if command:
                yield from _split(command, tokens)
            command, tokens = match.group(1), []
        elif not command:
            raise Unsupported("path data before a command")
        else:
            tokens.append(match.group(2))
    if command:
        yield from _split(command, tokens)


def _split(command: str, tokens: list[str]) -> Iterator[tuple[str, list[float]]]:
    arity = _ARITY[command.lower()]
    values = [parse_number(t) for t in tokens]
    if arity == 0:
        if values:
            raise Unsupported("numbers after Z")
        yield command, []
        return
    if not values or len(values) % arity:
        raise Unsupported(f"path command {command} with {len(values)} numbers")
    for i in range(0, len(values), arity):
        # after a moveto, further pairs are linetos (of the same relativity)
        name = command if i == 0 or command not in "Mm" else ("L" if command == "M" else "l")
        yield name, values[i : i + arity]


def _path(d: str) -> str:
    """SVG path data as PDF path operators (quadratics and arcs as cubics)."""
    ops: list[str] = []
    x = y = sx = sy = 0.0
    last_control: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None
    previous = ""
    for command, v in _path_commands(d):
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        kind = command.upper()
        control: tuple[float, float] | None = None
        quad: tuple[float, float] | None = None
        if kind == "M":
            x, y = ox + v[0], oy + v[1]
            sx, sy = x, y
            ops.append(f"{pdf_number(x)} {pdf_number(y)} m")
        elif kind == "L":
            x, y = ox + v[0], oy + v[1]
            ops.append(f"{pdf_number(x)} {pdf_number(y)} l")
        elif kind == "H":
            x = ox + v[0]
            ops.append(f"{pdf_number(x)} {pdf_number(y)} l")
        elif kind == "V":
            y = (y if rel else 0.0) + v[0]
            ops.append(f"{pdf_number(x)} {pdf_number(y)} l")
        elif kind in ("C", "S"):
            if kind == "C":
                c1 = (ox + v[0], oy + v[1])
                rest = v[2:]
            else:
                c1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                rest = v
            c2 = (ox + rest[0], oy + rest[1])
            x, y = ox + rest[2], oy + rest[3]
            ops.append(_curve(c1, c2, (x, y)))
            control = c2
        elif kind in ("Q", "T"):
            if kind == "Q":
                q = (ox + v[0], oy + v[1])
                end = (ox + v[2], oy + v[3])
            else:
                q = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                end = (ox + v[0], oy + v[1])
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            x, y = end
            ops.append(_curve(c1, c2, end))
            quad = q
        elif kind == "A":
            end = (ox + v[5], oy + v[6])
            ops.extend(_arc((x, y), v[0], v[1], v[2], v[3] != 0, v[4] != 0, end))
            x, y = end
        else:  # Z
            ops.append("h")
            x, y = sx, sy
        if previous == "" and kind != "M":
            raise Unsupported("path data not starting with a moveto")
        previous = kind
        last_control, last_quad = control, quad
    return " ".join(ops) + "\n" if ops else ""


def _curve(c1: tuple[float, float], c2: tuple[float, float], end: tuple[float, float]) -> str:
    return f"{numbers(*c1, *c2, *end)} c"


def _arc(
    start: tuple[float, float],
    rx: float,
    ry: float,
    rotation: float,
    large: bool,
    sweep: bool,
    end: tuple[float, float],
) -> list[str]:
    """An elliptical arc as cubics (SVG implementation notes, endpoint to centre form)."""
    (x1, y1), (x2, y2) = start, end
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [f"{pdf_number(x2)} {pdf_number(y2)} l"]
    phi = math.radians(rotation % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    factor = math.sqrt(max(0.0, numerator / denominator)) if denominator else 0.0
    if large == sweep:
        factor = -factor
    cxp, cyp = factor * rx * y1p / ry, -factor * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    ops = []
    for i in range(pieces):
        a1, a2 = theta + i * step, theta + (i + 1) * step

        def point(a: float) -> tuple[float, float]:
            px, py = rx * math.cos(a), ry * math.sin(a)
            return (cx + cos * px - sin * py, cy + sin * px + cos * py)

        def tangent(a: float) -> tuple[float, float]:
            px, py = -rx * math.sin(a), ry * math.cos(a)
            return (cos * px - sin * py, sin * px + cos * py)

        p1, p2 = point(a1), point(a2)
        t1, t2 = tangent(a1), tangent(a2)
        c1 = (p1[0] + k * t1[0], p1[1] + k * t1[1])
        c2 = (p2[0] - k * t2[0], p2[1] - k * t2[1])
        ops.append(_curve(c1, c2, p2 if i < pieces - 1 else (x2, y2)))
    return ops
