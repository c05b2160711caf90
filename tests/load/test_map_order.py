"""The game's maps come in the order their ``order`` gives (the rulebook's, or the table's),
not in the order of their files' names: the kit's map pages and the module follow it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import copy_fixture
from toolkit.load import load_game


def with_second_map(tmp_path: Path, **orders: int) -> Path:
    """minimal-hex with a second map, 'coast', of the valley's grid (its file sorts first), each
    map given the ``order`` named for it; no setup, whose hexes would then be ambiguous."""
    folder = copy_fixture("minimal-hex", tmp_path)
    shutil.rmtree(folder / "setups")
    valley = json.loads((folder / "maps" / "valley.json").read_text(encoding="utf-8"))
    coast = {"kind": "map", "id": "coast", "name": "The Coast", "grid": valley["grid"]}
    for data in (valley, coast):
        if data["id"] in orders:
            data["order"] = orders[data["id"]]
    for name, data in (("valley", valley), ("a-coast", coast)):
        (folder / "maps" / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def map_ids(folder: Path) -> list[str]:
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    return [m.id for m in result.game.maps]


def test_maps_without_an_order_keep_their_files_order(tmp_path: Path) -> None:
    assert map_ids(with_second_map(tmp_path)) == ["coast", "valley"]


def test_a_maps_order_puts_it_first(tmp_path: Path) -> None:
    assert map_ids(with_second_map(tmp_path, valley=1, coast=2)) == ["valley", "coast"]


def test_maps_with_an_order_come_before_those_without(tmp_path: Path) -> None:
    assert map_ids(with_second_map(tmp_path, valley=5)) == ["valley", "coast"]


def test_distant_foreign_fields_maps_run_as_the_rulebook_lists_the_fronts() -> None:
    folder = Path(__file__).parents[2] / "sources" / "distant-foreign-fields"
    fronts = ["wf", "seine", "strasbourg", "berlin", "ef", "petrograd", "bf", "if", "mef", "tcf"]
    assert map_ids(folder) == fronts
