"""Unit symbols (NATO/APP-6 style) and figure silhouettes, drawn as plain SVG fragments.

We draw every symbol ourselves from lines, arcs and polygons rather than using a symbol font:
fonts differ between the PNG (resvg), the PDF (cairo) and VASSAL, while geometry is exact
everywhere, stays crisp at half-inch counter size, and can be checked by tests.

Conventions, where one exists, follow APP-6 / MIL-STD-2525 as used on wargame counters:
a friendly land unit is a rectangular frame (about 3:2) whose inner marks give the branch,
and whose size ("echelon") is shown by a mark centred above the frame. Types without an
agreed symbol carry a comment starting "No standard" that explains the choice.

All coordinates are points (1/72 in), y growing downwards, matching
:func:`toolkit.render.svg.svg_document`. Every function returns an SVG fragment string and
draws strictly inside the box it is given.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.model.values import ECHELONS, ICON_TYPES, UNIT_TYPES
from toolkit.model.values import parse_echelon as _parse_model_echelon
from toolkit.render.svg import attrs, fmt

__all__ = [
    "ECHELONS",
    "ECHELON_MARKS",
    "ICON_TYPES",
    "UNIT_TYPES",
    "echelon_mark",
    "echelon_width",
    "icon",
    "icon_aspect",
    "icon_reach",
    "parse_echelon",
    "parse_icon",
    "parse_unit_type",
    "unit_symbol",
]

Point = tuple[float, float]

# --------------------------------------------------------------------------------------------
# Shared helpers
# --------------------------------------------------------------------------------------------


def _suggest(what: str, name: str, known: Sequence[str]) -> ValueError:
    """A ValueError naming the unknown value and listing the known ones, close matches first,
    so a typo in a game file is fixed from the message alone."""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    rest = [k for k in known if k not in close]
    hint = f"did you mean {', '.join(repr(c) for c in close)}? " if close else ""
    return ValueError(f"unknown {what} {name!r}; {hint}known: {', '.join(close + rest)}")


def _norm(text: str) -> str:
    """Case-, space- and underscore-insensitive key: ``"Anti Tank"`` -> ``"anti-tank"``."""
    return "-".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())


def _path(d: str, **kw: object) -> str:
    return f"<path{attrs(d=d, **kw)}/>"


def _circle_d(cx: float, cy: float, r: float, clockwise: bool = True) -> str:
    """A full circle as two arcs; direction matters where circles punch holes (nonzero)."""
    sweep = 1 if clockwise else 0
    return (
        f"M{fmt(cx - r)} {fmt(cy)}A{fmt(r)} {fmt(r)} 0 1 {sweep} {fmt(cx + r)} {fmt(cy)}"
        f"A{fmt(r)} {fmt(r)} 0 1 {sweep} {fmt(cx - r)} {fmt(cy)}Z"
    )


def _poly_d(points: Iterable[Point], close: bool = True) -> str:
    pts = list(points)
    d = "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in pts)
    return d + ("Z" if close else "")


# --------------------------------------------------------------------------------------------
# Unit types
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """The frame's stroke centreline (x, y, w, h), line width and mark colour."""

    x: float
    y: float
    w: float
    h: float
    lw: float
    color: str

    @property
    def m(self) -> float:
        """Size unit for marks: the height of the largest 3:2 frame that fits, so marks keep
        their shape and stay inside however tall or wide the box is."""
        return min(self.h, self.w / 1.5)

    def p(self, u: float, v: float) -> Point:
        """Point at fractions (u, v) of the frame."""
        return (self.x + u * self.w, self.y + v * self.h)

    def pv(self, u: float, dv_h: float) -> Point:
        """Point at fraction ``u`` across, ``dv_h`` frame *heights* below the top; marks that
        must keep their shape whatever the frame's aspect are laid out in heights."""
        return (self.x + u * self.w, self.y + dv_h * self.h)


def _m_infantry(f: _Frame) -> str:
    # APP-6: the two diagonals of the frame.
    return _path(_poly_d([f.p(0, 0), f.p(1, 1)], False) + _poly_d([f.p(0, 1), f.p(1, 0)], False))


def _m_cavalry(f: _Frame) -> str:
    # APP-6 reconnaissance/cavalry: one diagonal, lower left to upper right.
    return _path(_poly_d([f.p(0, 1), f.p(1, 0)], False))


def _m_armour(f: _Frame) -> str:
    # APP-6: a horizontal track oval (stadium) in the centre.
    h = 0.46 * f.m
    w = min(0.62 * f.w, 2.6 * h)
    cx, cy = f.p(0.5, 0.5)
    return f"<rect{attrs(x=cx - w / 2, y=cy - h / 2, width=w, height=h, rx=h / 2)}/>"


def _m_artillery(f: _Frame) -> str:
    # APP-6 field artillery: a solid dot in the centre.
    cx, cy = f.p(0.5, 0.5)
    return _path(_circle_d(cx, cy, 0.15 * f.m), fill=f.color, stroke="none")


def _m_motorised(f: _Frame) -> str:
    # APP-6(A) motorised: a vertical line through the centre of the frame.
    return _path(_poly_d([f.p(0.5, 0), f.p(0.5, 1)], False))


def _m_mountain(f: _Frame) -> str:
    # APP-6: a solid triangle standing on the bottom edge.
    cx, bottom = f.p(0.5, 1)
    half, tall = 0.19 * f.m, 0.31 * f.m
    pts = [(cx - half, bottom), (cx, bottom - tall), (cx + half, bottom)]
    return _path(_poly_d(pts), fill=f.color, stroke="none")


def _m_airborne(f: _Frame) -> str:
    # APP-6: a parachute canopy, two shallow arcs meeting in the middle, low in the frame.
    cx, base = f.p(0.5, 0.86)
    a, rise = 0.3 * f.m, 0.2 * f.m
    d = (
        f"M{fmt(cx - a)} {fmt(base)}A{fmt(a / 2)} {fmt(rise)} 0 0 1 {fmt(cx)} {fmt(base)}"
        f"A{fmt(a / 2)} {fmt(rise)} 0 0 1 {fmt(cx + a)} {fmt(base)}"
    )
    return _path(d)


def _m_marine(f: _Frame) -> str:
    # No standard: APP-6 has no single marine mark ("naval infantry"/"amphibious" variants);
    # wargames customarily use an anchor, set in the lower triangle of the infantry X so it
    # stays clear of the crossing.
    h = f.m
    cx, top = f.pv(0.5, 0.6)
    ring_r = 0.045 * h
    ring_cy = top + ring_r
    shank_top = ring_cy + ring_r
    bottom = top + 0.34 * h
    arm, sag = 0.15 * h, 0.1 * h
    stock_y = shank_top + 0.05 * h
    d = (
        _circle_d(cx, ring_cy, ring_r)
        + _poly_d([(cx, shank_top), (cx, bottom)], False)
        + _poly_d([(cx - 0.075 * h, stock_y), (cx + 0.075 * h, stock_y)], False)
        + f"M{fmt(cx - arm)} {fmt(bottom - sag)}"
        f"A{fmt(arm)} {fmt(sag)} 0 0 0 {fmt(cx + arm)} {fmt(bottom - sag)}"
    )
    return _path(d, stroke_width=0.7 * f.lw)


