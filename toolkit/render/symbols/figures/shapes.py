"""The design language of the figure icons: a design box and the shapes a figure is made of.

Each icon lives in its own design box (w x h units, y down, facing right) and is a union of
simple shapes, optionally with holes (wheels, windows) punched through. The names keep their
leading underscore: like :mod:`~toolkit.render.symbols.paths`' helpers, they are internal to
the symbol modules, not part of the rendering API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolkit.render.symbols.paths import Point

# Shapes: ("poly", points) ("circle", cx, cy, r) ("rrect", x, y, w, h, r)
# ("bar", x1, y1, x2, y2, thickness) — a straight member such as a gun barrel or a mast.
# A design's holes may also be ("sector", cx, cy, r, a0, a1): the gaps between a wheel's spokes.
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
