"""What a first-time designer's hex map showed wrong: hex numbers under roads and railways, a
town pattern the legend shows but the map hid under its town, and a long place name spilling
into the next hexes. Each test draws a small map that has the problem and measures the SVG."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from tests.render.test_maps_games import write_game
from toolkit.geometry import point_in_polygon
from toolkit.render.maps import draw_map
from toolkit.render.maps.base import Label, Rect
from toolkit.render.maps.draw import MapDrawing
from toolkit.render.maps.grid import NAME_REACH, widened
from toolkit.render.maps.labels import wrap

SVG = "{http://www.w3.org/2000/svg}"
LONG_NAME = "Saint-Pierre-des-Corps-sur-Loire"
RAIL = [f"02{r:02d}" for r in range(1, 7)]
ROAD = [f"05{r:02d}" for r in range(1, 7)]


@pytest.fixture(scope="module")
def drawing(tmp_path_factory: pytest.TempPathFactory) -> MapDrawing:
    """Six by six hexes: a railway and a road straight up two columns, two town hexes, one
    with a town of a long name."""
    rows = [". . . . . ."] * 2 + [". . t t . ."] + [". . . . . ."] * 3
    the_map = {
        "id": "valley",
        "name": "Valley",
        "grid": {"type": "hex", "orientation": "flat", "columns": 6, "rows": 6},
        "terrain": {"default": "clear", "legend": {".": "clear", "t": "town"}, "rows": rows},
        "lines": [{"type": "rail", "path": RAIL}, {"type": "road", "path": ROAD}],
        "features": [{"id": "spdc", "type": "town", "name": LONG_NAME, "at": "0403"}],
    }
    game = write_game(
        Path(tmp_path_factory.mktemp("fixes")),
        [the_map],
        terrain=[
            {"id": "clear", "name": "Clear", "color": "#f1ecd2"},
            {"id": "town", "name": "Town", "color": "#d8cfc4", "pattern": "city"},
        ],
        hexsides=[],
        lines=[
            {"id": "rail", "name": "Railway", "color": "#1a1a1a", "style": "rail"},
            {"id": "road", "name": "Road", "color": "#8a5a2b", "style": "road"},
        ],
    )
    return draw_map(game, game.map("valley"))


def _inside(box: Rect, outline: list[tuple[float, float]]) -> bool:
    corners = ((box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1))
    return all(point_in_polygon(x, y, outline) for x, y in corners)


def _numbers(drawing: MapDrawing) -> dict[str, Label]:
    return {label.text: label for label in drawing.labels if label.role == "number"}


@pytest.mark.parametrize("path", [RAIL, ROAD], ids=["railway", "road"])
def test_hex_numbers_stand_beside_the_lines_through_their_hex(
    drawing: MapDrawing, path: list[str]
) -> None:
    numbers = _numbers(drawing)
    line_x = drawing.plan.centres[path[0]][0]  # the line runs straight down the column
    clearance = drawing.plan.unit * 0.05
    for label in path[1:]:
        box = numbers[label].box
        assert box.x1 < line_x - clearance or box.x0 > line_x + clearance, label
        assert _inside(box, list(drawing.plan.outline(label))), label


def test_numbers_away_from_lines_stay_centred(drawing: MapDrawing) -> None:
    numbers = _numbers(drawing)
    for label in ("0101", "0303", "0606"):
        assert numbers[label].x == pytest.approx(drawing.plan.centres[label][0])


def test_a_town_hex_under_a_town_keeps_its_pattern(drawing: MapDrawing) -> None:
    root = etree.fromstring(drawing.svg.encode("utf-8"))
    uses = {
        (round(float(u.get("x", "nan")), 2), round(float(u.get("y", "nan")), 2)): u
        for u in root.iter(f"{SVG}use")
    }
    for label in ("0303", "0403"):  # a bare town hex, and one where the town stands
        x, y = drawing.plan.centres[label]
        assert (round(x, 2), round(y, 2)) in uses, f"no terrain pattern in {label}"
    faded = uses[tuple(round(v, 2) for v in drawing.plan.centres["0403"])]  # type: ignore[index]
    assert 0 < float(faded.get("opacity", "1")) < 1  # under the town's symbol and name


def test_a_long_place_name_stays_in_its_hex(drawing: MapDrawing) -> None:
    lines = [lb for lb in drawing.labels if lb.role == "name"]
    assert "".join(lb.text for lb in lines) == LONG_NAME
    assert len(lines) > 1
    # within its hex, give or take the little a name may reach past it
    outline = widened(drawing.plan.outline("0403"), drawing.plan.centres["0403"], NAME_REACH)
    for label in lines:
        assert _inside(label.box, outline), label.text
    assert NAME_REACH < 1.5  # not as far as the neighbours' centres


@pytest.mark.parametrize(
    ("text", "lines", "expected"),
    [
        (LONG_NAME, 2, ["Saint-Pierre-des-", "Corps-sur-Loire"]),
        (LONG_NAME, 3, ["Saint-Pierre-", "des-Corps-", "sur-Loire"]),
        ("Bar-le-Duc Nord", 2, ["Bar-le-Duc", "Nord"]),
        ("Metz", 3, ["Metz"]),
    ],
)
def test_wrap_breaks_after_hyphens_when_asked(text: str, lines: int, expected: list[str]) -> None:
    assert wrap(text, lines, hyphens=True) == expected


def test_wrap_keeps_hyphenated_names_whole_unless_asked() -> None:
    assert wrap(LONG_NAME, 3) == [LONG_NAME]  # area maps and older callers see no change
