"""A board's grid as a build file describes it, for asking which location names it knows.

VASSAL finds an at-start stack's grid location with the board's grid: a hex or square grid
parses the name with its numbering, a region grid looks the region up by name, and a zoned grid
asks each zone (by its name, or its own or the background grid's numbering) and then the
background grid. Attributes a build file leaves out take VASSAL's defaults, which are not ours
(its hex numbering staggers, for one).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from toolkit.vassal.format import components as c
from toolkit.vassal.format.numbering import GridNumbering, NumberingError, grid_location_point
from toolkit.vassal.read.reader import XmlElement

Matcher = Callable[[str], bool]
"""Whether a location name is one a grid knows."""


@dataclass(frozen=True, slots=True)
class GridIndex:
    """The ways a board's grid can recognise a location name."""

    matchers: tuple[Matcher, ...] = field(default=())

    @property
    def empty(self) -> bool:
        """Whether the board has no grid at all."""
        return not self.matchers

    def accepts(self, location: str) -> bool:
        """Whether VASSAL's grid finds ``location``."""
        return any(match(location) for match in self.matchers)


def grid_index(board: XmlElement) -> GridIndex:
    """How a Board element's grid recognises location names."""
    size = (_number(board.get("width"), 0.0), _number(board.get("height"), 0.0))
    for child in board:
        matcher = _grid_matchers(child, size, None)
        if matcher:
            return GridIndex(tuple(matcher))
    return GridIndex()


def _grid_matchers(
    grid: XmlElement, size: tuple[float, float], parent: list[Matcher] | None
) -> list[Matcher]:
    """The matchers of one grid element (none if it is not a grid)."""
    if grid.tag in (c.HEX_GRID, c.SQUARE_GRID):
        numbering = grid_numbering(grid, size)
        return [lambda name: _parses(numbering, name)] if numbering else [lambda name: False]
    if grid.tag == c.REGION_GRID:
        regions = {str(r.get("name", "")) for r in grid.iter(c.REGION)}
        return [regions.__contains__]
    if grid.tag == c.ZONED_GRID:
        background: list[Matcher] = []
        for child in grid:
            if child.tag != c.ZONE:
                background = background or _grid_matchers(child, size, None)
        zones = [_zone_matcher(z, size, background) for z in grid if z.tag == c.ZONE]
        return [*zones, *background]
    return []


def _zone_matcher(
    zone: XmlElement, size: tuple[float, float], background: list[Matcher]
) -> Matcher:
    """A zone knows names its location format gives: its own name, or a grid location."""
    name = str(zone.get("name", ""))
    pattern = str(zone.get("locationFormat", "$gridLocation$")).replace("$name$", name)
    if zone.get("useParentGrid") == "true":
        grid = background
    else:
        grid = next((m for child in zone if (m := _grid_matchers(child, size, None))), [])
    prefix, found, suffix = pattern.partition("$gridLocation$")
    if not found or not grid:
        return lambda location: location == pattern

    def match(location: str) -> bool:
        if not (location.startswith(prefix) and location.endswith(suffix)):
            return False
        inner = location[len(prefix) : len(location) - len(suffix)]
        return any(m(inner) for m in grid)

    return match


def _parses(numbering: GridNumbering, name: str) -> bool:
    try:
        grid_location_point(numbering, name)
    except (NumberingError, ValueError, ArithmeticError):
        return False
    return True


def grid_numbering(grid: XmlElement, size: tuple[float, float]) -> GridNumbering | None:
    """The grid's numbering with VASSAL's defaults for what is left out (None if it has none)."""
    element = next(
        (n for n in grid if n.tag in (c.HEX_NUMBERING, c.SQUARE_NUMBERING)),
        None,
    )
    if element is None:
        return None
    kind: Literal["hex", "square"] = "hex" if grid.tag == c.HEX_GRID else "square"

    def get(key: str, default: str) -> str:
        return str(element.get(key, default))

    return GridNumbering(
        kind=kind,
        x0=int(_number(grid.get("x0"), 0.0)),
        y0=int(_number(grid.get("y0"), 32.0)),
        dx=_positive(grid.get("dx"), 64.0),
        dy=_positive(grid.get("dy"), 64.0),
        board_width=int(size[0]),
        board_height=int(size[1]),
        sideways=grid.get("sideways") == "true",
        first="V" if get("first", "H").startswith("V") else "H",
        sep=get("sep", ""),
        h_type="A" if get("hType", "N").startswith("A") else "N",
        h_leading=int(_number(element.get("hLeading"), 1.0)),
        h_off=int(_number(element.get("hOff"), 1.0)),
        h_descend=get("hDescend", "false") == "true",
        v_type="A" if get("vType", "N").startswith("A") else "N",
        v_leading=int(_number(element.get("vLeading"), 1.0)),
        v_off=int(_number(element.get("vOff"), 1.0)),
        v_descend=get("vDescend", "false") == "true",
        stagger=kind == "hex" and get("stagger", "true") == "true",
        location_format=get("locationFormat", "$gridLocation$"),
    )


def _number(value: object, default: float) -> float:
    """A numeric attribute, or ``default`` when absent or not a finite number."""
    try:
        number = float(str(value))
    except ValueError:
        return default
    return number if math.isfinite(number) and abs(number) < 1e9 else default


def _positive(value: object, default: float) -> float:
    number = _number(value, default)
    return number if number > 0 else default
