"""Tiny SVG path helpers shared by the unit symbols, echelon marks and figure icons.

:mod:`~toolkit.render.symbols.nato`, :mod:`~toolkit.render.symbols.echelons` and
:mod:`~toolkit.render.symbols.icons` (with the icon designs in
:mod:`~toolkit.render.symbols.figures`) all build their geometry from the same few pieces:
polygon and circle path data, a ``<path>`` element, the lenient name key used to look up a
type, and the "unknown X; did you mean" error. They live here, below all three, so each of
those modules imports them one way and none imports another. The names keep their leading
underscore: they are internal to these symbol modules, not part of the rendering API.

All coordinates are points (1/72 in), y growing downwards.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from toolkit.render.svg import attrs, fmt

Point = tuple[float, float]


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
