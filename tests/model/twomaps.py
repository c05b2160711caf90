"""A two-map game built on minimal-hex: 'hills', a copy of the valley map, joined to it by links.

The copy shares every label with the valley, so bare labels are ambiguous; its links exercise
adjacency across maps (one declared on one side only), a rail exit, and a target written as a
place id.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import copy_fixture
from toolkit.load import load_game
from toolkit.model import Game

HILLS_LINKS: list[dict[str, Any]] = [
    {"from": "0101", "to": "valley:1008", "name": "A"},  # declared on the hills map only
    {"from": "0102", "to": "millbrook"},  # a place id, and no printed name
    {"from": "0103", "to": "valley:0101", "type": "rail", "name": "Rail"},
]
VALLEY_LINKS: list[dict[str, Any]] = [
    {"from": "0505", "to": "hills:0505", "type": "edge", "delay": 1},
]


def write_two_maps(destination: Path, **valley_changes: Any) -> Path:
    """The game folder: minimal-hex plus the hills map, with the links above."""
    folder = copy_fixture("minimal-hex", destination)
    valley_path = folder / "maps" / "valley.json"
    valley = json.loads(valley_path.read_text(encoding="utf-8"))
    hills = {**valley, "id": "hills", "name": "The Hills", "features": [], "links": HILLS_LINKS}
    valley.update({"links": VALLEY_LINKS, **valley_changes})
    valley_path.write_text(json.dumps(valley), encoding="utf-8")
    (folder / "maps" / "hills.json").write_text(json.dumps(hills), encoding="utf-8")
    setup = folder / "setups" / "meeting.json"  # its bare '0205' would now be ambiguous
    text = setup.read_text(encoding="utf-8").replace('"0205"', '"valley:0205"')
    setup.write_text(text, encoding="utf-8")
    return folder


def load_two_maps(destination: Path) -> Game:
    result = load_game(write_two_maps(destination))
    assert result.game is not None, result.report.format_text()
    return result.game
