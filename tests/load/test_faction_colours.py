"""The loader's colour lints: enemy faction colours that collapse under a colour-vision
deficiency, and a faction's own text colour below WCAG's contrast for body text, are warnings
at their lines in game.json."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import copy_fixture
from toolkit.load import load_game
from toolkit.load.jsonsource import locate


def with_colours(tmp_path: Path, blue: str, red: str) -> Path:
    folder = copy_fixture("minimal-hex", tmp_path)
    path = folder / "game.json"
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    text = text.replace(data["factions"][0]["color"], blue).replace(
        data["factions"][1]["color"], red
    )
    path.write_text(text, encoding="utf-8")
    return folder


def colour_blind(folder: Path) -> list[str]:
    result = load_game(folder)
    assert result.game is not None
    return [d.format() for d in result.report.diagnostics if d.code == "faction.colour-blind"]


def test_red_against_green_is_a_warning_at_the_second_factions_colour(tmp_path: Path) -> None:
    folder = with_colours(tmp_path, "#558b2f", "#cc3333")
    (warning,) = colour_blind(folder)
    line, column = locate(str(folder / "game.json"), "/factions/1/color")
    assert f"game.json:{line}:{column}: warning[faction.colour-blind]" in warning
    assert "'Red Army'" in warning and "deuteranopia" in warning


def test_blue_against_orange_passes(tmp_path: Path) -> None:
    assert colour_blind(with_colours(tmp_path, "#1f4e9c", "#e69f00")) == []


def test_the_fixture_colours_pass(tmp_path: Path) -> None:
    assert colour_blind(copy_fixture("minimal-hex", tmp_path)) == []


def with_text_colour(tmp_path: Path, text_colour: str) -> Path:
    folder = copy_fixture("minimal-hex", tmp_path)
    path = folder / "game.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["factions"][0]["color"] = "#4d78c8"
    data["factions"][0]["text_color"] = text_colour
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder


def low_contrast(folder: Path) -> list[str]:
    result = load_game(folder)
    assert result.game is not None
    return [d.format() for d in result.report.diagnostics if d.code == "faction.low-contrast"]


def test_a_text_colour_under_wcag_aa_is_a_warning_at_that_colour(tmp_path: Path) -> None:
    folder = with_text_colour(tmp_path, "#ffffff")
    (warning,) = low_contrast(folder)
    line, column = locate(str(folder / "game.json"), "/factions/0/text_color")
    assert f"game.json:{line}:{column}: warning[faction.low-contrast]" in warning
    assert "4.3:1" in warning


def test_a_readable_text_colour_passes(tmp_path: Path) -> None:
    assert low_contrast(with_text_colour(tmp_path, "#000000")) == []
