"""Counter faces: which faces exist, golden drawings of each kind, and the promises every face
keeps (standalone, well formed, deterministic, escaped, legible, text inside the counter)."""

from __future__ import annotations

import dataclasses
import io
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from tests.conftest import FIXTURES, ROOT, SOURCES, load_fixture
from tests.golden import check_golden
from toolkit.catalogue import words
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.render.counters import MIN_TEXT_PT, CounterLayoutError, counter_faces
from toolkit.render.counters.edges import step_labels
from toolkit.render.counters.face import face_values
from toolkit.render.counters.text import fill_placeholders, format_value
from toolkit.render.fonts import text_extent
from toolkit.render.raster import svg_to_png

from .helpers import parse

SVG = "{http://www.w3.org/2000/svg}"
FIXTURE_GAMES = ["counters-kinds", "counters-hostile", "minimal-hex", "minimal-area"]


def faces(game: Game, counter_id: str) -> dict[str, str]:
    """A counter's faces by name."""
    return dict(counter_faces(game, game.counter(counter_id)))


@pytest.fixture(scope="module")
def kinds() -> Game:
    return load_fixture("counters-kinds")


@pytest.fixture(scope="module")
def hostile() -> Game:
    return load_fixture("counters-hostile")


# -- which faces -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counter_id", "names"),
    [
        ("ge-7-pz", ["front", "back"]),
        ("out-of-supply", ["front"]),
        ("chip-5", ["front"]),
        ("ge-inf-block", ["front", "hidden", "step-1", "step-2", "step-3", "step-4"]),
        ("su-arm-block", ["front", "hidden", "step-1", "step-2", "step-3"]),
        ("ge-dff-12", ["front", "back", "step-1", "step-2", "step-3", "step-4"]),
        ("ge-fighter", ["front", "back"]),
        ("ge-rommel", ["front", "back"]),
    ],
    ids=lambda v: v if isinstance(v, str) else "-".join(v),
)
def test_face_names(kinds: Game, counter_id: str, names: list[str]) -> None:
    assert [name for name, _ in counter_faces(kinds, kinds.counter(counter_id))] == names


# -- golden drawings ---------------------------------------------------------------------------

GOLDEN = [
    ("nato-front", "ge-7-pz", "front"),
    ("nato-reduced-back", "ge-7-pz", "back"),
    ("marker", "out-of-supply", "front"),
    ("chip", "chip-5", "front"),
    ("block-step-3", "ge-inf-block", "step-3"),
    ("block-hidden", "ge-inf-block", "hidden"),
    ("dff-dots", "ge-dff-12", "front"),
    ("spent-back", "ge-fighter", "back"),
    ("generic-back", "ge-rommel", "back"),
]


