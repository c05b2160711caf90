"""Text too small to print: found in the drawn pieces, reported at the template's line, a
warning in the home kit and an error that stops the print-shop build."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from tests.conftest import load_fixture
from tests.games.test_all_games import GAMES, SOURCES
from toolkit.artwork import Artwork, CardArt, ChartArt, CounterArt, Drawing, MapPlacement
from toolkit.build import _legibility
from toolkit.errors import DiagnosticsError
from toolkit.legibility import set_texts, small_text
from toolkit.load import load_game
from toolkit.load.jsonsource import locate
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.cards import card_sides
from toolkit.render.counters import counter_faces
from toolkit.render.svg import declared_size
from toolkit.targets import TARGETS


def face(size: float, fill: str = "#000000", weight: str = "bold") -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" width="45pt" height="45pt">'
        f'<text fill="{fill}" font-size="{size:g}" font-weight="{weight}" x="2" y="20">'
        "4-4-3</text></svg>"
    )


def artwork_with(game: Game, svg: str) -> Artwork:
    """Every counter of ``game`` drawn as ``svg`` (front and back)."""
    counters = {
        c.id: CounterArt({"front": Drawing(svg, 45, 45), "back": Drawing(svg, 45, 45)})
        for c in game.counters
    }
    return Artwork(maps={}, counters=counters, charts={})


@pytest.fixture(scope="module")
def game() -> Game:
    return load_fixture("minimal-hex")


def test_5_pt_text_is_a_warning_at_the_templates_line(game: Game) -> None:
    found = small_text(game, artwork_with(game, face(5)))
    templates = {c.template for c in game.counters}
    assert len(found) == len(templates)  # once per template, not per counter or face
    finding = found[0]
    assert finding.code == "print.text-too-small" and finding.severity == "warning"
    assert "'4-4-3'" in finding.message and "5 pt" in finding.message
    (template,) = [
        game.template(t) for t in templates if game.template(t).origin.pointer == finding.pointer
    ]
    assert finding.file == template.origin.file
    assert (finding.line, finding.column) == locate(template.origin.file, template.origin.pointer)
    assert finding.line > 1


def test_6_pt_text_and_6_pt_bold_reversed_text_pass(game: Game) -> None:
    assert small_text(game, artwork_with(game, face(6))) == []
    assert small_text(game, artwork_with(game, face(6, "#ffffff"))) == []


def test_reversed_regular_text_needs_8_pt(game: Game) -> None:
    (finding, *_rest) = small_text(game, artwork_with(game, face(7, "#ffffff", "normal")))
    assert "reversed" in finding.message
    assert small_text(game, artwork_with(game, face(8, "#ffffff", "normal"))) == []


def drawn_pieces(game: Game) -> Artwork:
    """The counters and cards of ``game`` as the renderer draws them, without its maps and
    charts (the costly part)."""
    counters = {}
    for counter in game.counters:
        template = game.template(counter.template)
        size = declared_size(template.width, template.height)
        faces = counter_faces(game, counter)
        counters[counter.id] = CounterArt({face: Drawing(svg, *size) for face, svg in faces})
    cards = {}
    for card in game.cards:
        template = game.card_template(card.template)
        size = declared_size(template.width, template.height)
        front, back = card_sides(game, card)
        cards[card.id] = CardArt(Drawing(front, *size), Drawing(back, *size))
    return Artwork(maps={}, counters=counters, charts={}, cards=cards)


def test_the_real_fixture_pieces_print(game: Game) -> None:
    assert small_text(game, drawn_pieces(game)) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_example_games_counters_and_cards_print(name: str) -> None:
    loaded = load_game(SOURCES / name).game
    assert loaded is not None
    found = small_text(loaded, drawn_pieces(loaded))
    assert [d.format() for d in found] == []


def test_a_group_passes_its_size_and_fill_down_and_a_transform_scales_it() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g font-size="10" fill="#ffffff">'
        '<g transform="translate(3 4) scale(0.5)"><text x="0" y="0">Ford</text></g>'
        '<text font-size="7" font-weight="bold">Mill</text></g></svg>'
    )
    first, second = set_texts(svg)
    assert (first.words, first.size, first.bold, first.light) == ("Ford", 5.0, False, True)
    assert (second.words, second.size, second.bold) == ("Mill", 7.0, True)


@pytest.fixture(scope="module")
def drawn_game(game: Game) -> Artwork:
    from toolkit.render.artwork import draw_artwork
    from toolkit.workers import Workers

    with Workers(game, 1) as workers:
        return draw_artwork(game, workers)


def small_map(drawn: Artwork) -> Artwork:
    """The drawings with no counters and the map's 'Millbrook' set at 5.39 pt (as the renderer
    set it when it shrank names below 6 pt, or a designer's style may)."""
    board = drawn.maps["valley"]
    svg = re.sub(r'font-size="[\d.]+"([^>]*>Millbrook<)', r'font-size="5.39"\1', board.drawing.svg)
    assert svg != board.drawing.svg
    small = dataclasses.replace(board, drawing=dataclasses.replace(board.drawing, svg=svg))
    return dataclasses.replace(drawn, counters={}, maps={**drawn.maps, "valley": small})


