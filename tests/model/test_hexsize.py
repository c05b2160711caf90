"""Hex size without traps: across_flats / across_corners mean one measure in both orientations,
and a hex stretched by accident is a warning naming the size drawn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture
from toolkit.load import load_game
from toolkit.load.loader import LoadResult
from toolkit.model.map import HexMapGrid

INCH = 72.0


def _load(tmp_path: Path, **grid: Any) -> LoadResult:
    game = copy_fixture("minimal-hex", tmp_path)
    path = game / "maps" / "valley.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["grid"].pop("hex_width")
    data.pop("lines")  # a pointy grid has other neighbours: the fixture's road would break
    data.pop("hexsides")
    data["grid"].update(grid)
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_game(game)


def _size(result: LoadResult) -> tuple[float, float]:
    assert result.game is not None, result.report.format_text()
    grid = result.game.map("valley").grid
    assert isinstance(grid, HexMapGrid)
    return grid.hex_width, grid.hex_height


@pytest.mark.parametrize(
    ("orientation", "measure", "width", "height"),
    [
        ("flat", "across_flats", 0.75 * 2 / 3**0.5, 0.75),
        ("pointy", "across_flats", 0.75, 0.75 * 2 / 3**0.5),
        ("flat", "across_corners", 0.75, 0.75 * 3**0.5 / 2),
        ("pointy", "across_corners", 0.75 * 3**0.5 / 2, 0.75),
    ],
    ids=["flat-flats", "pointy-flats", "flat-corners", "pointy-corners"],
)
def test_one_measure_gives_a_regular_hex(
    tmp_path: Path, orientation: str, measure: str, width: float, height: float
) -> None:
    result = _load(tmp_path, orientation=orientation, **{measure: "0.75in"})
    assert _size(result) == pytest.approx((width * INCH, height * INCH))
    assert not result.report.warnings


def test_both_measures_irregular_warn_with_the_size_drawn(tmp_path: Path) -> None:
    result = _load(tmp_path, across_flats="0.75in", across_corners="1in")
    assert _size(result) == pytest.approx((1 * INCH, 0.75 * INCH))
    (warning,) = result.report.warnings
    assert warning.code == "map.irregular-hex"
    assert "0.75in (19.0mm) across the flats and 1in (25.4mm) across the corners" in warning.message


def test_both_measures_regular_are_quiet(tmp_path: Path) -> None:
    result = _load(tmp_path, across_flats="19mm", across_corners="21.94mm")
    _size(result)
    assert not result.report.warnings


def test_height_alone_stretches_with_a_warning(tmp_path: Path) -> None:
    result = _load(tmp_path, hex_height="0.5in")
    assert _size(result) == pytest.approx((0.75 * INCH, 0.5 * INCH))
    (warning,) = result.report.warnings
    assert warning.code == "map.irregular-hex"
    assert "drawn 0.75in (19.0mm) wide (the default width) and 0.5in (12.7mm) high" in (
        warning.message
    )


def test_both_forms_at_once_is_an_error(tmp_path: Path) -> None:
    result = _load(tmp_path, hex_width="0.75in", across_flats="0.75in")
    assert [d.code for d in result.report.errors] == ["map.hex-size"]