@pytest.mark.parametrize(("golden", "counter_id", "face"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden(kinds: Game, golden: str, counter_id: str, face: str) -> None:
    check_golden(f"counters/{golden}", faces(kinds, counter_id)[face])


# -- every face of every counter -------------------------------------------------------------


def _game_ids() -> list[str]:
    names = list(FIXTURE_GAMES)
    names += [f"sources/{p.name}" for p in sorted(SOURCES.glob("*")) if (p / "game.json").exists()]
    return names


def _load(name: str) -> Game:
    if name.startswith("sources/"):
        result = load_game(SOURCES / name.split("/", 1)[1])
        if result.game is None or result.report.errors:
            pytest.skip(f"{name} does not validate yet")
        return result.game
    return load_fixture(name)


_ROTATE = re.compile(r"rotate\(([-0-9.e]+) ([-0-9.e]+) ([-0-9.e]+)\)")


def _rotations(element: etree._Element) -> list[tuple[float, float, float]]:
    """The rotate(a cx cy) transforms on an element and its ancestors, innermost first."""
    found = []
    node: etree._Element | None = element
    while node is not None:
        match = _ROTATE.fullmatch(node.get("transform", "")) if node.get("transform") else None
        if node.get("transform") and match is None:
            raise AssertionError(f"unexpected transform {node.get('transform')!r}")
        if match:
            found.append(tuple(float(v) for v in match.groups()))
        node = node.getparent()
    return found  # type: ignore[return-value]


def text_boxes(svg: str) -> list[tuple[str, float, list[tuple[float, float]]]]:
    """(text, size, corners of its measured box) for every <text>, as the SVG positions it:
    x/y/font-size/anchor/weight read back from the markup, measured with the bundled fonts."""
    root = etree.fromstring(svg.encode("utf-8"))
    boxes = []
    for element in root.iter(f"{SVG}text"):
        text = element.text or ""
        size = float(element.get("font-size"))
        bold = element.get("font-weight") == "bold"
        width, ascent, descent = text_extent(text, size, bold)
        x, y = float(element.get("x")), float(element.get("y"))
        left = (
            x
            - {"start": 0.0, "middle": width / 2, "end": width}[element.get("text-anchor", "start")]
        )
        corners = [
            (left, y - ascent),
            (left + width, y - ascent),
            (left, y + descent),
            (left + width, y + descent),
        ]
        for degrees, cx, cy in _rotations(element):
            a = math.radians(degrees)
            corners = [
                (
                    cx + (px - cx) * math.cos(a) - (py - cy) * math.sin(a),
                    cy + (px - cx) * math.sin(a) + (py - cy) * math.cos(a),
                )
                for px, py in corners
            ]
        boxes.append((text, size, corners))
    return boxes


def _outside(game: Game, counter: Counter, svg: str) -> list[str]:
    """Every way the face's text breaks the rules: outside the counter, or below 5 pt."""
    template = game.template(counter.template)
    w, h = template.width, template.height
    problems = []
    for text, size, corners in text_boxes(svg):
        if size < MIN_TEXT_PT:
            problems.append(f"{text!r} at {size}pt")
        for px, py in corners:
            inside = -0.01 <= px <= w + 0.01 and -0.01 <= py <= h + 0.01
            if template.shape == "round":
                inside &= ((px - w / 2) / (w / 2)) ** 2 + ((py - h / 2) / (h / 2)) ** 2 <= 1.0001
            if not inside:
                problems.append(f"{text!r} corner ({px:.2f}, {py:.2f}) outside {w}x{h}")
                break
    return problems


@pytest.mark.parametrize("name", _game_ids())
def test_every_face_is_standalone_legible_and_keeps_text_inside(name: str) -> None:
    game = _load(name)
    problems, refused = [], []
    for counter in game.counters:
        template = game.template(counter.template)
        try:
            drawn = counter_faces(game, counter)
        except CounterLayoutError as error:
            if not name.startswith("sources/"):
                raise
            refused.append(str(error))  # a designer's text too long: the build reports it
            continue
        for face, svg in drawn:
            root = parse(svg)
            assert root.get("width") == f"{template.width:g}pt"
            assert root.get("height") == f"{template.height:g}pt"
            hrefs = re.findall(r'href="([^"]*)"', svg)
            assert all(h.startswith("data:") for h in hrefs), "images must be embedded"
            problems += [f"{counter.id}/{face}: {p}" for p in _outside(game, counter, svg)]
    assert not problems, "\n".join(problems)
    if refused:
        pytest.skip(
            f"{len(refused)} counter(s) of {name} are refused, as the build will "
            f"report them; the rest keep their text inside: " + "; ".join(refused)
        )


def test_the_text_check_catches_text_outside() -> None:
    """The containment check itself can fail: a label moved off the counter is caught."""
    game = load_fixture("counters-kinds")
    counter = game.counter("out-of-supply")
    svg = faces(game, "out-of-supply")["front"]
    assert not _outside(game, counter, svg)
    moved = re.sub(r' x="([0-9.]+)"', lambda m: f' x="{float(m.group(1)) + 12:g}"', svg)
    assert _outside(game, counter, moved)


# -- determinism, escaping, errors ------------------------------------------------------------


def test_deterministic(kinds: Game) -> None:
    first = [counter_faces(kinds, c) for c in kinds.counters]
    again = load_fixture("counters-kinds")
    assert [counter_faces(again, c) for c in again.counters] == first


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in parse(svg).iter(f"{SVG}text")]


def test_hostile_values_are_escaped_and_drawn(hostile: Game) -> None:
    lodz = faces(hostile, "pl-lodz")
    texts = _texts(lodz["front"])
    assert "<1>&'\"" in texts
    assert "4 - 4;\u00a03" in texts  # tabs collapse as SVG shows them; the no-break space stays
    assert any("Łódź" in t for t in texts)
    assert parse(lodz["front"]).findtext(f"{SVG}title") == 'Łódź <Army> & "Co" (front)'
    assert "Ł&<" in _texts(lodz["back"])
    kyiv = faces(hostile, "ua-kyiv")
    assert "Київ; 'Гр.'" in _texts(kyiv["front"])
    spent = faces(hostile, "ua-spent")
    assert "<&>'\";" in _texts(spent["back"])
    assert "<script>" not in spent["front"] and "&lt;script&gt;" in spent["front"]


def test_hostile_text_renders() -> None:
    game = load_fixture("counters-hostile")
    png = svg_to_png(faces(game, "pl-lodz")["front"], 150)
    assert Image.open(io.BytesIO(png)).size == (94, 94)


def test_designation_that_cannot_fit_raises_a_located_error() -> None:
    game = load_fixture("counters-overflow")
    with pytest.raises(CounterLayoutError) as caught:
        counter_faces(game, game.counter("ge-gd"))
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.code, error.counter_id, error.template_id, error.set_id) == (
        "counter.text-too-long",
        "ge-gd",
        "unit",
        "units",
    )
    assert (error.face, error.element, error.pointer) == ("front", 0, "/front/0")
    assert "'Panzergrenadier-Division-Großdeutschland' does not fit" in str(error)
    assert "5pt" in str(error)


