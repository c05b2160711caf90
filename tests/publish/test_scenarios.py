"""Scenario sources: the loader, the game they are for, and the five example scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from tests.publish.conftest import GAME, SCENARIO, scenario_copy
from toolkit.load import load_game
from toolkit.load.scenarios import load_scenario
from toolkit.model.scenario import Scenario, Setup, parse_version
from toolkit.publish.rules import check_scenario

EXAMPLES = sorted((ROOT / "scenarios").glob("*/*/scenario.json"))


def _scenario(low: str | None, high: str | None) -> Scenario:
    return Scenario(Setup("s", "S"), "S", "me", "1.0.0", "g", low, high)


@pytest.mark.parametrize(
    ("low", "high", "version", "supported"),
    [
        ("1.0.0", "1.9.0", "1.10.0", False),  # 1.10 comes after 1.9: numbers, not text
        ("1.0.0", "1.10.0", "1.9.0", True),
        ("1.0.0", None, "1.0.0-beta.1", False),  # a pre-release comes before its release
        ("1.0.0-beta.1", None, "1.0.0-beta.2", True),
        ("1.0.0", None, "1.0.0+build.7", True),  # build metadata does not count
        ("1.0", None, "1.0.0", True),  # a short version counts as its padded form
        (None, "0.9.0", "1.0.0", False),
        (None, None, "7.3.0", True),
    ],
    ids=[
        "1.10-after-1.9",
        "1.9-before-1.10",
        "pre-release-before-release",
        "pre-releases-ordered",
        "build-ignored",
        "short-padded",
        "above-max",
        "open",
    ],
)
def test_game_versions_compare_as_semantic_versions(
    low: str | None, high: str | None, version: str, supported: bool
) -> None:
    assert _scenario(low, high).supports(version) is supported


def test_parse_version_rejects_text() -> None:
    with pytest.raises(ValueError, match="is not a semantic version"):
        parse_version("1.x")


def test_fixture_scenario_loads_with_its_metadata() -> None:
    game = load_game(GAME).game
    assert game is not None
    loaded = load_scenario(game, SCENARIO)
    assert loaded.scenario is not None, loaded.report.format_text()
    scenario = loaded.scenario
    assert (scenario.id, scenario.author, scenario.version) == ("hilltop", "A. Tester <&>", "1.2.0")
    assert scenario.setup.turn == 1 and scenario.setup.last_turn == 3
    assert [p.at for p in scenario.setup.placements] == [
        "valley:0304",
        "valley:0205",
        "valley:0604",
    ]
    assert scenario.setup.reinforcements[0].turn == 2
    assert [r.id for r in scenario.victory_rules] == ["hilltop-held"]
    assert "valley:0606" in scenario.area and "valley:0707" not in scenario.area


def test_validate_and_check_accept_a_scenario_folder(tmp_path: Path) -> None:
    validated = run_cli("validate", str(SCENARIO), "--game", str(GAME), cwd=tmp_path)
    assert validated.returncode == 0, validated.stderr
    assert "ok: " in validated.stdout and "Race for the Hilltop (v1.2" in validated.stdout
    checked = run_cli("check", str(SCENARIO), "--game", str(GAME), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_scenario_needs_its_game(tmp_path: Path) -> None:
    result = run_cli("validate", str(SCENARIO), cwd=tmp_path)
    assert result.returncode == 2
    assert "needs its game: --game SRC or --game GAME.vmod" in result.stderr


def test_game_from_a_module(tmp_path: Path, module: Path) -> None:
    result = run_cli("validate", str(SCENARIO), "--game", str(module), cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_scenario_for_an_older_game_version_names_both(tmp_path: Path, module: Path) -> None:
    folder = scenario_copy(tmp_path, {"game_versions": {"max": "0.0.9"}})
    result = run_cli("validate", str(folder), "--game", str(module), cwd=tmp_path)
    assert result.returncode == 1
    assert (
        "error[scenario.game-version]: this scenario is for Minimal Hex up to 0.0.9, "
        "but the game given is version '0.1.0'" in result.stderr
    )


def test_check_reports_a_broken_rule_and_exits_1(tmp_path: Path) -> None:
    placements = [{"at": "0504", "pieces": ["rd-1-inf"]}]  # a lake hex
    folder = scenario_copy(tmp_path, {"placements": placements})
    result = run_cli("check", str(folder), "--game", str(GAME), cwd=tmp_path)
    assert result.returncode == 1
    assert "valley:0504: error[rule lake] 5.2:" in result.stdout


def test_check_shows_a_waived_rule_with_its_reason(tmp_path: Path) -> None:
    placements = [{"at": "0504", "pieces": ["rd-1-inf"]}]
    waivers = [{"rule": "lake", "reason": "The lake is frozen in this scenario."}]
    folder = scenario_copy(tmp_path, {"placements": placements, "waivers": waivers})
    result = run_cli("check", str(folder), "--game", str(GAME), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "(waived: The lake is frozen in this scenario.)" in result.stdout


def test_there_is_an_example_scenario_for_every_game() -> None:
    games = {path.parents[1].name for path in EXAMPLES}
    assert games == {p.name for p in (ROOT / "sources").iterdir() if (p / "game.json").is_file()}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.parent.name)
def test_example_scenario_passes_its_games_rules(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = load_game(ROOT / "sources" / data["game"]).game
    assert game is not None
    loaded = load_scenario(game, path.parent)
    assert loaded.scenario is not None, loaded.report.format_text()
    assert loaded.scenario.setup.description, "say what is representative"
    waived = loaded.scenario.setup.waivers
    broken = [
        v
        for v in check_scenario(game, loaded.scenario)
        if v.severity == "error" and v.rule not in waived
    ]
    assert not broken, broken


def test_a_scenario_reinforcement_keeps_where_it_waits_and_enters(tmp_path: Path) -> None:
    # a scenario reads its arrangement with the setup loader's own code: nothing is dropped
    game = load_game(ROOT / "tests" / "fixtures" / "river-crossing").game
    assert game is not None
    setup = json.loads(
        (ROOT / "tests/fixtures/river-crossing/setups/crossing.json").read_text(encoding="utf-8")
    )
    data = {
        "kind": "scenario",
        "id": "crossing-again",
        "title": "The Crossing Again",
        "author": "A. Tester",
        "version": "1.0.0",
        "game": "river-crossing",
        "first_turn": 1,
        "last_turn": 3,
        **{key: setup[key] for key in ("first", "placements", "reinforcements", "control")},
    }
    folder = tmp_path / "crossing-again"
    folder.mkdir()
    (folder / "scenario.json").write_text(json.dumps(data), encoding="utf-8")
    loaded = load_scenario(game, folder)
    assert loaded.scenario is not None, loaded.report.format_text()
    scenario_arrivals = loaded.scenario.setup.reinforcements
    assert scenario_arrivals == game.setup("crossing").reinforcements
    blue, red = scenario_arrivals
    assert blue.waiting == "front:blue-reinforcements"
    assert blue.enter == tuple(f"front:01{r:02d}" for r in range(1, 9))
    assert red.enter == tuple(f"front:10{r:02d}" for r in range(1, 9))
