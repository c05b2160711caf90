"""The artwork step: everything drawn once, typed, with every location placed on its map."""

from __future__ import annotations

import math

import pytest

from tests.conftest import SOURCES, load_fixture
from toolkit.artwork import Artwork
from toolkit.geometry import hex_to_point, point_in_polygon
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.render.artwork import draw_artwork
from toolkit.render.maps import draw_map
from toolkit.workers import Workers


def artwork_of(game: Game, jobs: int = 1) -> Artwork:
    with Workers(game, jobs) as workers:
        return draw_artwork(game, workers)


@pytest.fixture(scope="module")
def hex_game() -> Game:
    return load_fixture("minimal-hex")


def test_everything_is_drawn_once_by_id(hex_game: Game) -> None:
    art = artwork_of(hex_game)
    assert list(art.maps) == [m.id for m in hex_game.maps]
    assert list(art.counters) == [c.id for c in hex_game.counters]
    assert list(art.charts) == [c.id for c in hex_game.charts]
    for counter in hex_game.counters:
        template = hex_game.template(counter.template)
        for drawing in art.counters[counter.id].faces.values():
            assert (drawing.width, drawing.height) == (template.width, template.height)
            assert drawing.svg.startswith("<svg")


def test_every_hex_sits_where_the_layout_puts_it(hex_game: Game) -> None:
    the_map = hex_game.maps[0]
    placement = artwork_of(hex_game).maps[the_map.id].placement
    assert placement.layout is not None
    for label, location in the_map.locations.items():
        if location.hex is None:
            continue
        x, y = placement.centres[label]
        assert (x, y) == pytest.approx(hex_to_point(placement.layout, location.hex))
        corners = placement.outlines[label]
        assert len(corners) == 6
        assert point_in_polygon(x, y, corners)
        left, top, right, bottom = placement.frame
        assert left - 1 <= x <= right + 1 and top - 1 <= y <= bottom + 1


def test_the_placement_is_where_the_svg_draws(hex_game: Game) -> None:
    """The centres handed to other outputs are the drawing's own, not a second computation."""
    the_map = hex_game.maps[0]
    drawing = draw_map(hex_game, the_map)
    assert dict(drawing.placement.centres).items() >= dict(drawing.plan.centres).items()
    art = artwork_of(hex_game).maps[the_map.id]
    assert art.drawing.svg == drawing.svg
    assert (art.drawing.width, art.drawing.height) == drawing.size


def test_squares_have_four_corners_around_their_centre() -> None:
    game = load_fixture("minimal-square")
    the_map = game.maps[0]
    placement = artwork_of(game).maps[the_map.id].placement
    assert placement.squares is not None
    squares = [label for label, loc in the_map.locations.items() if loc.kind == "square"]
    assert squares
    for label in squares:
        corners = placement.outlines[label]
        assert len(corners) == 4
        cx = sum(x for x, _ in corners) / 4
        cy = sum(y for _, y in corners) / 4
        assert placement.centres[label] == pytest.approx((cx, cy))


def test_area_spaces_are_outlined_as_drawn_and_nested_ones_have_a_centre() -> None:
    game = load_fixture("minimal-area")
    the_map = game.maps[0]
    placement = artwork_of(game).maps[the_map.id].placement
    for space in the_map.spaces:
        assert space.id in placement.centres, space.id
    for space_id in ("britain", "france", "germany", "north-sea"):
        outline = placement.outlines[space_id]
        assert len(outline) >= 3
        assert point_in_polygon(*placement.centres[space_id], outline), space_id
    assert "kiel" not in placement.outlines  # nested inside Germany: drawn as a marker
    assert point_in_polygon(*placement.centres["kiel"], placement.outlines["germany"])


def test_boxes_and_track_cells_are_placed() -> None:
    result = load_game(SOURCES / "distant-foreign-fields")
    assert result.game is not None
    game = result.game
    the_map = game.map("bf")
    placement = artwork_of(game).maps["bf"].placement
    for box in the_map.boxes:
        x, y = placement.centres[box.id]
        assert point_in_polygon(x, y, placement.outlines[box.id]), box.id
        for cell in box.cells:
            cell_centre = placement.centres[f"{box.id}/{cell}"]
            assert point_in_polygon(*cell_centre, placement.outlines[box.id])
    cells = [(b.id, c) for b in the_map.boxes for c in b.cells]
    centres = [placement.centres[f"{b}/{c}"] for b, c in cells]
    assert all(math.dist(p, q) > 1 for i, p in enumerate(centres) for q in centres[i + 1 :])


def test_workers_draw_the_same_artwork(hex_game: Game) -> None:
    assert artwork_of(hex_game, jobs=2) == artwork_of(hex_game, jobs=1)
