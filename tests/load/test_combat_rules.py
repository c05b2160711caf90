"""A combat rule's mistakes are one located line each: a chart the engine could not read, odds
that are not odds, a result code the rule does not explain."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture
from toolkit.load import load_game

GAME = "river-crossing"


def combat_rule(data: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in data["rules"] if r["kind"] == "combat")


def edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


def errors_after(tmp_path: Path, file: str, change: Callable[[dict[str, Any]], None]) -> list[str]:
    game = copy_fixture(GAME, tmp_path)
    edit(game / file, change)
    result = load_game(game)
    return [line for line in result.report.format_text().splitlines() if "error[" in line]


def _set_cell(data: dict[str, Any]) -> None:
    data["rows"][2]["cells"][1] = "DX"


def _bad_row(data: dict[str, Any]) -> None:
    data["rows"][0]["label"] = "one"


def _bad_odds(data: dict[str, Any]) -> None:
    combat_rule(data)["table"]["columns"] = ["1-2", "1-1", "2-1", "three to one", "4-1"]


def _too_few_odds(data: dict[str, Any]) -> None:
    combat_rule(data)["table"]["columns"] = ["1-2", "1-1"]


def _not_a_crt(data: dict[str, Any]) -> None:
    combat_rule(data)["table"]["chart"] = "tec"


def _unknown_chart(data: dict[str, Any]) -> None:
    combat_rule(data)["table"]["chart"] = "crtt"


def _unknown_terrain(data: dict[str, Any]) -> None:
    combat_rule(data)["modifiers"][0]["terrain"] = ["clearr"]


@pytest.mark.parametrize(
    ("file", "change", "expected"),
    [
        ("charts/crt.json", _set_cell, "'DX' in result 'DX' is no result code (known: AE, AR, "),
        ("charts/crt.json", _bad_row, "row 'one' is not a roll"),
        ("rules.json", _bad_odds, "'three to one' is not odds"),
        ("rules.json", _too_few_odds, "has 5 column(s) and the table gives odds for 2"),
        ("rules.json", _not_a_crt, "is a 'tec' chart; a combat table reads a chart of type 'crt'"),
        ("rules.json", _unknown_chart, "crtt"),
        ("rules.json", _unknown_terrain, "clearr"),
    ],
    ids=["cell", "row", "odds", "odds-count", "chart-type", "chart-id", "terrain"],
)
def test_a_combat_mistake_is_one_located_line(
    tmp_path: Path, file: str, change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    errors = errors_after(tmp_path, file, change)
    assert len(errors) == 1, errors
    assert expected in errors[0]
    assert errors[0].split(":")[0].endswith("rules.json")
    assert errors[0].split(":")[1].isdigit()  # the line of the rule's field


def test_the_fixture_combat_rule_loads_clean(tmp_path: Path) -> None:
    assert errors_after(tmp_path, "rules.json", lambda data: None) == []


def _dice_on_a_table(data: dict[str, Any]) -> None:
    combat_rule(data)["modifiers"][0]["dice"] = 0.5


def _unknown_value(data: dict[str, Any]) -> None:
    combat_rule(data)["table"]["attack"] = "attak"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            _dice_on_a_table,
            "warning[rule.unused-parameter]: combat modifier 'armour-in-the-open': 'dice' is "
            "not read when combat is resolved by a results table, and is ignored",
        ),
        (
            _unknown_value,
            "warning[rule.combat-value]: no counter has a value 'attak', so every unit would "
            "count 0",
        ),
    ],
    ids=["dice-on-a-table", "unknown-value"],
)
def test_what_a_combat_rule_never_reads_is_a_warning(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    game = copy_fixture(GAME, tmp_path)
    edit(game / "rules.json", change)
    result = load_game(game)
    lines = [line for line in result.report.format_text().splitlines() if "rules.json" in line]
    assert len(lines) == 1, lines
    assert expected in lines[0]
    assert result.game is not None
