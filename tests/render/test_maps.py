"""Maps: golden drawings of the fixtures, determinism, well-formed and escaped SVG, physical
size, linear growth, and drawing that survives model data the loader never sees."""

from __future__ import annotations

import dataclasses
import math
import os
import re
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest
from lxml import etree

from tests.conftest import ROOT, load_fixture
from tests.golden import check_golden
from tests.render.test_maps_games import showcase_hex_map, write_game
from tests.render.test_maps_labels import text_boxes
from toolkit.model import Game
from toolkit.model.map import Adjacency, Box, Feature, Hexside, Line, Link, Map, MapStyle, Space
from toolkit.render.maps import draw_map, map_svg
from toolkit.render.raster import svg_to_png

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>&\"'\t;Łódź/東京"


def _parse(svg: str) -> etree._Element:
    return etree.fromstring(svg.encode("utf-8"))


# -- golden files ---------------------------------------------------------------------------------


def test_golden_minimal_hex(minimal_hex: Game) -> None:
    check_golden("maps/minimal-hex-valley", map_svg(minimal_hex, minimal_hex.map("valley")))


def test_golden_minimal_area(minimal_area: Game) -> None:
    check_golden("maps/minimal-area-europe", map_svg(minimal_area, minimal_area.map("europe")))


def test_golden_minimal_square() -> None:
    game = load_fixture("minimal-square")
    check_golden("maps/minimal-square-valley", map_svg(game, game.map("valley")))


