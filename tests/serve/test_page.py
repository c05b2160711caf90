"""What the preview page lists: every component of the model, named as the outputs name it."""

from __future__ import annotations

from pathlib import Path

from toolkit.artwork import Artwork
from toolkit.diagnostics import Diagnostic
from toolkit.model import Game
from toolkit.render.outputs import drawings_by_path
from toolkit.serve.page import NO_FACTION, page_contents, page_diagnostics, source_ref


def test_every_component_is_listed(crossing: tuple[Game, Artwork]) -> None:
    game, artwork = crossing
    contents = page_contents(game, artwork, kit_pages=15)
    assert [m["id"] for m in contents["maps"]] == [m.id for m in game.maps]  # type: ignore[index]
    assert [c["id"] for c in contents["charts"]] == [c.id for c in game.charts]  # type: ignore[index]
    assert [s["id"] for s in contents["setups"]] == [s.id for s in game.setups]  # type: ignore[index]
    assert contents["kit"] == {"pdf": "river-crossing-kit.pdf", "pages": 15, "images": True}
    assert page_contents(game, artwork, 15, kit_images=False)["kit"]["images"] is False  # type: ignore[index]
    factions = contents["factions"]
    assert isinstance(factions, list)
    assert [f["name"] for f in factions] == ["Blue Army", "Red Army", NO_FACTION]
    faces = [face for f in factions for c in f["counters"] for face in c["faces"]]
    assert len(faces) == sum(len(c.faces) for c in game.counters) == 7


def test_every_file_named_is_an_output(crossing: tuple[Game, Artwork]) -> None:
    game, artwork = crossing
    contents = page_contents(game, artwork, kit_pages=1)
    outputs = {f"svg/{p}.svg" for p, _ in drawings_by_path(artwork)}
    outputs |= {f"png/{p}.png" for p, _ in drawings_by_path(artwork)}
    named: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            named.extend(v for k, v in value.items() if k == "src")
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(contents)
    assert len(named) == 1 + 7 + 3
    assert set(named) <= outputs


def test_a_diagnostic_links_to_its_file_in_the_game_folder(tmp_path: Path) -> None:
    game = tmp_path / "game"
    (game / "maps").mkdir(parents=True)
    inside = Diagnostic("map.x", "bad <b>hex</b>", str(game / "maps" / "a.json"), 4, 7)
    outside = Diagnostic("vmod.x", "bad", str(tmp_path / "other.vmod"), 1, 1)
    listed = page_diagnostics([inside, outside], game)
    assert listed[0]["file"] == "maps/a.json"
    assert (listed[0]["line"], listed[0]["column"]) == (4, 7)
    assert listed[0]["message"] == "bad <b>hex</b>"  # the page sets it as text
    assert listed[1]["file"] is None


def test_source_ref_refuses_the_folder_itself_and_what_climbs_out(tmp_path: Path) -> None:
    assert source_ref(str(tmp_path), tmp_path) is None
    assert source_ref("../x.json", tmp_path) is None
    assert source_ref("", tmp_path) is None
    assert source_ref("game.json", tmp_path) == "game.json"


def test_cards_are_listed_by_deck_with_both_sides(tmp_path: Path) -> None:
    from tests.conftest import load_fixture
    from toolkit.render.artwork import draw_artwork
    from toolkit.workers import Workers

    game = load_fixture("cards-hex")
    with Workers(game, 1) as workers:
        artwork = draw_artwork(game, workers)
    decks = page_contents(game, artwork, kit_pages=1)["decks"]
    assert isinstance(decks, list)
    assert [d["name"] for d in decks] == ["Blue events", "Red events"]
    assert decks[0]["color"] == game.side("blue").color
    blue = decks[0]["cards"]
    assert [(c["id"], c["copies"]) for c in blue] == [
        ("forced-march", 1),
        ("air-recon", 1),
        ("heavy-guns", 2),
    ]
    assert [s["src"] for s in blue[0]["sides"]] == [
        "png/cards/forced-march-front.png",
        "png/cards/forced-march-back.png",
    ]
    outputs = {f"png/{p}.png" for p, _ in drawings_by_path(artwork)}
    assert {s["src"] for d in decks for c in d["cards"] for s in c["sides"]} <= outputs
