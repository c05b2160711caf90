"""The hover data: every drawn place, named as printed, with what a player asks of it."""

from __future__ import annotations

from tests.conftest import load_fixture
from toolkit.artwork import Artwork
from toolkit.model import Game
from toolkit.render.artwork import draw_artwork
from toolkit.serve.hover import map_places
from toolkit.workers import Workers


def _places(crossing: tuple[Game, Artwork]) -> dict[str, dict[str, object]]:
    game, artwork = crossing
    front = game.map("front")
    return {str(p["label"]): p for p in map_places(game, front, artwork.maps["front"].placement)}


def test_every_hex_is_a_place_with_its_drawn_outline(crossing: tuple[Game, Artwork]) -> None:
    game, artwork = crossing
    placement = artwork.maps["front"].placement
    places = _places(crossing)
    hexes = [label for label, loc in game.map("front").locations.items() if loc.kind == "hex"]
    assert len(hexes) == 80
    assert set(hexes) <= set(places)
    assert places["0903"]["outline"] == [round(v, 1) for p in placement.outlines["0903"] for v in p]


def test_terrain_features_sides_and_lines_are_named(crossing: tuple[Game, Artwork]) -> None:
    places = _places(crossing)
    ashford = places["0403"]
    assert ashford["kind"] == "hex"
    assert ashford["terrain"] == "Town"
    assert ashford["features"] == ["Ashford (town)"]
    assert "Old Road (road)" in ashford["lines"]
    assert "Broad River (river) to 0601" in places["0501"]["sides"]
    assert any(s == "Miller's Ford (ford) to 0602" for s in places["0503"]["sides"])
    assert places["0903"]["terrain"] == "Hills"


def test_innermost_place_comes_first(crossing: tuple[Game, Artwork]) -> None:
    game, artwork = crossing
    places = map_places(game, game.map("front"), artwork.maps["front"].placement)
    labels = [p["label"] for p in places]
    box = "blue-reinforcements"
    assert box in labels
    # a hex (small) is listed before the box drawn around a reinforcement row (larger)
    assert labels.index("0903") < labels.index(box)


def test_an_area_map_names_its_spaces_and_borders() -> None:
    game = load_fixture("minimal-area")
    with Workers(game) as workers:
        artwork = draw_artwork(game, workers, counters=False)
    europe = game.maps[0]
    places = {
        str(p["label"]): p for p in map_places(game, europe, artwork.maps[europe.id].placement)
    }
    france = places["france"]
    assert (france["name"], france["kind"], france["terrain"]) == ("France", "land", "Clear")
    assert france["adjacent"] == ["Germany", "North Sea (coast)", "Britain (strait)"]
    assert places["germany"]["features"] == ["Berlin (capital)"]
    assert places["north-sea"]["kind"] == "sea"
    labels = list(places)
    assert labels.index("kiel") < labels.index("germany")  # the fortress inside comes first