# -- document qualities --------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ["minimal_hex", "minimal_area"])
def test_render_is_deterministic_and_well_formed(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    game: Game = request.getfixturevalue(fixture)
    for the_map in game.maps:
        first, second = map_svg(game, the_map), map_svg(game, the_map)
        assert first == second
        root = _parse(first)
        assert root.tag == f"{SVG}svg"
        assert root.attrib["width"].endswith("pt") and root.attrib["height"].endswith("pt")
        assert root.find(f"{SVG}title").text == the_map.name


def test_render_does_not_depend_on_hash_seeds() -> None:
    script = (
        "import hashlib; from tests.conftest import load_fixture; "
        "from toolkit.render.maps import map_svg; "
        "g = [load_fixture(n) for n in ('minimal-hex', 'minimal-area')]; "
        "print(hashlib.sha256(''.join(map_svg(x, m) for x in g for m in x.maps)"
        ".encode()).hexdigest())"
    )
    digests = set()
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1


def test_every_use_points_at_a_definition(tmp_path: Path) -> None:
    game = write_game(tmp_path / "g", [showcase_hex_map()])
    root = _parse(map_svg(game, game.maps[0]))
    ids = {el.attrib["id"] for el in root.iter() if "id" in el.attrib}
    refs = {el.attrib["href"][1:] for el in root.iter(f"{SVG}use")}
    assert refs and refs <= ids


def test_map_is_sized_in_points_and_rasterises_at_its_physical_size(minimal_hex: Game) -> None:
    drawing = draw_map(minimal_hex, minimal_hex.maps[0])
    png = svg_to_png(drawing.svg, 72)
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (
        math.floor(drawing.sheet.width + 0.5),
        math.floor(drawing.sheet.height + 0.5),
    )


def test_text_is_text(minimal_hex: Game) -> None:
    root = _parse(map_svg(minimal_hex, minimal_hex.maps[0]))
    texts = {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}
    assert {"Millbrook", "Redtown", "Hilltop", "0101", "1008", "The Valley", "Legend"} <= texts


def test_terrain_is_one_path_per_type_and_symbols_are_reused(minimal_hex: Game) -> None:
    svg = map_svg(minimal_hex, minimal_hex.maps[0])
    fills = {t.id: t for t in minimal_hex.terrain}
    terrain_paths = re.findall(r'<path d="[^"]*" fill="(#[0-9a-f]{6})" shape-rendering', svg)
    assert len(terrain_paths) == len(fills)  # clear, forest, hills, lake: one path each
    # One definition of the city symbol, used by both cities and by the legend.
    assert svg.count('<g id="f-city">') == 1 and svg.count('href="#f-city"') == 3


def test_drawing_grows_linearly_with_the_map(tmp_path: Path) -> None:
    def size(columns: int, rows: int) -> int:
        the_map = {
            "id": f"m{columns}",
            "name": "M",
            "legend": {"position": "none"},
            "grid": {"type": "hex", "columns": columns, "rows": rows},
            "terrain": {"default": "forest"},
        }
        game = write_game(tmp_path / f"g{columns}", [the_map])
        return len(map_svg(game, game.maps[0]))

    small, large = size(10, 10), size(40, 40)
    assert 12 < large / small < 19  # 16 times the hexes, ~16 times the markup


# -- names that must not break the markup ---------------------------------------------------------


def test_hostile_names_are_escaped_and_printed_as_text(tmp_path: Path) -> None:
    the_map = showcase_hex_map(columns=6, rows=5)
    the_map["name"] = HOSTILE
    the_map["features"] = [
        {"type": "city", "at": "0303", "name": HOSTILE, "values": {"vp": 1}},
        {"type": "label", "at": "0505", "name": "Łódź"},
    ]
    the_map["boxes"] = [{"id": "box", "name": HOSTILE, "cells": [HOSTILE[:40]]}]
    the_map["links"] = [{"from": "0101", "to": "showcase:0202", "name": HOSTILE}]
    game = write_game(tmp_path / "g", [the_map], title=HOSTILE)
    svg = map_svg(game, game.maps[0])
    root = _parse(svg)
    assert root.find(f".//{SVG}script") is None
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts.count(HOSTILE) >= 3  # map title, feature name, box title
    assert any(HOSTILE in t for t in texts)  # the link tab
    assert "Łódź" in texts
    assert "&lt;script&gt;&amp;&quot;&#39;&#9;;Łódź/東京" in svg


# -- bad model data the loader cannot catch ------------------------------------------------------


def _broken(the_map: Map) -> list[Map]:
    """Variants of a map with data only a hand-built or future model could hold."""
    style = the_map.style
    return [
        dataclasses.replace(
            the_map,
            features=(
                Feature("city", "nowhere", name="Ghost"),
                Feature("no-such-type", "0101", name="X"),
                Feature("capital", "0102", owner="no-such-faction", values={"vp": 1.5}),
                *(Feature("town", "0303", name=f"Crowd {i}") for i in range(12)),
            ),
        ),
        dataclasses.replace(
            the_map,
            hexsides=(
                Hexside("river", "0101", "0505"),
                Hexside("river", "0101", "nowhere"),
                Hexside("no-such-type", "0101", "0102"),
                Hexside("river", "0101", "up", edge=True),
                Hexside("river", "nowhere", "n", edge=True),
            ),
        ),
        dataclasses.replace(
            the_map,
            lines=(
                Line("road", ("0101",)),
                Line("no-type", ("0101", "0909")),
                Line("road", ("x", "0101", "0102", "y")),
            ),
        ),
        dataclasses.replace(
            the_map,
            style=dataclasses.replace(
                style,
                legend_position="middle",
                title_position="??",
                numbers_position="sideways",
                background="not-a-colour",
                scale_label="x",
                scale_hexes=10_000,
            ),
        ),
        dataclasses.replace(
            the_map,
            boxes=(
                Box("b", "B", at=(-50.0, 1e4), cells=("1",) * 3, columns=0),
                Box("c", "", width=0.0),
            ),
            links=(Link("nowhere", "x:y"), Link("0101", "no-map:0101")),
        ),
        dataclasses.replace(
            the_map, locations=MappingProxyType({}), features=(), lines=(), hexsides=()
        ),
    ]


def test_bad_hex_map_data_does_not_crash(minimal_hex: Game) -> None:
    for variant in _broken(minimal_hex.map("valley")):
        _parse(map_svg(minimal_hex, variant))


def test_bad_area_map_data_does_not_crash(minimal_area: Game) -> None:
    the_map = minimal_area.map("europe")
    spaces = the_map.spaces
    variants = [
        dataclasses.replace(
            the_map,
            spaces=(
                Space("a", "A", "land", (math.nan, 3.0)),
                Space("b", "B", "land", (1e12, -1e12)),
                Space("c", "C", "sea", None, ((0.0, 0.0), (1.0, 1.0))),
                Space("d", "D", "land", (10.0, 10.0), ((0.0, 0.0), (5.0, 0.0), (5.0, 0.0))),
                Space("e", "E", "land", (10.0, 10.0)),
                *spaces,
            ),
        ),
        dataclasses.replace(
            the_map,
            adjacency=MappingProxyType(
                {
                    "britain": (Adjacency("nowhere", "land"), Adjacency("france", "no-such-type")),
                    "ghost": (Adjacency("britain", "strait"),),
                }
            ),
        ),
        dataclasses.replace(
            the_map,
            grid=dataclasses.replace(the_map.grid, style="nodes"),
            spaces=spaces + (Space("box", "Pool", "box"),),
        ),
        dataclasses.replace(the_map, grid=dataclasses.replace(the_map.grid, extent=(0.0, 0.0))),
        dataclasses.replace(
            the_map,
            grid=dataclasses.replace(the_map.grid, width=0.0),
            style=dataclasses.replace(the_map.style, margin=-5.0),
        ),
        dataclasses.replace(the_map, spaces=(), locations=MappingProxyType({})),
    ]
    for variant in variants:
        _parse(map_svg(minimal_area, variant))


def test_a_map_without_any_location_still_has_its_title(minimal_hex: Game) -> None:
    empty = dataclasses.replace(
        minimal_hex.map("valley"),
        locations=MappingProxyType({}),
        features=(),
        lines=(),
        hexsides=(),
    )
    assert text_boxes(map_svg(minimal_hex, empty)) == []
    assert "The Valley" in map_svg(minimal_hex, empty)


def test_style_defaults_are_what_the_model_says() -> None:
    assert MapStyle().numbers_position == "top" and MapStyle().legend_position == "bottom-right"