def _m_engineer(f: _Frame) -> str:
    # APP-6: the bridge-like sign, a bar with three legs.
    h = f.m
    cx, cy = f.p(0.5, 0.5)
    half_w, half_h = min(0.3 * h, 0.22 * f.w), 0.16 * h
    top, bottom = cy - half_h, cy + half_h
    left, right = cx - half_w, cx + half_w
    d = _poly_d([(left, bottom), (left, top), (right, top), (right, bottom)], False)
    d += _poly_d([(cx, top), (cx, bottom)], False)
    return _path(d)


def _m_anti_tank(f: _Frame) -> str:
    # APP-6 anti-armour: an inverted V from the bottom corners to the top centre.
    return _path(_poly_d([f.p(0, 1), f.p(0.5, 0), f.p(1, 1)], False))


def _m_anti_aircraft(f: _Frame) -> str:
    # APP-6 air defence: a dome across the bottom of the frame.
    x0, y0 = f.p(0, 1)
    x1, _ = f.p(1, 1)
    d = f"M{fmt(x0)} {fmt(y0)}A{fmt(f.w / 2)} {fmt(0.36 * f.h)} 0 0 1 {fmt(x1)} {fmt(y0)}"
    return _path(d)


def _m_supply(f: _Frame) -> str:
    # APP-6 supply: a horizontal line across the lower part of the frame.
    return _path(_poly_d([f.p(0, 0.74), f.p(1, 0.74)], False))


def _m_gas(f: _Frame) -> str:
    # No standard wargame mark for gas (chemical) troops; we draw a chemist's retort, the
    # usual pictogram for chemistry: a round bulb whose neck rises and bends down to the right.
    h = f.m
    cx, cy = f.p(0.5, 0.5)
    bx, by, r = cx - 0.2 * h, cy + 0.13 * h, 0.2 * h
    ang = math.radians(-75)
    start = (bx + r * math.cos(ang), by + r * math.sin(ang))
    bend = (bx + 0.12 * h, by - r - 0.14 * h)
    tip = (bx + 0.66 * h, by - 0.02 * h)
    d = _circle_d(bx, by, r) + _poly_d([start, bend, tip], False)
    return _path(d, stroke_linejoin="round")


def _m_railway(f: _Frame) -> str:
    # APP-6 rail mobility: a rail with wheels (drawn inside the frame, low).
    h = f.m
    cx, rail_y = f.p(0.5, 0.72)
    half = min(0.42 * h, 0.3 * f.w)
    wheel_r = 0.065 * h
    d = _poly_d([(cx - half, rail_y), (cx + half, rail_y)], False)
    for k in (-0.75, -0.35, 0.35, 0.75):
        d += _circle_d(cx + k * half, rail_y + wheel_r + 0.5 * f.lw, wheel_r)
    return _path(d, stroke_width=0.75 * f.lw)


def _m_railway_gun(f: _Frame) -> str:
    cx, cy = f.p(0.5, 0.36)
    dot = _path(_circle_d(cx, cy, 0.14 * f.m), fill=f.color, stroke="none")
    return dot + _m_railway(f)


def _m_fortress(f: _Frame) -> str:
    # No standard: APP-6 has no fortress unit mark; we draw a battlemented wall (three
    # merlons), the fortification sign of maps and the most widely recognised on counters.
    h = f.m
    cx, cy = f.p(0.5, 0.5)
    half = min(0.5 * h, 0.34 * f.w)
    top, notch, base = cy - 0.2 * h, cy - 0.04 * h, cy + 0.22 * h
    step = 2 * half / 5
    xs = [cx - half + k * step for k in range(6)]
    pts = [
        (xs[0], base),
        (xs[0], top),
        (xs[1], top),
        (xs[1], notch),
        (xs[2], notch),
        (xs[2], top),
        (xs[3], top),
        (xs[3], notch),
        (xs[4], notch),
        (xs[4], top),
        (xs[5], top),
        (xs[5], base),
    ]
    return _path(_poly_d(pts), stroke_linejoin="miter")


def _letter(f: _Frame, letter: str) -> str:
    """A capital drawn with strokes in the top triangle of the infantry X.

    Used for the types that have no symbol of their own; strokes, not a font, so the mark
    looks identical in every output format.
    """
    h = f.m
    lh = 0.3 * h
    lw_ = 0.62 * lh
    cx, top = f.pv(0.5, 0.08)
    x0, x1, y0, y1 = cx - lw_ / 2, cx + lw_ / 2, top, top + lh
    ym = (y0 + y1) / 2
    if letter == "M":
        d = _poly_d([(x0, y1), (x0, y0), (cx, ym + 0.1 * lh), (x1, y0), (x1, y1)], False)
    elif letter == "G":
        rx, ry = lw_ / 2, lh / 2
        sx, sy = cx + rx * math.cos(math.radians(-45)), ym + ry * math.sin(math.radians(-45))
        ex, ey = cx + rx, ym + 0.15 * lh
        d = (
            f"M{fmt(sx)} {fmt(sy)}A{fmt(rx)} {fmt(ry)} 0 1 0 {fmt(ex)} {fmt(ey)}"
            f"L{fmt(ex)} {fmt(ym)}L{fmt(cx + 0.05 * lw_)} {fmt(ym)}"
        )
    elif letter == "P":
        bowl = 0.55 * lh
        d = (
            f"M{fmt(x0)} {fmt(y1)}L{fmt(x0)} {fmt(y0)}L{fmt(cx)} {fmt(y0)}"
            f"A{fmt(lw_ / 2)} {fmt(bowl / 2)} 0 0 1 {fmt(cx)} {fmt(y0 + bowl)}"
            f"L{fmt(x0)} {fmt(y0 + bowl)}"
        )
    else:  # pragma: no cover - internal use only
        raise ValueError(letter)
    return _path(d, stroke_width=0.8 * f.lw, stroke_linejoin="round")


def _m_militia(f: _Frame) -> str:
    # No standard: infantry X with an "M" (militia, Landwehr, Volkssturm, Home Guard).
    return _letter(f, "M")


def _m_garrison(f: _Frame) -> str:
    # No standard: infantry X with a "G" (static garrison troops).
    return _letter(f, "G")


def _m_partisan(f: _Frame) -> str:
    # No standard: infantry X with a "P" (partisans, guerrillas, resistance).
    return _letter(f, "P")


