"""Text too small to print: found in the drawn pieces, reported at the template's line, a
warning in the home kit and an error that stops the print-shop build."""

from __future__ import annotations

import dataclasses

import pytest

from tests.conftest import load_fixture
from toolkit.artwork import Artwork, CounterArt, Drawing
from toolkit.build import _legibility
from toolkit.errors import DiagnosticsError
from toolkit.legibility import set_texts, small_text
from toolkit.load.jsonsource import locate
from toolkit.model import Game
from toolkit.options import BuildOptions
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


def test_the_real_fixture_pieces_print(game: Game) -> None:
    from toolkit.render.artwork import draw_artwork
    from toolkit.workers import Workers

    with Workers(game, 1) as workers:
        assert small_text(game, draw_artwork(game, workers)) == []


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
