"""The drawing agrees with the geometry: the pixel at each hex centre that toolkit.geometry
computes lies inside that hex in the PNG, and each hex number is centred on that centre."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.render.test_maps_games import write_game
from tests.render.test_maps_labels import text_boxes
from toolkit.geometry import (
    Layout,
    SquareLayout,
    grid_layout,
    hex_to_point,
    offset_to_square,
    square_to_point,
)
from toolkit.model import Game
from toolkit.render.maps import map_svg
from toolkit.render.maps.base import grey_level, hex_colour
from toolkit.render.maps.legend import palette
from toolkit.render.raster import svg_to_png

DPI = 100
COLUMNS, ROWS = 5, 4
CONVENTIONS = {
    "flat-top-left": {"orientation": "flat"},
    "flat-odd-bottom-right": {
        "orientation": "flat",
        "shifted": "odd",
        "origin": "bottom-right",
        "first_column": 3,
        "first_row": 0,
    },
    "pointy-top-right": {"orientation": "pointy", "origin": "top-right", "shifted": "odd"},
    "pointy-bottom-left-half": {
        "orientation": "pointy",
        "origin": "bottom-left",
        "first_column": 7,
        "first_row": 2,
        "half_hexes": True,
    },
    "flat-half-squashed": {
        "orientation": "flat",
        "half_hexes": True,
        "hex_width": "0.9in",
        "hex_height": "0.55in",
    },
    "pointy-tall": {"orientation": "pointy", "hex_width": "0.55in", "hex_height": "0.9in"},
}


def _colours(count: int) -> list[str]:
    """Distinct colours whose grey levels are already far apart (the palette keeps them)."""
    out = []
    for i in range(count):
        grey = 30 + i * 200 / (count - 1)
        hue = [(1.0, 0.6, 0.3), (0.4, 1.0, 0.6), (0.6, 0.5, 1.0)][i % 3]
        scale = grey / (0.299 * hue[0] + 0.587 * hue[1] + 0.114 * hue[2])
        out.append(hex_colour(tuple(min(255.0, c * scale) for c in hue)))  # type: ignore[arg-type]
    return out


def _game(tmp_path: Path, grid: dict[str, Any]) -> Game:
    """A map whose every hex has its own terrain colour, and nothing else drawn on it."""
    count = COLUMNS * ROWS
    colours = _colours(count)
    first_column, first_row = grid.get("first_column", 1), grid.get("first_row", 1)
    labels = [
        f"{first_column + c:02d}{first_row + r:02d}" for c in range(COLUMNS) for r in range(ROWS)
    ]
    terrain = [{"id": f"t{i}", "name": f"T{i}", "color": colours[i]} for i in range(count)]
    the_map = {
        "id": "pix",
        "name": "Pixels",
        "title": {"position": "none"},
        "legend": {"position": "none"},
        "grid": {"type": "hex", "columns": COLUMNS, "rows": ROWS, **grid},
        "terrain": {"hexes": {f"t{i}": [label] for i, label in enumerate(labels)}},
    }
    return write_game(tmp_path / "g", [the_map], terrain=terrain, hexsides=[], lines=[])


def _geometry(game: Game) -> Layout:
    """The page layout straight from toolkit.geometry: the map sits at the margin."""
    the_map = game.maps[0]
    grid = the_map.grid
    return grid_layout(
        grid.grid,
        grid.hex_width,
        grid.hex_height,  # type: ignore[union-attr]
        the_map.style.margin,
        grid.half_hexes,
    ).layout  # type: ignore[union-attr]


def _mismatches(game: Game, image: Image.Image, layout: Layout) -> list[str]:
    the_map = game.maps[0]
    fills = palette(game, the_map).fills  # the colours as drawn (spread apart in grey)
    wrong = []
    middle_x, middle_y = image.width / 2, image.height / 2
    for label, location in the_map.locations.items():
        x, y = hex_to_point(layout, location.hex)  # type: ignore[arg-type]
        px, py = x * DPI / 72, y * DPI / 72
        # Half hexes are cut through their centres: look 2 px inside the map, still in the hex.
        px += 2 if px < middle_x else -2
        py += 2 if py < middle_y else -2
        inside = (min(max(round(px), 0), image.width - 1), min(max(round(py), 0), image.height - 1))
        pixel = image.getpixel(inside)
        expected = fills[location.terrain]  # type: ignore[index]
        if abs(grey_level(hex_colour(pixel[:3])) - grey_level(expected)) > 3:
            wrong.append(label)
    return wrong


@pytest.mark.parametrize("grid", CONVENTIONS.values(), ids=list(CONVENTIONS))
def test_every_hex_centre_is_inside_its_hex(tmp_path: Path, grid: dict[str, Any]) -> None:
    game = _game(tmp_path, grid)
    image = Image.open(io.BytesIO(svg_to_png(map_svg(game, game.maps[0]), DPI))).convert("RGB")
    layout = _geometry(game)
    assert _mismatches(game, image, layout) == []
    # The check can fail: the same pixels judged against a layout half a hex off disagree.
    shifted = Layout(
        layout.orientation,
        layout.size_x,
        layout.size_y,
        layout.origin_x + layout.size_x,
        layout.origin_y + layout.size_y * 0.9,
    )
    assert len(_mismatches(game, image, shifted)) > COLUMNS * ROWS // 2


@pytest.mark.parametrize("grid", CONVENTIONS.values(), ids=list(CONVENTIONS))
def test_hex_numbers_are_centred_on_the_hex_centre(tmp_path: Path, grid: dict[str, Any]) -> None:
    game = _game(tmp_path, grid)
    layout = _geometry(game)
    numbers = {
        text: box for role, text, box in text_boxes(map_svg(game, game.maps[0])) if role == "number"
    }
    assert numbers, "no hex numbers drawn"
    for label, location in game.maps[0].locations.items():
        if label not in numbers:  # only a half hex cut at the top loses its number
            assert grid.get("half_hexes"), f"hex {label} has no number"
            continue
        x, y = hex_to_point(layout, location.hex)  # type: ignore[arg-type]
        x0, y0, x1, y1 = numbers[label]
        assert abs((x0 + x1) / 2 - x) < 0.01, label
        assert y - layout.size_y * 1.01 < y0 < y1 < y, label  # in the top half of the hex


def _square_game(tmp_path: Path) -> Game:
    """A square map whose every cell has its own terrain colour, and nothing else drawn on it."""
    count = COLUMNS * ROWS
    colours = _colours(count)
    labels = [f"{c + 1:02d}{r + 1:02d}" for c in range(COLUMNS) for r in range(ROWS)]
    terrain = [{"id": f"t{i}", "name": f"T{i}", "color": colours[i]} for i in range(count)]
    the_map = {
        "id": "pix",
        "name": "Pixels",
        "title": {"position": "none"},
        "legend": {"position": "none"},
        "grid": {
            "type": "square",
            "columns": COLUMNS,
            "rows": ROWS,
            "origin": "bottom-left",
            "cell_size": "0.6in",
        },
        "terrain": {"hexes": {f"t{i}": [label] for i, label in enumerate(labels)}},
    }
    return write_game(tmp_path / "g", [the_map], terrain=terrain, hexsides=[], lines=[])


def _square_mismatches(game: Game, image: Image.Image, shift: float) -> list[str]:
    the_map = game.maps[0]
    grid = the_map.grid
    fills = palette(game, the_map).fills
    margin = the_map.style.margin
    layout = SquareLayout(grid.cell_size, grid.cell_size, margin + shift, margin + shift)  # type: ignore[union-attr]
    wrong = []
    for label, location in the_map.locations.items():
        square = offset_to_square(grid.grid, location.column, location.row)  # type: ignore[union-attr,arg-type]
        x, y = square_to_point(layout, square)
        pixel = image.getpixel((round(x * DPI / 72), round(y * DPI / 72)))
        if abs(grey_level(hex_colour(pixel[:3])) - grey_level(fills[location.terrain])) > 3:  # type: ignore[index]
            wrong.append(label)
    return wrong


def test_every_square_centre_is_inside_its_square(tmp_path: Path) -> None:
    game = _square_game(tmp_path)
    image = Image.open(io.BytesIO(svg_to_png(map_svg(game, game.maps[0]), DPI))).convert("RGB")
    assert _square_mismatches(game, image, 0.0) == []
    # the check can fail: half a cell off, most centres land in a neighbour
    assert len(_square_mismatches(game, image, 0.3 * 72)) > COLUMNS * ROWS // 2