# Marks in drawing order (later marks draw on top).
_MARKS: dict[str, Callable[[_Frame], str]] = {
    "infantry": _m_infantry,
    "cavalry": _m_cavalry,
    "anti-tank": _m_anti_tank,
    "motorised": _m_motorised,
    "armour": _m_armour,
    "artillery": _m_artillery,
    "engineer": _m_engineer,
    "supply": _m_supply,
    "anti-aircraft": _m_anti_aircraft,
    "mountain": _m_mountain,
    "airborne": _m_airborne,
    "marine": _m_marine,
    "gas": _m_gas,
    "fortress": _m_fortress,
    "railway-gun": _m_railway_gun,
    "militia": _m_militia,
    "garrison": _m_garrison,
    "partisan": _m_partisan,
    "headquarters": lambda f: "",  # the staff is part of the frame geometry
}

# kind -> (marks when the kind stands alone, marks it adds inside a "+" combination).
# Standalone "mountain", "airborne", "marine", "motorised", "militia" ... are the infantry
# of that kind, as on counters; combined, they only add their modifier mark, so
# "artillery+motorised" is motorised artillery, not artillery with an infantry X.
_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "infantry": (("infantry",), ("infantry",)),
    "cavalry": (("cavalry",), ("cavalry",)),
    "armour": (("armour",), ("armour",)),
    "mechanised": (("infantry", "armour"), ("armour",)),
    "motorised": (("infantry", "motorised"), ("motorised",)),
    "artillery": (("artillery",), ("artillery",)),
    "mountain": (("infantry", "mountain"), ("mountain",)),
    "marine": (("infantry", "marine"), ("marine",)),
    "airborne": (("infantry", "airborne"), ("airborne",)),
    "engineer": (("engineer",), ("engineer",)),
    "headquarters": (("headquarters",), ("headquarters",)),
    "militia": (("infantry", "militia"), ("militia",)),
    "garrison": (("infantry", "garrison"), ("garrison",)),
    "fortress": (("fortress",), ("fortress",)),
    "anti-tank": (("anti-tank",), ("anti-tank",)),
    # APP-6 shows reconnaissance and cavalry with the same diagonal; so do we.
    "reconnaissance": (("cavalry",), ("cavalry",)),
    "anti-aircraft": (("anti-aircraft",), ("anti-aircraft",)),
    "supply": (("supply",), ("supply",)),
    "partisan": (("infantry", "partisan"), ("partisan",)),
    "gas": (("gas",), ("gas",)),
    "railway-gun": (("railway-gun",), ("railway-gun",)),
}

# UNIT_TYPES (imported above) is the model's vocabulary: what the loader accepts is exactly
# what unit_symbol draws. _KINDS must give every one of them a picture (a test checks it).

_KIND_ALIASES: dict[str, str] = {
    "inf": "infantry",
    "cav": "cavalry",
    "armor": "armour",
    "armored": "armour",
    "armoured": "armour",
    "tank": "armour",
    "panzer": "armour",
    "mechanized": "mechanised",
    "mech": "mechanised",
    "motorized": "motorised",
    "mot": "motorised",
    "art": "artillery",
    "arty": "artillery",
    "mtn": "mountain",
    "marines": "marine",
    "para": "airborne",
    "parachute": "airborne",
    "eng": "engineer",
    "engineers": "engineer",
    "pioneer": "engineer",
    "hq": "headquarters",
    "recon": "reconnaissance",
    "aa": "anti-aircraft",
    "flak": "anti-aircraft",
    "air-defence": "anti-aircraft",
    "air-defense": "anti-aircraft",
    "at": "anti-tank",
    "antitank": "anti-tank",
    "chemical": "gas",
    "guerrilla": "partisan",
    "partisans": "partisan",
    "fort": "fortress",
    "railway-artillery": "railway-gun",
    "rail-gun": "railway-gun",
}


def parse_unit_type(text: str) -> tuple[str, ...]:
    """Canonical parts of a unit type such as ``"Armor + Infantry"`` -> ``("armour",
    "infantry")``; raises ValueError (with suggestions) for anything unknown."""
    parts = str(text).split("+")
    if any(not p.strip() for p in parts):
        raise ValueError(f"empty part in unit type {text!r}; known: {', '.join(UNIT_TYPES)}")
    out: list[str] = []
    for part in parts:
        key = _norm(part)
        key = _KIND_ALIASES.get(key, key)
        if key not in _KINDS:
            raise _suggest("unit type", part.strip(), UNIT_TYPES)
        if key not in out:
            out.append(key)
    return tuple(out)


def _marks_for(parts: tuple[str, ...]) -> list[str]:
    """Marks to draw, in the fixed drawing order, for canonical ``parts``."""
    if len(parts) == 1:
        wanted = set(_KINDS[parts[0]][0])
    else:
        wanted = {m for p in parts for m in _KINDS[p][1]}
    return [m for m in _MARKS if m in wanted]


def default_line_width(width: float, height: float) -> float:
    """Frame line width for a symbol box: heavy enough to survive printing at 150 dpi, light
    enough to keep marks apart at half-inch counter size (about 0.9 pt for a 0.3 in box)."""
    return max(0.25, 0.065 * min(width, height))


_HQ_STAFF = 0.28
"""Fraction of the box height given to the headquarters staff below the frame."""


def unit_symbol(
    kind: str,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    stroke: str = "#000",
    fill: str = "none",
    line_width: float | None = None,
) -> str:
    """A unit symbol filling the box (x, y, width, height): frame plus branch marks.

    ``kind`` is one of :data:`UNIT_TYPES` or a ``+`` combination (``"armour+infantry"`` is
    mechanised infantry, ``"artillery+motorised"`` motorised artillery). The frame's outer
    edge lies on the box, so strokes never spill. ``fill`` colours the frame's interior (an
    arm-of-service colour, say); marks use ``stroke``. Headquarters keep their APP-6 staff
    inside the box: the frame is shortened to make room for it below.
    """
    if width <= 0 or height <= 0:
        raise ValueError(f"symbol box must have a positive size, got {width!r} x {height!r}")
    parts = parse_unit_type(kind)
    marks = _marks_for(parts)
    lw = default_line_width(width, height) if line_width is None else float(line_width)
    half = lw / 2
    frame_h = height * (1 - _HQ_STAFF) if "headquarters" in marks else height
    f = _Frame(x + half, y + half, width - lw, frame_h - lw, lw, stroke)
    out = [
        f"<g{attrs(fill='none', stroke=stroke, stroke_width=lw, stroke_linecap='butt')}>",
        f"<rect{attrs(x=f.x, y=f.y, width=f.w, height=f.h, fill=fill)}/>",
    ]
    if "headquarters" in marks:
        sx = f.x
        out.append(_path(_poly_d([(sx, f.y + f.h), (sx, y + height)], False)))
    out.extend(_MARKS[m](f) for m in marks)
    out.append("</g>")
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Echelons
# --------------------------------------------------------------------------------------------

ECHELON_MARKS: dict[str, str] = {
    "team": "ø",
    "squad": "•",
    "section": "••",
    "platoon": "•••",
    "company": "|",
    "battalion": "||",
    "regiment": "|||",
    "brigade": "X",
    "division": "XX",
    "corps": "XXX",
    "army": "XXXX",
    "army-group": "XXXXX",
}
"""Echelon -> its conventional mark as text (what :func:`echelon_mark` draws)."""