def test_the_renderer_sets_no_map_text_below_6_pt(game: Game, drawn_game: Artwork) -> None:
    assert small_text(game, dataclasses.replace(drawn_game, counters={})) == []


def test_a_maps_small_text_warns_at_the_line_of_its_words(game: Game, drawn_game: Artwork) -> None:
    (finding,) = small_text(game, small_map(drawn_game), "error")
    assert finding.severity == "warning"  # a map's text is sized by the renderer: it warns
    assert finding.message.startswith("map 'valley' sets 'Millbrook' at 5.39 pt regular")
    assert finding.file.endswith("minimal-hex/maps/valley.json")
    assert finding.pointer == "/features/0/name"
    assert (finding.line, finding.column) == locate(finding.file, finding.pointer)
    assert finding.line > 1


def test_a_charts_text_found_in_no_source_warns_at_the_charts_file(game: Game) -> None:
    chart = game.charts[0]
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text font-size="5.5">Σ total</text></svg>'
    board = ChartArt(Drawing(svg, 100, 100), MapPlacement((0, 0, 100, 100)))
    artwork = Artwork(maps={}, counters={}, charts={chart.id: board})
    (finding,) = small_text(game, artwork)
    assert finding.message.startswith(f"chart {chart.id!r} sets 'Σ total' at 5.5 pt")
    assert finding.file.endswith(".json") and (finding.line, finding.pointer) == (1, "")
    quiet = svg.replace('font-size="5.5"', 'font-size="6"')
    board = ChartArt(Drawing(quiet, 100, 100), MapPlacement((0, 0, 100, 100)))
    assert small_text(game, Artwork(maps={}, counters={}, charts={chart.id: board})) == []


def test_a_link_tab_warns_at_the_link_it_names(game: Game, drawn_game: Artwork) -> None:
    (relative,) = [p for p in game.sources if p.startswith("maps/")]
    data = json.loads(game.sources[relative])
    data["links"] = [{"from": "0101", "to": "east:0907", "type": "edge"}]
    sources = {**game.sources, relative: json.dumps(data).encode()}
    linked = dataclasses.replace(game, sources=sources)
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text font-size="5">→ East Map 0907</text></svg>'
    board = dataclasses.replace(drawn_game.maps["valley"], drawing=Drawing(svg, 100, 100))
    (finding,) = small_text(linked, Artwork(maps={"valley": board}, counters={}, charts={}))
    assert finding.pointer == "/links/0/to"


def test_a_maps_small_text_does_not_stop_the_print_shop_build(
    game: Game, drawn_game: Artwork
) -> None:
    found = _legibility(game, small_map(drawn_game), TARGETS, BuildOptions(kit="print-shop"))
    assert [d.severity for d in found] == ["warning"]


def test_set_texts_reads_size_weight_and_fill() -> None:
    (text,) = set_texts(face(5.5, "#fff", "700"))
    assert (text.words, text.size, text.bold, text.light) == ("4-4-3", 5.5, True, True)


def test_the_print_shop_build_stops_on_small_text(game: Game) -> None:
    small = artwork_with(game, face(5))
    print_shop = BuildOptions(kit="print-shop")
    with pytest.raises(DiagnosticsError) as caught:
        _legibility(game, small, TARGETS, print_shop)
    assert {d.severity for d in caught.value.diagnostics} == {"error"}
    without_kit = [t for t in TARGETS if t.name != "kit"]
    assert _legibility(game, small, without_kit, print_shop)[0].severity == "warning"
    assert _legibility(game, small, TARGETS, dataclasses.replace(print_shop, kit="home"))