# -- what each kind draws ----------------------------------------------------------------------


def _fills(svg: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-f]{6})"', svg))


def test_nato_front_uses_the_faction_colours(kinds: Game) -> None:
    front = faces(kinds, "ge-7-pz")["front"]
    ge = kinds.faction("ge")
    assert f'fill="{ge.color}"' in front
    assert "6-4-8" in _texts(front)
    bold = [t for t in parse(front).iter(f"{SVG}text") if t.text == "6-4-8"]
    assert bold[0].get("font-weight") == "bold"


def test_reduced_back_matches_the_front_plus_a_stripe(kinds: Game) -> None:
    both = faces(kinds, "ge-7-pz")
    assert "3-2-8" in _texts(both["back"])
    # Same layout: the unit symbol sits at exactly the same place on both faces.
    symbol = re.compile(r"<g [^>]*stroke-width[^>]*>.*?</g>")
    assert symbol.findall(both["front"]) == symbol.findall(both["back"])
    assert len(_fills(both["back"]) - _fills(both["front"])) == 1  # the stripe's colour


def test_spent_back_is_washed_out_with_its_band_in_the_faction_colour(kinds: Game) -> None:
    back = faces(kinds, "ge-fighter")["back"]
    assert "SPENT" in _texts(back)
    germany = kinds.faction("ge").color
    assert germany in _fills(back)  # the band: the faction's colour, untouched
    assert _ground(back) not in (germany, "#ffffff")  # the ground is washed out ...
    assert not _is_grey(_ground(back))  # ... but keeps a trace of the colour


def test_spent_backs_of_two_nations_differ(kinds: Game) -> None:
    german, soviet = faces(kinds, "ge-fighter")["back"], faces(kinds, "su-fighter")["back"]
    assert kinds.faction("su").color in _fills(soviet)
    grounds = {_ground(german), _ground(soviet)}
    assert len(grounds) == 2 and all(not _is_grey(c) for c in grounds), grounds


