"""How a declared border shows between two drawn shapes: as their common edge, as a special
border stroked along it, or, where they do not touch, as a short link across the gap only."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tests.conftest import SOURCES
from tests.test_area_outlines import outlined_game
from toolkit.geometry import point_in_rings
from toolkit.load import load_game
from toolkit.render.maps import draw_map, map_svg
from toolkit.render.maps.area import STACK
from toolkit.render.maps.area_links import Border, _drawn_border
from toolkit.render.maps.base import Rect

LEFT = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
RIGHT = ((10.0, 2.0), (20.0, 2.0), (20.0, 8.0), (10.0, 8.0))
ACROSS = ((30.0, 0.0), (40.0, 0.0), (40.0, 10.0), (30.0, 10.0))
OUTLINES = {"left": (LEFT,), "right": (RIGHT,), "across": (ACROSS,)}


def touching(a: str, b: str) -> bool:
    return {a, b} == {"left", "right"}


def test_a_plain_border_between_touching_shapes_is_their_edge_only() -> None:
    assert _drawn_border(Border("left", "right", "land"), OUTLINES, touching, 2.0) == []


def test_a_river_between_touching_shapes_follows_their_common_edge() -> None:
    segments = _drawn_border(Border("left", "right", "river"), OUTLINES, touching, 2.0)
    assert segments is not None
    assert sum(math.dist(p, q) for p, q in segments) == pytest.approx(6.0)
    assert all(p[0] == pytest.approx(10.0) and q[0] == pytest.approx(10.0) for p, q in segments)


def test_a_strait_between_shapes_apart_is_a_short_link_across_the_gap() -> None:
    [(p, q)] = _drawn_border(Border("right", "across", "strait"), OUTLINES, touching, 2.0) or []
    # Nearest points (20, y) and (30, y), reaching 2 units into each shape.
    assert p[0] == pytest.approx(18.0) and q[0] == pytest.approx(32.0)
    assert p[1] == pytest.approx(q[1])


def test_a_space_without_a_drawn_shape_keeps_the_link_between_names() -> None:
    assert _drawn_border(Border("left", "box", "sea"), OUTLINES, touching, 2.0) is None


def test_the_outlined_map_draws_its_shapes_and_the_strait_only(tmp_path: Path) -> None:
    """The minimal area game drawn from an SVG: the North Sea is a filled shape, and the only
    link left is the strait between Britain and France (a dashed line of the strait style),
    drawn across the gap between them, nowhere near the name of the North Sea between."""
    result = load_game(outlined_game(tmp_path))
    assert result.game is not None, result.report.format_text()
    game = result.game
    svg = map_svg(game, game.map("europe"))
    borders = svg.split('<g class="borders">', 1)[1].split("</g>", 1)[0]
    line = re.search(r'd="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"', borders)
    assert line is not None and borders.count('fill="none"') == 1  # the strait, and nothing else
    x0, y0, x1, y1 = (float(v) for v in line.groups())
    # Britain's and France's centres are 100 × 200 units (72 × 144 pt) apart; the link is short.
    assert math.dist((x0, y0), (x1, y1)) < 30
    assert "#b9d6ee" in svg  # the North Sea's fill


@pytest.mark.parametrize(
    ("game", "map_id"), [("europe-engulfed", "europe"), ("axis-allies-1914", "world")]
)
def test_stacks_sit_inside_their_space_clear_of_every_label(game: str, map_id: str) -> None:
    """Where VASSAL drops a space's pieces: a counter-sized square (smaller in a small space)
    inside the space's outline that covers no printed name, value or feature label."""
    result = load_game(SOURCES / game)
    assert result.game is not None, result.report.format_text()
    the_map = result.game.map(map_id)
    drawing = draw_map(result.game, the_map)
    stacks = drawing.placement.stacks
    territories = [s for s in the_map.spaces if s.polygon and s.kind != "box"]
    assert len(stacks) >= 0.8 * len(territories)  # the smallest (Alsace, Malta) have no room
    boxes = [label.box for label in drawing.labels]
    shapes = {s.id: s.rings or (s.polygon,) for s in territories}
    for space, (x, y) in stacks.items():
        rings = [[drawing.plan.to_page(*p) for p in ring] for ring in shapes[space] if ring]
        half = STACK / 4  # the smallest stack's half side
        square = Rect(x - half, y - half, x + half, y + half)
        assert point_in_rings(x, y, rings), space
        assert not any(square.overlaps(box) for box in boxes), space