# ECHELONS (imported above) comes from the model, smallest to largest; ECHELON_MARKS gives each
# its mark, in the same order (a test checks the two agree).

_ECHELON_ALIASES: dict[str, str] = {
    # Spellings the model's parser does not know (it handles the names, the XX/II/|| marks,
    # • dots, ø and the common abbreviations): keyboard dots, middle dots, more abbreviations.
    ".": "squad",
    "..": "section",
    "...": "platoon",
    "·": "squad",
    "··": "section",
    "···": "platoon",
    # More abbreviations.
    "tm": "team",
    "sqd": "squad",
    "sec": "section",
    "plt": "platoon",
    "pl": "platoon",
    "cie": "company",
    "btn": "battalion",
    "rgt": "regiment",
    "brig": "brigade",
    "ag": "army-group",
    "front": "army-group",
}


def parse_echelon(text: str) -> str:
    """Canonical echelon name for a name, abbreviation or mark (``"xx"``, ``"II"``, ``"Bn"``,
    ``"army group"``); raises ValueError listing the known echelons otherwise.

    The model's parser decides first, so whatever the loader accepted draws the same echelon
    here; the few extra spellings below only widen what callers outside the loader may pass.
    """
    raw = str(text).strip()
    key = _norm(raw)
    for candidate in (raw, key):
        try:
            return _parse_model_echelon(candidate)
        except ValueError:
            pass
    for candidate in (raw, raw.lower(), key, key.replace("-", "")):
        if candidate in _ECHELON_ALIASES:
            return _ECHELON_ALIASES[candidate]
    raise _suggest("echelon", raw, ECHELONS)


def _echelon_layout(mark: str, height: float) -> tuple[str, int, float, float]:
    """(glyph kind, count, glyph width, gap) for an echelon mark at ``height``."""
    if mark == "ø":
        return ("team", 1, 0.9 * height, 0.0)
    if set(mark) == {"•"}:
        return ("dot", len(mark), 0.5 * height, 0.25 * height)
    if set(mark) == {"|"}:
        return ("bar", len(mark), 0.16 * height, 0.22 * height)
    return ("x", len(mark), 0.62 * height, 0.12 * height)


def echelon_width(echelon: str, height: float) -> float:
    """Width in points that :func:`echelon_mark` uses at ``height``, for fitting a label."""
    _kind, n, w, gap = _echelon_layout(ECHELON_MARKS[parse_echelon(echelon)], height)
    return n * w + (n - 1) * gap


def echelon_mark(
    echelon: str, cx: float, y_bottom: float, height: float, *, color: str = "#000"
) -> str:
    """The echelon mark, horizontally centred on ``cx``, standing on ``y_bottom`` and exactly
    ``height`` tall; place it just above the symbol frame. Drawn with geometry, not text, so
    ``XX`` looks the same in every output and never depends on a font."""
    if height <= 0:
        raise ValueError(f"echelon height must be positive, got {height!r}")
    kind, n, w, gap = _echelon_layout(ECHELON_MARKS[parse_echelon(echelon)], height)
    total = n * w + (n - 1) * gap
    left = cx - total / 2
    top = y_bottom - height
    sw = 0.16 * height
    parts: list[str] = []
    if kind == "dot":
        r = w / 2
        d = "".join(_circle_d(left + r + i * (w + gap), y_bottom - height / 2, r) for i in range(n))
        parts.append(_path(d, fill=color))
    elif kind == "bar":
        d = "".join(
            _poly_d(
                [(left + w / 2 + i * (w + gap), top), (left + w / 2 + i * (w + gap), y_bottom)],
                False,
            )
            for i in range(n)
        )
        parts.append(_path(d, fill="none", stroke=color, stroke_width=w))
    elif kind == "x":
        # Inset by the stroke's half-width projected on each axis so the ends stay in the box.
        ang = math.atan2(height, w)
        ix, iy = sw / 2 * math.sin(ang), sw / 2 * math.cos(ang)
        d = ""
        for i in range(n):
            x0 = left + i * (w + gap)
            d += _poly_d([(x0 + ix, top + iy), (x0 + w - ix, y_bottom - iy)], False)
            d += _poly_d([(x0 + ix, y_bottom - iy), (x0 + w - ix, top + iy)], False)
        parts.append(_path(d, fill="none", stroke=color, stroke_width=sw))
    else:  # team: a circle struck through
        r = (height - sw) / 2 * 0.78
        cy = y_bottom - height / 2
        ang = math.radians(55)
        half = (height - sw) / 2
        dx = half / math.tan(ang)
        d = _circle_d(cx, cy, r) + _poly_d(
            [(cx - dx, y_bottom - sw / 2), (cx + dx, top + sw / 2)], False
        )
        parts.append(_path(d, fill="none", stroke=color, stroke_width=sw))
    return "".join(parts)


# --------------------------------------------------------------------------------------------
# Figure icons (ships, aircraft, Axis & Allies pieces)
# --------------------------------------------------------------------------------------------

# Design language: each icon lives in its own design box (w x h units, y down, facing right)
# and is a union of simple shapes, optionally with holes (wheels, windows) punched through.
# Shapes: ("poly", points) ("circle", cx, cy, r) ("rrect", x, y, w, h, r)
# ("bar", x1, y1, x2, y2, thickness) — a straight member such as a gun barrel or a mast.
Shape = tuple[Any, ...]


@dataclass(frozen=True)
class _Icon:
    w: float
    h: float
    body: tuple[Shape, ...]
    holes: tuple[Shape, ...] = ()


def _bar(x1: float, y1: float, x2: float, y2: float, t: float) -> Shape:
    return ("bar", x1, y1, x2, y2, t)


def _poly(*pts: Point) -> Shape:
    return ("poly", tuple(pts))


def _circ(cx: float, cy: float, r: float) -> Shape:
    return ("circle", cx, cy, r)


def _rr(x: float, y: float, w: float, h: float, r: float) -> Shape:
    return ("rrect", x, y, w, h, r)


def _mirror_y(shape: Shape, h: float) -> Shape:
    """The shape reflected about the icon's horizontal centre line (for aircraft seen from
    above, whose two wings are mirror images)."""
    if shape[0] == "poly":
        return ("poly", tuple((x, h - y) for x, y in reversed(shape[1])))
    if shape[0] == "rrect":
        _, x, y, w, hh, r = shape
        return ("rrect", x, h - y - hh, w, hh, r)
    raise ValueError(shape[0])  # pragma: no cover - only polygons and rrects are mirrored


def _plane(w: float, h: float, half: Sequence[Shape], centre: Sequence[Shape]) -> _Icon:
    return _Icon(w, h, tuple(centre) + tuple(half) + tuple(_mirror_y(s, h) for s in half))