def test_a_reduced_back_on_a_grey_ground_keeps_a_stripe_of_its_faction(kinds: Game) -> None:
    german, soviet = faces(kinds, "ge-grey-inf")["back"], faces(kinds, "su-grey-inf")["back"]
    assert _ground(german) == _ground(soviet) == "#c8c8c8"  # the template's back colour ...
    assert kinds.faction("ge").color in _fills(german)  # ... with a stripe of the owner's
    assert kinds.faction("su").color in _fills(soviet)


def test_a_counter_sets_its_own_back_colour(kinds: Game) -> None:
    italian = faces(kinds, "it-fighter")
    assert "#2e5e8c" in _fills(italian["back"])  # its band, over the template's faction colour
    assert kinds.faction("it").color in _fills(italian["front"])
    assert kinds.faction("it").color not in _fills(italian["back"])


def _ground(svg: str) -> str:
    """The fill of a face's first shape: its ground."""
    match = re.search(r'<(?:rect|circle|ellipse)[^>]*fill="(#[0-9a-f]{6})"', svg)
    assert match, svg[:300]
    return match.group(1)


def _is_grey(colour: str) -> bool:
    return colour[1:3] == colour[3:5] == colour[5:7]


def test_generic_back_is_national(kinds: Game) -> None:
    assert _texts(faces(kinds, "ge-rommel")["back"]) == ["GE", "Germany"]
    assert _texts(faces(kinds, "it-messe")["back"]) == ["Italy"]


def test_hidden_block_face_is_colour_only(kinds: Game) -> None:
    hidden = faces(kinds, "ge-inf-block")["hidden"]
    assert not _texts(hidden) and "<path" not in hidden
    assert f'fill="{kinds.faction("ge").color}"' in hidden


def test_round_chip_is_a_circle(kinds: Game) -> None:
    chip = faces(kinds, "chip-1")["front"]
    assert "<circle" in chip and "<rect" not in chip
    assert _texts(chip) == ["1"]


def test_dots_count_the_strength(kinds: Game) -> None:
    dff = faces(kinds, "ge-dff-12")
    dots = {name: len(re.findall(r"M[-0-9.]+ [-0-9.]+a", svg)) for name, svg in dff.items()}
    assert dots == {"front": 4, "back": 3, "step-1": 1, "step-2": 2, "step-3": 3, "step-4": 4}


def test_image_is_embedded(kinds: Game) -> None:
    svg = faces(kinds, "ge-fortress")["front"]
    assert 'xlink:href="data:image/png;base64,' in svg
    assert "flag-ge.png" not in svg


@pytest.mark.parametrize(
    ("current", "steps", "expected"),
    [
        (4, 4, "4 3 2 1"),
        (3, 4, "3 2 1 4"),
        (1, 4, "1 4 3 2"),
        (3, 3, "3 2 1 -"),
        (2, 3, "2 1 - 3"),
        (1, 1, "1 - - -"),
    ],
)
def test_step_labels_turn_counter_clockwise(current: int, steps: int, expected: str) -> None:
    labels = step_labels(current, steps)
    assert " ".join(labels[e] or "-" for e in ("top", "right", "bottom", "left")) == expected


def test_block_step_faces_show_the_current_step_on_top(kinds: Game) -> None:
    for name, svg in faces(kinds, "ge-inf-block").items():
        if not name.startswith("step-"):
            continue
        upright = [
            t
            for t in parse(svg).iter(f"{SVG}text")
            if t.getparent().get("transform") is None and t.text.isdigit()
        ]
        assert [t.text for t in upright] == [name.split("-")[1]]
        turned = re.findall(r"rotate\((\d+) ", svg)
        assert sorted(turned) == ["180", "270", "90"]


