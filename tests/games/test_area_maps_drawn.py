"""The three area-map games, drawn from outlines: every declared border shows, as a drawn
border or as a drawn link, and a link is short and crosses no third territory."""

from __future__ import annotations

import math

import pytest

from tests.conftest import SOURCES
from toolkit.geometry import MIN_BORDER, point_in_rings, shared_borders
from toolkit.load import load_game
from toolkit.model.map import Map
from toolkit.render.maps.area_links import _drawn_border, declared_borders

GAMES = {"axis-allies-1914": "world", "axis-allies-europe": "europe", "europe-engulfed": "europe"}


@pytest.fixture(scope="module", params=sorted(GAMES))
def drawn(request: pytest.FixtureRequest) -> Map:
    result = load_game(SOURCES / request.param)
    assert result.game is not None, result.report.format_text()
    return result.game.map(GAMES[request.param])


def _shapes(the_map: Map) -> dict[str, tuple[tuple[tuple[float, float], ...], ...]]:
    return {
        s.id: s.rings or (s.polygon,)
        for s in the_map.spaces
        if s.polygon and the_map.locations[s.id].parent is None
    }


def test_every_declared_border_is_drawn_or_linked(drawn: Map) -> None:
    shapes = _shapes(drawn)
    extent = max(drawn.grid.extent)  # type: ignore[union-attr]
    touching = {k for k, v in shared_borders(shapes, 0.5).items() if v >= extent * MIN_BORDER}
    centres = {s.id: s.center for s in drawn.spaces}
    for border in declared_borders(drawn):
        pair = (border.a, border.b)
        shown = _drawn_border(border, shapes, lambda a, b: (min(a, b), max(a, b)) in touching, 3)
        if shown is None:  # a box or a nested fortress: linked between names
            assert centres[border.a] and centres[border.b], pair
        elif not shown:
            assert pair in touching, pair
        else:
            assert sum(math.dist(p, q) for p, q in shown) > 0, pair


CROSSING_AT_MOST = {"world": 1, "europe": 1}
"""Links that cross a third territory on their way, per map (a ratchet, never to grow): a canal
through its desert (Suez, in Axis & Allies 1914), or a coast the game's adjacency gives a
territory that its representative border leaves to a neighbour."""


def test_links_are_short_and_rarely_cross_a_third_territory(drawn: Map) -> None:
    shapes = _shapes(drawn)
    kinds = {s.id: s.kind for s in drawn.spaces}
    extent = max(drawn.grid.extent)  # type: ignore[union-attr]
    touching = {k for k, v in shared_borders(shapes, 0.5).items() if v >= extent * MIN_BORDER}
    crossing = set()
    for border in declared_borders(drawn):
        pair = (border.a, border.b)
        if pair in touching or border.a not in shapes or border.b not in shapes:
            continue
        [(p, q)] = _drawn_border(border, shapes, lambda a, b: False, 0) or [((0, 0), (0, 0))]
        assert math.dist(p, q) < extent / 6, pair
        for step in range(1, 10):
            x, y = p[0] + (q[0] - p[0]) * step / 10, p[1] + (q[1] - p[1]) * step / 10
            if any(
                other not in pair and kinds[other] != "sea" and point_in_rings(x, y, rings)
                for other, rings in shapes.items()
            ):
                crossing.add(pair)
    assert len(crossing) <= CROSSING_AT_MOST[drawn.id], sorted(crossing)
