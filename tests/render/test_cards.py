"""Cards drawn: titles and bodies fitted to their areas, bold and italic runs, the safe zone,
text too long reported at the card's line, hostile text escaped, and the svg/png outputs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lxml import etree

from tests.conftest import copy_fixture, load_fixture, run_cli
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.card import BODY_FLOOR, CARD_SIZES
from toolkit.render.cards import CardLayoutError, card_ground, card_sides
from toolkit.render.cards.face import BODY_SIZE, SAFE
from toolkit.render.cards.text import parse_body
from toolkit.render.fonts import text_width

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(\"x\")</script>; 'quoted' a/b\\c & שלום עולם"


def _game(tmp_path: Path, **changes: str) -> Game:
    """The cards fixture with forced-march's fields changed."""
    folder = copy_fixture("cards-hex", tmp_path)
    path = folder / "cards" / "events.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["cards"][0].update(changes)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    return result.game


def _texts(svg: str) -> list[etree._Element]:
    return list(etree.fromstring(svg.encode("utf-8")).iter(f"{SVG}text"))


def _body(svg: str) -> list[etree._Element]:
    """The body's runs: the texts that are neither the title (bold, 14 pt) nor the disc."""
    return [t for t in _texts(svg) if t.get("fill") == "#000000"]


def test_every_card_of_the_fixture_has_a_face_and_back_at_trim_size() -> None:
    game = load_fixture("cards-hex")
    width, height = CARD_SIZES["poker"]
    for card in game.cards:
        front, back = card_sides(game, card)
        for svg in (front, back):
            root = etree.fromstring(svg.encode("utf-8"))
            assert root.get("viewBox") == f"0 0 {width:.3f} {height:.3f}"
            assert root.find(f"{SVG}rect").get("rx") == "8.504"  # 3 mm rounded corners
        shown = " ".join(t.text for t in _texts(front))
        assert card.title in shown
        assert "Events" in [t.text for t in _texts(back)]


def test_bold_and_italic_runs_are_set_in_their_faces() -> None:
    game = load_fixture("cards-hex")
    front, _ = card_sides(game, game.card("forced-march"))
    bold = [t.text for t in _body(front) if t.get("font-weight") == "bold"]
    assert bold == ["infantry"]
    front, _ = card_sides(game, game.card("air-recon"))
    italic = " ".join(t.text for t in _body(front) if t.get("font-style") == "italic")
    assert italic == "Keep this card hidden until you use it."


def test_markup_parses_nested_runs_and_leaves_lone_stars() -> None:
    (paragraph,) = parse_body("**a *b* c** 2 * 3 *d*")
    flat = [(f.text, f.bold, f.italic) for word in paragraph for f in word]
    assert flat == [
        ("a", True, False),
        ("b", True, True),
        ("c", True, False),
        ("2", False, False),
        ("*", False, False),
        ("3", False, False),
        ("d", False, True),
    ]
    assert len(parse_body("one\n\ntwo\n \nthree")) == 3


def test_a_long_body_shrinks_and_stays_in_its_area_and_the_safe_zone(tmp_path: Path) -> None:
    text = "\n\n".join(["Each unit of the moving stack may move one extra hex this turn."] * 9)
    game = _game(tmp_path, text=text)
    card = game.card("forced-march")
    template = game.card_template(card.template)
    front, _ = card_sides(game, card)
    runs = _body(front)
    sizes = {float(t.get("font-size")) for t in runs}
    (size,) = sizes
    assert BODY_FLOOR <= size < BODY_SIZE
    left, top, width, height = template.front[3].box
    right = (left + width) * template.width
    bottom = (top + height) * template.height
    for run in runs:
        x, y = float(run.get("x")), float(run.get("y"))
        assert x >= max(left * template.width, SAFE) - 0.01
        assert x + text_width(run.text, size, run.get("font-weight") == "bold") <= right + 0.01
        assert y <= min(bottom, template.height - SAFE)


def test_a_short_body_keeps_its_size(tmp_path: Path) -> None:
    game = load_fixture("cards-hex")
    front, _ = card_sides(game, game.card("mud"))
    assert {float(t.get("font-size")) for t in _body(front)} == {BODY_SIZE}


def test_a_body_that_cannot_fit_at_its_floor_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path, text="Too long to fit. " * 250)
    with pytest.raises(CardLayoutError) as caught:
        card_sides(game, game.card("forced-march"))
    assert caught.value.code == "card.text-too-long"
    assert caught.value.subject == "text"
    assert "at the smallest size, 6pt" in str(caught.value)


def test_a_title_breaks_onto_two_lines_before_it_shrinks_too_far(tmp_path: Path) -> None:
    game = _game(tmp_path, title="The Great Counteroffensive of the Northern Front")
    front, _ = card_sides(game, game.card("forced-march"))
    title = [t for t in _texts(front) if t.get("fill") == "#ffffff"]
    assert len(title) == 2
    assert float(title[0].get("font-size")) >= BODY_FLOOR


def test_hostile_text_reaches_the_svg_escaped_and_intact(tmp_path: Path) -> None:
    game = _game(tmp_path, title=HOSTILE, text=HOSTILE)
    front, back = card_sides(game, game.card("forced-march"))
    assert "<script>" not in front
    root = etree.fromstring(front.encode("utf-8"))  # well formed
    assert root.find(f".//{SVG}script") is None
    body = " ".join(t.text for t in _body(front))
    assert body == HOSTILE
    title = " ".join(t.text for t in _texts(front) if t.get("fill") == "#ffffff")
    assert title == HOSTILE


