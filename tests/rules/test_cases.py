"""The checker against data: each case is a position (or a setup's start) of a game and the
rules it breaks, read from tests/rules/cases/positions/<game>/<case>.json (moves and supply
cases beside them have tests of their own). A setup case, like the build, leaves out the
rules the setup waives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.model.rule_games import game
from toolkit.check import check_setup
from toolkit.load.positions import load_position
from toolkit.rules.context import Situation
from toolkit.rules.registry import check_position

CASES = Path(__file__).parent / "cases" / "positions"
CASE_FILES = sorted(CASES.glob("*/*.json"))


def _expected(case: dict[str, Any]) -> list[str]:
    return sorted(case["expect"])


@pytest.mark.parametrize("path", CASE_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in CASE_FILES])
def test_case(path: Path, tmp_path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    loaded_game = game(path.parent.name)
    if "setup" in case:
        # as the build does (setup_diagnostics): a rule the setup waives, with the rulebook's
        # reason, is not expected; but each waiver must still waive something it breaks
        setup = loaded_game.setup(case["setup"])
        broken = check_setup(loaded_game, setup)
        assert set(setup.waivers) <= {v.rule for v in broken}, "a waiver waives nothing"
        found = [v for v in broken if v.rule not in setup.waivers]
    else:
        position_file = tmp_path / "position.json"
        position_file.write_text(json.dumps(case["position"]), encoding="utf-8")
        loaded = load_position(loaded_game, position_file)
        assert loaded.position is not None, loaded.report.format_text()
        situation = Situation(loaded_game, loaded.position, loaded.setup_id, loaded.start)
        found = check_position(situation)
    assert sorted(v.rule for v in found) == _expected(case), [v.message for v in found]
    for v in found:
        assert v.cite == loaded_game.rule(v.rule).cite


def test_every_case_says_what_it_shows() -> None:
    for path in CASE_FILES:
        case = json.loads(path.read_text(encoding="utf-8"))
        assert case.get("about") and "expect" in case, path
        assert ("setup" in case) != ("position" in case), path