_ICONS: dict[str, _Icon] = {
    "infantry": _Icon(
        60,
        100,
        body=(
            _poly((18, 15), (20, 8), (27, 3.5), (35, 4), (40, 9), (41, 15)),  # helmet
            _circ(30, 17, 7),  # head
            _poly((22, 23), (37, 23), (41, 32), (39, 57), (21, 57), (20, 32)),  # torso
            _rr(13, 25, 9, 21, 2.5),  # pack
            _bar(35, 27, 46, 43, 7),  # arm
            _bar(33, 54, 45, 92, 9),  # front leg
            _bar(27, 54, 16, 92, 9),  # back leg
            _poly((40, 91), (53, 91), (53, 98), (40, 98)),  # boots
            _poly((9, 91), (22, 91), (22, 98), (9, 98)),
            _bar(41, 58, 56, 4, 3.4),  # rifle
            _bar(40, 61, 44, 46, 6),  # rifle stock
        ),
    ),
    "artillery": _Icon(
        100,
        64,
        body=(
            _bar(40, 44, 4, 60, 6.5),  # trail
            _poly((1, 56), (8, 56), (8, 63), (1, 63)),  # spade
            _circ(40, 44, 18),  # wheel
            _bar(36, 42, 98, 22, 5),  # barrel
            _bar(40, 40, 70, 30.5, 9),  # recoil cylinder
            _poly((50, 18), (58, 15), (61, 44), (53, 47)),  # shield
        ),
        holes=(
            ("sector", 40, 44, 13, 15, 80),
            ("sector", 40, 44, 13, 105, 170),
            ("sector", 40, 44, 13, 195, 255),
            ("sector", 40, 44, 13, 285, 345),
        ),
    ),
    "tank": _Icon(
        100,
        56,
        body=(
            _rr(3, 34, 94, 21, 10.5),  # track
            _poly((9, 36), (15, 25), (86, 25), (96, 35)),  # hull
            _poly((31, 26), (36, 13), (63, 12), (72, 19), (72, 26)),  # turret
            _bar(68, 18.5, 99.5, 18.5, 3.4),  # gun
            _rr(41, 7, 11, 7, 2),  # cupola
        ),
        holes=tuple(_circ(x, 44.5, 4.8) for x in (17, 30, 43, 56, 69, 82)),
    ),
    "aa-gun": _Icon(
        100,
        84,
        body=(
            _poly((3, 69), (97, 69), (92, 75), (8, 75)),  # platform
            # wheels
            _circ(22, 76.5, 7),
            _circ(78, 76.5, 7),
            _poly((36, 70), (41, 52), (61, 52), (66, 70)),  # pedestal
            _circ(51, 50, 11),  # cradle
            _bar(47, 52, 79, 6, 4),  # twin barrels
            _bar(55, 54, 87, 8, 4),
            _rr(28, 43, 14, 9, 2),  # sight and layer's seat
        ),
        holes=(_circ(51, 50, 4),),
    ),
    "industrial-complex": _Icon(
        100,
        84,
        body=(
            _poly(
                (3, 82),
                (3, 44),
                (21, 30),
                (21, 44),
                (39, 30),
                (39, 44),
                (57, 30),
                (57, 44),
                (97, 44),
                (97, 82),
            ),  # saw-tooth hall
            _poly((67, 10), (78, 10), (79, 45), (66, 45)),  # chimneys
            _poly((83, 18), (91, 18), (92, 45), (82, 45)),
            _circ(74, 5.5, 4.5),  # smoke
            _circ(83, 5, 3.5),
            _circ(90, 5.5, 2.8),
        ),
        holes=(
            *(_rr(x, y, 7, 8, 1) for y in (50, 64) for x in (8, 19, 30, 41, 52)),
            _rr(70, 58, 14, 24, 1),  # gate
            *(_poly((x + 3, 42), (x + 15, 33), (x + 15, 42)) for x in (3, 21, 39)),  # skylights
        ),
    ),
    "fighter": _plane(
        100,
        84,
        half=(
            _poly((50, 38), (57, 5), (66, 3), (72, 38)),  # wing
            _poly((4, 40), (9, 27), (17, 27), (21, 40)),  # tailplane
        ),
        centre=(
            _poly(
                (2, 42),
                (8, 38.5),
                (30, 37.5),
                (72, 36.5),
                (88, 38),
                (96, 40),
                (98.5, 42),
                (96, 44),
                (88, 46),
                (72, 47.5),
                (30, 46.5),
                (8, 45.5),
            ),  # fuselage
            _bar(99, 31, 99, 53, 2),  # propeller
        ),
    ),
    "bomber": _plane(
        100,
        100,
        half=(
            _poly((48, 45), (58, 2), (67, 2), (76, 45)),  # wing
            _rr(60, 14, 24, 7, 3.5),  # outer engine
            _rr(63, 29, 24, 7, 3.5),  # inner engine
            _poly((3, 47), (8, 27), (17, 27), (22, 47)),  # tailplane
        ),
        centre=(
            _poly(
                (1, 50),
                (6, 46),
                (20, 44.5),
                (78, 44),
                (92, 45.5),
                (98, 48),
                (99.5, 50),
                (98, 52),
                (92, 54.5),
                (78, 56),
                (20, 55.5),
                (6, 54),
            ),  # fuselage
        ),
    ),
    "battleship": _Icon(
        100,
        36,
        body=(
            _poly((1, 21), (99, 18), (93, 34), (7, 34), (2, 27)),  # deep hull
            _poly((30, 21.5), (30, 15), (62, 15), (62, 21.5)),  # citadel
            _poly(
                (48, 15.5), (49, 6), (51, 6), (52, 2.5), (56, 2.5), (57, 6), (59, 6), (60, 15.5)
            ),  # tower bridge
            _bar(54, 3, 54, 0.2, 1.1),  # mast
            _poly((38, 15.5), (39, 7), (45, 7), (45, 15.5)),  # funnel
            # A turret
            _rr(75, 14.5, 11, 5.5, 1.5),
            _bar(84, 16.5, 97, 15.5, 2),
            _poly((63, 21.5), (63, 13), (73, 13), (73, 21.5)),  # B barbette
            # B turret
            _rr(63, 9.5, 11, 5, 1.5),
            _bar(72, 11.5, 86, 10.5, 2),
            _poly((22, 21.5), (22, 14), (30, 14), (30, 21.5)),  # X barbette
            # X turret
            _rr(20, 10.5, 11, 5, 1.5),
            _bar(22, 12.5, 8, 11.5, 2),
            # Y turret
            _rr(8, 15, 11, 5.5, 1.5),
            _bar(10, 17, 1, 16.3, 2),
        ),
    ),
    "cruiser": _Icon(
        100,
        36,
        body=(
            _poly((1, 23), (99, 20), (94, 32), (7, 32), (2, 27)),
            _poly((57, 22), (58, 13), (62, 13), (63, 8), (67, 8), (68, 22)),  # bridge
            _bar(65, 8.5, 65, 1.5, 1.3),  # foremast
            _poly((44, 22), (45, 12), (50, 12), (51, 22)),  # funnels
            _poly((35, 22), (36, 13), (41, 13), (42, 22)),
            _bar(29, 22, 29, 7, 1.3),  # mainmast
            # A turret
            _rr(76, 17, 9, 5, 1.5),
            _bar(83, 18.5, 93, 17.5, 1.4),
            # Y turret
            _rr(14, 18, 9, 5, 1.5),
            _bar(16, 19.5, 5, 18.5, 1.4),
        ),
    ),
    "destroyer": _Icon(
        100,
        36,
        body=(
            _poly((1, 24), (99, 20), (95, 32), (8, 32), (2, 28)),
            _poly((66, 23), (67, 14), (75, 14), (76, 22)),  # bridge
            _bar(71, 14.5, 71, 4, 1.3),  # mast
            _poly((51, 23.5), (52, 13), (58, 13), (58, 23.5)),  # funnels
            _poly((41, 23.5), (42, 14), (48, 14), (48, 23.5)),
            # gun
            _rr(81, 17, 8, 5, 1.2),
            _bar(87, 18.8, 96, 18.2, 1.5),
            # aft gun
            _rr(10, 19.5, 8, 5, 1.2),
            _bar(11, 21.3, 2.5, 20.8, 1.5),
            _rr(25, 20, 12, 4, 1),  # torpedo tubes
        ),
    ),
    "carrier": _Icon(
        100,
        36,
        body=(
            _poly((0.5, 15), (99.5, 15), (97, 19.5), (3, 19.5)),  # flight deck
            _poly((6, 19), (96, 19), (90, 33), (12, 33)),  # hull
            _poly((63, 15.5), (64, 7), (77, 7), (78, 15.5)),  # island
            _poly((67, 7.5), (68, 2.5), (75, 2.5), (75, 7.5)),  # funnel
            _bar(72, 3, 72, 0.2, 1.2),
        ),
        holes=tuple(_rr(x, 21.5, 7, 3.5, 0.5) for x in (18, 30, 42, 54)),
    ),
    "transport": _Icon(
        100,
        36,
        body=(
            _poly((1, 19), (12, 22), (86, 22), (99, 16), (94, 33), (6, 33), (1, 26)),  # hull
            _poly((54, 22.5), (54, 15), (72, 15), (72, 22.5)),  # midships house
            _poly((57, 15.5), (57, 10), (69, 10), (69, 15.5)),  # bridge
            _poly((60, 10.5), (61, 3), (67, 3), (67, 10.5)),  # funnel
            _bar(30, 22.5, 30, 4, 1.6),
            _bar(30, 8, 42, 19, 1.1),  # foremast + boom
            _bar(84, 22.5, 84, 5, 1.6),
            _bar(84, 9, 76, 19, 1.1),
            _rr(20, 19.5, 16, 3, 0.5),
            _rr(38, 19.5, 12, 3, 0.5),  # hatches
        ),
    ),
    "submarine": _Icon(
        100,
        36,
        body=(
            _poly((1, 27), (8, 21), (88, 20.5), (99, 25), (90, 31), (10, 32.5)),  # hull
            _poly((46, 21), (50, 9), (64, 9), (68, 15), (68, 21)),  # conning tower
            _bar(55, 9.5, 55, 1.5, 1.5),  # periscopes
            _bar(59.5, 9.5, 59.5, 4, 1.2),
            # deck gun
            _rr(73, 17.5, 5, 3.5, 0.8),
            _bar(76, 18.8, 83, 17.8, 1.3),
        ),
    ),
}



