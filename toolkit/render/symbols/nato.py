"""Unit symbols (NATO/APP-6 style) as plain SVG fragments; also re-exports echelons and icons.

We draw every symbol ourselves from lines, arcs and polygons rather than using a symbol font:
fonts differ between the PNG (resvg), the PDF (cairo) and VASSAL, while geometry is exact
everywhere, stays crisp at half-inch counter size, and can be checked by tests.

Conventions, where one exists, follow APP-6 / MIL-STD-2525 as used on wargame counters:
a friendly land unit is a rectangular frame (about 3:2) whose inner marks give the branch,
and whose size ("echelon") is shown by a mark centred above the frame. Types without an
agreed symbol carry a comment starting "No standard" that explains the choice.

This module holds the unit symbols (frame and branch marks). The echelon marks live in
:mod:`~toolkit.render.symbols.echelons` and the figure silhouettes in
:mod:`~toolkit.render.symbols.icons`, to keep each module a readable size; the package's
``__init__`` re-exports the public names of all three.

All coordinates are points (1/72 in), y growing downwards, matching
:func:`toolkit.render.svg.svg_document`. Every function returns an SVG fragment string and
draws strictly inside the box it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from toolkit.model.values import ECHELONS, ICON_TYPES, UNIT_TYPES
from toolkit.render.svg import attrs, fmt
from toolkit.render.symbols.echelons import (
    ECHELON_MARKS,
    echelon_mark,
    echelon_width,
    parse_echelon,
)
from toolkit.render.symbols.icons import Shape as Shape
from toolkit.render.symbols.icons import icon, icon_aspect, icon_reach, parse_icon
from toolkit.render.symbols.icons import icon_outline_width as icon_outline_width
from toolkit.render.symbols.paths import Point as Point
from toolkit.render.symbols.paths import _circle_d, _norm, _path, _poly_d, _suggest

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


def _m_heavy_artillery(f: _Frame) -> str:
    # No standard: APP-6 draws every calibre with the one dot; wargames that field heavy
    # batteries beside field guns double it, two dots side by side.
    cx, cy = f.p(0.5, 0.5)
    r, gap = 0.13 * f.m, 0.17 * f.m
    d = _circle_d(cx - gap, cy, r) + _circle_d(cx + gap, cy, r)
    return _path(d, fill=f.color, stroke="none")


def _m_siege_artillery(f: _Frame) -> str:
    # No standard: the artillery dot over a low battlemented wall, the gun that breaks
    # fortresses (siege, fortress-breaking and super-heavy batteries).
    h = f.m
    cx, cy = f.p(0.5, 0.3)
    dot = _path(_circle_d(cx, cy, 0.12 * h), fill=f.color, stroke="none")
    half = min(0.4 * h, 0.3 * f.w)
    base, top, notch = cy + 0.54 * h, cy + 0.26 * h, cy + 0.38 * h
    step = 2 * half / 5
    xs = [cx - half + k * step for k in range(6)]
    pts = [(xs[0], base), (xs[0], top)]
    for k in range(1, 5):  # merlon tops at 0-1, 2-3, 4-5; notches between
        pts += [(xs[k], top), (xs[k], notch)] if k % 2 else [(xs[k], notch), (xs[k], top)]
    pts += [(xs[5], top), (xs[5], base)]
    return dot + _path(_poly_d(pts, False), stroke_width=0.8 * f.lw, stroke_linejoin="miter")


def _m_naval(f: _Frame) -> str:
    # APP-6 naval (a navy unit ashore: naval infantry brigades, port parties): an anchor.
    h = f.m
    cx, cy = f.p(0.5, 0.5)
    top, bottom = cy - 0.34 * h, cy + 0.32 * h
    ring = 0.07 * h
    stock = 0.17 * h
    arm = 0.26 * h
    d = _circle_d(cx, top + ring, ring)
    d += _poly_d([(cx, top + 2 * ring), (cx, bottom)], False)
    d += _poly_d([(cx - stock, top + 2.9 * ring), (cx + stock, top + 2.9 * ring)], False)
    d += (
        f"M{fmt(cx - arm)} {fmt(bottom - arm)}"
        f"A{fmt(arm)} {fmt(arm)} 0 0 0 {fmt(cx + arm)} {fmt(bottom - arm)}"
    )
    return _path(d, stroke_width=0.8 * f.lw, stroke_linecap="round")


def _m_air(f: _Frame) -> str:
    # APP-6 aviation (fixed wing): a propeller, two blades meeting at the centre.
    h = f.m
    cx, cy = f.p(0.5, 0.5)
    reach = min(0.5 * h, 0.34 * f.w)
    bulge = 0.2 * h
    d = ""
    for sign in (-1, 1):
        tip = cx + sign * reach
        mid = cx + sign * reach / 2
        d += (
            f"M{fmt(cx)} {fmt(cy)}Q{fmt(mid)} {fmt(cy - bulge)} {fmt(tip)} {fmt(cy)}"
            f"Q{fmt(mid)} {fmt(cy + bulge)} {fmt(cx)} {fmt(cy)}Z"
        )
    return _path(d, stroke_linejoin="round")


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
    "heavy-artillery": _m_heavy_artillery,
    "siege-artillery": _m_siege_artillery,
    "naval": _m_naval,
    "air": _m_air,
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
    "heavy-artillery": (("heavy-artillery",), ("heavy-artillery",)),
    "siege-artillery": (("siege-artillery",), ("siege-artillery",)),
    "naval": (("naval",), ("naval",)),
    "air": (("air",), ("air",)),
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
    "heavy-art": "heavy-artillery",
    "heavy-arty": "heavy-artillery",
    "siege": "siege-artillery",
    "siege-art": "siege-artillery",
    "siege-gun": "siege-artillery",
    "navy": "naval",
    "naval-infantry": "naval",
    "aviation": "air",
    "air-force": "air",
    "aircraft": "air",
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
