"""The catalogue of player words: every language complete, placeholders kept, French set as a
French publisher sets it, and no player word left behind in the code that prints for players."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT, copy_fixture, load_fixture
from toolkit.catalogue import catalogue, languages, placeholders, words
from toolkit.kit import draw
from toolkit.kit.setups import gazetteer, setup_lines
from toolkit.kit.summary import summary_html
from toolkit.load import load_game

TRANSLATIONS = [language for language in languages() if language != "en"]
NO_BREAK = "\u00a0"
NARROW_NO_BREAK = "\u202f"


def test_english_and_french_are_there() -> None:
    assert {"en", "fr"} <= set(languages())


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_language_has_every_english_message(language: str) -> None:
    missing = sorted(set(catalogue("en")) - set(catalogue(language)))
    extra = sorted(set(catalogue(language)) - set(catalogue("en")))
    assert (missing, extra) == ([], [])


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_placeholders_match_between_languages(language: str) -> None:
    english = catalogue("en")
    differ = {
        key: (placeholders(english[key]), placeholders(message))
        for key, message in catalogue(language).items()
        if key in english and placeholders(message) != placeholders(english[key])
    }
    assert differ == {}


def test_a_missing_message_falls_back_to_english() -> None:
    french = words("fr")
    partial = type(french)("fr", {"kit.cover.contents": "Table des matières"})
    assert partial("kit.cover.contents") == "Table des matières"
    assert partial("kit.setup.control") == "Control at start"
    with pytest.raises(KeyError, match="no message 'kit.nothing'"):
        partial("kit.nothing")


def test_placeholders_are_filled_and_numbers_written_the_french_way() -> None:
    assert words("en")("kit.setup.turn", turn=3) == "Turn 3"
    assert words("fr")("kit.setup.turn", turn=3) == "Tour 3"
    assert words("en").number(1.5, sign=True) == "+1.5"
    assert words("fr").number(1.5, sign=True) == "+1,5"


def test_a_decimal_is_as_short_as_it_goes_with_the_languages_point() -> None:
    assert [words("fr").decimal(v) for v in (0.5, 2.0, 0.25, 1)] == ["0,5", "2", "0,25", "1"]
    assert words("fr").decimal(1234567.5) == "1234567,5"  # every digit the designer wrote
    assert words("en").decimal(0.5) == "0.5"


def test_french_typography() -> None:
    """No ordinary space before : ; ! ? » nor after «, none missing before them either, and a
    typographic apostrophe."""
    for key, message in catalogue("fr").items():
        text = re.sub(r"\{[^}]*\}", "x", message)  # placeholders may stand before a colon
        assert not re.search(r" [:;!?»]|« ", text), key
        assert not re.search(r"[^\s\u00a0\u202f][;!?»]", text.replace("&", "")), key
        assert not re.search(r"\w:(?![/\d])", text), key
        assert "'" not in message, key
    assert words("fr")("kit.setup.control") == "Contrôle au départ"
    assert words("fr")("kit.cover.how-to-print") == "Instructions d’impression"
    assert words("fr")("kit.setup.titled", title="Renforts", party="Alliés") == (
        f"Renforts{NO_BREAK}: Alliés"
    )
    assert NARROW_NO_BREAK + ";" in words("fr")("punct.semicolon")


def test_a_french_one_is_never_followed_by_a_plural() -> None:
    """'1 activés' reads as a count of one with a plural word: a value and its meaning are
    written '1 = activés'."""
    wrong = {
        key: found
        for key, message in catalogue("fr").items()
        if (found := re.findall(r"(?<![\d,.])1 \w+(?:és|ées|s)\b", message))
    }
    assert wrong == {}
    assert "(1 = activés, 0 = désactivés)" in words("fr")("module.warnings.description")


PLAYER_CODE = [
    "toolkit/kit",
    "toolkit/render/maps",
    "toolkit/render/charts",
    "toolkit/report",
    "toolkit/vassal/write",
    "toolkit/vassal/format/piles.py",
    "toolkit/targets.py",
]
"""Where the words players read are put together."""
PHRASES = [
    "Starting positions",
    "Control at start",
    "Reinforcements",
    "How to print",
    "Rules summary",
    "Legend",
    "Calibration",
    "Print-and-play kit",
    "Shuffled into the deck",
    "goes here",
    ", full size",
    "Show or hide",
    "Rules warnings (1 on",
    "Turn the rules warnings",
    "Turn tracker",
    "New turn",
    "Return to",
    "Reshuffle into",
    "Hide or reveal",
    "Tracks & displays",
    "may not be in",
    "too many",
    "Choose Boards",
    "Overview",
    "Lose a step",
    "Movement cost",
    "Prohibited",
    "Gap: not adjacent",
    "Land border",
    "Victory location",
    "page {number} of",
    "Not in combat",
    "Resolve the combat",
    "Combat dice",
    "Attacker rolls",
    "hitting on",
    "Start of the log",
    "Before the first turn",
    "a hidden piece",
    "enters the map",
    "changed hands",
    "dice roll",
    "rule broken",
    "Turn by turn",
    "What could not be read",
    "what every side sees",
]
"""Phrases the code printed before the catalogue; a docstring or comment may still use them."""


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module outside docstrings and comments, with their lines."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {  # a module's, class's or function's, and an attribute's below it
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                found.append((node.lineno, node.value))
    return found


def test_no_player_phrase_is_left_in_the_code() -> None:
    files: list[Path] = []
    for name in PLAYER_CODE:
        path = ROOT / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    left = [
        f"{path.relative_to(ROOT)}:{line}: {phrase!r}"
        for path in files
        for line, value in _code_strings(path)
        for phrase in PHRASES
        if phrase in value
        and not value.startswith(("kit.", "map.", "module.", "report.", "rules."))
    ]
    assert left == []


def test_the_loader_reads_the_language_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    assert load_fixture("minimal-hex").language == "en"
    folder = copy_fixture("minimal-hex", tmp_path)
    path = folder / "game.json"
    data = json.loads(path.read_text("utf-8"))
    data["language"] = "fr"
    path.write_text(json.dumps(data, indent=1), "utf-8")
    result = load_game(folder)
    assert result.game is not None and result.game.language == "fr"
    data["language"] = "de"
    path.write_text(json.dumps(data, indent=1), "utf-8")
    result = load_game(folder)
    (diagnostic,) = result.report.errors
    text = result.report.format_text()
    assert diagnostic.code == "game.unknown-language"
    assert "language 'de' has no catalogue of player text (known: en, fr)" in text
    assert re.search(r"game\.json:\d+:\d+: error\[game\.unknown-language\]", text), text


def test_a_french_game_prints_french_setups_and_summary() -> None:
    french = dataclasses.replace(load_fixture("minimal-hex"), language="fr")
    lines = [
        line.text
        for setup in french.setups
        for line in setup_lines(french, gazetteer(french), setup, 500.0)
    ]
    assert any(text.startswith("Positions de départ") for text in lines), lines
    assert "Contrôle au départ" in lines and "Control at start" not in lines
    assert b"R&#233;sum&#233; des r&#232;gles" in summary_html(french)


def test_a_line_never_breaks_at_a_no_break_space() -> None:
    text = f"Contrôle{NO_BREAK}: Alliés{NARROW_NO_BREAK}; voir{NO_BREAK}22.2"
    lines = draw.wrap(text, 1.0, 9.0)  # narrower than any word: one word a line
    assert lines == [f"Contrôle{NO_BREAK}:", f"Alliés{NARROW_NO_BREAK};", f"voir{NO_BREAK}22.2"]
