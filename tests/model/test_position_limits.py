"""A position file is read within bounds: entries counted before the schema, errors capped."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import load_fixture
from toolkit.load.positions import MAX_ENTRIES, load_position
from toolkit.load.schemas import MAX_ERRORS_PER_FILE


def _position(path: Path, entries: int) -> Path:
    pieces = [{"at": f"nowhere-{i}", "pieces": [f"nobody-{i}"]} for i in range(entries)]
    path.write_text(json.dumps({"kind": "position", "pieces": pieces}), encoding="utf-8")
    return path


def test_errors_past_the_cap_are_counted_not_listed(tmp_path: Path) -> None:
    loaded = load_position(load_fixture("minimal-hex"), _position(tmp_path / "p.json", 700))
    errors = loaded.report.errors
    assert loaded.position is None
    assert len(errors) == MAX_ERRORS_PER_FILE + 1
    last = errors[-1]
    assert (last.code, last.pointer) == ("position.too-many-errors", "/pieces/500")
    assert last.message.startswith("200 more entries of this position, from here on")


def test_entries_past_the_limit_are_refused_before_any_check(tmp_path: Path) -> None:
    path = _position(tmp_path / "p.json", MAX_ENTRIES + 3)
    loaded = load_position(load_fixture("minimal-hex"), path)
    assert [(d.code, d.pointer) for d in loaded.report.diagnostics] == [
        ("position.too-many-entries", f"/pieces/{MAX_ENTRIES}")
    ]
