"""Which drawing prints on which side, its edge colour, and reading an SVG's size."""

from __future__ import annotations

import dataclasses

import pytest

from tests.kit.fakes import fake_artwork
from toolkit.artwork import Drawing
from toolkit.kit.artwork import (
    background_fill,
    edge_colour,
    kit_art,
    printed_counter,
    svg_size,
)
from toolkit.model import Game
from toolkit.model.counter import BackLayout
from toolkit.model.faces import derive_faces


@pytest.mark.parametrize(
    ("root", "size"),
    [
        ('<svg width="45pt" height="54pt" viewBox="0 0 45 54">', (45.0, 54.0)),
        ('<svg height="1in" width="2in">', (144.0, 72.0)),
        ('<svg width="100" height="40">', (75.0, 30.0)),
        ("<svg viewBox='0 0 200 100'>", (150.0, 75.0)),
        ('<svg width="25.4mm" height="2.54cm">', (72.0, 72.0)),
    ],
)
def test_svg_size_in_points(root: str, size: tuple[float, float]) -> None:
    assert svg_size(f'<?xml version="1.0"?>{root}</svg>') == pytest.approx(size)


def test_svg_size_refuses_what_has_no_size() -> None:
    with pytest.raises(ValueError):
        svg_size('<svg width="100%" height="100%"></svg>')
    with pytest.raises(ValueError):
        svg_size("<html></html>")


def test_two_sided_counters_print_their_back_and_one_sided_leave_it_blank(hex_game: Game) -> None:
    art = kit_art(hex_game, fake_artwork(hex_game))
    assert art.counters["bl-1-inf"].back is not None
    assert art.counters["turn"].back is None
    assert set(art.maps) == {"valley"} and set(art.charts) == {"crt"}


def _drawn(faces: dict[str, str]) -> dict[str, Drawing]:
    return {face: Drawing(svg, 45.0, 45.0) for face, svg in faces.items()}


def test_blocks_print_full_strength_over_their_hidden_side(hex_game: Game) -> None:
    block = dataclasses.replace(hex_game.template("unit"), shape="block", back=BackLayout("hidden"))
    game = dataclasses.replace(hex_game, templates=(block, *hex_game.templates[1:]))
    plain = game.counter("bl-1-inf")
    faces = derive_faces(block, name=plain.name, values=plain.front.values, steps=4)
    counter = dataclasses.replace(plain, steps=4, block=True, faces=faces)
    drawn = {f"step-{n}": f"<svg>{n}</svg>" for n in range(1, 5)} | {"hidden": "<svg>h</svg>"}
    printed = printed_counter(game, counter, _drawn(drawn))
    assert (printed.front, printed.back) == ("<svg>4</svg>", "<svg>h</svg>")


def test_edge_colour_is_the_template_background_else_the_faction_colour(hex_game: Game) -> None:
    assert edge_colour(hex_game, hex_game.counter("bl-1-inf"), back=False) == "#7da7d9"
    assert edge_colour(hex_game, hex_game.counter("rd-1-inf"), back=True) == "#e8a49c"
    assert edge_colour(hex_game, hex_game.counter("turn"), back=False) == "#f4d35e"


def test_a_counter_with_no_face_is_a_renderer_bug(hex_game: Game) -> None:
    with pytest.raises(ValueError, match="no face"):
        printed_counter(hex_game, hex_game.counter("turn"), _drawn({"back": "<svg/>"}))


@pytest.mark.parametrize(
    ("body", "fill"),
    [
        (
            '<rect fill="#7d7d7d" height="54" width="54" x="0" y="0"/><text>DAMAGED</text>',
            "#7d7d7d",
        ),
        ('<ellipse cx="27" cy="27" fill="#e58a80" rx="27" ry="27"/>', "#e58a80"),
        ('<rect style="stroke:none; fill: #123456" width="54" height="54" rx="4"/>', "#123456"),
        (
            '<defs><rect id="s" fill="red" width="54" height="54"/></defs><path fill="blue" d=""/>',
            None,
        ),
        ('<rect fill="#111111" width="20" height="54"/>', None),
        ('<rect fill="url(#grain)" width="54" height="54"/>', None),
        ('<g><rect fill="#222222" width="54" height="54"/></g>', None),
    ],
    ids=["rect", "disc", "style", "defs-skipped", "partial", "gradient", "grouped"],
)
def test_background_is_read_off_the_drawing(body: str, fill: str | None) -> None:
    svg = f'<svg width="54pt" height="54pt" viewBox="0 0 54 54"><title>t</title>{body}</svg>'
    assert background_fill(svg) == fill


def test_bleed_follows_the_drawn_back_not_the_model(hex_game: Game) -> None:
    grey_back = (
        '<svg viewBox="0 0 45 45" width="45pt" height="45pt"><rect fill="#808080" '
        'width="45" height="45"/></svg>'
    )
    printed = printed_counter(
        hex_game, hex_game.counter("bl-1-inf"), _drawn({"front": "<svg/>", "back": grey_back})
    )
    assert printed.back_edge == "#808080"
    assert printed.front_edge == "#7da7d9"  # nothing to read: the faction colour
