"""Maps too large for VASSAL: a board whose pixels at the module's resolution VASSAL cannot tile
in its default memory is a warning at the map's file, naming a resolution at which it fits;
an error under --strict; silent at that resolution and for every example game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import copy_fixture, load_fixture, run_cli
from tests.games.test_all_games import GAMES, SOURCES
from toolkit.artwork import Artwork, Drawing, MapArt, MapPlacement
from toolkit.boardsize import (
    HEAP_BUDGET_MB,
    board_fits,
    fitting_dpi,
    oversized_boards,
    tiler_heap_mb,
)
from toolkit.build import build_game, module_boards, selected_targets
from toolkit.load import load_game
from toolkit.load.jsonsource import locate
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.targets import TARGETS
from toolkit.vassal.write.boards import pixel_size
from toolkit.workers import Workers

BIG = (40 * 72.0, 30 * 72.0)
"""A 40 × 30 in map, in points: 6000 × 4500 px at 150 dpi, 24000 × 18000 px at 600 dpi."""


@pytest.fixture(scope="module")
def game() -> Game:
    return load_fixture("minimal-hex")


def drawn_as(game: Game, width: float, height: float) -> Artwork:
    """The fixture's one map drawn ``width`` × ``height`` points (its drawing is not read)."""
    (the_map,) = game.maps
    placement = MapPlacement((0.0, 0.0, width, height))
    return Artwork({the_map.id: MapArt(Drawing("<svg/>", width, height), placement)}, {}, {})


def test_the_tilers_heap_is_computed_as_vassal_does() -> None:
    # 100 million pixels: 381 whole decoded megabytes, 1.66 × 381 + 150 = 782.46
    assert tiler_heap_mb(100_000_000) == 782
    assert tiler_heap_mb(0) == 150


def test_the_budget_is_the_default_heap_to_the_pixel() -> None:
    # 527 decoded megabytes ask for 1024 MB, 528 for 1026
    last = 528 * 2**20 // 4 - 1
    assert tiler_heap_mb(last) == HEAP_BUDGET_MB
    assert tiler_heap_mb(last + 1) > HEAP_BUDGET_MB


def test_a_map_too_large_at_600_dpi_warns_at_its_file(game: Game) -> None:
    (finding,) = oversized_boards(game, drawn_as(game, *BIG), 600)
    assert finding.code == "map.vassal-pixels" and finding.severity == "warning"
    assert finding.file.endswith("maps/valley.json")
    assert (finding.line, finding.column) == locate(finding.file, "") == (1, 1)
    assert "24000 × 18000 px board at 600 dpi" in finding.message
    assert "1 GB" in finding.message and "split it into smaller maps" in finding.message
    assert "Java" not in finding.message  # 432 million pixels
    suggested = fitting_dpi(*BIG, 600)
    assert f"--dpi {suggested}" in finding.message and f'"dpi": {suggested}' in finding.message


def test_the_suggested_dpi_is_the_highest_that_fits() -> None:
    suggested = fitting_dpi(*BIG, 600)
    assert suggested is not None
    assert board_fits(*BIG, suggested) and not board_fits(*BIG, suggested + 1)


def test_the_same_map_at_150_dpi_is_silent(game: Game) -> None:
    assert oversized_boards(game, drawn_as(game, *BIG), 150) == []


def test_a_map_too_large_at_any_dpi_is_to_be_split(game: Game) -> None:
    huge = (400 * 72.0, 400 * 72.0)  # 14400 × 14400 px at the least resolution, 36 dpi
    assert fitting_dpi(*huge, 150) is None
    (finding,) = oversized_boards(game, drawn_as(game, *huge), 150)
    assert "even at 36 dpi it is too large" in finding.message
    assert "more than Java can hold in one image" in finding.message  # 3600 million pixels
    assert "--dpi" not in finding.message


def test_the_build_checks_the_modules_resolution_only_when_it_makes_the_module(
    game: Game,
) -> None:
    artwork = drawn_as(game, *BIG)
    module = [t for t in TARGETS if t.name == "vmod"]
    others = [t for t in TARGETS if t.name != "vmod"]
    assert game.print.dpi == 150
    assert module_boards(game, artwork, module, BuildOptions()) == []
    (finding,) = module_boards(game, artwork, module, BuildOptions(dpi=600))
    assert "at 600 dpi" in finding.message
    assert module_boards(game, artwork, others, BuildOptions(dpi=600)) == []
    assert module_boards(game, artwork, module, BuildOptions(dpi=fitting_dpi(*BIG, 600))) == []


def test_a_built_module_warns_of_its_oversized_map(
    game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a budget that only the tiler's first 150 MB fit: the fixture's small map is over it
    monkeypatch.setattr("toolkit.boardsize.HEAP_BUDGET_MB", 150)
    summary = build_game(game, tmp_path, selected_targets(["vmod"]), BuildOptions())
    (finding,) = [w for w in summary.warnings if w.code == "map.vassal-pixels"]
    assert "at 150 dpi" in finding.message and finding.file.endswith("maps/valley.json")


def with_big_map(tmp_path: Path, dpi: int) -> Path:
    """A copy of the fixture game whose map's hexes are 2 in wide, its print at ``dpi``."""
    folder = copy_fixture("minimal-hex", tmp_path)
    valley = folder / "maps" / "valley.json"
    valley.write_text(
        valley.read_text(encoding="utf-8").replace('"0.75in"', '"2in"'), encoding="utf-8"
    )
    game_json = folder / "game.json"
    data = json.loads(game_json.read_text(encoding="utf-8"))
    data["print"]["dpi"] = dpi
    game_json.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder


def test_validate_warns_errs_under_strict_and_is_silent_at_the_dpi_it_names(
    tmp_path: Path,
) -> None:
    folder = with_big_map(tmp_path / "high", 1200)
    result = run_cli("validate", str(folder), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (line,) = [x for x in result.stderr.splitlines() if "map.vassal-pixels" in x]
    assert line.startswith("high/minimal-hex/maps/valley.json:1:1: warning[map.vassal-pixels]: ")
    assert "at 1200 dpi" in line
    strict = run_cli("validate", "--strict", str(folder), cwd=tmp_path)
    assert strict.returncode == 1
    assert "error[map.vassal-pixels]" in strict.stderr
    found = re.search(r"--dpi (\d+)", line)
    assert found is not None
    lowered = with_big_map(tmp_path / "low", int(found.group(1)))
    quiet = run_cli("validate", "--strict", str(lowered), cwd=tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    assert "map.vassal-pixels" not in quiet.stderr


@pytest.mark.parametrize("name", GAMES)
def test_every_example_games_maps_fit_at_its_resolution(name: str) -> None:
    result = load_game(SOURCES / name)
    assert result.game is not None, result.report.format_text()
    example = result.game
    with Workers(example) as workers:
        artwork = draw_artwork(example, workers, counters=False)
    sizes = {
        m: pixel_size(a.drawing.width, a.drawing.height, example.print.dpi)
        for m, a in artwork.maps.items()
    }
    assert oversized_boards(example, artwork, example.print.dpi) == [], sizes