def _superellipse(cx: float, cy: float, rx: float, ry: float, power: float, n: int = 36) -> Shape:
    """A rounded-rectangle-like oval (power > 2 squares it off), as a polygon: airship hulls."""
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        c, s = math.cos(a), math.sin(a)
        pts.append((cx + rx * math.copysign(abs(c) ** (2 / power), c),
                    cy + ry * math.copysign(abs(s) ** (2 / power), s)))
    return ("poly", tuple(pts))


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> Shape:
    """A regular star, first point straight up."""
    pts = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.radians(-90 + 180 * k / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return ("poly", tuple(pts))


def _ring_spot(cx: float, cy: float, r0: float, r1: float, angle: float, half: float) -> Shape:
    """A quadrilateral between radii r0..r1 spanning ``angle`` ± ``half`` degrees: chip spots."""
    a0, a1 = math.radians(angle - half), math.radians(angle + half)
    return _poly(
        (cx + r0 * math.cos(a0), cy + r0 * math.sin(a0)),
        (cx + r1 * math.cos(a0), cy + r1 * math.sin(a0)),
        (cx + r1 * math.cos(a1), cy + r1 * math.sin(a1)),
        (cx + r0 * math.cos(a1), cy + r0 * math.sin(a1)),
    )


def _arc_bars(cx: float, cy: float, r: float, a0: float, a1: float, t: float, n: int
              ) -> list[Shape]:
    """A thick arc as ``n`` bars with round joints (the anchor's arms)."""
    pts = [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / n))) for k in range(n + 1)]
    shapes: list[Shape] = [_bar(*p, *q, t) for p, q in zip(pts, pts[1:], strict=False)]
    shapes += [_circ(x, y, t / 2) for x, y in pts[1:-1]]
    return shapes


def _small_ship(dx: float, dy: float) -> list[Shape]:
    """One warship of a fleet group, 70 x 18 design units, its top-left at (dx, dy)."""
    def at(*pts: Point) -> Shape:
        return _poly(*((x + dx, y + dy) for x, y in pts))

    return [
        at((0, 10), (70, 8), (66, 17.5), (5, 17.5)),  # hull
        at((24, 8.7), (26, 3.5), (46, 3.5), (48, 8.3)),  # superstructure
        at((33, 4), (34, 0), (39, 0), (40, 4)),  # funnel
        _bar(dx + 52, dy + 8, dx + 52, dy + 0.5, 1.6),  # mast
    ]


