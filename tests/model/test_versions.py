"""Versions in sources: semantic versions pass, a short one is a warning at its value and
builds padded, anything else is an error with the fix when it can be guessed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, copy_fixture
from toolkit.load import load_game
from toolkit.load.scenarios import load_scenario
from toolkit.model.versions import guess_version, is_semver, judge_version, parse_semver

SCENARIO = FIXTURES / "scenario-hex"


@pytest.mark.parametrize(
    ("text", "severity", "value", "message"),
    [
        ("1.0.0", "", "1.0.0", ""),
        ("2.10.3-beta.1+build.5", "", "2.10.3-beta.1+build.5", ""),
        ("1.0", "warning", "1.0.0", "version '1.0' is not a semantic version x.y.z; write '1.0.0'"),
        ("1", "warning", "1.0.0", "version '1' is not a semantic version x.y.z; write '1.0.0'"),
        ("1.0a", "error", "1.0a", "write '1.0.0-a'"),
        ("v1.2", "error", "v1.2", "write '1.2.0'"),
        ("01.2.3", "error", "01.2.3", "write '1.2.3'"),
        (" 1.2.3", "error", " 1.2.3", "write '1.2.3'"),
        ("1.0 beta", "error", "1.0 beta", "write '1.0.0-beta'"),
        ("beta", "error", "beta", "(three numbers, major.minor.patch"),
        ("1.2.3.4", "error", "1.2.3.4", "(three numbers, major.minor.patch"),
        ("", "error", "", "(three numbers, major.minor.patch"),
        ("9223372036854775808.0.0", "error", "9223372036854775808.0.0", "larger than"),
    ],
    ids=[
        "semver",
        "semver-pre-build",
        "short-two",
        "short-one",
        "letter-suffix",
        "v-prefix",
        "leading-zero",
        "space",
        "spaced-label",
        "word",
        "four-numbers",
        "empty",
        "too-large",
    ],
)
def test_judge_version(text: str, severity: str, value: str, message: str) -> None:
    verdict = judge_version(text)
    assert (verdict.severity, verdict.value) == (severity, value)
    assert message in verdict.message


@pytest.mark.parametrize(
    "text", ["1.0.0-", "1.0.0+", "1.0.0-01", "1.0.0-beta..1", "１.0.0", "1.0.0\n"]
)
def test_strict_semver_refuses(text: str) -> None:
    assert not is_semver(text)
    with pytest.raises(ValueError, match="is not a semantic version"):
        parse_semver(text)


def test_guess_gives_nothing_for_a_word() -> None:
    assert guess_version("beta") is None


def _set_json(path: Path, **values: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(values)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_a_short_game_version_is_a_located_warning_and_builds_padded(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    _set_json(game / "game.json", version="1.0")
    result = load_game(game)
    assert result.game is not None and result.game.version == "1.0.0"
    (warning,) = [d for d in result.report.diagnostics if d.code == "value.version"]
    assert warning.severity == "warning" and warning.pointer == "/version"
    assert warning.format().endswith(
        "game.json:6:14: warning[value.version]: version '1.0' is not a semantic version x.y.z;"
        " write '1.0.0'"
    )


def test_a_game_version_that_is_no_version_is_an_error(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    _set_json(game / "game.json", version="1.0a")
    result = load_game(game)
    assert result.game is None
    (error,) = result.report.errors
    assert error.code == "value.version" and "write '1.0.0-a'" in error.message


def test_a_missing_game_version_is_1_0_0(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    data = json.loads((game / "game.json").read_text(encoding="utf-8"))
    del data["version"]
    (game / "game.json").write_text(json.dumps(data), encoding="utf-8")
    result = load_game(game)
    assert result.game is not None and result.game.version == "1.0.0"
    assert not result.report.diagnostics


def _scenario_copy(tmp_path: Path, **values: object) -> Path:
    folder = tmp_path / "scenario"
    folder.mkdir()
    path = folder / "scenario.json"
    path.write_bytes((SCENARIO / "scenario.json").read_bytes())
    _set_json(path, **values)
    return folder


def test_short_scenario_versions_are_warnings_and_padded(tmp_path: Path) -> None:
    game = load_game(FIXTURES / "minimal-hex").game
    assert game is not None
    folder = _scenario_copy(tmp_path, version="2", game_versions={"min": "0.1", "max": "0.9"})
    loaded = load_scenario(game, folder)
    assert loaded.scenario is not None, loaded.report.format_text()
    scenario = loaded.scenario
    assert (scenario.version, scenario.min_version, scenario.max_version) == (
        "2.0.0",
        "0.1.0",
        "0.9.0",
    )
    warnings = {(d.pointer, d.severity) for d in loaded.report.diagnostics}
    assert warnings == {
        ("/version", "warning"),
        ("/game_versions/min", "warning"),
        ("/game_versions/max", "warning"),
    }
    (minimum,) = [d for d in loaded.report.diagnostics if d.pointer == "/game_versions/min"]
    assert "game_versions.min '0.1' is not a semantic version x.y.z; write '0.1.0'" in (
        minimum.message
    )


def test_a_scenario_game_version_that_is_no_version_is_an_error(tmp_path: Path) -> None:
    game = load_game(FIXTURES / "minimal-hex").game
    assert game is not None
    folder = _scenario_copy(tmp_path, game_versions={"min": "beta"})
    loaded = load_scenario(game, folder)
    assert loaded.scenario is None
    (error,) = loaded.report.errors
    assert error.code == "value.version" and error.pointer == "/game_versions/min"
