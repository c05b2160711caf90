"""Reinforcements that wait in a box on the table, counted once against the counter mix, and
that enter along a map edge or anywhere in a range of hexes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import copy_fixture, load_fixture
from toolkit.load import load_game
from toolkit.model.position import Position
from toolkit.rules.context import Situation
from toolkit.rules.registry import check_position


def test_waiting_reinforcements_are_on_the_table_in_their_box() -> None:
    game = load_fixture("river-crossing")
    position = Position.from_setup(game, game.setup("crossing"))
    waiting = position.pieces_at("front:blue-reinforcements")
    assert [p.id for p in waiting] == ["bl-inf/3", "bl-arm/2"]
    assert [a.piece.id for a in position.arrivals] == ["rd-inf/3"]


def test_waiting_reinforcements_count_once_against_the_counter_mix() -> None:
    # three Blue infantry in the mix: two at Ashford, the third waiting; no counter-mix finding
    game = load_fixture("river-crossing")
    position = Position.from_setup(game, game.setup("crossing"))
    found = check_position(Situation(game, position, "crossing", True))
    assert [v.rule for v in found] == ["victory"]


def test_entry_along_a_map_edge_is_every_hex_of_it() -> None:
    game = load_fixture("river-crossing")
    (blue, red) = game.setup("crossing").reinforcements
    assert blue.enter == tuple(f"front:01{r:02d}" for r in range(1, 9))
    assert blue.enter_text == "the west edge of The Crossing"
    assert blue.waiting == "front:blue-reinforcements"
    assert red.enter == tuple(f"front:10{r:02d}" for r in range(1, 9))
    position = Position.from_setup(game, game.setup("crossing"))
    assert position.arrivals[0].enter == red.enter


def _errors(tmp_path: Path, reinforcement: dict[str, Any]) -> list[str]:
    folder = copy_fixture("river-crossing", tmp_path)
    path = folder / "setups" / "crossing.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["reinforcements"] = [reinforcement]
    path.write_text(json.dumps(data), encoding="utf-8")
    return [f"{d.code}: {d.message}" for d in load_game(folder).report.errors]


def test_a_reinforcement_waits_in_a_box_only(tmp_path: Path) -> None:
    found = _errors(tmp_path, {"turn": 2, "waiting": "ashford", "pieces": ["bl-inf"]})
    assert found == [
        "setup.waiting-not-a-box: reinforcements wait in a box or a track cell, and 'ashford' "
        "is a hex; name the box they wait in"
    ]


def test_an_unknown_edge_suggests_one(tmp_path: Path) -> None:
    enter = {"map": "front", "edge": "west"}
    found = _errors(tmp_path, {"turn": 2, "enter": enter, "pieces": ["bl-inf"]})
    assert found == ["setup.bad-edge: 'west' is not an edge; the edges are n, e, s, w"]


def test_at_and_enter_together_are_an_error(tmp_path: Path) -> None:
    item = {"turn": 2, "at": "0101", "enter": ["0102"], "pieces": ["bl-inf"]}
    assert [e.split(":")[0] for e in _errors(tmp_path, item)] == ["setup.at-and-enter"]
