"""Tracks and boxes by number or name: 'turns:1' reaches the first cell of a track whatever its
label, a turn track is numbered by turn and dated from the game's turn labels, and a box is
reached by its printed name as well as its id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import copy_fixture, load_fixture
from toolkit.load import load_game
from toolkit.model.references import UnresolvedReference, resolve_location


def test_a_track_cell_by_its_number() -> None:
    game = load_fixture("charts-track")
    assert resolve_location(game, "turns:1") == "turns:Jun 1941"
    assert resolve_location(game, "turns:8") == "turns:Jan 1942"
    with pytest.raises(UnresolvedReference):
        resolve_location(game, "turns:9")


def test_a_numbered_track_keeps_its_own_labels() -> None:
    game = load_fixture("charts-track")  # morale: a range from 0, so '1' is the cell labelled 1
    assert resolve_location(game, "morale:1") == "morale:1"


def test_a_turn_track_is_numbered_by_turn_and_dated_from_the_turn_labels() -> None:
    game = load_fixture("river-crossing")
    cells = game.chart("turns").cells
    assert [(c.label, c.note) for c in cells] == [
        ("1", "6 June"),
        ("2", "7 June"),
        ("3", "8 June"),
        ("4", "9 June"),
    ]
    assert resolve_location(game, "turns:8 June") == "turns:3"
    setup = game.setup("crossing")
    assert setup.placements[-1].at == "turns:1"


def test_a_box_by_its_printed_name() -> None:
    game = load_fixture("river-crossing")
    assert resolve_location(game, "front:Blue Reinforcements") == "front:blue-reinforcements"


def test_an_open_ended_game_has_no_turn_track(tmp_path: Path) -> None:
    folder = copy_fixture("river-crossing", tmp_path)
    path = folder / "game.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["turns"]["last"] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    codes = [d.code for d in load_game(folder).report.errors]
    assert "chart.turns-open" in codes