def test_the_ground_carries_edge_bands_into_the_bleed() -> None:
    game = load_fixture("cards-hex")
    card = game.card("forced-march")
    bleed = 9.0
    svg = card_ground(game, card, "front", bleed)
    root = etree.fromstring(svg.encode("utf-8"))
    width, height = CARD_SIZES["poker"]
    assert root.get("viewBox") == f"0 0 {width + 2 * bleed:.3f} {height + 2 * bleed:.3f}"
    paths = {p.get("fill"): p.get("d") for p in root.iter(f"{SVG}path")}
    assert set(paths) == {"#ffffff", game.side("blue").color}  # one flat path per colour
    band = [float(n) for n in re.findall(r"[\d.]+", paths[game.side("blue").color])]
    assert min(band) == 0 and max(band) == pytest.approx(width + 2 * bleed, abs=0.001)
    ground_y = [float(n) for n in re.findall(r"[\d.]+", paths["#ffffff"])][1::2]
    assert min(ground_y) == pytest.approx(0.17 * height + bleed, abs=0.001)  # none under the band
    assert max(ground_y) == pytest.approx(height + 2 * bleed, abs=0.001)


def test_a_card_too_long_is_one_located_line_and_no_output(tmp_path: Path) -> None:
    folder = copy_fixture("cards-hex", tmp_path)
    path = folder / "cards" / "events.json"
    source = path.read_text(encoding="utf-8")
    path.write_text(
        source.replace("Look inside one enemy stack.", "Look inside one enemy stack. " * 150),
        encoding="utf-8",
    )
    line = next(i for i, s in enumerate(source.splitlines(), 1) if '"air-recon"' in s)
    column = source.splitlines()[line - 1].index('"text": ') + len('"text": ') + 1  # the value
    checked = run_cli("validate", "cards-hex", cwd=tmp_path)
    assert checked.returncode == 1
    assert "Traceback" not in checked.stderr
    found = [s for s in checked.stderr.splitlines() if "error[" in s]
    assert len(found) == 1
    assert found[0].startswith(f"cards-hex/cards/events.json:{line}:{column}: ")
    assert "error[card.text-too-long]" in found[0] and "'air-recon'" in found[0]
    built = run_cli("build", "cards-hex", "-o", "out", "--only", "svg", cwd=tmp_path)
    assert built.returncode == 1
    assert "error[card.text-too-long]" in built.stderr and "Traceback" not in built.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_the_build_writes_every_card_side_as_svg_and_png(tmp_path: Path) -> None:
    folder = copy_fixture("cards-hex", tmp_path)
    built = run_cli("build", str(folder), "-o", "out", "--only", "svg,png", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    game = load_fixture("cards-hex")
    out = tmp_path / "out" / game.id
    for card in game.cards:
        for side in ("front", "back"):
            svg = out / "svg" / "cards" / f"{card.id}-{side}.svg"
            png = out / "png" / "cards" / f"{card.id}-{side}.png"
            assert svg.read_text(encoding="utf-8").startswith("<svg")
            assert png.read_bytes().startswith(b"\x89PNG")


def test_cards_drawn_once_are_read_back_from_the_cache(tmp_path: Path) -> None:
    from toolkit.cache import Cache
    from toolkit.render.artwork import draw_artwork
    from toolkit.workers import Workers

    game = load_fixture("cards-hex")
    cache = Cache.open(tmp_path / "cache")
    with Workers(game, 1) as workers:
        first = draw_artwork(game, workers, cache=cache)
        again = draw_artwork(game, workers, cache=cache)
    assert set(first.cards) == {c.id for c in game.cards}
    assert first.cards == again.cards


def test_a_title_keeps_clear_of_the_disc_beside_it() -> None:
    from toolkit.render.cards.face import DISC_GAP

    game = load_fixture("cards-hex")
    front, _ = card_sides(game, game.card("air-recon"))
    root = etree.fromstring(front.encode("utf-8"))
    circle = root.find(f"{SVG}circle")
    disc_left = float(circle.get("cx")) - float(circle.get("r"))
    (title,) = [t for t in _texts(front) if t.text == "Air Reconnaissance"]
    size = float(title.get("font-size"))
    right = float(title.get("x")) + text_width(title.text, size, True) / 2  # centred
    assert right <= disc_left - DISC_GAP + 0.5  # the disc's stroke is inside its radius


def test_placeholders_and_discs_show_the_card_values(tmp_path: Path) -> None:
    folder = copy_fixture("cards-hex", tmp_path)
    path = folder / "cards" / "events.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["templates"][0]["front"].append(
        {"draw": "text", "text": "Year {year}: {title}", "area": [0.08, 0.9, 0.84, 0.06]}
    )
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    front, _ = card_sides(result.game, result.game.card("heavy-guns"))
    shown = [t.text for t in _texts(front)]
    assert "Year 2: Heavy Guns" in shown
    assert "2" in shown  # the disc


def test_a_csv_card_that_cannot_be_drawn_is_reported_at_its_row() -> None:
    import dataclasses

    from toolkit.build import layout_diagnostic
    from toolkit.model.base import Origin

    game = load_fixture("cards-hex")
    card = dataclasses.replace(game.cards[0], origin=Origin("game/cards/events.csv", "", 7))
    game = dataclasses.replace(game, cards=(card, *game.cards[1:]))
    error = CardLayoutError(
        "too long",
        code="card.text-too-long",
        card_id=card.id,
        template_id=card.template,
        side="front",
        element=3,
        subject="text",
    )
    found = layout_diagnostic(game, error)
    assert found.format() == "game/cards/events.csv:7:1: error[card.text-too-long]: too long"


def test_the_backs_of_a_deck_are_one_drawing_that_tells_nothing() -> None:
    game = load_fixture("cards-hex")
    backs = {card_sides(game, game.card(c))[1] for c in ("forced-march", "air-recon")}
    assert len(backs) == 1
    (back,) = backs
    assert "Forced" not in back and "Air" not in back
