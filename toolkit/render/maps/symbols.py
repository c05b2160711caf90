"""Map feature symbols: city, capital, port, fortress… each defined once per map in ``<defs>``.

Every symbol is centred on (0, 0) and fits a box of side ``s``. Parts that show the owner carry
no fill of their own, so the ``<use>`` that places the symbol gives them the faction colour.
Every symbol keeps an ink outline so it reads in greyscale and on any terrain tint.
"""

from __future__ import annotations

import math

from toolkit.render.maps.base import INK, SEA_INK, circle_d, el, poly_d
from toolkit.render.svg import fmt

FEATURE_ORDER = (
    "capital",
    "city",
    "town",
    "fortress",
    "major-port",
    "port",
    "naval-base",
    "airfield",
    "industrial-complex",
    "factory",
    "resource",
    "oil",
    "objective",
    "victory",
    "supply-source",
    "convoy-center",
    "minefield",
    "label",
)
"""Feature types in the order symbols are drawn side by side and listed in the legend."""

FEATURE_KINDS = frozenset(FEATURE_ORDER)
"""The feature kinds with a symbol of their own; the legend names each by the message
'map.feature.<kind>'."""

DEFAULT_FILL = {
    "capital": "#e8b923",
    "city": INK,
    "town": INK,
    "industrial-complex": "#8c8c8c",
    "naval-base": SEA_INK,
    "convoy-center": "#8c8c8c",
    "supply-source": "#d9a441",
    "victory": "#e8b923",
}
"""The fill of the owner-coloured part when a feature has no owner."""

OWNED = frozenset(DEFAULT_FILL) - {"victory"}
"""Types whose symbol takes its owner's colour."""


def symbol_id(kind: str) -> str:
    """The ``<defs>`` id of a feature type's symbol (unknown types share a generic one)."""
    return "f-" + (kind if kind in FEATURE_KINDS else "generic")


def _p(d: str, **kw: object) -> str:
    return el("path", d=d, **kw)


def _outlined(d: str, s: float, fill: str | None = None) -> str:
    """A shape with the owner fill (or ``fill``) and an ink outline."""
    return _p(d, fill=fill, stroke=INK, stroke_width=0.08 * s, stroke_linejoin="round")


def _star_points(r_out: float, r_in: float, n: int = 5) -> list[tuple[float, float]]:
    points = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = -math.pi / 2 + math.pi * k / n
        points.append((r * math.cos(a), r * math.sin(a)))
    return points


def _anchor_d(s: float) -> str:
    ring_r, top, bottom, arm = 0.09 * s, -0.36 * s, 0.4 * s, 0.32 * s
    return (
        circle_d(0, top, ring_r) + f"M0 {fmt(top + ring_r)}V{fmt(bottom)}"
        f"M{fmt(-0.18 * s)} {fmt(-0.17 * s)}H{fmt(0.18 * s)}"
        f"M{fmt(-arm)} {fmt(0.1 * s)}Q{fmt(-arm)} {fmt(bottom)} 0 {fmt(bottom)}"
        f"Q{fmt(arm)} {fmt(bottom)} {fmt(arm)} {fmt(0.1 * s)}"
    )


def _anchor(s: float, ink: str, cased: bool = False) -> str:
    d = _anchor_d(s)
    core = _p(d, fill="none", stroke=ink, stroke_width=0.08 * s, stroke_linecap="round")
    if not cased:
        return core
    casing = _p(d, fill="none", stroke=INK, stroke_width=0.16 * s, stroke_linecap="round")
    return casing + core


def _factory_d(s: float, x0: float, y0: float, w: float, h: float) -> str:
    """A saw-tooth roofed factory with a chimney, in the box (x0, y0, w, h)."""
    base, roof = y0 + h, y0 + 0.45 * h
    teeth = [(x0, base), (x0, roof)]
    for k in range(3):
        left = x0 + w * 0.6 * k / 3
        teeth += [(left + 0.2 * w, roof - 0.25 * h), (left + 0.2 * w, roof)]
    teeth += [
        (x0 + 0.68 * w, roof),
        (x0 + 0.68 * w, y0),
        (x0 + 0.85 * w, y0),
        (x0 + 0.85 * w, roof),
        (x0 + w, roof),
        (x0 + w, base),
    ]
    return poly_d(teeth)


def _city(s: float) -> str:
    h = 0.31 * s
    return _outlined(poly_d([(-h, -h), (h, -h), (h, h), (-h, h)]), s)


def _town(s: float) -> str:
    return _outlined(circle_d(0, 0, 0.22 * s), s)


def _capital(s: float) -> str:
    return _outlined(poly_d(_star_points(0.52 * s, 0.22 * s)), s)


def _port(s: float) -> str:
    return _anchor(s, SEA_INK)


def _major_port(s: float) -> str:
    ring = _p(circle_d(0, 0, 0.47 * s), fill="#ffffff", stroke=SEA_INK, stroke_width=0.07 * s)
    return ring + _anchor(0.8 * s, SEA_INK)


def _naval_base(s: float) -> str:
    h = 0.45 * s
    frame = _outlined(poly_d([(-h, -h), (h, -h), (h, h), (-h, h)]), s)
    return frame + _anchor(0.8 * s, "#ffffff", cased=True)


def _fortress(s: float) -> str:
    # A trace italienne: four arrow-head bastions joined by curtain walls.
    points = []
    for k in range(4):
        a = math.pi / 4 + math.pi * k / 2
        for da, r in ((-0.45, 0.3), (0.0, 0.5), (0.45, 0.3)):
            points.append((r * s * math.cos(a + da), r * s * math.sin(a + da)))
    return _p(
        poly_d(points), fill="#ffffff", stroke=INK, stroke_width=0.1 * s, stroke_linejoin="miter"
    )