# No standard exists for most of these; each is the pictogram wargame markers customarily use.
_ICONS.update({
    # A generic aeroplane, in profile (the fighter and bomber are seen from above).
    "aircraft": _Icon(100, 40, body=(
        _poly((2, 16), (8, 13), (30, 13), (78, 12), (90, 14), (96, 18), (96, 22), (90, 25),
              (78, 26), (30, 24), (8, 21), (2, 20)),  # fuselage
        _poly((3, 16), (8, 1), (15, 1), (21, 14)),  # fin
        _rr(1, 16.5, 20, 3.5, 1.7),  # tailplane
        _rr(44, 19.5, 30, 5.5, 2.7),  # wing, edge-on
        _poly((60, 12.5), (65, 6.5), (75, 6.5), (79, 12.5)),  # canopy
        _bar(99, 5, 99, 35, 2.2),  # propeller
        _circ(96, 20, 3),  # spinner
        _bar(58, 25, 56, 34, 2.2),  # undercarriage
        _circ(56, 35, 4.5),
    )),
    # The reconnaissance plane of the First World War: a two-seat biplane, in profile.
    "recon-plane": _Icon(100, 50, body=(
        _poly((2, 22), (10, 18.5), (80, 17), (91, 20), (95, 24), (91, 28), (80, 30.5),
              (10, 27), (2, 26)),  # fuselage
        _rr(38, 3, 38, 5, 2.5),  # upper wing
        _rr(42, 27.5, 32, 5, 2.5),  # lower wing
        _bar(47, 7, 50, 28, 1.8),  # interplane struts
        _bar(68, 7, 70, 28, 1.8),
        _poly((3, 22), (6, 7), (13, 7), (20, 19)),  # fin
        _rr(1, 22, 17, 3.5, 1.7),  # tailplane
        _circ(33, 16.5, 3.5),  # observer's gun ring
        _bar(98.5, 9, 98.5, 39, 2.2),  # propeller
        _circ(95.5, 24, 3),
        _bar(60, 31, 58, 41, 1.8),  # undercarriage
        _circ(58, 44.5, 5),
    )),
    # A rigid airship: cylindrical hull, cruciform tail fins, two gondolas.
    "zeppelin": _Icon(100, 36, body=(
        _superellipse(53, 15, 46, 13, 2.6),
        _poly((3, 15), (9, 1), (20, 3), (22, 15)),  # upper fin
        _poly((3, 15), (9, 29), (20, 27), (22, 15)),  # lower fin
        _rr(60, 26, 16, 8, 3),  # control gondola
        _rr(30, 26, 11, 7, 3),  # engine gondola
    )),
    # A round observation balloon with its basket.
    "balloon": _Icon(70, 100, body=(
        _circ(35, 33, 32),  # envelope
        _poly((19, 57), (51, 57), (41, 74), (29, 74)),  # neck
        _bar(29.5, 73, 27, 87, 2),  # rigging
        _bar(40.5, 73, 43, 87, 2),
        _rr(23, 85, 24, 14, 2.5),  # basket
    ), holes=(
        _bar(35, 3, 35, 62, 2.5),  # gore seams: tells it from the chip and the star
        _bar(20, 7.5, 20, 58, 2.2),
        _bar(50, 7.5, 50, 58, 2.2),
    )),
    # A plain steamer: the generic ship of naval markers.
    "ship": _Icon(100, 36, body=(
        _poly((1, 18), (12, 20), (88, 20), (99, 16), (95, 33), (6, 33), (2, 26)),  # hull
        _poly((34, 20.5), (35, 12), (71, 12), (72, 20.5)),  # superstructure
        _poly((60, 12.5), (60, 6), (71, 6), (71, 12.5)),  # bridge
        _poly((43, 12.5), (45, 2), (52, 2), (53, 12.5)),  # funnel
        _bar(82, 20.5, 82, 4, 1.5),  # masts
        _bar(20, 20.5, 20, 6, 1.5),
    ), holes=tuple(_circ(x, 25.5, 1.6) for x in range(18, 88, 10))),
    # A fleet: three warships in line of bearing.
    "fleet": _Icon(100, 60, body=(
        *_small_ship(30, 0), *_small_ship(15, 21), *_small_ship(0, 42),
    )),
    # The sailor's anchor: ring, stock, shank and curved arms ending in flukes.
    "anchor": _Icon(80, 100, body=(
        _circ(40, 9, 8.5),  # ring
        _bar(40, 16, 40, 92, 8),  # shank
        _rr(18, 22, 44, 7, 3.5),  # stock
        *_arc_bars(40, 58, 33, 165, 15, 7.5, 8),  # arms
        _poly((3, 55), (17, 62), (5, 72)),  # flukes
        _poly((77, 55), (63, 62), (75, 72)),
        _circ(40, 92, 5.5),  # crown
    ), holes=(_circ(40, 9, 4.5),)),
    # A gaming chip seen from above: a rim with spots, a groove, a centre disc.
    "chip": _Icon(100, 100, body=(
        _circ(50, 50, 49.5),
        _circ(50, 50, 31),
    ), holes=(
        _circ(50, 50, 36),
        *(_ring_spot(50, 50, 39.5, 47.5, a, 11) for a in range(0, 360, 45)),
    )),
    # A flag flying from a pole.
    "flag": _Icon(80, 100, body=(
        _bar(9, 6, 9, 100, 5.5),  # pole
        _circ(9, 5, 4.5),  # finial
        _poly((11, 9), (26, 5), (43, 9), (60, 14), (79, 9), (78, 48), (60, 53), (43, 48),
              (26, 43), (11, 47)),
    )),
    # A five-pointed star.
    "star": _Icon(100, 95, body=(_star(50, 52.6, 50, 20),)),
    # A fort: curtain wall between two towers, battlements, an arched gate.
    "fort": _Icon(100, 80, body=(
        _poly((28, 80), (28, 44), (72, 44), (72, 80)),  # curtain wall
        *(_rr(x, 36, 8, 9, 0.5) for x in (31, 46, 61)),  # battlements
        _poly((2, 80), (2, 20), (28, 20), (28, 80)),  # towers
        _poly((72, 80), (72, 20), (98, 20), (98, 80)),
        *(_rr(x, 11, 6.5, 10, 0.5) for x in (2, 11.75, 21.5, 72, 81.75, 91.5)),
    ), holes=(
        _poly((40, 80), (40, 62), (50, 52), (60, 62), (60, 80)),  # gate
        _rr(12, 30, 6, 14, 3),  # windows
        _rr(82, 30, 6, 14, 3),
        _rr(12, 54, 6, 14, 3),
        _rr(82, 54, 6, 14, 3),
    )),
    # A trench line seen from above: fire bays and traverses, sandbags along the parapet.
    "trench": _Icon(100, 40, body=(
        _bar(1, 10, 24, 10, 8), _bar(20, 6, 20, 30, 8), _bar(16, 26, 44, 26, 8),
        _bar(40, 30, 40, 6, 8), _bar(36, 10, 64, 10, 8), _bar(60, 6, 60, 30, 8),
        _bar(56, 26, 84, 26, 8), _bar(80, 30, 80, 6, 8), _bar(76, 10, 99, 10, 8),
        # barbed wire in front: a zig-zag
        *(_bar(x, 34 if k % 2 else 39, x + 7, 39 if k % 2 else 34, 1.8)
          for k, x in enumerate(range(2, 92, 7))),
    )),
    # A supply crate in perspective, its planks showing: a box, never a NATO frame.
    "supply": _Icon(100, 80, body=(
        _poly((1, 24), (27, 1), (99, 1), (99, 56), (72, 79), (1, 79)),
    ), holes=(
        *(_rr(7, y, 59, 10, 1) for y in (30, 46, 62)),  # front planks
        _poly((13, 20), (29, 6), (88, 6), (71, 20)),  # lid
        *(_poly((77, y), (94, y - 14.5), (94, y - 3), (77, y + 11.5)) for y in (29, 46, 63)),
    )),
})

# ICON_TYPES (imported above) is the model's vocabulary; _ICONS draws every one of them.

