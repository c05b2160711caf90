"""Map labels never overprint each other: names, values and hex numbers are measured from the
SVG itself (position, size, anchor, weight) with the bundled font, and no two boxes overlap."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from lxml import etree

from tests.conftest import SOURCES, load_fixture
from tests.render.test_maps_games import showcase_hex_map, write_game
from toolkit.catalogue import words
from toolkit.legibility import set_texts
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.render.fonts import text_extent
from toolkit.render.maps import draw_map, map_svg
from toolkit.render.maps.base import MIN_TEXT, Label, Rect, fit_size, shrunk
from toolkit.render.maps.draw import NUMBER_CLEARANCE
from toolkit.render.maps.features import values_text
from toolkit.render.maps.labels import Placer, inside

SVG = "{http://www.w3.org/2000/svg}"
MAP_ROLES = {"name", "number", "value", "place", "space", "link"}
"""Text printed on the playing area (title, legend and box texts live in their own blocks)."""
_TRANSLATE = re.compile(r"translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)")


def _inherited(element: etree._Element, name: str, default: str | None = None) -> str | None:
    while element is not None:
        if name in element.attrib:
            return element.attrib[name]
        element = element.getparent()
    return default


def text_boxes(svg: str, roles: set[str] = MAP_ROLES) -> list[tuple[str, str, tuple[float, ...]]]:
    """(role, text, (x0, y0, x1, y1)) of every text whose role (its or an ancestor's class,
    'numbers' groups counting as 'number') is in ``roles``."""
    root = etree.fromstring(svg.encode("utf-8"))
    out = []
    for element in root.iter(f"{SVG}text"):
        role = _inherited(element, "class", "")
        role = "number" if role == "numbers" else role
        if role not in roles:
            continue
        text = "".join(element.itertext())
        size = float(_inherited(element, "font-size", "16"))  # type: ignore[arg-type]
        bold = _inherited(element, "font-weight") == "bold"
        anchor = _inherited(element, "text-anchor", "start")
        if "x" in element.attrib:
            x, y = float(element.attrib["x"]), float(element.attrib["y"])
        else:
            match = _TRANSLATE.search(element.attrib.get("transform", ""))
            assert match, f"text {text!r} has neither x/y nor a translate()"
            x, y = float(match[1]), float(match[2])
        width, ascent, descent = text_extent(text, size, bold)
        left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]  # type: ignore[index]
        out.append((role, text, (left, y - ascent, left + width, y + descent)))
    return out


def overlaps(svg: str) -> list[tuple[str, str]]:
    """Pairs of map texts whose ink boxes overlap."""
    boxes = text_boxes(svg)
    bucket: dict[tuple[int, int], list[int]] = {}
    for i, (_, _, (x0, y0, x1, y1)) in enumerate(boxes):
        for gx in range(int(x0 // 50), int(x1 // 50) + 1):
            for gy in range(int(y0 // 50), int(y1 // 50) + 1):
                bucket.setdefault((gx, gy), []).append(i)
    found = set()
    for members in bucket.values():
        for i, j in combinations(members, 2):
            a, b = boxes[i][2], boxes[j][2]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                found.add((f"{boxes[i][0]}:{boxes[i][1]}", f"{boxes[j][0]}:{boxes[j][1]}"))
    return sorted(found)


def _source_games() -> list[Path]:
    return sorted(p.parent for p in SOURCES.glob("*/game.json"))


@pytest.mark.parametrize("fixture", ["minimal-hex", "minimal-area"])
def test_fixture_labels_do_not_collide(fixture: str) -> None:
    game = load_fixture(fixture)
    for the_map in game.maps:
        svg = map_svg(game, the_map)
        assert text_boxes(svg), "the measuring found no labels at all"
        assert overlaps(svg) == []


@pytest.mark.parametrize("folder", _source_games(), ids=lambda p: p.name)
def test_source_game_labels_do_not_collide(folder: Path) -> None:
    result = load_game(folder)
    if result.game is None:
        pytest.skip(f"{folder.name} does not validate yet (being written)")
    for the_map in result.game.maps:
        svg = map_svg(result.game, the_map)
        assert overlaps(svg) == [], the_map.id
        small = [(t.words, round(t.size, 2)) for t in set_texts(svg) if t.size < MIN_TEXT - 1e-6]
        assert small == [], the_map.id  # a printer refuses text below 6 pt


def test_names_sit_below_the_hex_number(minimal_hex: Game) -> None:
    the_map = minimal_hex.maps[0]
    drawing = draw_map(minimal_hex, the_map)
    numbers = {lb.text: lb for lb in drawing.labels if lb.role == "number"}
    for feature in the_map.features:
        name = next(lb for lb in drawing.labels if lb.role == "name" and lb.text == feature.name)
        number = numbers[feature.at]
        assert name.box.y0 > number.box.y1, feature.name


def test_a_crowded_map_still_keeps_names_apart(tmp_path: Path) -> None:
    game = write_game(tmp_path / "g", [showcase_hex_map(columns=16, rows=12, hex_width="1in")])
    assert overlaps(map_svg(game, game.maps[0])) == []


def test_the_measure_sees_a_real_overlap() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g class="labels">'
        '<text x="10" y="10" font-size="8" class="name">Verdun</text>'
        '<text x="14" y="12" font-size="8" class="name">Metz</text></g></svg>'
    )
    assert overlaps(svg) == [("name:Verdun", "name:Metz")] or overlaps(svg) == [
        ("name:Metz", "name:Verdun")
    ]


@pytest.mark.parametrize("position", ["top", "bottom", "center"])
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_names_avoid_hex_numbers_wherever_the_numbers_sit(
    tmp_path: Path, position: str, orientation: str
) -> None:
    the_map = showcase_hex_map(orientation=orientation)
    the_map["hex_numbers"] = {"position": position}
    game = write_game(tmp_path / "g", [the_map])
    svg = map_svg(game, game.maps[0])
    assert sum(1 for role, _, _ in text_boxes(svg) if role == "number") == 12 * 9
    assert overlaps(svg) == []


def _too_near_a_number(drawing_labels: list[Label], room: float) -> list[tuple[str, str]]:
    """(label, number) pairs where a label comes within ``room`` number sizes of a number."""
    numbers = [lb for lb in drawing_labels if lb.role == "number"]
    return [
        (label.text, number.text)
        for label in drawing_labels
        if label.role != "number"
        for number in numbers
        if label.box.overlaps(number.box.grow(room * number.size))
    ]


@pytest.mark.parametrize("map_id", ["europe", "world"])
def test_no_name_sits_against_a_hex_number(map_id: str) -> None:
    """Fatal Alliances' Trieste was set right under its hex's number ('W3434' over
    'Trieste'), which reads as one label: every name keeps a line's gap from every number,
    and stays in its own hex rather than move into the next one for it."""
    from tests.model.rule_games import game

    fatal = game("fatal-alliances")
    the_map = fatal.map(map_id)
    drawing = draw_map(fatal, the_map)
    assert _too_near_a_number(drawing.labels, NUMBER_CLEARANCE * 0.99) == []
    if map_id == "europe":
        [trieste] = [lb for lb in drawing.labels if lb.text == "Trieste"]
        centre = drawing.plan.centres["W3434"]
        assert abs(trieste.x - centre[0]) < drawing.plan.unit / 2
        assert abs(trieste.y - centre[1]) < drawing.plan.unit / 2


def test_a_map_value_takes_the_decimal_point_of_the_maps_language() -> None:
    values = {"vp": 0.5, "nm": 5.0}
    assert values_text(values) == "NM 5 · VP 0.5"
    assert values_text(values, words("fr")) == "NM 5 · VP 0,5"


# -- names stay on the sheet ---------------------------------------------------------------------


def _option(x: float, text: str = "United States of America") -> list[Label]:
    return [Label(text, x, 50.0, 10.0)]


def test_an_option_past_the_bounds_is_moved_just_inside() -> None:
    bounds = Rect(0.0, 0.0, 400.0, 300.0)
    (moved,) = inside(_option(10.0), bounds)
    assert moved.box.x0 == pytest.approx(0.0) and moved.y == 50.0
    assert inside(_option(200.0), bounds) == _option(200.0)


def test_an_option_wider_than_the_bounds_is_centred_on_them() -> None:
    (moved,) = inside(_option(10.0), Rect(0.0, 0.0, 40.0, 300.0))
    assert (moved.box.x0 + moved.box.x1) / 2 == pytest.approx(20.0)


def test_the_placer_keeps_a_name_it_has_no_room_for_inside_its_bounds() -> None:
    placer = Placer(20.0, Rect(0.0, 0.0, 400.0, 300.0))
    (placed,) = placer.place([_option(-30.0), _option(420.0)])
    assert placed.box.inside(placer.bounds)


def test_axis_allies_1914_prints_every_name_on_its_sheet() -> None:
    """The United States' name, at the map's west edge, ran off it."""
    game = load_game(SOURCES / "axis-allies-1914").game
    assert game is not None
    drawing = draw_map(game, game.maps[0])
    sheet = Rect(0.0, 0.0, *drawing.size)
    assert [label.text for label in drawing.labels if not label.box.inside(sheet)] == []


def test_a_name_with_no_room_moves_rather_than_shrink_below_6_pt() -> None:
    placer = Placer(20.0, Rect(0.0, 0.0, 400.0, 300.0))
    placer.block(Rect(0.0, 0.0, 400.0, 300.0))  # nowhere is clear
    tried: list[float] = []

    def build(size: float, lines: int) -> list[list[Label]]:
        tried.append(size)
        return [[Label("Saint-Pierre-des-Corps", 200.0, 150.0, size)]]

    (placed,) = placer.place_sized(build, 7.0, within=lambda box: True)
    assert min(tried) == MIN_TEXT and placed.size >= MIN_TEXT
    assert shrunk(5.0, 0.72) == 5.0  # a size set below 6 pt is kept, not shrunk further
    assert fit_size("Saint-Pierre-des-Corps", 8.0, 10.0) == MIN_TEXT
