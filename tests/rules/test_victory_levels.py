"""Victory with levels: the highest level the side's score reaches, otherwise a draw; the score
counts places held, or their victory points."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tests.conftest import copy_fixture
from tests.rules.helpers import game, position
from toolkit.load import load_game
from toolkit.model.rules import VictoryLevel, VictoryRule
from toolkit.rules.context import Situation
from toolkit.rules.victory import check_victory, victory_level


def _rule() -> VictoryRule:
    rule = game("river-crossing").rule("victory")
    assert isinstance(rule, VictoryRule)
    return rule


def _situation(held: list[str]) -> Situation:
    the_game = game("river-crossing")
    control = {the_game.places[place]: "bl" for place in held}
    return Situation(the_game, position(the_game, {}, control=control))


@pytest.mark.parametrize(
    ("held", "level", "message"),
    [
        (
            ["ashford", "bridgeton"],
            "decisive",
            "Decisive victory for Blue: 3 vp (Ashford (The Crossing 0403) and Bridgeton (The "
            "Crossing 0704)), 3 vp needed; it is checked at the end of turn 4.",
        ),
        (
            ["bridgeton"],
            "marginal",
            "Marginal victory for Blue: 2 vp (Bridgeton (The Crossing 0704)), 2 vp needed; it "
            "is checked at the end of turn 4.",
        ),
        (
            ["ashford"],
            None,
            "A draw: Blue scores 1 vp (Ashford (The Crossing 0403)), short of a marginal "
            "victory (2 vp); it is checked at the end of turn 4.",
        ),
    ],
    ids=["decisive", "marginal", "draw"],
)
def test_the_highest_level_reached_or_a_draw(
    held: list[str], level: str | None, message: str
) -> None:
    situation = _situation(held)
    assert victory_level(situation, _rule()) == level
    (found,) = check_victory(situation, _rule())
    assert found.message == message
    assert found.cite == "8.1"


def test_levels_by_places_held_without_points() -> None:
    rule = dataclasses.replace(
        _rule(), points=None, levels=(VictoryLevel("decisive", 2), VictoryLevel("marginal", 1))
    )
    assert victory_level(_situation(["ashford"]), rule) == "marginal"
    assert victory_level(_situation(["ashford", "bridgeton"]), rule) == "decisive"
    (found,) = check_victory(_situation([]), rule)
    assert found.message.startswith("A draw: Blue scores 0 places, short of a marginal victory")


def test_levels_are_kept_highest_first() -> None:
    assert [level.name for level in _rule().levels] == ["decisive", "marginal"]


def test_a_rule_without_side_is_won_by_whichever_side_holds_the_places() -> None:
    """'The side that holds both wins' is one rule: no side named, either may meet it."""
    the_game = game("river-crossing")
    either = dataclasses.replace(_rule(), side=None, levels=(), count=None)
    places = [the_game.places[p] for p in ("ashford", "bridgeton")]
    either = dataclasses.replace(either, control=tuple(places))
    for faction, side in (("bl", "Blue"), ("rd", "Red")):
        held = Situation(the_game, position(the_game, {}, control=dict.fromkeys(places, faction)))
        (found,) = check_victory(held, either)
        assert found.message.startswith(f"Victory condition met for {side}: ")
        assert victory_level(held, either) == "victory"
    split = {places[0]: "bl", places[1]: "rd"}
    shared = Situation(the_game, position(the_game, {}, control=split))
    assert check_victory(shared, either) == [] and victory_level(shared, either) is None


def test_levels_need_the_side_they_score(tmp_path: Path) -> None:
    folder = copy_fixture("river-crossing", tmp_path)
    rules = folder / "rules.json"
    data = json.loads(rules.read_text(encoding="utf-8"))
    victory = next(r for r in data["rules"] if r["id"] == "victory")
    assert "levels" in victory
    del victory["side"]
    rules.write_text(json.dumps(data, indent=2), encoding="utf-8")
    (error,) = load_game(folder).report.errors
    assert error.code == "rule.victory-needs-side" and error.line > 1
