"""print.sheets: packed fills sheets across factions, to save paper on small armies."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from pypdf import PdfReader

from tests.conftest import copy_fixture
from tests.kit.conftest import real_kit
from toolkit.load import load_game


def _counter_pages(pdf: bytes) -> int:
    reader = PdfReader(io.BytesIO(pdf))
    return sum(bool(re.search(r"— sheet \d+", page.extract_text())) for page in reader.pages)


def test_packed_sheets_use_fewer_pages(tmp_path: Path) -> None:
    folder = copy_fixture("minimal-hex", tmp_path)
    by_faction = load_game(folder).game
    game_json = folder / "game.json"
    data = json.loads(game_json.read_text(encoding="utf-8"))
    data["print"]["sheets"] = "packed"
    game_json.write_text(json.dumps(data), encoding="utf-8")
    packed = load_game(folder).game
    assert by_faction is not None and packed is not None
    assert packed.print.sheets == "packed"
    separate = _counter_pages(real_kit(by_faction))
    together = _counter_pages(real_kit(packed))
    assert separate == 5  # blue and red: a fronts and a backs page each; one-sided markers: one
    assert together == 2
