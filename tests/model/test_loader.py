"""The loader: one typed model from a folder, every reference resolved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, copy_fixture
from toolkit.load import load_game
from toolkit.load.jsonsource import parse_source
from toolkit.model import Game
from toolkit.model.map import HexMapGrid


def test_minimal_hex_loads(minimal_hex: Game) -> None:
    assert minimal_hex.id == "minimal-hex"
    valley = minimal_hex.map("valley")
    assert isinstance(valley.grid, HexMapGrid)
    assert len(valley.locations) == 80
    assert valley.location("0101").terrain == "clear"
    assert valley.location("0301").terrain == "forest"  # row 1, column 3 of the row strings
    assert valley.location("0504").terrain == "lake"


def test_features_are_places(minimal_hex: Game) -> None:
    assert minimal_hex.places["millbrook"] == "valley:0304"
    assert minimal_hex.locations["valley:0304"].terrain == "clear"


def test_back_face_is_derived(minimal_hex: Game) -> None:
    infantry = minimal_hex.counter("bl-1-inf")
    assert infantry.front.values["attack"] == 4
    assert infantry.back is not None
    assert infantry.back.values["attack"] == 2
    assert infantry.back.values["move"] == 3
    assert infantry.front.values["size"] == "regiment"  # the template's default
    assert minimal_hex.counter("turn").back is None


def test_setup_resolves_locations_and_ranges(minimal_hex: Game) -> None:
    setup = minimal_hex.setup("meeting")
    at = {p.at for p in setup.placements}
    assert at == {"valley:0304", "valley:0205", "valley:0906", "valley:1005"}
    assert len(setup.control["bl"]) == 3 * 8
    assert "valley:0308" in setup.control["bl"]
    assert setup.placed_counts() == {
        "bl-1-inf": 1,
        "bl-2-inf": 1,
        "bl-3-arm": 1,
        "rd-1-inf": 2,
        "rd-2-art": 1,
    }


def test_rules_have_resolved_selectors(minimal_hex: Game) -> None:
    rules = {r.id: r for r in minimal_hex.rules}
    assert rules["stacking"].limit == 2
    assert rules["stacking"].pieces is not None
    assert rules["stacking"].pieces.class_ == frozenset({"infantry", "armour", "artillery"})
    assert rules["lake"].forbid.terrain == frozenset({"lake"})
    assert rules["victory"].control == ("valley:0304", "valley:0802")


def test_area_map_adjacency_and_nesting(minimal_area: Game) -> None:
    europe = minimal_area.map("europe")
    britain = {a.to: a.type for a in europe.adjacency["britain"]}
    assert britain == {"north-sea": "coast", "france": "strait"}
    assert europe.location("kiel").parent == "europe:germany"
    assert europe.location("germany").values["ipc"] == 10
    north_sea = next(s for s in europe.spaces if s.id == "north-sea")
    assert north_sea.center == pytest.approx((390.0, 180.0))  # the polygon's centroid


def test_model_is_immutable(minimal_hex: Game) -> None:
    with pytest.raises(AttributeError):
        minimal_hex.title = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        minimal_hex.counter("bl-1-inf").front.values["attack"] = 9  # type: ignore[index]


def test_csv_rows_become_counters(tmp_path: Path) -> None:
    game_dir = copy_fixture("minimal-hex", tmp_path)
    (game_dir / "counters" / "extra.csv").write_text(
        "id,name,type,attack,defence,move,count\n"
        "bl-4-inf,4th Infantry,infantry,4,4,3,2\n"
        "bl-5-mot,5th Motorised,motorised,3,3,6,1\n",
        encoding="utf-8",
    )
    (game_dir / "counters" / "extra.json").write_text(
        json.dumps(
            {
                "kind": "counters",
                "id": "extra",
                "$schema": "../../../../schemas/counters.schema.json",
                "csv": [{"file": "counters/extra.csv", "template": "unit", "faction": "bl"}],
            }
        ),
        encoding="utf-8",
    )
    result = load_game(game_dir)
    assert result.game is not None, result.report.format_text()
    counter = result.game.counter("bl-4-inf")
    assert (counter.count, counter.faction, counter.front.values["move"]) == (2, "bl", 3)
    assert counter.back is not None and counter.back.values["attack"] == 2


def test_missing_schema_reference_is_a_warning(tmp_path: Path) -> None:
    game_dir = copy_fixture("minimal-hex", tmp_path)
    data = json.loads((game_dir / "charts" / "crt.json").read_text(encoding="utf-8"))
    del data["$schema"]
    (game_dir / "charts" / "crt.json").write_text(json.dumps(data), encoding="utf-8")
    result = load_game(game_dir)
    assert result.game is not None
    assert [d.code for d in result.report.warnings] == ["source.no-schema"]


def test_positions_of_pointers() -> None:
    source = parse_source(b'{\n  "a": [1, {"b": 2}],\n  "c": "x"\n}', Path("x"), "x.json")
    assert source.position("/a/1/b") == (2, 18)
    assert source.position("/c") == (3, 8)
    assert source.position("/c", key=True) == (3, 3)
    assert source.position("/missing/deeper") == (1, 1)


def test_every_fixture_loads_cleanly() -> None:
    for folder in sorted(FIXTURES.iterdir()):
        if (folder / "game.json").exists():
            result = load_game(folder)
            assert result.game is not None, result.report.format_text()
            assert not result.report.errors


def test_counters_and_locations_can_be_set_members(minimal_hex: Game) -> None:
    assert len(set(minimal_hex.counters)) == len(minimal_hex.counters)
    assert len(set(minimal_hex.locations.values())) == len(minimal_hex.locations)


def test_misspelt_hyphenated_place_is_unknown_not_a_bad_range(tmp_path: Path) -> None:
    game_dir = copy_fixture("minimal-hex", tmp_path)
    setup = game_dir / "setups" / "meeting.json"
    setup.write_text(
        setup.read_text(encoding="utf-8").replace('"0801-1008"', '"red-twon"'), encoding="utf-8"
    )
    result = load_game(game_dir)
    codes = [d.code for d in result.report.errors]
    assert codes == ["ref.unknown-location"]


def test_a_hex_takes_its_feature_name(minimal_hex: Game) -> None:
    assert minimal_hex.locations["valley:0304"].name == "Millbrook"
    assert minimal_hex.locations["valley:0101"].name == ""


def test_a_box_shares_no_side_and_no_line_with_a_hex(tmp_path: Path) -> None:
    """The loader checks hexsides and lines with the map's own adjacency query: a box has no
    neighbours, so naming one is a located mistake, not a crash."""
    game_dir = copy_fixture("minimal-hex", tmp_path)
    path = game_dir / "maps" / "valley.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["boxes"] = [{"id": "pool", "name": "Pool"}]
    data["hexsides"].append({"type": "river", "sides": ["pool/0101"]})
    data["lines"].append({"type": "road", "path": ["pool", "0101"]})
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load_game(game_dir)
    errors = [(d.code, d.pointer, d.message) for d in result.report.errors]
    assert errors == [
        (
            "map.not-adjacent",
            "/hexsides/1/sides/0",
            "hexside 'pool/0101': pool and 0101 are not adjacent, so they share no side",
        ),
        (
            "map.not-adjacent",
            "/lines/1/path/1",
            "line: pool and 0101 are not adjacent; list every location the line passes through",
        ),
    ]
