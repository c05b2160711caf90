"""A movement rule's unlimited lines and forced march: loaded into the model as written, and
each mistake one located line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture
from toolkit.load import load_game
from toolkit.model.rules import ForcedMarch, MovementRule, PropertyRef, UnlimitedAlong

GAME = "rules-hex"


def _load(tmp_path: Path, **fields: Any) -> tuple[MovementRule | None, list[str]]:
    """The fixture's movement rule with ``fields`` added; the rule and the report's lines."""
    game = copy_fixture(GAME, tmp_path)
    path = game / "rules.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][0].update(fields)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    result = load_game(game)
    rule = result.game.rule("movement") if result.game is not None else None
    assert rule is None or isinstance(rule, MovementRule)
    return rule, result.report.format_text().splitlines()


def test_unlimited_lines_and_a_forced_march_load_as_written(tmp_path: Path) -> None:
    rule, lines = _load(
        tmp_path,
        unlimited_along={"lines": ["road"], "cite": "5.4", "ends_outside_zoc": False},
        forced_march={"allowance": {"property": "move"}, "loss_property": "attack", "cite": "5.5"},
    )
    assert rule is not None, lines
    assert rule.unlimited_along == UnlimitedAlong(
        frozenset({"road"}), "5.4", frozenset(), friendly_control=True, ends_outside_zoc=False
    )
    assert rule.forced_march == ForcedMarch(
        "5.5", allowance=PropertyRef(property="move"), loss=1, loss_property="attack"
    )


def test_an_unknown_line_type_is_located_with_a_suggestion(tmp_path: Path) -> None:
    _, lines = _load(tmp_path, unlimited_along={"lines": ["raod"], "cite": "5.4"})
    errors = [line for line in lines if "error[" in line]
    assert len(errors) == 1
    assert "rules.json:" in errors[0] and "'raod'" in errors[0] and "'road'" in errors[0]


@pytest.mark.parametrize(
    "fields",
    [
        {"unlimited_along": {"lines": ["road"]}},
        {"unlimited_along": {"lines": [], "cite": "5.4"}},
        {"unlimited_along": {"lines": ["road"], "links": ["tunnel"], "cite": "5.4"}},
        {"forced_march": {"cite": "5.5"}},
        {"forced_march": {"factor": 1.5, "allowance": 4, "cite": "5.5"}},
        {"forced_march": {"factor": 1, "cite": "5.5"}},
        {"forced_march": {"factor": 1.5, "loss": -1, "cite": "5.5"}},
    ],
    ids=[
        "no-cite",
        "no-lines",
        "unknown-link-type",
        "neither-allowance-nor-factor",
        "both-allowance-and-factor",
        "factor-not-longer",
        "negative-loss",
    ],
)
def test_a_malformed_field_is_one_located_error(tmp_path: Path, fields: dict[str, Any]) -> None:
    rule, lines = _load(tmp_path, **fields)
    errors = [line for line in lines if "error[" in line]
    assert rule is None and len(errors) == 1, lines
    file, line, column = errors[0].split(": ")[0].split(":")[:3]
    assert file.endswith("rules.json") and line.isdigit() and column.isdigit()
    assert f": /rules/0/{next(iter(fields))}" in errors[0]


def test_a_movement_field_on_another_kind_of_rule_is_a_warning(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    path = game / "rules.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][1]["forced_march"] = {"factor": 1.5, "cite": "5.5"}
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    report = load_game(game).report
    assert [d.code for d in report.warnings] == ["rule.unused-parameter"]