_ICON_ALIASES: dict[str, str] = {
    "armour": "tank",
    "armor": "tank",
    "aa": "aa-gun",
    "anti-aircraft": "aa-gun",
    "antiaircraft-gun": "aa-gun",
    "factory": "industrial-complex",
    "industry": "industrial-complex",
    "ic": "industrial-complex",
    "aircraft-carrier": "carrier",
    "sub": "submarine",
    "u-boat": "submarine",
    "bb": "battleship",
    "ca": "cruiser",
    "dd": "destroyer",
    "cv": "carrier",
    "ss": "submarine",
    "ap": "transport",
}


def parse_icon(text: str) -> str:
    """Canonical icon name for ``text``; raises ValueError with suggestions if unknown."""
    key = _norm(text)
    key = _ICON_ALIASES.get(key, key)
    if key not in _ICONS:
        raise _suggest("icon", str(text).strip(), ICON_TYPES)
    return key


def icon_aspect(kind: str) -> float:
    """Height over width of the icon's design, so a layout can size the box it will fill."""
    spec = _ICONS[parse_icon(kind)]
    return spec.h / spec.w


def icon_reach(kind: str) -> float:
    """How far the icon's ink reaches from the centre of its box, as a share of the box's
    width: a round counter can then check the figure, not its box, against its circle."""
    spec = _ICONS[parse_icon(kind)]
    cx, cy = spec.w / 2, spec.h / 2
    reach = 0.0
    for shape in spec.body:
        kind_ = shape[0]
        if kind_ == "circle":
            reach = max(reach, math.hypot(shape[1] - cx, shape[2] - cy) + shape[3])
            continue
        if kind_ == "poly":
            points = list(shape[1])
        elif kind_ == "bar":
            points = _bar_points(*shape[1:])
        else:  # rrect: its corners, a slight overestimate
            _, x, y, w, h, _r = shape
            points = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        reach = max(reach, *(math.hypot(px - cx, py - cy) for px, py in points))
    return reach / spec.w


def _signed_area(pts: Sequence[Point]) -> float:
    """Shoelace area; positive for clockwise-on-screen (y down) polygons."""
    pairs = zip(pts, [*pts[1:], pts[0]], strict=True)
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs) / 2


def _bar_points(x1: float, y1: float, x2: float, y2: float, t: float) -> list[Point]:
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length * t / 2, (x2 - x1) / length * t / 2
    return [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)]


def _shape_d(shape: Shape, tx: Callable[[Point], Point], s: float, clockwise: bool) -> str:
    """Path data for one design shape, mapped to page coordinates, wound ``clockwise`` (on
    screen) for solid parts and anticlockwise for holes so nonzero filling punches them."""
    kind = shape[0]
    if kind in ("poly", "bar"):
        pts = list(shape[1]) if kind == "poly" else _bar_points(*shape[1:])
        if (_signed_area(pts) > 0) != clockwise:
            pts.reverse()
        return _poly_d(tx(p) for p in pts)
    if kind == "circle":
        cx, cy = tx((shape[1], shape[2]))
        return _circle_d(cx, cy, shape[3] * s, clockwise)
    if kind == "rrect":
        _, x, y, w, h, r = shape
        r = min(r, w / 2, h / 2)
        (x0, y0), (x1, y1) = tx((x, y)), tx((x + w, y + h))
        rr = fmt(r * s)
        ends = [  # corners in clockwise screen order
            f"M{fmt(x0 + r * s)} {fmt(y0)}H{fmt(x1 - r * s)}A{rr} {rr} 0 0 1 {fmt(x1)} "
            f"{fmt(y0 + r * s)}V{fmt(y1 - r * s)}A{rr} {rr} 0 0 1 {fmt(x1 - r * s)} {fmt(y1)}"
            f"H{fmt(x0 + r * s)}A{rr} {rr} 0 0 1 {fmt(x0)} {fmt(y1 - r * s)}"
            f"V{fmt(y0 + r * s)}A{rr} {rr} 0 0 1 {fmt(x0 + r * s)} {fmt(y0)}Z",
            f"M{fmt(x0 + r * s)} {fmt(y0)}A{rr} {rr} 0 0 0 {fmt(x0)} {fmt(y0 + r * s)}"
            f"V{fmt(y1 - r * s)}A{rr} {rr} 0 0 0 {fmt(x0 + r * s)} {fmt(y1)}"
            f"H{fmt(x1 - r * s)}A{rr} {rr} 0 0 0 {fmt(x1)} {fmt(y1 - r * s)}"
            f"V{fmt(y0 + r * s)}A{rr} {rr} 0 0 0 {fmt(x1 - r * s)} {fmt(y0)}Z",
        ]
        return ends[0] if clockwise else ends[1]
    if kind == "sector":
        # A ring segment between angles a0..a1 (degrees, clockwise on screen from +x):
        # used for the gaps between a wheel's spokes.
        _, cx, cy, r, a0, a1 = shape
        pts = [(cx, cy)] + [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (a0 + (a1 - a0) * k / 8 for k in range(9))
        ]
        if (_signed_area(pts) > 0) != clockwise:
            pts.reverse()
        return _poly_d(tx(p) for p in pts)
    raise ValueError(f"unknown shape {kind!r}")  # pragma: no cover


def icon_outline_width(width: float, height: float) -> float:
    """Outline width for an icon box; the silhouette is inset by this so it stays inside."""
    return max(0.25, 0.02 * min(width, height))


def icon(
    kind: str,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str = "#000",
    stroke: str = "none",
) -> str:
    """A silhouette of ``kind`` (see :data:`ICON_TYPES`) centred in the box, facing right.

    The design keeps its proportions and is scaled to fit the box. ``fill`` colours the
    silhouette; ``stroke`` (if not ``"none"``) draws an outline around the *whole* figure —
    not around each part — and around its holes, so figures in national colours stay
    readable on any background while keeping the same visual weight as each other.
    """
    if width <= 0 or height <= 0:
        raise ValueError(f"icon box must have a positive size, got {width!r} x {height!r}")
    spec = _ICONS[parse_icon(kind)]
    ow = icon_outline_width(width, height) if stroke != "none" else 0.0
    avail_w, avail_h = width - 2 * ow, height - 2 * ow
    s = min(avail_w / spec.w, avail_h / spec.h)
    ox = x + (width - spec.w * s) / 2
    oy = y + (height - spec.h * s) / 2

    def tx(p: Point) -> Point:
        return (ox + p[0] * s, oy + p[1] * s)

    d = "".join(_shape_d(sh, tx, s, True) for sh in spec.body)
    d += "".join(_shape_d(sh, tx, s, False) for sh in spec.holes)
    out = []
    if stroke != "none":
        # Stroke twice as wide under the fill: only the outer half shows, outlining the union.
        out.append(
            _path(d, fill="none", stroke=stroke, stroke_width=2 * ow, stroke_linejoin="round")
        )
    out.append(_path(d, fill=fill, stroke="none"))
    return "<g>" + "".join(out) + "</g>"
