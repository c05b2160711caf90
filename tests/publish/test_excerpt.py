"""The map excerpt a scenario card prints and the catalogue shows: the part of the map in play,
cut from the map's own drawing, and never a part of the title or legend bands beside it."""

from __future__ import annotations

import pytest

from tests.conftest import load_fixture
from toolkit.artwork import Artwork
from toolkit.model import Game
from toolkit.publish.excerpt import EDGE, setup_excerpts
from toolkit.render.artwork import draw_artwork
from toolkit.workers import Workers

BOX = "front:blue-reinforcements"


@pytest.fixture(scope="module")
def drawn() -> tuple[Game, Artwork]:
    game = load_fixture("minimal-hex")
    with Workers(game) as workers:
        return game, draw_artwork(game, workers)


@pytest.mark.parametrize("row", ["01", "08"])
def test_an_edge_row_is_cut_at_the_maps_edge_not_into_its_title_or_legend(
    drawn: tuple[Game, Artwork], row: str
) -> None:
    """The first and last rows of hexes: the margin kept for counters used to reach past the
    playing area into the title block above and the legend below, cut in half."""
    game, artwork = drawn
    area = [f"valley:{column:02d}{row}" for column in range(1, 11)]
    (excerpt, *_) = setup_excerpts(game, game.setups[0], artwork, area)
    left, top, right, bottom = artwork.maps["valley"].placement.frame
    x, y = excerpt.origin
    assert x >= left - EDGE and x + excerpt.width <= right + EDGE
    assert y >= top - EDGE and y + excerpt.height <= bottom + EDGE
    in_play = (bottom - top) / 8  # a row's height, roughly: the row and a margin are shown
    assert excerpt.height > in_play


def test_a_box_beside_the_map_is_shown_when_it_is_in_play() -> None:
    """A holding box in the strip below the playing area stays whole in the excerpt of an
    area that names it."""
    game = load_fixture("river-crossing")
    with Workers(game) as workers:
        artwork = draw_artwork(game, workers)
    placement = artwork.maps["front"].placement
    (excerpt, *_) = setup_excerpts(game, game.setups[0], artwork, [BOX])
    x, y = excerpt.origin
    outline = placement.outlines[BOX.split(":", 1)[1]]
    assert outline and max(py for _, py in outline) > placement.frame[3]  # below the hexes
    for px, py in outline:
        assert x <= px <= x + excerpt.width and y <= py <= y + excerpt.height