def test_block_with_more_steps_than_edges_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "blocks"
    (folder / "counters").mkdir(parents=True)
    (folder / "game.json").write_text((FIXTURES / "counters-kinds" / "game.json").read_text())
    source = (FIXTURES / "counters-kinds" / "counters" / "units.json").read_text()
    source = source.replace(
        '"steps": 4,\n     "values": {"type": "infantry", "nation": "GE"}',
        '"steps": 5,\n     "values": {"type": "infantry", "nation": "GE"}',
    )
    (folder / "counters" / "units.json").write_text(source)
    (folder / "art").mkdir()
    (folder / "art" / "flag-ge.png").write_bytes(
        (FIXTURES / "counters-kinds" / "art" / "flag-ge.png").read_bytes()
    )
    game = load_game(folder).game
    assert game is not None
    with pytest.raises(CounterLayoutError, match="at most 4 steps") as caught:
        counter_faces(game, game.counter("ge-inf-block"))
    assert caught.value.code == "counter.too-many-steps"


def test_faces_rasterise() -> None:
    game = load_fixture("counters-kinds")
    for counter in game.counters:
        for _name, svg in counter_faces(game, counter):
            assert svg_to_png(svg, 72).startswith(b"\x89PNG")


def test_long_marker_text_wraps_rather_than_shrinks(kinds: Game) -> None:
    texts = parse(faces(kinds, "out-of-supply")["front"]).findall(f"{SVG}text")
    assert [t.text for t in texts] == ["Out of", "Supply"]
    assert {t.get("font-size") for t in texts} == {"7"}


def test_a_text_field_that_is_no_unit_type_is_a_located_error(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    (folder / "counters").mkdir(parents=True)
    (folder / "game.json").write_text((FIXTURES / "counters-overflow" / "game.json").read_text())
    source = (FIXTURES / "counters-overflow" / "counters" / "units.json").read_text()
    source = source.replace(
        '{"draw": "unit-symbol", "field": "type"}',
        '{"draw": "unit-symbol", "field": "designation"}',
    )
    source = source.replace("Panzergrenadier-Division-Großdeutschland", "dragoons")
    (folder / "counters" / "units.json").write_text(source)
    game = load_game(folder).game
    assert game is not None
    with pytest.raises(CounterLayoutError, match="unit symbol: unknown unit type 'dragoons'"):
        counter_faces(game, game.counter("ge-gd"))


def test_deterministic_across_processes(kinds: Game) -> None:
    """Another interpreter (another hash seed) draws byte-identical faces."""
    script = (
        "import sys; from tests.conftest import load_fixture; "
        "from toolkit.render.counters import counter_faces; "
        "g = load_fixture('counters-kinds'); "
        "sys.stdout.write(''.join(s for c in g.counters for _, s in counter_faces(g, c)))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert result.stdout == "".join(s for c in kinds.counters for _, s in counter_faces(kinds, c))


def test_a_marker_names_its_nation_by_the_abbreviation_the_game_declares(kinds: Game) -> None:
    counter = kinds.counter("ge-7-pz")
    germany = kinds.faction("ge")
    marked = face_values(counter, dataclasses.replace(germany, abbreviation="Ge"), counter.front)
    plain = face_values(counter, dataclasses.replace(germany, abbreviation=""), counter.front)
    assert (marked["faction_abbreviation"], marked["faction"]) == ("Ge", "ge")
    assert plain["faction_abbreviation"] == germany.name  # nothing declared: the name


def test_a_value_on_a_counter_is_written_in_the_games_language() -> None:
    french = words("fr")
    assert [format_value(v, french) for v in (0.5, 2.0, True, None)] == ["0,5", "2", "oui", ""]
    assert [format_value(v) for v in (0.5, False)] == ["0.5", "no"]
    assert fill_placeholders("{a}-{b}", {"a": 1.5, "b": 3}, french) == "1,5-3"