def _airfield(s: float) -> str:
    # An aircraft seen from above, nose up: fuselage, swept wings, tailplane.
    pts = [
        (0, -0.5),
        (0.06, -0.38),
        (0.06, -0.1),
        (0.48, 0.08),
        (0.48, 0.18),
        (0.06, 0.08),
        (0.05, 0.3),
        (0.2, 0.42),
        (0.2, 0.5),
        (0, 0.45),
    ]
    right = [(x * s, y * s) for x, y in pts]
    left = [(-x, y) for x, y in reversed(right[1:-1])]
    return _outlined(poly_d(right + left), s * 0.6, INK)


def _resource(s: float) -> str:
    h = 0.42 * s
    return _outlined(poly_d([(0, -h), (h * 0.8, 0), (0, h), (-h * 0.8, 0)]), s, "#b8860b")


def _oil(s: float) -> str:
    top, r = -0.45 * s, 0.27 * s
    d = (
        f"M0 {fmt(top)}C{fmt(0.12 * s)} {fmt(-0.2 * s)} {fmt(r)} {fmt(0)} {fmt(r)} "
        f"{fmt(0.15 * s)}A{fmt(r)} {fmt(r)} 0 0 1 {fmt(-r)} {fmt(0.15 * s)}"
        f"C{fmt(-r)} 0 {fmt(-0.12 * s)} {fmt(-0.2 * s)} 0 {fmt(top)}Z"
    )
    return _outlined(d, s, INK)


def _factory(s: float) -> str:
    return _outlined(_factory_d(s, -0.45 * s, -0.4 * s, 0.9 * s, 0.8 * s), s, "#5f5f5f")


def _industrial_complex(s: float) -> str:
    h = 0.47 * s
    frame = _outlined(poly_d([(-h, -h), (h, -h), (h, h), (-h, h)]), s)
    return frame + _outlined(_factory_d(s, -0.34 * s, -0.3 * s, 0.68 * s, 0.6 * s), s, "#ffffff")


def _objective(s: float) -> str:
    red = "#c0392b"
    rings = _p(circle_d(0, 0, 0.44 * s), fill="#ffffff", stroke=red, stroke_width=0.09 * s)
    rings += _p(circle_d(0, 0, 0.24 * s), fill="none", stroke=red, stroke_width=0.09 * s)
    return rings + _p(circle_d(0, 0, 0.08 * s), fill=red)


def _victory(s: float) -> str:
    disc = _outlined(circle_d(0, 0, 0.44 * s), s, "#e8b923")
    vee = poly_d([(-0.2 * s, -0.2 * s), (0, 0.22 * s), (0.2 * s, -0.2 * s)], close=False)
    return disc + _p(vee, fill="none", stroke=INK, stroke_width=0.09 * s, stroke_linejoin="round")


def _supply(s: float) -> str:
    h = 0.36 * s
    box = poly_d([(-h, -h), (h, -h), (h, h), (-h, h)])
    cross = f"M{fmt(-h)} {fmt(-h)}L{fmt(h)} {fmt(h)}M{fmt(h)} {fmt(-h)}L{fmt(-h)} {fmt(h)}"
    return _outlined(box, s) + _p(cross, stroke=INK, stroke_width=0.07 * s)


def _convoy(s: float) -> str:
    hull = poly_d(
        [(-0.5 * s, 0.02 * s), (0.5 * s, 0.02 * s), (0.34 * s, 0.3 * s), (-0.38 * s, 0.3 * s)]
    )
    bridge = poly_d(
        [(-0.12 * s, -0.22 * s), (0.16 * s, -0.22 * s), (0.16 * s, 0.02 * s), (-0.12 * s, 0.02 * s)]
    )
    return _outlined(hull, s) + _outlined(bridge, s)


def _minefield(s: float) -> str:
    spikes = ""
    for k in range(8):
        a = math.pi * k / 4
        spikes += (
            f"M{fmt(0.2 * s * math.cos(a))} {fmt(0.2 * s * math.sin(a))}"
            f"L{fmt(0.42 * s * math.cos(a))} {fmt(0.42 * s * math.sin(a))}"
        )
    return _p(spikes, stroke=INK, stroke_width=0.08 * s, stroke_linecap="round") + _p(
        circle_d(0, 0, 0.24 * s), fill=INK
    )


def _generic(s: float) -> str:
    return _outlined(circle_d(0, 0, 0.3 * s), s, "#ffffff")


_DRAW = {
    "city": _city,
    "town": _town,
    "capital": _capital,
    "port": _port,
    "major-port": _major_port,
    "naval-base": _naval_base,
    "fortress": _fortress,
    "airfield": _airfield,
    "resource": _resource,
    "oil": _oil,
    "factory": _factory,
    "industrial-complex": _industrial_complex,
    "objective": _objective,
    "victory": _victory,
    "supply-source": _supply,
    "convoy-center": _convoy,
    "minefield": _minefield,
    "generic": _generic,
}


def symbol_defs(kinds: set[str], size: float) -> str:
    """``<defs>`` content: one ``<g>`` per feature type drawn on this map, at ``size``."""
    wanted = sorted({symbol_id(k)[2:] for k in kinds if k != "label"})
    return "".join(f'<g id="f-{kind}">{_DRAW[kind](size)}</g>' for kind in wanted)


def symbol_use(kind: str, x: float, y: float, fill: str | None) -> str:
    """A placed symbol; ``fill`` colours its owner part."""
    return el("use", href="#" + symbol_id(kind), x=x, y=y, fill=fill)
